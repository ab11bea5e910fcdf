import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { OPEN_DROPDOWN, signUpViaApi, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * Issue 10 §6: two customers, one in another state and one in the business's (Maharashtra, 27); each billed by
 * keyboard with two items, one priced with tax; the detail shows IGST for the first and CGST + SGST for the
 * second, with the engine's figures (gst-rules.md): a cable 62.51 at 18 % without tax and a cover 52.50 at 12 %
 * with tax. Then the PDF, a payment, a cancellation that puts the stock back, and a quotation converted.
 */

const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };
const KARNATAKA_GSTIN = '29AABCB1234C1ZA';
const PUNE_GSTIN = '27AAACP5678D1ZB';

interface Ref {
  id: string;
  value: number;
  shortName?: string;
}

/** Items are set up through the API: they are not what this spec is about. */
async function createItem(page: Page, fields: Record<string, string>) {
  const res = await page.request.post('/api/item/create', { headers: CSRF, multipart: { itemType: 'PRODUCT', ...fields } });
  expect(res.status(), await res.text()).toBe(201);
}

async function setUpShop(page: Page) {
  await signUpViaApi(page, { stateCode: '27' });
  const taxes: Ref[] = (await (await page.request.get('/api/item/taxes')).json()).data;
  const units: Ref[] = (await (await page.request.get('/api/item/units')).json()).data;
  const rate = (v: number) => taxes.find((t) => t.value === v)!.id;
  const nos = units.find((u) => u.shortName === 'NOS')!.id;
  const common = { unit: nos, openingStock: '10', purchasePriceTaxType: 'WITHOUT_TAX', isPurchaseTaxApplicable: 'false' };
  await createItem(page, {
    ...common,
    itemName: 'USB-C Cable',
    itemCode: 'CBL001',
    hsnCode: '8544',
    salePrice: '62.51',
    salePriceTaxType: 'WITHOUT_TAX',
    isSaleTaxApplicable: 'false',
    gstRate: rate(18),
  });
  await createItem(page, {
    ...common,
    itemName: 'Phone Cover',
    itemCode: 'CVR001',
    hsnCode: '3926',
    salePrice: '52.50',
    salePriceTaxType: 'WITH_TAX',
    isSaleTaxApplicable: 'true',
    gstRate: rate(12),
    // 12 % is withdrawn from 22-09-2025: the cover runs as an item the law keeps at it (gst-rules.md's example).
    keepsWithdrawnRate: 'true',
  });
  const party = await page.request.post('/api/party/create', {
    headers: WRITE_HEADERS,
    data: { name: 'Pune Traders', partyType: 'CUSTOMER', gstin: PUNE_GSTIN, mobileNumber: '9822012345' },
  });
  expect(party.status(), await party.text()).toBe(201);
}

/** Types into the item search and adds the first match with Enter; the quantity of the new line gets focus. */
async function addItem(page: Page, typed: string, name: string, quantity?: string) {
  const search = page.getByRole('combobox', { name: 'Add item' });
  await search.focus();
  await page.keyboard.type(typed);
  await expect(page.locator(OPEN_DROPDOWN).getByTitle(name, { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  if (quantity) {
    await expect(page.locator('input[aria-label^="Quantity, line"]').last()).toBeFocused();
    await page.keyboard.type(quantity);
  }
  // Enter in a line goes back to the search, for the next item.
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
}

async function pickCustomer(page: Page, typed: string, option: string) {
  await page.getByRole('combobox', { name: 'Customer' }).focus();
  await page.keyboard.type(typed);
  await page.locator(OPEN_DROPDOWN).getByTitle(option, { exact: true }).click();
}

const totalsOf = (doc: Locator) => doc.getByRole('table', { name: 'Totals' });
const cells = (row: Locator) => row.locator('td').allInnerTexts();

async function stockOf(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/item/items', { params: { q: name, page: 1, pageSize: 5 } });
  const items: { itemName: string; netQuantity: number }[] = (await res.json()).data;
  return items.find((i) => i.itemName === name)!.netQuantity;
}

test('two customers billed by keyboard: IGST and CGST + SGST to the paisa, PDF, payment, cancellation, conversion', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchPageErrors(page);
  await setUpShop(page);

  // --- Inter-state: a customer in Karnataka added in place, billed on credit. ---
  await page.goto('/sales/create-invoice');
  // The first visit loads the remote's billing code.
  await expect(page.getByTestId('number-preview')).toHaveText(/\/1$/, { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Customer' }).focus();
  await page.keyboard.type('Bengaluru Retail');
  await page.locator(OPEN_DROPDOWN).getByTitle('Add party').click();
  const partyDialog = page.getByRole('dialog', { name: 'Add party' });
  await expect(partyDialog.getByLabel('Party name')).toHaveValue('Bengaluru Retail');
  await partyDialog.getByLabel('GSTIN').fill(KARNATAKA_GSTIN);
  await expect(partyDialog.locator('.ant-select').filter({ has: page.getByLabel('State') })).toContainText('29-Karnataka');
  await partyDialog.getByLabel('Address').fill('14 MG Road, Bengaluru');
  await page.keyboard.press('Enter');
  await expect(partyDialog).toBeHidden();
  await expect(page.getByTestId('pos-reason')).toHaveText("from the party's address");
  await expect(page.getByTestId('supply-type')).toHaveText('Inter-state: IGST');

  await addItem(page, 'cable', 'USB-C Cable', '2');
  await addItem(page, 'cvr', 'Phone Cover');
  await expect(page.getByTestId('total-igst')).toHaveText('₹28.13');
  await expect(page.getByTestId('total-grand')).toHaveText('₹200.00');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'None' }).click();
  await page.keyboard.press('Control+Enter');

  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  const first = page.getByRole('article', { name: 'Tax invoice' });
  await expect(page.getByRole('heading', { level: 3 })).toContainText(/Invoice \S+/);
  const firstNumber = (await page.getByRole('heading', { level: 3 }).innerText()).match(/Invoice (\S+)/)![1];
  await expect(first.getByRole('table', { name: 'Lines' }).getByRole('columnheader')).toHaveText([
    '#', 'Item', 'HSN/SAC', 'Qty', 'Rate', 'Disc.', 'Taxable', 'IGST', 'Total',
  ]);
  expect(await cells(first.getByRole('row').filter({ hasText: 'USB-C Cable' }))).toEqual([
    '1', 'USB-C Cable', '8544', '2 NOS', '62.51', '-', '125.02', '22.50\n@18%', '147.52',
  ]);
  expect(await cells(first.getByRole('row').filter({ hasText: 'Phone Cover' }))).toEqual([
    '2', 'Phone Cover\nRate includes tax', '3926', '1 NOS', '52.50', '-', '46.88', '5.63\n@12%', '52.51',
  ]);
  await expect(totalsOf(first)).toContainText('Taxable value₹171.90');
  await expect(totalsOf(first)).toContainText('IGST₹28.13');
  await expect(totalsOf(first)).toContainText('Round off-₹0.03');
  await expect(totalsOf(first)).toContainText('Grand total₹200.00');
  await expect(totalsOf(first)).toContainText('Balance₹200.00');
  await expect(totalsOf(first)).not.toContainText('CGST');
  await expect(first).toContainText('29-Karnataka');
  await expect(first).toContainText('Rupees Two Hundred Only');

  // The PDF the server makes is a real PDF carrying the number.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download PDF/ }).click();
  const pdf = fs.readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain(firstNumber);
  expect(text.replace(/\s+/g, ' ')).toContain('Rupees Two Hundred Only');

  // A payment received later.
  await page.getByRole('button', { name: /Record payment/ }).click();
  const payDialog = page.getByRole('dialog', { name: 'Record payment' });
  await payDialog.getByLabel('Amount').fill('150');
  await payDialog.getByLabel('Reference').fill('UPI 4242');
  await payDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of ₹150.00 recorded')).toBeVisible();
  await expect(totalsOf(first)).toContainText('Received₹150.00');
  await expect(totalsOf(first)).toContainText('Balance₹50.00');
  await expect(page.getByRole('heading', { level: 3 })).toContainText('Part paid');

  // --- Intra-state: the customer in Maharashtra, paid in full in cash. ---
  await page.goto('/sales/create-invoice');
  await pickCustomer(page, 'pune', 'Pune Traders');
  await expect(page.getByTestId('pos-reason')).toHaveText("from the party's GSTIN");
  await addItem(page, 'cable', 'USB-C Cable');
  await addItem(page, 'cover', 'Phone Cover');
  await expect(page.getByTestId('total-grand')).toHaveText('₹126.00');
  expect(await stockOf(page, 'USB-C Cable')).toBe(8);
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  const second = page.getByRole('article', { name: 'Tax invoice' });
  await expect(second.getByRole('table', { name: 'Lines' }).getByRole('columnheader')).toHaveText([
    '#', 'Item', 'HSN/SAC', 'Qty', 'Rate', 'Disc.', 'Taxable', 'CGST', 'SGST', 'Total',
  ]);
  expect(await cells(second.getByRole('row').filter({ hasText: 'USB-C Cable' }))).toEqual([
    '1', 'USB-C Cable', '8544', '1 NOS', '62.51', '-', '62.51', '5.63\n@9%', '5.63\n@9%', '73.77',
  ]);
  await expect(totalsOf(second)).toContainText('CGST₹8.44');
  await expect(totalsOf(second)).toContainText('SGST₹8.44');
  await expect(totalsOf(second)).toContainText('Round off-₹0.27');
  await expect(totalsOf(second)).toContainText('Grand total₹126.00');
  await expect(totalsOf(second)).toContainText('Balance₹0.00');
  await expect(totalsOf(second)).not.toContainText('IGST');
  await expect(second).toContainText('27-Maharashtra');
  expect(await stockOf(page, 'USB-C Cable')).toBe(7);
  expect(await stockOf(page, 'Phone Cover')).toBe(8);

  // Cancelling the second puts its stock back.
  await page.getByRole('button', { name: 'More actions' }).click();
  await page.getByRole('menuitem', { name: 'Cancel invoice' }).click();
  const cancelDialog = page.getByRole('dialog');
  await cancelDialog.getByLabel('Reason').fill('Customer returned the goods');
  await cancelDialog.getByRole('button', { name: 'Cancel it' }).click();
  await expect(second.getByText('CANCELLED', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toContainText('Cancelled');
  expect(await stockOf(page, 'USB-C Cable')).toBe(8);
  expect(await stockOf(page, 'Phone Cover')).toBe(9);

  // Both are in this month's list; the sums leave the cancelled one out.
  await page.goto('/sales');
  const firstRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: firstNumber }) });
  await expect(firstRow).toContainText('Part paid', { timeout: 30_000 });
  await expect(page.getByRole('row').filter({ hasText: 'Pune Traders' })).toContainText('Cancelled');
  for (const [title, value] of [['Total sales', '₹200.00'], ['Received', '₹150.00'], ['Due', '₹50.00']]) {
    await expect(page.locator('.ant-card').filter({ hasText: title }).first()).toContainText(value);
  }

  // --- A quotation converted into an invoice. ---
  await page.goto('/sales/create-quotation');
  await pickCustomer(page, 'pune', 'Pune Traders');
  await addItem(page, 'cable', 'USB-C Cable', '3');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sales\/quotation\/[0-9a-f-]{36}$/);
  const quotationUrl = page.url();
  await expect(page.getByRole('heading', { level: 3 })).toContainText(/Quotation \S+/);
  const quotationNumber = (await page.getByRole('heading', { level: 3 }).innerText()).match(/Quotation (\S+)/)![1];
  await page.getByRole('button', { name: /Convert to invoice/ }).click();
  await expect(page.getByRole('heading', { name: 'New invoice from quotation' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveValue('3');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`From quotation ${quotationNumber}`)).toBeVisible();
  await page.goto(quotationUrl);
  await expect(page.getByRole('heading', { level: 3 })).toContainText('Converted');
  await expect(page.getByRole('button', { name: /Convert to invoice/ })).toHaveCount(0);

  expect(errors).toEqual([]);
});

test("an unknown invoice or quotation says so", async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/sales/invoice/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Invoice not found.')).toBeVisible();
  await page.goto('/sales/quotation/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Quotation not found.')).toBeVisible();
});
