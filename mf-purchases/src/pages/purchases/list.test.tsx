import { screen, waitFor, within } from '@testing-library/react';
import { indiaToday, partyApi, purchaseApi, type PurchaseInvoiceListResponse, type PurchaseInvoiceSummary } from '@bahi/shared';
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
    const suppliers = jest
      .spyOn(partyApi, 'list')
      .mockResolvedValue({ success: true, data: [delhiSupplier, thaneSupplier], meta: { total: 2, page: 1, pageSize: 20 } });
    jest.spyOn(partyApi, 'get').mockResolvedValue(thaneSupplier);
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
