import { addDays, indiaToday } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { instancesOf, type Instances } from '../test/instances';
import { selectRows } from '../db/rows';

/*
 * Two API instances, each with its own connection pool and its own scheduler, on one PostgreSQL database: ten
 * schedules due at once are billed exactly once each. PGlite has one connection, so without DATABASE_URL the
 * suite is reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = onPostgres ? describe : describe.skip;
const title = onPostgres ? 'two API instances on one PostgreSQL' : 'two API instances (PostgreSQL only: skipped without DATABASE_URL)';

suite(title, () => {
  let h: Harness;
  let a: SignedUp;
  let instances: Instances;
  let f: ReturnType<typeof documentFixtures>;

  beforeAll(async () => {
    h = await createHarness();
    a = await signUp(h, { businessName: 'Tiffin Service', stateCode: '27' });
    instances = instancesOf(h);
    f = documentFixtures(h);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await instances?.close();
    await h?.close();
  });

  /** Another instance on the harness's database: its own pool, its scheduler on (it makes a pass at start). */
  const instance = () => instances.open({ AUTOMATED_BILLS_INTERVAL_SECONDS: '3600' });

  const count = async (table: 'sale_invoices' | 'automated_bill_runs') =>
    Number((await selectRows<{ n: string }>(h.database.db, sql`select count(*)::text as n from ${sql.identifier(table)} where business_id = ${a.profile.user.business.id}`))[0].n);

  it('issues exactly ten invoices for ten schedules due at once, with both schedulers running', async () => {
    const meals = await f.item(a, { type: 'SERVICE', name: 'Tiffin', price: '120', rate: 'gst-5' });
    const today = indiaToday(h.clock.now());
    for (let i = 0; i < 10; i++) {
      const party = await f.party(a, { state: '27' });
      // Due two days ago: each schedule has two periods to catch up, but maxBills allows one bill.
      const res = await write(
        h.app,
        'POST',
        '/api/automated-bill/create-schedule',
        { partyId: party.id, lines: [{ itemId: meals.id, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: addDays(today, -2), maxBills: 1 },
        { cookie: a.cookie },
      );
      expect(res.statusCode).toBe(201);
    }
    const [one, two] = await Promise.all([instance(), instance()]);
    // Both start at once, each making its start-up pass; then both pass again at the same moment.
    await Promise.all([one.ready(), two.ready()]);
    const results = await Promise.all([one.automatedBills!.tick(), two.automatedBills!.tick(), one.automatedBills!.tick(), two.automatedBills!.tick()]);
    expect(results.every((r) => r.failed === 0)).toBe(true);

    expect(await count('sale_invoices')).toBe(10);
    expect(await count('automated_bill_runs')).toBe(10);
    const numbers = await selectRows<{ n: string }>(h.database.db, sql`select invoice_number as n from sale_invoices where business_id = ${a.profile.user.business.id}`);
    const running = numbers.map((r) => Number(r.n.split('/').at(-1))).sort((x, y) => x - y);
    expect(running).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    const schedules = await selectRows<{ status: string; periods_run: number }>(
      h.database.db,
      sql`select status, periods_run from automated_bill_schedules where business_id = ${a.profile.user.business.id}`,
    );
    expect(schedules.every((s) => s.status === 'ENDED' && Number(s.periods_run) === 1)).toBe(true);
  });

  it('issues one bill for one Idempotency-Key of run-now sent 6 times at once across both instances', async () => {
    const rent = await f.item(a, { type: 'SERVICE', name: 'Shop rent', price: '5000', rate: 'gst-18' });
    const party = await f.party(a, { state: '27' });
    const today = indiaToday(h.clock.now());
    const created = await write(
      h.app,
      'POST',
      '/api/automated-bill/create-schedule',
      { partyId: party.id, lines: [{ itemId: rent.id, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: addDays(today, -5) },
      { cookie: a.cookie },
    );
    expect(created.statusCode).toBe(201);
    const id: string = created.json().data.id;
    const before = await count('sale_invoices');
    // Schedulers off: only the clicks issue bills.
    const apps = [await instances.open(), await instances.open()];
    await Promise.all(apps.map((app) => app.ready()));
    const click = (i: number, key: string) =>
      write(apps[i % 2], 'POST', `/api/automated-bill/run-now/${id}`, {}, { cookie: a.cookie, headers: { 'idempotency-key': key } });

    const same = await Promise.all(Array.from({ length: 6 }, (_, i) => click(i, 'issue-now-6')));
    expect(same.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const runs = same.map((r) => r.json().data.run);
    expect(runs[0]).toMatchObject({ status: 'ISSUED', period: addDays(today, -5), runDate: addDays(today, -5) });
    expect(new Set(runs.map((r) => r.invoiceId)).size).toBe(1);
    expect(new Set(runs.map((r) => r.period)).size).toBe(1);
    expect((await count('sale_invoices')) - before).toBe(1);

    // Two clicks with their own keys at once, one on each instance: two bills, of the next two due periods.
    const two = await Promise.all([click(0, 'issue-now-a'), click(1, 'issue-now-b')]);
    expect(two.map((r) => r.statusCode)).toEqual([200, 200]);
    const periods = two.map((r) => r.json().data.run.period).sort();
    expect(new Set([runs[0].period, ...periods]).size).toBe(3);
    expect((await count('sale_invoices')) - before).toBe(3);
  });
});
