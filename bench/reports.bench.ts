/**
 * Reports: the sale report over 100,000 invoices — one month grouped by day, with totals (target
 * ≤ 200 ms) — and GSTR-1 for a month of 10,000 invoices (target ≤ 2 s), on PostgreSQL. A benchmark, not a test:
 * figures are reported against a same-run baseline (GET /api/health), never enforced.
 *
 * It starts its own server on a throwaway PostgreSQL database and seeds the invoices with SQL (100,000 over ten
 * months, so each month holds 10,000; a third to registered buyers, a third inter-state). Under `pnpm bench` it is
 * an area benchmark; alone: `npx tsx bench/reports.bench.ts`.
 */
import path from 'node:path';
import { Client } from 'pg';
import { gstinCheckChar } from '@bahi/shared/india';
import type { AreaContext } from './lib/area';
import { log, ms, ratio, runCleanups, table, tempDir, verdict } from './lib/common';
import { medianGet, timedGet } from './lib/documents';
import { throwawayDatabase } from './lib/postgres';
import { signUp, startServer, type BahiServer } from './lib/server';

const INVOICES = 100_000;
const MONTHS = 10;
const PARTIES = 1000;
const ROUNDS = 9;
const SALE_REPORT_TARGET_MS = 200;
const GSTR1_TARGET_MS = 2000;
const GSTIN = `27AAPFU0939F1Z${gstinCheckChar('27AAPFU0939F1Z')}`;

/** One business with a GSTIN, 1,000 parties (a third registered, a third in Karnataka) and 100,000 one-line invoices. */
async function seed(databaseUrl: string, server: BahiServer) {
  const session = await signUp(server, 'Reports');
  const profile = (await timedGet(server, '/api/auth/profile', session.cookieHeader)).body as {
    data: { user: { business: { id: string } }; activeStoreBranch: { id: string } };
  };
  const businessId = profile.data.user.business.id;
  const branchId = profile.data.activeStoreBranch.id;
  const gstins = Array.from({ length: PARTIES }, (_, i) => {
    if (i % 3 !== 0) return '';
    const first14 = `${i % 2 ? '29' : '27'}AABCT${String(1000 + i).slice(-4)}L1Z`;
    return first14 + gstinCheckChar(first14);
  });
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('begin');
    await client.query(`update businesses set gstin = $2, state_code = '27' where id = $1`, [businessId, GSTIN]);
    const item = await client.query<{ id: string }>(
      `insert into items (business_id, item_type, name, code, hsn_code, gst_rate_id, unit_id, sale_price)
       values ($1, 'PRODUCT', 'Bench phone', 'BENCHPHONE', '85171300', 'gst-18', 'NOS', 1000) returning id`,
      [businessId],
    );
    await client.query(
      `insert into parties (business_id, name, party_type, gstin, created_at, updated_at)
       select $1, 'Party ' || lpad(g::text, 4, '0'), 'CUSTOMER', nullif(($2::text[])[g], ''), now(), now() from generate_series(1, $3::int) g`,
      [businessId, gstins, PARTIES],
    );
    await client.query(
      `with p as (
         select id, name, gstin, row_number() over (order by name) as rn from parties where business_id = $1
       ), v as (
         select g, p.id as party_id, p.name as party_name, p.gstin, (50 + (g * 7919) % 150000)::numeric(14,2) as taxable,
                (p.rn % 3 = 2) as inter
         from generate_series(1, $3::int) g join p on p.rn = 1 + g % ${PARTIES}
       ), t as (
         select v.*, case when inter then round(taxable * 0.18, 2) else 0 end as igst,
                case when inter then 0 else round(taxable * 0.09, 2) end as half
         from v
       )
       insert into sale_invoices (business_id, branch_id, financial_year, series_prefix, series_no, party_id, party_name,
         party_snapshot, branch_snapshot, place_of_supply, supply_type, round_off, taxable_value, discount, cgst, sgst, igst, cess,
         subtotal, round_off_amount, grand_total, amount_in_words, hsn_summary, invoice_number, invoice_date, due_date, status,
         received, cancelled_at, cancel_reason, created_at, updated_at)
       select $1::uuid, $2::uuid, '2025-26', 'MB/25-26/', t.g, t.party_id, t.party_name,
         jsonb_build_object('id', t.party_id, 'name', t.party_name, 'gstin', t.gstin),
         jsonb_build_object('id', $2::uuid::text, 'name', 'Main Branch', 'gstin', $4::text, 'stateCode', '27'),
         case when t.inter then '29' else '27' end, case when t.inter then 'INTER' else 'INTRA' end, false,
         t.taxable, 0, t.half, t.half, t.igst, 0, t.taxable + 2 * t.half + t.igst, 0, t.taxable + 2 * t.half + t.igst,
         'Rupees (seeded)', '[]'::jsonb, 'MB/25-26/' || t.g, date '2025-04-01' + (t.g * ${MONTHS * 30} / $3::int), date '2025-04-16' + (t.g * ${MONTHS * 30} / $3::int),
         case when t.g % 50 = 0 then 'CANCELLED' else 'UNPAID' end, 0,
         case when t.g % 50 = 0 then now() end, case when t.g % 50 = 0 then 'seeded' end, now() - ($3::int - t.g) * interval '1 second', now()
       from t`,
      [businessId, branchId, INVOICES, GSTIN],
    );
    await client.query(
      `insert into sale_invoice_lines (business_id, document_id, line_no, item_id, item_name, item_type, hsn_sac, quantity, unit, unit_price,
         price_includes_tax, discount, taxable_value, gst_rate_id, gst_rate, cgst, sgst, igst, cess_rate, cess_per_unit, cess, total)
       select business_id, id, 1, $2, 'Bench phone', 'PRODUCT', '85171300', 1, 'NOS', taxable_value, false, 0, taxable_value, 'gst-18', 18,
              cgst, sgst, igst, 0, 0, 0, grand_total
       from sale_invoices where business_id = $1`,
      [businessId, item.rows[0].id],
    );
    await client.query('commit');
    const seededMs = performance.now() - started;
    for (const t of ['sale_invoices', 'sale_invoice_lines', 'parties']) await client.query(`vacuum analyze ${t}`);
    const party = await client.query<{ id: string }>(`select id from parties where business_id = $1 and name = 'Party 0042'`, [businessId]);
    return { cookie: session.cookieHeader, seededMs, partyId: party.rows[0].id };
  } finally {
    await client.end();
  }
}

async function bench(server: BahiServer, databaseUrl: string): Promise<string[]> {
  log(`PostgreSQL: seeding ${INVOICES.toLocaleString('en-IN')} invoices…`);
  const s = await seed(databaseUrl, server);
  log(`PostgreSQL: seeded in ${(s.seededMs / 1000).toFixed(1)} s; timing the reports…`);
  const health = await medianGet(server, '/api/health', undefined, ROUNDS);
  const month = 'from=2025-09-01&to=2025-09-30';
  const queries: [string, string, number | null][] = [
    ['Sale report, one month grouped by day, with totals', `/api/sale/sale-reports?${month}&groupBy=day`, SALE_REPORT_TARGET_MS],
    ['Sale report, one month by invoice (first page of 50)', `/api/sale/sale-reports?${month}&groupBy=invoice`, null],
    ['Sale report, one month by party', `/api/sale/sale-reports?${month}&groupBy=party`, null],
    ['Sale report, one month by HSN (lines)', `/api/sale/sale-reports?${month}&groupBy=hsn`, null],
    ['Sale report, the year by month', '/api/sale/sale-reports?from=2025-04-01&to=2026-03-31&groupBy=month', null],
    ['GSTR-1, one month (~10,000 invoices)', `/api/report/gstr1?gstin=${GSTIN}&period=092025`, GSTR1_TARGET_MS],
    ['GSTR-3B, one month', `/api/report/gstr3b?gstin=${GSTIN}&period=092025`, null],
    ['Ledger of one party (100 invoices in the year)', `/api/report/ledger?partyId=${s.partyId}&from=2025-04-01&to=2026-03-31`, null],
  ];
  const rows: string[][] = [];
  for (const [label, url, target] of queries) {
    const r = await medianGet(server, url, s.cookie, ROUNDS);
    const meta = r.body.meta as { total?: number } | undefined;
    const data = r.body.data as { b2b?: { inv: unknown[] }[]; totals?: { invoices?: number } } | undefined;
    const size = data?.b2b ? `${data.b2b.reduce((n, p) => n + p.inv.length, 0).toLocaleString('en-IN')} b2b invoices` : data?.totals?.invoices !== undefined ? `${data.totals.invoices.toLocaleString('en-IN')} invoices` : meta?.total !== undefined ? `${meta.total} rows` : '';
    rows.push([label, ms(r.median), size, `${ms(health.median)} health`, ratio(r.median, health.median), target ? `≤ ${target} ms` : '', target ? verdict(r.median <= target) : '']);
  }
  return [
    `### Reports over ${INVOICES.toLocaleString('en-IN')} invoices (PostgreSQL)`,
    '',
    `Seeded in ${(s.seededMs / 1000).toFixed(1)} s by INSERT … SELECT (${PARTIES} parties, a third with a GSTIN; one line per invoice; 10,000 invoices a month; ` +
      `one in 50 cancelled), then VACUUM ANALYZE. Medians of ${ROUNDS} sequential requests over HTTP after 2 warm-ups.`,
    '',
    ...table(['Request', 'Median', 'Size', 'Baseline (same run)', 'Ratio', 'Target', ''], rows),
    '',
  ];
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  const lines: string[] = ['Sale report and GST returns at 100,000 invoices.', ''];
  const db = await throwawayDatabase();
  try {
    if (!('url' in db)) return [...lines, `- PostgreSQL: not measured (${db.skipped})`, ''];
    const server = await startServer({ label: 'reports-postgres', databaseUrl: db.url, appsRoot: ctx.tmpDir });
    try {
      return [...lines, ...(await bench(server, db.url))];
    } finally {
      await server.stop();
    }
  } finally {
    await runCleanups();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const ctx = { root: path.resolve(__dirname, '..'), tmpDir: tempDir('reports'), servers: [], log } as unknown as AreaContext;
  run(ctx).then(
    (lines) => {
      process.stdout.write(`${['## Reports', '', ...lines].join('\n')}\n`);
      process.exit(0);
    },
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
