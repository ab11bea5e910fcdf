import type { Ledger, Party, PurchaseInvoice, SaleInvoice, TrialBalance } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, testGstin, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Editing a sale invoice or a purchase bill re-posts it (stock, journal, GST figures) and keeps its number and
 * payments; closing the books stops every document dated on or before the lock date.
 */

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
let a: SignedUp;
let other: SignedUp;
let customer: Party;
let supplier: Party;
let phoneId: string;

const headers = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});
const editSale = (who: SignedUp, id: string, body: object, key?: string) =>
  write(h.app, 'PUT', `/api/sale/update-sale/${id}`, body, { cookie: who.cookie, headers: headers(key) });
const editBill = (who: SignedUp, id: string, body: object, key?: string) =>
  write(h.app, 'PUT', `/api/purchase/update-purchase/${id}`, body, { cookie: who.cookie, headers: headers(key) });
const lockBooks = (who: SignedUp, lockedUntil: string | null) => write(h.app, 'PUT', '/api/settings/lock-books', { lockedUntil }, { cookie: who.cookie });
let billSeq = 0;
async function bill(who: SignedUp, body: object): Promise<PurchaseInvoice> {
  billSeq += 1;
  const res = await write(h.app, 'POST', '/api/purchase/create-purchase', { billNumber: `SUP-${billSeq}`, ...body }, { cookie: who.cookie });
  if (res.statusCode !== 201) throw new Error(`create-purchase answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const read = async <T>(who: SignedUp, url: string): Promise<T> => {
  const res = await get(h.app, url, who.cookie);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
};
const invoiceOf = (who: SignedUp, id: string) => read<SaleInvoice>(who, `/api/sale/sale-invoice/${id}`);
const partyBalance = async (who: SignedUp, partyId: string) => (await read<{ balance: string }>(who, `/api/party/get-party/${partyId}`)).balance;
const refusal = (res: { statusCode: number; json: () => { message: string } }) => [res.statusCode, res.json().message];

async function expectBooksBalance(who: SignedUp) {
  const tb = await read<TrialBalance>(who, '/api/report/trial-balance?from=2026-04-01');
  expect(tb.totals.debit).toBe(tb.totals.credit);
  return tb;
}

/** What the journal holds on the party's sub-ledger (positive: the party owes the business). */
async function journalPartyBalance(who: SignedUp, partyId: string): Promise<string> {
  const [row] = await selectRows<{ balance: string }>(
    h.database.db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as balance from journal_lines
        where business_id = ${who.profile.user.business.id} and party_id = ${partyId}`,
  );
  return row.balance;
}

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Edit Traders', stateCode: '27' });
  other = await signUp(h, { businessName: 'Other Traders', stateCode: '27' });
  customer = await f.party(a, { name: 'Meera Stores', state: '27', gstin: testGstin('27') });
  supplier = await f.party(a, { name: 'Kiran Wholesale', state: '27', gstin: testGstin('27'), partyType: 'SUPPLIER' });
  phoneId = (await f.item(a, { name: 'Phone', price: '100', stock: 10, purchasePrice: '60' })).id;
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

describe('sale/update-sale/:id', () => {
  let inv: SaleInvoice;

  it('re-posts the invoice: same number, new lines and totals, payments kept, stock, books, ledger and GSTR-1 follow', async () => {
    inv = await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-11-10', lines: [{ itemId: phoneId, quantity: 2 }] });
    expect(inv.totals.grandTotal).toBe('236.00');
    expect((await f.pay(a, inv.id, { amount: '100', mode: 'CASH', date: '2026-11-10' })).statusCode).toBe(201);
    expect(await f.stockOf(a, phoneId)).toBe(8);

    const res = await editSale(a, inv.id, { partyId: customer.id, invoiceDate: '2026-11-10', lines: [{ itemId: phoneId, quantity: 5 }] });
    expect(res.statusCode).toBe(200);
    const edited: SaleInvoice = res.json().data;
    expect(edited).toMatchObject({ id: inv.id, invoiceNumber: inv.invoiceNumber, status: 'PARTIAL', received: '100.00', balance: '490.00' });
    expect(edited.totals.grandTotal).toBe('590.00');
    expect(edited.lines.map((l) => l.quantity)).toEqual(['5.000']);
    expect(edited.payments.map((p) => p.amount)).toEqual(['100.00']);
    expect(await f.stockOf(a, phoneId)).toBe(5);

    const tb = await expectBooksBalance(a);
    expect(tb.rows.find((r) => r.name === 'Sales')!.closing).toBe('-500.00');
    expect(tb.rows.find((r) => r.name === 'Output CGST')!.closing).toBe('-45.00');
    expect(await partyBalance(a, customer.id)).toBe('490.00');
    expect(await journalPartyBalance(a, customer.id)).toBe('490.00');

    // The party's statement shows the invoice as it now is (the old entry and its reversal are left out together).
    const ledger = await read<Ledger>(a, `/api/report/ledger?partyId=${customer.id}&from=2026-11-01&to=2026-11-30`);
    expect(ledger.closingBalance).toBe('490.00');
    const ofInvoice = ledger.entries.filter((e) => e.documentId === inv.id && e.type !== 'SALE_PAYMENT');
    expect(ofInvoice.map((e) => [e.date, e.debit, e.credit])).toEqual([['2026-11-10', '590.00', '0.00']]);

    // The day book lists it once, as it now is, and its sales total is the journal's.
    const day = await read<{ entries: Array<{ type: string; documentId: string | null; amount: string | null }>; totals: { sales: string } }>(
      a,
      '/api/report/day-book?date=2026-11-10',
    );
    expect(day.entries.filter((e) => e.documentId === inv.id && e.amount !== null).map((e) => [e.type, e.amount])).toEqual([['SALE', '590.00']]);
    expect(day.totals.sales).toBe('590.00');

    const gstin = a.profile.user.business.gstin;
    const r1 = await get(h.app, `/api/report/gstr1?gstin=${gstin}&period=112026`, a.cookie);
    const b2b = r1.json().data.b2b.flatMap((c: { inv: Array<{ inum: string; val: number; itms: Array<{ itm_det: { txval: number } }> }> }) => c.inv);
    const row = b2b.find((i: { inum: string }) => i.inum === inv.invoiceNumber);
    expect(row.val).toBe(590);
    expect(row.itms[0].itm_det.txval).toBe(500);
  });

  it('an edit that would take more stock than there is, or leave less than was received, changes nothing (409)', async () => {
    const tooMany = await editSale(a, inv.id, { partyId: customer.id, lines: [{ itemId: phoneId, quantity: 20 }] });
    expect(tooMany.statusCode).toBe(409);
    const tooLittle = await editSale(a, inv.id, { partyId: customer.id, lines: [{ itemId: phoneId, quantity: 1, unitPrice: '50' }] });
    expect(refusal(tooLittle)).toEqual([409, `Invoice ${inv.invoiceNumber} has ₹100.00 received against it: the new total ₹59.00 cannot be less than that`]);
    expect(await f.stockOf(a, phoneId)).toBe(5);
    expect((await invoiceOf(a, inv.id)).totals.grandTotal).toBe('590.00');
    await expectBooksBalance(a);
  });

  it('keeps its branch and financial year, takes no payment, and refuses a date after a payment against it', async () => {
    const body = { partyId: customer.id, lines: [{ itemId: phoneId, quantity: 5 }] };
    const nextYear = await editSale(a, inv.id, { ...body, invoiceDate: '2026-03-31' });
    expect(nextYear.statusCode).toBe(400);
    expect(nextYear.json().message).toContain('financial year 2026-27');
    expect((await editSale(a, inv.id, { ...body, payment: { amount: '10', mode: 'CASH' } })).statusCode).toBe(400);
    const late = await editSale(a, inv.id, { ...body, invoiceDate: '2026-11-12' });
    expect(refusal(late)).toEqual([409, `Invoice ${inv.invoiceNumber} has a payment dated 2026-11-10: its date cannot be after a payment against it`]);
  });

  it('a retry with the same Idempotency-Key answers the first edit; another body with it is 422; another business gets 404', async () => {
    const body = { partyId: customer.id, invoiceDate: '2026-11-10', lines: [{ itemId: phoneId, quantity: 4 }] };
    const first = await editSale(a, inv.id, body, 'edit-1');
    const again = await editSale(a, inv.id, body, 'edit-1');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.json().data.totals.grandTotal).toBe('472.00');
    expect(await f.stockOf(a, phoneId)).toBe(6);
    expect((await editSale(a, inv.id, { ...body, lines: [{ itemId: phoneId, quantity: 3 }] }, 'edit-1')).statusCode).toBe(422);
    expect((await editSale(other, inv.id, body)).statusCode).toBe(404);
    await expectBooksBalance(a);
  });

  it('a new date moves the sale to that day: the reversal carries the old date, the new entry the new one', async () => {
    const serviceId = (await f.item(a, { type: 'SERVICE', name: 'Installation', price: '100' })).id;
    const moved = await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-11-08', lines: [{ itemId: serviceId, quantity: 1 }] });
    const salesOn = async (date: string) => (await read<{ totals: { sales: string } }>(a, `/api/report/day-book?date=${date}`)).totals.sales;
    expect(await salesOn('2026-11-08')).toBe('118.00');
    const res = await editSale(a, moved.id, { partyId: customer.id, invoiceDate: '2026-11-09', lines: [{ itemId: serviceId, quantity: 2 }] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ invoiceNumber: moved.invoiceNumber, invoiceDate: '2026-11-09', dueDate: '2026-11-09' });
    expect(await salesOn('2026-11-08')).toBe('0.00');
    expect(await salesOn('2026-11-09')).toBe('236.00');
    await expectBooksBalance(a);
  });

  it('refuses an invoice with an IRN, with notes against it, or cancelled (409, saying why)', async () => {
    const body = (quantity: number) => ({ partyId: customer.id, invoiceDate: '2026-11-11', lines: [{ itemId: phoneId, quantity }] });
    const withIrn = await f.invoice(a, body(1));
    const irn = 'a'.repeat(64);
    await h.database.db.execute(sql`
      insert into sale_invoice_irns (business_id, invoice_id, irn, ack_no, ack_date, signed_invoice, signed_qr_code)
      values (${a.profile.user.business.id}, ${withIrn.id}, ${irn}, '112610000000001', '2026-11-11 10:00:00', 'x', 'y')`);
    expect(refusal(await editSale(a, withIrn.id, body(2)))).toEqual([
      409,
      `Invoice ${withIrn.invoiceNumber} has IRN ${irn}: it cannot be edited. Cancel it and issue a credit note instead`,
    ]);

    const returned = await f.invoice(a, body(2));
    const note = await write(h.app, 'POST', '/api/sale/create-credit-note', { invoiceId: returned.id, reason: 'SALES_RETURN', lines: [{ invoiceLineNo: 1, quantity: 1 }] }, { cookie: a.cookie });
    expect(note.statusCode).toBe(201);
    const withNote = await editSale(a, returned.id, body(3));
    expect(refusal(withNote)).toEqual([
      409,
      `Invoice ${returned.invoiceNumber} has notes against it (${note.json().data.noteNumber}): it cannot be edited. Cancel the notes first`,
    ]);

    const cancelled = await f.invoice(a, body(1));
    expect((await f.cancel(a, cancelled.id)).statusCode).toBe(200);
    expect(refusal(await editSale(a, cancelled.id, body(2)))).toEqual([409, `Invoice ${cancelled.invoiceNumber} is cancelled: a cancelled document cannot be edited`]);
    await expectBooksBalance(a);
  });
});

describe('purchase/update-purchase/:id', () => {
  it('re-posts the bill: stock follows the new lines, the supplier is owed the new total, the books balance', async () => {
    const itemId = (await f.item(a, { name: 'Charger', price: '200', stock: 0, purchasePrice: '100' })).id;
    const b = await bill(a, { partyId: supplier.id, billDate: '2026-11-05', lines: [{ itemId, quantity: 10, unitPrice: '100' }] });
    expect(b.totals.grandTotal).toBe('1180.00');
    await f.invoice(a, { invoiceDate: '2026-11-06', lines: [{ itemId, quantity: 8 }] });
    expect(await f.stockOf(a, itemId)).toBe(2);

    const res = await editBill(a, b.id, { partyId: supplier.id, billNumber: b.billNumber, billDate: '2026-11-05', lines: [{ itemId, quantity: 12, unitPrice: '110' }] });
    expect(res.statusCode).toBe(200);
    const edited: PurchaseInvoice = res.json().data;
    expect(edited).toMatchObject({ id: b.id, referenceNumber: b.referenceNumber, status: 'UNPAID' });
    expect(edited.totals.grandTotal).toBe('1558.00');
    expect(await f.stockOf(a, itemId)).toBe(4);
    expect(await partyBalance(a, supplier.id)).toBe('-1558.00');
    expect(await journalPartyBalance(a, supplier.id)).toBe('-1558.00');
    await expectBooksBalance(a);

    // Eight were sold: a bill of fewer than eight can no longer be what brought them in.
    const tooFew = await editBill(a, b.id, { partyId: supplier.id, billNumber: b.billNumber, lines: [{ itemId, quantity: 5, unitPrice: '110' }] });
    expect(tooFew.statusCode).toBe(409);
    expect(tooFew.json().message).toContain(`Purchase ${b.referenceNumber} cannot be edited so: what it brought in has been sold`);
    expect(await f.stockOf(a, itemId)).toBe(4);
  });

  it('refuses a bill with a debit note against it, or cancelled', async () => {
    const itemId = (await f.item(a, { name: 'Cable', price: '50', stock: 0, purchasePrice: '20' })).id;
    const b = await bill(a, { partyId: supplier.id, billDate: '2026-11-05', lines: [{ itemId, quantity: 5, unitPrice: '20' }] });
    const note = await write(h.app, 'POST', '/api/purchase/create-debit-note', { purchaseId: b.id, reason: 'PURCHASE_RETURN', noteDate: '2026-11-06', lines: [{ purchaseLineNo: 1, quantity: 1 }] }, { cookie: a.cookie });
    expect(note.statusCode).toBe(201);
    const body = { partyId: supplier.id, billNumber: b.billNumber, lines: [{ itemId, quantity: 6, unitPrice: '20' }] };
    expect(refusal(await editBill(a, b.id, body))).toEqual([
      409,
      `Purchase ${b.referenceNumber} has debit notes against it (${note.json().data.noteNumber}): it cannot be edited. Cancel the notes first`,
    ]);
    const c = await bill(a, { partyId: supplier.id, billDate: '2026-11-05', lines: [{ itemId, quantity: 1, unitPrice: '20' }] });
    expect((await write(h.app, 'POST', `/api/purchase/cancel-purchase/${c.id}`, { reason: 'Entered twice' }, { cookie: a.cookie })).statusCode).toBe(200);
    expect(refusal(await editBill(a, c.id, { ...body, billNumber: c.billNumber }))).toEqual([409, `Purchase ${c.referenceNumber} is cancelled: a cancelled document cannot be edited`]);
  });
});

describe('settings/lock-books', () => {
  const closed = 'Books are closed up to 15-11-2026';
  let before: SaleInvoice;
  let after: SaleInvoice;
  let expenseId: string;
  let serviceId: string;

  beforeAll(async () => {
    serviceId = (await f.item(a, { type: 'SERVICE', name: 'Repair', price: '100' })).id;
    before = await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-11-14', lines: [{ itemId: serviceId, quantity: 1 }] });
    after = await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-11-20', lines: [{ itemId: serviceId, quantity: 1 }] });
    const cash = (await f.accounts(a)).find((x) => x.type === 'CASH')!;
    await write(h.app, 'POST', '/api/account/adjust', { accountId: cash.id, amount: '5000', reason: 'Cash count', date: '2026-11-01' }, { cookie: a.cookie });
    const categories = (await get(h.app, '/api/expense/categories', a.cookie)).json().data as Array<{ id: string; name: string }>;
    const rent = categories.find((c) => c.name === 'Rent')!.id;
    const e = await write(h.app, 'POST', '/api/expense/create-expense', { date: '2026-11-14', categoryId: rent, amount: '100', payment: { mode: 'CASH' } }, { cookie: a.cookie });
    expect(e.statusCode).toBe(201);
    expenseId = e.json().data.id;
  });

  it('only an owner or accountant closes the books; a date after today is refused; GET answers the date', async () => {
    await h.database.db.execute(sql`update users set role = 'BILLER' where business_id = ${other.profile.user.business.id}`);
    expect(refusal(await lockBooks(other, '2026-11-15'))).toEqual([403, 'You do not have permission: books.edit']);
    expect((await lockBooks(a, '2099-01-01')).statusCode).toBe(400);
    expect(await read(a, '/api/settings/lock-books')).toEqual({ lockedUntil: null });
    const res = await lockBooks(a, '2026-11-15');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ lockedUntil: '2026-11-15' });
    expect(await read(a, '/api/settings/lock-books')).toEqual({ lockedUntil: '2026-11-15' });
    expect(await read(other, '/api/settings/lock-books')).toEqual({ lockedUntil: null });
  });

  it('refuses creating, editing and cancelling documents dated on or before it with the same message', async () => {
    const line = [{ itemId: serviceId, quantity: 1 }];
    expect(refusal(await f.sale(a, { partyId: customer.id, invoiceDate: '2026-11-15', lines: line }))).toEqual([409, closed]);
    expect(refusal(await f.cancel(a, before.id))).toEqual([409, closed]);
    expect(refusal(await editSale(a, before.id, { partyId: customer.id, lines: line }))).toEqual([409, closed]);
    // An invoice after the lock may not be moved into the closed period.
    expect(refusal(await editSale(a, after.id, { partyId: customer.id, invoiceDate: '2026-11-15', lines: line }))).toEqual([409, closed]);
    const buy = await write(h.app, 'POST', '/api/purchase/create-purchase', { partyId: supplier.id, billNumber: 'LOCK-1', billDate: '2026-11-01', lines: [{ itemId: serviceId, quantity: 1, unitPrice: '50' }] }, { cookie: a.cookie });
    expect(refusal(buy)).toEqual([409, closed]);
    const categories = (await get(h.app, '/api/expense/categories', a.cookie)).json().data as Array<{ id: string; name: string }>;
    const rent = categories.find((c) => c.name === 'Rent')!.id;
    const expense = await write(h.app, 'POST', '/api/expense/create-expense', { date: '2026-11-15', categoryId: rent, amount: '100', payment: { mode: 'CASH' } }, { cookie: a.cookie });
    expect(refusal(expense)).toEqual([409, closed]);
    expect(refusal(await write(h.app, 'POST', `/api/expense/cancel-expense/${expenseId}`, { reason: 'Wrong' }, { cookie: a.cookie }))).toEqual([409, closed]);
    expect(refusal(await f.pay(a, before.id, { amount: '10', mode: 'CASH', date: '2026-11-15' }))).toEqual([409, closed]);
    expect(refusal(await write(h.app, 'POST', '/api/payment/payment-in', { partyId: customer.id, amount: '10', mode: 'CASH', date: '2026-11-10' }, { cookie: a.cookie }))).toEqual([409, closed]);

    // After the lock date everything goes on.
    expect((await f.sale(a, { partyId: customer.id, invoiceDate: '2026-11-16', lines: line })).statusCode).toBe(201);
    expect((await f.pay(a, before.id, { amount: '10', mode: 'CASH', date: '2026-11-16' })).statusCode).toBe(201);
    expect((await editSale(a, after.id, { partyId: customer.id, lines: [{ itemId: serviceId, quantity: 2 }] })).statusCode).toBe(200);
  });

  it('opening the books (null) lets them through again', async () => {
    expect((await lockBooks(a, null)).json().data).toEqual({ lockedUntil: null });
    expect((await f.cancel(a, before.id)).statusCode).toBe(200);
    await expectBooksBalance(a);
  });
});

describe('an edit and a payment at once', () => {
  it('leave consistent books: what was received never exceeds the total, and the journal agrees with the invoice', async () => {
    const itemId = (await f.item(a, { name: 'Tablet', price: '500', stock: 10 })).id;
    const body = (quantity: number) => ({ partyId: customer.id, invoiceDate: '2026-11-21', lines: [{ itemId, quantity }] });
    for (let round = 0; round < 3; round++) {
      const inv = await f.invoice(a, body(2));
      expect(inv.totals.grandTotal).toBe('1180.00');
      const [edit, pay] = await Promise.all([editSale(a, inv.id, body(1)), f.pay(a, inv.id, { amount: '1000', mode: 'CASH', date: '2026-11-21' })]);
      // Either the payment came first (then ₹590 is below what was received) or the edit did (then ₹1,000 is more than due).
      expect([edit.statusCode, pay.statusCode].filter((s) => s === 200 || s === 201)).toHaveLength(1);
      const now = await invoiceOf(a, inv.id);
      expect(Number(now.received)).toBeLessThanOrEqual(Number(now.totals.grandTotal));
      expect(now.totals.grandTotal).toBe(edit.statusCode === 200 ? '590.00' : '1180.00');
      expect(now.received).toBe(pay.statusCode === 201 ? '1000.00' : '0.00');
    }
    expect(await journalPartyBalance(a, customer.id)).toBe(await partyBalance(a, customer.id));
    await expectBooksBalance(a);
  });
});
