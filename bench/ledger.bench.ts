/**
 * Cash & bank: an account's ledger with 100,000 transactions — the first page (newest first, each
 * with its running balance; target ≤ 300 ms) and a few filtered pages — plus the account list with its balances and
 * one cash withdrawal (the locked Cash-in-hand check sums the whole cash ledger), on PostgreSQL. A benchmark, not a
 * test: figures are reported against a same-run baseline, never enforced.
 *
 * It starts its own server on a throwaway PostgreSQL database (the 100,000 transactions are seeded by one SQL
 * statement). Under `pnpm bench` it is an area benchmark.
 */
import { Client } from 'pg';
import type { AreaContext } from './lib/area';
import { log, median, ms, ratio, runCleanups, table, verdict } from './lib/common';
import { throwawayDatabase } from './lib/postgres';
import { signUp, startServer, WRITE_HEADERS, type BahiServer } from './lib/server';

const TRANSACTIONS = 100_000;
const TARGET_MS = 300;
const ROUNDS = 9;

async function call<T>(server: { baseUrl: string }, cookie: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: method === 'GET' ? { cookie } : { ...WRITE_HEADERS, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function medianOf(fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 2; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await timed(fn));
  return median(samples);
}

interface Shop {
  cookie: string;
  businessId: string;
  cashId: string;
  bankId: string;
}

/**
 * 100,000 transactions over one year, 90 % on Cash in hand: money in (sales, payments in) and out (expenses,
 * deposits), the outs never more than the ins before them, so the cash ledger never dips below zero.
 */
async function seed(databaseUrl: string, s: Shop): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const started = performance.now();
    await client.query(
      `insert into account_transactions (business_id, account_id, date, type, direction, amount, mode, note, created_at)
       select $1::uuid, case when g % 10 = 0 then $3::uuid else $2::uuid end,
              date '2025-04-01' + (g * 365 / $4::int),
              case when g % 2 = 0 then 'SALE_PAYMENT' else 'EXPENSE' end,
              case when g % 2 = 0 then 'IN' else 'OUT' end,
              case when g % 2 = 0 then 500 + g % 100 else 100 + g % 50 end,
              case when g % 10 = 0 then 'UPI' else 'CASH' end,
              'seeded', now()
       from generate_series(1, $4::int) g`,
      [s.businessId, s.cashId, s.bankId, TRANSACTIONS],
    );
    const seededMs = performance.now() - started;
    await client.query('vacuum analyze account_transactions');
    return seededMs;
  } finally {
    await client.end();
  }
}

async function bench(server: BahiServer, databaseUrl: string): Promise<string[]> {
  const session = await signUp(server, 'Ledger');
  const cookie = session.cookieHeader;
  const profile = await call<{ data: { user: { business: { id: string } } } }>(server, cookie, 'GET', '/api/auth/profile');
  const bank = await call<{ data: { id: string } }>(server, cookie, 'POST', '/api/account/add-bank-account', {
    displayName: 'HDFC Current',
    bankName: 'HDFC Bank',
    accountNumber: '50100123456789',
    ifsc: 'HDFC0001234',
  });
  const accounts = await call<{ data: { id: string; type: string }[] }>(server, cookie, 'GET', '/api/account/bank-accounts');
  const shop: Shop = { cookie, businessId: profile.data.user.business.id, cashId: accounts.data.find((a) => a.type === 'CASH')!.id, bankId: bank.data.id };
  log(`PostgreSQL: seeding ${TRANSACTIONS.toLocaleString('en-IN')} transactions…`);
  const seededMs = await seed(databaseUrl, shop);
  const get = (url: string) => () => call(server, cookie, 'GET', url);
  const health = await medianOf(() => fetch(`${server.baseUrl}/api/health`).then((r) => r.text()));
  const queries: [string, string][] = [
    ['Cash in hand ledger, first page (50, newest first, running balance)', `/api/account/transactions?accountId=${shop.cashId}`],
    ['Every account, first page', '/api/account/transactions'],
    ['Cash in hand ledger, page 100', `/api/account/transactions?accountId=${shop.cashId}&page=100`],
    ['Cash in hand ledger, one month (from/to)', `/api/account/transactions?accountId=${shop.cashId}&from=2025-09-01&to=2025-09-30`],
    ['Accounts with balances (bank-accounts)', '/api/account/bank-accounts'],
  ];
  const rows: string[][] = [];
  let firstPage = Number.NaN;
  for (const [label, url] of queries) {
    const t = await medianOf(get(url));
    if (Number.isNaN(firstPage)) firstPage = t;
    rows.push([label, ms(t), `${ms(health)} health`, ratio(t, health)]);
  }
  // A cash withdrawal (adjustment of −₹1): the locked balance check over the whole cash ledger, and the write.
  const withdrawal = await medianOf(() =>
    call(server, cookie, 'POST', '/api/account/adjust', { accountId: shop.cashId, amount: '-1', reason: 'Bench withdrawal' }),
  );
  rows.push(['Cash withdrawal (account/adjust −₹1, balance check locked)', ms(withdrawal), `${ms(health)} health`, ratio(withdrawal, health)]);
  return [
    `### Account ledger with ${TRANSACTIONS.toLocaleString('en-IN')} transactions (PostgreSQL)`,
    '',
    `Seeded in ${(seededMs / 1000).toFixed(1)} s by one INSERT … SELECT (90 % on Cash in hand, over one year), then VACUUM ANALYZE. ` +
      `Times are medians of ${ROUNDS} sequential requests over HTTP after 2 warm-ups.`,
    '',
    ...table(['Request', 'Median', 'Baseline (same run)', 'Ratio'], rows),
    '',
    ...table(['Figure', 'Value', 'Target', ''], [['Ledger first page, median', ms(firstPage), `≤ ${TARGET_MS} ms`, verdict(firstPage <= TARGET_MS)]]),
    '',
  ];
}

/** Area benchmark entry (bench/run.ts). */
export async function run(ctx: AreaContext): Promise<string[]> {
  const lines: string[] = ['Cash & bank: the account ledger at 100,000 transactions.', ''];
  const db = await throwawayDatabase();
  try {
    if (!('url' in db)) return [...lines, `- PostgreSQL: not measured (${db.skipped})`, ''];
    const server = await startServer({ label: 'ledger-postgres', databaseUrl: db.url, appsRoot: ctx.tmpDir });
    try {
      return [...lines, ...(await bench(server, db.url))];
    } finally {
      await server.stop();
    }
  } finally {
    await runCleanups();
  }
}
