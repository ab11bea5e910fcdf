import { screen, within } from '@testing-library/react';
import { ApiError, statementApi, type ProfitLoss } from '@bahi/shared';
import { renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import ProfitLossPage from './profit-loss';

const SALES = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000b1';
const COGS = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000b2';
const OTHER = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000b3';
const RENT = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000b4';
const ROUTE = '/reports/profit-loss?period=custom&from=2026-05-01&to=2026-05-31';

const pl: ProfitLoss = {
  from: '2026-05-01',
  to: '2026-05-31',
  sales: '100000.00',
  costOfGoodsSold: '60000.00',
  directExpenses: '0.00',
  grossProfit: '40000.00',
  otherIncome: '500.00',
  expenses: '15000.00',
  netProfit: '25500.00',
  incomeLines: [
    { accountId: SALES, name: 'Sales', group: 'SALES_ACCOUNTS', amount: '100000.00' },
    { accountId: OTHER, name: 'Other income', group: 'INDIRECT_INCOMES', amount: '500.00' },
  ],
  expenseLines: [
    { accountId: COGS, name: 'Cost of goods sold', group: 'DIRECT_EXPENSES', amount: '60000.00' },
    { accountId: RENT, name: 'Rent', group: 'INDIRECT_EXPENSES', amount: '15000.00' },
  ],
  previous: {
    from: '2026-04-01',
    to: '2026-04-30',
    sales: '50000.00',
    costOfGoodsSold: '30000.00',
    directExpenses: '0.00',
    grossProfit: '20000.00',
    otherIncome: '0.00',
    expenses: '25000.00',
    netProfit: '-5000.00',
    incomeLines: [{ accountId: SALES, name: 'Sales', group: 'SALES_ACCOUNTS', amount: '50000.00' }],
    expenseLines: [
      { accountId: COGS, name: 'Cost of goods sold', group: 'DIRECT_EXPENSES', amount: '30000.00' },
      { accountId: RENT, name: 'Rent', group: 'INDIRECT_EXPENSES', amount: '25000.00' },
    ],
  },
};

setUpReportTests();

describe('Profit & loss', () => {
  it('shows the trading account, then profit & loss, with the previous period beside each figure and net profit at the foot', async () => {
    const call = jest.spyOn(statementApi, 'profitLoss').mockResolvedValue(pl);
    renderScreen(<ProfitLossPage />, { path: '/reports/profit-loss', route: ROUTE });
    expect(await screen.findByTestId('net-profit-row')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ from: '2026-05-01', to: '2026-05-31', branchId: undefined });
    expect(screen.getByRole('columnheader', { name: '01/05/2026 – 31/05/2026' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: '01/04/2026 – 30/04/2026' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td') && !r.hasAttribute('data-testid'));
    expect(rows.map(cells)).toEqual([
      ['Trading account', '', ''],
      ['Sales', '₹1,00,000.00', '₹50,000.00'],
      ['Total sales', '₹1,00,000.00', '₹50,000.00'],
      ['Cost of goods sold', '₹60,000.00', '₹30,000.00'],
      ['Cost of goods sold and direct expenses', '₹60,000.00', '₹30,000.00'],
      ['Gross profit', '₹40,000.00', '₹20,000.00'],
      ['Profit & loss', '', ''],
      ['Other income', '₹500.00', '-'],
      ['Total other income', '₹500.00', '₹0.00'],
      ['Rent', '₹15,000.00', '₹25,000.00'],
      ['Total expenses', '₹15,000.00', '₹25,000.00'],
    ]);
    // The previous month's loss reads as a negative profit beside this month's profit.
    expect(cells(screen.getByTestId('net-profit-row'))).toEqual(['Net profit', '₹25,500.00', '-₹5,000.00']);
    const figures = within(screen.getByRole('region', { name: 'Profit and loss figures' }));
    expect(figures.getByText('Net profit').parentElement).toHaveTextContent('₹25,500.00');
  });

  it("drills down from each ledger's figure to its account for that figure's own period and the branch", async () => {
    jest.spyOn(statementApi, 'profitLoss').mockResolvedValue(pl);
    renderScreen(<ProfitLossPage />, { path: '/reports/profit-loss', route: `${ROUTE}&branchId=b1` });
    await screen.findByTestId('net-profit-row');
    expect(screen.getByRole('link', { name: '₹15,000.00' })).toHaveAttribute('href', `/reports/accounts/${RENT}?period=custom&from=2026-05-01&to=2026-05-31&branchId=b1`);
    expect(screen.getByRole('link', { name: '₹25,000.00' })).toHaveAttribute('href', `/reports/accounts/${RENT}?period=custom&from=2026-04-01&to=2026-04-30&branchId=b1`);
    expect(screen.getByRole('link', { name: '₹1,00,000.00' })).toHaveAttribute('href', `/reports/accounts/${SALES}?period=custom&from=2026-05-01&to=2026-05-31&branchId=b1`);
  });

  it('names a loss as a net loss', async () => {
    jest.spyOn(statementApi, 'profitLoss').mockResolvedValue({ ...pl, netProfit: '-1234.50', previous: { ...pl.previous, netProfit: '800.00' } });
    renderScreen(<ProfitLossPage />, { path: '/reports/profit-loss', route: ROUTE });
    expect(cells(await screen.findByTestId('net-profit-row'))).toEqual(['Net loss', '₹1,234.50', '-₹800.00']);
    const figures = within(screen.getByRole('region', { name: 'Profit and loss figures' }));
    expect(figures.getByText('Net loss').parentElement).toHaveTextContent('₹1,234.50');
  });

  it('shows an error with a retry', async () => {
    const call = jest.spyOn(statementApi, 'profitLoss').mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' })).mockResolvedValue(pl);
    const user = setupUser();
    renderScreen(<ProfitLossPage />, { path: '/reports/profit-loss', route: ROUTE });
    expect(await screen.findByText('Error loading profit & loss')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('net-profit-row')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('exports the period and branch on screen as Excel and PDF', async () => {
    jest.spyOn(statementApi, 'profitLoss').mockResolvedValue(pl);
    renderScreen(<ProfitLossPage />, { path: '/reports/profit-loss', route: `${ROUTE}&branchId=b1` });
    await screen.findByTestId('net-profit-row');
    expect(exportLinks(['Excel', 'PDF'])).toEqual(
      ['xlsx', 'pdf'].map((format) => ({ path: expect.stringMatching(/\/report\/profit-loss$/), query: { from: '2026-05-01', to: '2026-05-31', branchId: 'b1', format } })),
    );
  });
});
