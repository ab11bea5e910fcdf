/**
 * Sales: create-sale requests per second (3-line invoices with a payment, 20 connections) against
 * GET /api/health of the same server, and the sales list with 100,000 invoices (first page target ≤ 300 ms), on
 * PostgreSQL. A benchmark, not a test: figures are reported against a same-run baseline, never enforced.
 *
 * It starts its own server on a throwaway PostgreSQL database (it seeds 100,000 invoices with one SQL statement,
 * so it needs the database's URL), and measures create-sale on PGlite too when bench/run.ts hands it a PGlite
 * server. Under `pnpm bench` it is an area benchmark; alone: `npx tsx bench/sales.bench.ts`.
 */
import path from 'node:path';
import { Client } from 'pg';
import type { AreaContext, AreaServer } from './lib/area';
import { BENCH_DIR, log, ms, pct, ratio, runCleanups, table, tempDir, verdict } from './lib/common';
import { CONNECTIONS, DURATION_S, WARMUP_S, call, cannon, createItem, medianGet, type Cannon } from './lib/documents';
import { throwawayDatabase } from './lib/postgres';
import { signUp, startServer, type BahiServer } from './lib/server';

const INVOICES = 100_000;
const LIST_TARGET_MS = 300;
const ROUNDS = 9;
interface Shop {
  cookie: string;
  businessId: string;
  branchId: string;
  itemIds: string[];
  partyId: string;
}

/** A fresh business with three items (plenty of stock) and a customer: what create-sale bills. */
export async function shop(server: { baseUrl: string; outbox: string }, label: string): Promise<Shop> {
  const session = await signUp(server, label);
  const cookie = session.cookieHeader;
  const profile = await call<{ data: { user: { business: { id: string } }; activeStoreBranch: { id: string } } }>(server, cookie, 'GET', '/api/auth/profile');
  const itemIds = [
    await createItem(server, cookie, 1, 'gst-18', '499.00', false),
    await createItem(server, cookie, 2, 'gst-40', '52.50', true),
    await createItem(server, cookie, 3, 'gst-5', '120.00', false),
  ];
  const party = await call<{ data: { id: string } }>(server, cookie, 'POST', '/api/party/create', {
    name: 'Bench Customer',
    partyType: 'CUSTOMER',
    billingAddress: { type: 'BOTH', miscData: { ad: 'MG Road', st: '29', pin: '560001' } },
  });
  return { cookie, businessId: profile.data.user.business.id, branchId: profile.data.activeStoreBranch.id, itemIds, partyId: party.data.id };
}

/** A 3-line invoice (18 % exclusive, 12 % inclusive with a discount, 5 %) with ₹500 received in cash. */
export const saleBody = (s: Shop) =>
  JSON.stringify({
    partyId: s.partyId,
    lines: [
      { itemId: s.itemIds[0], quantity: 2 },
      { itemId: s.itemIds[1], quantity: 1, discountPercent: 5 },
      { itemId: s.itemIds[2], quantity: 3 },
    ],
    payment: { amount: 500, mode: 'CASH' },
  });

interface CreateFigures {
  database: string;
  sale: Cannon;
  health: Cannon;
  numbersGapFree: boolean;
  invoices: number;
}

async function benchCreate(server: AreaServer | BahiServer, label: string): Promise<CreateFigures> {
  log(`${server.database}: create-sale under ${CONNECTIONS} connections…`);
  const s = await shop(server, label);
  const health = await cannon(`${server.baseUrl}/api/health`);
  const sale = await cannon(`${server.baseUrl}/api/sale/create-sale`, { cookie: s.cookie, body: saleBody(s) });
  // Requests still queued when the load generator stops are still served: wait until the count settles.
  const total = async () =>
    (await call<{ meta: { total: number } }>(server, s.cookie, 'GET', '/api/sale/sale-invoices?pageSize=1')).meta.total;
  for (let before = -1, now = await total(), tries = 0; now !== before && tries < 60; tries++) {
    before = now;
    await new Promise((r) => setTimeout(r, 1000));
    now = await total();
  }
  // Every number the load made: 1..N with no gap and no repeat.
  const running: number[] = [];
  for (let page = 1; ; page++) {
    const list = await call<{ data: { invoiceNumber: string }[] }>(server, s.cookie, 'GET', `/api/sale/sale-invoices?pageSize=100&page=${page}`);
    running.push(...list.data.map((d) => Number(d.invoiceNumber.split('/').at(-1))));
    if (list.data.length < 100) break;
  }
  running.sort((x, y) => x - y);
  return { database: server.database, sale, health, numbersGapFree: running.every((n, i) => n === i + 1), invoices: running.length };
}

/** 100,000 invoices of one business in one statement (plus their lines and 1,000 parties), then ANALYZE. */
async function seedInvoices(databaseUrl: string, s: Shop) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query('begin');
    await client.query(
      `insert into parties (business_id, name, party_type, mobile_number, created_at, updated_at)
       select $1, 'Party ' || lpad(g::text, 4, '0'), 'CUSTOMER', '98' || lpad(g::text, 8, '0'), now(), now()
       from generate_series(1, 1000) g`,
      [s.businessId],
    );
    await client.query(
      `with p as (
         select id, name, mobile_number, row_number() over (order by name) as rn from parties where business_id = $1 and name like 'Party %'
       ), g as (
         select g, (100 + g % 5000)::numeric(14,2) as taxable from generate_series(1, $3::int) g
       ), v as (
         select g.g, g.taxable, round(g.taxable * 0.09, 2) as half,
                case g.g % 10 when 0 then 'CANCELLED' when 1 then 'UNPAID' when 2 then 'UNPAID' when 3 then 'PARTIAL' else 'PAID' end as status,
                p.id as party_id, p.name as party_name, p.mobile_number
         from g join p on p.rn = 1 + g.g % 1000
       )
       insert into sale_invoices (business_id, branch_id, financial_year, series_prefix, series_no, party_id, party_name, party_mobile,
         party_snapshot, branch_snapshot, place_of_supply, supply_type, round_off, taxable_value, discount, cgst, sgst, igst, cess,
         subtotal, round_off_amount, grand_total, amount_in_words, hsn_summary, invoice_number, invoice_date, due_date, status,
         received, cancelled_at, cancel_reason, created_at, updated_at)
       select $1::uuid, $2::uuid, '2025-26', 'MB/25-26/', v.g, v.party_id, v.party_name, v.mobile_number,
         jsonb_build_object('id', v.party_id, 'name', v.party_name, 'mobileNumber', v.mobile_number, 'email', null, 'gstin', null,
                            'billingAddress', null, 'shippingAddress', null),
         jsonb_build_object('id', $2::uuid::text, 'name', 'Main Branch', 'businessName', 'Bench', 'gstin', null, 'phone', null, 'email', null,
                            'address', jsonb_build_object('street', null, 'city', null, 'stateCode', '27', 'state', 'Maharashtra', 'pin', null),
                            'stateCode', '27'),
         '27', 'INTRA', false, v.taxable, 0, v.half, v.half, 0, 0, v.taxable + 2 * v.half, 0, v.taxable + 2 * v.half,
         'Rupees (seeded)', '[]'::jsonb, 'MB/25-26/' || v.g, date '2025-04-01' + (v.g * 365 / $3::int), date '2025-04-16' + (v.g * 365 / $3::int),
         v.status,
         case v.status when 'PAID' then v.taxable + 2 * v.half when 'PARTIAL' then round((v.taxable + 2 * v.half) / 2, 2) else 0 end,
         case v.status when 'CANCELLED' then now() end, case v.status when 'CANCELLED' then 'seeded' end,
         now() - ($3::int - v.g) * interval '1 second', now()
       from v`,
      [s.businessId, s.branchId, INVOICES],
    );
    await client.query(
      `insert into sale_invoice_lines (business_id, document_id, line_no, item_id, item_name, item_type, hsn_sac, quantity, unit, unit_price,
         price_includes_tax, discount, taxable_value, gst_rate_id, gst_rate, cgst, sgst, igst, cess_rate, cess_per_unit, cess, total)
       select business_id, id, 1, $2, 'Bench item 1', 'PRODUCT', '85171300', 1, 'NOS', taxable_value, false, 0, taxable_value, 'gst-18', 18,
              cgst, sgst, 0, 0, 0, 0, grand_total
       from sale_invoices where business_id = $1 and financial_year = '2025-26'`,
      [s.businessId, s.itemIds[0]],
    );
    await client.query(
      `insert into document_series (business_id, doc_type, financial_year, prefix, last_number) values ($1, 'SALE', '2025-26', 'MB/25-26/', $2)`,
      [s.businessId, INVOICES],
    );
    await client.query('commit');
    const seededMs = performance.now() - started;
    // What autovacuum does to a table soon after a bulk load: statistics, and the visibility map index-only scans use.
    await client.query('vacuum analyze sale_invoices');
    await client.query('vacuum analyze sale_invoice_lines');
    await client.query('vacuum analyze parties');
    const partyId = (await client.query<{ id: string }>(`select id from parties where business_id = $1 and name = 'Party 0042'`, [s.businessId])).rows[0].id;
    return { seededMs, partyId };
  } finally {
    await client.end();
  }
}

async function medianOf(server: { baseUrl: string }, url: string, cookie?: string): Promise<{ median: number; samples: number[]; total: number }> {
  const r = await medianGet(server, url, cookie, ROUNDS);
  return { median: r.median, samples: r.samples, total: (r.body as { meta?: { total?: number } }).meta?.total ?? 0 };
}

async function benchList(server: BahiServer, databaseUrl: string): Promise<string[]> {
  const s = await shop(server, 'SalesList');
  log(`PostgreSQL: seeding ${INVOICES.toLocaleString('en-IN')} invoices…`);
  const { seededMs, partyId } = await seedInvoices(databaseUrl, s);
  log(`PostgreSQL: seeded in ${(seededMs / 1000).toFixed(1)} s; timing the list…`);
  // The query's own cost: a second server on the same database that keeps nothing in memory (READ_CACHE=0), since
  // the list is a read-cache route and repeated reads of `server` come from memory (reported beside, last row).
  const plain = await startServer({ label: 'sales-uncached', databaseUrl, appsRoot: server.appsRoot, env: { READ_CACHE: '0', SERVE_APPS: '0' } });
  try {
    return await listFigures(server, plain, s.cookie, seededMs, partyId);
  } finally {
    await plain.stop();
  }
}

async function listFigures(cached: BahiServer, server: BahiServer, cookie: string, seededMs: number, partyId: string): Promise<string[]> {
  const s = { cookie };
  const health = await medianOf(server, '/api/health');
  const queries: [string, string][] = [
    ['First page (20, newest first) with the sums of all 100,000', '/api/sale/sale-invoices'],
    ['Page 100', '/api/sale/sale-invoices?page=100'],
    ['Status UNPAID (20,000 match)', '/api/sale/sale-invoices?status=UNPAID'],
    ['One month (from/to)', '/api/sale/sale-invoices?from=2025-09-01&to=2025-09-30'],
    ['One party (partyId, 100 match)', `/api/sale/sale-invoices?partyId=${partyId}`],
    ['Search a party name (q=party 0042)', '/api/sale/sale-invoices?q=party%200042'],
    ['Search a mobile (q=9800000042)', '/api/sale/sale-invoices?q=9800000042'],
    ['Search a number (q=MB/25-26/4242)', `/api/sale/sale-invoices?q=${encodeURIComponent('MB/25-26/4242')}`],
  ];
  const rows: string[][] = [];
  let firstPage = Number.NaN;
  for (const [label, url] of queries) {
    const r = await medianOf(server, url, s.cookie);
    if (Number.isNaN(firstPage)) firstPage = r.median;
    rows.push([label, ms(r.median), r.total.toLocaleString('en-IN'), `${ms(health.median)} health`, ratio(r.median, health.median)]);
  }
  const load = await cannon(`${server.baseUrl}/api/sale/sale-invoices`, { cookie: s.cookie, seconds: 5 });
  const cachedLoad = await cannon(`${cached.baseUrl}/api/sale/sale-invoices`, { cookie: s.cookie, seconds: 5 });
  const healthLoad = await cannon(`${server.baseUrl}/api/health`, { seconds: 5 });
  return [
    `### Sales list with ${INVOICES.toLocaleString('en-IN')} invoices (PostgreSQL)`,
    '',
    `Seeded in ${(seededMs / 1000).toFixed(1)} s by one INSERT … SELECT over generate_series (with 1,000 parties and one line per invoice), then VACUUM ANALYZE ` +
      '(what autovacuum does soon after a bulk load; the sums are index-only scans of the covering list indexes). ' +
      `Times are medians of ${ROUNDS} sequential requests over HTTP after 2 warm-ups, to a server with READ_CACHE=0 (every request runs its query); every answer carries meta.total and the sums of grandTotal, received and balance over every match. ` +
      'The last row: the first page from the server that keeps it in its read cache (the same database).',
    '',
    ...table(['Request', 'Median', 'Matches', 'Baseline (same run)', 'Ratio'], rows),
    '',
    ...table(
      ['Figure', 'Value', 'Baseline (same run)', 'Ratio', 'Target', ''],
      [
        ['First page, median', ms(firstPage), `${ms(health.median)} health`, ratio(firstPage, health.median), `≤ ${LIST_TARGET_MS} ms`, verdict(firstPage <= LIST_TARGET_MS)],
        [`First page under ${CONNECTIONS} connections, req/s`, `${Math.round(load.rps)} req/s`, `${Math.round(healthLoad.rps)} req/s health`, pct(load.rps, healthLoad.rps), '', ''],
        [`First page under ${CONNECTIONS} connections, p99`, ms(load.p99), `${ms(healthLoad.p99)} health`, ratio(load.p99, healthLoad.p99), '', ''],
        [`First page under ${CONNECTIONS} connections, read cache on, req/s`, `${Math.round(cachedLoad.rps)} req/s`, `${Math.round(healthLoad.rps)} req/s health`, pct(cachedLoad.rps, healthLoad.rps), '', ''],
      ],
    ),
    '',
  ];
}

function createLines(figures: CreateFigures[]): string[] {
  const rows = figures.flatMap((f) => [
    [`${f.database}: create-sale, requests per second`, `${Math.round(f.sale.rps)} req/s`, `${Math.round(f.health.rps).toLocaleString('en-US')} req/s health`, pct(f.sale.rps, f.health.rps)],
    [`${f.database}: create-sale, p50 / p99 latency`, `${ms(f.sale.p50)} / ${ms(f.sale.p99)}`, `${ms(f.health.p50)} / ${ms(f.health.p99)} health`, ratio(f.sale.p99, f.health.p99)],
  ]);
  const notes = figures.map(
    (f) =>
      `- ${f.database}: ${f.sale.ok.toLocaleString('en-US')} invoices made in the measured ${DURATION_S} s (${f.invoices.toLocaleString('en-US')} with the warm-up), ` +
      `${f.sale.non2xx} non-2xx answers; numbers 1..${f.invoices} with no gap or repeat: ${f.numbersGapFree ? 'yes' : 'NO'}.`,
  );
  return [
    `### create-sale (${CONNECTIONS} connections, autocannon, ${WARMUP_S} s warm-up + ${DURATION_S} s)`,
    '',
    'Each request: a 3-line invoice (18 % exclusive, 12 % inclusive with a 5 % discount, 5 %) to an out-of-state party, with ₹500 received in cash — ' +
      'validation, the GST engine, the number from the branch series (locked counter row), 3 stock rows locked and moved with their movements, ' +
      'the payment transaction, one transaction. Every request bills the same three items at the same branch, so they queue on the same rows: the worst case.',
    '',
    ...table(['Figure', 'Value', 'Baseline (same run)', 'Ratio'], rows),
    '',
    ...notes,
    '',
  ];
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  const lines: string[] = ['Sale invoices: create-sale throughput and the invoice list at 100,000 invoices.', ''];
  const db = await throwawayDatabase();
  const creates: CreateFigures[] = [];
  let listLines: string[] = [];
  try {
    if ('url' in db) {
      const server = await startServer({ label: 'sales-postgres', databaseUrl: db.url, appsRoot: ctx.tmpDir });
      try {
        creates.push(await benchCreate(server, 'SalesCreate'));
        listLines = await benchList(server, db.url);
      } finally {
        await server.stop();
      }
    } else {
      lines.push(`- PostgreSQL: not measured (${db.skipped})`, '');
    }
    for (const server of ctx.servers.filter((s) => s.database === 'PGlite')) creates.push(await benchCreate(server, 'SalesCreate'));
  } finally {
    await runCleanups();
  }
  return [...lines, ...createLines(creates), ...listLines];
}

async function standalone() {
  const servers: AreaServer[] = [];
  try {
    const pglite = await startServer({ label: 'sales-pglite', appsRoot: tempDir('sales-apps') });
    const session = await signUp(pglite, 'Sales');
    servers.push({ database: 'PGlite', baseUrl: pglite.baseUrl, outbox: pglite.outbox, cookie: session.cookieHeader, phone: session.phone });
    const ctx: AreaContext = {
      root: path.resolve(BENCH_DIR, '..'),
      tmpDir: tempDir('sales'),
      server: servers[0],
      servers,
      signUp: async (server = servers[0]) => {
        const s = await signUp(server, 'Sales');
        return { ...server, cookie: s.cookieHeader, phone: s.phone };
      },
      chromium: { executablePath: '', args: [] },
      log,
    };
    const lines = await run(ctx);
    process.stdout.write(`${['## Sales', '', ...lines].join('\n')}\n`);
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
