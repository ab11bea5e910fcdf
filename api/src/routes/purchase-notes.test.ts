import type { Item, Party, PurchaseDebitNote, PurchaseInvoice } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * Purchase debit notes: goods returned to a supplier or a price they reduced, against one bill — the rules, stock at
 * average cost, serials, the supplier's balance, the books, GSTR-3B, and (on PostgreSQL) concurrency and numbering.
 */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

const headers = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});
let billSeq = 0;
const buy = (who: SignedUp, body: object) =>
  write(h.app, 'POST', '/api/purchase/create-purchase', { billNumber: `PN-${++billSeq}`, ...body }, { cookie: who.cookie });
async function purchase(who: SignedUp, body: object): Promise<PurchaseInvoice> {
  const res = await buy(who, body);
  if (res.statusCode !== 201) throw new Error(`create-purchase answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const noteReq = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/purchase/create-debit-note', body, { cookie: who.cookie, headers: headers(key) });
async function note(who: SignedUp, body: object, key?: string): Promise<PurchaseDebitNote> {
  const res = await noteReq(who, body, key);
  if (res.statusCode !== 201) throw new Error(`create-debit-note answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const cancelNote = (who: SignedUp, id: string, reason = 'Supplier took nothing back') =>
  write(h.app, 'POST', `/api/purchase/cancel-debit-note/${id}`, { reason }, { cookie: who.cookie });
const getNote = (who: SignedUp, id: string) => get(h.app, `/api/purchase/debit-note/${id}`, who.cookie);
const getBill = async (who: SignedUp, id: string): Promise<PurchaseInvoice> => (await get(h.app, `/api/purchase/purchase-invoice/${id}`, who.cookie)).json().data;
const supplier = (who: SignedUp, o: Parameters<typeof f.party>[1] = {}) => f.party(who, { partyType: 'SUPPLIER', state: '27', ...o });
/** What the refusal names: [status, field]. */
const refusal = (res: { statusCode: number; json: () => { field?: string } }) => [res.statusCode, res.json().field];

const businessOf = (who: SignedUp) => who.profile.user.business.id;
/** A ledger of the books' own by code: its balance (positive = Dr). */
async function ledger(who: SignedUp, code: string): Promise<string> {
  const [r] = await selectRows<{ balance: string }>(
    h.database.db,
    sql`select coalesce(sum(l.debit - l.credit), 0)::numeric(14,2)::text as balance
        from journal_lines l join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id
        where l.business_id = ${businessOf(who)} and a.code = ${code}`,
  );
  return r.balance;
}
/** The supplier's sub-ledger (negative: the business owes them). */
async function partyLedger(who: SignedUp, partyId: string): Promise<string> {
  const [r] = await selectRows<{ balance: string }>(
    h.database.db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as balance from journal_lines where business_id = ${businessOf(who)} and party_id = ${partyId}`,
  );
  return r.balance;
}
/** Stock at cost of an item at every branch: [quantity, value]. */
async function atCost(who: SignedUp, itemId: string): Promise<[string, string]> {
  const [r] = await selectRows<{ quantity: string; value: string }>(
    h.database.db,
    sql`select coalesce(sum(quantity), 0)::numeric(14,3)::text as quantity, coalesce(sum(value), 0)::numeric(14,2)::text as value
        from stock_costs where business_id = ${businessOf(who)} and item_id = ${itemId}`,
  );
  return [r.quantity, r.value];
}
const partyBalance = async (who: SignedUp, id: string): Promise<string> => (await get(h.app, `/api/party/get-party/${id}`, who.cookie)).json().data.balance;

describe('a return of goods to the supplier', () => {
  let pune: Party;
  let fan: Item;
  let first: PurchaseInvoice;
  let second: PurchaseInvoice;
  let returned: PurchaseDebitNote;

  beforeAll(async () => {
    pune = await supplier(a, { name: 'Pune Wholesale' });
    fan = await f.item(a, { name: 'Ceiling Fan', price: '2500', rate: 'gst-18' });
    // 10 at ₹1,000 and 10 at ₹1,300: 20 at an average of ₹1,150.
    first = await purchase(a, { partyId: pune.id, billDate: '2026-06-01', lines: [{ itemId: fan.id, quantity: 10, unitPrice: '1000' }] });
    second = await purchase(a, { partyId: pune.id, billDate: '2026-06-02', lines: [{ itemId: fan.id, quantity: 10, unitPrice: '1300' }] });
  });

  it('takes 4 back out of stock at the average cost, taxed as the bill line, numbered PDN/26-27/n', async () => {
    returned = await note(a, { purchaseId: first.id, noteDate: '2026-06-10', reason: 'PURCHASE_RETURN', supplierNoteNumber: 'CN-88', lines: [{ purchaseLineNo: 1, quantity: 4 }] });
    expect(returned.noteNumber).toMatch(/^PDN\/26-27\/\d+$/);
    expect(returned).toMatchObject({
      noteDate: '2026-06-10',
      reason: 'PURCHASE_RETURN',
      status: 'ISSUED',
      supplierNoteNumber: 'CN-88',
      purchase: { id: first.id, referenceNumber: first.referenceNumber, billNumber: first.billNumber, billDate: '2026-06-01' },
      party: { id: pune.id, name: 'Pune Wholesale' },
      placeOfSupply: '27',
      supplyType: 'INTRA',
      itc: { cgst: '360.00', sgst: '360.00', igst: '0.00', cess: '0.00' },
      itcAmount: '720.00',
      refunded: '0.00',
      adjusted: '4720.00',
      refund: null,
    });
    expect(returned.totals).toMatchObject({ taxableValue: '4000.00', cgst: '360.00', sgst: '360.00', grandTotal: '4720.00' });
    expect(returned.lines[0]).toMatchObject({ purchaseLineNo: 1, kind: 'RETURN', quantity: '4.000', unitPrice: '1000.00', taxableValue: '4000.00', total: '4720.00', stockCost: '4600.00' });
    // The oldest open bill takes the note.
    expect(returned.adjustments).toEqual([{ purchaseId: first.id, referenceNumber: first.referenceNumber, billNumber: first.billNumber, amount: '4720.00' }]);
    expect(await getBill(a, first.id)).toMatchObject({ paid: '4720.00', balance: '7080.00', status: 'PARTIAL' });

    expect(await f.stockOf(a, fan.id)).toBe(16);
    // Out at the average of ₹1,150 a unit: 23,000 − 4,600 left, so the average of what stays is unchanged.
    expect(await atCost(a, fan.id)).toEqual(['16.000', '18400.00']);
    const stock = (await get(h.app, `/api/item/item-stock?id=${fan.id}`, a.cookie)).json().data;
    expect(stock.movements[0]).toMatchObject({ kind: 'PURCHASE_RETURN', quantity: -4, balanceAfter: 16 });
    expect(stock.movements[0].reason).toContain(returned.noteNumber);
  });

  it('posts Dr the supplier, Cr stock at average cost and input tax, the difference to cost of goods sold', async () => {
    // The bills: 11,800 + 15,340 owed; the note takes 4,720 off.
    expect(await partyLedger(a, pune.id)).toBe('-22420.00');
    expect(await partyBalance(a, pune.id)).toBe('-22420.00');
    expect(await ledger(a, 'INPUT_CGST')).toBe(String(900 + 1170 - 360) + '.00');
    // The supplier credits ₹4,000 for goods that leave at ₹4,600: ₹600 more cost of goods.
    expect(await ledger(a, 'COGS')).toBe('600.00');
    expect(await ledger(a, 'STOCK')).toBe('18400.00');
    const entries = await selectRows<{ voucher_type: string; debit: string; credit: string }>(
      h.database.db,
      sql`select e.voucher_type, sum(l.debit)::text as debit, sum(l.credit)::text as credit from journal_entries e
          join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id
          where e.business_id = ${businessOf(a)} and e.document_id = ${returned.id} group by e.voucher_type`,
    );
    expect(entries).toEqual([{ voucher_type: 'PURCHASE_DEBIT_NOTE', debit: '5320.00', credit: '5320.00' }]);
  });

  it('takes a price reduction off the cost of what is still held, taxed at the line’s rate', async () => {
    const cut = await note(a, { purchaseId: second.id, noteDate: '2026-06-11', reason: 'POST_PURCHASE_DISCOUNT', lines: [{ purchaseLineNo: 1, taxableValue: '1000' }] });
    expect(cut.lines[0]).toMatchObject({ kind: 'PRICE', quantity: '0.000', taxableValue: '1000.00', cgst: '90.00', sgst: '90.00', total: '1180.00', stockCost: null });
    expect(cut.totals.grandTotal).toBe('1180.00');
    // All 10 of the bill line are still among the 16 held: the whole ₹1,000 comes off stock at cost.
    expect(await atCost(a, fan.id)).toEqual(['16.000', '17400.00']);
    expect(await f.stockOf(a, fan.id)).toBe(16);
    expect(await partyBalance(a, pune.id)).toBe('-21240.00');
  });

  it('shows the notes in the party ledger, the purchase report (net) and the list with its sums', async () => {
    const statement = (await get(h.app, `/api/report/ledger?partyId=${pune.id}&from=2026-06-01&to=2026-06-30`, a.cookie)).json().data;
    expect(statement.entries.map((e: { type: string; documentNumber: string; debit: string; credit: string }) => [e.type, e.documentNumber, e.debit, e.credit])).toEqual([
      ['PURCHASE', first.referenceNumber, '0.00', '11800.00'],
      ['PURCHASE', second.referenceNumber, '0.00', '15340.00'],
      ['PURCHASE_DEBIT_NOTE', returned.noteNumber, '4720.00', '0.00'],
      ['PURCHASE_DEBIT_NOTE', expect.stringMatching(/^PDN\//), '1180.00', '0.00'],
    ]);
    expect(statement.entries[2].description).toBe(`Debit note ${returned.noteNumber}`);
    expect(statement.closingBalance).toBe('-21240.00');

    const report = (await get(h.app, `/api/purchase/purchase-reports?from=2026-06-01&to=2026-06-30&partyId=${pune.id}`, a.cookie)).json().data;
    expect(report.totals).toMatchObject({ invoices: 4, taxableValue: '18000.00', grandTotal: '21240.00' });
    const byItem = (await get(h.app, `/api/purchase/purchase-reports?from=2026-06-01&to=2026-06-30&groupBy=item&itemId=${fan.id}`, a.cookie)).json().data;
    expect(byItem.rows[0]).toMatchObject({ quantity: '16.000', taxableValue: '18000.00' });

    const list = (await get(h.app, `/api/purchase/debit-notes?partyId=${pune.id}`, a.cookie)).json();
    expect(list.data.map((n: { noteNumber: string }) => n.noteNumber)).toContain(returned.noteNumber);
    expect(list.meta).toMatchObject({ total: 2, grandTotal: '5900.00', itcAmount: '900.00', refunded: '0.00', adjusted: '5900.00' });
    const ofBill = (await get(h.app, `/api/purchase/debit-notes?purchaseId=${first.id}&q=cn-88`, a.cookie)).json();
    expect(ofBill.data).toHaveLength(1);
    expect(ofBill.data[0]).toMatchObject({ id: returned.id, purchase: { id: first.id }, grandTotal: '4720.00' });
  });

  it('prints DEBIT NOTE naming the bill and its date, on A4 and thermal', async () => {
    for (const layout of ['a4', 'thermal80', 'thermal58']) {
      const res = await get(h.app, `/api/purchase/debit-note/${returned.id}/pdf?layout=${layout}`, a.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain('DEBIT NOTE');
      expect(text).toContain(returned.noteNumber);
      expect(text).toContain(first.referenceNumber);
      if (layout === 'a4') expect(text).toContain(`${first.referenceNumber} dated 01/06/2026`);
      expect(text).toContain(first.billNumber);
    }
    expect(String((await get(h.app, `/api/purchase/debit-note/${returned.id}/pdf`, a.cookie)).headers['content-disposition'])).toContain('Debit-Note-PDN');
  });

  it('refuses to cancel a bill with a live note, naming it; cancelling the note restores stock, books and the bill', async () => {
    const refused = await write(h.app, 'POST', `/api/purchase/cancel-purchase/${first.id}`, { reason: 'Wrong' }, { cookie: a.cookie });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(returned.noteNumber);

    const res = await cancelNote(a, returned.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', cancelReason: 'Supplier took nothing back', refunded: '0.00', adjusted: '0.00', adjustments: [] });
    expect((await cancelNote(a, returned.id)).statusCode).toBe(409);
    expect(await f.stockOf(a, fan.id)).toBe(20);
    expect(await atCost(a, fan.id)).toEqual(['20.000', '22000.00']);
    // The price cut on the second bill still stands against the oldest open bill, the first.
    expect(await getBill(a, first.id)).toMatchObject({ paid: '1180.00', balance: '10620.00', status: 'PARTIAL' });
    expect(await partyBalance(a, pune.id)).toBe('-25960.00');
    expect(await ledger(a, 'COGS')).toBe('0.00');
    // The cancelled note and its reversal leave the party ledger together.
    const statement = (await get(h.app, `/api/report/ledger?partyId=${pune.id}&from=2026-06-01`, a.cookie)).json().data;
    expect(statement.entries.map((e: { documentNumber: string }) => e.documentNumber)).not.toContain(returned.noteNumber);
    // Once its notes are cancelled the bill can be.
    expect((await getNote(a, returned.id)).json().data.status).toBe('CANCELLED');
    const listed = (await get(h.app, `/api/purchase/debit-notes?status=CANCELLED&partyId=${pune.id}`, a.cookie)).json();
    expect(listed.meta).toMatchObject({ total: 1, grandTotal: '0.00' });
  });
});

describe('the rules, each refused with its status and field', () => {
  let local: Party;
  let kettle: Item;
  let bill: PurchaseInvoice;

  beforeAll(async () => {
    local = await supplier(a, { name: 'Rule Supplier' });
    kettle = await f.item(a, { name: 'Kettle', price: '1500', rate: 'gst-18' });
    bill = await purchase(a, { partyId: local.id, billDate: '2026-07-01', lines: [{ itemId: kettle.id, quantity: 5, unitPrice: '1000' }] });
  });

  it('checks the body: one of quantity or value, lines named once, known fields', async () => {
    const base = { purchaseId: bill.id, reason: 'PURCHASE_RETURN' };
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1, taxableValue: '10' }] }))).toEqual([400, 'lines.0.quantity']);
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1 }] }))).toEqual([400, 'lines.0.quantity']);
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1 }, { purchaseLineNo: 1, quantity: 1 }] }))).toEqual([400, 'lines.1.purchaseLineNo']);
    expect(refusal(await noteReq(a, { ...base, lines: [] }))).toEqual([400, 'lines']);
    expect(refusal(await noteReq(a, { ...base, reason: 'SALES_RETURN', lines: [{ purchaseLineNo: 1, quantity: 1 }] }))).toEqual([400, 'reason']);
    const unknown = await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1 }], total: '5' });
    expect(refusal(unknown)).toEqual([400, 'total']);
  });

  it('takes at most what was bought less what earlier notes returned, and no more value than the line has left', async () => {
    const base = { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-07-05' };
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 2, quantity: 1 }] }))).toEqual([400, 'lines.0.purchaseLineNo']);
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 6 }] }))).toEqual([400, 'lines.0.quantity']);
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1.5 }] }))).toEqual([400, 'lines.0.quantity']);
    await note(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 3 }] });
    const more = await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 3 }] });
    expect(refusal(more)).toEqual([409, 'lines.0.quantity']);
    expect(more.json().message).toContain('at most 2 can be returned');
    // ₹5,000 of taxable value, ₹3,000 of it returned: ₹2,000 is left to take off.
    expect(refusal(await noteReq(a, { ...base, reason: 'OTHERS', lines: [{ purchaseLineNo: 1, taxableValue: '5000.01' }] }))).toEqual([400, 'lines.0.taxableValue']);
    expect(refusal(await noteReq(a, { ...base, reason: 'OTHERS', lines: [{ purchaseLineNo: 1, taxableValue: '2000.01' }] }))).toEqual([409, 'lines.0.taxableValue']);
    const rest = await note(a, { ...base, reason: 'OTHERS', lines: [{ purchaseLineNo: 1, taxableValue: '2000' }] });
    expect(rest.totals).toMatchObject({ taxableValue: '2000.00', cgst: '180.00', sgst: '180.00', grandTotal: '2360.00' });
    // Nothing of the line's value is left: neither the last 2 units' value nor a price cut.
    expect(refusal(await noteReq(a, { ...base, reason: 'OTHERS', lines: [{ purchaseLineNo: 1, taxableValue: '1' }] }))).toEqual([409, 'lines.0.taxableValue']);
  });

  it('dates a note on or after the bill and never in the future', async () => {
    const base = { purchaseId: bill.id, reason: 'PURCHASE_RETURN', lines: [{ purchaseLineNo: 1, quantity: 1 }] };
    expect(refusal(await noteReq(a, { ...base, noteDate: '2026-06-30' }))).toEqual([400, 'noteDate']);
    expect(refusal(await noteReq(a, { ...base, noteDate: '2099-01-01' }))).toEqual([400, 'noteDate']);
  });

  it('refuses a cancelled bill (409), another business’s bill (404), and a refund above the note or what was paid (400)', async () => {
    const gone = await purchase(a, { partyId: local.id, billDate: '2026-07-01', lines: [{ itemId: kettle.id, quantity: 1, unitPrice: '100' }] });
    expect((await write(h.app, 'POST', `/api/purchase/cancel-purchase/${gone.id}`, { reason: 'Twice' }, { cookie: a.cookie })).statusCode).toBe(200);
    const body = (purchaseId: string) => ({ purchaseId, reason: 'PURCHASE_RETURN', noteDate: '2026-07-06', lines: [{ purchaseLineNo: 1, quantity: 1 }] });
    expect(refusal(await noteReq(a, body(gone.id)))).toEqual([409, 'purchaseId']);
    expect(refusal(await noteReq(b, body(bill.id)))).toEqual([404, 'purchaseId']);
    expect(refusal(await noteReq(a, body('not-a-bill')))).toEqual([404, 'purchaseId']);

    const paid = await purchase(a, { partyId: local.id, billDate: '2026-07-01', lines: [{ itemId: kettle.id, quantity: 2, unitPrice: '500' }], payment: { amount: '500', mode: 'BANK_TRANSFER' } }).catch(async () => {
      await f.bank(a);
      return purchase(a, { partyId: local.id, billDate: '2026-07-01', lines: [{ itemId: kettle.id, quantity: 2, unitPrice: '500' }], payment: { amount: '500', mode: 'BANK_TRANSFER' } });
    });
    // A note of ₹590: at most that comes back, and at most the ₹500 paid.
    expect(refusal(await noteReq(a, { ...body(paid.id), refund: { amount: '600', mode: 'BANK_TRANSFER' } }))).toEqual([400, 'refund.amount']);
    expect(refusal(await noteReq(a, { ...body(paid.id), refund: { amount: '500.01', mode: 'BANK_TRANSFER' } }))).toEqual([400, 'refund.amount']);
    const back = await note(a, { ...body(paid.id), refund: { amount: '500', mode: 'BANK_TRANSFER', reference: 'NEFT-1' } });
    expect(back).toMatchObject({ refunded: '500.00', adjusted: '90.00', refund: { amount: '500.00', mode: 'BANK_TRANSFER', reference: 'NEFT-1', reversed: false } });
    // Nothing paid is left with the supplier.
    expect(refusal(await noteReq(a, { ...body(paid.id), refund: { amount: '1', mode: 'BANK_TRANSFER' } }))).toEqual([400, 'refund.amount']);
  });

  it('keeps notes exact to the paisa; the one that takes the last of the bill takes its round-off, so the supplier is square', async () => {
    const s = await supplier(a, { name: 'Round Supplier' });
    const jar = await f.item(a, { name: 'Jar', price: '150', rate: 'gst-18' });
    // 3 × 99.99 = 299.97 + 2 × 27.00 tax = 353.97, rounded to 354.00.
    const bill = await purchase(a, { partyId: s.id, billDate: '2026-07-01', lines: [{ itemId: jar.id, quantity: 3, unitPrice: '99.99' }] });
    expect(bill.totals).toMatchObject({ grandTotal: '354.00', roundOff: '0.03' });
    const one = await note(a, { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-07-02', lines: [{ purchaseLineNo: 1, quantity: 1 }] });
    expect(one.totals).toMatchObject({ taxableValue: '99.99', roundOff: '0.00', grandTotal: '117.99' });
    const rest = await note(a, { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-07-02', lines: [{ purchaseLineNo: 1, quantity: 2 }] });
    expect(rest.totals).toMatchObject({ taxableValue: '199.98', roundOff: '0.03', grandTotal: '236.01' });
    expect(await partyBalance(a, s.id)).toBe('0.00');
    expect(await getBill(a, bill.id)).toMatchObject({ balance: '0.00', status: 'PAID' });
  });

  it('refuses a return of goods no longer at the branch (409 naming the line)', async () => {
    const lamp = await f.item(a, { name: 'Lamp', price: '300', rate: 'gst-18' });
    const lamps = await purchase(a, { partyId: local.id, billDate: '2026-07-01', lines: [{ itemId: lamp.id, quantity: 5, unitPrice: '100' }] });
    await f.invoice(a, { invoiceDate: '2026-07-02', lines: [{ itemId: lamp.id, quantity: 4 }] });
    const res = await noteReq(a, { purchaseId: lamps.id, reason: 'PURCHASE_RETURN', noteDate: '2026-07-03', lines: [{ purchaseLineNo: 1, quantity: 2 }] });
    expect(refusal(res)).toEqual([409, 'lines.0.quantity']);
    // Nothing was kept: no number taken, no stock moved.
    expect(await f.stockOf(a, lamp.id)).toBe(1);
    expect((await get(h.app, `/api/purchase/debit-notes?purchaseId=${lamps.id}`, a.cookie)).json().meta.total).toBe(0);
  });
});

describe('a refund in cash, serials, idempotency and tenancy', () => {
  it('brings the refund into cash and clears the supplier; cancelling takes the cash back out', async () => {
    const s = await supplier(a, { name: 'Cash Supplier' });
    const mug = await f.item(a, { name: 'Mug', price: '200', rate: 'gst-18' });
    // Cash to pay with.
    const visit = await f.item(a, { type: 'SERVICE', name: 'Repair', price: '100', rate: 'gst-0' });
    await f.invoice(a, { invoiceDate: '2026-07-31', lines: [{ itemId: visit.id, quantity: 1, unitPrice: '5000' }], payment: { amount: '5000', mode: 'CASH' } });
    const bill = await purchase(a, { partyId: s.id, billDate: '2026-08-01', lines: [{ itemId: mug.id, quantity: 2, unitPrice: '500' }], payment: { amount: '1180', mode: 'CASH' } });
    const cashBefore = await f.cashBalance(a);
    const back = await note(a, { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-08-02', lines: [{ purchaseLineNo: 1, quantity: 1 }], refund: { amount: '590', mode: 'CASH' } });
    expect(back).toMatchObject({ refunded: '590.00', adjusted: '0.00', refund: { amount: '590.00', mode: 'CASH', accountName: 'Cash in hand' } });
    expect(Number(await f.cashBalance(a)) - Number(cashBefore)).toBe(590);
    expect(await partyBalance(a, s.id)).toBe('0.00');
    expect(await getBill(a, bill.id)).toMatchObject({ paid: '1180.00', balance: '0.00', status: 'PAID' });
    const moves = (await get(h.app, '/api/account/transactions?pageSize=5', a.cookie)).json().data;
    expect(moves[0]).toMatchObject({ type: 'PURCHASE_NOTE_REFUND', direction: 'IN', amount: '590.00', documentType: 'PURCHASE_DEBIT_NOTE' });

    expect((await cancelNote(a, back.id)).statusCode).toBe(200);
    expect(await f.cashBalance(a)).toBe(cashBefore);
    expect(await partyBalance(a, s.id)).toBe('0.00');
    expect((await getNote(a, back.id)).json().data.refund).toMatchObject({ reversed: true });
  });

  it('returns serialised goods by their serials, which must be the bill’s and in stock, and come back on cancel', async () => {
    const s = await supplier(a, { name: 'Phone Supplier' });
    const phone = await f.item(a, { name: 'Phone', price: '20000', rate: 'gst-18', serials: [] });
    const bill = await purchase(a, { partyId: s.id, billDate: '2026-08-01', lines: [{ itemId: phone.id, quantity: 3, unitPrice: '10000', serialNos: ['IMEI-1', 'IMEI-2', 'IMEI-3'] }] });
    const base = { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-08-03' };
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 2, serialNos: ['IMEI-1'] }] }))).toEqual([400, 'lines.0.serialNos']);
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1, serialNos: ['IMEI-9'] }] }))).toEqual([400, 'lines.0.serialNos']);
    const back = await note(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1, serialNos: ['imei-2'] }] });
    expect(back.lines[0].serialNos).toEqual(['IMEI-2']);
    expect(await f.stockOf(a, phone.id)).toBe(2);
    // IMEI-2 is gone: it cannot go back twice.
    expect(refusal(await noteReq(a, { ...base, lines: [{ purchaseLineNo: 1, quantity: 1, serialNos: ['IMEI-2'] }] }))).toEqual([409, 'lines.0.serialNos']);
    // A sold serial is no longer in stock either.
    await f.invoice(a, { invoiceDate: '2026-08-04', lines: [{ itemId: phone.id, quantity: 1, serialNos: ['IMEI-3'] }] });
    expect(refusal(await noteReq(a, { ...base, noteDate: '2026-08-05', lines: [{ purchaseLineNo: 1, quantity: 1, serialNos: ['IMEI-3'] }] }))).toEqual([409, 'lines.0.serialNos']);

    expect((await cancelNote(a, back.id)).statusCode).toBe(200);
    expect(await f.stockOf(a, phone.id)).toBe(2);
    const sold = await f.invoice(a, { invoiceDate: '2026-08-06', lines: [{ itemId: phone.id, quantity: 1, serialNos: ['IMEI-2'] }] });
    expect(sold.lines[0].serialNos).toEqual(['IMEI-2']);
  });

  it('answers a retry with the same Idempotency-Key with the first note, and another body with 422', async () => {
    const s = await supplier(a, { name: 'Retry Supplier' });
    const cup = await f.item(a, { name: 'Cup', price: '50', rate: 'gst-5' });
    const bill = await purchase(a, { partyId: s.id, billDate: '2026-08-01', lines: [{ itemId: cup.id, quantity: 10, unitPrice: '20' }] });
    const body = { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-08-02', lines: [{ purchaseLineNo: 1, quantity: 2 }] };
    const one = await note(a, body, 'pdn-retry-1');
    const again = await noteReq(a, body, 'pdn-retry-1');
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(one.id);
    expect(await f.stockOf(a, cup.id)).toBe(8);
    expect((await noteReq(a, { ...body, lines: [{ purchaseLineNo: 1, quantity: 3 }] }, 'pdn-retry-1')).statusCode).toBe(422);
    expect((await get(h.app, `/api/purchase/debit-notes?purchaseId=${bill.id}`, a.cookie)).json().meta.total).toBe(1);

    // Another business sees none of it.
    expect((await getNote(b, one.id)).statusCode).toBe(404);
    expect((await get(h.app, `/api/purchase/debit-note/${one.id}/pdf`, b.cookie)).statusCode).toBe(404);
    expect((await cancelNote(b, one.id)).statusCode).toBe(404);
    expect((await get(h.app, '/api/purchase/debit-notes', b.cookie)).json().meta.total).toBe(0);
    expect((await getNote(a, 'nothing')).statusCode).toBe(404);
  });
});

describe('a service line and credit that was not eligible', () => {
  it('takes a service’s cost off Services purchased, and gives up no credit the bill never claimed', async () => {
    const s = await supplier(b, { name: 'Fitter', state: '29' });
    const fitting = await f.item(b, { type: 'SERVICE', name: 'Fitting', price: '1000', rate: 'gst-18' });
    const bill = await purchase(b, { partyId: s.id, billDate: '2026-08-01', lines: [{ itemId: fitting.id, quantity: 1, unitPrice: '1000', itcEligible: false }] });
    expect(await ledger(b, 'SERVICES_PURCHASED')).toBe('1180.00');
    const cut = await note(b, { purchaseId: bill.id, reason: 'DEFICIENCY_IN_SERVICE', noteDate: '2026-08-03', lines: [{ purchaseLineNo: 1, taxableValue: '500' }] });
    expect(cut).toMatchObject({ itcAmount: '0.00', itc: { cgst: '0.00', sgst: '0.00' }, totals: { cgst: '45.00', sgst: '45.00', grandTotal: '590.00' } });
    expect(cut.lines[0]).toMatchObject({ kind: 'PRICE', itcEligible: false, itcAmount: '0.00' });
    expect(await ledger(b, 'SERVICES_PURCHASED')).toBe('590.00');
    expect(await ledger(b, 'INPUT_CGST')).toBe('0.00');
    expect(await partyBalance(b, s.id)).toBe('-590.00');
    // GSTR-3B: the blocked credit of the part given back leaves 4(A)(5) and 4(B)(1) together; 4(C) stays 0.
    const r3b = (await get(h.app, `/api/report/gstr3b?gstin=${b.profile.user.business.gstin}&period=082026`, b.cookie)).json().data;
    const row = (rows: Array<{ ty: string }>, ty: string) => rows.find((r) => r.ty === ty);
    expect(row(r3b.itc_elg.itc_avl, 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 45, samt: 45, csamt: 0 });
    expect(row(r3b.itc_elg.itc_rev, 'RUL')).toEqual({ ty: 'RUL', iamt: 0, camt: 45, samt: 45, csamt: 0 });
    expect(row(r3b.itc_elg.itc_rev, 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(r3b.itc_elg.itc_net).toEqual({ iamt: 0, camt: 0, samt: 0, csamt: 0 });
  });
});

describe('GSTR-3B: a debit note gives up input tax credit', () => {
  it('nets 4(A)(5) of the month’s notes, and reports what is more than the month’s credit in 4(B)(2)', async () => {
    const c = await signUp(h, { businessName: 'Credit Traders', stateCode: '27' });
    const gstin = c.profile.user.business.gstin!;
    const s = await supplier(c, { name: 'ITC Supplier' });
    const drill = await f.item(c, { name: 'Drill', price: '5000', rate: 'gst-18' });
    const july = await purchase(c, { partyId: s.id, billDate: '2026-07-10', lines: [{ itemId: drill.id, quantity: 10, unitPrice: '1000' }] });
    // August: a bill with ₹180 + ₹180 of credit, and a return of half July's bill, ₹450 + ₹450.
    await purchase(c, { partyId: s.id, billDate: '2026-08-05', lines: [{ itemId: drill.id, quantity: 2, unitPrice: '1000' }] });
    await note(c, { purchaseId: july.id, reason: 'PURCHASE_RETURN', noteDate: '2026-08-10', lines: [{ purchaseLineNo: 1, quantity: 5 }] });
    // September: only a price cut of ₹1,000 on July's bill.
    await note(c, { purchaseId: july.id, reason: 'POST_PURCHASE_DISCOUNT', noteDate: '2026-09-02', lines: [{ purchaseLineNo: 1, taxableValue: '1000' }] });

    const r3b = async (period: string) => (await get(h.app, `/api/report/gstr3b?gstin=${gstin}&period=${period}`, c.cookie)).json();
    const jul = await r3b('072026');
    expect(jul.data.itc_elg.itc_avl.find((r: { ty: string }) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 900, samt: 900, csamt: 0 });
    const aug = await r3b('082026');
    // 180 − 450 per head: 4(A)(5) at 0, the 270 more reversed in 4(B)(2); net credit −270 a head.
    expect(aug.data.itc_elg.itc_avl.find((r: { ty: string }) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(aug.data.itc_elg.itc_rev.find((r: { ty: string }) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 270, samt: 270, csamt: 0 });
    expect(aug.data.itc_elg.itc_net).toEqual({ iamt: 0, camt: -270, samt: -270, csamt: 0 });
    const sep = await r3b('092026');
    expect(sep.data.itc_elg.itc_rev.find((r: { ty: string }) => r.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 90, samt: 90, csamt: 0 });
  });

  it('under reverse charge the note lowers 3.1(d) and 4(A)(3) instead', async () => {
    const c = await signUp(h, { businessName: 'Transport Users', stateCode: '27' });
    const gstin = c.profile.user.business.gstin!;
    const s = await supplier(c, { name: 'Lorry Owner' });
    const haul = await f.item(c, { type: 'SERVICE', name: 'Haulage', price: '1000', rate: 'gst-5' });
    const bill = await purchase(c, { partyId: s.id, billDate: '2026-08-01', reverseCharge: true, lines: [{ itemId: haul.id, quantity: 1, unitPrice: '10000' }] });
    const cut = await note(c, { purchaseId: bill.id, reason: 'DEFICIENCY_IN_SERVICE', noteDate: '2026-08-20', lines: [{ purchaseLineNo: 1, taxableValue: '2000' }] });
    expect(cut).toMatchObject({ reverseCharge: true, reverseChargeTax: '100.00', totals: { grandTotal: '2000.00' } });
    // The supplier was owed 10,000 and is owed 8,000; the tax payable falls by 100.
    expect(await ledger(c, 'RCM_PAYABLE')).toBe('-400.00');
    expect(await ledger(c, 'INPUT_RCM')).toBe('400.00');
    const aug = (await get(h.app, `/api/report/gstr3b?gstin=${gstin}&period=082026`, c.cookie)).json();
    expect(aug.data.sup_details.isup_rev).toEqual({ txval: 8000, iamt: 0, camt: 200, samt: 200, csamt: 0 });
    expect(aug.data.itc_elg.itc_avl.find((r: { ty: string }) => r.ty === 'ISRC')).toEqual({ ty: 'ISRC', iamt: 0, camt: 200, samt: 200, csamt: 0 });
  });
});

/*
 * Concurrent notes of one bill. PGlite runs one query at a time on one connection, so these only mean something on
 * PostgreSQL (DATABASE_URL): without it they are reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
(onPostgres ? describe : describe.skip)('concurrent notes on PostgreSQL', () => {
  it('lets one of two returns of the last 3 units through: one 201, one 409', async () => {
    const s = await supplier(a, { name: 'Race Supplier' });
    const box = await f.item(a, { name: 'Box', price: '50', rate: 'gst-18' });
    const bill = await purchase(a, { partyId: s.id, billDate: '2026-09-01', lines: [{ itemId: box.id, quantity: 5, unitPrice: '20' }] });
    await note(a, { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-09-02', lines: [{ purchaseLineNo: 1, quantity: 2 }] });
    const body = { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-09-03', lines: [{ purchaseLineNo: 1, quantity: 3 }] };
    const results = await Promise.all([noteReq(a, body), noteReq(a, body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await f.stockOf(a, box.id)).toBe(0);
    expect(await atCost(a, box.id)).toEqual(['0.000', '0.00']);
  });

  it('numbers 30 concurrent notes of one branch 1 to 30 without a gap', async () => {
    const c = await signUp(h, { businessName: 'Many Returns', stateCode: '27' });
    const s = await supplier(c, { name: 'Bulk Supplier' });
    const pin = await f.item(c, { name: 'Pin', price: '5', rate: 'gst-18' });
    const bill = await purchase(c, { partyId: s.id, billDate: '2026-09-01', lines: [{ itemId: pin.id, quantity: 100, unitPrice: '2' }] });
    const results = await Promise.all(
      Array.from({ length: 30 }, () => noteReq(c, { purchaseId: bill.id, reason: 'PURCHASE_RETURN', noteDate: '2026-09-05', lines: [{ purchaseLineNo: 1, quantity: 1 }] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(30).fill(201));
    const numbers = results.map((r) => Number((r.json().data as PurchaseDebitNote).noteNumber.split('/').at(-1))).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    expect(await f.stockOf(c, pin.id)).toBe(70);
    expect(await partyBalance(c, s.id)).toBe('-165.20');
  });
});
