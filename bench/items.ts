/**
 * Items at 10,000: a 10,000-row .xlsx through POST /api/item/bulk-create-items (timed), then with those
 * 10,000 items the list endpoint under load (req/s and p99 of GET /api/item/items, first page and a search,
 * 20 connections) and the list page in Chromium (navigation to the first row visible, and a search typed to its
 * result). Every figure comes with a baseline measured in the same run on the same server: GET /api/health for the
 * endpoint, the store-branch list page (a handful of rows) for the page, and a 100-row import for the import.
 *
 * Under `pnpm bench` it is an area benchmark (bench/run.ts gives it running servers: PostgreSQL when one answers,
 * and PGlite). Alone — `npx tsx bench/items.ts` — it starts its own servers the same way. A benchmark, not a test:
 * figures are reported, never enforced.
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import { xlsxOf, type Cells } from '../api/src/services/import/testing';
import { ITEM_IMPORT_COLUMNS, type ItemColumn } from '../api/src/services/item/import';
import type { AreaContext, AreaServer } from './lib/area';
import { BENCH_DIR, median, ms, pct, ratio, runCommand, table } from './lib/common';

export const ROWS = 10_000;
const SMALL_ROWS = 100;
const CONNECTIONS = 20;
const WARMUP_S = 1;
const DURATION_S = 5;
const PAGE_ROUNDS = 5;
const AUTOCANNON = path.join(path.dirname(require.resolve('autocannon/package.json', { paths: [BENCH_DIR] })), 'autocannon.js');
const CATEGORIES = ['Mobiles', 'Accessories', 'Chargers', 'Audio', 'Repairs', 'Covers', 'Cables', 'Storage'];
const UNITS = ['PCS', 'NOS', 'BOX', 'PAC'];
const RATES: [number, number][] = [
  [18, 0],
  [12, 0],
  [5, 0],
  [28, 12],
];

/** Row i: a shop's item list as it really is; one in ten a service. */
function itemRow(i: number, prefix: string): Cells {
  const service = i % 10 === 9;
  const [gst, cess] = RATES[i % RATES.length];
  const values: Partial<Record<ItemColumn, string | number>> = {
    itemType: service ? 'SERVICE' : 'PRODUCT',
    name: `${service ? 'Repair' : 'Item'} ${prefix}${String(i).padStart(5, '0')}`,
    code: `${prefix}${String(i).padStart(6, '0')}`,
    hsnSac: service ? '998713' : '85171300',
    category: CATEGORIES[i % CATEGORIES.length],
    unit: UNITS[i % UNITS.length],
    gstRate: gst,
    cess,
    salePrice: 100 + (i % 900) + 0.5,
    saleTaxType: i % 2 ? 'WITH_TAX' : 'WITHOUT_TAX',
    ...(service ? {} : { purchasePrice: 80 + (i % 700), purchaseTaxType: 'WITHOUT_TAX', openingStock: i % 50, lowStock: 5 }),
  };
  return ITEM_IMPORT_COLUMNS.map((c) => values[c.key] ?? null);
}

export async function itemSheet(rows: number, prefix: string): Promise<Buffer> {
  return xlsxOf([ITEM_IMPORT_COLUMNS.map((c) => c.header), ...Array.from({ length: rows }, (_, i) => itemRow(i, prefix))]);
}

async function upload(server: AreaServer, file: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'items.xlsx');
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/item/bulk-create-items`, {
    method: 'POST',
    headers: { cookie: server.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: form,
  });
  const body = await res.text();
  const took = performance.now() - started;
  if (res.status !== 201) throw new Error(`${server.database}: bulk-create-items answered ${res.status}: ${body.slice(0, 300)}`);
  return took;
}

interface Cannon {
  rps: number;
  p99: number;
  non2xx: number;
}

async function cannon(url: string, cookie?: string): Promise<Cannon> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to load-test ${url}: only 127.0.0.1`);
  const run = async (seconds: number) => {
    const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...(cookie ? ['-H', `cookie=${cookie}`] : []), url];
    const r = await runCommand(process.execPath, args, { timeoutMs: (seconds + 30) * 1000 });
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as {
      requests: { average: number };
      latency: { p99: number };
      non2xx: number;
    };
    return { rps: out.requests.average, p99: out.latency.p99, non2xx: out.non2xx };
  };
  await run(WARMUP_S);
  return run(DURATION_S);
}

/** Navigation start to `selector` visible in a fresh, signed-in browser context (empty cache). */
async function pageLoad(browser: Browser, server: AreaServer, pathName: string, selector: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(
      server.cookie.split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: server.baseUrl };
      }),
    );
    const page = await context.newPage();
    const started = Date.now();
    await page.goto(`${server.baseUrl}${pathName}`, { timeout: 60_000 });
    try {
      await page.locator(selector).first().waitFor({ state: 'visible', timeout: 60_000 });
    } catch (e) {
      throw new Error(`${pathName}: no ${selector} at ${page.url()}: ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: e });
    }
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

/** In a loaded list: typing a search until its one matching row is the only row. */
async function searchTime(browser: Browser, server: AreaServer, prefix: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    await context.addCookies(
      server.cookie.split('; ').map((pair) => {
        const eq = pair.indexOf('=');
        return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: server.baseUrl };
      }),
    );
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/items`, { timeout: 60_000 });
    await page.locator('tr.ant-table-row a').first().waitFor({ state: 'visible', timeout: 30_000 });
    const target = `${prefix}004321`;
    const started = Date.now();
    await page.getByRole('textbox', { name: 'Search items' }).fill(target);
    await page.getByRole('link', { name: `Item ${prefix}04321` }).waitFor({ state: 'visible', timeout: 30_000 });
    await page.waitForFunction(() => document.querySelectorAll('tbody tr.ant-table-row').length === 1, null, { timeout: 30_000 });
    return Date.now() - started;
  } finally {
    await context.close();
  }
}

interface Figures {
  database: string;
  importMs: number;
  smallImportMs: number;
  health: Cannon;
  firstPage: Cannon;
  search: Cannon;
  listPage: number;
  branchPage: number;
  search_ms: number;
  /** GET /api/item/items without paging (the seed's call): every one of the 10,000 items, median of 3. */
  everyItemMs: number;
  healthMs: number;
}

async function timedGet(url: string, cookie?: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: cookie ? { cookie } : {} });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - started;
}

async function benchServer(ctx: AreaContext, server: AreaServer, browser: Browser): Promise<Figures> {
  const { log } = ctx;
  const small = await ctx.signUp(server);
  log(`${server.database}: importing ${SMALL_ROWS} items (baseline)…`);
  const smallImportMs = await upload(small, await itemSheet(SMALL_ROWS, 'S'));
  log(`${server.database}: importing ${ROWS.toLocaleString('en-IN')} items…`);
  const importMs = await upload(server, await itemSheet(ROWS, 'B'));
  log(`${server.database}: ${ROWS} rows in ${(importMs / 1000).toFixed(2)} s; load-testing the list…`);

  const health = await cannon(`${server.baseUrl}/api/health`);
  const firstPage = await cannon(`${server.baseUrl}/api/item/items?page=1&pageSize=50`, server.cookie);
  const search = await cannon(`${server.baseUrl}/api/item/items?q=B0043&page=1&pageSize=50`, server.cookie);

  const every: number[] = [];
  const healthTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    every.push(await timedGet(`${server.baseUrl}/api/item/items`, server.cookie));
    healthTimes.push(await timedGet(`${server.baseUrl}/api/health`));
  }

  log(`${server.database}: the list page in Chromium…`);
  const listLoads: number[] = [];
  const branchLoads: number[] = [];
  const searches: number[] = [];
  for (let i = 0; i < PAGE_ROUNDS; i++) {
    branchLoads.push(await pageLoad(browser, server, '/store-branch', 'tr.ant-table-row a'));
    listLoads.push(await pageLoad(browser, server, '/items', 'tr.ant-table-row a'));
    searches.push(await searchTime(browser, server, 'B'));
  }
  return {
    database: server.database,
    importMs,
    smallImportMs,
    health,
    firstPage,
    search,
    listPage: median(listLoads),
    branchPage: median(branchLoads),
    search_ms: median(searches),
    everyItemMs: median(every),
    healthMs: median(healthTimes),
  };
}

const rps = (v: number) => `${Math.round(v).toLocaleString('en-US')} req/s`;

function report(figures: Figures[], skipped: string[]): string[] {
  const rows: string[][] = [];
  for (const f of figures) {
    const perRow = f.importMs / ROWS;
    const smallPerRow = f.smallImportMs / SMALL_ROWS;
    rows.push(
      [`${f.database}: import ${ROWS.toLocaleString('en-IN')} rows`, `${(f.importMs / 1000).toFixed(2)} s (${Math.round(ROWS / (f.importMs / 1000)).toLocaleString('en-US')} rows/s)`, `${SMALL_ROWS} rows: ${ms(f.smallImportMs)}`, `${ratio(perRow, smallPerRow)} per row`],
      [`${f.database}: list endpoint, first page (50)`, rps(f.firstPage.rps), `${rps(f.health.rps)} health`, pct(f.firstPage.rps, f.health.rps)],
      [`${f.database}: list endpoint, first page p99`, ms(f.firstPage.p99), `${ms(f.health.p99)} health`, ratio(f.firstPage.p99, f.health.p99)],
      [`${f.database}: list endpoint, search`, rps(f.search.rps), `${rps(f.health.rps)} health`, pct(f.search.rps, f.health.rps)],
      [`${f.database}: list endpoint, search p99`, ms(f.search.p99), `${ms(f.health.p99)} health`, ratio(f.search.p99, f.health.p99)],
      [`${f.database}: every item, unpaged (seed call)`, ms(f.everyItemMs), `${ms(f.healthMs)} health`, ratio(f.everyItemMs, f.healthMs)],
      [`${f.database}: list page, navigation to first row`, ms(f.listPage), `${ms(f.branchPage)} branch list page`, ratio(f.listPage, f.branchPage)],
      [`${f.database}: list page, search typed to its one row`, ms(f.search_ms), '', ''],
    );
  }
  const problems = figures.flatMap((f) =>
    (['health', 'firstPage', 'search'] as const)
      .filter((k) => f[k].non2xx > 0)
      .map((k) => `- Warning: ${f.database} ${k}: ${f[k].non2xx} non-2xx answers.`),
  );
  return [
    `Items at ${ROWS.toLocaleString('en-IN')}: import through POST /api/item/bulk-create-items (multipart .xlsx, validation, one transaction, unnest inserts); ` +
      `GET /api/item/items with ${CONNECTIONS} connections (autocannon, ${WARMUP_S} s warm-up + ${DURATION_S} s); the /items page in headless Chromium (median of ${PAGE_ROUNDS}, empty cache, search debounced 300 ms).`,
    '',
    ...table(['Figure', 'Value', 'Baseline (same run)', 'Ratio'], rows),
    '',
    ...problems,
    ...skipped.map((s) => `- Skipped: ${s}`),
    '',
  ];
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  const { launchChromium } = await import('./lib/chromium');
  const browser = await launchChromium();
  try {
    const figures: Figures[] = [];
    for (const server of ctx.servers) figures.push(await benchServer(ctx, server, browser));
    const skipped = ctx.servers.some((s) => s.database === 'PostgreSQL') ? [] : ['PostgreSQL: none was available to bench/run.ts'];
    return report(figures, skipped);
  } finally {
    await browser.close();
  }
}

/** Alone: its own servers (PGlite, and PostgreSQL when one answers) and the workspace's builds. */
async function standalone() {
  const { log, runCleanups, ROOT, tempDir } = await import('./lib/common');
  const { startServer, signUp } = await import('./lib/server');
  const { throwawayDatabase } = await import('./lib/postgres');
  const { CHROMIUM_ARGS, CHROMIUM_PATH } = await import('./lib/chromium');
  const servers: AreaServer[] = [];
  const skipped: string[] = [];
  try {
    const db = await throwawayDatabase();
    const starts: { label: string; databaseUrl?: string }[] = [{ label: 'pglite' }];
    if ('url' in db) starts.unshift({ label: 'postgres', databaseUrl: db.url });
    else skipped.push(`PostgreSQL: ${db.skipped}`);
    for (const s of starts) {
      const server = await startServer({ label: s.label, databaseUrl: s.databaseUrl, appsRoot: ROOT });
      const session = await signUp(server, 'ItemsBench');
      servers.push({ database: server.database as AreaServer['database'], baseUrl: server.baseUrl, outbox: server.outbox, cookie: session.cookieHeader, phone: session.phone });
    }
    const ctx: AreaContext = {
      root: ROOT,
      tmpDir: tempDir('items'),
      server: servers[0],
      servers,
      async signUp(server = servers[0]) {
        const session = await signUp(server, 'ItemsBench');
        return { ...server, cookie: session.cookieHeader, phone: session.phone };
      },
      chromium: { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] },
      log,
    };
    const lines = await run(ctx);
    process.stdout.write(`${['## Items: import, list endpoint and list page at 10,000', '', ...lines, ...skipped.map((s) => `- Skipped: ${s}`)].join('\n')}\n`);
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
