import type { SaleInvoice } from '@bahi/shared/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, TestBrowser, TestClock, createHarness, newPhone, signUp, type Harness, type SignedUp } from '../test/harness';
import { instancesOf, type Instances } from '../test/instances';
import { selectRows } from '../db/rows';

/*
 * Two API instances, each with its own connection pool, on one PostgreSQL database, as two machines behind one
 * proxy: requests go to both in turn, at once, and a client sees one system — numbering, stock, idempotency keys
 * and the OTP send limits hold across them. PGlite has one connection, so without DATABASE_URL the suite is
 * reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = onPostgres ? describe : describe.skip;
const title = onPostgres ? 'requests spread over two API instances on one PostgreSQL' : 'two API instances (PostgreSQL only: skipped without DATABASE_URL)';

/** Codes one phone may be sent (from all addresses) in the short window, on both instances. */
const SENDS_PER_PHONE = 4;
/** Requests one address may make to the auth routes a minute, on both instances together. */
const AUTH_PER_MINUTE = 4;

/**
 * The clock of the instances that count the per-address limit: it stands at 15 seconds into a minute until the test
 * moves it, so every request counts in one known one-minute window (and the answer's Retry-After is known) however
 * long the test takes; a real clock could roll the window over mid-test.
 */
let stillAt = Date.UTC(2026, 5, 1, 4, 30, 15);
class StillClock extends TestClock {
  override readonly now = () => new Date(stillAt);
}

suite(title, () => {
  let h: Harness;
  let a: SignedUp;
  let instances: Instances;
  let apps: FastifyInstance[];
  let fixtures: ReturnType<typeof documentFixtures>[];

  beforeAll(async () => {
    h = await createHarness();
    a = await signUp(h, { businessName: 'Two Counters', stateCode: '27' });
    instances = instancesOf(h);
    // The harness turns the send limits off; these two instances enforce a small one.
    const env = { OTP_MAX_SENDS_PER_PHONE: String(SENDS_PER_PHONE) };
    apps = [await instances.open(env), await instances.open(env)];
    await Promise.all(apps.map((app) => app.ready()));
    fixtures = apps.map((app) => documentFixtures(h, app));
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await instances?.close();
    await h?.close();
  });

  /** `n` requests at once, the i-th to instance i % 2. */
  const spread = (n: number, send: (f: ReturnType<typeof documentFixtures>, i: number) => Promise<LightMyRequestResponse>) =>
    Promise.all(Array.from({ length: n }, (_, i) => send(fixtures[i % 2], i)));

  const line = (itemId: string) => ({ itemId, quantity: 1 });
  const countInvoices = async () =>
    Number((await selectRows<{ n: string }>(h.database.db, sql`select count(*)::text as n from sale_invoices where business_id = ${a.profile.user.business.id}`))[0].n);

  it('numbers 20 sales sent at once to both instances 1..20 of the branch series, no gap, no repeat', async () => {
    const counter = await fixtures[0].branch(a, 'Twin Counter', { invoicePrefix: 'TW' });
    const visit = await fixtures[1].item(a, { type: 'SERVICE', price: '100' });
    const results = await spread(20, (f) => f.sale(a, { branchId: counter.id, lines: [line(visit.id)] }));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const numbers = results.map((r) => (r.json().data as SaleInvoice).invoiceNumber);
    expect(numbers.every((n) => /^TW\/\d\d-\d\d\/\d+$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(20);
    const running = numbers.map((n) => Number(n.split('/').at(-1))).sort((x, y) => x - y);
    expect(running).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.json().data.id)).size).toBe(20);
  });

  it('sells exactly the 10 units in stock to 16 buyers spread over both instances: 10 invoices, 6 409s, stock 0', async () => {
    const torch = await fixtures[0].item(a, { name: 'Twin Torch', price: '250', stock: 10 });
    const before = await countInvoices();
    const results = await spread(16, (f) => f.sale(a, { lines: [line(torch.id)] }));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(201), ...Array(6).fill(409)]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ success: false, message: expect.stringContaining('Not enough stock of Twin Torch') });
    }
    expect(await fixtures[0].stockOf(a, torch.id)).toBe(0);
    expect(await fixtures[1].stockOf(a, torch.id)).toBe(0);
    expect((await countInvoices()) - before).toBe(10);
  });

  it('makes one invoice of one Idempotency-Key sent 6 times across both instances', async () => {
    const lamp = await fixtures[1].item(a, { name: 'Twin Lamp', price: '400', stock: 5 });
    const before = await countInvoices();
    const body = { lines: [line(lamp.id)], payment: { amount: 100, mode: 'CASH' } };
    const results = await spread(6, (f) => f.sale(a, body, 'twin-click-6'));
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const ids = new Set(results.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    expect((await countInvoices()) - before).toBe(1);
    expect(await fixtures[0].stockOf(a, lamp.id)).toBe(4);
    const [id] = ids;
    expect((await fixtures[1].getInvoice(a, id)).json().data.payments).toHaveLength(1);
  });

  it('counts the OTP send limit of one phone over both instances: past it, either instance answers 429', async () => {
    const phone = newPhone();
    const login = (app: FastifyInstance, mobileNumber: string) => new TestBrowser(app).post('/api/auth/login', { mobileNumber });
    // Twice the limit at once, half to each instance: each alone would let all of its half through.
    const results = await Promise.all(Array.from({ length: 2 * SENDS_PER_PHONE }, (_, i) => login(apps[i % 2], phone)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(SENDS_PER_PHONE).fill(200), ...Array(SENDS_PER_PHONE).fill(429)]);
    // The limit is reached: the next request answers 429 on whichever instance gets it.
    for (const app of apps) {
      const res = await login(app, phone);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ success: false });
    }
    // Another phone is not held back by it.
    const other = newPhone();
    expect((await login(apps[0], other)).statusCode).toBe(200);
    expect((await login(apps[1], other)).statusCode).toBe(200);
  });

  it('counts the per-address limit of the auth routes over both instances: past it, either instance answers 429', async () => {
    const counting = instancesOf({ ...h, clock: new StillClock() });
    try {
      const env = { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_PER_MINUTE) };
      const limited = [await counting.open(env), await counting.open(env)];
      await Promise.all(limited.map((app) => app.ready()));
      const login = (app: FastifyInstance, address = '198.51.100.20') => new TestBrowser(app, {}, address).post('/api/auth/login', { mobileNumber: newPhone() });

      // Twice the limit at once, half to each instance: each alone would let all of its half through.
      const results = await Promise.all(Array.from({ length: 2 * AUTH_PER_MINUTE }, (_, i) => login(limited[i % 2])));
      expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(AUTH_PER_MINUTE).fill(200), ...Array(AUTH_PER_MINUTE).fill(429)]);
      for (const app of limited) {
        const res = await login(app);
        expect(res.statusCode).toBe(429);
        // 15 seconds into the minute: the window ends in 45.
        expect(res.headers['retry-after']).toBe('45');
        expect(res.json()).toEqual({ success: false, message: 'Too many requests from your network. Please try again in 45 seconds.' });
      }
      // Another address has its own count, on both.
      expect((await login(limited[0], '198.51.100.21')).statusCode).toBe(200);
      expect((await login(limited[1], '198.51.100.21')).statusCode).toBe(200);

      // The next minute is a new window: the limit again, counted over both.
      stillAt += 45_000;
      const next = await Promise.all(Array.from({ length: AUTH_PER_MINUTE + 1 }, (_, i) => login(limited[i % 2])));
      expect(next.map((r) => r.statusCode).sort()).toEqual([...Array(AUTH_PER_MINUTE).fill(200), 429]);
      expect(next.find((r) => r.statusCode === 429)!.headers['retry-after']).toBe('60');
    } finally {
      await counting.close();
    }
  });
});
