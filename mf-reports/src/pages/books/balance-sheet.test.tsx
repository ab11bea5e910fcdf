import { screen, within } from '@testing-library/react';
import { ApiError, indiaToday, statementApi, type BalanceSheet } from '@bahi/shared';
import { renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import BalanceSheetPage from './balance-sheet';

const CASH = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000c1';
const STOCK = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000c2';
const CAPITAL = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000c3';
const CREDITORS = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000c4';
const ROUTE = '/reports/balance-sheet?asOf=2026-05-31';

const bs: BalanceSheet = {
  asOf: '2026-05-31',
  assets: {
    total: '150000.00',
    groups: [
      { code: 'CASH_IN_HAND', name: 'Cash in hand', total: '50000.00', lines: [{ accountId: CASH, name: 'Cash', group: 'CASH_IN_HAND', amount: '50000.00' }] },
      { code: 'STOCK_IN_HAND', name: 'Stock in hand', total: '100000.00', lines: [{ accountId: STOCK, name: 'Stock in hand', group: 'STOCK_IN_HAND', amount: '100000.00' }] },
    ],
  },
  liabilities: {
    total: '30000.00',
    groups: [{ code: 'SUNDRY_CREDITORS', name: 'Sundry creditors', total: '30000.00', lines: [{ accountId: CREDITORS, name: 'Sundry creditors', group: 'SUNDRY_CREDITORS', amount: '30000.00' }] }],
  },
  capital: {
    total: '100000.00',
    groups: [{ code: 'CAPITAL_ACCOUNT', name: 'Capital account', total: '100000.00', lines: [{ accountId: CAPITAL, name: "Owner's capital", group: 'CAPITAL_ACCOUNT', amount: '100000.00' }] }],
  },
  profitToDate: '20000.00',
  balanced: true,
};

const dataRows = (testId: string) =>
  Array.from(screen.getByTestId(testId).closest('table')!.querySelectorAll('tr.ant-table-row'))
    .map(cells);

setUpReportTests();

describe('Balance sheet', () => {
  it('sets liabilities, capital and profit to date against the assets, with both totals, and says it balances', async () => {
    const call = jest.spyOn(statementApi, 'balanceSheet').mockResolvedValue(bs);
    renderScreen(<BalanceSheetPage />, { path: '/reports/balance-sheet', route: ROUTE });
    expect(await screen.findByText('Balanced: assets equal liabilities, capital and profit to date')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ asOf: '2026-05-31' });
    expect(dataRows('liabilities-total')).toEqual([
      ['Capital account', '₹1,00,000.00'],
      ["Owner's capital", '₹1,00,000.00'],
      ['Profit to date', '₹20,000.00'],
      ['Sundry creditors', '₹30,000.00'],
    ]);
    expect(cells(screen.getByTestId('liabilities-total'))).toEqual(['Total', '₹1,50,000.00']);
    expect(dataRows('assets-total')).toEqual([
      ['Cash in hand', '₹50,000.00'],
      ['Cash', '₹50,000.00'],
      ['Stock in hand', '₹1,00,000.00'],
    ]);
    expect(cells(screen.getByTestId('assets-total'))).toEqual(['Total', '₹1,50,000.00']);
  });

  it("drills down from a ledger's figure to its account up to the date", async () => {
    jest.spyOn(statementApi, 'balanceSheet').mockResolvedValue(bs);
    renderScreen(<BalanceSheetPage />, { path: '/reports/balance-sheet', route: ROUTE });
    await screen.findByTestId('assets-total');
    expect(screen.getByRole('link', { name: '₹50,000.00' })).toHaveAttribute('href', `/reports/accounts/${CASH}?period=custom&to=2026-05-31`);
    expect(screen.getAllByRole('link', { name: '₹1,00,000.00' }).map((a) => a.getAttribute('href'))).toEqual([
      `/reports/accounts/${CAPITAL}?period=custom&to=2026-05-31`,
      `/reports/accounts/${STOCK}?period=custom&to=2026-05-31`,
    ]);
  });

  it('takes a loss to date from liabilities and capital as a deduction', async () => {
    jest.spyOn(statementApi, 'balanceSheet').mockResolvedValue({ ...bs, assets: { ...bs.assets, total: '129000.00' }, profitToDate: '-1000.00' });
    renderScreen(<BalanceSheetPage />, { path: '/reports/balance-sheet', route: ROUTE });
    await screen.findByTestId('assets-total');
    expect(dataRows('liabilities-total')[2]).toEqual(['Less: loss to date', '₹1,000.00']);
    expect(cells(screen.getByTestId('liabilities-total'))).toEqual(['Total', '₹1,29,000.00']);
    const figures = within(screen.getByRole('region', { name: 'Balance sheet figures' }));
    expect(figures.getByText('Loss to date').parentElement).toHaveTextContent('₹1,000.00');
  });

  it('says by how much the sides differ when it does not balance', async () => {
    jest.spyOn(statementApi, 'balanceSheet').mockResolvedValue({ ...bs, assets: { ...bs.assets, total: '149999.00' }, balanced: false });
    renderScreen(<BalanceSheetPage />, { path: '/reports/balance-sheet', route: ROUTE });
    expect(await screen.findByText('Does not balance: the two sides differ by ₹1.00')).toBeInTheDocument();
  });

  it("opens on today's balance sheet and shows an error with a retry", async () => {
    const call = jest.spyOn(statementApi, 'balanceSheet').mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' })).mockResolvedValue(bs);
    const user = setupUser();
    renderScreen(<BalanceSheetPage />, { path: '/reports/balance-sheet' });
    expect(await screen.findByText('Error loading the balance sheet')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ asOf: indiaToday() });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('assets-total')).toBeInTheDocument();
  });

  it('exports the balance sheet of the date on screen as Excel and PDF', async () => {
    jest.spyOn(statementApi, 'balanceSheet').mockResolvedValue(bs);
    renderScreen(<BalanceSheetPage />, { path: '/reports/balance-sheet', route: ROUTE });
    await screen.findByTestId('assets-total');
    expect(exportLinks(['Excel', 'PDF'])).toEqual(['xlsx', 'pdf'].map((format) => ({ path: expect.stringMatching(/\/report\/balance-sheet$/), query: { asOf: '2026-05-31', format } })));
  });
});
