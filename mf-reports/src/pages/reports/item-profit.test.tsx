import { screen, waitFor } from '@testing-library/react';
import { ApiError, indiaToday, reportApi, type ItemProfit } from '@bahi/shared';
import { periodRange } from '@bahi/shared/ui';
import { mumbaiBranch, renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import ItemProfitPage from './item-profit';

const report: ItemProfit = {
  rows: [
    { itemId: 'i1', itemName: 'Shirt', quantity: '12', saleValue: '6000.00', cost: '3000.00', profit: '3000.00', marginPercent: '50.00' },
    { itemId: 'i2', itemName: 'Jeans', quantity: '1.5', saleValue: '1000.00', cost: '1200.00', profit: '-200.00', marginPercent: '-20.00' },
    { itemId: 'i3', itemName: 'Free sample', quantity: '2', saleValue: '0.00', cost: '100.00', profit: '-100.00', marginPercent: null },
  ],
  totals: { saleValue: '7000.00', cost: '4300.00', profit: '2700.00' },
  meta: { total: 3, page: 1, pageSize: 20, from: '2026-11-01', to: '2026-11-30' },
};

setUpReportTests();

describe('Item profit', () => {
  it("shows each item's quantity, sale value, cost, profit and margin for this month, with totals", async () => {
    const call = jest.spyOn(reportApi, 'itemProfit').mockResolvedValue(report);
    renderScreen(<ItemProfitPage />, { path: '/reports/item-profit' });
    expect(screen.getByRole('heading', { name: 'Item profit' })).toBeInTheDocument();
    const shirt = (await screen.findByText('Shirt')).closest('tr')!;
    expect(call).toHaveBeenCalledWith({ ...periodRange('this-month', indiaToday()), branchId: undefined, page: 1, pageSize: 20 });
    expect(cells(shirt)).toEqual(['Shirt', '12', '₹6,000.00', '₹3,000.00', '₹3,000.00', '50.00%']);
    expect(cells(screen.getByText('Jeans').closest('tr')!)).toEqual(['Jeans', '1.5', '₹1,000.00', '₹1,200.00', '-₹200.00', '-20.00%']);
    expect(cells(screen.getByText('Free sample').closest('tr')!)).toEqual(['Free sample', '2', '₹0.00', '₹100.00', '-₹100.00', '-']);
    // 2700 / 7000 = 38.57 %
    expect(cells(screen.getByTestId('totals-row'))).toEqual(['Total', '₹7,000.00', '₹4,300.00', '₹2,700.00', '38.57%']);
  });

  it('asks for the period and branch picked, kept in the address', async () => {
    const call = jest.spyOn(reportApi, 'itemProfit').mockResolvedValue(report);
    const user = setupUser();
    renderScreen(<ItemProfitPage />, { path: '/reports/item-profit' });
    await screen.findByText('Shirt');
    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByTitle('This financial year'));
    await user.click(screen.getByRole('combobox', { name: 'Filter by branch' }));
    await user.click(await screen.findByTitle('Mumbai Central'));
    await waitFor(() =>
      expect(call).toHaveBeenLastCalledWith({ ...periodRange('this-fy', indiaToday()), branchId: mumbaiBranch.id, page: 1, pageSize: 20 }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('period=this-fy');
    expect(screen.getByTestId('location')).toHaveTextContent(`branchId=${mumbaiBranch.id}`);
  });

  it('shows an error with a retry, then an empty period', async () => {
    const call = jest
      .spyOn(reportApi, 'itemProfit')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' }))
      .mockResolvedValue({ ...report, rows: [], totals: { saleValue: '0.00', cost: '0.00', profit: '0.00' }, meta: { ...report.meta, total: 0 } });
    const user = setupUser();
    renderScreen(<ItemProfitPage />, { path: '/reports/item-profit' });
    expect(await screen.findByText('Error loading the item profit')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No items sold in this period')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('exports the period and branch as Excel, CSV and PDF', async () => {
    jest.spyOn(reportApi, 'itemProfit').mockResolvedValue(report);
    renderScreen(<ItemProfitPage />, { path: '/reports/item-profit', route: `/reports/item-profit?period=this-fy&branchId=${mumbaiBranch.id}` });
    await screen.findByText('Shirt');
    const fy = periodRange('this-fy', indiaToday());
    expect(exportLinks()).toEqual(
      ['xlsx', 'csv', 'pdf'].map((format) => ({ path: expect.stringMatching(/\/report\/item-profit$/), query: { ...fy, branchId: mumbaiBranch.id, format } })),
    );
  });
});
