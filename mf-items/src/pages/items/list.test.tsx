import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, itemApi, type Item, type ItemListPage } from '@bahi/shared';
import { ItemListPage as ItemListScreen } from './list';
import { CATEGORIES, makeItem, mockReferenceData, mainBranch } from '../../test/fixtures';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
const redmi = makeItem({
  itemName: 'Redmi Note 13',
  itemCode: 'RN13000001',
  itemCatagory: { id: CATEGORIES[0].id, catagory: 'Mobiles' },
  salePrice: '15999.00',
  purchasePrice: '13000.00',
  netQuantity: 2,
  isAlertEnabled: true,
  productAlertValue: 2,
  unit: { id: 'PCS', name: 'Pieces', shortName: 'PCS' },
});
const charger = makeItem({ itemName: 'Charger 33W', itemCode: 'CHG33W', netQuantity: 40, isAlertEnabled: true, productAlertValue: 5 });
const repair = makeItem({ itemType: 'SERVICE', itemName: 'Screen repair', serviceName: 'Screen repair', itemCode: null, serviceCode: 'REP1', salePrice: '999.00' });

const page = (data: Item[], total = data.length, p = 1, pageSize = 50): ItemListPage => ({ success: true, data, meta: { total, page: p, pageSize } });
const renderList = (route = '/items') => renderScreen(<ItemListScreen />, { path: '/items', route });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

beforeEach(() => {
  signIn(mainBranch);
  mockReferenceData();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('ItemListPage', () => {
  it('lists name, code, category, prices and stock with a low-stock badge, linking to the detail', async () => {
    const list = jest.spyOn(itemApi, 'list').mockResolvedValue(page([charger, redmi, repair]));
    renderList();
    expect(await screen.findByRole('link', { name: 'Redmi Note 13' })).toHaveAttribute('href', `/items/inventory/${redmi.id}?itemType=PRODUCT`);
    expect(screen.getByRole('link', { name: 'Screen repair' })).toHaveAttribute('href', `/items/inventory/${repair.id}?itemType=SERVICE`);
    expect(list).toHaveBeenCalledWith({ page: 1, pageSize: 50 });

    const cells = Array.from(rowOf('Redmi Note 13').querySelectorAll('td')).map((td) => td.textContent);
    expect(cells).toEqual(['Redmi Note 13', 'RN13000001', 'Mobiles', '₹15,999.00', '₹13,000.00', 'Low stock2 PCS']);
    expect(within(rowOf('Charger 33W')).queryByText('Low stock')).not.toBeInTheDocument();
    expect(within(rowOf('Screen repair')).getByText('Service')).toBeInTheDocument();
    expect(screen.getByText('3 items')).toBeInTheDocument();
  });

  it('searches on the server after typing stops, and keeps the filters in the address', async () => {
    const list = jest.spyOn(itemApi, 'list').mockResolvedValue(page([charger, redmi]));
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Redmi Note 13' });
    await user.type(screen.getByRole('textbox', { name: 'Search items' }), 'redmi');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ q: 'redmi', page: 1, pageSize: 50 }));
    expect(screen.getByTestId('location')).toHaveTextContent('/items?q=redmi');

    await user.click(screen.getByText('Services'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ q: 'redmi', itemType: 'SERVICE', page: 1, pageSize: 50 }));
    await user.click(screen.getByRole('checkbox', { name: 'Low stock only' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ q: 'redmi', itemType: 'SERVICE', lowStock: true, page: 1, pageSize: 50 }));

    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await user.click(await screen.findByTitle('Mobiles'));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ q: 'redmi', itemType: 'SERVICE', lowStock: true, categoryId: CATEGORIES[0].id, page: 1, pageSize: 50 }),
    );
  });

  it('pages on the server', async () => {
    const list = jest
      .spyOn(itemApi, 'list')
      .mockImplementation(async (q = {}) => page([q.page === 2 ? charger : redmi], 120, q.page ?? 1, q.pageSize ?? 50));
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Redmi Note 13' });
    expect(screen.getByText('1-50 of 120 items')).toBeInTheDocument();
    await user.click(screen.getByTitle('2'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ page: 2, pageSize: 50 }));
    expect(await screen.findByRole('link', { name: 'Charger 33W' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/items?page=2');
  });

  it('Add Item opens the dialog for a product, Add Service in SERVICE mode', async () => {
    jest.spyOn(itemApi, 'list').mockResolvedValue(page([redmi]));
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Redmi Note 13' });
    await user.click(screen.getByRole('button', { name: /Add Item/ }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create New Item')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Basic Details *', 'Stock Details*', 'Pricing Details']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: /Add Service/ }));
    await waitFor(() => {
      dialog = screen.getAllByRole('dialog').at(-1)!;
      expect(within(dialog).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Basic Details *', 'Other Details']);
    });
  });

  it('offers the bulk import', async () => {
    jest.spyOn(itemApi, 'list').mockResolvedValue(page([redmi]));
    const user = setupUser();
    renderList();
    await user.click(await screen.findByRole('button', { name: /Bulk import/ }));
    expect(await screen.findByText('Import items from a spreadsheet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Download template/ })).toBeInTheDocument();
  });

  it('shows an empty state with the add buttons, and an error state with Retry', async () => {
    jest
      .spyOn(itemApi, 'list')
      .mockRejectedValueOnce(new ApiError({ status: 503, message: 'Service unavailable' }))
      .mockResolvedValue(page([]));
    const user = setupUser();
    renderList();
    expect(await screen.findByText('Error loading items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No items yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Item/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add Service/ })).toBeInTheDocument();
  });
});
