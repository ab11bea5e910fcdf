import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { readWorkbook } from '../../api/src/services/import/testing';
import { signUpViaApi, watchPageErrors } from './support';

/*
 * Parties as a shop owner uses them: create a customer with a GSTIN through the form and read it back on
 * the detail screen exactly as the product lays it out; edit it; import a sheet with one bad row (the error report
 * downloads and nothing is added), fix the row, and find every party in the list.
 */

/** The value beside a label on the detail screen. */
const valueOf = (page: Page, label: string) =>
  page.locator('dt').filter({ hasText: new RegExp(`^${label.replace(/[&]/g, '\\$&')}$`) }).locator('xpath=following-sibling::dd[1]');

async function chooseOption(page: Page, label: string, typed: string, option: string) {
  await page.getByLabel(label, { exact: false }).first().click();
  await page.keyboard.type(typed);
  await page.locator(`.ant-select-item-option[title="${option}"]`).click();
}

async function partyCount(page: Page): Promise<number> {
  const res = await page.request.get('/api/party/parties?pageSize=1');
  expect(res.status()).toBe(200);
  return (await res.json()).meta.total;
}

test('create a customer with a GSTIN, read it on the detail screen, then edit it', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/parties');
  await expect(page.getByText('No parties yet')).toBeVisible();
  await page.getByRole('button', { name: /Add party/ }).first().click();
  await expect(page).toHaveURL(/\/parties\/create-party$/);

  // Bad input is refused at the field.
  await page.getByLabel('Mobile number').fill('12345');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Party name is required')).toBeVisible();
  await expect(page.getByText('Enter a 10-digit Indian mobile number')).toBeVisible();

  await page.getByLabel('Party name').fill('Mehta Hardware');
  await page.getByLabel('Mobile number').fill('9822012345');
  await page.getByLabel('Email').fill('accounts@mehta.in');
  // A category made in place from the select.
  await page.getByRole('combobox', { name: 'Party category' }).click();
  await page.keyboard.type('Wholesale');
  await page.getByText('Create "Wholesale"').click();
  await expect(page.getByText('Category Wholesale created')).toBeVisible();
  await page.getByLabel('Opening balance').fill('1500.50');
  // The GSTIN fills the billing state and the PAN.
  await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await expect(page.getByLabel('PAN number')).toHaveValue('AAPFU0939F');
  await expect(page.locator('.ant-form-item').filter({ hasText: 'Billing state' }).getByText('Maharashtra (27)')).toBeVisible();
  await page.getByLabel('Billing street').fill('12 MG Road, Camp');
  await page.getByLabel('Billing PIN code').fill('411001');
  await page.getByLabel('Credit period').fill('30');
  await page.getByLabel('Credit limit').fill('50000');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/party\/[0-9a-f-]{36}$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Mehta Hardware' })).toBeVisible();
  // The owner sees the party's History beside its profile.
  await expect(page.getByRole('tab')).toHaveText(['Profile', 'History']);
  for (const title of ['General Details', 'Business Details', 'Credit Details']) await expect(page.getByText(title)).toBeVisible();
  const expected: [string, string][] = [
    ['Party Name', 'Mehta Hardware'],
    ['Party Type', 'Customer'],
    ['Mobile Number', '+91 98220 12345'],
    ['Party Category', 'Wholesale'],
    ['Email', 'accounts@mehta.in'],
    ['Opening Balance', '₹1,500.50'],
    ['GSTIN', '27AAPFU0939F1ZV'],
    ['PAN Number', 'AAPFU0939F'],
    ['Billing & Shipping Address', '12 MG Road, Camp, Maharashtra, 411001'],
    ['Credit Period', '30 days'],
    ['Credit Limit', '₹50,000.00'],
  ];
  for (const [label, value] of expected) await expect(valueOf(page, label)).toHaveText(value);
  await expect(page.getByText('Billing Address', { exact: true })).toHaveCount(0);

  // Edit: the same form, prefilled; a separate shipping address and a new name.
  await page.getByRole('button', { name: /Edit party/ }).click();
  await expect(page).toHaveURL(/\/parties\/create-party\/[0-9a-f-]{36}$/);
  await expect(page.getByLabel('Party name')).toHaveValue('Mehta Hardware');
  await expect(page.getByLabel('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
  await page.getByLabel('Party name').fill('Mehta Hardware & Paints');
  await page.getByText('Supplier', { exact: true }).click();
  await page.getByLabel('Credit limit').fill('');
  await page.getByRole('switch', { name: 'Shipping address same as billing' }).click();
  await page.getByLabel('Shipping street').fill('Plot 9, Bhosari MIDC');
  await chooseOption(page, 'Shipping state', 'Mahara', 'Maharashtra (27)');
  await page.getByLabel('Shipping PIN code').fill('411026');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(detailUrl);
  await expect(page.getByRole('heading', { name: 'Mehta Hardware & Paints' })).toBeVisible();
  await expect(valueOf(page, 'Party Type')).toHaveText('Supplier');
  await expect(valueOf(page, 'Billing Address')).toHaveText('12 MG Road, Camp, Maharashtra, 411001');
  await expect(valueOf(page, 'Shipping Address')).toHaveText('Plot 9, Bhosari MIDC, Maharashtra, 411026');
  await expect(valueOf(page, 'Credit Limit')).toHaveText('-');
  await expect(page.getByText('Billing & Shipping Address')).toHaveCount(0);

  // The list shows it, and a row leads back to the detail.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/parties$/);
  const row = page.getByRole('row').filter({ hasText: 'Mehta Hardware & Paints' });
  await expect(row).toContainText('Supplier');
  await expect(row).toContainText('27AAPFU0939F1ZV');
  await expect(row).toContainText('₹1,500.50');

  // An id that does not exist.
  await page.goto('/party/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Party not found.')).toBeVisible();
  expect(errors).toEqual([]);
});

const HEADER = 'Party Name,Party Type,Mobile Number,GSTIN,Billing Address,Billing State,Billing PIN,Opening Balance';
const csv = (rows: string[]) => Buffer.from([HEADER, ...rows].join('\n') + '\n');
const GOOD = [
  'Ganesh Stores,CUSTOMER,9812345678,,Station Road,Gujarat,380001,2500',
  'Hari Om Supplies,SUPPLIER,9812345679,27AAPFU0939F1ZV,"Shop 2, Laxmi Road",Maharashtra,411030,',
];
const BAD = 'Indus Textiles,CUSTOMER,12345,,Ring Road,Gujarat,395002,';
const FIXED = 'Indus Textiles,CUSTOMER,9812345670,,Ring Road,Gujarat,395002,';

test('import a sheet: one bad row gives the error report and adds nothing; fixed, every row is imported', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/parties');
  await expect(page.getByText('No parties yet')).toBeVisible();
  await page.getByRole('button', { name: /Bulk import/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Import parties from a spreadsheet')).toBeVisible();

  const templateDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /Download template/ }).click();
  const template = await templateDownload;
  expect(template.suggestedFilename()).toBe('parties-import-template.xlsx');
  const templateBook = await readWorkbook(fs.readFileSync(await template.path()));
  expect(Object.keys(templateBook)).toEqual(['Parties', 'Notes']);
  expect(templateBook.Parties.rows[0][0]).toBe('Party Name *');

  await dialog.locator('input[type=file]').setInputFiles({ name: 'parties.csv', mimeType: 'text/csv', buffer: csv([GOOD[0], BAD, GOOD[1]]) });
  await dialog.getByRole('button', { name: /Import$/ }).click();
  await expect(dialog.getByText('Some rows had validation errors')).toBeVisible();
  await expect(dialog.getByText(/Nothing was imported/)).toBeVisible();

  const reportDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: /Download error report/ }).click();
  const report = await reportDownload;
  expect(report.suggestedFilename()).toBe('parties-import-errors.xlsx');
  const book = await readWorkbook(fs.readFileSync(await report.path()));
  const [header, ...failed] = book.Errors.rows;
  expect(failed).toHaveLength(1);
  const cell = (name: string) => failed[0][header.indexOf(name)];
  expect(cell('Row')).toBe('3');
  expect(cell('Party Name')).toBe('Indus Textiles');
  expect(cell('Mobile Number')).toBe('12345');
  expect(cell('Errors')).toBe('Mobile Number: Enter a 10-digit Indian mobile number');
  expect(await partyCount(page)).toBe(0);

  // The fixed file: every row goes in.
  await dialog.locator('input[type=file]').setInputFiles({ name: 'parties-fixed.csv', mimeType: 'text/csv', buffer: csv([GOOD[0], FIXED, GOOD[1]]) });
  await dialog.getByRole('button', { name: /Import$/ }).click();
  await expect(dialog.getByText('3 parties imported')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  expect(await partyCount(page)).toBe(3);

  for (const name of ['Ganesh Stores', 'Hari Om Supplies', 'Indus Textiles']) {
    await expect(page.getByRole('link', { name })).toBeVisible();
  }
  await expect(page.getByText('3 parties', { exact: true })).toBeVisible();
  const hari = page.getByRole('row').filter({ hasText: 'Hari Om Supplies' });
  await expect(hari).toContainText('Supplier');
  await expect(hari).toContainText('27AAPFU0939F1ZV');

  // Search finds one by mobile number, on the server.
  await page.getByRole('textbox', { name: 'Search parties' }).fill('9812345670');
  await expect(page.getByRole('link', { name: 'Indus Textiles' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ganesh Stores' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Indus Textiles' }).click();
  await expect(valueOf(page, 'Billing & Shipping Address')).toHaveText('Ring Road, Gujarat, 395002');
  expect(errors).toEqual([]);
});
