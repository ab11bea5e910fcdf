import type { SaleInvoice } from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { createHarness, signUp, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * Concurrent requests against one business. PGlite runs one query at a time on one connection, so these only mean
 * something on PostgreSQL (DATABASE_URL): without it the suite is reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = onPostgres ? describe : describe.skip;
const title = onPostgres ? 'concurrent sales on PostgreSQL' : 'concurrent sales (PostgreSQL only: skipped without DATABASE_URL)';

suite(title, () => {
  let h: Harness;
  let a: SignedUp;
  let f: ReturnType<typeof documentFixtures>;

  beforeAll(async () => {
    h = await createHarness();
    f = documentFixtures(h);
    a = await signUp(h, { businessName: 'Rush Traders', stateCode: '27' });
  }, 120_000);
  afterAll(() => h?.close());

  const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
  const countInvoices = async (where = sql`true`) =>
    Number(
      (await selectRows<{ n: string }>(h.database.db, sql`select count(*)::text as n from sale_invoices where business_id = ${a.profile.user.business.id} and ${where}`))[0].n,
    );

  it('gives 50 concurrent creates on one branch exactly the numbers 1..50 of its series', async () => {
    const rush = await f.branch(a, 'Rush Counter', { invoicePrefix: 'RC' });
    const visit = await f.item(a, { type: 'SERVICE', price: '100' });
    const results = await Promise.all(
      Array.from({ length: 50 }, () => f.sale(a, { branchId: rush.id, invoiceDate: '2026-06-01', lines: [line(visit.id)] })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = results.map((r) => (r.json().data as SaleInvoice).invoiceNumber);
    const running = numbers.map((n) => Number(n.split('/').at(-1))).sort((x, y) => x - y);
    expect(running).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.every((n) => /^RC\/26-27\/\d+$/.test(n))).toBe(true);
  });

  it('sells exactly the 10 units in stock to 20 concurrent buyers: 10 invoices, 10 clear 409s, stock 0', async () => {
    const torch = await f.item(a, { name: 'LED Torch', price: '250', stock: 10 });
    const before = await countInvoices();
    const results = await Promise.all(Array.from({ length: 20 }, () => f.sale(a, { lines: [line(torch.id)] })));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({
        success: false,
        message: 'Not enough stock of LED Torch at Main Branch: 0 in stock, so it cannot go down by 1. Stock never goes below 0.',
        field: 'lines.0.quantity',
      });
    }
    expect(await f.stockOf(a, torch.id)).toBe(0);
    expect((await countInvoices()) - before).toBe(10);
    const moves = await selectRows<{ n: string }>(
      h.database.db,
      sql`select count(*)::text as n from stock_movements where item_id = ${torch.id} and kind = 'SALE'`,
    );
    expect(Number(moves[0].n)).toBe(10);
  });

  it('makes one invoice of the same Idempotency-Key sent 10 times at once', async () => {
    const lamp = await f.item(a, { price: '400', stock: 5 });
    const before = await countInvoices();
    const body = { lines: [line(lamp.id)], payment: { amount: 100, mode: 'CASH' } };
    const results = await Promise.all(Array.from({ length: 10 }, () => f.sale(a, body, 'same-click-10')));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(1);
    expect((await countInvoices()) - before).toBe(1);
    expect(await f.stockOf(a, lamp.id)).toBe(4);
    expect(results[0].json().data.payments).toHaveLength(1);
  });

  it('never takes more in payments than the balance, whatever arrives at once', async () => {
    const table = await f.item(a, { price: '50', rate: 'gst-0', stock: 5 });
    const inv = await f.invoice(a, { lines: [line(table.id)] });
    const results = await Promise.all(Array.from({ length: 8 }, () => f.pay(a, inv.id, { amount: 10, mode: 'CASH' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    const after = (await f.getInvoice(a, inv.id)).json().data as SaleInvoice;
    expect([after.status, after.received, after.balance, after.payments.length]).toEqual(['PAID', '50.00', '0.00', 5]);
  });

  it('cancels once when two cancels arrive together: stock comes back once', async () => {
    const kettle = await f.item(a, { price: '500', stock: 3 });
    const inv = await f.invoice(a, { lines: [line(kettle.id, { quantity: 2 })], payment: { amount: 300, mode: 'CASH' } });
    const cashBefore = await f.cashBalance(a);
    const results = await Promise.all([f.cancel(a, inv.id), f.cancel(a, inv.id)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await f.stockOf(a, kettle.id)).toBe(3);
    const reversals = await selectRows<{ n: string }>(
      h.database.db,
      sql`select count(*)::text as n from account_transactions where document_id = ${inv.id} and type = 'SALE_PAYMENT_REVERSAL'`,
    );
    expect(Number(reversals[0].n)).toBe(1);
    expect(toPaise(await f.cashBalance(a)) - toPaise(cashBefore)).toBe(-30_000);
  });
});
