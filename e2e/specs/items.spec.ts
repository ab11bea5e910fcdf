import { expect, test, type Locator, type Page } from '@playwright/test';
import { OPEN_DROPDOWN, signUpViaApi, switchBranch, watchPageErrors, WRITE_HEADERS } from './support';

/** A real 1x1 PNG (the server checks the bytes, not the name). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };

const itemDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: /^(Create New Item|Edit Item)$/ }) });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  // Long lists are virtual: searchable selects are narrowed to the option first.
  if ((await select.getAttribute('readonly')) === null) await select.fill(option);
  await page.locator(OPEN_DROPDOWN).getByTitle(option, { exact: true }).click();
}

/** The label/value rows of a detail card. */
async function cardRows(page: Page, title: string): Promise<string[][]> {
  const card = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: new RegExp(`^${title}$`) }) });
  await expect(card.locator('dt').first()).toBeVisible();
  return card.locator('dt').evaluateAll((dts) => dts.map((dt) => [dt.textContent ?? '', dt.nextElementSibling?.textContent ?? '']));
}

test('a serialised product with 3 units, images and a new category from the dialog: its detail shows every card', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/items');
  await expect(page.getByText('No items yet')).toBeVisible();
  await page.getByRole('button', { name: /Add Item/ }).first().click();
  const dialog = itemDialog(page);
  await expect(dialog.locator('.ant-modal-title')).toHaveText('Create New Item');
  await expect(dialog.getByRole('tab')).toHaveText(['Basic Details *', 'Stock Details*', 'Pricing Details']);

  // Nothing filled: every rule at once, and no request.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item Name is required')).toBeVisible();
  await expect(page.getByText('Item Code is required')).toBeVisible();

  await dialog.getByLabel('Item Name', { exact: true }).fill('Redmi Note 13 (8/128 GB)');
  await dialog.getByLabel('Item Code', { exact: true }).fill('rn');
  await dialog.getByRole('button', { name: 'Generate item code' }).click();
  await expect(dialog.getByLabel('Item Code', { exact: true })).toHaveValue(/^RN\d{8}$/);
  const itemCode = await dialog.getByLabel('Item Code', { exact: true }).inputValue();
  await dialog.getByLabel('HSN Code', { exact: true }).fill('85171300');

  // A new category from the dialog is created and selected.
  await choose(page, dialog, 'Category', '+ Create New Category');
  const categoryModal = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: 'Create Item Category' }) });
  await expect(categoryModal.getByLabel('Category Name', { exact: true })).toHaveAttribute('placeholder', 'Ex: Electronics');
  await categoryModal.getByLabel('Category Name', { exact: true }).fill('Smartphones');
  await categoryModal.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Item category created successfully')).toBeVisible();
  await expect(categoryModal).toBeHidden();
  await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel('Category', { exact: true }) })).toContainText('Smartphones');

  await choose(page, dialog, 'Unit', 'Pieces - PCS');
  await dialog.getByTestId('item-images-input').setInputFiles([
    { name: 'front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'back.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(dialog.getByRole('img', { name: /\.png$/ })).toHaveCount(2);

  await dialog.getByRole('tab', { name: 'Stock Details*' }).click();
  await dialog.getByLabel('Opening Stock', { exact: true }).fill('3');
  await dialog.getByRole('switch', { name: 'Serialisation' }).click();
  await expect(dialog.getByRole('textbox', { name: /^Serial No\./ })).toHaveCount(3);
  for (const [i, serial] of ['861234050000011', '861234050000029', '861234050000037'].entries()) {
    await dialog.getByRole('textbox', { name: `Serial No. ${i + 1}` }).fill(serial);
  }
  await dialog.getByRole('button', { name: /Enable Low Stock Warning/ }).click();
  await dialog.getByLabel('Low Stock Quantity', { exact: true }).fill('2');

  await dialog.getByRole('tab', { name: 'Pricing Details' }).click();
  await dialog.getByLabel('Sale Price', { exact: true }).fill('15999');
  await choose(page, dialog, 'Sale Price tax type', 'With Tax');
  await dialog.getByLabel('Purchase Price', { exact: true }).fill('13250.50');
  await choose(page, dialog, 'GST Rate', 'GST @ 18%');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: 'Redmi Note 13 (8/128 GB)' }).click();
  await expect(page).toHaveURL(/\/items\/inventory\/[0-9a-f-]{36}\?itemType=PRODUCT$/);
  const heading = page.getByRole('heading', { name: /Redmi Note 13/ });
  await expect(heading).toContainText('Product');
  await expect(page.getByRole('button', { name: /Edit Item/ })).toBeVisible();
  const images = page.getByRole('img', { name: /Redmi Note 13 \(8\/128 GB\) image/ });
  await expect(images).toHaveCount(2);
  await expect.poll(() => images.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth === 1))).toBe(true);

  expect(await cardRows(page, 'General Info')).toEqual([
    ['Item Code', itemCode],
    ['Category', 'Smartphones'],
    ['HSN/SAC Code', '85171300'],
    ['Item Product Type', 'New'],
    ['Has Serialisation', 'Yes'],
    ['Serial Numbers', '861234050000011, 861234050000029, 861234050000037'],
  ]);
  expect(await cardRows(page, 'Pricing')).toEqual([
    ['Sale Price', '₹15,999.00'],
    ['Purchase Price', '₹13,250.50'],
    ['GST Rate', '18%'],
    ['CESS', '0%'],
    ['Sale Tax Applicable', 'Yes'],
    ['Purchase Tax Applicable', 'No'],
  ]);
  expect(await cardRows(page, 'Stock & Units')).toEqual([
    ['Unit Name', 'Pieces'],
    ['Unit Short Name', 'PCS'],
    ['Net Quantity', '3'],
    ['Opening Stock', '3'],
    ['Alert Enabled', 'Yes'],
    ['Alert Quantity', '2'],
  ]);
  const other = await cardRows(page, 'Other');
  expect(other[0]).toEqual(['Online Visibility', 'Hidden']);
  expect(other[1][0]).toBe('As of Date');
  expect(other[1][1]).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByText('No description provided.')).toBeVisible();
  expect(errors).toEqual([]);
});

test('a preowned item: opening stock 1, prices without tax, battery held but not stored', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/items');
  await page.getByRole('button', { name: /Add Item/ }).first().click();
  const dialog = itemDialog(page);
  await dialog.getByLabel('Item Name', { exact: true }).fill('iPhone 12 (used)');
  await dialog.getByLabel('Item Code', { exact: true }).fill('IP12USED01');
  await dialog.getByText('Preowned', { exact: true }).click();
  await dialog.getByLabel('Battery Percentage', { exact: true }).fill('87.5');
  await dialog.getByRole('tab', { name: 'Stock Details*' }).click();
  await expect(dialog.getByLabel('Opening Stock', { exact: true })).toHaveValue('1');
  await expect(dialog.getByLabel('Opening Stock', { exact: true })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: /Enable Low Stock Warning/ })).toHaveCount(0);
  await dialog.getByRole('tab', { name: 'Pricing Details' }).click();
  await expect(dialog.locator('.ant-select-disabled')).toHaveCount(2);
  await dialog.getByLabel('Sale Price', { exact: true }).fill('24000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Item created successfully')).toBeVisible();

  await page.getByRole('link', { name: 'iPhone 12 (used)' }).click();
  expect((await cardRows(page, 'General Info'))[3]).toEqual(['Item Product Type', 'Preowned']);
  expect((await cardRows(page, 'Pricing'))[4]).toEqual(['Sale Tax Applicable', 'No']);
  expect((await cardRows(page, 'Stock & Units'))[3]).toEqual(['Opening Stock', '1']);
  await expect(page.getByText('87.5')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('stock is adjusted with a reason and kept per branch: switching branch shows that branch’s stock', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  const created = await page.request.post('/api/item/create', {
    headers: CSRF,
    multipart: { itemType: 'PRODUCT', itemName: 'Charger 33W', itemCode: 'CHG33W', openingStock: '5', 'itemSerialNos[0]': '' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()).data as { id: string };
  const branch = await page.request.post('/api/store-branch/create-branch', {
    headers: WRITE_HEADERS,
    data: { name: 'Pune Camp', address: { street: '12 MG Road', city: 'Pune', stateCode: '27', pin: '411001' } },
  });
  expect(branch.status(), await branch.text()).toBe(201);

  await page.goto(`/items/inventory/${item.id}`);
  const netQuantity = async () => (await cardRows(page, 'Stock & Units'))[2][1];
  expect(await netQuantity()).toBe('5');

  await page.getByRole('button', { name: /Adjust Stock/ }).click();
  const adjust = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: 'Adjust Stock' }) });
  await adjust.getByText('Reduce Stock').click();
  await adjust.getByLabel('Quantity', { exact: true }).fill('7');
  await adjust.getByLabel('Reason', { exact: true }).fill('Damaged in transit');
  // The dialog has taken both before Save is pressed (on a loaded machine its form may settle after the keystrokes).
  await expect(adjust.getByLabel('Quantity', { exact: true })).toHaveValue('7');
  await expect(adjust.getByLabel('Reason', { exact: true })).toHaveValue('Damaged in transit');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await expect(adjust.getByText('Only 5 in stock here: stock never goes below 0.')).toBeVisible();
  await adjust.getByLabel('Quantity', { exact: true }).fill('2');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Stock updated: 3 in stock')).toBeVisible();
  await expect(adjust).toBeHidden();
  await expect.poll(netQuantity).toBe('3');
  const movements = page.locator('.ant-card').filter({ has: page.locator('.ant-card-head-title', { hasText: 'Stock Movements' }) });
  await expect(movements.locator('tr.ant-table-row').first()).toContainText('Stock reduced');
  await expect(movements.locator('tr.ant-table-row').first()).toContainText('Damaged in transit');
  await expect(movements.locator('tr.ant-table-row').first()).toContainText('-2');

  // Another branch has none of it until stock is added there.
  await switchBranch(page, 'Pune Camp');
  await expect.poll(netQuantity).toBe('0');
  await page.getByRole('button', { name: /Adjust Stock/ }).click();
  await adjust.getByLabel('Quantity', { exact: true }).fill('4');
  await adjust.getByLabel('Reason', { exact: true }).fill('Transfer from Main Branch');
  await adjust.getByRole('button', { name: 'Save' }).click();
  await expect.poll(netQuantity).toBe('4');
  await expect(page.getByRole('list', { name: 'Stock by branch' })).toContainText('Main Branch: 3');
  await expect(page.getByRole('list', { name: 'Stock by branch' })).toContainText('Pune Camp: 4 (active)');

  await switchBranch(page, 'Main Branch');
  await expect.poll(netQuantity).toBe('3');

  // The list shows the active branch's stock too.
  await page.goto('/items');
  await expect(page.getByRole('link', { name: 'Charger 33W' }).locator('xpath=ancestor::tr')).toContainText('3');
  expect(errors).toEqual([]);
});
