import { indiaToday, type Account, type DayBook, type ItemProfit, type Party, type ProfitLoss, type ReportSummary } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, logIn, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * Every money figure of the reports, cash & bank and party balances is read from the journal: a cancel counts on the
 * day it was made, a branch holds the money taken at it, item profit is what Sales was credited item by item, and
 * money dated ahead is not in a balance of today.
 */

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
const DAY = 24 * 3600_000;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const today = () => indiaToday(h.clock.now());
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const post = (who: SignedUp, url: string, body: object) => write(h.app, 'POST', url, body, { cookie: who.cookie });
async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => { data: T } }>, code = 201): Promise<T> {
  const r = await res;
  if (r.statusCode !== code) throw new Error(`answered ${r.statusCode}: ${r.body}`);
  return r.json().data;
}
const read = async <T>(who: SignedUp, url: string): Promise<T> => {
  const res = await get(h.app, url, who.cookie);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
};
const businessOf = (who: SignedUp) => who.profile.user.business.id;
/** Moves the clock on by whole days; a session idle that long ends, so the user logs in again. */
async function daysLater(who: SignedUp, days: number): Promise<SignedUp> {
  h.clock.advance(days * DAY);
  return { ...who, cookie: (await logIn(h, who.phone)).cookie };
}

describe('a sale cancelled on a later day', () => {
  it('stays in the sales of its own day; the day of the cancel takes it back, in the day book, reports home and item profit', async () => {
    let c = await signUp(h, { businessName: 'Later Cancel', stateCode: '27' });
    const shirt = await f.item(c, { name: 'Shirt', price: '1000', rate: 'gst-18', stock: 10, purchasePrice: '600' });
    const d0 = today();
    const gone = await f.invoice(c, { invoiceDate: d0, lines: [{ itemId: shirt.id, quantity: 2 }] }); // 2360
    await f.invoice(c, { invoiceDate: d0, lines: [{ itemId: shirt.id, quantity: 1 }] }); // 1180
    c = await daysLater(c, 1);
    const d1 = today();
    expect(d1).toBe(addDays(d0, 1));
    expect((await f.cancel(c, gone.id)).statusCode).toBe(200);

    const first = await read<DayBook>(c, `/api/report/day-book?date=${d0}`);
    expect(first.totals.sales).toBe('3540.00');
    expect(first.entries.filter((e) => !e.type.startsWith('STOCK_')).map((e) => [e.type, e.amount, e.status])).toEqual([
      ['SALE', '2360.00', 'CANCELLED'],
      ['SALE', '1180.00', 'UNPAID'],
    ]);
    const second = await read<DayBook>(c, `/api/report/day-book?date=${d1}`);
    expect(second.totals.sales).toBe('-2360.00');
    expect(second.entries.map((e) => [e.type, e.documentNumber, e.amount, e.status, e.description])).toEqual([
      ['SALE_CANCELLED', gone.invoiceNumber, '-2360.00', 'CANCELLED', 'Wrong item'],
    ]);

    const summary = async (from: string, to: string) => (await read<ReportSummary>(c, `/api/report/summary?from=${from}&to=${to}`)).sales;
    expect(await summary(d0, d0)).toEqual({ invoices: 1, grandTotal: '3540.00' });
    expect(await summary(d1, d1)).toEqual({ invoices: 0, grandTotal: '-2360.00' });
    expect(await summary(d0, d1)).toEqual({ invoices: 1, grandTotal: '1180.00' });

    const profit = async (from: string, to: string) => (await read<ItemProfit>(c, `/api/report/item-profit?from=${from}&to=${to}`)).rows.map((r) => [r.quantity, r.saleValue, r.cost]);
    expect(await profit(d0, d0)).toEqual([['3.000', '3000.00', '1800.00']]);
    expect(await profit(d1, d1)).toEqual([['-2.000', '-2000.00', '-1200.00']]);
    expect(await profit(d0, d1)).toEqual([['1.000', '1000.00', '600.00']]);
    // The same books as the profit & loss.
    const pl = await read<ProfitLoss>(c, `/api/report/profit-loss?from=${d0}&to=${d1}`);
    const items = await read<ItemProfit>(c, `/api/report/item-profit?from=${d0}&to=${d1}`);
    expect([items.totals.saleValue, items.totals.cost]).toEqual([pl.sales, pl.costOfGoodsSold]);
  });
});

describe('item profit', () => {
  it('is, item by item, what the sales credited to Sales (a document discount shared among the lines) and took from stock', async () => {
    const c = await signUp(h, { businessName: 'Item Profit Books', stateCode: '27' });
    const fan = await f.item(c, { name: 'Fan', price: '2500', rate: 'gst-18', stock: 10, purchasePrice: '1500' });
    const bulb = await f.item(c, { name: 'Bulb', price: '120', rate: 'gst-12', keepsWithdrawnRate: true, stock: 50, purchasePrice: '70' });
    const repair = await f.item(c, { name: 'Repair', type: 'SERVICE', price: '333.33', rate: 'gst-18' });
    const d = today();
    // The fan twice on one invoice: one Sales line for it, its quantities added.
    const one = await f.invoice(c, {
      invoiceDate: d,
      lines: [{ itemId: fan.id, quantity: 1 }, { itemId: bulb.id, quantity: 7 }, { itemId: fan.id, quantity: 2 }, { itemId: repair.id, quantity: 1 }],
      discount: { amount: '101.01' },
    });
    await f.invoice(c, { invoiceDate: d, lines: [{ itemId: bulb.id, quantity: 3 }] });

    const credited = await selectRows<{ item_id: string; n: number; quantity: string; amount: string }>(
      h.database.db,
      sql`select l.item_id, count(*)::int as n, (-sum(l.quantity))::text as quantity, sum(l.credit - l.debit)::text as amount
          from journal_lines l join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.code = 'SALES'
          where l.business_id = ${businessOf(c)} group by l.item_id`,
    );
    const byItem = new Map(credited.map((r) => [r.item_id, r]));
    expect(byItem.get(null as unknown as string)).toBeUndefined();
    expect(byItem.get(fan.id)!.n).toBe(1);
    // Each line's taxable value (after its share of the discount) is what Sales holds for its item.
    const taxable = (id: string) => one.lines.filter((l) => l.itemId === id).reduce((s, l) => s + Math.round(Number(l.taxableValue) * 100), 0);
    expect(Math.round(Number(byItem.get(fan.id)!.amount) * 100)).toBe(taxable(fan.id));
    expect(Math.round(Number(byItem.get(repair.id)!.amount) * 100)).toBe(taxable(repair.id));

    const report = await read<ItemProfit>(c, `/api/report/item-profit?from=${d}&to=${d}`);
    expect(report.rows.map((r) => [r.itemId, r.quantity, r.saleValue]).sort()).toEqual(
      credited.map((r) => [r.item_id, Number(r.quantity).toFixed(3), Number(r.amount).toFixed(2)]).sort(),
    );
    expect(report.rows.find((r) => r.itemId === fan.id)).toMatchObject({ quantity: '3.000', cost: '4500.00' });
    expect(report.rows.find((r) => r.itemId === repair.id)).toMatchObject({ quantity: '1.000', cost: '0.00' });
    const pl = await read<ProfitLoss>(c, `/api/report/profit-loss?from=${d}&to=${d}`);
    expect([report.totals.saleValue, report.totals.cost]).toEqual([pl.sales, pl.costOfGoodsSold]);
    // Reports home: the invoices' grand totals, round-off in them.
    const summary = await read<ReportSummary>(c, `/api/report/summary?from=${d}&to=${d}`);
    const invoices = (await read<Array<{ grandTotal: string }>>(c, `/api/sale/sale-invoices?from=${d}&to=${d}`)).reduce((s, i) => s + Math.round(Number(i.grandTotal) * 100), 0);
    expect(Math.round(Number(summary.sales.grandTotal) * 100)).toBe(invoices);
  });
});

describe('the day book by branch', () => {
  it('lists each payment under the branch that holds it: a party’s own at the branch it was taken at, one against an invoice at the invoice’s', async () => {
    const c = await signUp(h, { businessName: 'Branch Listing', stateCode: '27' });
    const pune = await f.branch(c, 'Pune');
    const main = (await read<Array<{ id: string; name: string }>>(c, '/api/store-branch/branches')).find((x) => x.id !== pune.id)!;
    const repair = await f.item(c, { name: 'Repair', type: 'SERVICE', price: '500', rate: 'gst-18' });
    const customer = await f.party(c, { name: 'Ravi', state: '27' });
    const d = today();
    const bill = await f.invoice(c, { branchId: pune.id, partyId: customer.id, invoiceDate: d, lines: [{ itemId: repair.id, quantity: 1 }] }); // 590
    expect((await f.pay(c, bill.id, { amount: '90', mode: 'CASH', date: d })).statusCode).toBe(201);
    await ok(post(c, '/api/payment/payment-in', { partyId: customer.id, amount: '1000', mode: 'CASH', date: d }));

    const book = (branchId?: string) => read<DayBook>(c, `/api/report/day-book?date=${d}${branchId ? `&branchId=${branchId}` : ''}`);
    const listed = (b: DayBook) => b.entries.map((e) => [e.type, e.amount ?? e.moneyIn]);
    const atPune = await book(pune.id);
    expect(listed(atPune)).toEqual([
      ['SALE', '590.00'],
      ['SALE_PAYMENT', '90.00'],
    ]);
    expect(atPune.totals).toEqual({ sales: '590.00', moneyIn: '90.00', moneyOut: '0.00' });
    const atMain = await book(main.id);
    expect(listed(atMain)).toEqual([['PAYMENT_IN', '1000.00']]);
    expect(atMain.totals).toEqual({ sales: '0.00', moneyIn: '1000.00', moneyOut: '0.00' });
    const all = await book();
    expect(all.entries).toHaveLength(3);
    expect(all.totals).toEqual({ sales: '590.00', moneyIn: '1090.00', moneyOut: '0.00' });
  });
});

describe('balances of today', () => {
  it('leave out a payment dated ahead: the party’s balance, its list and reports home count it from its day on', async () => {
    let c = await signUp(h, { businessName: 'Dated Ahead', stateCode: '27' });
    expect((await write(h.app, 'PUT', '/api/store-branch/document-settings', { futureDatedDays: 5 }, { cookie: c.cookie })).statusCode).toBe(200);
    const customer = await f.party(c, { name: 'Owes Us', state: '27', openingBalance: '1000' });
    const ahead = addDays(today(), 3);
    const paid = await ok<{ partyBalance: string }>(post(c, '/api/payment/payment-in', { partyId: customer.id, amount: '400', mode: 'CASH', date: ahead }));
    // The answer is the balance after the payment, on its day.
    expect(paid.partyBalance).toBe('600.00');

    const balances = async () => [
      (await read<Party>(c, `/api/party/get-party/${customer.id}`)).balance,
      (await read<Party[]>(c, '/api/party/parties')).find((p) => p.id === customer.id)!.balance,
      (await read<Party[]>(c, '/api/party/parties?page=1')).find((p) => p.id === customer.id)!.balance,
      (await read<Party[]>(c, '/api/party/parties?q=Owes')).find((p) => p.id === customer.id)!.balance,
      (await read<ReportSummary>(c, '/api/report/summary')).receivable,
      (await read<Account[]>(c, '/api/account/bank-accounts')).find((a) => a.type === 'CASH')!.balance,
    ];
    expect(await balances()).toEqual(['1000.00', '1000.00', '1000.00', '1000.00', '1000.00', '0.00']);
    c = await daysLater(c, 3);
    expect(await balances()).toEqual(['600.00', '600.00', '600.00', '600.00', '600.00', '400.00']);
  });
});

describe('cash never below zero, within one request', () => {
  it('refuses a cancel whose second refund would take cash below zero, though each alone would fit', async () => {
    const c = await signUp(h, { businessName: 'Two Refunds', stateCode: '27' });
    const repair = await f.item(c, { name: 'Repair', type: 'SERVICE', price: '1000', rate: 'gst-18' });
    const d = today();
    const sale = await f.invoice(c, { invoiceDate: d, lines: [{ itemId: repair.id, quantity: 1 }], payment: { amount: '600', mode: 'CASH' } });
    expect((await f.pay(c, sale.id, { amount: '400', mode: 'CASH', date: d })).statusCode).toBe(201);
    const cash = (await f.accounts(c)).find((a) => a.type === 'CASH')!;
    await ok(post(c, '/api/account/adjust', { accountId: cash.id, amount: '-300', reason: 'Tea and snacks', date: d }));
    expect(await f.cashBalance(c)).toBe('700.00');
    // Refunding 600 leaves 100, too little for the 400 after it.
    const res = await f.cancel(c, sale.id);
    expect([res.statusCode, res.json().field]).toEqual([409, 'amount']);
    expect(res.json().message).toContain('Not enough cash');
    expect(await f.cashBalance(c)).toBe('700.00');
    expect((await f.getInvoice(c, sale.id)).json().data.status).toBe('PARTIAL');
  });
});
