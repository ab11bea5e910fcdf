/**
 * The books: the three statements (trial balance, profit & loss, balance sheet) of a year of 1,00,000 sale
 * invoices and 1,00,000 payments (target ≤ 300 ms each), and create-sale with posting against the commit before the
 * books (target ≥ 85 % of its requests per second), both on PostgreSQL. A benchmark, not a test: figures are
 * reported against a baseline measured in the same run, never enforced.
 *
 * - Statements: a server on a throwaway database; a few hundred invoices and their payments are made through the
 *   API (so the journal is what the services post), then replicated in bulk by SQL with new ids, numbers and dates,
 *   journal included; the generated books are checked (every entry balances, Sundry debtors equals what the
 *   invoices leave unpaid) before the statements are timed over HTTP.
 * - create-sale: the commit before the books (BASELINE_COMMIT) is checked out in a git worktree in the temp dir
 *   (BENCH_BASELINE_DIR; made and installed on first use, kept for later runs), both servers run at once, each on its own database, and
 *   autocannon drives them in turn with the same request, several rounds.
 *
 * Under `pnpm bench` it is an area benchmark (its own timeout, see sections/areas.ts); alone:
 * `npx tsx bench/books.bench.ts` (BENCH_BOOKS_ONLY=statements or create runs one half).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { fromPaise, toPaise } from '@bahi/shared/india';
import type { AreaContext } from './lib/area';
import { ROOT, log, ms, pct, ratio, runCleanups, runCommand, table, tempDir, verdict } from './lib/common';
import { CONNECTIONS, WARMUP_S, call, cannon, createItem, timedGet, type Cannon } from './lib/documents';
import { throwawayDatabase } from './lib/postgres';
import { signUp, startServer, type BahiServer } from './lib/server';
import { saleBody } from './sales.bench';

const INVOICES = Number(process.env.BENCH_BOOKS_INVOICES ?? 100_000);
/** Invoices (each with one payment) made through the API and replicated. */
export const TEMPLATES = 120;
const PARTIES = 12;
const ROUNDS = 20;
const REPORT_TARGET_MS = 300;
const CREATE_TARGET = 0.85;
const CREATE_ROUNDS = 8;
/** Seconds of each measured run (after the warm-up): short runs, many rounds, so both meet the same load. */
const CREATE_SECONDS = 5;
const SEQUENTIAL_PAIRS = 150;
/** The last commit of main before the books. */
export const BASELINE_COMMIT = '19b7ace';
/** Outside the repository, so the workspace's tools (eslint, jest, tsc) never walk into a second copy of it. */
const BASELINE_DIR = process.env.BENCH_BASELINE_DIR ?? path.join(os.tmpdir(), `bahi-bench-baseline-${BASELINE_COMMIT}`);
export const YEAR = { start: '2025-04-01', end: '2026-03-31', days: 365 };
const OPENING_STOCK = '1000000';

export interface Shop {
  cookie: string;
  businessId: string;
  branchId: string;
  itemIds: string[];
  partyId: string;
  partyIds: string[];
}

/**
 * A fresh business with three items bought at a known cost (opening stock at cost, so every sale posts its cost of
 * goods sold), a bank account, and customers half in the business's state (CGST + SGST) and half outside (IGST).
 */
export async function shop(
  server: BahiServer,
  label: string,
  parties: number,
  stockDate?: string,
  rates: [string, string, string] = ['gst-18', 'gst-40', 'gst-5'],
): Promise<Shop> {
  const session = await signUp(server, label);
  const cookie = session.cookieHeader;
  const profile = await call<{ data: { user: { business: { id: string } }; activeStoreBranch: { id: string } } }>(server, cookie, 'GET', '/api/auth/profile');
  const dated: Record<string, string> = stockDate ? { asOfDate: stockDate } : {};
  const itemIds = [
    await createItem(server, cookie, 1, rates[0], '499.00', false, { purchasePrice: '350.00', openingStock: OPENING_STOCK, ...dated }),
    await createItem(server, cookie, 2, rates[1], '52.50', true, { purchasePrice: '31.25', openingStock: OPENING_STOCK, ...dated }),
    await createItem(server, cookie, 3, rates[2], '120.00', false, { purchasePrice: '80.40', openingStock: OPENING_STOCK, ...dated }),
  ];
  await call(server, cookie, 'POST', '/api/account/add-bank-account', {
    displayName: 'HDFC Current',
    bankName: 'HDFC Bank',
    accountNumber: '50100123456789',
    ifsc: 'HDFC0001234',
  });
  const partyIds: string[] = [];
  for (let i = 0; i < parties; i++) {
    const party = await call<{ data: { id: string } }>(server, cookie, 'POST', '/api/party/create', {
      name: `Books Customer ${i + 1}`,
      partyType: 'CUSTOMER',
      billingAddress: { type: 'BOTH', miscData: { ad: 'MG Road', st: i % 2 ? '29' : '27', pin: i % 2 ? '560001' : '411001' } },
    });
    partyIds.push(party.data.id);
  }
  return { cookie, businessId: profile.data.user.business.id, branchId: profile.data.activeStoreBranch.id, itemIds, partyId: partyIds[partyIds.length - 1], partyIds };
}

// ---------------------------------------------------------------------------------------------------------------
// The statements at 1,00,000 invoices + 1,00,000 payments

/** Invoice `i` of the templates: one to three lines, quantities and discounts varying, one of the customers. */
export function templateSale(s: Shop, i: number) {
  const lines: Array<{ itemId: string; quantity: number; discountPercent?: number }> = [{ itemId: s.itemIds[0], quantity: 1 + (i % 3) }];
  if (i % 2 === 0) lines.push({ itemId: s.itemIds[1], quantity: 1 + (i % 5), ...(i % 3 === 0 ? { discountPercent: 5 } : {}) });
  if (i % 4 !== 1) lines.push({ itemId: s.itemIds[2], quantity: 1 + (i % 4) });
  return { partyId: s.partyIds[i % s.partyIds.length], invoiceDate: YEAR.start, lines };
}

/** The templates through the API: each invoice, then one payment against it (in full, or half of it for one in four). */
export async function makeTemplates(server: BahiServer, s: Shop): Promise<void> {
  for (let i = 0; i < TEMPLATES; i++) {
    const sale = await call<{ data: { id: string; balance: string } }>(server, s.cookie, 'POST', '/api/sale/create-sale', templateSale(s, i));
    const due = toPaise(sale.data.balance);
    await call(server, s.cookie, 'POST', `/api/sale/record-payment/${sale.data.id}`, {
      amount: fromPaise(i % 4 === 0 ? Math.floor(due / 2) : due),
      mode: i % 5 === 0 ? 'UPI' : 'CASH',
      date: YEAR.start,
    });
  }
}

/** The columns an INSERT … SELECT copies (generated and always-identity columns are the database's to fill). */
export async function columnsOf(client: Client, tableName: string): Promise<string[]> {
  const r = await client.query<{ column_name: string }>(
    `select column_name from information_schema.columns
     where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' and coalesce(identity_generation, '') <> 'ALWAYS'
     order by ordinal_position`,
    [tableName],
  );
  return r.rows.map((c) => c.column_name);
}

/** `insert into <table> (<every column>) select <override or t.column> <from>`: a row copied with some columns replaced. */
export async function copyRows(client: Client, tableName: string, overrides: Record<string, string>, from: string, params: unknown[], returning = ''): Promise<string> {
  const cols = await columnsOf(client, tableName);
  const unknown = Object.keys(overrides).filter((c) => !cols.includes(c));
  if (unknown.length) throw new Error(`${tableName} has no column(s) ${unknown.join(', ')}`);
  const text = `insert into ${tableName} (${cols.join(', ')}) select ${cols.map((c) => overrides[c] ?? `t.${c}`).join(', ')} ${from}${returning ? ` returning ${returning}` : ''}`;
  if (params.length === 0) return text;
  await client.query(text, params);
  return text;
}

/**
 * Replicates the templates (invoices with their lines, payments, and every journal entry and line they posted) into
 * INVOICES invoices and as many payments, dated over the year in order, numbered after the templates. The journal
 * is copied with its triggers off (session_replication_role = replica); what they do is done here in bulk (each
 * ledger's day totals) or checked after (every entry balances).
 */
export async function replicate(databaseUrl: string, s: Shop): Promise<{ seededMs: number; counts: Record<string, number> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const b = [s.businessId];
    await client.query('begin');
    await client.query(
      `create temp table tpl on commit drop as
       select id, (row_number() over (order by series_no) - 1)::int as k, series_prefix from sale_invoices where business_id = $1`,
      b,
    );
    await client.query(
      `create temp table inv_map on commit drop as
       select g, t.id as old_id, gen_random_uuid() as new_id, (date '${YEAR.start}' + ((g - 1) * ${YEAR.days} / $1::int))::date as d,
              ${TEMPLATES} + g as no, t.series_prefix || (${TEMPLATES} + g) as number
       from generate_series(1, $1::int) g join tpl t on t.k = g % ${TEMPLATES}`,
      [INVOICES],
    );
    // A payment comes 0–9 days after its invoice, within the year.
    await client.query(
      `create temp table txn_map on commit drop as
       select m.g, x.id as old_id, gen_random_uuid() as new_id, m.new_id as doc_id, m.number, least(m.d + m.g % 10, date '${YEAR.end}') as d
       from inv_map m join account_transactions x on x.business_id = $1 and x.document_type = 'SALE' and x.document_id = m.old_id`,
      b,
    );
    await client.query(
      `create temp table entry_map on commit drop as
       select gen_random_uuid() as new_id, e.id as old_id, m.d, m.new_id as doc_id, m.number, null::uuid as txn_id, m.g, 0 as kind
       from inv_map m join journal_entries e on e.business_id = $1 and e.document_type = 'SALE' and e.document_id = m.old_id and e.transaction_id is null
       union all
       select gen_random_uuid(), e.id, t.d, t.doc_id, t.number, t.new_id, t.g, 1
       from txn_map t join journal_entries e on e.business_id = $1 and e.transaction_id = t.old_id`,
      b,
    );
    await copyRows(
      client,
      'sale_invoices',
      { id: 'm.new_id', series_no: 'm.no', invoice_number: 'm.number', invoice_date: 'm.d', due_date: 'm.d + (t.due_date - t.invoice_date)', created_at: 'now()', updated_at: 'now()' },
      'from inv_map m join sale_invoices t on t.business_id = $1 and t.id = m.old_id order by m.g',
      b,
    );
    await copyRows(client, 'sale_invoice_lines', { document_id: 'm.new_id' }, 'from inv_map m join sale_invoice_lines t on t.business_id = $1 and t.document_id = m.old_id', b);
    await copyRows(
      client,
      'account_transactions',
      { id: 'x.new_id', date: 'x.d', document_id: 'x.doc_id', document_number: 'x.number', created_at: 'now()' },
      'from txn_map x join account_transactions t on t.business_id = $1 and t.id = x.old_id order by x.g',
      b,
    );
    await client.query(`update document_series set last_number = last_number + $2 where business_id = $1 and doc_type = 'SALE' and financial_year = '2025-26'`, [
      s.businessId,
      INVOICES,
    ]);
    // The journal: entries in date order (their seq), then their lines, without the per-row triggers.
    await client.query('set local session_replication_role = replica');
    const entries = await copyRows(
      client,
      'journal_entries',
      {
        id: 'em.new_id',
        date: 'em.d',
        document_id: 'em.doc_id',
        document_number: 'em.number',
        transaction_id: 'em.txn_id',
        narration: `case when em.kind = 0 then 'Sale ' || em.number else t.narration end`,
        created_at: 'now()',
      },
      'from entry_map em join journal_entries t on t.business_id = $1 and t.id = em.old_id order by em.g, em.kind',
      [],
      'id, seq',
    );
    const lines = await copyRows(
      client,
      'journal_lines',
      { entry_id: 'em.new_id', date: 'em.d', entry_seq: 'e.seq' },
      'from e join entry_map em on em.new_id = e.id join journal_lines t on t.business_id = $1 and t.entry_id = em.old_id',
      [],
    );
    await client.query(`with e as (${entries}) ${lines}`, b);
    await client.query('set local session_replication_role = origin');
    // What the journal's other trigger does, in bulk: each ledger's day totals (migration 0040), which the statements read.
    await client.query('delete from journal_day_totals where business_id = $1', b);
    await client.query(
      `insert into journal_day_totals (business_id, account_id, branch_id, date, debit, credit)
       select business_id, account_id, branch_id, date, sum(debit), sum(credit) from journal_lines where business_id = $1 group by 1, 2, 3, 4`,
      b,
    );
    // Stock at cost is the sum of the Stock in hand lines of each item at each branch.
    await client.query(
      `update stock_costs c set quantity = x.quantity, value = x.value
       from (select l.branch_id, l.item_id, sum(l.quantity) as quantity, sum(l.debit - l.credit) as value
             from journal_lines l join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.code = 'STOCK'
             where l.business_id = $1 and l.item_id is not null group by 1, 2) x
       where c.business_id = $1 and c.branch_id = x.branch_id and c.item_id = x.item_id`,
      b,
    );
    await client.query('commit');
    const seededMs = performance.now() - started;
    for (const t of ['sale_invoices', 'sale_invoice_lines', 'account_transactions', 'journal_entries', 'journal_lines', 'journal_day_totals']) await client.query(`vacuum analyze ${t}`);
    const count = async (q: string) => Number((await client.query<{ n: string }>(q, b)).rows[0].n);
    const counts = {
      invoices: await count('select count(*) as n from sale_invoices where business_id = $1'),
      payments: await count(`select count(*) as n from account_transactions where business_id = $1 and type = 'SALE_PAYMENT'`),
      entries: await count('select count(*) as n from journal_entries where business_id = $1'),
      lines: await count('select count(*) as n from journal_lines where business_id = $1'),
      // What the balance triggers refuse: an entry whose debits differ from its credits, or with fewer than two lines.
      unbalanced: await count(
        `select count(*) as n from journal_entries e
         where e.business_id = $1 and coalesce((select count(*) >= 2 and sum(l.debit) = sum(l.credit) from journal_lines l
                                                where l.business_id = e.business_id and l.entry_id = e.id), false) = false`,
      ),
      // Sundry debtors in the books against what the invoices say is unpaid, in paise.
      debtorsGap: await count(
        `select round(100 * ((select coalesce(sum(l.debit - l.credit), 0) from journal_lines l join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id
                              where l.business_id = $1 and a.code = 'DEBTORS')
                            - (select coalesce(sum(grand_total - received), 0) from sale_invoices where business_id = $1))) as n`,
      ),
    };
    return { seededMs, counts };
  } finally {
    await client.end();
  }
}

function p95(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(0.95 * s.length) - 1)];
}

async function timings(server: BahiServer, url: string, cookie?: string) {
  for (let i = 0; i < 2; i++) await timedGet(server, url, cookie);
  const samples: number[] = [];
  let body: Record<string, unknown> = {};
  for (let i = 0; i < ROUNDS; i++) {
    const r = await timedGet(server, url, cookie);
    samples.push(r.ms);
    body = r.body;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)], p95: p95(samples), body: body.data as Record<string, unknown> };
}

async function benchStatements(tmp: string): Promise<string[]> {
  const db = await throwawayDatabase();
  if (!('url' in db)) return [`- Statements: not measured (${db.skipped})`, ''];
  const server = await startServer({ label: 'books-statements', databaseUrl: db.url, appsRoot: tmp, env: { SERVE_APPS: '0' } });
  try {
    const s = await shop(server, 'Books', PARTIES, YEAR.start);
    log(`PostgreSQL: ${TEMPLATES} invoices and their payments through the API…`);
    const apiStarted = performance.now();
    await makeTemplates(server, s);
    const apiMs = performance.now() - apiStarted;
    log(`PostgreSQL: replicating to ${INVOICES.toLocaleString('en-IN')} invoices + payments…`);
    const { seededMs, counts } = await replicate(db.url!, s);
    log(`PostgreSQL: generated in ${(seededMs / 1000).toFixed(1)} s (${counts.lines.toLocaleString('en-IN')} journal lines); timing the statements…`);
    const health = await timings(server, '/api/health');
    const year = `from=${YEAR.start}&to=${YEAR.end}`;
    const figures: Array<[string, string]> = [
      ['Trial balance, the year', `/api/report/trial-balance?asOf=${YEAR.end}`],
      ['Profit & loss, the year (with the year before)', `/api/report/profit-loss?${year}`],
      ['Balance sheet, at the year end', `/api/report/balance-sheet?asOf=${YEAR.end}`],
    ];
    const rows: string[][] = [];
    const answers: Record<string, Record<string, unknown>> = {};
    for (const [label, url] of figures) {
      const t = await timings(server, url, s.cookie);
      answers[label] = t.body;
      rows.push([label, ms(t.median), ms(t.p95), `${ms(health.median)} health`, ratio(t.median, health.median), `≤ ${REPORT_TARGET_MS} ms`, verdict(t.p95 <= REPORT_TARGET_MS && t.median <= REPORT_TARGET_MS)]);
    }
    const tb = answers[figures[0][0]] as { totals: { debit: string; credit: string }; rows: unknown[] };
    const pl = answers[figures[1][0]] as { sales: string; costOfGoodsSold: string; netProfit: string };
    const bs = answers[figures[2][0]] as { assets: { total: string }; balanced: boolean };
    const checks = [
      `every entry balances (${counts.unbalanced} that do not)`,
      `trial balance debits ₹${tb.totals.debit} = credits ₹${tb.totals.credit}: ${tb.totals.debit === tb.totals.credit ? 'yes' : 'NO'} (${tb.rows.length} ledgers)`,
      `balance sheet balanced: ${bs.balanced ? 'yes' : 'NO'} (assets ₹${bs.assets.total})`,
      `Sundry debtors equals the invoices' unpaid balances: ${counts.debtorsGap === 0 ? 'yes' : `NO (${counts.debtorsGap} paise apart)`}`,
    ];
    return [
      `### Statements over ${counts.invoices.toLocaleString('en-IN')} invoices + ${counts.payments.toLocaleString('en-IN')} payments (PostgreSQL)`,
      '',
      `${TEMPLATES} invoices (one to three lines, ${PARTIES} customers, half inter-state) and one payment each (cash or UPI, one in four half paid) made through the API ` +
        `in ${(apiMs / 1000).toFixed(1)} s, then replicated by INSERT … SELECT with new ids, numbers and dates over ${YEAR.start}…${YEAR.end} ` +
        `(invoices, their lines, payments and the journal they posted: ${counts.entries.toLocaleString('en-IN')} entries, ${counts.lines.toLocaleString('en-IN')} lines) ` +
        `in ${(seededMs / 1000).toFixed(1)} s, then VACUUM ANALYZE. Checked: ${checks.join('; ')}. ` +
        `Year's sales ₹${pl.sales}, cost of goods sold ₹${pl.costOfGoodsSold}, net profit ₹${pl.netProfit}. ` +
        `Times: ${ROUNDS} sequential requests over HTTP after 2 warm-ups; PASS when the median and the p95 are within the target.`,
      '',
      ...table(['Request', 'Median', 'p95', 'Baseline (same run)', 'Ratio', 'Target', ''], rows),
      '',
    ];
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// create-sale with posting against the commit before the books

/** The commit before the books, checked out at BASELINE_DIR and installed (once; later runs reuse it). */
async function baselineCheckout(): Promise<string> {
  const git = async (args: string[], cwd = ROOT) => {
    const r = await runCommand('git', args, { cwd, timeoutMs: 120_000 });
    if (r.code !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
    return r.stdout.trim();
  };
  const want = await git(['rev-parse', `${BASELINE_COMMIT}^{commit}`]);
  if (!fs.existsSync(path.join(BASELINE_DIR, '.git'))) {
    log(`checking ${BASELINE_COMMIT} out at ${BASELINE_DIR}…`);
    // A checkout removed from the temp dir is still registered until pruned.
    await git(['worktree', 'prune']);
    await git(['worktree', 'add', '--detach', BASELINE_DIR, want]);
  } else if ((await git(['rev-parse', 'HEAD'], BASELINE_DIR)) !== want) {
    await git(['checkout', '--detach', want], BASELINE_DIR);
  }
  if (!fs.existsSync(path.join(BASELINE_DIR, 'node_modules', '.bin', 'tsx'))) {
    log('installing the baseline checkout (pnpm, offline first)…');
    const r = await runCommand('npx', ['-y', 'pnpm@10.34.9', 'install', '--frozen-lockfile', '--prefer-offline'], { cwd: BASELINE_DIR, timeoutMs: 600_000 });
    if (r.code !== 0) throw new Error(`pnpm install in ${BASELINE_DIR}: ${r.stderr.trim().split('\n').slice(-5).join('\n')}`);
  }
  return BASELINE_DIR;
}

interface Side {
  label: string;
  server: BahiServer;
  shop: Shop;
  runs: Cannon[];
}

const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function benchCreate(tmp: string): Promise<string[]> {
  const baselineRoot = await baselineCheckout();
  const dbBefore = await throwawayDatabase();
  const dbNow = await throwawayDatabase();
  if (!('url' in dbBefore) || !('url' in dbNow)) return ['- create-sale: not measured (no PostgreSQL)', ''];
  const env = { SERVE_APPS: '0' };
  const before = await startServer({ label: 'books-baseline', root: baselineRoot, databaseUrl: dbBefore.url, appsRoot: tmp, env });
  const now = await startServer({ label: 'books-now', databaseUrl: dbNow.url, appsRoot: tmp, env });
  try {
    const sides: Side[] = [
      { label: `before the books (${BASELINE_COMMIT})`, server: before, shop: await shop(before, 'Before', 1), runs: [] },
      { label: 'with posting (this commit)', server: now, shop: await shop(now, 'Books', 1), runs: [] },
    ];
    for (let round = 0; round < CREATE_ROUNDS; round++) {
      // Alternate which goes first, so neither always meets the machine's load of the moment first.
      for (const side of round % 2 ? [...sides].reverse() : sides) {
        log(`create-sale round ${round + 1}: ${side.label}…`);
        side.runs.push(await cannon(`${side.server.baseUrl}/api/sale/create-sale`, { cookie: side.shop.cookie, body: saleBody(side.shop), seconds: CREATE_SECONDS }));
      }
    }
    const [base, books] = sides;
    // One request at a time, alternating request by request: each pair meets the same moment of the machine's load.
    const sequential = await alternate(sides, SEQUENTIAL_PAIRS);
    const rps = (s: Side) => medianOf(s.runs.map((r) => r.rps));
    const p99 = (s: Side) => medianOf(s.runs.map((r) => r.p99));
    // Each round's ratio compares two runs back to back, under nearly the same load from the rest of the machine.
    const share = medianOf(books.runs.map((r, i) => r.rps / base.runs[i].rps));
    const posted = await postedCheck(dbNow.url!, books.shop.businessId);
    const rows = sides.map((s) => [
      s.label,
      s.runs.map((r) => Math.round(r.rps)).join(', '),
      `${Math.round(rps(s))} req/s`,
      ms(p99(s)),
      s.runs.reduce((n, r) => n + r.non2xx, 0).toString(),
    ]);
    return [
      `### create-sale with posting, against the commit before the books (${CONNECTIONS} connections, ${CREATE_ROUNDS} rounds of ${WARMUP_S} s warm-up + ${CREATE_SECONDS} s each, in turn)`,
      '',
      `The request of the sales benchmark (3 lines: 18 % exclusive, 12 % inclusive with a 5 % discount, 5 %; to an out-of-state party; ₹500 received in cash) ` +
        `to items bought at a known cost, so every sale posts Sundry debtors, Sales, Output IGST, Cost of goods sold and Stock in hand item by item, and its payment ` +
        `Cash in hand against Sundry debtors. ${BASELINE_COMMIT} is served from a git worktree of it; both servers run the whole time, each on its own ` +
        `throwaway database, and are loaded one at a time, alternating. With posting: ${posted}.`,
      '',
      ...table(['Server', 'req/s per round', 'Median req/s', 'Median p99', 'non-2xx'], rows),
      '',
      ...table(
        ['Figure', 'Value', 'Baseline (same run)', 'Ratio', 'Target', ''],
        [
          ['create-sale req/s with posting, median of the rounds', `${Math.round(rps(books))} req/s`, `${Math.round(rps(base))} req/s before the books`, pct(rps(books), rps(base)), '', ''],
          [
            `create-sale one at a time, ${SEQUENTIAL_PAIRS} alternating pairs, median latency`,
            ms(sequential[1]),
            `${ms(sequential[0])} before the books`,
            ratio(sequential[1], sequential[0]),
            '',
            '',
          ],
          ['create-sale req/s with posting ÷ before, median of the rounds’ ratios', pct(share, 1), `per round: ${books.runs.map((r, i) => pct(r.rps, base.runs[i].rps)).join(', ')}`, '', `≥ ${CREATE_TARGET * 100} %`, verdict(share >= CREATE_TARGET)],
        ],
      ),
      '',
    ];
  } finally {
    await Promise.all([before.stop(), now.stop()]);
  }
}

/** The median latency of create-sale on each side, sent one at a time, alternating request by request. */
async function alternate(sides: Side[], pairs: number): Promise<number[]> {
  const samples: number[][] = sides.map(() => []);
  for (let i = 0; i < pairs; i++) {
    for (const k of i % 2 ? [...sides.keys()].reverse() : [...sides.keys()]) {
      const side = sides[k];
      const started = performance.now();
      await call(side.server, side.shop.cookie, 'POST', '/api/sale/create-sale', JSON.parse(saleBody(side.shop)));
      samples[k].push(performance.now() - started);
    }
  }
  return samples.map(medianOf);
}

/** That the load's invoices were posted: one SALE entry per invoice, and the books balance. */
async function postedCheck(databaseUrl: string, businessId: string): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const r = await client.query<{ invoices: string; entries: string; debit: string; credit: string }>(
      `select (select count(*) from sale_invoices where business_id = $1) as invoices,
              (select count(*) from journal_entries where business_id = $1 and voucher_type = 'SALE') as entries,
              (select sum(debit) from journal_lines where business_id = $1) as debit,
              (select sum(credit) from journal_lines where business_id = $1) as credit`,
      [businessId],
    );
    const x = r.rows[0];
    return `${Number(x.invoices).toLocaleString('en-IN')} invoices, ${Number(x.entries).toLocaleString('en-IN')} sale entries, journal debits = credits: ${x.debit === x.credit ? 'yes' : 'NO'}`;
  } finally {
    await client.end();
  }
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  const only = process.env.BENCH_BOOKS_ONLY;
  const lines: string[] = ['The books: the statements at 1,00,000 invoices + 1,00,000 payments, and create-sale with posting against the commit before it.', ''];
  try {
    if (only !== 'statements') lines.push(...(await benchCreate(ctx.tmpDir)));
    if (only !== 'create') lines.push(...(await benchStatements(ctx.tmpDir)));
    return lines;
  } finally {
    await runCleanups();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  const ctx = { root: ROOT, tmpDir: tempDir('books'), servers: [], log } as unknown as AreaContext;
  run(ctx).then(
    (lines) => {
      process.stdout.write(`${['## The books', '', ...lines].join('\n')}\n`);
      process.exit(0);
    },
    (e: unknown) => {
      process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
      process.exit(1);
    },
  );
}
