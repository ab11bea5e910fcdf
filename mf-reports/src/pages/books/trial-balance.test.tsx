import { screen, within } from '@testing-library/react';
import { ApiError, statementApi, type TrialBalance } from '@bahi/shared';
import { renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import TrialBalancePage from './trial-balance';

const CASH = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000a1';
const SALES = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000a2';
const DEBTORS = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000a3';
const ROUTE = '/reports/trial-balance?period=custom&from=2026-05-01&to=2026-05-31';

const tb: TrialBalance = {
  asOf: '2026-05-31',
  rows: [
    { accountId: CASH, name: 'Cash in hand', group: 'CASH_IN_HAND', opening: '1000.00', debit: '11800.00', credit: '0.00', closing: '12800.00' },
    { accountId: DEBTORS, name: 'Sundry debtors', group: 'SUNDRY_DEBTORS', opening: '0.00', debit: '0.00', credit: '0.00', closing: '0.00' },
    { accountId: SALES, name: 'Sales', group: 'SALES_ACCOUNTS', opening: '-1000.00', debit: '0.00', credit: '11800.00', closing: '-12800.00' },
  ],
  totals: { debit: '11800.00', credit: '11800.00' },
};

setUpReportTests();

describe('Trial balance', () => {
  it('lists every ledger with opening, debit, credit and closing as Dr/Cr, the totals, and says it balances', async () => {
    const call = jest.spyOn(statementApi, 'trialBalance').mockResolvedValue(tb);
    renderScreen(<TrialBalancePage />, { path: '/reports/trial-balance', route: ROUTE });
    expect(await screen.findByText('Balanced: debits equal credits')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ from: '2026-05-01', asOf: '2026-05-31', branchId: undefined });
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td') && !r.hasAttribute('data-testid'));
    expect(rows.map(cells)).toEqual([
      ['Cash in hand', 'Cash in hand', '₹1,000.00 Dr', '₹11,800.00', '-', '₹12,800.00 Dr'],
      ['Sundry debtors', 'Sundry debtors', '-', '-', '-', '-'],
      ['Sales accounts', 'Sales', '₹1,000.00 Cr', '-', '₹11,800.00', '₹12,800.00 Cr'],
    ]);
    expect(cells(screen.getByTestId('totals-row'))).toEqual(['Total', '₹11,800.00', '₹11,800.00', '']);
    const totals = within(screen.getByRole('region', { name: 'Trial balance totals' }));
    expect(totals.getByText('Closing debit balances').parentElement).toHaveTextContent('₹12,800.00');
    expect(totals.getByText('Closing credit balances').parentElement).toHaveTextContent('₹12,800.00');
  });

  it("drills down from a ledger and from each of its figures to that ledger's account for the same period and branch", async () => {
    jest.spyOn(statementApi, 'trialBalance').mockResolvedValue(tb);
    renderScreen(<TrialBalancePage />, { path: '/reports/trial-balance', route: `${ROUTE}&branchId=b1` });
    await screen.findByText('Balanced: debits equal credits');
    const to = `/reports/accounts/${SALES}?period=custom&from=2026-05-01&to=2026-05-31&branchId=b1`;
    const salesRow = screen.getByRole('link', { name: 'Sales' }).closest('tr')!;
    const links = within(salesRow as HTMLElement).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Sales', '₹1,000.00 Cr', '₹11,800.00', '₹12,800.00 Cr']);
    for (const a of links) expect(a).toHaveAttribute('href', to);
    expect(screen.getByRole('link', { name: '₹12,800.00 Dr' })).toHaveAttribute('href', `/reports/accounts/${CASH}?period=custom&from=2026-05-01&to=2026-05-31&branchId=b1`);
  });

  it("lists the ledgers in the chart's order: assets, then liabilities and capital, then income and expenses", async () => {
    jest.spyOn(statementApi, 'trialBalance').mockResolvedValue({ ...tb, rows: [...tb.rows].reverse() });
    renderScreen(<TrialBalancePage />, { path: '/reports/trial-balance', route: ROUTE });
    await screen.findByText('Balanced: debits equal credits');
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td') && !r.hasAttribute('data-testid'));
    expect(rows.map((r) => cells(r)[1])).toEqual(['Cash in hand', 'Sundry debtors', 'Sales']);
  });

  it('says by how much it does not balance', async () => {
    jest.spyOn(statementApi, 'trialBalance').mockResolvedValue({ ...tb, totals: { debit: '11800.00', credit: '11799.50' } });
    renderScreen(<TrialBalancePage />, { path: '/reports/trial-balance', route: ROUTE });
    expect(await screen.findByText('Does not balance: debits exceed credits by ₹0.50')).toBeInTheDocument();
    expect(screen.queryByText('Balanced: debits equal credits')).not.toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const call = jest.spyOn(statementApi, 'trialBalance').mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' })).mockResolvedValue(tb);
    const user = setupUser();
    renderScreen(<TrialBalancePage />, { path: '/reports/trial-balance', route: ROUTE });
    expect(await screen.findByText('Error loading the trial balance')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Balanced: debits equal credits')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('exports the trial balance on screen, its period and branch, as Excel and PDF', async () => {
    jest.spyOn(statementApi, 'trialBalance').mockResolvedValue(tb);
    renderScreen(<TrialBalancePage />, { path: '/reports/trial-balance', route: `${ROUTE}&branchId=b1` });
    await screen.findByText('Balanced: debits equal credits');
    expect(exportLinks(['Excel', 'PDF'])).toEqual(
      ['xlsx', 'pdf'].map((format) => ({ path: expect.stringMatching(/\/report\/trial-balance$/), query: { from: '2026-05-01', asOf: '2026-05-31', branchId: 'b1', format } })),
    );
  });
});
