import { addDays, indiaToday, type Quotation } from '@bahi/shared/contracts';
import { documentFixtures } from '../test/documents';
import { createHarness, get, logIn, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
}, 120_000);
afterAll(() => h.close());

const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
const getQuotation = (who: SignedUp, id: string) => get(h.app, `/api/quotation/quotation-estimation-invoice/${id}`, who.cookie);
const cancelQuotation = (who: SignedUp, id: string, reason = 'Customer declined') =>
  write(h.app, 'POST', `/api/quotation/cancel-quotation/${id}`, { reason }, { cookie: who.cookie });
const list = (who: SignedUp, query = '') => get(h.app, `/api/quotation/quotation-estimation-invoices${query}`, who.cookie);
const today = () => indiaToday(h.clock.now());

describe('creating a quotation', () => {
  it('numbers it from the QT series, taxes it like a sale, takes no stock and no payment', async () => {
    const almirah = await f.item(a, { name: 'Steel Almirah', price: '10000', rate: 'gst-18', stock: 2 });
    const karnataka = await f.party(a, { name: 'Bangalore Offices', state: '29' });
    const res = await f.quote(a, {
      partyId: karnataka.id,
      quotationDate: '2026-05-01',
      lines: [line(almirah.id, { quantity: 3, discountPercent: 5 })],
      notes: 'Delivery in 2 weeks',
      terms: '50% advance',
    });
    expect(res.statusCode).toBe(201);
    const q = res.json().data as Quotation;
    expect(q).toMatchObject({
      quotationNumber: 'QT/26-27/1',
      financialYear: '2026-27',
      quotationDate: '2026-05-01',
      validUntil: '2026-05-16',
      status: 'EXPIRED',
      placeOfSupply: '29',
      supplyType: 'INTER',
      saleInvoiceId: null,
      notes: 'Delivery in 2 weeks',
      terms: '50% advance',
      party: expect.objectContaining({ id: karnataka.id, name: 'Bangalore Offices' }),
    });
    expect(q.lines[0]).toMatchObject({ quantity: '3.000', discount: '1500.00', taxableValue: '28500.00', igst: '5130.00', total: '33630.00' });
    expect(q.totals).toMatchObject({ grandTotal: '33630.00', amountInWords: 'Rupees Thirty-Three Thousand Six Hundred Thirty Only' });
    // Quoting 3 of 2 in stock is fine: a quotation takes nothing out.
    expect(await f.stockOf(a, almirah.id)).toBe(2);
    expect((await getQuotation(a, q.id)).json().data).toEqual(q);

    const next = await f.quotation(a, { quotationDate: '2026-06-01', lines: [line(almirah.id)] });
    expect(next.quotationNumber).toBe('QT/26-27/2');
  });

  it('is OPEN until its valid-until date, then EXPIRED', async () => {
    const chair = await f.item(a, { price: '100', stock: 1 });
    const open = await f.quotation(a, { lines: [line(chair.id)], validUntil: addDays(today(), 1) });
    expect([open.quotationDate, open.status]).toEqual([today(), 'OPEN']);
    expect((await f.quotation(a, { lines: [line(chair.id)] })).validUntil).toBe(addDays(today(), 15));
    h.clock.advance(3 * 86_400_000);
    // Sessions idle that long end: log in again.
    a = { ...a, cookie: (await logIn(h, a.phone)).cookie };
    b = { ...b, cookie: (await logIn(h, b.phone)).cookie };
    expect((await getQuotation(a, open.id)).json().data.status).toBe('EXPIRED');
  });

  it('refuses bad input with 400 naming the field', async () => {
    const chair = await f.item(a, { price: '100', stock: 1 });
    const cases: [object, string][] = [
      [{ quotationDate: '2026-05-10', validUntil: '2026-05-01', lines: [line(chair.id)] }, 'validUntil'],
      [{ validUntil: '2000-01-01', lines: [line(chair.id)] }, 'validUntil'],
      [{ quotationDate: '2025-02-30', lines: [line(chair.id)] }, 'quotationDate'],
      [{ lines: [line(chair.id, { quantity: 0 })] }, 'lines.0.quantity'],
      [{ lines: [line(chair.id, { unitPrice: 1e15 })] }, 'lines.0.unitPrice'],
    ];
    for (const [body, field] of cases) {
      const res = await f.quote(a, body);
      expect([res.statusCode, res.json().field]).toEqual([400, field]);
    }
  });

  it('answers a retry with the same Idempotency-Key with the first quotation, another body with 422', async () => {
    const chair = await f.item(a, { price: '100', stock: 1 });
    const first = await f.quote(a, { lines: [line(chair.id)] }, 'quote-1');
    const again = await f.quote(a, { lines: [line(chair.id)] }, 'quote-1');
    expect(again.json().data.quotationNumber).toBe(first.json().data.quotationNumber);
    expect((await f.quote(a, { lines: [line(chair.id, { quantity: 2 })] }, 'quote-1')).statusCode).toBe(422);
  });
});

describe('converting into an invoice', () => {
  it('marks the quotation CONVERTED and links both ways; a second conversion is 409', async () => {
    const desk = await f.item(a, { name: 'Office Desk', price: '5000', stock: 5 });
    const q = await f.quotation(a, { lines: [line(desk.id, { quantity: 2 })], validUntil: addDays(today(), 30) });
    const inv = await f.invoice(a, { quotationId: q.id, lines: [line(desk.id, { quantity: 2 })] });
    expect([inv.quotationId, inv.quotationNumber]).toEqual([q.id, q.quotationNumber]);
    const converted = (await getQuotation(a, q.id)).json().data as Quotation;
    expect(converted).toMatchObject({ status: 'CONVERTED', saleInvoiceId: inv.id, saleInvoiceNumber: inv.invoiceNumber, convertedAt: expect.any(String) });

    const again = await f.sale(a, { quotationId: q.id, lines: [line(desk.id)] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: `Quotation ${q.quotationNumber} was already converted into an invoice`, field: 'quotationId' });
    expect(await f.stockOf(a, desk.id)).toBe(3);
    expect((await cancelQuotation(a, q.id)).statusCode).toBe(409);
  });

  it("converts only into an invoice for the quotation's customer that keeps one of its items; lines may be edited", async () => {
    const desk = await f.item(a, { name: 'Study Desk', price: '5000', stock: 10 });
    const lamp = await f.item(a, { name: 'Desk Lamp', price: '800', stock: 10 });
    const chair = await f.item(a, { name: 'Chair', price: '1500', stock: 10 });
    const mehta = await f.party(a, { name: 'Mehta Traders', state: '27' });
    const rao = await f.party(a, { name: 'Rao Stores', state: '27' });
    const q = await f.quotation(a, { partyId: mehta.id, lines: [line(desk.id), line(lamp.id)] });
    const invoices = async () => (await f.invoices(a)).json().meta.total as number;
    const before = await invoices();

    const otherParty = await f.sale(a, { quotationId: q.id, partyId: rao.id, lines: [line(desk.id), line(lamp.id)] });
    expect([otherParty.statusCode, otherParty.json()]).toEqual([
      400,
      {
        success: false,
        message: `Quotation ${q.quotationNumber} is for Mehta Traders: the invoice that converts it must be for the same customer`,
        field: 'partyId',
      },
    ]);
    const walkIn = await f.sale(a, { quotationId: q.id, lines: [line(desk.id)] });
    expect([walkIn.statusCode, walkIn.json().field]).toEqual([400, 'partyId']);
    const otherItems = await f.sale(a, { quotationId: q.id, partyId: mehta.id, lines: [line(chair.id)] });
    expect([otherItems.statusCode, otherItems.json().field]).toEqual([400, 'lines']);
    // Nothing was billed, no stock moved, and the quotation is still open.
    expect(await invoices()).toBe(before);
    expect(await f.stockOf(a, chair.id)).toBe(10);
    expect((await getQuotation(a, q.id)).json().data.status).toBe('OPEN');

    // Edited on the way (one line dropped, another added, a quantity changed): still its conversion.
    const inv = await f.invoice(a, { quotationId: q.id, partyId: mehta.id, lines: [line(desk.id, { quantity: 2 }), line(chair.id)] });
    expect(inv.quotationId).toBe(q.id);
    expect((await getQuotation(a, q.id)).json().data).toMatchObject({ status: 'CONVERTED', saleInvoiceId: inv.id });

    // A walk-in quotation converts into a walk-in sale only.
    const counter = await f.quotation(a, { customer: { name: 'Ravi' }, lines: [line(lamp.id)] });
    expect((await f.sale(a, { quotationId: counter.id, partyId: mehta.id, lines: [line(lamp.id)] })).json()).toEqual({
      success: false,
      message: `Quotation ${counter.quotationNumber} is for a walk-in customer: the invoice that converts it must be for the same customer`,
      field: 'partyId',
    });
    expect((await f.invoice(a, { quotationId: counter.id, customer: { name: 'Ravi Kumar' }, lines: [line(lamp.id)] })).quotationId).toBe(counter.id);
  });

  it('refuses to convert an expired or a cancelled quotation (409)', async () => {
    const desk = await f.item(a, { price: '5000', stock: 5 });
    const old = await f.quotation(a, { quotationDate: '2026-04-01', validUntil: '2026-04-30', lines: [line(desk.id)] });
    const expired = await f.sale(a, { quotationId: old.id, lines: [line(desk.id)] });
    expect(expired.json()).toEqual({ success: false, message: `Quotation ${old.quotationNumber} expired on 30/04/2026`, field: 'quotationId' });

    const dropped = await f.quotation(a, { lines: [line(desk.id)] });
    const cancelled = await cancelQuotation(a, dropped.id, 'Lost to a competitor');
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Lost to a competitor' });
    expect((await cancelQuotation(a, dropped.id)).statusCode).toBe(409);
    expect((await f.sale(a, { quotationId: dropped.id, lines: [line(desk.id)] })).statusCode).toBe(409);
    expect(await f.stockOf(a, desk.id)).toBe(5);
  });
});

describe('the quotation list', () => {
  it('filters by status, including EXPIRED, and sums what is not cancelled', async () => {
    const biz = await signUp(h, { businessName: 'Quote Shop', stateCode: '27' });
    const visit = await f.item(biz, { type: 'SERVICE', price: '100', rate: 'gst-0' });
    const open = await f.quotation(biz, { lines: [line(visit.id)], validUntil: addDays(today(), 10) });
    const expired = await f.quotation(biz, { quotationDate: '2026-04-01', validUntil: '2026-04-02', lines: [line(visit.id)] });
    const cancelled = await f.quotation(biz, { lines: [line(visit.id, { quantity: 5 })] });
    await cancelQuotation(biz, cancelled.id);
    const all = (await list(biz)).json();
    expect(all.data.map((q: Quotation) => [q.id, q.status])).toEqual([
      [cancelled.id, 'CANCELLED'],
      [open.id, 'OPEN'],
      [expired.id, 'EXPIRED'],
    ]);
    expect(all.meta).toEqual({ total: 3, page: 1, pageSize: 20, grandTotal: '200.00' });
    expect((await list(biz, '?status=EXPIRED')).json().data.map((q: Quotation) => q.id)).toEqual([expired.id]);
    expect((await list(biz, '?status=OPEN')).json().data.map((q: Quotation) => q.id)).toEqual([open.id]);
    expect((await list(biz, `?q=${encodeURIComponent(open.quotationNumber)}`)).json().data.map((q: Quotation) => q.id)).toEqual([open.id]);
    expect((await list(biz, '?status=LOST')).statusCode).toBe(400);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another business's quotation, and its item or party on a quotation", async () => {
    const theirs = await f.item(b, { price: '10', stock: 1 });
    const theirParty = await f.party(b);
    const q = await f.quotation(b, { lines: [line(theirs.id)] });
    const mine = await f.item(a, { price: '10', stock: 1 });
    expect((await getQuotation(a, q.id)).statusCode).toBe(404);
    expect((await getQuotation(a, q.id)).json().message).toBe('Quotation not found');
    expect((await cancelQuotation(a, q.id)).statusCode).toBe(404);
    const convert = await f.sale(a, { quotationId: q.id, lines: [line(mine.id)] });
    expect([convert.statusCode, convert.json().field]).toEqual([404, 'quotationId']);
    expect((await f.quote(a, { lines: [line(theirs.id)] })).json().field).toBe('lines.0.itemId');
    expect((await f.quote(a, { partyId: theirParty.id, lines: [line(mine.id)] })).statusCode).toBe(404);
    expect((await getQuotation(b, q.id)).json().data.status).toBe('OPEN');
  });
});
