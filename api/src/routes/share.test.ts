import type { Quotation, SaleInvoice } from '@bahi/shared/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { createHarness, signUp, write, SETUP_TIMEOUT_MS, type Harness, type SignedUp } from '../test/harness';
import { decodeQrPng } from '../test/qr';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let invoice: SaleInvoice;
let otherInvoice: SaleInvoice;
let quotation: Quotation;
let bInvoice: SaleInvoice;

const DAY_MS = 86_400_000;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Sharma Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Business', stateCode: '27' });
  const rice = await f.item(a, { name: 'Basmati Rice 25 kg', price: '1850', rate: 'gst-5', hsn: '10063020', stock: 50 });
  const party = await f.party(a, { name: 'Kaveri Home Needs', state: '27', mobileNumber: '9123456780' });
  expect((await write(h.app, 'PUT', '/api/settings/business', { legalName: 'Sharma Traders', upiId: 'sharma@okaxis' }, { cookie: a.cookie })).statusCode).toBe(200);
  invoice = await f.invoice(a, { partyId: party.id, lines: [{ itemId: rice.id, quantity: 2 }], notes: 'Deliver to the back gate' });
  otherInvoice = await f.invoice(a, { partyId: party.id, lines: [{ itemId: rice.id, quantity: 1 }] });
  quotation = await f.quotation(a, { partyId: party.id, lines: [{ itemId: rice.id, quantity: 3 }] });
  const pen = await f.item(b, { name: 'Pen', price: '10', stock: 5 });
  bInvoice = await f.invoice(b, { lines: [{ itemId: pen.id, quantity: 1 }] });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const share = (who: SignedUp, path: string, body: object = {}) => write(h.app, 'POST', `/api/${path}`, body, { cookie: who.cookie });
const revoke = (who: SignedUp, path: string) =>
  h.app.inject({ method: 'DELETE', url: `/api/${path}`, headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: who.cookie }, payload: '{}' });
/** A visitor without any cookie, as a customer opening the link. */
const open = (url: string, remoteAddress = '203.0.113.9') => h.app.inject({ method: 'GET', url, remoteAddress });
const pathOf = (url: string) => new URL(url).pathname;

function expectPublicHeaders(res: LightMyRequestResponse) {
  expect(res.headers['set-cookie']).toBeUndefined();
  expect(res.headers['x-robots-tag']).toMatch(/noindex/);
  const csp = String(res.headers['content-security-policy']);
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain('img-src data:');
  expect(csp).not.toMatch(/script-src/);
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('share links of sale invoices', () => {
  it('makes an unguessable link whose page shows the invoice, its QR and its PDF to anyone, without a session', async () => {
    const res = await share(a, `sale/share-link/${invoice.id}`, { expiresInDays: 7 });
    expect(res.statusCode).toBe(201);
    const link = res.json().data;
    expect(link.url).toMatch(new RegExp(`^http://localhost(:80)?/share/${link.token}$`));
    // At least 128 random bits: 24 random bytes after the 16 of the business id, base64url.
    expect(Buffer.from(link.token, 'base64url').length).toBe(40);
    expect(new Date(link.expiresAt).getTime() - h.clock.now().getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);

    const page = await open(pathOf(link.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expectPublicHeaders(page);
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).not.toMatch(/<script/i);
    for (const text of ['TAX INVOICE', invoice.invoiceNumber, 'Kaveri Home Needs', 'Basmati Rice 25 kg', 'Deliver to the back gate', '₹3,885.00', 'Balance due']) {
      expect(page.body).toContain(text);
    }
    const qr = /<img src="(data:image\/png;base64,[^"]+)" alt="UPI QR code/.exec(page.body)?.[1];
    const uri = decodeQrPng(qr!);
    expect(Object.fromEntries(new URL(uri!).searchParams)).toMatchObject({ pa: 'sharma@okaxis', am: '3885.00', cu: 'INR', tn: invoice.invoiceNumber });
    // The Pay button opens the same intent in the phone's UPI app.
    expect(page.body).toContain(`href="${uri!.replace(/&/g, '&amp;')}"`);

    const pdf = await open(`${pathOf(link.url)}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expectPublicHeaders(pdf);
    expect((await pdfText(pdf.rawPayload)).text).toContain(invoice.invoiceNumber);
  });

  it('sets no cookie even for a browser that already has the app’s cookies', async () => {
    const link = (await share(a, `sale/share-link/${invoice.id}`)).json().data;
    const res = await h.app.inject({ method: 'GET', url: pathOf(link.url), headers: { cookie: a.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('answers the not-available page for a made-up token, another document’s or business’s token, and a revoked link', async () => {
    const link = (await share(a, `sale/share-link/${invoice.id}`)).json().data;
    const other = (await share(a, `sale/share-link/${otherInvoice.id}`)).json().data;
    // A token opens its own invoice, never another one.
    expect((await open(pathOf(other.url))).body).toContain(otherInvoice.invoiceNumber);
    expect((await open(pathOf(other.url))).body).not.toContain(`>${invoice.invoiceNumber}<`);

    const tampered = link.token.slice(0, -4) + (link.token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    for (const path of [`/share/${tampered}`, '/share/nope', `/share/${'A'.repeat(54)}`, `/share/${tampered}/pdf`]) {
      const res = await open(path);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('This link is not available');
      expectPublicHeaders(res);
    }
    // Another business cannot share or revoke this business's invoice.
    expect((await share(b, `sale/share-link/${invoice.id}`)).statusCode).toBe(404);
    expect((await revoke(b, `sale/share-link/${invoice.id}`)).statusCode).toBe(404);
    expect((await share(a, `sale/share-link/${bInvoice.id}`)).statusCode).toBe(404);
    expect((await share(a, 'sale/share-link/not-a-uuid')).statusCode).toBe(404);

    const revoked = await revoke(a, `sale/share-link/${invoice.id}`);
    expect(revoked.statusCode).toBe(200);
    expect((await open(pathOf(link.url))).statusCode).toBe(404);
    expect((await open(`${pathOf(link.url)}/pdf`)).statusCode).toBe(404);
    // Revoking one invoice's links leaves the other invoice's link working.
    expect((await open(pathOf(other.url))).statusCode).toBe(200);
  });

  it('checks the expiry: 1 to 90 days, 30 by default', async () => {
    for (const days of [0, 91, 1.5]) {
      const res = await share(a, `sale/share-link/${invoice.id}`, { expiresInDays: days });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('expiresInDays');
    }
    const link = (await share(a, `sale/share-link/${invoice.id}`)).json().data;
    expect(Math.round((new Date(link.expiresAt).getTime() - h.clock.now().getTime()) / DAY_MS)).toBe(30);
    expect((await h.app.inject({ method: 'POST', url: `/api/sale/share-link/${invoice.id}`, headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(401);
  });
});

describe('share links of quotations', () => {
  it('shows the quotation without a payment QR, and revokes', async () => {
    const res = await share(a, `quotation/share-link/${quotation.id}`, { expiresInDays: 3 });
    expect(res.statusCode).toBe(201);
    const page = await open(pathOf(res.json().data.url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('QUOTATION');
    expect(page.body).toContain(quotation.quotationNumber);
    expect(page.body).not.toContain('upi://');
    expect((await revoke(a, `quotation/share-link/${quotation.id}`)).statusCode).toBe(200);
    expect((await open(pathOf(res.json().data.url))).statusCode).toBe(404);
    // A quotation's id is not an invoice's.
    expect((await share(a, `sale/share-link/${quotation.id}`)).statusCode).toBe(404);
  });
});

describe('rate limits of the public pages', () => {
  // The limits count in fixed one-minute windows: each test starts at the beginning of one, so all its requests
  // fall in the same window however slow the machine is.
  beforeEach(() => h.clock.advance(60_000 - (h.clock.now().getTime() % 60_000) + 1));

  it('slows guessing from one address (429), whatever tokens it tries', async () => {
    const app = await h.variant({ SHARE_RATE_LIMIT_PER_MINUTE: '5' });
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await app.inject({ method: 'GET', url: `/share/${String(i).padStart(54, 'x')}`, remoteAddress: '198.51.100.7' });
      codes.push(res.statusCode);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(codes.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('slows hammering one link from many addresses (429)', async () => {
    const app = await h.variant({ SHARE_RATE_LIMIT_PER_MINUTE: '3' });
    const link = (await share(a, `sale/share-link/${invoice.id}`)).json().data;
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await app.inject({ method: 'GET', url: pathOf(link.url), remoteAddress: `192.0.2.${i + 1}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429, 429]);
  });
});

describe('expiry', () => {
  it('a link stops opening once its days are over', async () => {
    const link = (await share(a, `sale/share-link/${otherInvoice.id}`, { expiresInDays: 1 })).json().data;
    expect((await open(pathOf(link.url))).statusCode).toBe(200);
    h.clock.advance(DAY_MS + 60_000);
    const res = await open(pathOf(link.url));
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('This link is not available');
  });
});
