import { screen, waitFor } from '@testing-library/react';
import { indiaToday, itemApi, partyApi, reportApi, type PurchaseReport } from '@bahi/shared';
import { periodRange } from '@bahi/shared/ui';
import { cable, renderScreen, setupUser } from '@bahi/shared/testing';
import { setUpReportTests } from '../../test/reports';
import PurchaseReportPage from './purchase';

const BILL_ID = '5e1d2c3b-4a59-4687-9a1b-00000000b001';
const figures = { taxableValue: '4500.00', cgst: '405.00', sgst: '405.00', igst: '0.00', cess: '0.00', subtotal: '5310.00', roundOff: '0.00', grandTotal: '5310.00', paid: '1000.00', balance: '4310.00' };
const bills: PurchaseReport = {
  groupBy: 'invoice',
  rows: [
    { key: BILL_ID, label: 'TW-88', invoices: 1, quantity: null, gstRate: null, ...figures, invoiceDate: '2026-05-04', partyName: 'Thane Wholesale', branchName: 'Mumbai Central', status: 'PARTIAL' },
  ],
  totals: { invoices: 1, ...figures },
  meta: { total: 1, page: 1, pageSize: 20, from: '2026-05-01', to: '2026-05-31' },
};

setUpReportTests();

describe('Purchase report', () => {
  it("shows this month's bills with what was paid, linked to each bill, and filters by supplier", async () => {
    const call = jest.spyOn(reportApi, 'purchaseReport').mockResolvedValue(bills);
    const sale = jest.spyOn(reportApi, 'saleReport');
    const suppliers = jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    const user = setupUser();
    renderScreen(<PurchaseReportPage />, { path: '/reports/purchase' });
    const link = await screen.findByRole('link', { name: 'TW-88' });
    expect(screen.getByRole('heading', { name: 'Purchase report' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ ...periodRange('this-month', indiaToday()), groupBy: 'invoice', page: 1, pageSize: 20 });
    expect(sale).not.toHaveBeenCalled();
    expect(link).toHaveAttribute('href', `/purchases/invoice/${BILL_ID}`);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date', 'Bill no.', 'Supplier', 'Status', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Cess', 'Total', 'Paid', 'Balance',
    ]);
    expect(screen.getByTestId('totals-row')).toHaveTextContent('₹1,000.00');
    expect(new URL(screen.getByRole('link', { name: /Excel/ }).getAttribute('href')!, 'http://x').pathname).toMatch(/\/purchase\/purchase-reports$/);

    await user.click(screen.getByRole('combobox', { name: 'Filter by party' }));
    expect(await screen.findByText('No supplier found')).toBeInTheDocument();
    expect(suppliers).toHaveBeenCalledWith(expect.objectContaining({ partyType: 'SUPPLIER' }));
  });

  it('has the period, party, item, branch and status filters; the item goes to the query and the address', async () => {
    const call = jest.spyOn(reportApi, 'purchaseReport').mockResolvedValue(bills);
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    jest.spyOn(itemApi, 'list').mockResolvedValue({ success: true, data: [cable], meta: { total: 1, page: 1, pageSize: 20 } });
    const user = setupUser();
    renderScreen(<PurchaseReportPage />, { path: '/reports/purchase' });
    await screen.findByRole('link', { name: 'TW-88' });
    for (const name of ['Period', 'Filter by party', 'Filter by item', 'Filter by branch', 'Filter by status']) {
      expect(screen.getByRole('combobox', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('combobox', { name: 'Filter by item' }));
    await user.click(await screen.findByTitle('USB-C Cable'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(expect.objectContaining({ itemId: cable.id, groupBy: 'invoice' })));
    expect(screen.getByTestId('location')).toHaveTextContent(`itemId=${cable.id}`);
  });
});
