import type { SaleInvoice, TrialBalance } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * The statements sum each ledger's day totals, which the journal keeps as its lines are posted: they must always
 * equal the lines themselves, also when many documents of one business are posted at once (on PostgreSQL, sales and
 * payments commit concurrently and touch the same ledgers' rows in different orders).
 */

let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Totals Traders', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const businessOf = (who: SignedUp) => who.profile.user.business.id;

describe('the statements over many documents posted at once', () => {
  let statuses: number[] = [];

  beforeAll(async () => {
    const customer = await f.party(a, { name: 'Kiran Electricals', state: '27' });
    const traveller = await f.party(a, { name: 'Bengaluru Mart', state: '29' });
    const fan = await f.item(a, { name: 'Ceiling Fan', price: '2500', rate: 'gst-18', stock: 500, purchasePrice: '1200' });
    const lamp = await f.item(a, { name: 'Table Lamp', price: '450', rate: 'gst-5', stock: 500, purchasePrice: '300' });
    const sales = Array.from({ length: 16 }, (_, i) =>
      f.sale(a, {
        partyId: i % 2 ? traveller.id : customer.id,
        invoiceDate: i % 3 ? '2026-06-01' : '2026-06-02',
        lines: [
          { itemId: fan.id, quantity: 1 + (i % 3) },
          { itemId: lamp.id, quantity: 2 },
        ],
        ...(i % 4 ? { payment: { amount: '1000', mode: 'CASH' } } : {}),
      }),
    );
    const payments = Array.from({ length: 8 }, (_, i) =>
      write(h.app, 'POST', '/api/payment/payment-in', { partyId: i % 2 ? traveller.id : customer.id, amount: '500', mode: 'CASH', date: '2026-06-02' }, { cookie: a.cookie }),
    );
    const answers = await Promise.all([...sales, ...payments]);
    statuses = answers.map((r) => r.statusCode);
    const cancelled = answers[0].json().data as SaleInvoice;
    statuses.push((await f.cancel(a, cancelled.id)).statusCode);
  }, SETUP_TIMEOUT_MS);

  it('takes every document (none refused while the others commit)', () => {
    expect(statuses).toEqual([...Array(24).fill(201), 200]);
  });

  it('keeps each ledger’s day totals equal to the sum of its journal lines', async () => {
    const apart = await selectRows<{ account_id: string; date: string }>(
      h.database.db,
      sql`with lines as (
            select account_id, branch_id, date, sum(debit) as debit, sum(credit) as credit
            from journal_lines where business_id = ${businessOf(a)} group by 1, 2, 3
          ), totals as (
            select account_id, branch_id, date, debit, credit from journal_day_totals where business_id = ${businessOf(a)}
          )
          select coalesce(l.account_id, t.account_id)::text as account_id, to_char(coalesce(l.date, t.date), 'YYYY-MM-DD') as date
          from lines l
          full join totals t on t.account_id = l.account_id and t.date = l.date and t.branch_id is not distinct from l.branch_id
          where l.debit is distinct from t.debit or l.credit is distinct from t.credit`,
    );
    expect(apart).toEqual([]);
  });

  it('shows in the trial balance each ledger’s debits and credits as its journal lines sum them', async () => {
    const res = await get(h.app, '/api/report/trial-balance?from=2026-04-01&asOf=2026-06-30', a.cookie);
    expect(res.statusCode).toBe(200);
    const tb: TrialBalance = res.json().data;
    const lines = await selectRows<{ account_id: string; debit: string; credit: string }>(
      h.database.db,
      sql`select account_id::text as account_id, sum(debit)::numeric(14,2)::text as debit, sum(credit)::numeric(14,2)::text as credit
          from journal_lines where business_id = ${businessOf(a)} and date between '2026-04-01' and '2026-06-30'
          group by 1 order by 1`,
    );
    const shown = tb.rows.map((r) => ({ account_id: r.accountId, debit: r.debit, credit: r.credit })).sort((x, y) => x.account_id.localeCompare(y.account_id));
    expect(shown).toEqual(lines.filter((l) => l.debit !== '0.00' || l.credit !== '0.00'));
    expect(tb.totals.debit).toBe(tb.totals.credit);
  });
});
