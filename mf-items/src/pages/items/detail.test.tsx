import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, itemApi, type Item, type ItemStock } from '@bahi/shared';
import { ItemDetailPage } from './detail';
import { CATEGORIES, mainBranch, makeItem, mockReferenceData } from '../../test/fixtures';
import { renderScreen, setupUser, signIn, testUser } from '@bahi/shared/testing';
const redmi = makeItem({
  itemName: 'Redmi Note 13',
  itemCode: 'RN13000001',
  hsnCode: '85171300',
  itemCatagory: { id: CATEGORIES[0].id, catagory: 'Mobiles' },
  hasSerialisation: true,
  itemSerialNo: [{ serialNo: 'IMEI-1' }, { serialNo: 'IMEI-2' }, { serialNo: 'IMEI-3' }],
  itemImage: ['/api/item/image/aaaa.png', '/api/item/image/bbbb.jpg'],
  gstRate: { id: 'gst-28-cess-12', value: 28, cessValue: 12 },
  unit: { id: 'PCS', name: 'Pieces', shortName: 'PCS' },
  salePrice: '159999.50',
  purchasePrice: '13000.00',
  isSaleTaxApplicable: true,
  isPurchaseTaxApplicable: false,
  netQuantity: 3,
  openingStock: 3,
  isAlertEnabled: true,
  productAlertValue: 2,
  isOnlineVisible: true,
  asOfDate: '2025-04-01',
  description: 'Blue, 8/128 GB',
});

const stock: ItemStock = {
  branches: [
    { branchId: mainBranch.id, branchName: 'Main Branch', quantity: 3, isActive: true },
    { branchId: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000b2', branchName: 'Pune Camp', quantity: 0, isActive: false },
  ],
  movements: [
    {
      id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000d1',
      branchId: mainBranch.id,
      branchName: 'Main Branch',
      kind: 'OPENING',
      quantity: 3,
      balanceAfter: 3,
      date: '2025-04-01',
      reason: 'Opening stock',
      createdBy: 'Ravi Sharma',
      createdAt: '2025-04-01T05:30:00.000Z',
    },
  ],
};

const renderDetail = (route: string) => renderScreen(<ItemDetailPage />, { path: '/items/inventory/:id', route });
const card = (title: string) => screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
/** The label/value pairs of a card, in order. */
const rowsOf = (title: string) =>
  Array.from(card(title).querySelectorAll('dt')).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

beforeEach(() => {
  signIn(mainBranch);
  mockReferenceData();
  jest.spyOn(itemApi, 'stock').mockResolvedValue(stock);
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('ItemDetailPage (seed §2)', () => {
  it('shows "Loading item details..." while loading', async () => {
    jest.spyOn(itemApi, 'get').mockReturnValue(new Promise(() => {}));
    renderDetail(`/items/inventory/${redmi.id}`);
    expect(screen.getByText('Loading item details...')).toBeInTheDocument();
  });

  it('shows "Failed to fetch item." when the item cannot be loaded, or the id is not one', async () => {
    jest.spyOn(itemApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Item not found' }));
    renderDetail(`/items/inventory/${redmi.id}`);
    expect(await screen.findByText('Failed to fetch item.')).toBeInTheDocument();
  });

  it('a malformed id fails without a request', async () => {
    const get = jest.spyOn(itemApi, 'get');
    renderDetail('/items/inventory/not-an-id');
    expect(await screen.findByText('Failed to fetch item.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('marks a rate the law withdrew, a rate the law keeps the item at, and an item that is not taxable', async () => {
    const withdrawn = { id: 'gst-12', value: 12, cessValue: 0, validFrom: null, validTo: '2025-09-21' };
    const bag = makeItem({ itemName: 'Jute Bag', gstRate: withdrawn });
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: bag });
    const first = renderDetail(`/items/inventory/${bag.id}`);
    await screen.findByRole('heading', { name: /Jute Bag/ });
    expect(rowsOf('Pricing')).toContainEqual(['GST Rate', '12% (withdrawn from 22 Sept 2025)']);
    first.unmount();

    const milk = makeItem({ itemName: 'Milk', gstRate: { id: 'gst-0', value: 0, cessValue: 0 }, taxability: 'NIL_RATED' });
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: milk });
    renderDetail(`/items/inventory/${milk.id}`);
    await screen.findByRole('heading', { name: /Milk/ });
    expect(rowsOf('Pricing')).toContainEqual(['Taxability', 'Nil rated']);
  });

  it('shows a biller no purchase price and no Edit Item or Adjust Stock', async () => {
    signIn(mainBranch, { ...testUser, role: 'BILLER' });
    // The API leaves cost out of a biller's answer.
    const { purchasePrice: _cost, ...withoutCost } = redmi;
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: withoutCost });
    renderDetail(`/items/inventory/${redmi.id}`);
    expect(await screen.findByRole('heading', { name: /Redmi Note 13/ })).toBeInTheDocument();
    expect(rowsOf('Pricing').map(([label]) => label)).not.toContain('Purchase Price');
    expect(rowsOf('Pricing')[0]).toEqual(['Sale Price', '₹1,59,999.50']);
    expect(screen.queryByRole('button', { name: /Edit Item/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Adjust Stock/ })).not.toBeInTheDocument();
  });

  it('shows the product with its badge, Edit Item, the gallery and every card', async () => {
    const get = jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: redmi });
    renderDetail(`/items/inventory/${redmi.id}`);
    expect(await screen.findByRole('heading', { name: /Redmi Note 13/ })).toBeInTheDocument();
    // itemType defaults to PRODUCT.
    expect(get).toHaveBeenCalledWith(redmi.id, 'PRODUCT');
    const heading = screen.getByRole('heading', { name: /Redmi Note 13/ });
    expect(within(heading).getByText('Product')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Edit Item/ })).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: /Redmi Note 13 image/ }).map((i) => i.getAttribute('src'))).toEqual(redmi.itemImage);

    expect(rowsOf('General Info')).toEqual([
      ['Item Code', 'RN13000001'],
      ['Category', 'Mobiles'],
      ['HSN/SAC Code', '85171300'],
      ['Item Product Type', 'New'],
      ['Has Serialisation', 'Yes'],
      ['Serial Numbers', 'IMEI-1, IMEI-2, IMEI-3'],
    ]);
    expect(rowsOf('Pricing')).toEqual([
      ['Sale Price', '₹1,59,999.50'],
      ['Purchase Price', '₹13,000.00'],
      ['GST Rate', '28%'],
      ['CESS', '12%'],
      ['Sale Tax Applicable', 'Yes'],
      ['Purchase Tax Applicable', 'No'],
    ]);
    expect(rowsOf('Stock & Units')).toEqual([
      ['Unit Name', 'Pieces'],
      ['Unit Short Name', 'PCS'],
      ['Net Quantity', '3'],
      ['Opening Stock', '3'],
      ['Alert Enabled', 'Yes'],
      ['Alert Quantity', '2'],
    ]);
    expect(rowsOf('Other')).toEqual([
      ['Online Visibility', 'Visible'],
      ['As of Date', '01 Apr 2025'],
    ]);
    expect(within(card('Description')).getByText('Blue, 8/128 GB')).toBeInTheDocument();

    const movements = card('Stock Movements');
    const [, first] = within(movements).getAllByRole('row');
    expect(Array.from(first.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '01 Apr 2025',
      'Opening stock',
      'Main Branch',
      '+3',
      '3',
      'Opening stock',
      'Ravi Sharma',
    ]);
    expect(within(movements).getByRole('list', { name: 'Stock by branch' })).toHaveTextContent('Main Branch: 3 (active)Pune Camp: 0');
  });

  it('shows "-" for empty values, "No description provided." and a service’s code and SAC', async () => {
    const service = makeItem({ itemType: 'SERVICE', itemName: 'Screen repair', serviceName: 'Screen repair', itemCode: null, serviceCode: 'REP1', sacCode: '998713' });
    const get = jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: service });
    renderDetail(`/items/inventory/${service.id}?itemType=SERVICE`);
    expect(await screen.findByRole('heading', { name: /Screen repair/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(service.id, 'SERVICE');
    expect(within(screen.getByRole('heading', { name: /Screen repair/ })).getByText('Service')).toBeInTheDocument();
    expect(rowsOf('General Info')).toEqual([
      ['Service Code', 'REP1'],
      ['Category', '-'],
      ['HSN/SAC Code', '998713'],
      ['Item Product Type', '-'],
      ['Has Serialisation', 'No'],
      ['Serial Numbers', '-'],
    ]);
    expect(rowsOf('Pricing').slice(0, 4)).toEqual([
      ['Sale Price', '-'],
      ['Purchase Price', '-'],
      ['GST Rate', '-'],
      ['CESS', '-'],
    ]);
    expect(rowsOf('Stock & Units').slice(0, 3)).toEqual([
      ['Unit Name', '-'],
      ['Unit Short Name', '-'],
      ['Net Quantity', '-'],
    ]);
    expect(within(card('Description')).getByText('No description provided.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /image/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Adjust Stock/ })).not.toBeInTheDocument();
  });

  it('Edit Item opens the item dialog in edit mode', async () => {
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: redmi });
    const user = setupUser();
    renderDetail(`/items/inventory/${redmi.id}`);
    await user.click(await screen.findByRole('button', { name: /Edit Item/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Edit Item', { selector: '.ant-modal-title' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Item Name')).toHaveValue('Redmi Note 13');
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it('adjusts stock with a quantity, a date and a reason, and a serialised product with its serials', async () => {
    const updated: Item = { ...redmi, netQuantity: 1 };
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: redmi });
    const updateStock = jest.spyOn(itemApi, 'updateStock').mockResolvedValue(updated);
    const user = setupUser();
    renderDetail(`/items/inventory/${redmi.id}`);
    await user.click(await screen.findByRole('button', { name: /Adjust Stock/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Redmi Note 13 at Main Branch: 3 in stock')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Reduce Stock' }));
    await user.type(within(dialog).getByLabelText('Quantity'), '5');
    await user.type(within(dialog).getByLabelText('Reason'), 'Damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Only 3 in stock here: stock never goes below 0.')).toBeInTheDocument();
    expect(updateStock).not.toHaveBeenCalled();

    // A serialised product names the serials taken out, one per unit: the quantity follows them.
    await user.clear(within(dialog).getByLabelText('Quantity'));
    await user.type(within(dialog).getByLabelText('Quantity'), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Name 2 serial numbers, one for each unit')).toBeInTheDocument();
    expect(updateStock).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('combobox', { name: 'Serial Numbers' }));
    await user.click(await screen.findByTitle('IMEI-1'));
    await user.click(await screen.findByTitle('IMEI-3'));
    expect(within(dialog).getByLabelText('Quantity')).toHaveValue('2');
    expect(within(dialog).getByText('Stock after: 1')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(updateStock).toHaveBeenCalledWith({
        itemId: redmi.id,
        type: 'REDUCE',
        quantity: 2,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        reason: 'Damaged',
        serialNos: ['IMEI-1', 'IMEI-3'],
      }),
    );
    expect(await screen.findByText('Stock updated: 1 in stock')).toBeInTheDocument();
  });
});
