import { indiaToday, type SaleInvoice, type SaleNote } from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { documentPartyBalances, partyBalances } from '../services/party/balances';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, testGstin, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * Credit and debit notes on sale invoices: every rule with its status and field, the stock and serials coming back at
 * their cost, the money (refund, settling invoices, party balance), the journal, numbering and tenancy. The
 * concurrency cases run only on PostgreSQL (DATABASE_URL).
 */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Return Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Stores', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
const headers = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});
const creditNote = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/sale/create-credit-note', body, { cookie: who.cookie, headers: headers(key) });
const debitNote = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/sale/create-debit-note', body, { cookie: who.cookie, headers: headers(key) });
async function credit(who: SignedUp, body: object): Promise<SaleNote> {
  const res = await creditNote(who, body);
  if (res.statusCode !== 201) throw new Error(`create-credit-note answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const invoiceOf = async (who: SignedUp, id: string): Promise<SaleInvoice> => (await f.getInvoice(who, id)).json().data;
const balanceOf = async (who: SignedUp, partyId: string): Promise<string> => (await get(h.app, `/api/party/get-party/${partyId}`, who.cookie)).json().data.balance;
const refusal = (res: { statusCode: number; json: () => { message: string; field?: string } }) => [res.statusCode, res.json().field, res.json().message];

/** The note's journal entry as (ledger code, debit − credit in paise) pairs, summed per ledger. */
async function posted(noteId: string): Promise<Record<string, number>> {
  const rows = await selectRows<{ code: string; amount: string }>(
    h.database.db,
    sql`select coalesce(a.code, a.name) as code, sum(l.debit - l.credit)::text as amount
        from journal_entries e join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id
        join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id
        where e.document_id = ${noteId} and e.transaction_id is null
        group by 1 order by 1`,
  );
  return Object.fromEntries(rows.map((r) => [r.code, toPaise(r.amount)]).filter(([, v]) => v !== 0));
}

describe('a sales return with a cash refund', () => {
  it('takes 2 of 5 back into stock at their cost, pays ₹2,360 out of cash, posts the reversal, and names the invoice', async () => {
    const kettle = await f.item(a, { name: 'Kettle', price: '1000', rate: 'gst-18', stock: 10, purchasePrice: '600' });
    const party = await f.party(a, { name: 'Rao & Sons', state: '27' });
    const inv = await f.invoice(a, { partyId: party.id, lines: [line(kettle.id, { quantity: 5 })], payment: { amount: 5900, mode: 'CASH' } });
    expect(await f.stockOf(a, kettle.id)).toBe(5);
    const cashBefore = toPaise(await f.cashBalance(a));

    const res = await creditNote(a, {
      invoiceId: inv.id,
      reason: 'SALES_RETURN',
      lines: [{ invoiceLineNo: 1, quantity: 2 }],
      refund: { amount: 2360, mode: 'CASH' },
    });
    expect(res.statusCode).toBe(201);
    const note = res.json().data as SaleNote;
    expect(note).toMatchObject({
      noteType: 'CREDIT',
      noteNumber: 'CN/26-27/1',
      documentTitle: 'CREDIT NOTE',
      status: 'ISSUED',
      invoice: { id: inv.id, invoiceNumber: inv.invoiceNumber, invoiceDate: inv.invoiceDate },
      reason: 'SALES_RETURN',
      restock: true,
      refunded: '2360.00',
      adjusted: '0.00',
      placeOfSupply: '27',
      supplyType: 'INTRA',
    });
    // 2 × 1,000 at 18 % within the state: CGST 180 + SGST 180.
    expect(note.lines).toEqual([expect.objectContaining({ invoiceLineNo: 1, quantity: '2.000', taxableValue: '2000.00', gstRate: '18', cgst: '180.00', sgst: '180.00', total: '2360.00' })]);
    expect(note.totals).toMatchObject({ taxableValue: '2000.00', cgst: '180.00', sgst: '180.00', grandTotal: '2360.00' });
    expect(await f.stockOf(a, kettle.id)).toBe(7);
    expect(toPaise(await f.cashBalance(a)) - cashBefore).toBe(-236_000);
    // Dr Sales 2,000, Dr output CGST and SGST 180 each, Cr the party 2,360; goods back: Dr Stock 1,200 (2 × 600), Cr COGS.
    expect(await posted(note.id)).toEqual({ COGS: -120_000, DEBTORS: -236_000, OUTPUT_CGST: 18_000, OUTPUT_SGST: 18_000, SALES: 200_000, STOCK: 120_000 });
    // Paid in full, the refund paid back what the note took off: the party owes nothing either way.
    expect(await balanceOf(a, party.id)).toBe('0.00');
    // The party's ledger shows the note and the refund.
    const ledger = (await get(h.app, `/api/report/ledger?partyId=${party.id}&period=THIS_FY`, a.cookie)).json();
    expect(ledger.data.entries.map((e: { description: string; debit: string; credit: string }) => [e.description, e.debit, e.credit])).toEqual(
      expect.arrayContaining([
        ['Credit note CN/26-27/1', '0.00', '2360.00'],
        ['Refund on credit note CN/26-27/1', '2360.00', '0.00'],
      ]),
    );
    const [cost] = await selectRows<{ value: string; quantity: string }>(
      h.database.db,
      sql`select value::text as value, quantity::text as quantity from stock_costs where business_id = ${a.profile.user.business.id} and item_id = ${kettle.id}`,
    );
    expect([cost.quantity, cost.value]).toEqual(['7.000', '4200.00']);

    // The note reads back alike, and lists with its sums.
    expect((await get(h.app, `/api/sale/credit-note/${note.id}`, a.cookie)).json().data).toEqual(note);
    const list = (await get(h.app, `/api/sale/credit-notes?invoiceId=${inv.id}`, a.cookie)).json();
    expect(list.data.map((n: SaleNote) => n.noteNumber)).toEqual(['CN/26-27/1']);
    expect(list.meta).toMatchObject({ total: 1, grandTotal: '2360.00', refunded: '2360.00', adjusted: '0.00' });
    expect((await get(h.app, `/api/sale/credit-notes?q=${encodeURIComponent(inv.invoiceNumber)}`, a.cookie)).json().meta.total).toBe(1);

    // Its PDF is titled CREDIT NOTE and names the invoice it follows, with its date (Rule 53), on every layout.
    for (const layout of ['a4', 'thermal80', 'thermal58']) {
      const pdf = await get(h.app, `/api/sale/credit-note/${note.id}/pdf?layout=${layout}`, a.cookie);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe('attachment; filename="Credit-Note-CN-26-27-1.pdf"');
      const { text } = await pdfText(pdf.rawPayload);
      expect(text).toContain('CREDIT NOTE');
      expect(text).toContain(inv.invoiceNumber);
      expect(text).toContain(inv.invoiceDate.split('-').reverse().join('/'));
    }
    expect((await get(h.app, `/api/sale/debit-note/${note.id}/pdf`, a.cookie)).statusCode).toBe(404);

    // A second return of what is left, and no more: 3 sold back at most.
    const over = await creditNote(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 4 }] });
    expect(refusal(over)).toEqual([409, 'lines.0.quantity', 'Line 1 (Kettle): 5 sold, 2 returned already, so at most 3 can be returned']);
  });

  it('settles the unpaid invoice first, then the party’s older invoice, and leaves the rest as the party’s advance', async () => {
    const lamp = await f.item(a, { name: 'Lamp', price: '100', rate: 'gst-0', stock: 20 });
    const party = await f.party(a, { name: 'Older Buyer', state: '27' });
    const older = await f.invoice(a, { partyId: party.id, invoiceDate: '2026-05-01', lines: [line(lamp.id, { quantity: 2 })] });
    const inv = await f.invoice(a, { partyId: party.id, invoiceDate: '2026-06-01', lines: [line(lamp.id, { quantity: 5 })], payment: { amount: 400, mode: 'CASH' } });
    expect(await balanceOf(a, party.id)).toBe('300.00');
    // Return 4 (₹400): ₹100 still due on the invoice, then ₹200 of the older one; ₹100 is the party's advance.
    const note = await credit(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 4 }] });
    expect([note.refunded, note.adjusted, note.totals.grandTotal]).toEqual(['0.00', '300.00', '400.00']);
    expect(await invoiceOf(a, inv.id)).toMatchObject({ status: 'PAID', balance: '0.00' });
    expect(await invoiceOf(a, older.id)).toMatchObject({ status: 'PAID', balance: '0.00' });
    expect(await balanceOf(a, party.id)).toBe('-100.00');

    // The invoice cannot be cancelled while the note follows it.
    const blocked = await f.cancel(a, inv.id);
    expect([blocked.statusCode, blocked.json().message]).toEqual([409, `Invoice ${inv.invoiceNumber} has notes that follow it (${note.noteNumber}): cancel them first`]);

    // Cancelling the note: stock out again, both invoices owe again, the balance is back.
    const stock = await f.stockOf(a, lamp.id);
    const cancelled = await write(h.app, 'POST', `/api/sale/cancel-credit-note/${note.id}`, { reason: 'Customer kept them' }, { cookie: a.cookie });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Customer kept them', noteNumber: note.noteNumber });
    expect(await f.stockOf(a, lamp.id)).toBe(stock - 4);
    expect(await invoiceOf(a, inv.id)).toMatchObject({ status: 'PARTIAL', balance: '100.00' });
    expect(await invoiceOf(a, older.id)).toMatchObject({ status: 'UNPAID', balance: '200.00' });
    expect(await balanceOf(a, party.id)).toBe('300.00');
    const twice = await write(h.app, 'POST', `/api/sale/cancel-credit-note/${note.id}`, { reason: 'again' }, { cookie: a.cookie });
    expect([twice.statusCode, twice.json().message]).toEqual([409, `Credit note ${note.noteNumber} is already cancelled`]);
    // With its note cancelled, the invoice can be.
    expect((await f.cancel(a, inv.id)).statusCode).toBe(200);
    const after = await creditNote(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] });
    expect(refusal(after)).toEqual([409, 'invoiceId', `Invoice ${inv.invoiceNumber} is cancelled: it takes no credit note`]);
  });

  it('brings named serials back into stock and refuses one not sold on the line or returned already', async () => {
    const phone = await f.item(a, { name: 'Phone N', price: '10000', rate: 'gst-18', stock: 3, serials: ['N1', 'N2', 'N3'] });
    const inv = await f.invoice(a, { lines: [line(phone.id, { quantity: 2, serialNos: ['N1', 'N2'] })], payment: { amount: 23600, mode: 'CASH' } });
    const wrong = await creditNote(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1, serialNos: ['N3'] }], refund: { amount: 11800, mode: 'CASH' } });
    expect(refusal(wrong)).toEqual([400, 'lines.0.serialNos', 'Serial N3 was not sold on Line 1 (Phone N)']);
    const missing = await creditNote(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] });
    expect(refusal(missing)[0]).toBe(400);
    await credit(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1, serialNos: ['n2'] }], refund: { amount: 11800, mode: 'CASH' } });
    const serials = await selectRows<{ serial_no: string; status: string }>(
      h.database.db,
      sql`select serial_no, status from item_serial_numbers where item_id = ${phone.id} order by serial_no`,
    );
    expect(serials.map((s) => [s.serial_no, s.status])).toEqual([
      ['N1', 'SOLD'],
      ['N2', 'IN_STOCK'],
      ['N3', 'IN_STOCK'],
    ]);
    expect(await f.stockOf(a, phone.id)).toBe(2);
    const again = await creditNote(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1, serialNos: ['N2'] }] });
    expect(refusal(again)).toEqual([409, 'lines.0.serialNos', 'Serial N2 of Phone N was returned already']);
  });
});

describe('the rules of a note, each with its status and field', () => {
  let inv: SaleInvoice;
  beforeAll(async () => {
    const chair = await f.item(a, { name: 'Chair', price: '500', rate: 'gst-18', stock: 10 });
    inv = await f.invoice(a, { invoiceDate: '2026-06-10', lines: [line(chair.id, { quantity: 2 })], payment: { amount: 500, mode: 'CASH' } });
  });

  it('refuses a price reduction above what the line has left, a refund above what was received, bad dates and unknown lines', async () => {
    const body = { invoiceId: inv.id, reason: 'POST_SALE_DISCOUNT' };
    expect(refusal(await creditNote(a, { ...body, lines: [{ invoiceLineNo: 1, taxableValue: '1000.01' }] }))).toEqual([
      409,
      'lines.0.taxableValue',
      'Line 1 (Chair): its taxable value less earlier notes is ₹1000.00, so a note cannot take ₹1000.01 off it',
    ]);
    expect(refusal(await creditNote(a, { ...body, lines: [{ invoiceLineNo: 1, taxableValue: 500 }], refund: { amount: 500.01, mode: 'CASH' } }))).toEqual([
      400,
      'refund.amount',
      `Refund cannot be more than what was received on invoice ${inv.invoiceNumber} and not yet refunded, ₹500.00`,
    ]);
    expect(refusal(await creditNote(a, { ...body, noteDate: '2026-06-09', lines: [{ invoiceLineNo: 1, taxableValue: 10 }] }))).toEqual([
      400,
      'noteDate',
      `Note date cannot be before the date of invoice ${inv.invoiceNumber}, 10/06/2026`,
    ]);
    const tomorrow = new Date(h.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    expect(refusal(await creditNote(a, { ...body, noteDate: tomorrow, lines: [{ invoiceLineNo: 1, taxableValue: 10 }] })).slice(0, 2)).toEqual([400, 'noteDate']);
    expect(refusal(await creditNote(a, { ...body, lines: [{ invoiceLineNo: 2, taxableValue: 10 }] }))).toEqual([400, 'lines.0.invoiceLineNo', `Invoice ${inv.invoiceNumber} has no line 2`]);
    expect(refusal(await creditNote(a, { ...body, lines: [{ invoiceLineNo: 1, quantity: 1, taxableValue: 10 }] })).slice(0, 2)).toEqual([400, 'lines.0.quantity']);
    expect(refusal(await creditNote(a, { ...body, lines: [{ invoiceLineNo: 1, taxableValue: 10 }], colour: 'red' })).slice(0, 2)).toEqual([400, 'colour']);
    expect(refusal(await creditNote(a, { ...body, reason: 'BECAUSE', lines: [{ invoiceLineNo: 1, taxableValue: 10 }] })).slice(0, 2)).toEqual([400, 'reason']);

    // A price-only note of ₹100 (+ 18 %), then a full return credits exactly what the line has left.
    const discount = await credit(a, { ...body, lines: [{ invoiceLineNo: 1, taxableValue: 100 }] });
    expect(discount.lines[0]).toMatchObject({ quantity: '0.000', taxableValue: '100.00', cgst: '9.00', sgst: '9.00' });
    expect(discount.restock).toBe(false);
    // A walk-in sale has no party to hold a credit: what its invoice does not still owe must be refunded.
    const unpaid = await creditNote(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 2 }] });
    expect(refusal(unpaid)).toEqual([400, 'refund.amount', 'A walk-in sale has no party to hold a credit: refund the ₹500.00 its invoice does not still owe']);
    const rest = await credit(a, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 2 }], refund: { amount: 500, mode: 'CASH' } });
    expect([rest.refunded, rest.adjusted]).toEqual(['500.00', '562.00']);
    expect(rest.lines[0]).toMatchObject({ quantity: '2.000', taxableValue: '900.00', cgst: '81.00', sgst: '81.00', total: '1062.00' });
    expect(refusal(await creditNote(a, { ...body, lines: [{ invoiceLineNo: 1, taxableValue: '0.01' }] })).slice(0, 2)).toEqual([409, 'lines.0.taxableValue']);
  });

  it('taxes at the invoice line’s rate, not today’s: a 12 % sale of September 2025 is credited at 12 %', async () => {
    const bag = await f.item(a, { name: 'Old Bag', price: '100', rate: 'gst-18', stock: 5 });
    const old = await f.invoice(a, { invoiceDate: '2025-09-01', lines: [line(bag.id, { quantity: 2, gstRateId: 'gst-12' })] });
    const note = await credit(a, { invoiceId: old.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }], refund: undefined });
    expect(note.lines[0]).toMatchObject({ gstRate: '12', taxableValue: '100.00', cgst: '6.00', sgst: '6.00', total: '112.00' });
  });

  it('answers 404 for another business’s invoice or note, and replays an Idempotency-Key', async () => {
    const theirs = await f.item(b, { price: '100', stock: 5 });
    const theirInvoice = await f.invoice(b, { lines: [line(theirs.id)] });
    expect(refusal(await creditNote(a, { invoiceId: theirInvoice.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] }))).toEqual([404, 'invoiceId', 'Invoice not found']);
    const own = await credit(b, { invoiceId: theirInvoice.id, reason: 'POST_SALE_DISCOUNT', lines: [{ invoiceLineNo: 1, taxableValue: 10 }] });
    expect((await get(h.app, `/api/sale/credit-note/${own.id}`, a.cookie)).statusCode).toBe(404);
    expect((await get(h.app, `/api/sale/debit-note/${own.id}`, b.cookie)).statusCode).toBe(404);
    expect((await write(h.app, 'POST', `/api/sale/cancel-credit-note/${own.id}`, { reason: 'x' }, { cookie: a.cookie })).statusCode).toBe(404);
    expect((await get(h.app, '/api/sale/credit-notes', a.cookie)).json().data.some((n: SaleNote) => n.id === own.id)).toBe(false);

    const body = { invoiceId: theirInvoice.id, reason: 'POST_SALE_DISCOUNT', lines: [{ invoiceLineNo: 1, taxableValue: 5 }] };
    const first = await creditNote(b, body, 'note-once');
    const again = await creditNote(b, body, 'note-once');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await get(h.app, `/api/sale/credit-notes?invoiceId=${theirInvoice.id}`, b.cookie)).json().meta.total).toBe(2);
    expect((await creditNote(b, { ...body, lines: [{ invoiceLineNo: 1, taxableValue: 6 }] }, 'note-once')).statusCode).toBe(422);
  });
});

describe('a debit note', () => {
  it('raises what the party owes at the invoice line’s rate and place of supply, in its own series', async () => {
    const party = await f.party(a, { name: 'Karnataka Buyer', state: '29' });
    const desk = await f.item(a, { name: 'Desk', price: '2000', rate: 'gst-18', stock: 5 });
    const inv = await f.invoice(a, { partyId: party.id, lines: [line(desk.id)] });
    expect(inv.supplyType).toBe('INTER');
    const res = await debitNote(a, { invoiceId: inv.id, reason: 'PRICE_INCREASE', lines: [{ invoiceLineNo: 1, taxableValue: 250 }] });
    expect(res.statusCode).toBe(201);
    const note = res.json().data as SaleNote;
    expect(note).toMatchObject({ noteType: 'DEBIT', noteNumber: 'DN/26-27/1', documentTitle: 'DEBIT NOTE', placeOfSupply: '29', supplyType: 'INTER' });
    expect(note.totals).toMatchObject({ taxableValue: '250.00', igst: '45.00', cgst: '0.00', grandTotal: '295.00' });
    expect(await balanceOf(a, party.id)).toBe('2655.00');
    expect(await posted(note.id)).toEqual({ DEBTORS: 29_500, OUTPUT_IGST: -4_500, SALES: -25_000 });
    const listed = (await get(h.app, '/api/sale/debit-notes', a.cookie)).json();
    expect(listed.data.map((n: SaleNote) => n.noteNumber)).toEqual(['DN/26-27/1']);
    expect((await get(h.app, `/api/sale/credit-note/${note.id}`, a.cookie)).statusCode).toBe(404);
    const cancelled = await write(h.app, 'POST', `/api/sale/cancel-debit-note/${note.id}`, { reason: 'Price agreed back' }, { cookie: a.cookie });
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect(await balanceOf(a, party.id)).toBe('2360.00');
  });

  it('leaves every party’s balance in the books equal to what its documents say (the backfill’s check)', async () => {
    const biz = await signUp(h, { businessName: 'Backfill Check', stateCode: '27' });
    const cup = await f.item(biz, { name: 'Cup', price: '100', rate: 'gst-5', stock: 20 });
    const party = await f.party(biz, { name: 'Checked Party', state: '27', openingBalance: '50' });
    const inv = await f.invoice(biz, { partyId: party.id, lines: [line(cup.id, { quantity: 4 })], payment: { amount: 210, mode: 'CASH' } });
    await credit(biz, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] });
    await credit(biz, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }], refund: { amount: 105, mode: 'CASH' } });
    await debitNote(biz, { invoiceId: inv.id, reason: 'PRICE_INCREASE', lines: [{ invoiceLineNo: 1, taxableValue: 20 }] });
    const fromDocuments = await documentPartyBalances(h.database.db, biz.profile.user.business.id);
    const fromBooks = await partyBalances(h.database.db, biz.profile.user.business.id, [party.id], indiaToday(h.clock.now()));
    // 50 + 420 − 210 (paid) − 105 (note) − 105 (note) + 105 (refund) + 21 (debit note).
    expect([fromDocuments.get(party.id), fromBooks.get(party.id)]).toEqual(['176.00', '176.00']);
  });
});

describe('the s.34 limit', () => {
  it('refuses a credit note after 30 November following the end of the invoice’s financial year (s.34), with a fixed clock', async () => {
    // The clock stands on 1 December 2026 (India); a business signed up then keeps its session.
    const shift = Date.parse('2026-12-01T06:00:00Z') - h.clock.now().getTime();
    h.clock.advance(shift);
    try {
      const c = await signUp(h, { businessName: 'December Shop', stateCode: '27' });
      const fan = await f.item(c, { name: 'Fan', price: '100', rate: 'gst-18', stock: 5 });
      const march = await f.invoice(c, { invoiceDate: '2026-03-15', lines: [line(fan.id)] });
      const june = await f.invoice(c, { invoiceDate: '2026-06-15', lines: [line(fan.id)] });
      const late = await creditNote(c, { invoiceId: march.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] });
      expect(refusal(late)).toEqual([
        422,
        'noteDate',
        `A credit note on invoice ${march.invoiceNumber} (financial year 2025-26) was due by 30/11/2026: s.34 of the CGST Act allows none after 30 November following the end of the invoice’s financial year`,
      ]);
      // Dated on the last day it is still in time; an invoice of this year is too.
      expect((await creditNote(c, { invoiceId: march.id, noteDate: '2026-11-30', reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] })).statusCode).toBe(201);
      expect((await creditNote(c, { invoiceId: june.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] })).statusCode).toBe(201);
    } finally {
      h.clock.advance(-shift);
    }
  });

});

const onPostgres = Boolean(process.env.DATABASE_URL);
(onPostgres ? describe : describe.skip)('concurrent notes (PostgreSQL)', () => {
  it('gives two returns of the last 3 units at once one 201 and one 409', async () => {
    const drill = await f.item(a, { name: 'Drill', price: '3000', rate: 'gst-18', stock: 3 });
    const inv = await f.invoice(a, { lines: [line(drill.id, { quantity: 3 })] });
    const body = { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 3 }] };
    const results = await Promise.all([creditNote(a, body), creditNote(a, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().field).toBe('lines.0.quantity');
    expect(await f.stockOf(a, drill.id)).toBe(3);
  });

  it('numbers 30 concurrent credit notes under one GSTIN without a gap', async () => {
    const rush = await f.branch(a, 'Rush Counter', { invoicePrefix: 'RC' });
    const service = await f.item(a, { type: 'SERVICE', name: 'Repair', price: '3000', rate: 'gst-18' });
    const inv = await f.invoice(a, { branchId: rush.id, lines: [line(service.id)] });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => creditNote(a, { invoiceId: inv.id, reason: 'DEFICIENCY_IN_SERVICE', lines: [{ invoiceLineNo: 1, taxableValue: 10 }] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const numbers = results.map((r) => r.json().data.noteNumber as string);
    expect(numbers.every((n) => /^CN\/26-27\/\d+$/.test(n))).toBe(true);
    // The series is the GSTIN's: the branch's notes follow the ones the business issued before it under that GSTIN.
    const taken = numbers.map((n) => Number(n.split('/').at(-1))).sort((x, y) => x - y);
    expect(taken).toEqual(Array.from({ length: 30 }, (_, i) => taken[0] + i));
    const all = (await get(h.app, '/api/sale/credit-notes?pageSize=100', a.cookie)).json().data.map((n: SaleNote) => Number(n.noteNumber.split('/').at(-1)));
    expect([...all].sort((x: number, y: number) => x - y)).toEqual(Array.from({ length: all.length }, (_, i) => i + 1));
  });
});

describe('GSTR-1 and GSTR-3B of a month with notes of every kind, against figures worked out by hand', () => {
  it('puts notes in cdnr and cdnur (B2CL), nets the rest into b2cs, nets hsn, lists both series in doc_issue', async () => {
    const GSTIN = testGstin('27');
    const KA = testGstin('29');
    const MH = testGstin('27');
    const c = await signUp(h, { businessName: 'Note Filers', gstin: GSTIN, stateCode: '27' });
    const widget = await f.item(c, { name: 'Widget', price: '1000', rate: 'gst-18', hsn: '8517', stock: 500 });
    const ka = await f.party(c, { name: 'KA Traders', state: '29', gstin: KA });
    const mh = await f.party(c, { name: 'MH Traders', state: '27', gstin: MH });
    const big = await f.party(c, { name: 'Big Walk-in', state: '29' });
    const w = (quantity: number) => [line(widget.id, { quantity })];
    const kaInv = await f.invoice(c, { partyId: ka.id, invoiceDate: '2026-10-10', lines: w(2) });
    const mhInv = await f.invoice(c, { partyId: mh.id, invoiceDate: '2026-10-11', lines: w(1) });
    const bigInv = await f.invoice(c, { partyId: big.id, invoiceDate: '2026-10-12', lines: w(150) });
    const shopInv = await f.invoice(c, { invoiceDate: '2026-11-02', lines: w(5), payment: { amount: 5900, mode: 'CASH' } });
    expect([kaInv.supplyType, bigInv.totals.grandTotal]).toEqual(['INTER', '177000.00']);

    // CN 1: 1 of 2 back from the Karnataka buyer (IGST). DN 1: ₹100 more on the Maharashtra buyer's (CGST + SGST).
    await credit(c, { invoiceId: kaInv.id, noteDate: '2026-11-05', reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] });
    expect((await debitNote(c, { invoiceId: mhInv.id, noteDate: '2026-11-06', reason: 'PRICE_INCREASE', lines: [{ invoiceLineNo: 1, taxableValue: 100 }] })).statusCode).toBe(201);
    // CN 2: 10 of a ₹1,77,000 inter-state sale to an unregistered buyer (B2CL). CN 3: 1 of the walk-in sale (b2cs).
    await credit(c, { invoiceId: bigInv.id, noteDate: '2026-11-07', reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 10 }] });
    await credit(c, { invoiceId: shopInv.id, noteDate: '2026-11-08', reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }], refund: { amount: 1180, mode: 'CASH' } });
    // CN 4, cancelled: only doc_issue counts it.
    const gone = await credit(c, { invoiceId: shopInv.id, noteDate: '2026-11-09', reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }], refund: { amount: 1180, mode: 'CASH' } });
    expect((await write(h.app, 'POST', `/api/sale/cancel-credit-note/${gone.id}`, { reason: 'Entered twice' }, { cookie: c.cookie })).statusCode).toBe(200);

    const res = await get(h.app, `/api/report/gstr1?gstin=${GSTIN}&period=112026`, c.cookie);
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.cdnr).toEqual([
      {
        ctin: MH,
        nt: [{ ntty: 'D', nt_num: 'DN/26-27/1', nt_dt: '06-11-2026', val: 118, pos: '27', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1801, itm_det: { rt: 18, txval: 100, camt: 9, samt: 9, csamt: 0 } }] }],
      },
      {
        ctin: KA,
        nt: [{ ntty: 'C', nt_num: 'CN/26-27/1', nt_dt: '05-11-2026', val: 1180, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1801, itm_det: { rt: 18, txval: 1000, iamt: 180, csamt: 0 } }] }],
      },
    ]);
    expect(r.cdnur).toEqual([
      { typ: 'B2CL', ntty: 'C', nt_num: 'CN/26-27/2', nt_dt: '07-11-2026', val: 11800, pos: '29', itms: [{ num: 1801, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }] },
    ]);
    // The walk-in sale (5 × 1,000: CGST 450 + SGST 450) less its return of 1 (1,000: 90 + 90).
    expect(r.b2cs).toEqual([{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 4000, camt: 360, samt: 360, csamt: 0 }]);
    // hsn b2b: −1 unit (−1,000, IGST −180) and the debit note's +100 (9 + 9); b2c: 5 sold, 1 + 10 back.
    expect(r.hsn.hsn_b2b).toEqual([{ num: 1, hsn_sc: '8517', desc: 'Widget', uqc: 'NOS', qty: -1, rt: 18, txval: -900, iamt: -180, camt: 9, samt: 9, csamt: 0 }]);
    expect(r.hsn.hsn_b2c).toEqual([{ num: 1, hsn_sc: '8517', desc: 'Widget', uqc: 'NOS', qty: -6, rt: 18, txval: -6000, iamt: -1800, camt: 360, samt: 360, csamt: 0 }]);
    const docs = (n: number) => r.doc_issue.doc_det.find((d: { doc_num: number }) => d.doc_num === n);
    expect(docs(4)).toEqual({ doc_num: 4, doc_typ: 'Debit Note', docs: [{ num: 1, from: 'DN/26-27/1', to: 'DN/26-27/1', totnum: 1, cancel: 0, net_issue: 1 }] });
    expect(docs(5)).toEqual({ doc_num: 5, doc_typ: 'Credit Note', docs: [{ num: 1, from: 'CN/26-27/1', to: 'CN/26-27/4', totnum: 4, cancel: 1, net_issue: 3 }] });
    expect(r.doc_issue.doc_det.map((d: { doc_num: number }) => d.doc_num)).toEqual([1, 4, 5]);
    // The workbook has the notes' sheets: one row per note and rate.
    const xlsx = await get(h.app, `/api/report/gstr1?gstin=${GSTIN}&period=112026&format=xlsx`, c.cookie);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect([book.getWorksheet('cdnr')!.rowCount, book.getWorksheet('cdnur')!.rowCount]).toEqual([1 + 2, 1 + 1]);
    expect(book.getWorksheet('cdnur')!.getRow(2).getCell(2).value).toBe('CN/26-27/2');

    // GSTR-3B 3.1(a): the walk-in sale 5,000 (450 + 450) net of the notes: −1,000 (IGST −180), +100 (9 + 9),
    // −10,000 (IGST −1,800), −1,000 (−90 − 90).
    const b3 = (await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=112026`, c.cookie)).json();
    expect(b3.data.sup_details.osup_det).toEqual({ txval: -6900, iamt: -1980, camt: 369, samt: 369, csamt: 0 });
    // The IGST the notes took back owes nothing (not a refund); CGST and SGST are owed in cash.
    expect(b3.liability).toEqual({ igst: '0.00', cgst: '369.00', sgst: '369.00', cess: '0.00' });
  });
});

describe('e-invoice JSON of a note', () => {
  it('makes a CRN naming the invoice in RefDtls.PrecDocDtls, valid against the schema, and a DBN likewise', async () => {
    const SELLER = testGstin('27');
    const BUYER = testGstin('29');
    const c = await signUp(h, { businessName: 'Irp Notes', gstin: SELLER, stateCode: '27' });
    const up = await write(
      h.app,
      'PUT',
      `/api/store-branch/update-branch/${c.profile.activeStoreBranch!.id}`,
      { name: 'Main Branch', gstin: SELLER, registrationType: 'REGULAR', address: { street: '12 Laxmi Road', city: 'Pune', stateCode: '27', pin: '411002' } },
      { cookie: c.cookie },
    );
    expect(up.statusCode).toBe(200);
    const buyer = await write(
      h.app,
      'POST',
      '/api/party/create',
      { name: 'Kaveri Home Needs', partyType: 'CUSTOMER', gstin: BUYER, billingAddress: { type: 'BOTH', miscData: { ad: '8 Brigade Road, Bengaluru', st: '29', pin: '560025' } } },
      { cookie: c.cookie },
    );
    const pen = await f.item(c, { name: 'Gel Pen Box', price: '100', rate: 'gst-18', hsn: '96081019', stock: 10 });
    const inv = await f.invoice(c, { partyId: buyer.json().data.id, lines: [line(pen.id, { quantity: 3 })] });
    const crn = await credit(c, { invoiceId: inv.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] });
    const res = await get(h.app, `/api/sale/credit-note/${crn.id}/einvoice`, c.cookie);
    expect(res.statusCode).toBe(200);
    const json = res.json().data.json;
    const dmy = (iso: string) => iso.split('-').reverse().join('/');
    expect(json.DocDtls).toEqual({ Typ: 'CRN', No: crn.noteNumber, Dt: dmy(crn.noteDate) });
    expect(json.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: inv.invoiceNumber, InvDt: dmy(inv.invoiceDate) }] });
    expect(json.ItemList).toEqual([expect.objectContaining({ Qty: 1, AssAmt: 100, GstRt: 18, IgstAmt: 18, TotItemVal: 118 })]);
    expect(json.ValDtls).toMatchObject({ AssVal: 100, IgstVal: 18, TotInvVal: 118 });
    // The schema itself refuses a note whose preceding invoice is malformed: the check is real.
    const { validateEInvoice } = await import('../services/einvoice/validate');
    expect(validateEInvoice(json, crn.noteDate)).toEqual([]);
    const broken = validateEInvoice({ ...json, RefDtls: { PrecDocDtls: [{ InvNo: inv.invoiceNumber, InvDt: inv.invoiceDate }] } }, crn.noteDate);
    expect(broken.map((p) => p.path)).toContain('RefDtls.PrecDocDtls[0].InvDt');

    // A value-only debit note: no quantity moves.
    const dbn = (await debitNote(c, { invoiceId: inv.id, reason: 'PRICE_INCREASE', lines: [{ invoiceLineNo: 1, taxableValue: 50 }] })).json().data as SaleNote;
    const d = (await get(h.app, `/api/sale/debit-note/${dbn.id}/einvoice`, c.cookie)).json().data.json;
    expect(d.DocDtls.Typ).toBe('DBN');
    expect(d.ItemList[0]).toMatchObject({ Qty: 0, AssAmt: 50, IgstAmt: 9 });

    // A note to a walk-in buyer is not e-invoiced.
    const walkIn = await f.invoice(c, { lines: [line(pen.id)], payment: { amount: 118, mode: 'CASH' } });
    const own = await credit(c, { invoiceId: walkIn.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }], refund: { amount: 118, mode: 'CASH' } });
    expect((await get(h.app, `/api/sale/credit-note/${own.id}/einvoice`, c.cookie)).statusCode).toBe(422);
  });
});
