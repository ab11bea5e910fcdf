/** What the document benchmarks (sales, purchases) share: autocannon in a child process, JSON calls, items. */
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import { BENCH_DIR, median, runCommand } from './common';
import { WRITE_HEADERS } from './server';

export const CONNECTIONS = 20;
export const WARMUP_S = 2;
export const DURATION_S = 8;
const AUTOCANNON = path.join(path.dirname(require.resolve('autocannon/package.json', { paths: [BENCH_DIR] })), 'autocannon.js');

export interface Cannon {
  rps: number;
  p99: number;
  p50: number;
  ok: number;
  non2xx: number;
}

/**
 * autocannon against 127.0.0.1 only, after a warm-up. `idReplacement`: every `[<id>]` in the body becomes a fresh
 * id per request (a supplier bill number that must not repeat).
 */
export async function cannon(url: string, o: { cookie?: string; body?: string; seconds?: number; idReplacement?: boolean } = {}): Promise<Cannon> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to load-test ${url}: only 127.0.0.1`);
  const run = async (seconds: number) => {
    const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j'];
    if (o.cookie) args.push('-H', `cookie=${o.cookie}`);
    if (o.idReplacement) args.push('-I');
    if (o.body !== undefined) {
      args.push('-m', 'POST', '-H', 'content-type=application/json', '-H', `${CSRF_HEADER}=${CSRF_HEADER_VALUE}`, '-b', o.body);
    }
    args.push(url);
    const r = await runCommand(process.execPath, args, { timeoutMs: (seconds + 60) * 1000 });
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '{}') as {
      requests: { average: number };
      latency: { p99: number; p50: number };
      '2xx': number;
      non2xx: number;
    };
    return { rps: out.requests.average, p99: out.latency.p99, p50: out.latency.p50, ok: out['2xx'], non2xx: out.non2xx };
  };
  await run(WARMUP_S);
  return run(o.seconds ?? DURATION_S);
}

export async function call<T>(server: { baseUrl: string }, cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: method === 'GET' ? { cookie } : { ...WRITE_HEADERS, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * An item through item/create (multipart), with plenty of stock at the active branch; `extra` adds or replaces fields
 * (a purchase price, the opening stock's date).
 */
export async function createItem(
  server: { baseUrl: string },
  cookie: string,
  i: number,
  rate: string,
  price: string,
  withTax: boolean,
  extra: Record<string, string> = {},
): Promise<string> {
  const form = new FormData();
  const fields: Record<string, string> = {
    itemType: 'PRODUCT',
    itemName: `Bench item ${i}`,
    itemCode: `BENCH${i}`,
    hsnCode: '85171300',
    salePrice: price,
    salePriceTaxType: withTax ? 'WITH_TAX' : 'WITHOUT_TAX',
    isSaleTaxApplicable: String(withTax),
    gstRate: rate,
    unit: 'NOS',
    openingStock: '1000000000',
    ...extra,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`${server.baseUrl}/api/item/create`, { method: 'POST', headers: { cookie, [CSRF_HEADER]: CSRF_HEADER_VALUE }, body: form });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`item/create answered ${res.status}: ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { data: { id: string } }).data.id;
}


/** One GET, timed from the request to the parsed JSON answer (a non-2xx answer throws). */
export async function timedGet(server: { baseUrl: string }, url: string, cookie?: string): Promise<{ ms: number; body: Record<string, unknown> }> {
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}${url}`, { headers: cookie ? { cookie } : {} });
  const body = (await res.json()) as Record<string, unknown>;
  const took = performance.now() - started;
  if (!res.ok) throw new Error(`${url} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { ms: took, body };
}

/** The median of `rounds` sequential GETs after 2 warm-ups, with the samples and the last answer. */
export async function medianGet(server: { baseUrl: string }, url: string, cookie?: string, rounds = 9) {
  for (let i = 0; i < 2; i++) await timedGet(server, url, cookie);
  const samples: number[] = [];
  let body: Record<string, unknown> = {};
  for (let i = 0; i < rounds; i++) {
    const r = await timedGet(server, url, cookie);
    samples.push(r.ms);
    body = r.body;
  }
  return { median: median(samples), samples, body };
}
