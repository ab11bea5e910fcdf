import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signUpViaApi, testGstin, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * A business signed up without a GSTIN is unregistered: it may not collect tax, so its first sale is a BILL OF
 * SUPPLY with no tax, on screen and on the PDF. Once it adds its GSTIN as REGULAR, the next invoice is a TAX INVOICE
 * charging CGST and SGST.
 */

const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };

async function createItem(page: Page) {
  const taxes: { id: string; value: number }[] = (await (await page.request.get('/api/item/taxes')).json()).data;
  const units: { id: string; shortName?: string }[] = (await (await page.request.get('/api/item/units')).json()).data;
  const res = await page.request.post('/api/item/create', {
    headers: CSRF,
    multipart: {
      itemType: 'PRODUCT',
      itemName: 'Steel Bucket',
      itemCode: 'BKT001',
      hsnCode: '7323',
      salePrice: '100',
      salePriceTaxType: 'WITHOUT_TAX',
      isSaleTaxApplicable: 'false',
      purchasePriceTaxType: 'WITHOUT_TAX',
      isPurchaseTaxApplicable: 'false',
      gstRate: taxes.find((t) => t.value === 18)!.id,
      unit: units.find((u) => u.shortName === 'NOS')!.id,
      openingStock: '10',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** A walk-in sale of one bucket, entered by keyboard and saved; answers the invoice's id from the address. */
async function sellOneBucket(page: Page): Promise<string> {
  await page.goto('/sales/create-invoice');
  await expect(page.getByTestId('number-preview')).toHaveText(/\/\d+$/, { timeout: 60_000 });
  const search = page.getByRole('combobox', { name: 'Add item' });
  await search.focus();
  await page.keyboard.type('Bucket');
  await expect(page.locator('.ant-select-dropdown:not([class*="-leave"]):visible').getByTitle('Steel Bucket', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1)!;
}

async function pdfTextOf(page: Page, id: string): Promise<string> {
  const res = await page.request.get(`/api/sale/sale-invoice/${id}/pdf`);
  expect(res.status()).toBe(200);
  const parser = new PDFParse({ data: new Uint8Array(await res.body()) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ');
  } finally {
    await parser.destroy();
  }
}

test('signed up without a GSTIN: a bill of supply with no tax; with a REGULAR GSTIN added: a tax invoice', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchPageErrors(page);
  const shop = await signUpViaApi(page, { stateCode: '27', unregistered: true });
  await createItem(page);

  // --- Unregistered: BILL OF SUPPLY, no tax column, no tax total, ₹100 for a ₹100 bucket. ---
  const first = await sellOneBucket(page);
  const bill = page.getByRole('article', { name: 'Bill of supply' });
  await expect(bill.getByText('BILL OF SUPPLY', { exact: true })).toBeVisible();
  await expect(bill.getByRole('table', { name: 'Lines' }).getByRole('columnheader')).toHaveText(['#', 'Item', 'HSN/SAC', 'Qty', 'Rate', 'Disc.', 'Taxable', 'Total']);
  await expect(bill.getByRole('table', { name: 'Totals' })).not.toContainText(/CGST|SGST|IGST/);
  await expect(bill.getByRole('table', { name: 'Totals' })).toContainText('Grand total₹100.00');
  const firstPdf = await pdfTextOf(page, first);
  expect(firstPdf).toContain('BILL OF SUPPLY');
  expect(firstPdf).not.toMatch(/CGST|SGST|IGST|TAX INVOICE/);

  // --- The GSTIN added as REGULAR (where the returns ask for it). ---
  await page.goto('/reports/gstr1');
  const form = page.locator('form[id="gst-registration"]');
  await expect(form).toBeVisible({ timeout: 60_000 });
  await form.getByLabel('GSTIN').fill(testGstin('27', shop.phone));
  await form.getByText('Regular (tax invoices)').click();
  await form.getByRole('button', { name: 'Save GSTIN' }).click();
  await expect(page.getByText('GSTIN saved: your next invoice is a tax invoice')).toBeVisible();

  // --- The next invoice: TAX INVOICE, CGST 9 % + SGST 9 % on the ₹100 bucket. ---
  const second = await sellOneBucket(page);
  const invoice = page.getByRole('article', { name: 'Tax invoice' });
  await expect(invoice.getByText('TAX INVOICE', { exact: true })).toBeVisible();
  await expect(invoice.getByRole('table', { name: 'Totals' })).toContainText('CGST₹9.00');
  await expect(invoice.getByRole('table', { name: 'Totals' })).toContainText('Grand total₹118.00');
  expect(await pdfTextOf(page, second)).toContain('TAX INVOICE');
  expect(errors).toEqual([]);
});
