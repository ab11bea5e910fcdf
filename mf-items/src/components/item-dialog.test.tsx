import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, ITEM_BOUNDS, itemApi, type Item } from '@bahi/shared';
import { DISCARD_TITLE, notify } from '@bahi/shared/ui';
import { ITEM_DIALOG_TOAST_MS, ItemDialog, type ItemDialogProps } from './item-dialog';
import { todayInIndia } from './item-rules';
import { CATEGORIES, mainBranch, makeItem, mockReferenceData, referenceDataLoaded } from '../test/fixtures';
import { notificationTexts, renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';

function renderDialog(props: Partial<ItemDialogProps> = {}) {
  const onClose = jest.fn();
  const user = setupUser();
  renderScreen(<ItemDialog open onClose={onClose} {...props} />);
  return { user, onClose };
}

/** A dialog by its title (antd's ids are not unique under jest, so accessible names are not reliable). */
const dialogTitled = (title: string) => {
  const found = screen.queryAllByRole('dialog').find((d) => d.querySelector('.ant-modal-title')?.textContent === title);
  if (!found) throw new Error(`no dialog titled ${title}`);
  return found;
};
const dialog = () => {
  try {
    return dialogTitled('Create New Item');
  } catch {
    return dialogTitled('Edit Item');
  }
};
const tab = (name: string) => screen.getByRole('tab', { name });
const field = (label: string) => within(dialog()).getByLabelText(label);
const notifications = notificationTexts;
const saveButton = () => within(dialog()).getByRole('button', { name: /^(Save|Update|Saving\.\.\.)$/ });

async function openTab(user: TestUser, name: string) {
  await user.click(tab(name));
}
async function choose(user: TestUser, label: string, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByTitle(option));
}
/** Types into a field at once (pasting): a keystroke at a time re-renders the whole dialog each time. */
async function paste(user: TestUser, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}
async function fillMinimalProduct(user: TestUser) {
  await paste(user, 'Item Name', 'Redmi Note 13');
  await paste(user, 'Item Code', 'RN13000001');
}

beforeEach(() => {
  signIn(mainBranch);
  mockReferenceData();
});
afterEach(() => {
  jest.restoreAllMocks();
});

describe('ItemDialog layout (seed §2)', () => {
  it('shows the product tabs, only a Product radio, Cancel and Save, and today as the as-of date', async () => {
    const { user } = renderDialog();
    expect(within(dialog()).getByText('Create New Item')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Basic Details *', 'Stock Details*', 'Pricing Details']);
    const radios = within(dialog()).getAllByRole('radio').filter((r) => r.closest('.ant-form-item')?.textContent?.startsWith('Item Type'));
    expect(radios).toHaveLength(1);
    expect(within(dialog()).getByRole('radio', { name: 'Product' })).toBeChecked();
    expect(within(dialog()).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(saveButton()).toHaveTextContent('Save');

    await openTab(user, 'Stock Details*');
    const [y, m, d] = todayInIndia().split('-');
    expect(field('As of Date')).toHaveValue(`${d}/${m}/${y}`);
  });

  it('shows the service tabs in SERVICE mode, the Product radio unselected', async () => {
    renderDialog({ itemType: 'SERVICE' });
    await referenceDataLoaded();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Basic Details *', 'Other Details']);
    expect(within(dialog()).getByRole('radio', { name: 'Product' })).not.toBeChecked();
    expect(field('Service Name')).toBeInTheDocument();
    expect(field('SAC Code')).toBeInTheDocument();
  });

  it('offers tax rates as "GST @ x%" with "+ cess @ y" when there is cess, and units as "name - shortName"', async () => {
    const { user } = renderDialog();
    await user.click(field('Unit'));
    expect(await screen.findByTitle('Numbers - NOS')).toBeInTheDocument();
    expect(screen.getByTitle('Kilograms - KGS')).toBeInTheDocument();
    await openTab(user, 'Pricing Details');
    await user.click(field('GST Rate'));
    expect(await screen.findByTitle('GST @ 18%')).toBeInTheDocument();
    expect(screen.getByTitle('GST @ 0%')).toBeInTheDocument();
    expect(screen.getByTitle('GST @ 28% + cess @ 12')).toBeInTheDocument();
  });

  it('Cancel closes without saving', async () => {
    const create = jest.spyOn(itemApi, 'create');
    const { user, onClose } = renderDialog();
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('ItemDialog rules (seed §4, §5)', () => {
  it('generates the item code from the typed prefix', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1743465600123);
    const { user } = renderDialog();
    await paste(user, 'Item Code', 'mob');
    await user.click(within(dialog()).getByRole('button', { name: 'Generate item code' }));
    expect(field('Item Code')).toHaveValue('MOB5600123');
    await user.clear(field('Item Code'));
    await user.paste('accessories1');
    await user.click(within(dialog()).getByRole('button', { name: 'Generate item code' }));
    expect(field('Item Code')).toHaveValue('ACCESSORIE');
  });

  it('on save shows every failed rule as its own toast, all together, for 3000 ms', async () => {
    const create = jest.spyOn(itemApi, 'create');
    const error = jest.spyOn(notify, 'error');
    const { user } = renderDialog();
    await openTab(user, 'Stock Details*');
    await user.type(field('Opening Stock'), '2');
    await user.click(screen.getByRole('switch', { name: 'Serialisation' }));
    await user.click(saveButton());
    expect(notifications()).toEqual([
      'Item Name is required',
      'Item Code is required',
      'All serial numbers must be filled when serialisation is on',
    ]);
    for (const call of error.mock.calls) expect(call[1]).toEqual({ duration: ITEM_DIALOG_TOAST_MS });
    expect(ITEM_DIALOG_TOAST_MS).toBe(3000);
    expect(create).not.toHaveBeenCalled();
    // The dialog shows the tab of the first problem.
    expect(tab('Basic Details *')).toHaveAttribute('aria-selected', 'true');
  });

  it('services need a service code and a SAC code', async () => {
    const { user } = renderDialog({ itemType: 'SERVICE' });
    await user.type(field('Service Name'), 'Screen repair');
    await user.click(saveButton());
    expect(notifications()).toEqual(['Service Code is required', 'SAC Code is required']);
  });

  it('serialisation gives one serial entry per unit of opening stock, resized with the stock, cleared when off', async () => {
    const { user } = renderDialog();
    await openTab(user, 'Stock Details*');
    await user.type(field('Opening Stock'), '3');
    await user.click(screen.getByRole('switch', { name: 'Serialisation' }));
    expect(within(dialog()).getAllByRole('textbox', { name: /^Serial No\./ })).toHaveLength(3);
    await user.type(field('Serial No. 1'), 'IMEI-1');
    await user.clear(field('Opening Stock'));
    await user.type(field('Opening Stock'), '2');
    expect(within(dialog()).getAllByRole('textbox', { name: /^Serial No\./ })).toHaveLength(2);
    expect(field('Serial No. 1')).toHaveValue('IMEI-1');
    await user.click(screen.getByRole('switch', { name: 'Serialisation' }));
    expect(within(dialog()).queryAllByRole('textbox', { name: /^Serial No\./ })).toHaveLength(0);
  });

  it('Preowned: opening stock 1 and locked, both tax types Without Tax and locked, one serial entry, no low-stock warning, battery shown', async () => {
    const { user } = renderDialog();
    expect(within(dialog()).queryByLabelText('Battery Percentage')).not.toBeInTheDocument();
    await openTab(user, 'Pricing Details');
    await choose(user, 'Sale Price tax type', 'With Tax');
    await openTab(user, 'Stock Details*');
    await paste(user, 'Opening Stock', '4');
    await user.click(screen.getByRole('switch', { name: 'Serialisation' }));
    await user.click(within(dialog()).getByRole('button', { name: /Enable Low Stock Warning/ }));
    expect(field('Low Stock Quantity')).toBeInTheDocument();

    await openTab(user, 'Basic Details *');
    await user.click(within(dialog()).getByRole('radio', { name: 'Preowned' }));
    expect(field('Battery Percentage')).toBeInTheDocument();

    await openTab(user, 'Stock Details*');
    expect(field('Opening Stock')).toHaveValue('1');
    expect(field('Opening Stock')).toBeDisabled();
    expect(within(dialog()).getAllByRole('textbox', { name: /^Serial No\./ })).toHaveLength(1);
    expect(field('Serial No. 1')).toHaveValue('');
    expect(within(dialog()).queryByLabelText('Low Stock Quantity')).not.toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: /Enable Low Stock Warning/ })).not.toBeInTheDocument();

    await openTab(user, 'Pricing Details');
    for (const label of ['Sale Price tax type', 'Purchase Price tax type']) {
      const select = field(label).closest('.ant-select') as HTMLElement;
      expect(select).toHaveClass('ant-select-disabled');
      expect(within(select).getByTitle('Without Tax')).toBeInTheDocument();
    }
  });

  it('back to New: opening stock and serials cleared, battery gone', async () => {
    const { user } = renderDialog();
    await openTab(user, 'Stock Details*');
    await user.click(screen.getByRole('switch', { name: 'Serialisation' }));
    await openTab(user, 'Basic Details *');
    await user.click(within(dialog()).getByRole('radio', { name: 'Preowned' }));
    await user.click(within(dialog()).getByRole('radio', { name: 'New' }));
    expect(within(dialog()).queryByLabelText('Battery Percentage')).not.toBeInTheDocument();
    await openTab(user, 'Stock Details*');
    expect(field('Opening Stock')).toHaveValue('');
    expect(field('Opening Stock')).toBeEnabled();
    expect(within(dialog()).queryAllByRole('textbox', { name: /^Serial No\./ })).toHaveLength(0);
  });

  it('the low-stock warning is enabled by a link and removed by Remove', async () => {
    const { user } = renderDialog();
    await openTab(user, 'Stock Details*');
    expect(within(dialog()).queryByLabelText('Low Stock Quantity')).not.toBeInTheDocument();
    await user.click(within(dialog()).getByRole('button', { name: /Enable Low Stock Warning/ }));
    await user.type(field('Low Stock Quantity'), '5');
    await user.click(within(dialog()).getByRole('button', { name: 'Remove' }));
    expect(within(dialog()).queryByLabelText('Low Stock Quantity')).not.toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: /Enable Low Stock Warning/ })).toBeInTheDocument();
  });
});

describe('ItemDialog images', () => {
  const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

  it('previews picked images, removes one, and refuses more than 5 with "Maximum 5 images allowed"', async () => {
    const { user } = renderDialog();
    const input = screen.getByTestId('item-images-input');
    await user.upload(input, [png('1.png'), png('2.png')]);
    expect(within(dialog()).getAllByRole('img', { name: /\.png$/ })).toHaveLength(2);
    await user.click(within(dialog()).getByRole('button', { name: 'Remove image 1' }));
    expect(within(dialog()).getAllByRole('img', { name: /\.png$/ }).map((i) => i.getAttribute('alt'))).toEqual(['2.png']);
    await user.upload(input, [png('3.png'), png('4.png'), png('5.png'), png('6.png'), png('7.png')]);
    expect(notifications()).toEqual(['Maximum 5 images allowed']);
    expect(within(dialog()).getAllByRole('img', { name: /\.png$/ })).toHaveLength(5);
  });

  it('says "You can upload a maximum of 5 images" on save when there are more', async () => {
    const item = makeItem({ itemImage: ['/a.png', '/b.png', '/c.png', '/d.png', '/e.png', '/f.png'] });
    const { user } = renderDialog({ item });
    await user.click(saveButton());
    expect(notifications()).toEqual(['You can upload a maximum of 5 images']);
  });
});

describe('ItemDialog categories', () => {
  it('"+ Create New Category" opens the category modal and selects the created category', async () => {
    const created = { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000c9', catagory: 'Tablets' };
    const createCategory = jest.spyOn(itemApi, 'createCategory').mockResolvedValue(created);
    const { user } = renderDialog();
    await choose(user, 'Category', '+ Create New Category');
    const modal = await waitFor(() => dialogTitled('Create Item Category'));
    await user.type(within(modal).getByLabelText('Category Name'), 'Tablets');
    await user.click(within(modal).getByRole('button', { name: 'Add' }));
    expect(createCategory).toHaveBeenCalledWith({ catagory: 'Tablets' });
    await waitFor(() => expect(() => dialogTitled('Create Item Category')).toThrow());
    const select = field('Category').closest('.ant-select') as HTMLElement;
    expect(within(select).getByTitle('Tablets')).toBeInTheDocument();
    expect(notifications()).toEqual(['Item category created successfully']);
  });

  it('lists the business’s categories', async () => {
    const { user } = renderDialog();
    await user.click(field('Category'));
    for (const c of CATEGORIES) expect(await screen.findByTitle(c.catagory)).toBeInTheDocument();
  });
});

describe('ItemDialog saving', () => {
  // Every field of the seed through the real API, and the detail it leads to: e2e/specs/items.spec.ts. Here: the
  // dialog's own part (what it sends for what was typed, Saving..., success, closing); toPayload's mapping of every
  // field is item-rules.test.ts.
  it('sends what was typed, says Saving... while it waits, then reports success and closes', async () => {
    let resolve: (item: Item) => void = () => {};
    const saved = makeItem({ itemName: 'Redmi Note 13' });
    const create = jest.spyOn(itemApi, 'create').mockImplementation(() => new Promise((r) => (resolve = r)));
    const { user, onClose } = renderDialog();
    await fillMinimalProduct(user);
    await choose(user, 'Category', 'Mobiles');
    await openTab(user, 'Stock Details*');
    await paste(user, 'Opening Stock', '2');
    await user.click(screen.getByRole('switch', { name: 'Serialisation' }));
    await paste(user, 'Serial No. 1', 'IMEI-1');
    await paste(user, 'Serial No. 2', 'IMEI-2');
    await openTab(user, 'Pricing Details');
    await paste(user, 'Sale Price', '15999.5');

    await user.click(saveButton());
    expect(saveButton()).toHaveTextContent('Saving...');
    expect(saveButton()).toBeDisabled();
    expect(create).toHaveBeenCalledTimes(1);
    const payload = create.mock.calls[0][0];
    expect(payload).toMatchObject({
      itemType: 'PRODUCT',
      itemName: 'Redmi Note 13',
      itemCode: 'RN13000001',
      itemCatagory: CATEGORIES[0].id,
      salePrice: '15999.5',
      openingStock: 2,
      asOfDate: todayInIndia(),
      hasSerialisationOn: true,
      itemSerialNos: ['IMEI-1', 'IMEI-2'],
    });
    expect(payload).not.toHaveProperty('batteryPercentage');

    await act(async () => resolve(saved));
    expect(onClose).toHaveBeenCalledWith(saved);
    expect(notifications()).toEqual(['Item created successfully']);
  });

  it('shows the server’s message when it sends one, else "Failed to create item"', async () => {
    const create = jest
      .spyOn(itemApi, 'create')
      .mockRejectedValueOnce(
        new ApiError({ status: 409, message: 'x', body: { success: false, message: 'Item Code RN13000001 is already used by Redmi' } }),
      )
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Could not reach the server.', body: new TypeError('Failed to fetch') }));
    const { user, onClose } = renderDialog();
    await fillMinimalProduct(user);
    await user.click(saveButton());
    await waitFor(() => expect(notifications()).toEqual(['Item Code RN13000001 is already used by Redmi']));
    await user.click(saveButton());
    await waitFor(() => expect(notifications()).toContain('Failed to create item'));
    expect(create).toHaveBeenCalledTimes(2);
    expect(onClose).not.toHaveBeenCalled();
    expect(saveButton()).toHaveTextContent('Save');
  });

  it('edit mode: prefilled from the item, Update, "Item updated successfully" or "Failed to update item"', async () => {
    const item = makeItem({
      itemName: 'Oppo A78',
      itemCode: 'OPPOA78',
      hsnCode: '8517',
      itemCatagory: { id: CATEGORIES[0].id, catagory: 'Mobiles' },
      openingStock: 2,
      hasSerialisation: true,
      itemSerialNo: [{ serialNo: 'S1' }, { serialNo: 'S2' }],
      salePrice: '18999.00',
      isSaleTaxApplicable: true,
      asOfDate: '2025-03-15',
      description: 'Glowing black',
    });
    const update = jest
      .spyOn(itemApi, 'update')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Request failed (500)' }))
      .mockResolvedValueOnce({ ...item, itemName: 'Oppo A78 5G' });
    const { user, onClose } = renderDialog({ item });
    expect(within(dialog()).getByText('Edit Item')).toBeInTheDocument();
    expect(saveButton()).toHaveTextContent('Update');
    expect(field('Item Name')).toHaveValue('Oppo A78');
    expect(field('Item Code')).toHaveValue('OPPOA78');
    expect(field('Description')).toHaveValue('Glowing black');
    await openTab(user, 'Stock Details*');
    expect(field('Opening Stock')).toHaveValue('2');
    expect(field('As of Date')).toHaveValue('15/03/2025');
    expect(field('Serial No. 2')).toHaveValue('S2');

    await openTab(user, 'Basic Details *');
    await user.type(field('Item Name'), ' 5G');
    await user.click(saveButton());
    await waitFor(() => expect(notifications()).toEqual(['Failed to update item']));
    await user.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(update).toHaveBeenLastCalledWith(item.id, expect.objectContaining({ itemName: 'Oppo A78 5G', itemSerialNos: ['S1', 'S2'] }));
    expect(notifications()).toContain('Item updated successfully');
  });
});

describe('ItemDialog unsaved changes and keys', () => {
  const CONFIRM_TITLE = { selector: '.ant-modal-confirm-title' };
  const confirm = async () => (await screen.findByText(DISCARD_TITLE, CONFIRM_TITLE)).closest('.ant-modal') as HTMLElement;

  it('closes at once on the close icon or Cancel when nothing was changed', async () => {
    const { user, onClose } = renderDialog();
    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(DISCARD_TITLE, CONFIRM_TITLE)).not.toBeInTheDocument();
  });

  it('asks before Esc or the close icon throw away changes: Keep editing keeps them, Discard changes closes', async () => {
    const { user, onClose } = renderDialog();
    await paste(user, 'Item Name', 'Half typed');
    await user.keyboard('{Escape}');
    await user.click(within(await confirm()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText(DISCARD_TITLE, CONFIRM_TITLE)).not.toBeInTheDocument());
    expect(onClose).not.toHaveBeenCalled();
    expect(field('Item Name')).toHaveValue('Half typed');

    await user.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await user.click(within(await confirm()).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledWith();
  });

  it('saves with Ctrl+Enter or Ctrl+S from any field', async () => {
    const create = jest.spyOn(itemApi, 'create').mockResolvedValue(makeItem());
    const { user, onClose } = renderDialog();
    await fillMinimalProduct(user);
    fireEvent.keyDown(field('Item Code'), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(create).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(DISCARD_TITLE, CONFIRM_TITLE)).not.toBeInTheDocument();
  });

  it('bounds every number as the save does: whole stock from 0, prices to the paisa, battery 0-100', async () => {
    const { user } = renderDialog();
    await user.click(within(dialog()).getByRole('radio', { name: 'Preowned' }));
    expect(field('Battery Percentage')).toHaveAttribute('aria-valuemax', String(ITEM_BOUNDS.batteryPercentage.max));
    await paste(user, 'Battery Percentage', '101');
    await user.tab();
    expect(field('Battery Percentage')).toHaveValue('100.00');
    await user.click(within(dialog()).getByRole('radio', { name: 'New' }));
    await openTab(user, 'Stock Details*');
    expect(field('Opening Stock')).toHaveAttribute('aria-valuemin', '0');
    await paste(user, 'Opening Stock', '2.5');
    await user.tab();
    expect(field('Opening Stock')).toHaveValue('3');
    await openTab(user, 'Pricing Details');
    await paste(user, 'Sale Price', '10.555');
    await user.tab();
    expect(field('Sale Price')).toHaveValue('10.56');
  });
});
