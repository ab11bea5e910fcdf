import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, reportApi, type Branch, type StockSummary } from '@bahi/shared';
import { mumbaiBranch, renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import StockSummaryPage from './stock-summary';

const puneBranch: Branch = { ...mumbaiBranch, id: '5e1d2c3b-4a59-4687-9a1b-0000000000b2', name: 'Pune Camp', isDefault: false };
const row = (over: Partial<StockSummary['rows'][number]>): StockSummary['rows'][number] => ({
  branchId: mumbaiBranch.id,
  branchName: mumbaiBranch.name,
  itemId: 'i1',
  itemName: 'Shirt',
  itemCode: 'SH-01',
  unit: 'PCS',
  quantity: '40',
  unitCost: '250.00',
  value: '10000.00',
  alertQuantity: 5,
  lowStock: false,
  ...over,
});
const summary: StockSummary = {
  rows: [
    row({}),
    row({ itemId: 'i2', itemName: 'Jeans', itemCode: 'JN-01', quantity: '2', unitCost: '800.00', value: '1600.00', lowStock: true }),
    row({ branchId: puneBranch.id, branchName: puneBranch.name, quantity: '10', value: '2500.00' }),
  ],
  branches: [
    { branchId: mumbaiBranch.id, branchName: mumbaiBranch.name, items: 2, value: '11600.00', lowStock: 1 },
    { branchId: puneBranch.id, branchName: puneBranch.name, items: 1, value: '2500.00', lowStock: 0 },
  ],
  totals: { value: '14100.00', lowStock: 1 },
  meta: { total: 3, page: 1, pageSize: 50 },
};

setUpReportTests([mumbaiBranch, puneBranch]);

describe('Stock summary', () => {
  it('shows quantity and value per branch, marks low stock, and totals every branch', async () => {
    const call = jest.spyOn(reportApi, 'stockSummary').mockResolvedValue(summary);
    renderScreen(<StockSummaryPage />, { path: '/reports/stock-summary' });
    expect(screen.getByRole('heading', { name: 'Stock summary' })).toBeInTheDocument();
    const jeans = (await screen.findByText('Jeans')).closest('tr')!;
    expect(call).toHaveBeenCalledWith({ branchId: undefined, page: 1, pageSize: 50 });
    expect(cells(jeans)).toEqual(['Jeans', 'JN-01', 'Mumbai Central', 'Low stock2 PCS', '₹800.00', '₹1,600.00']);
    const shirt = screen.getAllByText('Shirt').map((e) => e.closest('tr')!);
    expect(within(shirt[0]).queryByText('Low stock')).not.toBeInTheDocument();
    expect(cells(shirt[1])).toEqual(['Shirt', 'SH-01', 'Pune Camp', '10 PCS', '₹250.00', '₹2,500.00']);
    expect(cells(screen.getByTestId('totals-row'))).toEqual(['Total', '1 low', '', '₹14,100.00']);
    const cards = screen.getByRole('region', { name: 'Stock per branch' });
    expect(cards).toHaveTextContent('Stock value₹14,100.00');
    expect(cards).toHaveTextContent('Low stock items1');
    expect(cards).toHaveTextContent('Mumbai Central₹11,600.00');
    expect(cards).toHaveTextContent('Pune Camp₹2,500.00');
  });

  it('asks for one branch when one is picked, and keeps it in the address', async () => {
    const call = jest.spyOn(reportApi, 'stockSummary').mockResolvedValue(summary);
    const user = setupUser();
    renderScreen(<StockSummaryPage />, { path: '/reports/stock-summary' });
    await screen.findByText('Jeans');
    await user.click(screen.getByRole('combobox', { name: 'Filter by branch' }));
    await user.click(await screen.findByTitle('Pune Camp'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ branchId: puneBranch.id, page: 1, pageSize: 50 }));
    expect(screen.getByTestId('location')).toHaveTextContent(`branchId=${puneBranch.id}`);
  });

  it('shows an error with a retry, and an empty state when there is no stock', async () => {
    const call = jest
      .spyOn(reportApi, 'stockSummary')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' }))
      .mockResolvedValue({ ...summary, rows: [], branches: [], totals: { value: '0.00', lowStock: 0 }, meta: { total: 0, page: 1, pageSize: 50 } });
    const user = setupUser();
    renderScreen(<StockSummaryPage />, { path: '/reports/stock-summary' });
    expect(await screen.findByText('Error loading the stock summary')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No stock yet')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('exports as Excel, CSV and PDF with the branch filter', async () => {
    jest.spyOn(reportApi, 'stockSummary').mockResolvedValue(summary);
    renderScreen(<StockSummaryPage />, { path: '/reports/stock-summary', route: `/reports/stock-summary?branchId=${puneBranch.id}` });
    await screen.findAllByText('Shirt');
    expect(exportLinks()).toEqual(
      ['xlsx', 'csv', 'pdf'].map((format) => ({ path: expect.stringMatching(/\/report\/stock-summary$/), query: { branchId: puneBranch.id, format } })),
    );
  });
});
