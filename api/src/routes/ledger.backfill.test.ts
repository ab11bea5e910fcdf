import type { TrialBalance } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { openBooks } from '../services/ledger-backfill';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * A business older than the books: its history is posted at start in date order and checked against what its
 * documents say; the books it gets are the ones it would have had if it had posted all along.
 */

let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Old Traders', stateCode: '27' });
  const post = async (url: string, body: object) => {
    const res = await write(h.app, 'POST', url, body, { cookie: a.cookie });
    if (res.statusCode !== 201 && res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  };
  const customer = await f.party(a, { name: 'Kiran', state: '27', openingBalance: '700' });
  const supplier = await f.party(a, { name: 'Wholesale', state: '27', partyType: 'SUPPLIER', openingBalance: '-250' });
  const fan = await f.item(a, { name: 'Fan', price: '1500', rate: 'gst-18', purchasePrice: '800', stock: 3 });
  const bank = await f.bank(a);
  await post('/api/purchase/create-purchase', { partyId: supplier.id, billNumber: 'W-1', billDate: '2026-06-01', lines: [{ itemId: fan.id, quantity: 5, unitPrice: '1000' }] });
  await post('/api/sale/create-sale', {
    partyId: customer.id,
    invoiceDate: '2026-06-03',
    lines: [{ itemId: fan.id, quantity: 4 }],
    payment: { amount: '3000', mode: 'CASH' },
  });
  const walkIn = await post('/api/sale/create-sale', { invoiceDate: '2026-06-04', lines: [{ itemId: fan.id, quantity: 1 }], payment: { amount: '1770', mode: 'CASH' } });
  await post('/api/payment/payment-out', { partyId: supplier.id, amount: '1000', mode: 'CASH', date: '2026-06-05' });
  const rent = (await get(h.app, '/api/expense/categories', a.cookie)).json().data.find((c: { name: string }) => c.name === 'Rent');
  await post('/api/expense/create-expense', { date: '2026-06-06', categoryId: rent.id, amount: '500', payment: { mode: 'CASH' } });
  const cash = (await f.accounts(a)).find((x) => x.type === 'CASH')!;
  await post('/api/account/transfer', { fromAccountId: cash.id, toAccountId: bank.id, amount: '1000', date: '2026-06-07' });
  await post(`/api/sale/cancel-sale/${walkIn.id}`, { reason: 'Returned' });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const businessId = () => a.profile.user.business.id;

/** What the books say now: the trial balance's closing per ledger, and stock at cost per item and branch. */
async function books() {
  const tb: TrialBalance = (await get(h.app, '/api/report/trial-balance?from=2000-04-01', a.cookie)).json().data;
  const stock = await selectRows<{ item_id: string; quantity: string; value: string }>(
    h.database.db,
    sql`select item_id, quantity::text as quantity, value::text as value from stock_costs where business_id = ${businessId()} order by item_id, branch_id`,
  );
  return { rows: tb.rows.map((r) => [r.name, r.closing]).sort(), totals: tb.totals, stock };
}

/** The business as it was before the books: no journal, no stock at cost, not opened. */
async function forgetTheBooks() {
  const db = h.database.db;
  await db.execute(sql`alter table journal_lines disable trigger journal_lines_immutable`);
  await db.execute(sql`alter table journal_entries disable trigger journal_entries_immutable`);
  await db.execute(sql`delete from journal_lines where business_id = ${businessId()}`);
  await db.execute(sql`delete from journal_entries where business_id = ${businessId()}`);
  await db.execute(sql`delete from journal_day_totals where business_id = ${businessId()}`);
  await db.execute(sql`alter table journal_lines enable trigger journal_lines_immutable`);
  await db.execute(sql`alter table journal_entries enable trigger journal_entries_immutable`);
  await db.execute(sql`delete from stock_costs where business_id = ${businessId()}`);
  await db.execute(sql`delete from books_opened where business_id = ${businessId()}`);
}

it('posts an old business’s history in date order: the same books as if it had posted all along', async () => {
  const posted = await books();
  expect(posted.totals.debit).toBe(posted.totals.credit);
  await forgetTheBooks();
  expect((await books()).rows).toEqual([]);
  expect(await openBooks(h.database.db)).toBe(1);
  expect(await books()).toEqual(posted);
  // Once open, a business is never posted again.
  expect(await openBooks(h.database.db)).toBe(0);
});

it('fails loudly, and posts nothing, when a document cannot be posted as it stands', async () => {
  await forgetTheBooks();
  await h.database.db.execute(sql`update sale_invoices set round_off_amount = round_off_amount + 1 where business_id = ${businessId()} and status <> 'CANCELLED'`);
  await expect(openBooks(h.database.db)).rejects.toThrow(/debits and credits differ/);
  const [left] = await selectRows<{ n: number; opened: number }>(
    h.database.db,
    sql`select (select count(*)::int from journal_entries where business_id = ${businessId()}) as n,
               (select count(*)::int from books_opened where business_id = ${businessId()}) as opened`,
  );
  expect(left).toEqual({ n: 0, opened: 0 });
});
