/**
 * A browser-like HTTP client of the cluster's proxy for the failure tests: keeps the cookies answers set (session,
 * OTP, the read-your-writes WAL position), sends the CSRF header on writes, and never throws on a failed request —
 * a refused or cut connection is answered as status 0, the way a user's browser sees "no answer".
 */
import fs from 'node:fs';

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export class ClusterClient {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  private keep(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const gone = value === '' || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get cookie() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, timeoutMs = 20_000): Promise<Answer> {
    const isForm = body instanceof FormData;
    try {
      const res = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          ...(method === 'GET' ? {} : { 'x-requested-with': 'XMLHttpRequest' }),
          ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
          ...(this.cookies.size ? { cookie: this.cookie } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      this.keep(res);
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // HAProxy's own error pages are HTML
      }
      return { status: res.status, body: parsed };
    } catch {
      return { status: 0, body: null };
    }
  }

  get(path: string) {
    return this.send('GET', path);
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return this.send('POST', path, body, headers);
  }
}

/** The last code the outbox holds for a phone (OTP_SENDER=outbox, one file for every instance). */
export function lastCode(outbox: string, phone: string): string {
  const lines = fs.readFileSync(outbox, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { phone: string; code: string });
  const mine = lines.filter((l) => l.phone === phone);
  if (!mine.length) throw new Error(`No code sent to ${phone}`);
  return mine.at(-1)!.code;
}

let phones = 0;
let items = 0;
export const newPhone = () => `9${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(6, '0')}`;

/** Signs a new business up through the proxy: a client holding its owner's session. */
export async function signUp(base: string, outbox: string, businessName: string): Promise<{ client: ClusterClient; phone: string }> {
  const client = new ClusterClient(base);
  const phone = newPhone();
  const start = await client.post('/api/auth/signup', { name: 'Asha Rao', businessName, mobileNumber: phone, stateCode: '27' });
  if (start.status !== 200) throw new Error(`signup answered ${start.status}: ${JSON.stringify(start.body)}`);
  const done = await client.post('/api/auth/verify-signup', { mobileNumber: phone, otp: lastCode(outbox, phone) });
  if (done.status !== 200) throw new Error(`verify-signup answered ${done.status}: ${JSON.stringify(done.body)}`);
  return { client, phone };
}

/** Logs the user in again from another "browser": a session that has written nothing yet. */
export async function logIn(base: string, outbox: string, phone: string): Promise<ClusterClient> {
  const client = new ClusterClient(base);
  const start = await client.post('/api/auth/login', { mobileNumber: phone });
  if (start.status !== 200) throw new Error(`login answered ${start.status}: ${JSON.stringify(start.body)}`);
  const done = await client.post('/api/auth/verify-login', { mobileNumber: phone, otp: lastCode(outbox, phone) });
  if (done.status !== 200) throw new Error(`verify-login answered ${done.status}: ${JSON.stringify(done.body)}`);
  return client;
}

/** A product with opening stock at the active branch (item/create takes multipart, as the item screen sends it). */
export async function createProduct(client: ClusterClient, name: string, stock: number): Promise<string> {
  const form = new FormData();
  const fields: Record<string, string> = {
    itemType: 'PRODUCT',
    itemName: name,
    itemCode: `C${process.pid % 10000}I${++items}`.slice(0, 10),
    hsnCode: '8517',
    salePrice: '100',
    salePriceTaxType: 'WITHOUT_TAX',
    isSaleTaxApplicable: 'false',
    gstRate: 'gst-18',
    unit: 'NOS',
    openingStock: String(stock),
    itemSerialNos: '',
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await client.send('POST', '/api/item/create', form);
  if (res.status !== 201) throw new Error(`item/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** Answers a user may retry: no answer at all, the proxy's 502/503/504, the API's 503. */
export const isRetryable = (status: number) => status === 0 || status === 502 || status === 503 || status === 504;

/**
 * Creates one sale the way a careful client does: one Idempotency-Key, sent again after every retryable failure
 * until an answer comes (or `deadline`). Answers the statuses seen along the way and the final answer.
 */
export async function createSaleWithRetries(client: ClusterClient, key: string, itemId: string, deadline: number) {
  const seen: number[] = [];
  for (;;) {
    const res = await client.post('/api/sale/create-sale', { lines: [{ itemId, quantity: 1 }] }, { 'idempotency-key': key });
    seen.push(res.status);
    if (!isRetryable(res.status) || Date.now() > deadline) return { res, seen };
    await new Promise((r) => setTimeout(r, 200));
  }
}
