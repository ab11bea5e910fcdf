/**
 * Purchases: create-purchase requests per second (3-line supplier bills with a bank payment, 20
 * connections, every request its own supplier bill number) against GET /api/health of the same server, on
 * PostgreSQL when bench/run.ts has it (else PGlite). A benchmark, not a test: figures are reported against a
 * same-run baseline, never enforced. Under `pnpm bench` it is an area benchmark; alone:
 * `npx tsx bench/purchases.bench.ts` (on a throwaway PostgreSQL database when one can be made, else PGlite).
 */
import path from 'node:path';
import type { AreaContext, AreaServer } from './lib/area';
import { BENCH_DIR, log, ms, pct, ratio, runCleanups, table, tempDir } from './lib/common';
import { CONNECTIONS, DURATION_S, WARMUP_S, call, cannon, createItem, type Cannon } from './lib/documents';
import { throwawayDatabase } from './lib/postgres';
import { signUp, startServer } from './lib/server';

interface Buyer {
  cookie: string;
  itemIds: string[];
  supplierId: string;
  bankId: string;
}

async function buyer(server: AreaServer): Promise<Buyer> {
  const { cookie } = server;
  const itemIds = [
    await createItem(server, cookie, 1, 'gst-18', '499.00', false),
    await createItem(server, cookie, 2, 'gst-40', '52.50', true),
    await createItem(server, cookie, 3, 'gst-5', '120.00', false),
  ];
  const supplier = await call<{ data: { id: string } }>(server, cookie, 'POST', '/api/party/create', {
    name: 'Bench Supplier',
    partyType: 'SUPPLIER',
    billingAddress: { type: 'BOTH', miscData: { ad: 'Peenya', st: '29', pin: '560058' } },
  });
  const bank = await call<{ data: { id: string } }>(server, cookie, 'POST', '/api/account/add-bank-account', {
    displayName: 'Bench Bank',
    bankName: 'HDFC Bank',
    accountNumber: '50100123456789',
    ifsc: 'HDFC0001234',
  });
  return { cookie, itemIds, supplierId: supplier.data.id, bankId: bank.data.id };
}

/** `[<id>]` is replaced by autocannon with a fresh id per request: the supplier's bill numbers never repeat. */
const purchaseBody = (b: Buyer) =>
  JSON.stringify({
    partyId: b.supplierId,
    billNumber: 'B-[<id>]',
    lines: [
      { itemId: b.itemIds[0], quantity: 20, unitPrice: 400 },
      { itemId: b.itemIds[1], quantity: 50, unitPrice: 40, priceIncludesTax: true, discountPercent: 5 },
      { itemId: b.itemIds[2], quantity: 10, unitPrice: 95, itcEligible: false },
    ],
    payment: { amount: 1000, mode: 'BANK_TRANSFER', accountId: b.bankId },
  });

interface Figures {
  database: string;
  create: Cannon;
  health: Cannon;
  bills: number;
  numbersGapFree: boolean;
}

async function benchCreate(server: AreaServer): Promise<Figures> {
  log(`${server.database}: create-purchase under ${CONNECTIONS} connections…`);
  const b = await buyer(server);
  const health = await cannon(`${server.baseUrl}/api/health`);
  const create = await cannon(`${server.baseUrl}/api/purchase/create-purchase`, { cookie: b.cookie, body: purchaseBody(b), idReplacement: true });
  // Requests still queued when the load generator stops are still served: wait until the count settles.
  const total = async () =>
    (await call<{ meta: { total: number } }>(server, b.cookie, 'GET', '/api/purchase/purchase-invoices?pageSize=1')).meta.total;
  for (let before = -1, now = await total(), tries = 0; now !== before && tries < 60; tries++) {
    before = now;
    await new Promise((r) => setTimeout(r, 1000));
    now = await total();
  }
  const running: number[] = [];
  for (let page = 1; ; page++) {
    const list = await call<{ data: { referenceNumber: string }[] }>(server, b.cookie, 'GET', `/api/purchase/purchase-invoices?pageSize=100&page=${page}`);
    running.push(...list.data.map((d) => Number(d.referenceNumber.split('/').at(-1))));
    if (list.data.length < 100) break;
  }
  running.sort((x, y) => x - y);
  return { database: server.database, create, health, bills: running.length, numbersGapFree: running.every((n, i) => n === i + 1) };
}

function lines(f: Figures): string[] {
  return [
    `### create-purchase on ${f.database} (${CONNECTIONS} connections, autocannon, ${WARMUP_S} s warm-up + ${DURATION_S} s)`,
    '',
    'Each request: a 3-line bill from an out-of-state supplier (IGST; 18 % exclusive, 12 % inclusive with a 5 % discount, 5 % not ITC-eligible), ' +
      'its own supplier bill number, ₹1,000 paid by bank transfer — validation, the GST engine and ITC, the bill-number check, our reference number ' +
      'from the branch series (locked counter row), 3 stock rows locked and moved with their movements, the last purchase prices, the payment, one ' +
      'transaction. Every request buys the same three items into the same branch, so they queue on the same rows: the worst case.',
    '',
    ...table(
      ['Figure', 'Value', 'Baseline (same run)', 'Ratio'],
      [
        ['create-purchase, requests per second', `${Math.round(f.create.rps)} req/s`, `${Math.round(f.health.rps).toLocaleString('en-US')} req/s health`, pct(f.create.rps, f.health.rps)],
        ['create-purchase, p50 / p99 latency', `${ms(f.create.p50)} / ${ms(f.create.p99)}`, `${ms(f.health.p50)} / ${ms(f.health.p99)} health`, ratio(f.create.p99, f.health.p99)],
      ],
    ),
    '',
    `- ${f.create.ok.toLocaleString('en-US')} bills made in the measured ${DURATION_S} s (${f.bills.toLocaleString('en-US')} with the warm-up), ` +
      `${f.create.non2xx} non-2xx answers; reference numbers 1..${f.bills} with no gap or repeat: ${f.numbersGapFree ? 'yes' : 'NO'}.`,
    '',
  ];
}

/** Area benchmark entry (bench/run.ts): on ctx.server, PostgreSQL when there is one. */
export async function run(ctx: AreaContext): Promise<string[]> {
  const figures = await benchCreate(ctx.server);
  return ['Purchase bills: create-purchase throughput.', '', ...lines(figures)];
}

async function standalone() {
  try {
    const db = await throwawayDatabase();
    const databaseUrl = 'url' in db ? db.url : undefined;
    const started = await startServer({ label: 'purchases', databaseUrl, appsRoot: tempDir('purchases-apps') });
    const session = await signUp(started, 'Purchases');
    const server: AreaServer = {
      database: databaseUrl ? 'PostgreSQL' : 'PGlite',
      baseUrl: started.baseUrl,
      outbox: started.outbox,
      cookie: session.cookieHeader,
      phone: session.phone,
    };
    const ctx: AreaContext = {
      root: path.resolve(BENCH_DIR, '..'),
      tmpDir: tempDir('purchases'),
      server,
      servers: [server],
      signUp: async (s = server) => {
        const next = await signUp(s, 'Purchases');
        return { ...s, cookie: next.cookieHeader, phone: next.phone };
      },
      chromium: { executablePath: '', args: [] },
      log,
    };
    process.stdout.write(`${['## Purchases', '', ...(await run(ctx))].join('\n')}\n`);
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
