import { screen, within } from '@testing-library/react';
import { ApiError, reportApi, type ReportSummary } from '@bahi/shared';
import { renderScreen, setupUser } from '@bahi/shared/testing';
import { setUpReportTests } from '../../test/reports';
import ReportsHomePage from './home';

const months = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11', '2026-12', '2027-01', '2027-02', '2027-03'];
const summary: ReportSummary = {
  from: '2026-05-01',
  to: '2026-05-31',
  sales: { invoices: 12, grandTotal: '250000.00' },
  purchases: { bills: 4, grandTotal: '120000.50' },
  receivable: '80000.00',
  payable: '15000.00',
  cashAndBank: { cash: '10000.00', bank: '190000.00', total: '200000.00' },
  stockValue: '345678.90',
  salesByMonth: months.map((month) => ({
    month,
    invoices: month === '2026-05' ? 12 : 0,
    grandTotal: month === '2026-05' ? '250000.00' : '0.00',
    purchases: month === '2026-05' ? '120000.50' : '0.00',
  })),
};
const card = (title: string) =>
  within(screen.getByRole('region', { name: "This month's figures" })).getByText(title, { selector: '.ant-card span' }).closest('.ant-card');

setUpReportTests(null);

describe('Reports home', () => {
  it("shows this month's key figures and the sales and purchases of each month of the year", async () => {
    const call = jest.spyOn(reportApi, 'summary').mockResolvedValue(summary);
    renderScreen(<ReportsHomePage />, { path: '/reports' });
    expect(await screen.findByText('₹2,50,000.00')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ period: 'THIS_MONTH' });
    expect(card('Sales')).toHaveTextContent('₹2,50,000.00');
    expect(card('Purchases')).toHaveTextContent('₹1,20,000.50');
    expect(card('Receivable')).toHaveTextContent('₹80,000.00');
    expect(card('Payable')).toHaveTextContent('₹15,000.00');
    expect(card('Cash and bank')).toHaveTextContent('₹2,00,000.00');
    expect(card('Stock value')).toHaveTextContent('₹3,45,678.90');

    const may = screen.getByTestId('month-2026-05');
    expect(within(may).getByRole('img', { name: 'Sales of May ₹2,50,000.00' })).toHaveStyle({ width: '100%' });
    expect(within(may).getByRole('img', { name: 'Purchases of May ₹1,20,000.50' })).toBeInTheDocument();
    expect(within(screen.getByTestId('month-2026-04')).getByRole('img', { name: 'Sales of Apr ₹0.00' })).toHaveStyle({ width: '0%' });
  });

  it('links a tile to each report that has a screen', async () => {
    jest.spyOn(reportApi, 'summary').mockResolvedValue(summary);
    const user = setupUser();
    renderScreen(<ReportsHomePage />, { path: '/reports' });
    const links = {
      Sales: '/reports/sales',
      Purchases: '/reports/purchase',
      'Ledger Report': '/reports/ledger',
      'GSTR-1': '/reports/gstr1',
      'Stock summary': '/reports/stock-summary',
      'Day book': '/reports/day-book',
      'Item profit': '/reports/item-profit',
      'GSTR-3B': '/reports/gstr3b',
      'Trial balance': '/reports/trial-balance',
      'Profit & loss': '/reports/profit-loss',
      'Balance sheet': '/reports/balance-sheet',
      'Chart of accounts': '/reports/accounts',
      'Cash & Bank': '/cash-bank',
    };
    for (const [name, href] of Object.entries(links)) expect(screen.getByRole('link', { name })).toHaveAttribute('href', href);
    // Every report has its screen now: nothing is 'Coming soon'.
    expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Ledger Report' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/reports/ledger');
  });

  it('shows an error with a retry when the figures cannot be read', async () => {
    const call = jest
      .spyOn(reportApi, 'summary')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' }))
      .mockResolvedValue(summary);
    const user = setupUser();
    renderScreen(<ReportsHomePage />, { path: '/reports' });
    expect(await screen.findByText("Error loading this month's figures")).toBeInTheDocument();
    // The tiles still lead to every report.
    expect(screen.getByRole('link', { name: 'Sales' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findAllByText('₹2,50,000.00')).not.toHaveLength(0);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
