/**
 * A year of a chain of shops: one business with 20 branches, 1,00,000 items, 10,000 parties and 10,00,000 sale
 * invoices with their payments and the journal they post, generated into PostgreSQL with bulk SQL, then the reports a
 * chain's accountant runs, timed over HTTP. A benchmark, not a test: figures are reported against targets and a
 * same-run baseline, never enforced.
 *
 * How the year is made (the rows are what the services write, not a guess at them):
 * - Through the API: the business (a GSTIN, 20 branches), three template items bought at a known cost, 12 template
 *   customers (half in Karnataka: IGST), and 120 template invoices with one payment each (books.bench.ts).
 * - Bulk SQL (INSERT … SELECT generate_series): copies of the template items (same rate, price and cost, new names
 *   and codes) up to the item count, copies of the template customers (with their addresses) up to the party count,
 *   then the invoices: invoice g copies template g % 120 with a new id, number and date (spread over the year), the
 *   branch g % 20, a copy of the template's customer and, on each line, a copy of the template's item; its lines, its
 *   payment and every journal entry and line both posted, with the same substitutions; then each ledger's day totals.
 * - Checked against the services: for a few generated invoices, the same input (customer, items, quantities,
 *   discounts, branch, date) is sent to create-sale, and the rows it writes are compared with the generated ones
 *   (the invoice's amounts and tax, each line, the journal lines by ledger); and the books balance (every entry, and
 *   the trial balance's totals over HTTP).
 *
 * `--scale 0.01` (or BENCH_CHAIN_SCALE; 0.01 by default under `pnpm bench`) scales items, parties and invoices
 * (branches stay 20). Alone:
 * `npx tsx bench/chain.bench.ts --scale 0.01`. Not generated: purchases, returns and notes, stock movements and the
 * stock of the copied items (the reports timed here read invoices, their lines and the journal).
 */
import { Client } from 'pg';
import type { AreaContext } from './lib/area';
import { log, ms, pct, runCleanups, table, tempDir, verdict } from './lib/common';
import { CONNECTIONS, cannon, call, timedGet } from './lib/documents';
import { throwawayDatabase } from './lib/postgres';
import { addBranches, startServer, type BahiServer } from './lib/server';
import { TEMPLATES, YEAR, columnsOf, makeTemplates, shop, templateSale, type Shop } from './books.bench';

const argScale = process.argv.indexOf('--scale');
/** Full size alone; 0.01 under `pnpm bench`, whose area time-out (BENCH_AREA_TIMEOUT_S) a full year would pass. */
const SCALE = Number(argScale > 0 ? process.argv[argScale + 1] : (process.env.BENCH_CHAIN_SCALE ?? (require.main === module ? 1 : 0.01)));
const BRANCHES = 20;
const ITEMS = Math.max(30, Math.round(100_000 * SCALE));
const PARTIES = Math.max(24, Math.round(10_000 * SCALE));
const INVOICES = Math.max(TEMPLATES, Math.round(1_000_000 * SCALE));
const TEMPLATE_PARTIES = 12;
/** Rates in force the whole year (GST @ 40% only from 22-09-2025). */
const RATES: [string, string, string] = ['gst-18', 'gst-5', 'gst-5'];
const SAMPLES = 3;
/** BENCH_CHAIN_EXPLAIN_MS: log the plan (EXPLAIN ANALYZE) of every statement of the server slower than this. */
const EXPLAIN_MS = Number(process.env.BENCH_CHAIN_EXPLAIN_MS ?? 0);
const ROUNDS = 15;
const CREATE_ROUNDS = 3;
const CREATE_SECONDS = 5;
/** The busiest month: the year's invoices spread evenly, about a twelfth (80,000 at full scale). */
const MONTH = { period: '102025', from: '2025-10-01', to: '2025-10-31' };
const TARGETS = { gstr1: 3000, saleReport: 1000, ledger: 100, search: 50, trialBalance: 1000, create: 0.8 };

const fmt = (n: number) => n.toLocaleString('en-IN');

/** `insert into t (cols) select <override or t.col> <from>`; overrides of columns the table lacks are left out. */
async function copy(client: Client, tableName: string, overrides: Record<string, string>, from: string, params: unknown[] = [], returning = '') {
  const cols = await columnsOf(client, tableName);
  if (!returning) log(`chain: ${tableName}…`);
  const text = `insert into ${tableName} (${cols.join(', ')}) select ${cols.map((c) => overrides[c] ?? `t.${c}`).join(', ')} ${from}${returning ? ` returning ${returning}` : ''}`;
  if (returning) return text;
  await client.query(text, params);
  return text;
}

interface Chain extends Shop {
  branchIds: string[];
}

/** Items, parties, invoices, payments and their journal, by INSERT … SELECT from the templates. */
async function generate(databaseUrl: string, s: Chain): Promise<{ seededMs: number; counts: Record<string, number> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    const b = [s.businessId];
    if (EXPLAIN_MS) await client.query('set auto_explain.log_min_duration = -1');
    await client.query('begin');
    // Items: copies of each template item (same rate, price and cost), `n` numbering the copies of one template.
    const perItem = Math.ceil((ITEMS - s.itemIds.length) / s.itemIds.length);
    await client.query(
      `create temp table item_map on commit drop as
       select t.id as old_id, n, gen_random_uuid() as new_id from items t, generate_series(1, $2::int) n
       where t.business_id = $1 and t.id = any($3::uuid[])`,
      [s.businessId, perItem, s.itemIds],
    );
    await copy(
      client,
      'items',
      { id: 'm.new_id', name: `t.name || ' ' || m.n`, code: `t.code || '-' || m.n`, created_at: 'now()', updated_at: 'now()' },
      'from item_map m join items t on t.id = m.old_id',
      [],
    );
    // Parties: copies of the template customers, with their addresses.
    const perParty = Math.ceil((PARTIES - TEMPLATE_PARTIES) / TEMPLATE_PARTIES);
    await client.query(
      `create temp table party_map on commit drop as
       select t.id as old_id, n, gen_random_uuid() as new_id from parties t, generate_series(1, $2::int) n
       where t.business_id = $1 and t.id = any($3::uuid[])`,
      [s.businessId, perParty, s.partyIds],
    );
    await copy(client, 'parties', { id: 'm.new_id', name: `t.name || ' / ' || m.n`, created_at: 'now()', updated_at: 'now()' }, 'from party_map m join parties t on t.id = m.old_id');
    await copy(client, 'party_addresses', { id: 'gen_random_uuid()', party_id: 'm.new_id' }, 'from party_map m join party_addresses t on t.business_id = $1 and t.party_id = m.old_id', b);

    // Invoices: g copies template g % TEMPLATES, at branch g % BRANCHES, for copy (g / TEMPLATES) % perParty of its customer.
    await client.query(
      `create temp table tpl on commit drop as
       select id, party_id, (row_number() over (order by series_no) - 1)::int as k, series_prefix from sale_invoices where business_id = $1`,
      b,
    );
    await client.query(
      `create temp table inv_map on commit drop as
       select g, t.id as old_id, gen_random_uuid() as new_id, (date '${YEAR.start}' + ((g - 1) * ${YEAR.days} / $1::int))::date as d,
              ${TEMPLATES} + g as no, t.series_prefix || (${TEMPLATES} + g) as number,
              ($2::uuid[])[1 + g % ${BRANCHES}] as branch_id, t.party_id as old_party, pm.new_id as party_id,
              1 + (g * 7 + 3) % $3::int as item_n
       from generate_series(1, $1::int) g join tpl t on t.k = g % ${TEMPLATES}
       join party_map pm on pm.old_id = t.party_id and pm.n = 1 + (g / ${TEMPLATES}) % $4::int`,
      [INVOICES, s.branchIds, perItem, perParty],
    );
    await client.query('create index on inv_map (old_id)');
    await client.query('create unique index on inv_map (g)');
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
    // Temporary tables have no statistics until analysed: without them the joins below are planned as nested loops.
    await client.query('create index on item_map (old_id, n)');
    await client.query('create index on party_map (old_id, n)');
    await client.query('create index on entry_map (new_id)');
    await client.query('create index on txn_map (g)');
    for (const t of ['item_map', 'party_map', 'inv_map', 'txn_map', 'entry_map']) await client.query(`analyze ${t}`);
    const party = `jsonb_set(jsonb_set(t.party_snapshot, '{id}', to_jsonb(m.party_id::text)), '{name}', to_jsonb(p.name))`;
    await copy(
      client,
      'sale_invoices',
      {
        id: 'm.new_id',
        series_no: 'm.no',
        invoice_number: 'm.number',
        invoice_date: 'm.d',
        due_date: 'm.d + (t.due_date - t.invoice_date)',
        branch_id: 'm.branch_id',
        branch_snapshot: `jsonb_set(jsonb_set(t.branch_snapshot, '{id}', to_jsonb(m.branch_id::text)), '{name}', to_jsonb(sb.name))`,
        party_id: 'm.party_id',
        party_name: 'p.name',
        party_snapshot: party,
        created_at: 'now()',
        updated_at: 'now()',
      },
      `from inv_map m join sale_invoices t on t.business_id = $1 and t.id = m.old_id join parties p on p.id = m.party_id
       join store_branches sb on sb.id = m.branch_id order by m.g`,
      b,
    );
    await copy(
      client,
      'sale_invoice_lines',
      { document_id: 'm.new_id', item_id: 'im.new_id', item_name: 'it.name' },
      `from inv_map m join sale_invoice_lines t on t.business_id = $1 and t.document_id = m.old_id
       join item_map im on im.old_id = t.item_id and im.n = m.item_n join items it on it.id = im.new_id`,
      b,
    );
    await copy(
      client,
      'account_transactions',
      { id: 'x.new_id', date: 'x.d', document_id: 'x.doc_id', document_number: 'x.number', party_id: 'm.party_id', branch_id: 'm.branch_id', created_at: 'now()' },
      'from txn_map x join inv_map m on m.g = x.g join account_transactions t on t.business_id = $1 and t.id = x.old_id order by x.g',
      b,
    );
    await client.query(`update document_series set last_number = last_number + $2 where business_id = $1 and doc_type = 'SALE' and financial_year = '2025-26'`, [
      s.businessId,
      INVOICES,
    ]);
    // The journal, in date order, without the per-row triggers; the party, branch and item substituted as above.
    await client.query('set local session_replication_role = replica');
    const entries = await copy(
      client,
      'journal_entries',
      {
        id: 'em.new_id',
        date: 'em.d',
        document_id: 'em.doc_id',
        document_number: 'em.number',
        transaction_id: 'em.txn_id',
        branch_id: 'm.branch_id',
        party_id: 'm.party_id',
        narration: `case when em.kind = 0 then 'Sale ' || em.number else t.narration end`,
        created_at: 'now()',
      },
      'from entry_map em join inv_map m on m.g = em.g join journal_entries t on t.business_id = $1 and t.id = em.old_id order by em.d, em.g, em.kind',
      [],
      'id, seq',
    );
    const lines = await copy(
      client,
      'journal_lines',
      {
        entry_id: 'em.new_id',
        date: 'em.d',
        entry_seq: 'e.seq',
        branch_id: 'm.branch_id',
        party_id: 'case when t.party_id is null then null else m.party_id end',
        item_id: 'case when t.item_id is null then null else im.new_id end',
      },
      `from e join entry_map em on em.new_id = e.id join inv_map m on m.g = em.g join journal_lines t on t.business_id = $1 and t.entry_id = em.old_id
       left join item_map im on im.old_id = t.item_id and im.n = m.item_n`,
      [],
      'x',
    );
    log('chain: journal_entries and journal_lines…');
    await client.query(`with e as (${entries}) ${lines.replace(/ returning x$/, '')}`, b);
    log('chain: day totals…');
    await client.query('set local session_replication_role = origin');
    await client.query('delete from journal_day_totals where business_id = $1', b);
    await client.query(
      `insert into journal_day_totals (business_id, account_id, branch_id, date, debit, credit)
       select business_id, account_id, branch_id, date, sum(debit), sum(credit) from journal_lines where business_id = $1 group by 1, 2, 3, 4`,
      b,
    );
    await client.query('commit');
    const seededMs = performance.now() - started;
    for (const t of ['items', 'parties', 'party_addresses', 'sale_invoices', 'sale_invoice_lines', 'account_transactions', 'journal_entries', 'journal_lines', 'journal_day_totals']) {
      await client.query(`vacuum analyze ${t}`);
    }
    const count = async (q: string) => Number((await client.query<{ n: string }>(q, b)).rows[0].n);
    const counts = {
      items: await count('select count(*) as n from items where business_id = $1'),
      parties: await count('select count(*) as n from parties where business_id = $1'),
      invoices: await count('select count(*) as n from sale_invoices where business_id = $1'),
      lines: await count('select count(*) as n from sale_invoice_lines where business_id = $1'),
      payments: await count(`select count(*) as n from account_transactions where business_id = $1 and type = 'SALE_PAYMENT'`),
      entries: await count('select count(*) as n from journal_entries where business_id = $1'),
      journalLines: await count('select count(*) as n from journal_lines where business_id = $1'),
      monthInvoices: await count(`select count(*) as n from sale_invoices where business_id = $1 and invoice_date between '${MONTH.from}' and '${MONTH.to}'`),
      unbalanced: await count(
        `select count(*) as n from journal_entries e
         where e.business_id = $1 and coalesce((select count(*) >= 2 and sum(l.debit) = sum(l.credit) from journal_lines l
                                                where l.business_id = e.business_id and l.entry_id = e.id), false) = false`,
      ),
    };
    return { seededMs, counts };
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The generated rows against what create-sale writes for the same input

/**
 * Columns that name the document or its time, not what it says. The generated invoices are numbered in one series
 * (the template's prefix, after the templates), not per branch: their prefix and number are not compared.
 */
const OWN_COLUMNS = ['id', 'document_id', 'series_no', 'series_prefix', 'invoice_number', 'created_at', 'updated_at', 'created_by', 'search_text', 'party_snapshot', 'branch_snapshot'];

async function compareWithService(server: BahiServer, databaseUrl: string, s: Chain): Promise<string[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const results: string[] = [];
  try {
    const supplier = (
      await call<{ data: { id: string } }>(server, s.cookie, 'POST', '/api/party/create', {
        name: 'Check Supplier',
        partyType: 'SUPPLIER',
        billingAddress: { type: 'BOTH', miscData: { ad: 'MG Road', st: '27', pin: '411001' } },
      })
    ).data.id;
    for (let i = 0; i < SAMPLES; i++) {
      const g = 1 + Math.floor(((i + 0.5) * INVOICES) / SAMPLES);
      const [gen] = (
        await client.query<{ id: string; branch_id: string; party_id: string; d: string }>(
          `select id, branch_id, party_id, to_char(invoice_date, 'YYYY-MM-DD') as d from sale_invoices where business_id = $1 and series_no = $2`,
          [s.businessId, TEMPLATES + g],
        )
      ).rows;
      const lines = (
        await client.query<{ item_id: string; quantity: string }>(`select item_id, quantity::text from sale_invoice_lines where business_id = $1 and document_id = $2 order by line_no`, [s.businessId, gen.id])
      ).rows;
      // The template's input, with the generated invoice's customer, items, branch and date.
      const input = templateSale(s, g % TEMPLATES);
      const body = { ...input, partyId: gen.party_id, invoiceDate: gen.d, lines: input.lines.map((l, n) => ({ ...l, itemId: lines[n].item_id })) };
      await call(server, s.cookie, 'POST', '/api/store-branch/set-active', { branchId: gen.branch_id });
      // Stock of the copied items at that branch (the generator leaves stock alone), bought at the template's cost,
      // so the sale's cost of goods is what the template's was.
      const costs = await client.query<{ id: string; cost: string }>(`select id, purchase_price::text as cost from items where business_id = $1 and id = any($2::uuid[])`, [
        s.businessId,
        body.lines.map((l) => l.itemId),
      ]);
      await call(server, s.cookie, 'POST', '/api/purchase/create-purchase', {
        partyId: supplier,
        billNumber: `CHECK-${i + 1}`,
        billDate: YEAR.start,
        lines: costs.rows.map((c) => ({ itemId: c.id, quantity: 100, unitPrice: c.cost })),
      });
      const made = await call<{ data: { id: string } }>(server, s.cookie, 'POST', '/api/sale/create-sale', body);
      const row = async (id: string) =>
        (await client.query<{ j: Record<string, unknown> }>(`select to_jsonb(t) - $3::text[] as j from sale_invoices t where business_id = $1 and id = $2`, [s.businessId, id, OWN_COLUMNS]))
          .rows[0].j;
      const lineRows = async (id: string) =>
        (
          await client.query<{ j: Record<string, unknown> }>(`select to_jsonb(t) - $3::text[] as j from sale_invoice_lines t where business_id = $1 and document_id = $2 order by line_no`, [
            s.businessId,
            id,
            OWN_COLUMNS,
          ])
        ).rows.map((r) => r.j);
      const journal = async (id: string) =>
        (
          await client.query<{ j: string }>(
            `select a.code || ' ' || coalesce(l.item_id::text, '') || ' ' || coalesce(l.party_id::text, '') || ' ' || l.branch_id || ' ' || l.debit || ' ' || l.credit as j
             from journal_lines l join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id
             join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id
             where e.business_id = $1 and e.document_type = 'SALE' and e.document_id = $2 and e.transaction_id is null order by 1`,
            [s.businessId, id],
          )
        ).rows.map((r) => r.j);
      const diff = (x: Record<string, unknown>, y: Record<string, unknown>) =>
        Object.keys({ ...x, ...y }).filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
      const [a, bRow] = [await row(gen.id), await row(made.data.id)];
      // What a payment left on the generated invoice is not the new one's (it has none yet).
      const headerDiff = diff(a, bRow).filter((k) => !['received', 'status', 'payment_status', 'balance'].includes(k));
      const la = await lineRows(gen.id);
      const lb = await lineRows(made.data.id);
      const lineDiff = la.length !== lb.length ? ['line count'] : la.flatMap((x, n) => diff(x, lb[n]).map((k) => `line ${n + 1} ${k}`));
      const ja = await journal(gen.id);
      const jb = await journal(made.data.id);
      const journalSame = JSON.stringify(ja) === JSON.stringify(jb);
      results.push(
        `invoice ${TEMPLATES + g} (${gen.d}, ${body.lines.length} lines): header ${headerDiff.length ? `DIFFERS in ${headerDiff.join(', ')}` : 'same'}; ` +
          `lines ${lineDiff.length ? `DIFFER in ${lineDiff.join(', ')}` : 'same'}; journal (${ja.length} lines) ${journalSame ? 'same' : `DIFFERS: ${ja.join(' | ')} vs ${jb.join(' | ')}`}`,
      );
      // Out of the books again, so the figures below are the generated year's: cancel it.
      await call(server, s.cookie, 'POST', `/api/sale/cancel-sale/${made.data.id}`, { reason: 'Bench check' });
    }
    await call(server, s.cookie, 'POST', '/api/store-branch/set-active', { branchId: s.branchId });
  } finally {
    await client.end();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------------------------
// Timing

async function timed(server: BahiServer, urls: string[], cookie: string, rounds = ROUNDS) {
  for (const u of urls.slice(0, 2)) await timedGet(server, u, cookie);
  const samples: number[] = [];
  let body: Record<string, unknown> = {};
  for (let i = 0; i < rounds; i++) {
    const r = await timedGet(server, urls[i % urls.length], cookie);
    samples.push(r.ms);
    body = r.body;
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { median: at(0.5), p99: at(0.99), body };
}

async function gstinOf(server: BahiServer, cookie: string): Promise<string> {
  const p = await call<{ data: { user: { business: { gstin: string | null } } } }>(server, cookie, 'GET', '/api/auth/profile');
  return p.data.user.business.gstin ?? '';
}

export async function benchChain(): Promise<string[]> {
  const tmp = tempDir('bahi-chain-');
  const db = await throwawayDatabase();
  if (!('url' in db)) return [`- Chain: not measured (${db.skipped})`, ''];
  if (EXPLAIN_MS) {
    // Plans of the server's slow statements, with their timings, go to PostgreSQL's log (auto_explain).
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    const name = new URL(db.url).pathname.slice(1);
    await admin.query(`alter database ${name} set session_preload_libraries = 'auto_explain'`);
    await admin.query(`alter database ${name} set auto_explain.log_min_duration = ${EXPLAIN_MS}`);
    await admin.query(`alter database ${name} set auto_explain.log_analyze = on`);
    await admin.end();
    log(`chain: statements over ${EXPLAIN_MS} ms are explained in PostgreSQL's log`);
  }
  const server = await startServer({ label: 'chain', databaseUrl: db.url, appsRoot: tmp, env: { SERVE_APPS: '0' } });
  try {
    const base = await shop(server, 'Chain', TEMPLATE_PARTIES, YEAR.start, RATES);
    await addBranches(server, { cookieHeader: base.cookie } as Parameters<typeof addBranches>[1], BRANCHES - 1);
    const branches = await call<{ data: Array<{ id: string }> }>(server, base.cookie, 'GET', '/api/store-branch/branches');
    const s: Chain = { ...base, branchIds: branches.data.map((x) => x.id) };
    log(`chain: ${TEMPLATES} template invoices and payments through the API…`);
    await makeTemplates(server, s);
    log(`chain: generating ${fmt(ITEMS)} items, ${fmt(PARTIES)} parties, ${fmt(INVOICES)} invoices (scale ${SCALE})…`);
    const { seededMs, counts } = await generate(db.url, s);
    log(`chain: generated in ${(seededMs / 1000).toFixed(1)} s; checking against create-sale…`);
    const checks = await compareWithService(server, db.url, s);

    const gstin = await gstinOf(server, s.cookie);
    const tb = await timed(server, [`/api/report/trial-balance?asOf=${YEAR.end}`], s.cookie, 7);
    const totals = (tb.body.data as { totals: { debit: string; credit: string } }).totals;
    const gstr1 = await timed(server, [`/api/report/gstr1?gstin=${gstin}&period=${MONTH.period}`], s.cookie, 5);
    const report = await timed(server, [`/sale/sale-reports?from=${MONTH.from}&to=${MONTH.to}&groupBy=item`].map((u) => `/api${u}`), s.cookie, 7);
    const ledgerUrls = s.partyIds.map((p) => `/api/report/ledger?partyId=${p}&from=${YEAR.start}&to=${YEAR.end}&page=1`);
    const generatedParties = await call<{ data: Array<{ id: string }> }>(server, s.cookie, 'GET', '/api/party/parties?pageSize=20&page=3');
    ledgerUrls.push(...generatedParties.data.map((p) => `/api/report/ledger?partyId=${p.id}&from=${YEAR.start}&to=${YEAR.end}&page=1`));
    const ledger = await timed(server, ledgerUrls, s.cookie, 40);
    const words = ['Books', 'item 1 7', '-4', 'Item 3 12', 'BENCH', '99', '1 2', 'zz'];
    const search = await timed(server, words.map((w) => `/api/item/items?search=${encodeURIComponent(w)}&page=1&pageSize=20`), s.cookie, 200);
    const health = await timed(server, ['/api/health'], s.cookie, 20);

    // create-sale at this size against a fresh business on the same server, in alternating rounds.
    const empty = await shop(server, 'Empty', TEMPLATE_PARTIES, YEAR.start, RATES);
    const saleOf = (x: Shop) => JSON.stringify({ ...templateSale(x, 2), invoiceDate: YEAR.end });
    const big: number[] = [];
    const small: number[] = [];
    for (let r = 0; r < CREATE_ROUNDS; r++) {
      big.push((await cannon(`${server.baseUrl}/api/sale/create-sale`, { cookie: s.cookie, body: saleOf(s), seconds: CREATE_SECONDS })).rps);
      small.push((await cannon(`${server.baseUrl}/api/sale/create-sale`, { cookie: empty.cookie, body: saleOf(empty), seconds: CREATE_SECONDS })).rps);
    }
    const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
    const createRatio = mid(big) / mid(small);

    const row = (label: string, value: number, target: number, what = 'median') => [label, `${ms(value)} (${what})`, `${ms(health.median)} health`, `≤ ${target} ms`, verdict(value <= target)];
    return [
      `### A year of a chain of shops at scale ${SCALE} (PostgreSQL)`,
      '',
      `${BRANCHES} branches, ${fmt(counts.items)} items, ${fmt(counts.parties)} parties, ${fmt(counts.invoices)} sale invoices (${fmt(counts.lines)} lines), ` +
        `${fmt(counts.payments)} payments, ${fmt(counts.entries)} journal entries with ${fmt(counts.journalLines)} lines, generated by INSERT … SELECT in ` +
        `${(seededMs / 1000).toFixed(1)} s from ${TEMPLATES} invoices made through the API. ${MONTH.from.slice(0, 7)} holds ${fmt(counts.monthInvoices)} invoices.`,
      '',
      `Checked: every journal entry balances (${counts.unbalanced} do not); trial balance debits ₹${totals.debit} = credits ₹${totals.credit}: ${totals.debit === totals.credit ? 'yes' : 'NO'}; ` +
        `create-sale with the same input as a generated invoice writes the same rows:`,
      '',
      ...checks.map((c) => `- ${c}`),
      '',
      ...table(
        ['Request', 'Value', 'Baseline (same run)', 'Target', ''],
        [
          row(`GSTR-1, ${MONTH.from.slice(0, 7)} (${fmt(counts.monthInvoices)} invoices)`, gstr1.median, TARGETS.gstr1),
          row(`Sale report, ${MONTH.from.slice(0, 7)}, grouped by item`, report.median, TARGETS.saleReport),
          row('Party ledger, first page (the year)', ledger.median, TARGETS.ledger),
          row('Item search (20 a page)', search.p99, TARGETS.search, 'p99'),
          row('Trial balance, the year', tb.median, TARGETS.trialBalance),
          [
            'create-sale req/s, this business vs an empty one',
            `${mid(big).toFixed(0)} vs ${mid(small).toFixed(0)} req/s`,
            pct(mid(big), mid(small)),
            `≥ ${TARGETS.create * 100} %`,
            verdict(createRatio >= TARGETS.create),
          ],
        ],
      ),
      '',
      `- Times: sequential requests over HTTP after warm-ups (GSTR-1 5, sale report and trial balance 7, ledger 40 over ${ledgerUrls.length} parties, search 200 over ${words.length} words); ` +
        `p99 of search: ${ms(search.p99)}, median ${ms(search.median)}; ledger p99 ${ms(ledger.p99)}. create-sale: ${CREATE_ROUNDS} alternating rounds of ${CREATE_SECONDS} s, ${CONNECTIONS} connections; ` +
        `samples ${big.map((x) => x.toFixed(0)).join(', ')} vs ${small.map((x) => x.toFixed(0)).join(', ')} req/s.`,
      '',
    ];
  } finally {
    await server.stop();
  }
}

export async function run(ctx: AreaContext): Promise<string[]> {
  ctx.log(`chain at scale ${SCALE}`);
  return ['## A year of a chain of shops', '', ...(await benchChain())];
}

if (require.main === module) {
  benchChain()
    .then((lines) => process.stdout.write(`${lines.join('\n')}\n`))
    .catch((e) => {
      process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
      process.exitCode = 1;
    })
    .finally(() => void runCleanups());
}
