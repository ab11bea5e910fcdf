/**
 * Party import and list at 10,000 parties: uploads a 10,000-row .xlsx to POST /api/party/bulk-create of
 * the real server (multipart, all or nothing, one transaction, unnest bulk insert) and prints rows, seconds and
 * rows/s; then times the list the shop owner uses at that size (first page, a search, a filter, every party).
 *
 * Under `pnpm bench` it is an area benchmark (bench/run.ts gives it running servers: PostgreSQL when one answers,
 * and PGlite). Alone — `npx tsx bench/parties-import.ts` — it starts its own servers: PGlite, and PostgreSQL on a
 * throwaway database when 127.0.0.1:5432 answers (BENCH_POSTGRES_URL to use another). A benchmark, not a test:
 * it reports against the 10 s target and never fails on it.
 */
import path from 'node:path';
import { gstinCheckChar } from '@bahi/shared/india';
import { xlsxOf, type Cells } from '../api/src/services/import/testing';
import { PARTY_IMPORT_COLUMNS, type PartyColumn } from '../api/src/services/party/import';
import type { AreaContext, AreaServer } from './lib/area';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';

export const ROWS = 10_000;
const TARGET_S = 10;
const LIST_SAMPLES = 7;
const CATEGORIES = ['Wholesale', 'Retail', 'Distributor', 'Contractor', 'Online'];
const STATES: [string, string, string][] = [
  ['27', 'Maharashtra', '411001'],
  ['29', 'Karnataka', '560025'],
  ['24', 'Gujarat', '380001'],
  ['07', 'Delhi', '110001'],
  ['33', 'Tamil Nadu', '600001'],
];

/** Row i of the sheet: every column filled the way a real customer list is, a quarter with a separate shipping address. */
function partyRow(i: number): Cells {
  const [code, state, pin] = STATES[i % STATES.length];
  const pan = `AAPFU${String(i % 10_000).padStart(4, '0')}F`;
  const gstin14 = `${code}${pan}1Z`;
  const values: Partial<Record<PartyColumn, string | number>> = {
    name: `Bench Party ${String(i).padStart(5, '0')}`,
    partyType: i % 3 === 0 ? 'SUPPLIER' : 'CUSTOMER',
    mobileNumber: String(9_000_000_000 + i),
    email: `party${i}@example.in`,
    category: CATEGORIES[i % CATEGORIES.length],
    openingBalance: (i * 37.5) % 100_000,
    gstin: gstin14 + gstinCheckChar(gstin14),
    panNumber: pan,
    creditPeriod: (i % 4) * 15,
    creditLimit: 50_000 + (i % 10) * 10_000,
    billingStreet: `Shop ${i}, Market Road`,
    billingState: state,
    billingPin: pin,
    ...(i % 4 === 0 ? { shippingStreet: `Godown ${i}, Industrial Area`, shippingState: state, shippingPin: pin } : {}),
  };
  return PARTY_IMPORT_COLUMNS.map((c) => values[c.key] ?? null);
}

export async function partySheet(rows = ROWS): Promise<Buffer> {
  return xlsxOf([PARTY_IMPORT_COLUMNS.map((c) => c.header), ...Array.from({ length: rows }, (_, i) => partyRow(i))]);
}

async function upload(server: AreaServer, file: Buffer): Promise<{ status: number; body: string; ms: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'parties.xlsx');
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/party/bulk-create`, {
    method: 'POST',
    headers: { cookie: server.cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: form,
  });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - started };
}

async function timedGet(server: AreaServer, query: string): Promise<{ ms: number; total: number | undefined; count: number }> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/party/parties${query}`, { headers: { cookie: server.cookie } });
  const json = (await res.json()) as { data?: unknown[]; meta?: { total: number } };
  if (!res.ok) throw new Error(`GET parties${query} answered ${res.status}`);
  return { ms: performance.now() - started, total: json.meta?.total, count: json.data?.length ?? 0 };
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmtMs = (v: number) => `${v.toFixed(v < 10 ? 1 : 0)} ms`;

interface Figures {
  database: string;
  rows: number;
  seconds: number;
  list: { label: string; ms: number; answered: string }[];
}

async function benchServer(server: AreaServer, file: Buffer, log: (m: string) => void): Promise<Figures> {
  log(`${server.database}: importing ${ROWS.toLocaleString('en-IN')} parties…`);
  const res = await upload(server, file);
  if (res.status !== 201) throw new Error(`${server.database}: bulk-create answered ${res.status}: ${res.body.slice(0, 300)}`);
  const { data } = JSON.parse(res.body) as { data: { count: number } };
  log(`${server.database}: ${data.count} rows in ${(res.ms / 1000).toFixed(2)} s`);

  const queries: [string, string][] = [
    ['First page (20, by name)', '?page=1&pageSize=20'],
    ['Last page', `?page=${ROWS / 20}&pageSize=20`],
    ['Search a name ("party 0999")', '?q=party%200999&page=1&pageSize=20'],
    ['Search a mobile ("900000012")', '?q=900000012&page=1&pageSize=20'],
    ['Suppliers only (type filter)', '?partyType=SUPPLIER&page=1&pageSize=20'],
    ['Every party, no paging (seed call)', ''],
  ];
  const list: Figures['list'] = [];
  for (const [label, query] of queries) {
    await timedGet(server, query); // warm-up
    const samples: Awaited<ReturnType<typeof timedGet>>[] = [];
    for (let i = 0; i < (query === '' ? 3 : LIST_SAMPLES); i++) samples.push(await timedGet(server, query));
    const last = samples[samples.length - 1];
    list.push({
      label,
      ms: median(samples.map((s) => s.ms)),
      answered: last.total !== undefined ? `${last.count} of ${last.total}` : `${last.count}`,
    });
  }
  return { database: server.database, rows: data.count, seconds: res.ms / 1000, list };
}

function report(figures: Figures[], skipped: string[]): string[] {
  const lines = [
    `10,000-row .xlsx through POST /api/party/bulk-create (HTTP, multipart, validation, one transaction, unnest insert); target under ${TARGET_S} s on PostgreSQL.`,
    '',
    '| Database | Rows | Seconds | Rows/s | Under 10 s |',
    '|---|---|---|---|---|',
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.rows.toLocaleString('en-IN')} | ${f.seconds.toFixed(2)} | ${Math.round(f.rows / f.seconds).toLocaleString('en-IN')} | ${f.seconds < TARGET_S ? 'yes' : 'no'} |`,
    ),
    '',
    `The list with ${ROWS.toLocaleString('en-IN')} parties (median of ${LIST_SAMPLES}, over HTTP):`,
    '',
    `| Request | ${figures.map((f) => f.database).join(' | ')} | Answered |`,
    `|---|${figures.map(() => '---|').join('')}---|`,
    ...(figures[0]?.list ?? []).map(
      (row, i) => `| ${row.label} | ${figures.map((f) => fmtMs(f.list[i].ms)).join(' | ')} | ${row.answered} |`,
    ),
    ...skipped.map((s) => `\n- Skipped: ${s}`),
    '',
  ];
  return lines;
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  ctx.log(`building a ${ROWS.toLocaleString('en-IN')}-row workbook…`);
  const file = await partySheet();
  const figures: Figures[] = [];
  for (const server of ctx.servers) figures.push(await benchServer(server, file, ctx.log));
  const skipped = ctx.servers.some((s) => s.database === 'PostgreSQL') ? [] : ['PostgreSQL: none was available to bench/run.ts'];
  return report(figures, skipped);
}

/** Alone: its own servers (PGlite, and PostgreSQL when one answers). */
async function standalone() {
  const { log, runCleanups, ROOT } = await import('./lib/common');
  const { startServer, signUp } = await import('./lib/server');
  const { throwawayDatabase } = await import('./lib/postgres');
  const servers: AreaServer[] = [];
  const skipped: string[] = [];
  try {
    const db = await throwawayDatabase();
    const starts: { label: string; databaseUrl?: string }[] = [{ label: 'pglite' }];
    if ('url' in db) starts.unshift({ label: 'postgres', databaseUrl: db.url });
    else skipped.push(`PostgreSQL: ${db.skipped}`);
    for (const s of starts) {
      const server = await startServer({ label: s.label, databaseUrl: s.databaseUrl, appsRoot: ROOT });
      const session = await signUp(server, 'PartiesBench');
      servers.push({
        database: server.database as AreaServer['database'],
        baseUrl: server.baseUrl,
        outbox: server.outbox,
        cookie: session.cookieHeader,
        phone: session.phone,
      });
    }
    log(`building a ${ROWS.toLocaleString('en-IN')}-row workbook…`);
    const file = await partySheet();
    const figures: Figures[] = [];
    for (const server of servers) figures.push(await benchServer(server, file, log));
    process.stdout.write(`${['## Parties: import and list at 10,000', '', ...report(figures, skipped)].join('\n')}\n`);
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
