/**
 * Failures of a real cluster (cluster.ts: PostgreSQL primary + streaming standby, three API instances behind
 * HAProxy), each under load through the proxy, each checked by what a user would notice: a sale acknowledged is
 * there exactly once, numbers have no gaps, stock is exact, no request fails where none should, a session reads
 * its own writes, and a failover answers "try again" (503), never "something went wrong" (500).
 *
 * Every load is bounded in requests and in time. The steps share one cluster and run in order (the failover last).
 * Without the PostgreSQL server binaries or HAProxy on this machine the suite is skipped, saying why.
 */
import { Cluster, missingBinaries, waitFor } from './cluster';
import { ClusterClient, createProduct, createSaleWithRetries, logIn, signUp } from './client';

const missing = missingBinaries();
if (missing.length) process.stderr.write(`[cluster] skipped: this machine lacks ${missing.join('; ')}\n`);
const suite = missing.length ? describe.skip : describe;

/** Starting PostgreSQL twice and three API instances on two loaded cores. */
const SETUP_MS = 240_000;
const STEP_MS = 180_000;

suite('a cluster of three API instances behind HAProxy, a primary and a streaming standby', () => {
  let cluster: Cluster;
  let owner: ClusterClient;
  let phone: string;
  let businessId: string;

  beforeAll(async () => {
    cluster = new Cluster({ instances: 3, synchronous: true });
    await cluster.start();
    const signed = await signUp(cluster.url, cluster.otpOutbox, 'Cluster Traders');
    owner = signed.client;
    phone = signed.phone;
    businessId = cluster.sql(cluster.primaryPort, `select business_id from users where mobile = '${phone}'`);
  }, SETUP_MS);

  afterAll(async () => {
    await cluster?.stop();
  });

  /** SQL on whichever server is the primary now. */
  let primaryPort = () => cluster.primaryPort;
  const onPrimary = (statement: string) => cluster.sql(primaryPort(), statement);

  /** The business's invoice series numbers, in order, and an item's stock, from the primary. */
  const seriesNumbers = () =>
    onPrimary(`select coalesce(string_agg(series_no::text, ',' order by series_no), '') from sale_invoices where business_id = '${businessId}'`)
      .split(',')
      .filter(Boolean)
      .map(Number);
  const stockOf = (itemId: string) => Number(onPrimary(`select coalesce(sum(quantity), 0) from item_stock where business_id = '${businessId}' and item_id = '${itemId}'`));

  /**
   * `clients` loops creating sales with retries until `total` sales are acknowledged, running `during` once the
   * first `startAfter` are. Answers every acknowledged invoice (by its key) and every status seen.
   */
  async function salesUnder(itemId: string, opts: { total: number; clients: number; startAfter: number; during: () => Promise<void> }) {
    const deadline = Date.now() + 150_000;
    const acknowledged = new Map<string, { id: string; invoiceNumber: string }>();
    const statuses: number[] = [];
    /** Answers that were neither a sale nor worth retrying (none expected). */
    const refusals: string[] = [];
    let started = 0;
    let event: Promise<void> | null = null;
    const worker = async (w: number) => {
      while (started < opts.total && Date.now() < deadline) {
        const key = `sale-${w}-${started++}-${Date.now()}`;
        const { res, seen } = await createSaleWithRetries(owner, key, itemId, deadline);
        statuses.push(...seen);
        if (res.status === 201) acknowledged.set(key, { id: res.body.data.id, invoiceNumber: res.body.data.invoiceNumber });
        else refusals.push(`${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`);
        if (!event && acknowledged.size >= opts.startAfter) event = opts.during();
      }
    };
    await Promise.all(Array.from({ length: opts.clients }, (_, w) => worker(w)));
    await event;
    return { acknowledged, statuses, refusals };
  }

  it(
    'kill -9 of one instance while clients create sales: every acknowledged sale exists once, numbers are gap-free, stock is exact',
    async () => {
      const before = seriesNumbers().length;
      const itemId = await createProduct(owner, 'Kill Test Pen', 1_000);
      const { acknowledged, statuses, refusals } = await salesUnder(itemId, {
        total: 40,
        clients: 4,
        startAfter: 8,
        during: async () => cluster.kill(1),
      });
      expect(refusals).toEqual([]);
      expect(acknowledged.size).toBe(40);
      // Each key made one invoice, and no retry made a second.
      const ids = new Set([...acknowledged.values()].map((x) => x.id));
      expect(ids.size).toBe(40);
      const numbers = seriesNumbers();
      expect(numbers).toEqual(Array.from({ length: before + 40 }, (_, i) => i + 1));
      expect(stockOf(itemId)).toBe(1_000 - 40);
      expect(statuses.filter((s) => s === 500)).toEqual([]);
      await cluster.restart(1);
    },
    STEP_MS,
  );

  it(
    'a rolling restart (SIGTERM one instance at a time) under steady load: no request fails',
    async () => {
      const itemId = await createProduct(owner, 'Rolling Test Pen', 1_000);
      const failures: string[] = [];
      let requests = 0;
      let rolling = true;
      const reader = await logIn(cluster.url, cluster.otpOutbox, phone);
      const load = async (w: number) => {
        let i = 0;
        while (rolling && i < 400) {
          i += 1;
          requests += 1;
          // No retries here: every request must succeed the first time.
          const res =
            i % 2 === 0
              ? await owner.post('/api/sale/create-sale', { lines: [{ itemId, quantity: 1 }] }, { 'idempotency-key': `roll-${w}-${i}` })
              : await reader.get('/api/sale/sale-invoices?pageSize=5');
          if (res.status !== 200 && res.status !== 201) failures.push(`${res.status} ${JSON.stringify(res.body)?.slice(0, 120)}`);
        }
      };
      const clients = Promise.all([0, 1, 2].map(load));
      const exitCodes: (number | null)[] = [];
      for (const index of [0, 1, 2]) {
        // Drained and exited by itself within SHUTDOWN_TIMEOUT_SECONDS: 0.
        exitCodes.push(await cluster.terminate(index));
        await cluster.restart(index);
        // HAProxy takes it back after two passed checks (500 ms apart); then the next one may go.
        await new Promise((r) => setTimeout(r, 1_500));
      }
      rolling = false;
      await clients;
      expect(requests).toBeGreaterThan(30);
      expect(failures).toEqual([]);
      expect(exitCodes).toEqual([0, 0, 0]);
      const sold = 1_000 - stockOf(itemId);
      expect(Number(onPrimary(`select count(*) from sale_invoices where business_id = '${businessId}' and id in (select resource_id from idempotency_keys where business_id = '${businessId}' and key like 'roll-%')`))).toBe(sold);
    },
    STEP_MS,
  );

  it(
    'the replica stopped: reads go to the primary; started again: reads return to it; replay paused: a writer still reads its write',
    async () => {
      // One synchronous standby stopped would hold every commit: asynchronous for this step (production: two standbys, ANY 1).
      onPrimary(`alter system set synchronous_standby_names = ''`);
      onPrimary('select pg_reload_conf()');
      const itemId = await createProduct(owner, 'Replica Test Pen', 100);
      const reader = await logIn(cluster.url, cluster.otpOutbox, phone);
      const scansOnStandby = () =>
        Number(cluster.sql(cluster.standbyPort, `select coalesce(sum(seq_scan + coalesce(idx_scan, 0)), 0) from pg_stat_user_tables where relname = 'sale_invoices'`));
      // A search ('/' is in every invoice number) is never answered from the read cache: every read reaches a database.
      const SEARCH = '/api/sale/sale-invoices?pageSize=5&q=%2F';
      const listTotal = async (client: ClusterClient) => {
        const res = await client.get(SEARCH);
        expect(res.status).toBe(200);
        return res.body.meta.total as number;
      };

      // Up to date: a session that has not written reads the standby.
      const scans = scansOnStandby();
      await waitFor('list reads to reach the standby', async () => (await listTotal(reader), scansOnStandby() > scans), 30_000);

      cluster.pgCtl('standby', 'stop');
      try {
        const sale = await owner.post('/api/sale/create-sale', { lines: [{ itemId, quantity: 1 }] }, { 'idempotency-key': `replica-down-${Date.now()}` });
        expect(sale.status).toBe(201);
        const total = Number(onPrimary(`select count(*) from sale_invoices where business_id = '${businessId}'`));
        // Every instance, with or without a recent write of its own, answers from the primary.
        for (let i = 0; i < 6; i++) expect(await listTotal(reader)).toBe(total);
      } finally {
        cluster.pgCtl('standby', 'start');
      }
      await waitFor('the standby to stream again', () => cluster.sql(cluster.primaryPort, `select count(*) from pg_stat_replication where state = 'streaming'`) === '1', 60_000);
      const after = scansOnStandby();
      await waitFor('list reads to return to the standby', async () => (await listTotal(reader), scansOnStandby() > after), 60_000);

      // Replay paused: the standby falls behind; the writer reads its own sale anyway, on every instance.
      cluster.sql(cluster.standbyPort, 'select pg_wal_replay_pause()');
      try {
        const paused = await owner.post('/api/sale/create-sale', { lines: [{ itemId, quantity: 1 }] }, { 'idempotency-key': `replica-paused-${Date.now()}` });
        expect(paused.status).toBe(201);
        for (let i = 0; i < 6; i++) {
          const res = await owner.get(SEARCH);
          expect(res.body.data.map((x: { id: string }) => x.id)).toContain(paused.body.data.id);
        }
      } finally {
        cluster.sql(cluster.standbyPort, 'select pg_wal_replay_resume()');
      }
    },
    STEP_MS,
  );

  it(
    'failover: the standby promoted while clients sell; the API answers 503 (never 500) meanwhile, recovers by itself, and no acknowledged sale is lost',
    async () => {
      onPrimary(`alter system set synchronous_standby_names = 'standby1'`);
      onPrimary('select pg_reload_conf()');
      await waitFor('the standby to be synchronous', () => cluster.sql(cluster.primaryPort, `select sync_state from pg_stat_replication where application_name = 'standby1'`) === 'sync', 60_000);
      const itemId = await createProduct(owner, 'Failover Test Pen', 1_000);

      const { acknowledged, statuses, refusals } = await salesUnder(itemId, {
        total: 30,
        clients: 3,
        startAfter: 6,
        during: async () => {
          cluster.pgCtl('primary', 'stop');
          // The moments in between: the old primary is gone and nothing is promoted yet.
          await new Promise((r) => setTimeout(r, 2_000));
          cluster.pgCtl('standby', 'promote');
          primaryPort = () => cluster.standbyPort;
        },
      });
      expect(statuses.filter((s) => s >= 500 && s !== 502 && s !== 503 && s !== 504)).toEqual([]);
      expect(statuses.some((s) => s === 503 || s === 0 || s === 502)).toBe(true);
      expect(refusals).toEqual([]);
      expect(acknowledged.size).toBe(30);
      // Every acknowledged sale is on the promoted standby, once.
      const ids = [...acknowledged.values()].map((x) => `'${x.id}'`).join(',');
      expect(Number(onPrimary(`select count(*) from sale_invoices where business_id = '${businessId}' and id in (${ids})`))).toBe(30);
      const numbers = seriesNumbers();
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, i) => i + 1));
      expect(stockOf(itemId)).toBe(1_000 - 30);
      // Recovered without a restart: every instance answers through the proxy.
      for (let i = 0; i < 6; i++) expect((await owner.get('/api/sale/sale-invoices?pageSize=1')).status).toBe(200);
    },
    STEP_MS,
  );
});
