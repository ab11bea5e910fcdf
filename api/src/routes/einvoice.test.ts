import type { EInvoiceProblem, SaleInvoice } from '@bahi/shared/contracts';
import { indiaToday } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import { validateEInvoice } from '../services/einvoice';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { sendForm } from '../test/multipart';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let intra: SaleInvoice;
let inter: SaleInvoice;
let walkIn: SaleInvoice;
let broken: SaleInvoice;
let items: { pen: string; tiffin: string; cigars: string };
let puneParty: string;
let bengaluruParty: string;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const SELLER_GSTIN = gstin('27AAPFU0939F1Z');
const PUNE_GSTIN = gstin('27AABCP1234Q1Z');
const BENGALURU_GSTIN = gstin('29AAGCK1234M1Z');
/** gst-rules.md's fourth example: 12 % GST, 5 % cess and ₹1.591 a unit (no such rate is seeded). */
const CESS_RATE = 'gst-12-cess-5-per-unit-ei';
const today = () => indiaToday(h.clock.now());
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function party(who: SignedUp, o: { name: string; gstin?: string; state: string; pin: string; street: string }) {
  const res = await write(
    h.app,
    'POST',
    '/api/party/create',
    { name: o.name, partyType: 'CUSTOMER', gstin: o.gstin, billingAddress: { type: 'BOTH', miscData: { ad: o.street, st: o.state, pin: o.pin } } },
    { cookie: who.cookie },
  );
  if (res.statusCode !== 201) throw new Error(`party/create answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id as string;
}

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Sharma Traders', gstin: SELLER_GSTIN, stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Business', stateCode: '27' });
  await h.database.db.execute(
    sql`insert into tax_rates (id, value, cess_value, cess_per_unit, sort_order) values (${CESS_RATE}, 12, 5, 1.591, 998) on conflict do nothing`,
  );
  // The seller's branch with the address the IRP needs.
  const branchId = a.profile.activeStoreBranch!.id;
  const up = await write(
    h.app,
    'PUT',
    `/api/store-branch/update-branch/${branchId}`,
    { name: 'Main Branch', gstin: SELLER_GSTIN, registrationType: 'REGULAR', address: { street: '12 Laxmi Road', city: 'Pune', stateCode: '27', pin: '411002' } },
    { cookie: a.cookie },
  );
  if (up.statusCode !== 200) throw new Error(`update-branch answered ${up.statusCode}: ${up.body}`);
  items = {
    pen: (await f.item(a, { name: 'Gel Pen Box', price: '62.51', rate: 'gst-18', hsn: '96081019', stock: 50 })).id,
    tiffin: (await f.item(a, { name: 'Steel Tiffin', price: '52.50', rate: 'gst-12', keepsWithdrawnRate: true, withTax: true, hsn: '73239390', stock: 50 })).id,
    cigars: (await f.item(a, { name: 'Cigars', price: '1000', rate: CESS_RATE, hsn: '24021010', stock: 50 })).id,
  };
  puneParty = await party(a, { name: 'Pune Stationers', gstin: PUNE_GSTIN, state: '27', pin: '411030', street: 'Shop 4, Tilak Road, Pune' });
  bengaluruParty = await party(a, { name: 'Kaveri Home Needs', gstin: BENGALURU_GSTIN, state: '29', pin: '560025', street: '8 Brigade Road, Bengaluru' });
  intra = await f.invoice(a, {
    partyId: puneParty,
    lines: [
      { itemId: items.pen, quantity: 1 },
      { itemId: items.tiffin, quantity: 1 },
    ],
  });
  inter = await f.invoice(a, { partyId: bengaluruParty, lines: [{ itemId: items.cigars, quantity: 10, discountPercent: 10 }] });
  walkIn = await f.invoice(a, { lines: [{ itemId: items.pen, quantity: 1 }] });
  // Broken four ways: a party in Karnataka with a Mumbai PIN, dated tomorrow, a line without HSN (an item saved
  // before HSN was required), a buyer GSTIN mistyped (a party saved before GSTINs were checked).
  const wrongPin = await party(a, { name: 'Wrong Pin Traders', gstin: gstin('29AAACW1234K1Z'), state: '29', pin: '400001', street: '1 MG Road, Bengaluru' });
  const tomorrow = indiaToday(new Date(h.clock.now().getTime() + 36 * 3600 * 1000));
  // The business allows invoices dated ahead, which the IRP takes only from their date.
  const ahead = await write(h.app, 'PUT', '/api/store-branch/document-settings', { futureDatedDays: 2 }, { cookie: a.cookie });
  if (ahead.statusCode !== 200) throw new Error(`document-settings answered ${ahead.statusCode}: ${ahead.body}`);
  broken = await f.invoice(a, { partyId: wrongPin, invoiceDate: tomorrow, lines: [{ itemId: items.pen, quantity: 1 }] });
  const good = gstin('29AAACW1234K1Z');
  const typo = good.slice(0, 14) + (good[14] === 'A' ? 'B' : 'A');
  await h.database.db.execute(sql`update sale_invoices set party_snapshot = jsonb_set(party_snapshot, '{gstin}', to_jsonb(${typo}::text)) where id = ${broken.id}`);
  await h.database.db.execute(sql`update sale_invoice_lines set hsn_sac = null where document_id = ${broken.id}`);
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const einvoice = (who: SignedUp, id: string, query = '') => get(h.app, `/api/sale/sale-invoice/${id}/einvoice${query}`, who.cookie);
const uploadIrn = (who: SignedUp, id: string, body: unknown) => write(h.app, 'POST', `/api/sale/sale-invoice/${id}/irn`, body, { cookie: who.cookie });

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A signature's base64url characters (mixed case, as a real one: a QR code holds them as bytes). */
const signature = (length: number) => 'nQ7-xK2_bV9mZp4w'.repeat(Math.ceil(length / 16)).slice(0, length);
/** A JWT as the IRP signs them: RS256 with its key's id, a 2048-bit signature (342 base64url characters). */
const jwt = (payload: unknown) =>
  `${b64({ alg: 'RS256', kid: 'EDC57DE1358B300BA9F79340A6696831F3C85047', typ: 'JWT', x5t: '7cV94TWLMAup95NApmloMfPIUEc' })}.${b64(payload)}.${signature(342)}`;
let irnSeq = 0;
/**
 * The IRP's response for an invoice, as its portal answers: the invoice JSON inside the signed invoice's `data`
 * claim, the QR's claims (a JSON string) inside the signed QR code's. `qr` changes the QR's claims.
 */
function irpResponse(o: { number: string; gstin?: string; irn?: string; qr?: Record<string, unknown> }) {
  irnSeq += 1;
  const irn = o.irn ?? `${irnSeq.toString(16).padStart(4, '0')}${'a1b2c3d4'.repeat(7)}abcd`.slice(0, 64);
  const data = { AckNo: 112610000000000 + irnSeq, AckDt: '2026-11-05 13:45:00', Irn: irn, DocDtls: { Typ: 'INV', No: o.number, Dt: '05/11/2026' }, SellerDtls: { Gstin: o.gstin ?? SELLER_GSTIN } };
  const qr = {
    SellerGstin: o.gstin ?? SELLER_GSTIN,
    BuyerGstin: PUNE_GSTIN,
    DocNo: o.number,
    DocTyp: 'INV',
    DocDt: '05/11/2026',
    TotInvVal: 132.56,
    ItemCnt: 2,
    MainHsnCode: '96081019',
    Irn: irn,
    IrnDt: data.AckDt,
    ...o.qr,
  };
  return {
    AckNo: data.AckNo,
    AckDt: data.AckDt,
    Irn: irn,
    SignedInvoice: jwt({ data: JSON.stringify(data), iss: 'NIC' }),
    SignedQRCode: jwt({ data: JSON.stringify(qr), iss: 'NIC' }),
    Status: 'ACT',
    EwbNo: null,
  };
}

describe("GET /api/sale/sale-invoice/:id/einvoice: gst-rules.md's worked examples", () => {
  it('an intra-state B2B invoice (62.51 at 18 % exclusive, 52.50 at 12 % inclusive): CGST + SGST, exact figures', async () => {
    const res = await einvoice(a, intra.id);
    expect(res.statusCode).toBe(200);
    const { json, fileName } = res.json().data;
    expect(fileName).toMatch(/^EInvoice-.*\.json$/);
    expect(validateEInvoice(json, today())).toEqual([]);
    expect(json).toMatchObject({
      Version: '1.1',
      TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
      DocDtls: { Typ: 'INV', No: intra.invoiceNumber, Dt: ddmmyyyy(intra.invoiceDate) },
      SellerDtls: { Gstin: SELLER_GSTIN, LglNm: 'Sharma Traders', Addr1: '12 Laxmi Road', Loc: 'Pune', Pin: 411002, Stcd: '27' },
      BuyerDtls: { Gstin: PUNE_GSTIN, LglNm: 'Pune Stationers', Pos: '27', Addr1: 'Shop 4, Tilak Road, Pune', Loc: 'Pune', Pin: 411030, Stcd: '27' },
    });
    expect(json.ItemList).toEqual([
      {
        SlNo: '1', PrdDesc: 'Gel Pen Box', IsServc: 'N', HsnCd: '96081019', Qty: 1, Unit: 'NOS', UnitPrice: 62.51, TotAmt: 62.51, Discount: 0,
        AssAmt: 62.51, GstRt: 18, IgstAmt: 0, CgstAmt: 5.63, SgstAmt: 5.63, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, TotItemVal: 73.77,
      },
      {
        SlNo: '2', PrdDesc: 'Steel Tiffin', IsServc: 'N', HsnCd: '73239390', Qty: 1, Unit: 'NOS', UnitPrice: 46.88, TotAmt: 46.88, Discount: 0,
        AssAmt: 46.88, GstRt: 12, IgstAmt: 0, CgstAmt: 2.81, SgstAmt: 2.81, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, TotItemVal: 52.5,
      },
    ]);
    expect(json.ValDtls).toEqual({
      AssVal: 109.39, CgstVal: 8.44, SgstVal: 8.44, IgstVal: 0, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: -0.27, TotInvVal: 126,
    });
    // Exactly the stored invoice's figures.
    expect(json.ValDtls.TotInvVal).toBe(Number(intra.totals.grandTotal));
    expect(json.ValDtls.RndOffAmt).toBe(Number(intra.totals.roundOff));
  });

  it('an inter-state B2B invoice (10 × 1,000.00, 10 % off, 12 % + cess 5 % + ₹1.591 a unit): IGST 1,080.00, cess 465.91', async () => {
    const res = await einvoice(a, inter.id);
    expect(res.statusCode).toBe(200);
    const { json } = res.json().data;
    expect(validateEInvoice(json, today())).toEqual([]);
    expect(json.BuyerDtls).toMatchObject({ Gstin: BENGALURU_GSTIN, Pos: '29', Stcd: '29', Pin: 560025 });
    expect(json.ItemList).toEqual([
      {
        SlNo: '1', PrdDesc: 'Cigars', IsServc: 'N', HsnCd: '24021010', Qty: 10, Unit: 'NOS', UnitPrice: 1000, TotAmt: 10000, Discount: 1000,
        AssAmt: 9000, GstRt: 12, IgstAmt: 1080, CgstAmt: 0, SgstAmt: 0, CesRt: 5, CesAmt: 450, CesNonAdvlAmt: 15.91, TotItemVal: 10545.91,
      },
    ]);
    expect(json.ValDtls).toEqual({
      AssVal: 9000, CgstVal: 0, SgstVal: 0, IgstVal: 1080, CesVal: 465.91, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0.09, TotInvVal: 10546,
    });
  });

  it('download=true answers the file to upload: a JSON array of the invoice', async () => {
    const res = await einvoice(a, inter.id, '?download=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="EInvoice-.*\.json"$/);
    const file = JSON.parse(res.body);
    expect(file).toHaveLength(1);
    expect(file[0].DocDtls.No).toBe(inter.invoiceNumber);
  });
});

describe('the offline check', () => {
  it('reports each broken field with how to fix it, and gives no file (422)', async () => {
    for (const query of ['', '?download=true']) {
      const res = await einvoice(a, broken.id, query);
      expect(res.statusCode).toBe(422);
      expect(res.headers['content-disposition']).toBeUndefined();
      const body = res.json();
      expect(body.success).toBe(false);
      expect(body.message).toContain(broken.invoiceNumber);
      const byPath = Object.fromEntries((body.errors as EInvoiceProblem[]).map((e) => [e.path, e.message]));
      expect(Object.keys(byPath).sort()).toEqual(['BuyerDtls.Gstin', 'BuyerDtls.Pin', 'DocDtls.Dt', 'ItemList[0].HsnCd']);
      expect(byPath['BuyerDtls.Gstin']).toMatch(/check character.*Correct the party's GSTIN/);
      expect(byPath['BuyerDtls.Pin']).toMatch(/400001.*Karnataka.*Correct the PIN code or the state/);
      expect(byPath['DocDtls.Dt']).toMatch(/is in the future/);
      expect(byPath['ItemList[0].HsnCd']).toMatch(/is missing.*Set a valid HSN code .* on item "Gel Pen Box"/);
    }
  });

  it('refuses a B2C invoice (422) and a cancelled one (409), with a clear message', async () => {
    const b2c = await einvoice(a, walkIn.id);
    expect(b2c.statusCode).toBe(422);
    expect(b2c.json().message).toMatch(/not a B2B invoice/);
    const gone = await f.invoice(a, { partyId: puneParty, lines: [{ itemId: items.pen, quantity: 1 }] });
    expect((await f.cancel(a, gone.id)).statusCode).toBe(200);
    const cancelled = await einvoice(a, gone.id);
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().message).toMatch(/cancelled/);
  });

  it('catches figures that do not add up (business rules beyond the schema)', async () => {
    const json = (await einvoice(a, inter.id)).json().data.json;
    json.ItemList[0].AssAmt = 9000.01;
    json.ValDtls.RndOffAmt = 100;
    const paths = validateEInvoice(json, today()).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['ItemList[0].AssAmt', 'ValDtls.RndOffAmt']));
  });
});

describe('POST /api/sale/einvoice-bulk', () => {
  it('answers the valid invoices as one file and the problems of the others', async () => {
    const res = await write(h.app, 'POST', '/api/sale/einvoice-bulk', { ids: [intra.id, inter.id, walkIn.id, broken.id] }, { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.invoiceIds).toEqual([intra.id, inter.id]);
    expect(data.json.map((j: { DocDtls: { No: string } }) => j.DocDtls.No)).toEqual([intra.invoiceNumber, inter.invoiceNumber]);
    expect(data.failed.map((x: { id: string }) => x.id)).toEqual([walkIn.id, broken.id]);
    expect(data.failed[1].errors.length).toBe(4);
  });

  it('refuses an empty list (400) and answers 422 when none is valid', async () => {
    expect((await write(h.app, 'POST', '/api/sale/einvoice-bulk', { ids: [] }, { cookie: a.cookie })).statusCode).toBe(400);
    expect((await write(h.app, 'POST', '/api/sale/einvoice-bulk', { ids: 'x' }, { cookie: a.cookie })).statusCode).toBe(400);
    expect((await write(h.app, 'POST', '/api/sale/einvoice-bulk', { ids: [walkIn.id] }, { cookie: a.cookie })).statusCode).toBe(422);
  });
});

describe('POST /api/sale/sale-invoice/:id/irn', () => {
  it('refuses a response of another invoice or GSTIN (422 naming the mismatch) and stores nothing', async () => {
    const otherNumber = await uploadIrn(a, intra.id, irpResponse({ number: inter.invoiceNumber }));
    expect(otherNumber.statusCode).toBe(422);
    expect(otherNumber.json().errors.map((e: EInvoiceProblem) => e.path)).toEqual(['SignedInvoice.DocDtls.No', 'SignedQRCode.DocNo']);
    expect(otherNumber.json().message).toContain(inter.invoiceNumber);
    const otherGstin = await uploadIrn(a, intra.id, irpResponse({ number: intra.invoiceNumber, gstin: BENGALURU_GSTIN }));
    expect(otherGstin.statusCode).toBe(422);
    expect(otherGstin.json().errors.map((e: EInvoiceProblem) => e.path)).toEqual(['SignedInvoice.SellerDtls.Gstin', 'SignedQRCode.SellerGstin']);
    const shortIrn = await uploadIrn(a, intra.id, { ...irpResponse({ number: intra.invoiceNumber }), Irn: 'abc' });
    expect(shortIrn.statusCode).toBe(422);
    expect(shortIrn.json().message).toMatch(/64 hexadecimal/);
    // Its JSON was downloaded above: still waiting for the IRP's answer.
    expect((await f.getInvoice(a, intra.id)).json().data.einvoice.status).toBe('JSON_READY');
  });

  it('refuses bad input with 4xx, never 500', async () => {
    for (const body of [[], 'text', { Irn: null }, { SignedInvoice: 'a.b.c' }, { ...irpResponse({ number: intra.invoiceNumber }), SignedInvoice: 'not-a-jwt' }]) {
      const res = await uploadIrn(a, intra.id, body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    const form = new FormData();
    form.append('file', new File([Buffer.from('not json')], 'response.json', { type: 'application/json' }), 'response.json');
    const notJson = await sendForm(h.app, 'POST', `/api/sale/sale-invoice/${intra.id}/irn`, a.cookie, form);
    expect(notJson.statusCode).toBe(400);
    expect((await uploadIrn(a, walkIn.id, irpResponse({ number: walkIn.invoiceNumber }))).statusCode).toBe(422);
  });

  it('stores a matching response: the invoice answer, the PDF and the list show IRN, Ack No and date', async () => {
    const response = irpResponse({ number: intra.invoiceNumber });
    const res = await uploadIrn(a, intra.id, response);
    expect(res.statusCode).toBe(201);
    const expected = { status: 'IRN_RECEIVED', irn: response.Irn, ackNo: String(response.AckNo), ackDate: '2026-11-05 13:45:00', notice: null };
    expect(res.json().data.einvoice).toMatchObject(expected);
    expect((await f.getInvoice(a, intra.id)).json().data.einvoice).toMatchObject({ ...expected, signedQrCode: response.SignedQRCode });

    const pdf = await get(h.app, `/api/sale/sale-invoice/${intra.id}/pdf`, a.cookie);
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('e-Invoice');
    expect(text.replace(/\s+/g, '')).toContain(response.Irn);
    expect(text).toContain(`Ack No. ${response.AckNo}`);
    expect(text).toContain('2026-11-05 13:45:00');

    // One IRN per invoice.
    const again = await uploadIrn(a, intra.id, irpResponse({ number: intra.invoiceNumber }));
    expect(again.statusCode).toBe(409);
  });

  it('takes the response as an uploaded .json file (the portal wraps it in Data)', async () => {
    const response = irpResponse({ number: inter.invoiceNumber });
    const form = new FormData();
    const bytes = Buffer.from(JSON.stringify({ Status: 1, Data: JSON.stringify(response) }));
    form.append('file', new File([bytes], 'irp-response.json', { type: 'application/json' }), 'irp-response.json');
    const res = await sendForm(h.app, 'POST', `/api/sale/sale-invoice/${inter.id}/irn`, a.cookie, form);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.einvoice).toMatchObject({ status: 'IRN_RECEIVED', irn: response.Irn });
  });

  it('cancelling an invoice with an IRN is allowed and reminds to cancel the IRN on the portal within 24 hours', async () => {
    const inv = await f.invoice(a, { partyId: bengaluruParty, lines: [{ itemId: items.pen, quantity: 2 }] });
    expect((await uploadIrn(a, inv.id, irpResponse({ number: inv.invoiceNumber }))).statusCode).toBe(201);
    const res = await f.cancel(a, inv.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.einvoice).toMatchObject({ status: 'CANCELLED', notice: expect.stringMatching(/cancel the IRN on the e-invoice portal within 24 hours/) });
  });
});

describe("the IRP's signed QR code and acknowledgement date", () => {
  const fresh = () => f.invoice(a, { partyId: puneParty, lines: [{ itemId: items.pen, quantity: 1 }] });
  const paths = (res: { json: () => { errors: EInvoiceProblem[] } }) => res.json().errors.map((e) => e.path);
  const status = async (id: string) => (await f.getInvoice(a, id)).json().data.einvoice.status;
  /** The same signed string with its signature lengthened to `length` characters in all. */
  const lengthened = (token: string, length: number) => {
    const [header, payload] = token.split('.');
    return `${header}.${payload}.${signature(length - header.length - payload.length - 2)}`;
  };
  const invoicePdf = (id: string, layout: string) => get(h.app, `/api/sale/sale-invoice/${id}/pdf?layout=${layout}`, a.cookie);

  it('refuses a QR code that is not a signed string naming this invoice, its IRN and seller GSTIN (422 naming SignedQRCode)', async () => {
    const inv = await fresh();
    const good = irpResponse({ number: inv.invoiceNumber });
    const qr = (claims: Record<string, unknown>) => irpResponse({ number: inv.invoiceNumber, irn: good.Irn, qr: claims }).SignedQRCode;
    const cases: Array<[string, string[]]> = [
      ['{"hello":"world"}', ['SignedQRCode']],
      [jwt({ hello: 'world' }), ['SignedQRCode']],
      [jwt({ data: JSON.stringify({ hello: 'world' }), iss: 'NIC' }), ['SignedQRCode.DocNo', 'SignedQRCode.Irn', 'SignedQRCode.SellerGstin']],
      [jwt({ data: '{not json', iss: 'NIC' }), ['SignedQRCode']],
      [`${good.SignedQRCode}==`, ['SignedQRCode']],
      [qr({ DocNo: inter.invoiceNumber }), ['SignedQRCode.DocNo']],
      [qr({ Irn: 'f'.repeat(64) }), ['SignedQRCode.Irn']],
      [qr({ SellerGstin: BENGALURU_GSTIN }), ['SignedQRCode.SellerGstin']],
      [qr({ SellerGstin: undefined }), ['SignedQRCode.SellerGstin']],
    ];
    for (const [SignedQRCode, expected] of cases) {
      const res = await uploadIrn(a, inv.id, { ...good, SignedQRCode });
      expect(res.statusCode).toBe(422);
      expect(paths(res)).toEqual(expected);
      expect(res.json().message).toMatch(/QR code|SignedQRCode/);
    }
    expect(await status(inv.id)).toBe('NOT_GENERATED');
    expect((await uploadIrn(a, inv.id, good)).statusCode).toBe(201);
  });

  it('refuses a QR code too long to print readably (422 naming SignedQRCode); the IRP\'s own is stored and prints on every layout', async () => {
    const inv = await fresh();
    const good = irpResponse({ number: inv.invoiceNumber });
    // The report's 8,218 characters fit no QR code; 1,400 fit one of 141 modules, too dense for the 34 mm printed.
    for (const length of [8218, 1400]) {
      const res = await uploadIrn(a, inv.id, { ...good, SignedQRCode: lengthened(good.SignedQRCode, length) });
      expect(res.statusCode).toBe(422);
      expect(paths(res)).toEqual(['SignedQRCode']);
      expect(res.json().message).toMatch(/^SignedQRCode cannot be printed on the invoice: it is too long/);
    }
    expect(await status(inv.id)).toBe('NOT_GENERATED');
    // The IRP's signed QR strings are about 1,000 characters.
    expect(good.SignedQRCode.length).toBeGreaterThan(900);
    expect((await uploadIrn(a, inv.id, good)).statusCode).toBe(201);
    for (const layout of ['a4', 'thermal80', 'thermal58']) {
      const pdf = await invoicePdf(inv.id, layout);
      expect(pdf.statusCode).toBe(200);
      expect((await pdfText(pdf.rawPayload)).text.replace(/\s+/g, '')).toContain(good.Irn);
    }
  });

  it('refuses an AckDt that is not a real date and time as the IRP writes it (422 naming AckDt)', async () => {
    const inv = await fresh();
    const good = irpResponse({ number: inv.invoiceNumber });
    for (const AckDt of [
      '<script>alert(1)</script>',
      '2026-02-30 99:99:99',
      '2026-02-30 10:00:00',
      '2026-11-05 24:00:00',
      '2026-11-05 13:60:00',
      '2026-11-05T13:45:00',
      '05/11/2026 13:45:00',
      '2026-11-05',
      '1999-12-31 10:00:00',
    ]) {
      const res = await uploadIrn(a, inv.id, { ...good, AckDt });
      expect(res.statusCode).toBe(422);
      expect(paths(res)).toEqual(['AckDt']);
      expect(res.json().message).toContain('AckDt must be a real date and time as the IRP writes it (yyyy-MM-dd HH:mm:ss)');
    }
    expect(await status(inv.id)).toBe('NOT_GENERATED');
    const leapDay = await uploadIrn(a, inv.id, { ...good, AckDt: '2028-02-29 23:59:59' });
    expect(leapDay.statusCode).toBe(201);
    expect(leapDay.json().data.einvoice.ackDate).toBe('2028-02-29 23:59:59');
  });

  it('an invoice stored earlier with a QR code too long to print still prints on every layout: its IRN and Ack without the QR', async () => {
    const inv = await fresh();
    const stored = irpResponse({ number: inv.invoiceNumber });
    await h.database.db.execute(sql`
      insert into sale_invoice_irns (business_id, invoice_id, irn, ack_no, ack_date, signed_invoice, signed_qr_code)
      select business_id, id, ${stored.Irn}, ${String(stored.AckNo)}, ${stored.AckDt}, ${stored.SignedInvoice}, ${lengthened(stored.SignedQRCode, 8218)}
      from sale_invoices where id = ${inv.id}`);
    expect(await status(inv.id)).toBe('IRN_RECEIVED');
    for (const layout of ['a4', 'thermal80', 'thermal58']) {
      const pdf = await invoicePdf(inv.id, layout);
      expect(pdf.statusCode).toBe(200);
      const { text } = await pdfText(pdf.rawPayload);
      expect(text.replace(/\s+/g, '')).toContain(stored.Irn);
      expect(text).toMatch(new RegExp(`Ack No[.:]? ${stored.AckNo}`));
      expect(text).toMatch(/Ack Date:? 2026-11-05 13:45:00/);
    }
  });
});

describe('settings and the list', () => {
  it('e-invoicing is off until turned on from a date; the list then shows eligible invoices with their status', async () => {
    expect((await get(h.app, '/api/sale/einvoice-settings', a.cookie)).json().data).toEqual({ enabled: false, fromDate: null });
    expect((await get(h.app, '/api/sale/einvoice-invoices', a.cookie)).json()).toMatchObject({ data: [], meta: { total: 0, enabled: false } });
    expect((await write(h.app, 'PUT', '/api/sale/einvoice-settings', { enabled: true }, { cookie: a.cookie })).statusCode).toBe(400);
    const put = await write(h.app, 'PUT', '/api/sale/einvoice-settings', { enabled: true, fromDate: '2026-04-01' }, { cookie: a.cookie });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ enabled: true, fromDate: '2026-04-01' });

    const list = (await get(h.app, '/api/sale/einvoice-invoices?pageSize=100', a.cookie)).json();
    const byId = Object.fromEntries(list.data.map((r: { id: string; einvoice: { status: string } }) => [r.id, r.einvoice.status]));
    expect(byId[intra.id]).toBe('IRN_RECEIVED');
    expect(byId[inter.id]).toBe('IRN_RECEIVED');
    expect(byId[broken.id]).toBe('NOT_GENERATED');
    expect(byId[walkIn.id]).toBeUndefined();
    const pending = (await get(h.app, '/api/sale/einvoice-invoices?status=NOT_GENERATED', a.cookie)).json();
    expect(pending.data.every((r: { einvoice: { status: string } }) => r.einvoice.status === 'NOT_GENERATED')).toBe(true);
    expect((await get(h.app, '/api/sale/einvoice-invoices?status=DONE', a.cookie)).statusCode).toBe(400);
  });
});

describe('JSON ready: a valid e-invoice JSON made, no IRN yet', () => {
  const statusInList = async (who: SignedUp, id: string, filter = '') => {
    const list = (await get(h.app, `/api/sale/einvoice-invoices?pageSize=100${filter}`, who.cookie)).json();
    return list.data.find((r: { id: string }) => r.id === id)?.einvoice.status as string | undefined;
  };

  it('is set by the single and the bulk download, filtered on, and gives way to IRN received', async () => {
    await write(h.app, 'PUT', '/api/sale/einvoice-settings', { enabled: true, fromDate: '2026-04-01' }, { cookie: a.cookie });
    const one = await f.invoice(a, { partyId: puneParty, lines: [{ itemId: items.pen, quantity: 3 }] });
    const two = await f.invoice(a, { partyId: bengaluruParty, lines: [{ itemId: items.pen, quantity: 4 }] });
    expect(await statusInList(a, one.id)).toBe('NOT_GENERATED');
    expect(await statusInList(a, one.id, '&status=NOT_GENERATED')).toBe('NOT_GENERATED');

    // Another business asking for it changes nothing.
    expect((await einvoice(b, one.id, '?download=true')).statusCode).toBe(404);
    expect(await statusInList(a, one.id)).toBe('NOT_GENERATED');

    expect((await einvoice(a, one.id, '?download=true')).statusCode).toBe(200);
    expect(await statusInList(a, one.id)).toBe('JSON_READY');
    expect((await f.getInvoice(a, one.id)).json().data.einvoice.status).toBe('JSON_READY');
    expect(await statusInList(a, one.id, '&status=JSON_READY')).toBe('JSON_READY');
    expect(await statusInList(a, one.id, '&status=NOT_GENERATED')).toBeUndefined();
    const ready = (await get(h.app, '/api/sale/einvoice-invoices?status=JSON_READY&pageSize=100', a.cookie)).json().data;
    expect(ready.every((r: { einvoice: { status: string } }) => r.einvoice.status === 'JSON_READY')).toBe(true);

    expect((await write(h.app, 'POST', '/api/sale/einvoice-bulk', { ids: [two.id, broken.id] }, { cookie: a.cookie })).statusCode).toBe(200);
    expect(await statusInList(a, two.id)).toBe('JSON_READY');
    // An invalid invoice produced no file: not JSON ready.
    expect(await statusInList(a, broken.id)).toBe('NOT_GENERATED');

    expect((await uploadIrn(a, one.id, irpResponse({ number: one.invoiceNumber }))).statusCode).toBe(201);
    expect(await statusInList(a, one.id)).toBe('IRN_RECEIVED');
    expect(await statusInList(a, one.id, '&status=JSON_READY')).toBeUndefined();
  });

  it('a cancelled invoice whose JSON was made (no IRN) is no longer JSON ready', async () => {
    const inv = await f.invoice(a, { partyId: puneParty, lines: [{ itemId: items.pen, quantity: 1 }] });
    expect((await einvoice(a, inv.id)).statusCode).toBe(200);
    expect((await f.getInvoice(a, inv.id)).json().data.einvoice.status).toBe('JSON_READY');
    expect((await f.cancel(a, inv.id)).json().data.einvoice.status).toBe('NOT_GENERATED');
    expect(await statusInList(a, inv.id)).toBeUndefined();
    expect(await statusInList(a, inv.id, '&status=JSON_READY')).toBeUndefined();
  });
});

describe('tenant isolation and bad input', () => {
  it("answers 404 for another business's invoice and for ids that are no invoice, 401 without a session", async () => {
    expect((await einvoice(b, inter.id)).statusCode).toBe(404);
    expect((await uploadIrn(b, broken.id, irpResponse({ number: broken.invoiceNumber }))).statusCode).toBe(404);
    expect((await einvoice(a, 'not-an-id')).statusCode).toBe(404);
    expect((await uploadIrn(a, 'not-an-id', {})).statusCode).toBe(404);
    expect((await einvoice(a, inter.id, '?download=maybe')).statusCode).toBe(400);
    const bulk = await write(h.app, 'POST', '/api/sale/einvoice-bulk', { ids: [inter.id] }, { cookie: b.cookie });
    expect(bulk.statusCode).toBe(422);
    expect((await get(h.app, '/api/sale/einvoice-invoices', b.cookie)).json().data).toEqual([]);
    expect((await get(h.app, `/api/sale/sale-invoice/${inter.id}/einvoice`)).statusCode).toBe(401);
  });
});
