import type { SaleInvoice } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import { PNG as PngImage } from 'pngjs';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { createHarness, get, logIn, signUp, write, SETUP_TIMEOUT_MS, type Harness, type SignedUp } from '../test/harness';
import { GIF, multipartBody } from '../test/multipart';
import { decodeQrPng, pdfQrCodes } from '../test/qr';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let itemId: string;
let partyId: string;

const SELLER_GSTIN = '27AAPFU0939F1Z' + gstinCheckChar('27AAPFU0939F1Z');

/** A real 40x30 PNG (the PDF must be able to draw it), red: its bytes are what the test checks come back. */
function picture(r: number, g: number, b: number): Buffer {
  const image = new PngImage({ width: 40, height: 30 });
  for (let i = 0; i < image.data.length; i += 4) image.data.set([r, g, b, 255], i);
  return PngImage.sync.write(image);
}
const LOGO = picture(200, 30, 30);
const SIGNATURE = picture(20, 20, 120);

const PROFILE = {
  legalName: 'Sharma Traders Private Limited',
  tradeName: 'Sharma Kirana',
  address: { street: '12 MG Road, Fort', city: 'Mumbai', stateCode: '27', pin: '400001' },
  phone: '9876543210',
  email: 'accounts@sharma.example',
  upiId: 'sharma.kirana@okhdfc',
  payeeName: 'Sharma Kirana & Sons',
  terms: 'Goods once sold are not taken back.',
  notes: 'Thank you for your business.',
  print: { showHsnSummary: true, showItemImages: false, thermalWidth: 'thermal58' as const },
};

const putProfile = (who: SignedUp, body: unknown) => write(h.app, 'PUT', '/api/settings/business', body, { cookie: who.cookie });

async function putForm(who: SignedUp, fields: Array<[string, string]>, files: Array<{ field: string; bytes: Buffer; type?: string; name?: string }> = []) {
  const { payload, contentType } = await multipartBody(
    fields,
    files.map((x) => ({ field: x.field, filename: x.name ?? `${x.field}.png`, contentType: x.type ?? 'image/png', bytes: x.bytes })),
  );
  return h.app.inject({
    method: 'PUT',
    url: '/api/settings/business',
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, cookie: who.cookie },
    payload,
  });
}

const formFields = (p: typeof PROFILE): Array<[string, string]> => [
  ['legalName', p.legalName],
  ['tradeName', p.tradeName],
  ['address.street', p.address.street],
  ['address.city', p.address.city],
  ['address.stateCode', p.address.stateCode],
  ['address.pin', p.address.pin],
  ['phone', p.phone],
  ['email', p.email],
  ['upiId', p.upiId],
  ['payeeName', p.payeeName],
  ['terms', p.terms],
  ['notes', p.notes],
  ['print.showHsnSummary', 'true'],
  ['print.showItemImages', 'false'],
  ['print.thermalWidth', p.print.thermalWidth],
];

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Sharma Traders', gstin: SELLER_GSTIN, stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Business', stateCode: '29' });
  itemId = (await f.item(a, { name: 'Basmati Rice 25 kg', price: '1850', rate: 'gst-5', hsn: '10063020', stock: 50 })).id;
  partyId = (await f.party(a, { name: 'Kaveri Home Needs', state: '27', mobileNumber: '9123456780' })).id;
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

describe('PUT /api/settings/business', () => {
  it('saves the profile with its logo and signature, and answers the same on GET; the images come back byte for byte', async () => {
    const res = await putForm(a, formFields(PROFILE), [
      { field: 'logo', bytes: LOGO },
      { field: 'signature', bytes: SIGNATURE, name: 'sign.jpg', type: 'image/jpeg' },
    ]);
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ ...PROFILE, gstin: SELLER_GSTIN, logoUrl: '/api/settings/business/logo', signatureUrl: '/api/settings/business/signature' });
    expect((await get(h.app, '/api/settings/business', a.cookie)).json().data).toEqual(saved);

    const logo = await get(h.app, '/api/settings/business/logo', a.cookie);
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.equals(LOGO)).toBe(true);
    // What the bytes are, not what the upload said (image/jpeg).
    const signature = await get(h.app, '/api/settings/business/signature', a.cookie);
    expect(signature.headers['content-type']).toBe('image/png');
    expect(signature.rawPayload.equals(SIGNATURE)).toBe(true);
  });

  it('takes JSON too, keeps the images, and prints the bank account chosen (only one of the business’s own)', async () => {
    const bank = await write(
      h.app,
      'POST',
      '/api/account/add-bank-account',
      { displayName: 'HDFC Current', bankName: 'HDFC Bank', accountNumber: '50100012345678', ifsc: 'HDFC0000123' },
      { cookie: a.cookie },
    );
    expect(bank.statusCode).toBe(201);
    const bankAccountId = bank.json().data.id;
    const res = await putProfile(a, { ...PROFILE, bankAccountId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.bankAccount).toMatchObject({ id: bankAccountId, bankName: 'HDFC Bank', accountNumber: 'XXXX5678', ifsc: 'HDFC0000123' });
    expect(res.json().data.logoUrl).toBe('/api/settings/business/logo');
    // Another business's bank account is not one to print.
    const other = await putProfile(b, { legalName: 'Other Business', bankAccountId });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('bankAccountId');
  });

  it('refuses an image over 1 MB (413) and a picture that is not PNG or JPEG (415), saving nothing', async () => {
    const big = Buffer.concat([LOGO, Buffer.alloc(1024 * 1024)]);
    const tooLarge = await putForm(a, [...formFields(PROFILE), ['tradeName', 'Changed']], [{ field: 'logo', bytes: big }]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ success: false, field: 'logo' });
    const gif = await putForm(a, formFields({ ...PROFILE, tradeName: 'Changed' }), [{ field: 'signature', bytes: GIF, type: 'image/png' }]);
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toMatch(/PNG or JPEG/);
    const text = await putForm(a, formFields({ ...PROFILE, tradeName: 'Changed' }), [{ field: 'logo', bytes: Buffer.from('not a picture at all') }]);
    expect(text.statusCode).toBe(415);
    const now = (await get(h.app, '/api/settings/business', a.cookie)).json().data;
    expect(now.tradeName).toBe(PROFILE.tradeName);
    expect((await get(h.app, '/api/settings/business/logo', a.cookie)).rawPayload.equals(LOGO)).toBe(true);
  });

  it.each([
    [{ upiId: 'sharma kirana' }, 'upiId'],
    [{ upiId: 'no-handle@' }, 'upiId'],
    [{ address: { ...PROFILE.address, pin: '012345' } }, 'address.pin'],
    [{ address: { ...PROFILE.address, pin: '560001' } }, 'address.pin'],
    [{ email: 'not-an-email' }, 'email'],
    [{ phone: '12345' }, 'phone'],
    [{ legalName: '' }, 'legalName'],
    [{ print: { thermalWidth: 'thermal110' } }, 'print.thermalWidth'],
    [{ favouriteColour: 'blue' }, undefined],
  ])('refuses %j with a 400 naming the field', async (change, field) => {
    const res = await putProfile(a, { ...PROFILE, ...change });
    expect(res.statusCode).toBe(400);
    if (field) expect(res.json().field).toBe(field);
    else expect(res.json().message).toMatch(/favouriteColour/);
  });

  it('lets only the owner or an admin save it; anyone signed in reads it; without a session 401', async () => {
    const biller = await signUp(h, { businessName: 'Biller Shop' });
    await h.database.db.execute(sql`update users set role = 'BILLER' where business_id = ${biller.profile.user.business.id}`);
    const { cookie } = await logIn(h, biller.phone);
    const res = await write(h.app, 'PUT', '/api/settings/business', { legalName: 'Mine now' }, { cookie });
    expect(res.statusCode).toBe(403);
    expect((await get(h.app, '/api/settings/business', cookie)).statusCode).toBe(200);
    expect((await write(h.app, 'PUT', '/api/settings/business', { legalName: 'x' })).statusCode).toBe(401);
    // Another business's images are not there for it.
    expect((await get(h.app, '/api/settings/business/logo', b.cookie)).statusCode).toBe(404);
  });
});

describe('the profile on prints and the UPI QR', () => {
  let unpaid: SaleInvoice;
  beforeAll(async () => {
    await putForm(a, formFields(PROFILE), [
      { field: 'logo', bytes: LOGO },
      { field: 'signature', bytes: SIGNATURE },
    ]);
    unpaid = await f.invoice(a, { partyId, lines: [{ itemId, quantity: 2 }] });
    const pay = await f.pay(a, unpaid.id, { amount: '1000.50', mode: 'CASH' });
    expect(pay.statusCode).toBe(201);
    unpaid = pay.json().data;
  });

  it('answers the QR of what is still due, every field of the UPI intent as the payer’s app reads it', async () => {
    const res = await get(h.app, `/api/sale/sale-invoice/${unpaid.id}/upi-qr`, a.cookie);
    expect(res.statusCode).toBe(200);
    const { uri, png } = res.json().data.upiQr;
    expect(png).toMatch(/^data:image\/png;base64,/);
    const decoded = decodeQrPng(png);
    expect(decoded).toBe(uri);
    const url = new URL(decoded!);
    expect(url.protocol).toBe('upi:');
    expect(decoded!.startsWith('upi://pay?')).toBe(true);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      pa: 'sharma.kirana@okhdfc',
      pn: 'Sharma Kirana & Sons',
      am: unpaid.balance,
      cu: 'INR',
      tn: unpaid.invoiceNumber,
      tr: unpaid.invoiceNumber,
    });
    expect(unpaid.balance).toMatch(/^\d+\.\d{2}$/);
    // 2 × 1,850 + 5 % GST = 3,885.00, less 1,000.50 received.
    expect(unpaid.balance).toBe('2884.50');
    // Values are URL-encoded: the & of the payee name does not start a new parameter.
    expect(decoded).toContain('pn=Sharma%20Kirana%20%26%20Sons');
  });

  it('puts the same QR, the address, GSTIN, trade name, bank details and terms on the A4 and thermal PDFs', async () => {
    for (const layout of ['a4', 'thermal80']) {
      const res = await get(h.app, `/api/sale/sale-invoice/${unpaid.id}/pdf?layout=${layout}`, a.cookie);
      expect(res.statusCode).toBe(200);
      const { text } = await pdfText(res.rawPayload);
      for (const expected of ['Sharma Traders Private Limited', 'Sharma Kirana', '12 MG Road, Fort', 'Mumbai - 400001', SELLER_GSTIN, 'Authorised Signatory', 'Goods once sold are not taken back.', 'UPI: sharma.kirana@okhdfc']) {
        expect(text.replace(/\s+/g, ' ')).toContain(expected);
      }
      expect(text).toMatch(/Scan to pay/);
      const codes = pdfQrCodes(res.rawPayload);
      expect(codes).toHaveLength(1);
      const params = Object.fromEntries(new URL(codes[0]).searchParams);
      expect(params).toMatchObject({ pa: 'sharma.kirana@okhdfc', am: '2884.50', tn: unpaid.invoiceNumber });
    }
  });

  it('has no QR once nothing is due: paid in full, or cancelled', async () => {
    const paid = await f.invoice(a, { partyId, lines: [{ itemId, quantity: 1 }] });
    expect((await f.pay(a, paid.id, { amount: paid.balance, mode: 'CASH' })).statusCode).toBe(201);
    expect((await get(h.app, `/api/sale/sale-invoice/${paid.id}/upi-qr`, a.cookie)).json().data.upiQr).toBeNull();
    const pdf = await get(h.app, `/api/sale/sale-invoice/${paid.id}/pdf`, a.cookie);
    expect(pdfQrCodes(pdf.rawPayload)).toEqual([]);
    expect((await pdfText(pdf.rawPayload)).text).not.toMatch(/Scan to pay/);

    const cancelled = await f.invoice(a, { partyId, lines: [{ itemId, quantity: 1 }] });
    expect((await f.cancel(a, cancelled.id)).statusCode).toBe(200);
    expect((await get(h.app, `/api/sale/sale-invoice/${cancelled.id}/upi-qr`, a.cookie)).json().data.upiQr).toBeNull();
  });

  it('has no QR without a UPI ID; another business’s invoice is not found', async () => {
    const invoice = await f.invoice(b, { lines: [{ itemId: (await f.item(b, { name: 'Pen', price: '10', stock: 5 })).id, quantity: 1 }] });
    expect((await get(h.app, `/api/sale/sale-invoice/${invoice.id}/upi-qr`, b.cookie)).json().data.upiQr).toBeNull();
    expect((await get(h.app, `/api/sale/sale-invoice/${invoice.id}/upi-qr`, a.cookie)).statusCode).toBe(404);
  });
});
