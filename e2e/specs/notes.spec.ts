import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { OPEN_DROPDOWN, signUpViaApi, testGstin, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * A sale return: five tiffins sold to a registered customer and paid in cash; two come back the same day, taken
 * back from the invoice's screen with the money paid back in cash. The stock gains the two, the cash drawer loses
 * the refund, the credit note's PDF names the invoice it follows, and the month's GSTR-1 reports the note in cdnr.
 */

// A registered customer in the seller's state (valid check digit).
const PUNE_GSTIN = '27AAACP5678D1ZB';
type Ref = { id: string; value: number; shortName?: string };

/** Today in India, as the API dates documents: 'YYYY-MM-DD'. */
const indiaToday = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

async function setUpShop(page: Page): Promise<{ gstin: string; partyId: string }> {
  const { phone } = await signUpViaApi(page, { stateCode: '27' });
  const gstin = testGstin('27', phone);
  const branches: { id: string; name: string }[] = (await (await page.request.get('/api/store-branch/branches')).json()).data;
  const branch = await page.request.put(`/api/store-branch/update-branch/${branches[0].id}`, {
    headers: WRITE_HEADERS,
    data: { name: branches[0].name, gstin, registrationType: 'REGULAR', address: { street: '12 Laxmi Road', city: 'Pune', stateCode: '27', pin: '411002' } },
  });
  expect(branch.status(), await branch.text()).toBe(200);
  const taxes: Ref[] = (await (await page.request.get('/api/item/taxes')).json()).data;
  const units: Ref[] = (await (await page.request.get('/api/item/units')).json()).data;
  const item = await page.request.post('/api/item/create', {
    headers: { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] },
    multipart: {
      itemType: 'PRODUCT',
      itemName: 'Steel Tiffin',
      itemCode: 'TIF001',
      hsnCode: '73239390',
      salePrice: '1000',
      salePriceTaxType: 'WITHOUT_TAX',
      isSaleTaxApplicable: 'false',
      gstRate: taxes.find((t) => t.value === 18)!.id,
      unit: units.find((u) => u.shortName === 'NOS')!.id,
      openingStock: '20',
      purchasePrice: '600',
      purchasePriceTaxType: 'WITHOUT_TAX',
      isPurchaseTaxApplicable: 'false',
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const customer = await page.request.post('/api/party/create', {
    headers: WRITE_HEADERS,
    data: { name: 'Pune Stationers', partyType: 'CUSTOMER', gstin: PUNE_GSTIN, billingAddress: { type: 'BOTH', miscData: { ad: 'Shop 4, Tilak Road, Pune', st: '27', pin: '411030' } } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  return { gstin, partyId: (await customer.json()).data.id as string };
}

async function stockOf(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/item/items', { params: { q: name, page: 1, pageSize: 5 } });
  const items: { itemName: string; netQuantity: number }[] = (await res.json()).data;
  return items.find((i) => i.itemName === name)!.netQuantity;
}

async function cashBalance(page: Page): Promise<number> {
  const accounts: { type: string; balance: string }[] = (await (await page.request.get('/api/account/bank-accounts')).json()).data;
  return Math.round(Number(accounts.find((a) => a.type === 'CASH')!.balance) * 100);
}

test('a sales return from the invoice screen with a cash refund: stock back, cash out, the PDF names the invoice, GSTR-1 cdnr', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchPageErrors(page);
  const { gstin: sellerGstin, partyId } = await setUpShop(page);
  const today = indiaToday();
  const period = `${today.slice(5, 7)}${today.slice(0, 4)}`;

  // --- Five sold to the registered customer, paid in full in cash. ---
  await page.goto('/sales/create-invoice');
  await expect(page.getByTestId('number-preview')).not.toBeEmpty({ timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Customer' }).focus();
  await page.keyboard.type('Pune S');
  await page.locator(OPEN_DROPDOWN).getByTitle('Pune Stationers', { exact: true }).click();
  const search = page.getByRole('combobox', { name: 'Add item' });
  await search.focus();
  await page.keyboard.type('Tiffi');
  await expect(page.locator(OPEN_DROPDOWN).getByTitle('Steel Tiffin', { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity, line 1')).toBeFocused();
  await page.keyboard.press('Control+a');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await expect(page.getByTestId('total-grand')).toHaveText('₹5,900.00');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  const heading = page.getByRole('heading', { level: 3 });
  await expect(heading).toContainText(/Invoice \S+/);
  const invoiceNumber = (await heading.innerText()).match(/Invoice (\S+)/)![1];
  const invoiceUrl = page.url();
  expect(await stockOf(page, 'Steel Tiffin')).toBe(15);
  const cashBefore = await cashBalance(page);

  // --- Two come back: the return form, prefilled from the invoice. ---
  await page.getByRole('button', { name: 'Return / credit note' }).click();
  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}\/credit-note$/);
  const quantity = page.getByLabel('Quantity returned of Steel Tiffin');
  await expect(quantity).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('note-left-1')).toHaveText('5 left');
  await expect(page.getByLabel('Put the goods back into stock')).toBeChecked();
  await quantity.fill('2');
  await expect(page.getByTestId('note-taxable')).toHaveText('₹2,000.00');
  await expect(page.getByTestId('note-cgst')).toHaveText('₹180.00');
  await expect(page.getByTestId('note-sgst')).toHaveText('₹180.00');
  await expect(page.getByTestId('note-total')).toHaveText('₹2,360.00');
  await page.getByRole('checkbox', { name: /Refund paid to Pune Stationers/ }).check();
  await page.getByRole('button', { name: 'Save credit note' }).click();

  await expect(page).toHaveURL(/\/sales\/credit-note\/[0-9a-f-]{36}$/);
  await expect(heading).toContainText(/Credit note \S+/);
  const noteNumber = (await heading.innerText()).match(/Credit note (\S+)/)![1];
  const note = page.getByRole('article', { name: 'Credit note' });
  await expect(note).toContainText('CREDIT NOTE');
  await expect(note).toContainText(invoiceNumber);
  await expect(note).toContainText('Refunded₹2,360.00');

  // The stock gains the two returned; the cash drawer pays the refund.
  expect(await stockOf(page, 'Steel Tiffin')).toBe(17);
  expect(await cashBalance(page)).toBe(cashBefore - 236_000);

  // The PDF the server makes names the note and the invoice it follows.
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: /Download PDF/ }).click();
  const pdf = fs.readFileSync((await (await download).path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain(noteNumber);
  expect(text).toContain(invoiceNumber);
  expect(text.toUpperCase()).toContain('CREDIT NOTE');

  // The invoice lists its note and what is left to return.
  await page.goto(invoiceUrl);
  const notesCard = page.getByLabel('Credit and debit notes');
  await expect(notesCard.getByRole('link', { name: noteNumber })).toBeVisible();
  await expect(page.getByTestId('left-to-return')).toHaveText('Left to return: Steel Tiffin 3 of 5 NOS');

  // The customer's ledger (it reads the journal): the note credits them, the refund debits them back.
  const ledger = (await (await page.request.get('/api/report/ledger', { params: { partyId, from: today, to: today } })).json()).data;
  expect(ledger.entries).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ description: `Credit note ${noteNumber}`, credit: '2360.00' }),
      expect.objectContaining({ description: `Refund on credit note ${noteNumber}`, debit: '2360.00' }),
    ]),
  );
  expect(ledger.closingBalance).toBe('0.00');

  // --- GSTR-1 for the month: the note in cdnr, under the customer's GSTIN. ---
  await page.goto(`/reports/gstr1?period=${period}`);
  await expect(page.getByText('B2B invoices').first()).toBeVisible({ timeout: 60_000 });
  const gstr1File = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download JSON' }).click();
  const gstr1 = JSON.parse(fs.readFileSync((await (await gstr1File).path())!, 'utf8'));
  expect(gstr1).toMatchObject({ gstin: sellerGstin, fp: period });
  type Note = { ntty: string; nt_num: string; nt_dt: string; val: number; itms: { num: number; itm_det: { rt: number; txval: number; camt: number; samt: number } }[] };
  const cdnr: { ctin: string; nt: Note[] }[] = gstr1.cdnr ?? [];
  const notes = cdnr.find((p) => p.ctin === PUNE_GSTIN)?.nt ?? [];
  expect(notes).toEqual([
    expect.objectContaining({
      ntty: 'C',
      nt_num: noteNumber,
      nt_dt: `${today.slice(8, 10)}-${today.slice(5, 7)}-${today.slice(0, 4)}`,
      val: 2360,
      itms: [expect.objectContaining({ num: 1801, itm_det: expect.objectContaining({ rt: 18, txval: 2000, camt: 180, samt: 180 }) })],
    }),
  ]);

  expect(errors).toEqual([]);
});
