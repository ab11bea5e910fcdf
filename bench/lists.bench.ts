/**
 * The list endpoints at 10,000 rows: one business with 10 branches, 10,000 items and 10,000 parties;
 * req/s and p99 of the branch list, the first page of parties and of items, an item and a party search, and a search
 * of each that matches every row, each against GET /api/health of the same server in the same run (20 connections,
 * autocannon in a child process).
 * Targets: the three lists at ≥ 30 % of health's req/s on PostgreSQL; searches p99 ≤ 50 ms on PostgreSQL and
 * ≤ 200 ms on PGlite. Reported, never enforced. Alone: `npx tsx bench/lists.bench.ts` (its own servers).
 */
import os from 'node:os';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import { itemSheet } from './items';
import type { AreaContext, AreaServer } from './lib/area';
import { BENCH_DIR, ms, pct, runCommand, table, verdict } from './lib/common';
import { partySheet } from './parties-import';

const ROWS = 10_000;
const CONNECTIONS = 20;
const WARMUP_S = Number(process.env.BENCH_LISTS_WARMUP_S ?? 2);
const DURATION_S = Number(process.env.BENCH_LISTS_DURATION_S ?? 6);
const LIST_TARGET = 0.3;
const SEARCH_P99_MS = { PostgreSQL: 50, PGlite: 200 } as const;
const AUTOCANNON = path.join(path.dirname(require.resolve('autocannon/package.json', { paths: [BENCH_DIR] })), 'autocannon.js');

interface Cannon {
  rps: number;
  p99: number;
  p50: number;
  non2xx: number;
}

async function cannon(url: string, cookie?: string): Promise<Cannon> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to load-test ${url}: only 127.0.0.1`);
  const run = async (seconds: number) => {
    const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...(cookie ? ['-H', `cookie=${cookie}`] : []), url];
    const r = await runCommand(process.execPath, args, { timeoutMs: (seconds + 30) * 1000 });
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as {
      requests: { average: number };
      latency: { p99: number; p50: number };
      non2xx: number;
    };
    return { rps: out.requests.average, p99: out.latency.p99, p50: out.latency.p50, non2xx: out.non2xx };
  };
  await run(WARMUP_S);
  return run(DURATION_S);
}

async function upload(server: AreaServer, endpoint: string, file: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${server.baseUrl}/api/${endpoint}`, { method: 'POST', headers: { cookie: server.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE }, body: form });
  if (res.status !== 201) throw new Error(`${server.database}: ${endpoint} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
}

async function addBranches(server: AreaServer, count: number) {
  for (let i = 1; i <= count; i++) {
    const res = await fetch(`${server.baseUrl}/api/store-branch/create-branch`, {
      method: 'POST',
      headers: { cookie: server.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Lists branch ${i}`, address: { street: `${i} MG Road`, city: 'Pune', stateCode: '27', pin: '411001' } }),
    });
    if (res.status !== 201) throw new Error(`${server.database}: create-branch answered ${res.status}`);
  }
}

/** What each endpoint is measured with; `search` rows have a p99 target instead of a req/s one, `broad` rows none. */
const ENDPOINTS = [
  { key: 'branches', label: 'GET /api/store-branch/branches (10)', path: '/api/store-branch/branches', kind: 'list' },
  { key: 'parties', label: 'GET /api/party/parties?page=1', path: '/api/party/parties?page=1', kind: 'list' },
  { key: 'items', label: 'GET /api/item/items first page', path: '/api/item/items?page=1&pageSize=50', kind: 'list' },
  { key: 'itemSearch', label: 'item search (q=L0043)', path: '/api/item/items?q=L0043&page=1&pageSize=50', kind: 'search' },
  { key: 'partySearch', label: 'party search (q=party 0999)', path: '/api/party/parties?q=party%200999&page=1', kind: 'search' },
  // Filters that match most rows: what the page costs when its filter cannot narrow it (reported, no target).
  { key: 'itemBroad', label: 'item search matching all 10,000 (q=L0)', path: '/api/item/items?q=L0&page=1&pageSize=50', kind: 'broad' },
  { key: 'partyBroad', label: 'party search matching all 10,000 (q=party)', path: '/api/party/parties?q=party&page=1', kind: 'broad' },
] as const;

interface Figures {
  database: AreaServer['database'];
  load: number[];
  health: Cannon;
  endpoints: Record<(typeof ENDPOINTS)[number]['key'], Cannon>;
  /** PostgreSQL: the lists once more from a second server on the same database with READ_CACHE=0. */
  uncached?: Partial<Record<(typeof ENDPOINTS)[number]['key'], Cannon>>;
}

/**
 * The same lists from a server that keeps nothing in memory (READ_CACHE=0) on the same PostgreSQL database: what
 * a request costs when the read cache misses (after every write of the business), measured in the same run.
 */
async function uncachedLists(ctx: AreaContext, server: AreaServer): Promise<Figures['uncached']> {
  if (!server.databaseUrl) return undefined;
  const { startServer } = await import('./lib/server');
  const plain = await startServer({ label: 'postgres-uncached', databaseUrl: server.databaseUrl, appsRoot: ctx.root, env: { READ_CACHE: '0', SERVE_APPS: '0' } });
  try {
    const figures: NonNullable<Figures['uncached']> = {};
    for (const e of ENDPOINTS) if (e.kind === 'list') figures[e.key] = await cannon(`${plain.baseUrl}${e.path}`, server.cookie);
    return figures;
  } finally {
    await plain.stop();
  }
}

async function benchServer(ctx: AreaContext, base: AreaServer): Promise<Figures> {
  const server = await ctx.signUp(base);
  ctx.log(`${server.database}: 9 branches, ${ROWS} items and ${ROWS} parties…`);
  await addBranches(server, 9);
  await upload(server, 'item/bulk-create-items', await itemSheet(ROWS, 'L'), 'items.xlsx');
  await upload(server, 'party/bulk-create', await partySheet(ROWS), 'parties.xlsx');
  const load = os.loadavg();
  ctx.log(`${server.database}: load average ${load.map((l) => l.toFixed(2)).join(' / ')}; load-testing…`);
  const health = await cannon(`${server.baseUrl}/api/health`);
  const endpoints = {} as Figures['endpoints'];
  for (const e of ENDPOINTS) endpoints[e.key] = await cannon(`${server.baseUrl}${e.path}`, server.cookie);
  const uncached = await uncachedLists(ctx, server);
  return { database: server.database, load, health, endpoints, uncached };
}

const rps = (v: number) => `${Math.round(v).toLocaleString('en-US')} req/s`;

function report(figures: Figures[], skipped: string[]): string[] {
  const rows: string[][] = [];
  for (const f of figures) {
    rows.push([`${f.database}: GET /api/health (baseline)`, rps(f.health.rps), ms(f.health.p99), '', '', '']);
    for (const e of ENDPOINTS) {
      const c = f.endpoints[e.key];
      const share = c.rps / f.health.rps;
      const target =
        e.kind === 'list'
          ? f.database === 'PostgreSQL'
            ? [`≥ ${LIST_TARGET * 100} % of health`, verdict(share >= LIST_TARGET)]
            : ['', '']
          : e.kind === 'search'
            ? [`p99 ≤ ${SEARCH_P99_MS[f.database]} ms`, verdict(c.p99 <= SEARCH_P99_MS[f.database])]
            : ['', ''];
      rows.push([`${f.database}: ${e.label}`, rps(c.rps), ms(c.p99), pct(c.rps, f.health.rps), ...target]);
    }
    for (const e of ENDPOINTS) {
      const c = f.uncached?.[e.key];
      if (c) rows.push([`${f.database}, read cache off: ${e.label}`, rps(c.rps), ms(c.p99), pct(c.rps, f.health.rps), '', '']);
    }
  }
  const warnings = figures.flatMap((f) =>
    Object.entries(f.endpoints)
      .filter(([, c]) => c.non2xx > 0)
      .map(([k, c]) => `- Warning: ${f.database} ${k}: ${c.non2xx} non-2xx answers.`),
  );
  return [
    ...table(['Endpoint', 'Requests/s', 'p99', 'Of health', 'Target', ''], rows),
    '',
    `- One business with 10 branches, ${ROWS.toLocaleString('en-US')} items and ${ROWS.toLocaleString('en-US')} parties (imported through the API); ` +
      `${CONNECTIONS} connections, autocannon ${WARMUP_S} s warm-up + ${DURATION_S} s per endpoint, in a child process.`,
    '- The lists are answered from the read cache (api/src/services/read-cache.ts) once read: sessions and list answers kept ' +
      'in memory, dropped by the database change feed when a write commits. Searches (`q`) always go to the database. ' +
      '"Read cache off": a second server on the same PostgreSQL database with READ_CACHE=0, the cost of every miss.',
    ...figures.map((f) => `- ${f.database}: load average at the start of the load test ${f.load.map((l) => l.toFixed(2)).join(' / ')} (1 / 5 / 15 min).`),
    ...warnings,
    ...skipped.map((s) => `- Skipped: ${s}`),
    '',
  ];
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  const figures: Figures[] = [];
  for (const server of ctx.servers) figures.push(await benchServer(ctx, server));
  const skipped = ctx.servers.some((s) => s.database === 'PostgreSQL') ? [] : ['PostgreSQL: none was available to bench/run.ts'];
  return report(figures, skipped);
}

/** Alone: its own servers (PostgreSQL when one answers, and PGlite unless BENCH_LISTS_ONLY=postgres). */
async function standalone() {
  const { log, runCleanups, ROOT, tempDir } = await import('./lib/common');
  const { startServer, signUp } = await import('./lib/server');
  const { throwawayDatabase } = await import('./lib/postgres');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('./lib/chromium');
  const servers: AreaServer[] = [];
  const skipped: string[] = [];
  try {
    const db = await throwawayDatabase();
    const starts: { label: string; databaseUrl?: string }[] = process.env.BENCH_LISTS_ONLY === 'postgres' ? [] : [{ label: 'pglite' }];
    if ('url' in db) starts.unshift({ label: 'postgres', databaseUrl: db.url });
    else skipped.push(`PostgreSQL: ${db.skipped}`);
    for (const s of starts) {
      const server = await startServer({ label: s.label, databaseUrl: s.databaseUrl, appsRoot: ROOT });
      const session = await signUp(server, 'ListsBench');
      servers.push({
        database: server.database as AreaServer['database'],
        baseUrl: server.baseUrl,
        databaseUrl: server.databaseUrl,
        outbox: server.outbox,
        cookie: session.cookieHeader,
        phone: session.phone,
      });
    }
    const ctx: AreaContext = {
      root: ROOT,
      tmpDir: tempDir('lists'),
      server: servers[0],
      servers,
      async signUp(server = servers[0]) {
        const session = await signUp(server, 'ListsBench');
        return { ...server, cookie: session.cookieHeader, phone: session.phone };
      },
      chromium: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
      log,
    };
    const lines = await run(ctx);
    process.stdout.write(`${['## Lists at 10,000 rows', '', ...lines, ...skipped.map((s) => `- Skipped: ${s}`)].join('\n')}\n`);
  } finally {
    await runCleanups();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  standalone().then(
    () => process.exit(0),
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
