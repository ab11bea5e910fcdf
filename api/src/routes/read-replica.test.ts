import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { sql } from 'drizzle-orm';
import { openPostgresDatabase, type Database } from '../db/client';
import { parseDatabaseTarget } from '../db/hosts';
import { databaseError, UNAVAILABLE_MESSAGE } from '../plugins/errors';
import { WAL_COOKIE } from '../plugins/read-replica';
import { ReplicaRouter, formatLsn, parseLsn, type ReplicaStatus } from '../services/read-replica';
import { createTestDatabase } from '../test/db';
import { documentFixtures } from '../test/documents';
import { JSON_WRITE, SETUP_TIMEOUT_MS, createHarness, signUp, testConfig, testGstin, type Harness, type SignedUp } from '../test/harness';

/*
 * Reads from a replica, without a real one: the "replica" is a second database that holds none of this business's
 * rows (a replica that has not replayed anything of it yet), so a list read there comes back empty and a list
 * read on the primary shows the sales. The replica's own account of how far it replayed, and the primary's WAL
 * position after each write, are the test's to set.
 */

const MAX_LAG_MS = 2_000;
const RETRY_MS = 5_000;

const connectionRefused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:55499'), { code: 'ECONNREFUSED' });

describe('reads from a replica', () => {
  let h: Harness;
  let replica: Database;
  let a: SignedUp;
  let itemId: string;
  /** What the replica says: replayed up to `replay`; `down` refuses connections. */
  const replicaState = { replay: 0n, down: false, asked: 0 };
  let primaryLsn = 0x1000n;
  let now = Date.UTC(2026, 10, 28, 6, 0, 0);
  const apps: FastifyInstance[] = [];

  /**
   * An instance reading the fake replica; several share the primary, the replica and their states. Without the
   * read cache unless asked, so that every read goes to a database.
   */
  async function instance(readCache = false): Promise<FastifyInstance> {
    const app = await buildApp({
      config: testConfig({
        DATABASE_URL: 'postgres://unused',
        READ_DATABASE_URL: 'postgres://unused',
        READ_REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
        READ_REPLICA_RETRY_SECONDS: String(RETRY_MS / 1000),
        READ_CACHE: readCache ? '1' : '0',
      }),
      db: h.database.db,
      listen: h.database.listen,
      clock: h.clock.now,
      otpSender: h.otp,
      logger: false,
      readReplica: {
        replica: replica.db,
        statusTtlMs: 0,
        now: () => now,
        replicaStatus: async (): Promise<ReplicaStatus> => {
          replicaState.asked += 1;
          if (replicaState.down) throw connectionRefused();
          return { replayLsn: replicaState.replay };
        },
        primaryLsn: async () => primaryLsn,
      },
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  let app1: FastifyInstance;
  let app2: FastifyInstance;
  let cached: FastifyInstance;
  const gstin = testGstin('27');

  beforeAll(async () => {
    h = await createHarness();
    replica = await createTestDatabase();
    a = await signUp(h, { businessName: 'Replica Stores', stateCode: '27', gstin });
    const f = documentFixtures(h);
    itemId = (await f.item(a, { stock: 100 })).id;
    await f.invoice(a, { lines: [{ itemId, quantity: 1 }] });
    app1 = await instance();
    app2 = await instance();
    cached = await instance(true);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    for (const app of apps) await app.close();
    await replica?.close();
    await h?.close();
  });
  beforeEach(() => {
    Object.assign(replicaState, { replay: primaryLsn, down: false, asked: 0 });
  });
  /** The replica stops replaying while the primary writes on, for `ms`. */
  const fallBehind = (ms: number) => {
    primaryLsn += 0x100n;
    now += ms;
  };

  /** How many invoices the sale list shows this session (0: it was read on the replica, which has none). */
  const listed = async (app: FastifyInstance, cookie: string) => {
    const res = await app.inject({ method: 'GET', url: '/api/sale/sale-invoices', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return (res.json().data as unknown[]).length;
  };
  const walCookie = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === WAL_COOKIE);
  /** A sale: the primary's WAL moves past the replica's position. */
  const sell = (app: FastifyInstance, cookie: string) => {
    primaryLsn += 0x100n;
    return app.inject({ method: 'POST', url: '/api/sale/create-sale', headers: { ...JSON_WRITE, cookie }, payload: JSON.stringify({ lines: [{ itemId, quantity: 1 }] }) });
  };

  it('a session that has not written reads lists from a replica that is up to date', async () => {
    expect(await listed(app1, a.cookie)).toBe(0);
    // A document by id is not a list: always the primary.
    const first = (await h.app.inject({ method: 'GET', url: '/api/sale/sale-invoices', headers: { cookie: a.cookie } })).json().data[0];
    const one = await app1.inject({ method: 'GET', url: `/api/sale/sale-invoice/${first.id}`, headers: { cookie: a.cookie } });
    expect(one.statusCode).toBe(200);
  });

  it('after a write, the writer reads the primary until the replica has replayed past it, on any instance', async () => {
    const before = await listed(h.app, a.cookie);
    // Both instances have seen the replica caught up.
    expect(await listed(app1, a.cookie)).toBe(0);
    expect(await listed(app2, a.cookie)).toBe(0);
    const res = await sell(app1, a.cookie);
    expect(res.statusCode).toBe(201);
    const wal = walCookie(res);
    expect(wal?.value).toBe(formatLsn(primaryLsn));
    expect(wal?.httpOnly).toBe(true);
    // The replica has not replayed the sale: this instance remembers the session's write...
    expect(await listed(app1, a.cookie)).toBe(before + 1);
    // ...another instance knows it from the cookie, and without the cookie it would read the replica.
    expect(await listed(app2, `${a.cookie}; ${WAL_COOKIE}=${wal!.value}`)).toBe(before + 1);
    expect(await listed(app2, a.cookie)).toBe(0);
    // Replayed past the write: back to the replica.
    replicaState.replay = primaryLsn;
    expect(await listed(app1, a.cookie)).toBe(0);
    expect(await listed(app2, `${a.cookie}; ${WAL_COOKIE}=${wal!.value}`)).toBe(0);
  });

  it('a replica further behind than READ_REPLICA_MAX_LAG_MS is not read', async () => {
    expect(await listed(app1, a.cookie)).toBe(0);
    fallBehind(MAX_LAG_MS);
    expect(await listed(app1, a.cookie)).toBe(0);
    now += 1;
    expect(await listed(app1, a.cookie)).toBeGreaterThan(0);
    replicaState.replay = primaryLsn;
    expect(await listed(app1, a.cookie)).toBe(0);
  });

  it('a replica that cannot be reached: reads go to the primary, and it is tried again only after the back-off', async () => {
    replicaState.down = true;
    expect(await listed(app1, a.cookie)).toBeGreaterThan(0);
    const asked = replicaState.asked;
    replicaState.down = false;
    expect(await listed(app1, a.cookie)).toBeGreaterThan(0);
    expect(replicaState.asked).toBe(asked);
    now += RETRY_MS;
    expect(await listed(app1, a.cookie)).toBe(0);
  });

  it('an answer read on the replica is not kept in the read cache (it may be older than the change feed says)', async () => {
    expect(cached.readCache.enabled).toBe(true);
    expect(await listed(cached, a.cookie)).toBe(0);
    fallBehind(MAX_LAG_MS + 1);
    expect(await listed(cached, a.cookie)).toBeGreaterThan(0);
    // The primary's answer is kept: served again even once the replica is readable.
    replicaState.replay = primaryLsn;
    expect(await listed(cached, a.cookie)).toBeGreaterThan(0);
  });

  it('a GST return reads the replica too (where this business is not yet, so its GSTIN is not found there)', async () => {
    const month = new Date(now).toISOString().slice(0, 7);
    const url = `/api/report/gstr3b?gstin=${gstin}&period=${month.slice(5, 7)}${month.slice(0, 4)}`;
    expect((await h.app.inject({ method: 'GET', url, headers: { cookie: a.cookie } })).statusCode).toBe(200);
    expect((await app1.inject({ method: 'GET', url, headers: { cookie: a.cookie } })).statusCode).toBe(404);
    fallBehind(MAX_LAG_MS + 1);
    expect((await app1.inject({ method: 'GET', url, headers: { cookie: a.cookie } })).statusCode).toBe(200);
  });
});

describe('the replica router', () => {
  const primary = {} as never;
  const replica = {} as never;
  const router = (over: Partial<ConstructorParameters<typeof ReplicaRouter>[0]> = {}) =>
    new ReplicaRouter({ primary, replica, maxLagMs: 1_000, retryMs: 5_000, primaryLsn: async () => 10n, replicaStatus: async () => ({ replayLsn: 10n }), ...over });

  it('runs a read the replica fails for want of a connection again on the primary, and leaves the replica alone', async () => {
    const r = router();
    const answer = await r.read(null, null, async (db) => {
      if (db === replica) throw connectionRefused();
      return 'primary answer';
    });
    expect(answer).toEqual({ value: 'primary answer', from: 'primary' });
    expect(await r.target(null, null)).toEqual({ to: 'primary', because: 'down' });
  });

  it('does not retry a read that fails for its own reasons', async () => {
    const r = router();
    await expect(r.read(null, null, async () => Promise.reject(Object.assign(new Error('bad'), { code: '22P02' })))).rejects.toThrow('bad');
    expect(await r.target(null, null)).toEqual({ to: 'replica' });
  });

  it('a promoted replica (not in recovery) is not read as one', async () => {
    const r = router({ replicaStatus: async () => ({ replayLsn: null }) });
    expect(await r.target(null, null)).toEqual({ to: 'primary', because: 'not-in-recovery' });
  });

  it('a write whose WAL position the primary could not tell keeps the session on the primary', async () => {
    let primaryUp = true;
    const r = router({ primaryLsn: async () => (primaryUp ? 10n : Promise.reject(connectionRefused())) });
    expect(await r.target('s1', null)).toEqual({ to: 'replica' });
    primaryUp = false;
    await r.wrote('s1');
    expect(await r.target('s1', null)).toEqual({ to: 'primary', because: 'not-replayed' });
    expect(await r.target('s2', null)).toEqual({ to: 'replica' });
  });

  it('counts a replica as lagging from the last time it had replayed all the primary had written, and never seen so as lagging', async () => {
    let t = 0;
    let primaryLsn = 20n;
    const r = router({ now: () => t, primaryLsn: async () => primaryLsn, statusTtlMs: 0 });
    // Behind since it was first asked: how far is unknown.
    expect(await r.target(null, null)).toEqual({ to: 'primary', because: 'lagging' });
    primaryLsn = 10n;
    expect(await r.target(null, null)).toEqual({ to: 'replica' });
    primaryLsn = 30n;
    t = 1_000;
    expect(await r.target(null, null)).toEqual({ to: 'replica' });
    t = 1_001;
    expect(await r.target(null, null)).toEqual({ to: 'primary', because: 'lagging' });
  });
});

describe('WAL positions, multi-host connection strings, an unreachable database', () => {
  it('reads and writes WAL positions as PostgreSQL prints them', () => {
    expect(parseLsn('16/B374D848')).toBe(0x16b374d848n);
    expect(formatLsn(0x16b374d848n)).toBe('16/B374D848');
    expect(parseLsn('nonsense')).toBeNull();
    expect(parseLsn(undefined)).toBeNull();
  });

  it('splits a connection string with several hosts into one per host, keeping credentials, database and options', () => {
    expect(parseDatabaseTarget('postgres://bahi:secret@10.0.0.1:5432,10.0.0.2:5433/bahi?target_session_attrs=read-write&sslmode=disable')).toEqual({
      urls: ['postgres://bahi:secret@10.0.0.1:5432/bahi?sslmode=disable', 'postgres://bahi:secret@10.0.0.2:5433/bahi?sslmode=disable'],
      readWrite: true,
    });
    expect(parseDatabaseTarget('postgres://postgres@127.0.0.1:5432/test')).toEqual({ urls: ['postgres://postgres@127.0.0.1:5432/test'], readWrite: false });
    expect(() => parseDatabaseTarget('postgres://h1,h2/db?target_session_attrs=standby')).toThrow('not supported');
  });

  it.each([
    ['a refused connection', connectionRefused()],
    ['a server shutting down (57P01)', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a server starting up (57P03)', Object.assign(new Error('the database system is starting up'), { code: '57P03' })],
    ['a write on a standby (25006)', Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' })],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['drizzle wrapping a lost connection', Object.assign(new Error('Failed query'), { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s is 503 "unavailable" with Retry-After, not a 500', (_what, error) => {
    expect(databaseError(error)).toMatchObject({ statusCode: 503, message: UNAVAILABLE_MESSAGE, headers: { 'retry-after': '2' } });
  });

  it('a connection string whose every host refuses answers 503, not 500', async () => {
    const nowhere = openPostgresDatabase('postgres://postgres@127.0.0.1:1,127.0.0.1:2/bahi?target_session_attrs=read-write', 1);
    try {
      const failure = await nowhere.db.execute(sql`select 1`).then(() => null, (e: unknown) => e);
      expect(databaseError(failure)?.statusCode).toBe(503);
    } finally {
      await nowhere.close();
    }
  });

  const onPostgres = Boolean(process.env.DATABASE_URL);
  (onPostgres ? it : it.skip)('passes over a host that refuses to the next one that accepts writes (PostgreSQL)', async () => {
    const url = new URL(process.env.DATABASE_URL!);
    const both = openPostgresDatabase(`postgres://${url.username}@127.0.0.1:1,${url.host}${url.pathname}?target_session_attrs=read-write`, 1);
    try {
      const result = await both.db.execute(sql`select pg_is_in_recovery() as recovery`);
      expect((result as unknown as { rows: { recovery: boolean }[] }).rows[0].recovery).toBe(false);
    } finally {
      await both.close();
    }
  });
});
