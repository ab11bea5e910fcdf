import { screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  indiaToday,
  partyApi,
  paymentApi,
  quotationApi,
  saleApi,
  saleNoteApi,
  type SaleNoteSummary,
  type PaymentListResponse,
  type PaymentSummary,
  type QuotationListResponse,
  type SaleInvoiceListResponse,
  type SaleInvoiceSummary,
} from '@bahi/shared';
import { SalesListPage } from './list';
import { periodRange } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { bengaluruParty, mumbaiBranch } from '../../test/fixtures';

const summary = (overrides: Partial<SaleInvoiceSummary>): SaleInvoiceSummary => ({
  id: '5e1d2c3b-4a59-4687-9a1b-00000000aa01',
  invoiceNumber: 'MUM/26-27/1',
  financialYear: '2026-27',
  invoiceDate: '2026-05-04',
  dueDate: '2026-05-04',
  status: 'PAID',
  isOverdue: false,
  branchId: mumbaiBranch.id,
  branchName: mumbaiBranch.name,
  partyId: null,
  partyName: null,
  partyMobile: null,
  supplyType: 'INTRA',
  grandTotal: '126.00',
  received: '126.00',
  balance: '0.00',
  createdAt: '2026-05-04T06:30:00.000Z',
  ...overrides,
});
const walkIn = summary({});
const overdue = summary({
  id: '5e1d2c3b-4a59-4687-9a1b-00000000aa02',
  invoiceNumber: 'MUM/26-27/2',
  invoiceDate: '2026-04-02',
  partyId: bengaluruParty.id,
  partyName: bengaluruParty.name,
  partyMobile: '9845012345',
  status: 'PARTIAL',
  isOverdue: true,
  grandTotal: '100000.00',
  received: '40000.00',
  balance: '60000.00',
});
const page = (data: SaleInvoiceSummary[], total = data.length): SaleInvoiceListResponse => ({
  success: true,
  data,
  meta: { total, page: 1, pageSize: 20, grandTotal: '150126.00', received: '40126.00', balance: '110000.00' },
});
const thisMonth = periodRange('this-month', indiaToday());
const renderList = (route = '/sales') => renderScreen(<SalesListPage />, { path: '/sales/*', route });

beforeEach(() => signIn(mumbaiBranch));
afterEach(() => jest.restoreAllMocks());

describe('SalesListPage', () => {
  it("shows this month's invoices with the sums of the filter, and opens one on a row click", async () => {
    const list = jest.spyOn(saleApi, 'list').mockResolvedValue(page([walkIn, overdue], 2));
    const user = setupUser();
    renderList();
    const row = (await screen.findByRole('link', { name: 'MUM/26-27/2' })).closest('tr')!;
    expect(list).toHaveBeenCalledWith({ ...thisMonth, page: 1, pageSize: 20 });
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '02/04/2026',
      'MUM/26-27/2',
      'Bengaluru Retail LLP9845012345',
      '₹1,00,000.00',
      '₹40,000.00',
      '₹60,000.00',
      'Overdue',
      'Send reminder',
    ]);
    expect(within(row).getByText('Overdue').className).toMatch(/red/);
    expect(screen.getByText('Walk-in customer')).toBeInTheDocument();
    expect(screen.getByText('₹1,50,126.00')).toBeInTheDocument();
    expect(screen.getByText('₹40,126.00')).toBeInTheDocument();
    expect(screen.getByText('₹1,10,000.00')).toBeInTheDocument();

    await user.click(screen.getByText('Walk-in customer'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/sales/invoice/${walkIn.id}`);
  });

  it('keeps the period, status and search in the address and asks the server', async () => {
    const list = jest.spyOn(saleApi, 'list').mockResolvedValue(page([overdue]));
    const user = setupUser();
    renderList('/sales?period=this-fy&status=OVERDUE');
    await screen.findByRole('link', { name: 'MUM/26-27/2' });
    const fy = periodRange('this-fy', indiaToday());
    expect(list).toHaveBeenLastCalledWith({ status: 'OVERDUE', ...fy, page: 1, pageSize: 20 });

    await user.click(screen.getByRole('textbox', { name: 'Search invoices' }));
    await user.paste('bengaluru');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ q: 'bengaluru', status: 'OVERDUE', ...fy, page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sales?period=this-fy&status=OVERDUE&q=bengaluru');

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByTitle('Today'));
    const today = indiaToday();
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ q: 'bengaluru', status: 'OVERDUE', from: today, to: today, page: 1, pageSize: 20 }),
    );
  });

  it('filters by a party found by name, and shows its name after a reload', async () => {
    const list = jest.spyOn(saleApi, 'list').mockResolvedValue(page([overdue]));
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [bengaluruParty], meta: { total: 1, page: 1, pageSize: 20 } });
    jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'MUM/26-27/2' });
    await user.click(screen.getByRole('combobox', { name: 'Filter by party' }));
    await user.click(await screen.findByTitle('Bengaluru Retail LLP'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ partyId: bengaluruParty.id, ...thisMonth, page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent(`partyId=${bengaluruParty.id}`);
  });

  it('pages on the server', async () => {
    const list = jest.spyOn(saleApi, 'list').mockResolvedValue(page([walkIn], 100_000));
    const user = setupUser();
    renderList();
    expect(await screen.findByText('1-20 of 1,00,000 invoices')).toBeInTheDocument();
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ ...thisMonth, page: 3, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/sales?page=3');
  });

  it('shows quotations on their tab, with their own statuses', async () => {
    const quotations: QuotationListResponse = {
      success: true,
      data: [
        {
          id: '5e1d2c3b-4a59-4687-9a1b-00000000bb01',
          quotationNumber: 'QT/26-27/7',
          financialYear: '2026-27',
          quotationDate: '2026-05-04',
          validUntil: '2026-05-19',
          status: 'OPEN',
          branchId: mumbaiBranch.id,
          branchName: mumbaiBranch.name,
          partyId: bengaluruParty.id,
          partyName: bengaluruParty.name,
          partyMobile: null,
          supplyType: 'INTER',
          grandTotal: '221.00',
          saleInvoiceId: null,
          createdAt: '2026-05-04T06:30:00.000Z',
        },
      ],
      meta: { total: 1, page: 1, pageSize: 20, grandTotal: '221.00' },
    };
    jest.spyOn(saleApi, 'list').mockResolvedValue(page([walkIn]));
    const list = jest.spyOn(quotationApi, 'list').mockResolvedValue(quotations);
    const user = setupUser();
    renderList('/sales?period=last-month&status=PAID');
    await screen.findByRole('link', { name: 'MUM/26-27/1' });
    await user.click(screen.getByRole('tab', { name: 'Quotations' }));
    const row = (await screen.findByRole('link', { name: 'QT/26-27/7' })).closest('tr')!;
    expect(list).toHaveBeenCalledWith({ ...periodRange('last-month', indiaToday()), page: 1, pageSize: 20 });
    expect(screen.getByTestId('location')).toHaveTextContent('/sales/quotations?period=last-month');
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('19/05/2026')).toBeInTheDocument();
    expect(screen.getByText('Total quoted')).toBeInTheDocument();
  });

  it('offers to create when empty, and Retry after an error', async () => {
    jest
      .spyOn(saleApi, 'list')
      .mockRejectedValueOnce(new ApiError({ status: 503, message: 'Service unavailable' }))
      .mockResolvedValue(page([]));
    const user = setupUser();
    renderList();
    expect(await screen.findByText('Error loading invoices')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No invoices in this period')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /Create invoice/ })[0]);
    expect(screen.getByTestId('location')).toHaveTextContent('/sales/create-invoice');
  });
});

const invoicePayment: PaymentSummary = {
  id: '00000000-0000-4000-8000-0000000000a1',
  type: 'SALE_PAYMENT',
  direction: 'IN',
  date: '2026-05-04',
  partyId: null,
  partyName: null,
  amount: '126.00',
  mode: 'UPI',
  accountId: '00000000-0000-4000-8000-0000000000b1',
  accountName: 'HDFC Current',
  reference: 'UTR-77',
  note: null,
  allocations: [{ documentType: 'SALE', documentId: walkIn.id, documentNumber: 'MUM/26-27/1', amount: '126.00', cancelled: false }],
  advance: '0.00',
  reversed: false,
  createdAt: '2026-05-04T10:00:00.000Z',
};
const paymentIn: PaymentSummary = {
  ...invoicePayment,
  id: '00000000-0000-4000-8000-0000000000a2',
  type: 'PAYMENT_IN',
  date: '2026-05-10',
  partyId: bengaluruParty.id,
  partyName: bengaluruParty.name,
  amount: '70000.00',
  mode: 'BANK_TRANSFER',
  reference: null,
  allocations: [{ documentType: 'SALE', documentId: overdue.id, documentNumber: 'MUM/26-27/2', amount: '60000.00', cancelled: false }],
  advance: '10000.00',
};
const paymentsPage = (data: PaymentSummary[], total = data.length): PaymentListResponse => ({
  success: true,
  data,
  meta: { total, page: 1, pageSize: 20, sums: { amount: '70126.00', advance: '10000.00' } },
});
const cells = (row: Element) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);

describe('SalesListPage: Payments in', () => {
  it('lists the payments received in the period beside Invoices and Quotations, with the invoices they settled', async () => {
    const payments = jest.spyOn(paymentApi, 'list').mockResolvedValue(paymentsPage([paymentIn, invoicePayment]));
    const invoices = jest.spyOn(saleApi, 'list').mockResolvedValue(page([walkIn]));
    const user = setupUser();
    renderList('/sales?period=last-month&status=PAID');
    await screen.findByRole('link', { name: 'MUM/26-27/1' });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Invoices', 'Quotations', 'Credit notes', 'Debit notes', 'Payments in']);

    await user.click(screen.getByRole('tab', { name: 'Payments in' }));
    const received = (await screen.findByText('Bank transfer · HDFC Current')).closest('tr')!;
    const lastMonth = periodRange('last-month', indiaToday());
    expect(payments).toHaveBeenCalledWith({ direction: 'IN', ...lastMonth, page: 1, pageSize: 20 });
    expect(invoices).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/sales/payments?period=last-month');
    expect(screen.getByRole('tab', { name: 'Payments in', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Customer' })).toBeInTheDocument();
    expect(cells(received)).toEqual([
      '10/05/2026',
      'Bengaluru Retail LLPPayment in',
      'Bank transfer · HDFC Current',
      '₹70,000.00',
      'MUM/26-27/2₹60,000.00',
      '₹10,000.00',
    ]);
    expect(cells(screen.getByText('UPI · HDFC Current').closest('tr')!)).toEqual([
      '04/05/2026',
      'Walk-in customerReceived on the invoice',
      'UPI · HDFC CurrentUTR-77',
      '₹126.00',
      'MUM/26-27/1₹126.00',
      '—',
    ]);
    expect(screen.getByText('Received', { selector: '.ant-card span' }).closest('.ant-card')).toHaveTextContent('₹70,126.00');
    expect(screen.getByText('Advance from customers').closest('.ant-card')).toHaveTextContent('₹10,000.00');

    // A settled invoice opens the invoice.
    await user.click(within(received).getByRole('link', { name: 'MUM/26-27/2' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/sales/invoice/${overdue.id}`);
  });

  it('filters the payments in by customer on the server', async () => {
    const payments = jest.spyOn(paymentApi, 'list').mockResolvedValue(paymentsPage([paymentIn]));
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [bengaluruParty], meta: { total: 1, page: 1, pageSize: 20 } });
    jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
    const user = setupUser();
    renderList('/sales/payments');
    await screen.findByText('Bank transfer · HDFC Current');
    await user.click(screen.getByRole('combobox', { name: 'Filter by customer' }));
    await user.click(await screen.findByTitle('Bengaluru Retail LLP'));
    await waitFor(() => expect(payments).toHaveBeenLastCalledWith({ direction: 'IN', partyId: bengaluruParty.id, ...thisMonth, page: 1, pageSize: 20 }));
  });
});

describe('SalesListPage: Credit notes', () => {
  const note: SaleNoteSummary = {
    id: '5e1d2c3b-4a59-4687-9a1b-00000000cc01',
    noteType: 'CREDIT',
    noteNumber: 'CN/26-27/1',
    financialYear: '2026-27',
    noteDate: '2026-05-06',
    status: 'ISSUED',
    branchId: mumbaiBranch.id,
    branchName: mumbaiBranch.name,
    partyId: bengaluruParty.id,
    partyName: bengaluruParty.name,
    partyMobile: '9845012345',
    invoice: { id: overdue.id, invoiceNumber: 'MUM/26-27/2', invoiceDate: '2026-04-02' },
    reason: 'SALES_RETURN',
    supplyType: 'INTER',
    grandTotal: '2360.00',
    refunded: '1000.00',
    adjusted: '1360.00',
    createdAt: '2026-05-06T06:30:00.000Z',
  };

  it('lists the period’s credit notes with their invoice, reason and sums, filtered on the server', async () => {
    const notes = jest.spyOn(saleNoteApi, 'creditNotes').mockResolvedValue({
      success: true,
      data: [note],
      meta: { total: 1, page: 1, pageSize: 20, grandTotal: '2360.00', refunded: '1000.00', adjusted: '1360.00' },
    });
    const user = setupUser();
    renderList('/sales/credit-notes?status=ISSUED');
    const row = (await screen.findByRole('link', { name: 'CN/26-27/1' })).closest('tr')!;
    expect(notes).toHaveBeenCalledWith({ status: 'ISSUED', ...thisMonth, page: 1, pageSize: 20 });
    expect(screen.getByRole('tab', { name: 'Credit notes', selected: true })).toBeInTheDocument();
    expect(cells(row)).toEqual(['06/05/2026', 'CN/26-27/1', 'MUM/26-27/2', 'Bengaluru Retail LLP9845012345', 'Sales return', '₹2,360.00', '₹1,000.00', '₹1,360.00', 'Issued']);
    expect(screen.getByText('Total credited').closest('.ant-card')).toHaveTextContent('₹2,360.00');
    expect(screen.getByText('Adjusted against dues').closest('.ant-card')).toHaveTextContent('₹1,360.00');

    // The invoice it follows opens the invoice; the row opens the note.
    await user.click(within(row).getByRole('link', { name: 'MUM/26-27/2' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/sales/invoice/${overdue.id}`);
  });

  it('says how a note is made when the period has none', async () => {
    jest.spyOn(saleNoteApi, 'debitNotes').mockResolvedValue({
      success: true,
      data: [],
      meta: { total: 0, page: 1, pageSize: 20, grandTotal: '0.00', refunded: '0.00', adjusted: '0.00' },
    });
    renderList('/sales/debit-notes');
    expect(await screen.findByText('No debit notes in this period')).toBeInTheDocument();
    expect(screen.getByText(/open the invoice and choose More → Debit note/)).toBeInTheDocument();
  });
});
