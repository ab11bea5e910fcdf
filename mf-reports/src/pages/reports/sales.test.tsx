import { screen, waitFor } from '@testing-library/react';
import { ApiError, indiaToday, itemApi, partyApi, reportApi, type SaleReport, type SaleReportRow } from '@bahi/shared';
import { periodRange } from '@bahi/shared/ui';
import { bengaluruParty, cable, cover, mumbaiBranch, puneParty, renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, setUpReportTests } from '../../test/reports';
import SaleReportPage from './sales';

const INVOICE_ID = '5e1d2c3b-4a59-4687-9a1b-00000000a001';
const row = (over: Partial<SaleReportRow>): SaleReportRow => ({
  key: INVOICE_ID,
  label: 'MUM/26-27/7',
  invoices: 1,
  quantity: null,
  gstRate: null,
  taxableValue: '10000.00',
  cgst: '0.00',
  sgst: '0.00',
  igst: '1800.00',
  cess: '0.00',
  subtotal: '11800.00',
  roundOff: '0.00',
  grandTotal: '11800.00',
  received: '5000.00',
  balance: '6800.00',
  invoiceDate: '2026-05-04',
  partyName: 'Bengaluru Retail LLP',
  branchName: 'Mumbai Central',
  status: 'PARTIAL',
  ...over,
});
const report = (rows: SaleReportRow[], over: Partial<SaleReport> = {}): SaleReport => ({
  groupBy: 'invoice',
  rows,
  totals: {
    invoices: 3,
    taxableValue: '12000.00',
    cgst: '90.00',
    sgst: '90.00',
    igst: '1800.00',
    cess: '0.00',
    subtotal: '13980.00',
    roundOff: '0.00',
    grandTotal: '13980.00',
    received: '7180.00',
    balance: '6800.00',
  },
  meta: { total: rows.length, page: 1, pageSize: 20, from: '2026-05-01', to: '2026-05-31' },
  ...over,
});
const thisMonth = periodRange('this-month', indiaToday());
const renderReport = (route = '/reports/sales') => renderScreen(<SaleReportPage />, { path: '/reports/sales', route });

setUpReportTests();
beforeEach(() => {
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [bengaluruParty, puneParty], meta: { total: 2, page: 1, pageSize: 20 } });
  jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
});

describe('Sale report', () => {
  it("shows this month's invoices with the totals row of everything the filters match", async () => {
    const call = jest.spyOn(reportApi, 'saleReport').mockResolvedValue(report([row({})], { meta: { total: 3, page: 1, pageSize: 20, from: '2026-05-01', to: '2026-05-31' } }));
    renderReport();
    const link = await screen.findByRole('link', { name: 'MUM/26-27/7' });
    expect(screen.getByRole('heading', { name: 'Sale report' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ ...thisMonth, groupBy: 'invoice', page: 1, pageSize: 20 });
    expect(link).toHaveAttribute('href', `/sales/invoice/${INVOICE_ID}`);
    expect(cells(link.closest('tr')!)).toEqual([
      '04/05/2026',
      'MUM/26-27/7',
      'Bengaluru Retail LLP',
      'Part paid',
      '₹10,000.00',
      '₹0.00',
      '₹0.00',
      '₹1,800.00',
      '₹0.00',
      '₹11,800.00',
      '₹5,000.00',
      '₹6,800.00',
    ]);
    // The server's sums over all three invoices, not the one row on this page.
    expect(cells(screen.getByTestId('totals-row'))).toEqual(['Total', '', '', '', '₹12,000.00', '₹90.00', '₹90.00', '₹1,800.00', '₹0.00', '₹13,980.00', '₹7,180.00', '₹6,800.00']);
  });

  it('groups by HSN: line figures with rate and quantity, the invoice count in the totals row', async () => {
    const hsn = report(
      [row({ key: '8544|18', label: '8544', gstRate: '18.00', quantity: '40', invoices: 2, roundOff: null, grandTotal: null, received: null, balance: null, invoiceDate: null, partyName: null, status: null })],
      { groupBy: 'hsn', totals: { ...report([]).totals, roundOff: null, grandTotal: null, received: null, balance: null } },
    );
    const call = jest.spyOn(reportApi, 'saleReport').mockResolvedValueOnce(report([row({})])).mockResolvedValue(hsn);
    const user = setupUser();
    renderReport();
    await screen.findByRole('link', { name: 'MUM/26-27/7' });
    await user.click(screen.getByRole('combobox', { name: 'Group by' }));
    await user.click(await screen.findByTitle('By hsn'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ ...thisMonth, groupBy: 'hsn', page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent('groupBy=hsn');
    const headers = (await screen.findAllByRole('columnheader')).map((h) => h.textContent);
    expect(headers).toEqual(['HSN', 'GST rate', 'Quantity', 'Invoices', 'Taxable value', 'CGST', 'SGST', 'IGST', 'Cess', 'Value']);
    expect(cells(screen.getByText('8544').closest('tr')!)).toEqual(['8544', '18%', '40', '2', '₹10,000.00', '₹0.00', '₹0.00', '₹1,800.00', '₹0.00', '₹11,800.00']);
    expect(cells(screen.getByTestId('totals-row'))).toEqual(['Total', '', '', '3', '₹12,000.00', '₹90.00', '₹90.00', '₹1,800.00', '₹0.00', '₹13,980.00']);
  });

  it('puts the period preset, party, branch and status in the query and the export links', async () => {
    const call = jest.spyOn(reportApi, 'saleReport').mockResolvedValue(report([row({})]));
    const user = setupUser();
    renderReport('/reports/sales?groupBy=party');
    await screen.findByText('Bengaluru Retail LLP', { selector: 'td' });

    await user.click(screen.getByRole('combobox', { name: 'Period' }));
    await user.click(await screen.findByTitle('This financial year'));
    const fy = periodRange('this-fy', indiaToday());
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ ...fy, groupBy: 'party', page: 1, pageSize: 20 }));

    await user.click(screen.getByRole('combobox', { name: 'Filter by party' }));
    await user.click(await screen.findByTitle('Pune Traders'));
    await user.click(screen.getByRole('combobox', { name: 'Filter by branch' }));
    await user.click(await screen.findByTitle('Mumbai Central'));
    await user.click(screen.getByRole('combobox', { name: 'Filter by status' }));
    await user.click(await screen.findByTitle('Cancelled'));
    const filters = { ...fy, groupBy: 'party', partyId: puneParty.id, branchId: mumbaiBranch.id, status: 'CANCELLED' };
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ ...filters, page: 1, pageSize: 20 }));

    for (const [name, format] of [
      ['Excel', 'xlsx'],
      ['CSV', 'csv'],
      ['PDF', 'pdf'],
    ]) {
      const href = new URL(screen.getByRole('link', { name: new RegExp(name) }).getAttribute('href')!, 'http://x');
      expect(href.pathname).toMatch(/\/sale\/sale-reports$/);
      expect(Object.fromEntries(href.searchParams)).toEqual({ ...filters, format });
    }
    const open = jest.spyOn(window, 'open').mockReturnValue(null);
    await user.click(screen.getByRole('button', { name: /Print/ }));
    expect(open).toHaveBeenCalledWith(expect.stringContaining('format=pdf'), '_blank', 'noopener');
  });

  it('filters by an item searched on the server, kept in the address and the export links', async () => {
    const call = jest.spyOn(reportApi, 'saleReport').mockResolvedValue(report([row({})]));
    const search = jest.spyOn(itemApi, 'list').mockResolvedValue({ success: true, data: [cable, cover], meta: { total: 2, page: 1, pageSize: 20 } });
    const user = setupUser();
    const { unmount } = renderReport();
    await screen.findByRole('link', { name: 'MUM/26-27/7' });
    const picker = screen.getByRole('combobox', { name: 'Filter by item' });
    await user.click(picker);
    await user.type(picker, 'cab');
    await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'cab' })));
    // The server's answer (both items, as mocked) is shown only where it matches what was typed.
    expect(screen.queryByTitle(cover.itemName)).not.toBeInTheDocument();
    await user.click(await screen.findByTitle('USB-C Cable'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ ...thisMonth, itemId: cable.id, groupBy: 'invoice', page: 1, pageSize: 20 }));
    expect(screen.getByTestId('location')).toHaveTextContent(`itemId=${cable.id}`);
    const href = new URL(screen.getByRole('link', { name: /Excel/ }).getAttribute('href')!, 'http://x');
    expect(href.searchParams.get('itemId')).toBe(cable.id);
    unmount();

    // A reload keeps the item, by name, though the first page of the search does not hold it.
    search.mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    const get = jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: cover });
    renderReport(`/reports/sales?itemId=${cover.id}`);
    await waitFor(() => expect(call).toHaveBeenLastCalledWith(expect.objectContaining({ itemId: cover.id })));
    expect(await screen.findByTitle(cover.itemName)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(cover.id, 'PRODUCT');
    await user.click(screen.getByRole('combobox', { name: 'Filter by item' }).closest('.ant-select')!.querySelector('.ant-select-clear')!);
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('itemId='));
  });

  it('pages on the server', async () => {
    const call = jest.spyOn(reportApi, 'saleReport').mockResolvedValue(report([row({})], { meta: { total: 45, page: 1, pageSize: 20, from: '2026-05-01', to: '2026-05-31' } }));
    const user = setupUser();
    renderReport();
    expect(await screen.findByText('1-20 of 45 rows')).toBeInTheDocument();
    await user.click(screen.getByTitle('3'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ ...thisMonth, groupBy: 'invoice', page: 3, pageSize: 20 }));
  });

  it('says when nothing was sold in the period, and when nothing matches the filters', async () => {
    jest.spyOn(reportApi, 'saleReport').mockResolvedValue(report([], { totals: { ...report([]).totals, invoices: 0 } }));
    const user = setupUser();
    const { unmount } = renderReport();
    expect(await screen.findByText('No invoices in this period')).toBeInTheDocument();
    expect(screen.queryByTestId('totals-row')).not.toBeInTheDocument();
    unmount();
    renderReport('/reports/sales?status=PAID');
    expect(await screen.findByText('No invoices match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).not.toHaveTextContent('status=');
  });

  it('shows an error with a retry', async () => {
    const call = jest
      .spyOn(reportApi, 'saleReport')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' }))
      .mockResolvedValue(report([row({})]));
    const user = setupUser();
    renderReport();
    expect(await screen.findByText('Error loading the sale report')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'MUM/26-27/7' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
