import type { DayBook, PurchaseDebitNote, PurchaseInvoice, SaleInvoice, SaleNote, SaleReport } from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Credit and debit notes in the day book and the sale report: a day with a sale, a return of part of it with a cash
 * refund, and goods sent back to a supplier lists all three under their branch, its money totals are the journal's
 * cash movement; the sale report of the period is net of the notes (by party, by item, by invoice).
 */

let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;

const DAY = '2026-07-15';
let sale: SaleInvoice;
let credit: SaleNote;
let debit: SaleNote;
let bill: PurchaseInvoice;
let returned: PurchaseDebitNote;
let mainBranch: string;
let pune: { id: string };
let kettle: { id: string };
let rao: { id: string };

async function created<T>(res: { statusCode: number; body: string; json: () => { data: T } }, what: string): Promise<T> {
  if (res.statusCode !== 201) throw new Error(`${what} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const post = (who: SignedUp, path: string, body: object) => write(h.app, 'POST', `/api/${path}`, body, { cookie: who.cookie });

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Notes Day Traders', stateCode: '27' });
  mainBranch = a.profile.activeStoreBranch!.id;
  pune = await f.branch(a, 'Pune', { stateCode: '27', invoicePrefix: 'PUN' });
  kettle = await f.item(a, { name: 'Kettle', price: '1000', rate: 'gst-18', stock: 10, purchasePrice: '600' });
  rao = await f.party(a, { name: 'Rao & Sons', state: '27' });
  const supplier = await f.party(a, { name: 'Pune Wholesale', state: '27', partyType: 'SUPPLIER' });
  // 5 kettles at ₹1,000 + 18 %: ₹5,900, paid in cash.
  sale = await f.invoice(a, { partyId: rao.id, invoiceDate: DAY, lines: [{ itemId: kettle.id, quantity: 5 }], payment: { amount: 5900, mode: 'CASH' } });
  // 2 come back, ₹2,360 paid back in cash.
  credit = await created(
    await post(a, 'sale/create-credit-note', {
      invoiceId: sale.id,
      noteDate: DAY,
      reason: 'SALES_RETURN',
      lines: [{ invoiceLineNo: 1, quantity: 2 }],
      refund: { amount: 2360, mode: 'CASH' },
    }),
    'create-credit-note',
  );
  // 10 bought on credit at ₹600 + 18 % (₹7,080) earlier; 2 go back to the supplier on the day (₹1,416, set against the bill).
  bill = await created(
    await post(a, 'purchase/create-purchase', { partyId: supplier.id, billNumber: 'PW-77', billDate: '2026-07-01', lines: [{ itemId: kettle.id, quantity: 10, unitPrice: '600' }] }),
    'create-purchase',
  );
  returned = await created(
    await post(a, 'purchase/create-debit-note', { purchaseId: bill.id, noteDate: DAY, reason: 'PURCHASE_RETURN', lines: [{ purchaseLineNo: 1, quantity: 2 }] }),
    'purchase create-debit-note',
  );
  // Later in the month the price of what was kept is raised by ₹100 (+ 18 %).
  debit = await created(
    await post(a, 'sale/create-debit-note', { invoiceId: sale.id, noteDate: '2026-07-20', reason: 'PRICE_INCREASE', lines: [{ invoiceLineNo: 1, taxableValue: '100' }] }),
    'create-debit-note',
  );
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

const dayBook = async (query = ''): Promise<DayBook> => {
  const res = await get(h.app, `/api/report/day-book?date=${DAY}${query}`, a.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('the day book with notes', () => {
  it('lists the sale, the credit note and the purchase debit note, each once, with what it took back', async () => {
    expect([credit.noteNumber, credit.refunded, credit.totals.grandTotal]).toEqual(['CN/26-27/1', '2360.00', '2360.00']);
    expect(returned.totals.grandTotal).toBe('1416.00');
    const book = await dayBook();
    const documents = book.entries
      .filter((e) => e.documentType !== null && e.moneyIn === null && e.moneyOut === null)
      .map((e) => [e.type, e.documentType, e.documentId, e.documentNumber, e.partyName, e.amount, e.status]);
    expect(documents).toEqual([
      ['SALE', 'SALE', sale.id, sale.invoiceNumber, 'Rao & Sons', '5900.00', 'PAID'],
      ['CREDIT_NOTE', 'CREDIT_NOTE', credit.id, 'CN/26-27/1', 'Rao & Sons', '-2360.00', 'ISSUED'],
      ['PURCHASE_DEBIT_NOTE', 'PURCHASE_DEBIT_NOTE', returned.id, returned.noteNumber, 'Pune Wholesale', '-1416.00', 'ISSUED'],
    ]);
    expect(book.entries.find((e) => e.type === 'CREDIT_NOTE')?.description).toBe(`On invoice ${sale.invoiceNumber}`);
    expect(book.entries.find((e) => e.type === 'PURCHASE_DEBIT_NOTE')?.description).toBe('Against bill PW-77');
    // The goods that came back and went out are the notes' (and the sale's): no stock line of their own.
    expect(book.entries.filter((e) => e.type.startsWith('STOCK_'))).toEqual([]);
    // The money: ₹5,900 in with the sale, ₹2,360 out with the refund.
    expect(book.entries.filter((e) => e.moneyIn !== null || e.moneyOut !== null).map((e) => [e.moneyIn, e.moneyOut])).toEqual([
      ['5900.00', null],
      [null, '2360.00'],
    ]);
  });

  it('totals the money as the cash and bank ledgers of the journal moved it that day', async () => {
    const [cash] = await selectRows<{ debit: string; credit: string }>(
      h.database.db,
      sql`select coalesce(sum(l.debit), 0)::numeric(14,2)::text as debit, coalesce(sum(l.credit), 0)::numeric(14,2)::text as credit
          from journal_lines l join ledger_accounts acc on acc.business_id = l.business_id and acc.id = l.account_id and acc.cash_account_id is not null
          where l.business_id = ${a.profile.user.business.id} and l.date = ${DAY}`,
    );
    const book = await dayBook();
    expect(book.totals).toMatchObject({ moneyIn: cash.debit, moneyOut: cash.credit });
    expect([book.totals.moneyIn, book.totals.moneyOut]).toEqual(['5900.00', '2360.00']);
    const sum = (pick: (e: DayBook['entries'][number]) => string | null) => book.entries.reduce((n, e) => n + toPaise(pick(e) ?? '0'), 0);
    expect([sum((e) => e.moneyIn), sum((e) => e.moneyOut)]).toEqual([toPaise(book.totals.moneyIn), toPaise(book.totals.moneyOut)]);
  });

  it('keeps the notes under their branch', async () => {
    const main = await dayBook(`&branchId=${mainBranch}`);
    expect(main.entries.map((e) => e.type)).toEqual(expect.arrayContaining(['SALE', 'CREDIT_NOTE', 'PURCHASE_DEBIT_NOTE']));
    const other = await dayBook(`&branchId=${pune.id}`);
    expect(other.entries).toEqual([]);
    expect(other.totals).toMatchObject({ moneyIn: '0.00', moneyOut: '0.00' });
  });

  it('names the notes in the exported file as the screen does', async () => {
    const res = await get(h.app, `/api/report/day-book?date=${DAY}&format=csv`, a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Credit note');
    expect(res.body).toContain('Purchase return');
  });
});

describe('the sale report net of the notes', () => {
  const JULY = 'from=2026-07-01&to=2026-07-31';
  const report = async (query: string): Promise<SaleReport> => {
    const res = await get(h.app, `/api/sale/sale-reports?${JULY}&${query}`, a.cookie);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  it('by party: what was sold, less what came back, plus what the price rose by', async () => {
    const r = await report('groupBy=party');
    // 5,900 − 2,360 + 118.
    expect(r.rows.map((x) => [x.label, x.invoices, x.taxableValue, x.cgst, x.sgst, x.grandTotal, x.received, x.balance])).toEqual([
      ['Rao & Sons', 3, '3100.00', '279.00', '279.00', '3658.00', '3540.00', '118.00'],
    ]);
    expect(r.totals).toMatchObject({ taxableValue: '3100.00', grandTotal: '3658.00', received: '3540.00', balance: '118.00' });
  });

  it('by item: 3 kettles net', async () => {
    const r = await report('groupBy=item');
    expect(r.rows.map((x) => [x.label, x.quantity, x.taxableValue, x.subtotal])).toEqual([['Kettle', '3.000', '3100.00', '3658.00']]);
    const hsn = await report('groupBy=hsn');
    expect(hsn.rows.map((x) => [x.quantity, x.taxableValue])).toEqual([['3.000', '3100.00']]);
  });

  it('by invoice: each note is a row of its own; a payment status shows invoices only', async () => {
    const r = await report('groupBy=invoice');
    expect(r.rows.map((x) => [x.label, x.invoiceDate, x.grandTotal, x.received, x.balance, x.status])).toEqual([
      [sale.invoiceNumber, DAY, '5900.00', '5900.00', '0.00', 'PAID'],
      ['CN/26-27/1', DAY, '-2360.00', '-2360.00', '0.00', 'ISSUED'],
      [debit.noteNumber, '2026-07-20', '118.00', '0.00', '118.00', 'ISSUED'],
    ]);
    const paid = await report('groupBy=invoice&status=PAID');
    expect(paid.rows.map((x) => x.label)).toEqual([sale.invoiceNumber]);
    expect(paid.totals.grandTotal).toBe('5900.00');
    // The branch without the sale has none of its notes either.
    expect((await report(`groupBy=invoice&branchId=${pune.id}`)).rows).toEqual([]);
  });

  it('leaves a cancelled note out', async () => {
    const cancel = await post(a, `sale/cancel-credit-note/${credit.id}`, { reason: 'Customer kept the goods' });
    expect(cancel.statusCode).toBe(200);
    const r = await report('groupBy=item');
    expect(r.rows.map((x) => [x.quantity, x.taxableValue])).toEqual([['5.000', '5100.00']]);
    // The day of the cancel lists it again, taken back.
    const today = (await get(h.app, '/api/report/day-book', a.cookie)).json().data as DayBook;
    expect(today.entries.filter((e) => e.documentId === credit.id && e.documentType === 'CREDIT_NOTE' && e.amount !== null).map((e) => [e.type, e.amount])).toEqual([
      ['CREDIT_NOTE_CANCELLED', '2360.00'],
    ]);
  });
});
