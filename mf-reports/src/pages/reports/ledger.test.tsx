import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, indiaToday, partyApi, reportApi, type Ledger } from '@bahi/shared';
import { periodRange } from '@bahi/shared/ui';
import { bengaluruParty, puneParty, renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, setUpReportTests } from '../../test/reports';
import LedgerReportPage from './ledger';

const SALE_ID = '5e1d2c3b-4a59-4687-9a1b-00000000a001';
const ledger = (over: Partial<Ledger> = {}): Ledger => ({
  party: { id: bengaluruParty.id, name: bengaluruParty.name, gstin: bengaluruParty.gstin, mobileNumber: bengaluruParty.mobileNumber },
  from: '2026-04-01',
  to: '2027-03-31',
  openingBalance: '1000.00',
  debit: '11800.00',
  credit: '5000.00',
  closingBalance: '7800.00',
  entries: [
    {
      date: '2026-05-04',
      type: 'SALE',
      documentType: 'SALE',
      documentId: SALE_ID,
      documentNumber: 'MUM/26-27/7',
      description: 'Sale invoice',
      debit: '11800.00',
      credit: '0.00',
      balance: '12800.00',
    },
    {
      date: '2026-05-10',
      type: 'PAYMENT_IN',
      documentType: null,
      documentId: null,
      documentNumber: null,
      description: 'Payment received (UPI)',
      debit: '0.00',
      credit: '5000.00',
      balance: '7800.00',
    },
  ],
  meta: { total: 2, page: 1, pageSize: 20 },
  ...over,
});

const fy = periodRange('this-fy', indiaToday());

setUpReportTests(null);
beforeEach(() => {
  jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [bengaluruParty, puneParty], meta: { total: 2, page: 1, pageSize: 20 } });
});

describe('Ledger Report', () => {
  it('asks for a party first, then shows its statement for the period picked', async () => {
    const call = jest.spyOn(reportApi, 'ledger').mockResolvedValue(ledger());
    const user = setupUser();
    renderScreen(<LedgerReportPage />, { path: '/reports/ledger' });
    expect(screen.getByRole('heading', { name: 'Ledger Report' })).toBeInTheDocument();
    expect(screen.getByText('Choose a party to see its ledger')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: 'Party' }));
    await user.click(await screen.findByTitle('Bengaluru Retail LLP'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ partyId: bengaluruParty.id, ...periodRange('this-month', indiaToday()), page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent(`partyId=${bengaluruParty.id}`);
    // Any party, not only customers: a ledger is for suppliers too.
    expect(partyApi.list).toHaveBeenCalledWith(expect.objectContaining({ partyType: undefined }));
  });

  it('shows the opening balance, every entry with its running balance, and the closing balance', async () => {
    const call = jest.spyOn(reportApi, 'ledger').mockResolvedValue(ledger());
    renderScreen(<LedgerReportPage />, { path: '/reports/ledger', route: `/reports/ledger?partyId=${bengaluruParty.id}&period=this-fy` });
    const saleRow = (await screen.findByRole('link', { name: 'MUM/26-27/7' })).closest('tr')!;
    expect(call).toHaveBeenCalledWith({ partyId: bengaluruParty.id, ...fy, page: 1, pageSize: 20 });
    expect(screen.getByRole('heading', { name: 'Ledger Report' })).toBeInTheDocument();

    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td'));
    expect(cells(rows[0])).toEqual(['', '-', 'Opening balance', '', '', '₹1,000.00 Dr']);
    expect(cells(saleRow)).toEqual(['04/05/2026', 'MUM/26-27/7', 'Sale invoice', '₹11,800.00', '₹0.00', '₹12,800.00 Dr']);
    expect(cells(rows[2])).toEqual(['10/05/2026', '-', 'Payment received (UPI)', '₹0.00', '₹5,000.00', '₹7,800.00 Dr']);
    expect(cells(screen.getByTestId('closing-row'))).toEqual(['Closing balance on 31/03/2027', '₹11,800.00', '₹5,000.00', '₹7,800.00 Dr']);

    expect(screen.getByText('Opening balance', { selector: '.ant-card span' }).closest('.ant-card')).toHaveTextContent('₹1,000.00 Dr');
    expect(screen.getByText('Closing balance', { selector: '.ant-card span' }).closest('.ant-card')).toHaveTextContent('₹7,800.00 Dr');
    expect(within(saleRow).getByRole('link')).toHaveAttribute('href', `/sales/invoice/${SALE_ID}`);
  });

  it('shows what the business owes a supplier as Cr', async () => {
    jest.spyOn(reportApi, 'ledger').mockResolvedValue(ledger({ openingBalance: '0.00', closingBalance: '-2500.50', entries: [] , meta: { total: 0, page: 1, pageSize: 20 } }));
    renderScreen(<LedgerReportPage />, { path: '/reports/ledger', route: `/reports/ledger?partyId=${bengaluruParty.id}` });
    expect(await screen.findByTestId('closing-row')).toHaveTextContent('₹2,500.50 Cr');
  });

  it('exports PDF and Excel with the party and the period on screen', async () => {
    jest.spyOn(reportApi, 'ledger').mockResolvedValue(ledger());
    renderScreen(<LedgerReportPage />, { path: '/reports/ledger', route: `/reports/ledger?partyId=${bengaluruParty.id}&period=this-fy` });
    await screen.findByRole('link', { name: 'MUM/26-27/7' });
    for (const [name, format] of [
      ['PDF', 'pdf'],
      ['Excel', 'xlsx'],
    ]) {
      const href = new URL(screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href')!, 'http://x');
      expect(href.pathname).toMatch(/\/report\/ledger$/);
      expect(Object.fromEntries(href.searchParams)).toEqual({ partyId: bengaluruParty.id, ...fy, format });
    }
  });

  it('says when the party is not found, and offers a retry on other errors', async () => {
    const call = jest
      .spyOn(reportApi, 'ledger')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' }))
      .mockResolvedValue(ledger());
    const user = setupUser();
    renderScreen(<LedgerReportPage />, { path: '/reports/ledger', route: `/reports/ledger?partyId=${bengaluruParty.id}` });
    expect(await screen.findByText('Error loading the ledger')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'MUM/26-27/7' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('says when the party is not one of this business', async () => {
    jest.spyOn(reportApi, 'ledger').mockRejectedValue(new ApiError({ status: 404, message: 'Party not found' }));
    renderScreen(<LedgerReportPage />, { path: '/reports/ledger', route: `/reports/ledger?partyId=${bengaluruParty.id}` });
    expect(await screen.findByText('Party not found.')).toBeInTheDocument();
  });
});
