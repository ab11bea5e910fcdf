import { expect, test, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signUpViaApi, testGstin, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * The shop owner's invoice that gets paid: the owner fills in the business profile (address, UPI ID, logo), bills a
 * customer, and the invoice's screen and PDF carry the address, the GSTIN and a "Scan to pay" QR. The invoice is
 * shared by link, and the link opens in a browser with no session: the customer sees the invoice and a Pay button.
 */

type Ref = { id: string; value: number; shortName?: string };

/** The smallest real PNG: a 1x1 pixel, as a logo file the picker takes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function billACustomer(page: Page): Promise<{ id: string; invoiceNumber: string; balance: string }> {
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
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const customer = await page.request.post('/api/party/create', {
    headers: WRITE_HEADERS,
    data: { name: 'Pune Stationers', partyType: 'CUSTOMER', mobileNumber: '9822012345', billingAddress: { type: 'BOTH', miscData: { ad: 'Shop 4, Tilak Road, Pune', st: '27', pin: '411030' } } },
  });
  expect(customer.status(), await customer.text()).toBe(201);
  const sale = await page.request.post('/api/sale/create-sale', {
    headers: WRITE_HEADERS,
    data: { partyId: (await customer.json()).data.id, lines: [{ itemId: (await item.json()).data.id, quantity: 2 }] },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  return (await sale.json()).data;
}

test('the business profile prints on the invoice with a UPI QR, and a share link opens without a session', async ({ page, browser }) => {
  const errors = watchPageErrors(page);
  const { phone } = await signUpViaApi(page, { stateCode: '27' });
  const gstin = testGstin('27', phone);

  // The profile, through its page in the user menu.
  await page.goto('/');
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'Business profile' }).click();
  await expect(page.getByRole('heading', { name: 'Business profile' })).toBeVisible();
  await page.getByLabel('Legal name').fill('Verma Traders Private Limited');
  await page.getByLabel('Trade name').fill('Verma Kirana');
  await page.getByLabel('Street and area').fill('12 Laxmi Road, Sadashiv Peth');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('State', { exact: true }).click();
  await page.keyboard.type('Maharashtra');
  await page.keyboard.press('Enter');
  await page.getByLabel('PIN code').fill('411030');
  await page.getByLabel('UPI ID').fill('verma.kirana@okaxis');
  await page.getByRole('group', { name: 'Logo' }).locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Logo preview' })).toBeVisible();
  await page.getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Business profile saved')).toBeVisible();
  const profile = (await (await page.request.get('/api/settings/business')).json()).data;
  expect(profile).toMatchObject({ legalName: 'Verma Traders Private Limited', upiId: 'verma.kirana@okaxis', logoUrl: '/api/settings/business/logo' });

  const invoice = await billACustomer(page);
  await page.goto(`/sales/invoice/${invoice.id}`);
  const card = page.getByLabel('Pay by UPI');
  await expect(card).toContainText('Scan to pay ₹2,360.00 by UPI');
  await expect(card.getByRole('img')).toHaveAttribute('src', /^data:image\/png;base64,/);

  // The PDF: Rule 46's supplier name, address and GSTIN, and the QR to pay.
  const pdf = await page.request.get(`/api/sale/sale-invoice/${invoice.id}/pdf`);
  expect(pdf.status()).toBe(200);
  const text = (await new PDFParse({ data: new Uint8Array(await pdf.body()) }).getText()).text.replace(/\s+/g, ' ');
  for (const expected of ['Verma Traders Private Limited', 'Verma Kirana', '12 Laxmi Road, Sadashiv Peth', 'Pune - 411030', `GSTIN: ${gstin}`, 'Scan to pay ₹2,360.00 by UPI']) {
    expect(text).toContain(expected);
  }

  // Share by link; the link opens in a fresh browser with no session.
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /Create link/ }).click();
  const url = await dialog.getByLabel('Share link').inputValue();
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{54}$/);
  await expect(dialog.getByRole('link', { name: /Share on WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/919822012345\?text=/);

  const stranger = await browser.newContext();
  const visitor = await stranger.newPage();
  const response = await visitor.goto(url);
  expect(response!.status()).toBe(200);
  expect(response!.headers()['x-robots-tag']).toMatch(/noindex/);
  expect(response!.headers()['set-cookie']).toBeUndefined();
  await expect(visitor.getByRole('heading', { name: 'TAX INVOICE' })).toBeVisible();
  await expect(visitor.getByText(invoice.invoiceNumber).first()).toBeVisible();
  await expect(visitor.getByText('Pune Stationers')).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Pay ₹2,360.00' })).toHaveAttribute('href', /^upi:\/\/pay\?pa=verma\.kirana%40okaxis&/);
  await expect(visitor.getByRole('img', { name: /UPI QR code/ })).toBeVisible();
  expect(await stranger.cookies()).toEqual([]);
  await stranger.close();

  expect(errors).toEqual([]);
});
