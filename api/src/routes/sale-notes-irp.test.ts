import type { EInvoiceProblem, SaleInvoice, SaleNote } from '@bahi/shared/contracts';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, testGstin, write, type Harness, type SignedUp } from '../test/harness';

/*
 * The IRP's answer for a credit or debit note to a registered buyer: checked like an invoice's (the note's number,
 * seller GSTIN and IRN in the signed invoice and the signed QR code; a QR that prints), stored once, shown on the note
 * and printed on its PDF; another business's note is not found.
 */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let invoice: SaleInvoice;
let pen: string;
const SELLER = testGstin('27');
const BUYER = testGstin('29');

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Irp Note Traders', gstin: SELLER, stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Stores', stateCode: '27' });
  const up = await write(
    h.app,
    'PUT',
    `/api/store-branch/update-branch/${a.profile.activeStoreBranch!.id}`,
    { name: 'Main Branch', gstin: SELLER, registrationType: 'REGULAR', address: { street: '12 Laxmi Road', city: 'Pune', stateCode: '27', pin: '411002' } },
    { cookie: a.cookie },
  );
  if (up.statusCode !== 200) throw new Error(`update-branch answered ${up.statusCode}: ${up.body}`);
  const buyer = await write(
    h.app,
    'POST',
    '/api/party/create',
    { name: 'Kaveri Home Needs', partyType: 'CUSTOMER', gstin: BUYER, billingAddress: { type: 'BOTH', miscData: { ad: '8 Brigade Road, Bengaluru', st: '29', pin: '560025' } } },
    { cookie: a.cookie },
  );
  if (buyer.statusCode !== 201) throw new Error(`party/create answered ${buyer.statusCode}: ${buyer.body}`);
  pen = (await f.item(a, { name: 'Gel Pen Box', price: '100', rate: 'gst-18', hsn: '96081019', stock: 50 })).id;
  invoice = await f.invoice(a, { partyId: buyer.json().data.id, lines: [{ itemId: pen, quantity: 20 }] });
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

async function creditNote(): Promise<SaleNote> {
  const res = await write(h.app, 'POST', '/api/sale/create-credit-note', { invoiceId: invoice.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] }, { cookie: a.cookie });
  if (res.statusCode !== 201) throw new Error(`create-credit-note answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
async function debitNote(): Promise<SaleNote> {
  const res = await write(h.app, 'POST', '/api/sale/create-debit-note', { invoiceId: invoice.id, reason: 'PRICE_INCREASE', lines: [{ invoiceLineNo: 1, taxableValue: 50 }] }, { cookie: a.cookie });
  if (res.statusCode !== 201) throw new Error(`create-debit-note answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const slug = (note: SaleNote) => (note.noteType === 'CREDIT' ? 'credit-note' : 'debit-note');
const upload = (who: SignedUp, note: SaleNote, body: unknown, path = slug(note)) => write(h.app, 'POST', `/api/sale/${path}/${note.id}/irn`, body, { cookie: who.cookie });
const noteOf = async (note: SaleNote) => (await get(h.app, `/api/sale/${slug(note)}/${note.id}`, a.cookie)).json().data as SaleNote;
const paths = (res: { json: () => { errors: EInvoiceProblem[] } }) => res.json().errors.map((e) => e.path);

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** A signature's base64url characters (mixed case, as a real one). */
const signature = (length: number) => 'nQ7-xK2_bV9mZp4w'.repeat(Math.ceil(length / 16)).slice(0, length);
/** A JWT as the IRP signs them: RS256, a 2048-bit signature (342 base64url characters). */
const jwt = (payload: unknown) => `${b64({ alg: 'RS256', kid: 'EDC57DE1358B300BA9F79340A6696831F3C85047', typ: 'JWT' })}.${b64(payload)}.${signature(342)}`;
/** The same signed string with its signature lengthened to `length` characters in all. */
const lengthened = (token: string, length: number) => {
  const [header, payload] = token.split('.');
  return `${header}.${payload}.${signature(length - header.length - payload.length - 2)}`;
};
let irnSeq = 0;
/** The IRP's response for a document: `number` in the signed invoice, `qrDocNo` (default the same) in the QR's claims. */
function irpResponse(o: { number: string; typ: 'INV' | 'CRN' | 'DBN'; qrDocNo?: string; irn?: string }) {
  irnSeq += 1;
  const irn = o.irn ?? `${irnSeq.toString(16).padStart(4, '0')}${'c0ffee12'.repeat(8)}`.slice(0, 64);
  const data = { AckNo: 112610000000000 + irnSeq, AckDt: '2026-11-05 13:45:00', Irn: irn, DocDtls: { Typ: o.typ, No: o.number, Dt: '05/11/2026' }, SellerDtls: { Gstin: SELLER } };
  const qr = { SellerGstin: SELLER, BuyerGstin: BUYER, DocNo: o.qrDocNo ?? o.number, DocTyp: o.typ, DocDt: '05/11/2026', TotInvVal: 118, ItemCnt: 1, MainHsnCode: '96081019', Irn: irn, IrnDt: data.AckDt };
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
const responseFor = (note: SaleNote, o: { qrDocNo?: string; irn?: string } = {}) =>
  irpResponse({ number: note.noteNumber, typ: note.noteType === 'CREDIT' ? 'CRN' : 'DBN', ...o });

describe('POST /api/sale/credit-note/:id/irn and /api/sale/debit-note/:id/irn', () => {
  it('stores the answer on the note, which then shows and prints its IRN, Ack No and date on every layout', async () => {
    for (const note of [await creditNote(), await debitNote()]) {
      expect((await noteOf(note)).einvoice.status).toBe('NOT_GENERATED');
      const response = responseFor(note);
      const res = await upload(a, note, response);
      expect(res.statusCode).toBe(201);
      const expected = { status: 'IRN_RECEIVED', irn: response.Irn, ackNo: String(response.AckNo), ackDate: '2026-11-05 13:45:00', signedQrCode: response.SignedQRCode, notice: null };
      expect(res.json().data.einvoice).toEqual(expected);
      expect((await noteOf(note)).einvoice).toEqual(expected);
      for (const layout of ['a4', 'thermal80', 'thermal58']) {
        const pdf = await get(h.app, `/api/sale/${slug(note)}/${note.id}/pdf?layout=${layout}`, a.cookie);
        expect(pdf.statusCode).toBe(200);
        const text = (await pdfText(pdf.rawPayload)).text.replace(/\s+/g, '');
        expect(text).toContain(response.Irn);
        expect(text).toContain(String(response.AckNo));
      }
    }
  });

  it("refuses a QR code whose DocNo is the invoice's, not the note's (422 naming SignedQRCode.DocNo); nothing is stored", async () => {
    const note = await creditNote();
    const res = await upload(a, note, responseFor(note, { qrDocNo: invoice.invoiceNumber }));
    expect(res.statusCode).toBe(422);
    expect(paths(res)).toEqual(['SignedQRCode.DocNo']);
    expect(res.json().message).toContain(`The QR code is for credit note ${invoice.invoiceNumber}, not ${note.noteNumber}`);
    // A response for the invoice itself (signed invoice and QR of the invoice's number) is refused on both.
    const forInvoice = await upload(a, note, irpResponse({ number: invoice.invoiceNumber, typ: 'INV' }));
    expect(forInvoice.statusCode).toBe(422);
    expect(paths(forInvoice)).toEqual(['SignedInvoice.DocDtls.No', 'SignedQRCode.DocNo']);
    expect((await noteOf(note)).einvoice.status).toBe('NOT_GENERATED');
  });

  it('refuses a signed QR code too long to print readably (422 naming SignedQRCode)', async () => {
    const note = await debitNote();
    const good = responseFor(note);
    for (const length of [8218, 1400]) {
      const res = await upload(a, note, { ...good, SignedQRCode: lengthened(good.SignedQRCode, length) });
      expect(res.statusCode).toBe(422);
      expect(paths(res)).toEqual(['SignedQRCode']);
      expect(res.json().message).toMatch(/^SignedQRCode cannot be printed on the debit note: it is too long/);
    }
    expect((await noteOf(note)).einvoice.status).toBe('NOT_GENERATED');
    expect((await upload(a, note, good)).statusCode).toBe(201);
  });

  it('answers 409 for a second answer, for an IRN already on another document, and for a cancelled note', async () => {
    const note = await creditNote();
    const first = responseFor(note);
    expect((await upload(a, note, first)).statusCode).toBe(201);
    const again = await upload(a, note, responseFor(note));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`Credit note ${note.noteNumber} already has IRN ${first.Irn}`);
    expect((await noteOf(note)).einvoice.irn).toBe(first.Irn);

    // The IRN of the first note, answered for another note.
    const other = await creditNote();
    const reused = await upload(a, other, responseFor(other, { irn: first.Irn }));
    expect(reused.statusCode).toBe(409);
    expect(reused.json().field).toBe('Irn');

    const cancelled = await debitNote();
    expect((await write(h.app, 'POST', `/api/sale/cancel-debit-note/${cancelled.id}`, { reason: 'Raised in error' }, { cookie: a.cookie })).statusCode).toBe(200);
    const late = await upload(a, cancelled, responseFor(cancelled));
    expect(late.statusCode).toBe(409);
    expect((await noteOf(cancelled)).einvoice.status).toBe('NOT_GENERATED');

    // A note cancelled after its IRN: the IRN stays on it, with what the user must still do on the portal.
    expect((await write(h.app, 'POST', `/api/sale/cancel-credit-note/${note.id}`, { reason: 'Goods not returned' }, { cookie: a.cookie })).statusCode).toBe(200);
    expect((await noteOf(note)).einvoice).toMatchObject({ status: 'CANCELLED', irn: first.Irn, notice: expect.stringContaining(`This credit note has IRN ${first.Irn}`) });
  });

  it("answers 404 for another business's note, for a credit note under the debit-note route and for a malformed id", async () => {
    const note = await creditNote();
    const response = responseFor(note);
    const theirs = await upload(b, note, response);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe('Credit note not found');
    expect((await upload(a, note, response, 'debit-note')).statusCode).toBe(404);
    expect((await upload(a, { ...note, id: 'not-a-uuid' }, response)).statusCode).toBe(404);
    expect((await noteOf(note)).einvoice.status).toBe('NOT_GENERATED');
    expect((await upload(a, note, response)).statusCode).toBe(201);
  });
});
