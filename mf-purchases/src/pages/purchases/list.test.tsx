import { screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  indiaToday,
  partyApi,
  paymentApi,
  purchaseApi,
  type PaymentListResponse,
  type PaymentSummary,
  type PurchaseInvoiceListResponse,
  type PurchaseInvoiceSummary,
} from '@bahi/shared';
import { periodRange } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { delhiSupplier, makePurchase, mumbaiBranch, summaryOf, thaneSupplier } from '../../test/fixtures';
import { PurchasesListPage } from './list';

const fromDelhi = summaryOf(makePurchase({ attachment: null }));
const fromThane: PurchaseInvoiceSummary = {
  ...summaryOf(makePurchase({}, thaneSupplier)),
  referenceNumber: 'PUR/26-27/16',
  billNumber: 'TW-88',
  status: 'PARTIAL',
  isOverdue: true,
  reverseCharge: true,
  paid: '1000.00',
  balance: '4310.00',
  hasAttachment: true,
};
const page = (data: PurchaseInvoiceSummary[], total = data.length): PurchaseInvoiceListResponse => ({
  success: true,
  data,
  meta: { total, page: 1, pageSize: 20, grandTotal: '10620.00', paid: '1000.00', balance: '9620.00', itcAmount: '1620.00' },
});
const thisMonth = periodRange('this-month', indiaToday());
/** The supplier filter's search answers both suppliers; the chosen one is Thane Wholesale. */
function mockSuppliers() {
  jest.spyOn(partyApi, 'get').mockResolvedValue(thaneSupplier);
  return jest
    .spyOn(partyApi, 'list')
    .mockResolvedValue({ success: true, data: [delhiSupplier, thaneSupplier], meta: { total: 2, page: 1, pageSize: 20 } });
}
const renderList = (route = '/purchases') => renderScreen(<PurchasesListPage />, { path: '/purchases/*', route });

beforeEach(() => signIn(mumbaiBranch));
afterEach(() => jest.restoreAllMocks());

describe('PurchasesListPage', () => {
  it("shows this month's bills with the sums of the filter, and opens one on a row click", async () => {
    const list = jest.spyOn(purchaseApi, 'list').mockResolvedValue(page([fromDelhi, fromThane]));
    const user = setupUser();
    renderList();
    const row = (await screen.findByRole('link', { name: 'PUR/26-27/16' })).closest('tr')!;
    expect(list).toHaveBeenCalledWith({ ...thisMonth, page: 1, pageSize: 20 });
    expect(Array.from(row.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '04/05/2026',
      'PUR/26-27/16',
      'TW-88',
      'Thane Wholesale9820098200',
      '₹5,310.00',
      '₹810.00',
      '₹1,000.00',
      '₹4,310.00',
      'OverdueRCM',
    ]);
    expect(within(row).getByLabelText('Bill attached')).toBeInTheDocument();
    // The sums are the server's, over everything the filter matches.
    expect(screen.getByText('Total purchases').closest('.ant-card')).toHaveTextContent('₹10,620.00');
    expect(screen.getByText('Paid', { selector: '.ant-card span' }).closest('.ant-card')).toHaveTextContent('₹1,000.00');
    expect(screen.getByText('To pay').closest('.ant-card')).toHaveTextContent('₹9,620.00');
    expect(screen.getByText('Input tax credit').closest('.ant-card')).toHaveTextContent('₹1,620.00');

    await user.click(screen.getByText('Delhi Electronics Pvt Ltd'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/purchases/invoice/${fromDelhi.id}`);
  });

  it('filters by status, supplier and search on the server, keeping them in the address', async () => {
    const list = jest.spyOn(purchaseApi, 'list').mockResolvedValue(page([fromThane]));
    const suppliers = mockSuppliers();
    const user = setupUser();
    renderList('/purchases?period=this-fy&status=OVERDUE');
    await screen.findByRole('link', { name: 'PUR/26-27/16' });
    const fy = periodRange('this-fy', indiaToday());
    expect(list).toHaveBeenLastCalledWith({ status: 'OVERDUE', ...fy, page: 1, pageSize: 20 });

    await user.click(screen.getByRole('combobox', { name: 'Filter by party' }));
    await user.click(await screen.findByTitle('Thane Wholesale'));
    expect(suppliers).toHaveBeenCalledWith(expect.objectContaining({ partyType: 'SUPPLIER' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ partyId: thaneSupplier.id, status: 'OVERDUE', ...fy, page: 1, pageSize: 20 }));

    await user.click(screen.getByRole('textbox', { name: 'Search bills' }));
    await user.paste('TW-88');
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ q: 'TW-88', partyId: thaneSupplier.id, status: 'OVERDUE', ...fy, page: 1, pageSize: 20 }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`q=TW-88`);
  });

  it('pages on the server and offers to add a purchase when there is none', async () => {
    const list = jest.spyOn(purchaseApi, 'list').mockResolvedValueOnce(page([fromDelhi], 45)).mockResolvedValue(page([], 45));
    const user = setupUser();
    renderList();
    expect(await screen.findByText('1-20 of 45 bills')).toBeInTheDocument();
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ ...thisMonth, page: 3, pageSize: 20 }));
    expect(await screen.findByText('No bills in this period')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /Add purchase/ })[1]);
    expect(screen.getByTestId('location')).toHaveTextContent('/purchase/create-invoice');
  });
});

const billPayment: PaymentSummary = {
  id: '00000000-0000-4000-8000-0000000000a1',
  type: 'PURCHASE_PAYMENT',
  direction: 'OUT',
  date: '2026-05-04',
  partyId: delhiSupplier.id,
  partyName: 'Delhi Electronics Pvt Ltd',
  amount: '2000.00',
  mode: 'UPI',
  accountId: '00000000-0000-4000-8000-0000000000b1',
  accountName: 'HDFC Current',
  reference: 'UTR-77',
  note: null,
  allocations: [{ documentType: 'PURCHASE', documentId: fromDelhi.id, documentNumber: 'PUR/26-27/15', amount: '2000.00', cancelled: false }],
  advance: '0.00',
  reversed: false,
  createdAt: '2026-05-04T10:00:00.000Z',
};
const paymentOut: PaymentSummary = {
  ...billPayment,
  id: '00000000-0000-4000-8000-0000000000a2',
  type: 'PAYMENT_OUT',
  date: '2026-05-10',
  partyId: thaneSupplier.id,
  partyName: 'Thane Wholesale',
  amount: '6000.00',
  mode: 'BANK_TRANSFER',
  reference: null,
  allocations: [
    { documentType: 'PURCHASE', documentId: fromThane.id, documentNumber: 'PUR/26-27/16', amount: '4310.00', cancelled: false },
    { documentType: 'PURCHASE', documentId: '00000000-0000-4000-8000-0000000000c1', documentNumber: 'PUR/26-27/17', amount: '500.00', cancelled: true },
  ],
  advance: '1690.00',
};
const reversed: PaymentSummary = { ...billPayment, id: '00000000-0000-4000-8000-0000000000a3', date: '2026-05-02', mode: 'CASH', accountName: 'Cash in hand', reversed: true };
const paymentsPage = (data: PaymentSummary[], total = data.length, sums = { amount: '8000.00', advance: '1690.00' }): PaymentListResponse => ({
  success: true,
  data,
  meta: { total, page: 1, pageSize: 20, sums },
});
const cells = (row: Element) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);

describe('PurchasesListPage: Payments out', () => {
  it('lists the payments to suppliers with the bills they settled, the advance left and the period’s total', async () => {
    const payments = jest.spyOn(paymentApi, 'list').mockResolvedValue(paymentsPage([paymentOut, billPayment, reversed]));
    const bills = jest.spyOn(purchaseApi, 'list');
    const user = setupUser();
    renderList('/purchases?tab=payments');
    const out = (await screen.findByText('Bank transfer · HDFC Current')).closest('tr')!;
    expect(payments).toHaveBeenCalledWith({ direction: 'OUT', ...thisMonth, page: 1, pageSize: 20 });
    expect(bills).not.toHaveBeenCalled();
    expect(screen.getByRole('tab', { name: 'Payments out', selected: true })).toBeInTheDocument();
    expect(cells(out)).toEqual([
      '10/05/2026',
      'Thane WholesalePayment out',
      'Bank transfer · HDFC Current',
      '₹6,000.00',
      'PUR/26-27/16₹4,310.00PUR/26-27/17₹500.00Bill cancelled',
      '₹1,690.00',
    ]);
    expect(cells(screen.getByText('UPI · HDFC Current').closest('tr')!)).toEqual([
      '04/05/2026',
      'Delhi Electronics Pvt LtdPaid on the bill',
      'UPI · HDFC CurrentUTR-77',
      '₹2,000.00',
      'PUR/26-27/15₹2,000.00',
      '—',
    ]);
    expect(within(screen.getByText('Cash · Cash in hand').closest('tr')!).getByText('Reversed')).toBeInTheDocument();
    expect(screen.getByText('Paid out').closest('.ant-card')).toHaveTextContent('₹8,000.00');
    expect(screen.getByText('Advance with suppliers').closest('.ant-card')).toHaveTextContent('₹1,690.00');
    expect(screen.getByText('Payments', { selector: '.ant-card span' }).closest('.ant-card')).toHaveTextContent('3');

    // A settled bill opens the bill; the rest of the row opens the supplier.
    await user.click(within(out).getByRole('link', { name: 'PUR/26-27/16' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/purchases/invoice/${fromThane.id}`);
  });

  it('shows the payment voucher of a payment for bills under reverse charge, with its PDF', async () => {
    const withVoucher: PaymentSummary = { ...paymentOut, paymentVoucherNumber: 'PV/26-27/3' };
    jest.spyOn(paymentApi, 'list').mockResolvedValue(paymentsPage([withVoucher, billPayment]));
    const user = setupUser();
    renderList('/purchases?tab=payments');
    const voucher = await screen.findByRole('link', { name: 'Payment voucher PV/26-27/3 PDF' });
    expect(voucher).toHaveAttribute('href', `/api/purchase/payment-voucher/${withVoucher.id}/pdf?layout=a4`);
    expect(voucher.closest('td')).toHaveTextContent(/^Bank transfer · HDFC Current\s*PV\/26-27\/3$/);
    // The link downloads the voucher; it does not open the supplier as the rest of the row does.
    // (jsdom cannot follow the download: the link's default is held back here, its bubbling is what is tested.)
    voucher.addEventListener('click', (e) => e.preventDefault());
    await user.click(voucher);
    expect(screen.getByTestId('location')).not.toHaveTextContent('/party/');
    expect(within(screen.getByText('UPI · HDFC Current').closest('tr')!).queryByRole('link', { name: /Payment voucher/ })).toBeNull();
  });

  it('is reached from the Bills tab keeping the period, and filters by supplier on the server', async () => {
    jest.spyOn(purchaseApi, 'list').mockResolvedValue(page([fromThane]));
    const payments = jest.spyOn(paymentApi, 'list').mockResolvedValue(paymentsPage([billPayment]));
    mockSuppliers();
    const user = setupUser();
    renderList('/purchases?period=this-fy&status=OVERDUE');
    await screen.findByRole('link', { name: 'PUR/26-27/16' });
    await user.click(screen.getByRole('tab', { name: 'Payments out' }));
    const fy = periodRange('this-fy', indiaToday());
    await waitFor(() => expect(payments).toHaveBeenCalledWith({ direction: 'OUT', ...fy, page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent('tab=payments');
    expect(screen.getByTestId('location')).not.toHaveTextContent('status=');
    expect(screen.queryByRole('combobox', { name: 'Filter by status' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Filter by supplier' }));
    await user.click(await screen.findByTitle('Thane Wholesale'));
    await waitFor(() => expect(payments).toHaveBeenLastCalledWith({ direction: 'OUT', partyId: thaneSupplier.id, ...fy, page: 1, pageSize: 20 }));

    await user.click(screen.getByRole('tab', { name: 'Bills' }));
    expect(await screen.findByRole('combobox', { name: 'Filter by status' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).not.toHaveTextContent('tab=');
  });

  it('says when there is no payment in the period, and offers a retry when the list fails', async () => {
    const payments = jest
      .spyOn(paymentApi, 'list')
      .mockRejectedValueOnce(new ApiError({ status: 503, message: 'Service unavailable' }))
      .mockResolvedValue(paymentsPage([], 0, { amount: '0.00', advance: '0.00' }));
    const user = setupUser();
    renderList('/purchases?tab=payments');
    expect(await screen.findByText('Error loading payments')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('No payments in this period')).toBeInTheDocument();
    expect(payments).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Paid out').closest('.ant-card')).toHaveTextContent('₹0.00');
  });
});
