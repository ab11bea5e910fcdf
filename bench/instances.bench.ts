/**
 * Many instances: create-sale requests per second with one API instance and with two on the same
 * PostgreSQL database, as two machines behind a proxy would run them; the ratio shows what a second instance buys.
 * A benchmark, not a test: figures are reported, never enforced.
 *
 * Two server processes (`startServer`: the real `api/src/main.ts`) on one throwaway database. The load is the
 * same in both phases, two autocannon processes of 20 connections each at once: both against instance 1, then one
 * against each instance. Afterwards the invoice numbers of the branch series must be unique and gap-free (count =
 * highest number). PostgreSQL only. Under `pnpm bench` it is an area benchmark; alone:
 * `npx tsx bench/instances.bench.ts`.
 */
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import type { AreaContext } from './lib/area';
import { log, ms, ratio, runCleanups, sleep, table, tempDir } from './lib/common';
import { CONNECTIONS, DURATION_S, WARMUP_S, cannon, type Cannon } from './lib/documents';
import { throwawayDatabase } from './lib/postgres';
import { startServer, type BahiServer } from './lib/server';
import { saleBody, shop } from './sales.bench';

type Load = { cookie: string; body: string };

interface Phase {
  label: string;
  runs: Cannon[];
  rps: number;
  p99: number;
  load: string;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

/** A fresh business on `server` and the create-sale body of `sales.bench.ts` for it. */
async function saleLoad(server: BahiServer): Promise<Load> {
  const s = await shop(server, 'Instances');
  return { cookie: s.cookie, body: saleBody(s) };
}

/** Invoice count, distinct numbers and the highest running number of each series, once the count stops moving. */
async function numbering(databaseUrl: string) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const count = async () => Number((await client.query<{ n: string }>('select count(*)::text as n from sale_invoices')).rows[0].n);
    // Requests still queued when the load generator stops are still served: wait until the count settles.
    for (let before = -1, now = await count(), tries = 0; now !== before && tries < 60; tries++) {
      before = now;
      await sleep(1000);
      now = await count();
    }
    const { rows } = await client.query<{ n: string; distinct: string; top: string }>(
      `select count(*)::text as n, count(distinct invoice_number)::text as distinct, max(series_no)::text as top
       from sale_invoices group by business_id, branch_id, financial_year, series_prefix`,
    );
    return rows.map((r) => ({ count: Number(r.n), distinct: Number(r.distinct), top: Number(r.top) }));
  } finally {
    await client.end();
  }
}

/** Two autocannon processes at once, the i-th against urls[i] with loads[i] (the same URL twice for one instance). */
async function phase(label: string, urls: [string, string], loads: [Load, Load]): Promise<Phase> {
  log(`${label}: 2 × ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s…`);
  const runs = await Promise.all(urls.map((url, i) => cannon(url, loads[i])));
  return { label, runs, rps: runs.reduce((sum, r) => sum + r.rps, 0), p99: Math.max(...runs.map((r) => r.p99)), load: loadAverage() };
}

/** Area benchmark entry (bench/run.ts); it starts its own two servers on its own database. */
export async function run(ctx: Pick<AreaContext, 'tmpDir'>): Promise<string[]> {
  const intro = [
    'create-sale with one API instance and with two (two server processes, each its own pool) on one PostgreSQL database.',
    '',
  ];
  const db = await throwawayDatabase();
  if (!('url' in db)) return [...intro, `- Not measured: ${db.skipped}`, ''];
  try {
    // Started together: each migrates at start under the migration lock, so the second waits and finds nothing to do.
    const [one, two] = await Promise.all([
      startServer({ label: 'instance-1', databaseUrl: db.url, appsRoot: ctx.tmpDir }),
      startServer({ label: 'instance-2', databaseUrl: db.url, appsRoot: ctx.tmpDir }),
    ]);
    const url = (s: BahiServer) => `${s.baseUrl}/api/sale/create-sale`;
    // One shop: every request of both load generators bills the same series and stock rows. Two shops: each load
    // generator bills its own business, as many tenants spread over the instances would.
    const shop = await saleLoad(one);
    const other = await saleLoad(two);
    const phases = [
      await phase('One shop, one instance', [url(one), url(one)], [shop, shop]),
      await phase('One shop, two instances', [url(one), url(two)], [shop, shop]),
      await phase('Two shops, one instance', [url(one), url(one)], [shop, other]),
      await phase('Two shops, two instances', [url(one), url(two)], [shop, other]),
    ];
    const series = await numbering(db.url);
    const made = series.reduce((sum, s) => sum + s.count, 0);
    const gapFree = series.length === 2 && series.every((s) => s.count === s.distinct && s.count === s.top);
    const ok = phases.reduce((sum, p) => sum + p.runs.reduce((n, r) => n + r.ok, 0), 0);
    const non2xx = phases.reduce((sum, p) => sum + p.runs.reduce((n, r) => n + r.non2xx, 0), 0);
    const row = (p: Phase) => [p.label, `${Math.round(p.rps)} req/s`, p.runs.map((r) => `${Math.round(r.rps)}`).join(' + '), ms(p.p99), p.load];
    const [oneShop1, oneShop2, twoShops1, twoShops2] = phases;
    return [
      ...intro,
      `Load in every phase: two autocannon processes at once, ${CONNECTIONS} connections each (${2 * CONNECTIONS} in all), ${WARMUP_S} s warm-up + ${DURATION_S} s; ` +
        'one instance: both against instance 1; two instances: one against each. Each request is the 3-line invoice with a cash payment of ' +
        '`sales.bench.ts`. One shop: both load generators bill one business at one branch (one number series, the same three stock rows: ' +
        'the worst case for contention); two shops: each bills its own business.',
      '',
      ...table(['Phase', 'create-sale', 'Per autocannon', 'p99 (worse of the two)', 'Load average (1 / 5 / 15 min) after'], phases.map(row)),
      '',
      ...table(
        ['Figure', 'Value'],
        [
          ['One shop: two instances ÷ one, req/s (p99)', `${ratio(oneShop2.rps, oneShop1.rps)} (${ratio(oneShop2.p99, oneShop1.p99)})`],
          ['Two shops: two instances ÷ one, req/s (p99)', `${ratio(twoShops2.rps, twoShops1.rps)} (${ratio(twoShops2.p99, twoShops1.p99)})`],
          ['Cores on this machine (instances, PostgreSQL and load generators share them)', String(os.cpus().length)],
          [
            'Invoice numbers after all phases (2 series)',
            `${made.toLocaleString('en-US')} invoices (${ok.toLocaleString('en-US')} 2xx measured, plus warm-ups), ${non2xx} non-2xx; ` +
              `each series unique and gap-free (count = highest number): ${gapFree ? 'yes' : 'NO'}`,
          ],
        ],
      ),
      '',
    ];
  } finally {
    await runCleanups();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  run({ tmpDir: tempDir('instances') }).then(
    (lines) => process.stdout.write(`${['## Instances', '', ...lines].join('\n')}\n`, () => process.exit(0)),
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      void runCleanups().finally(() => process.exit(1));
    },
  );
}
