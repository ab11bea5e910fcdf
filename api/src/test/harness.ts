import type { Profile } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/client';
import { MemoryOtpSender } from '../otp';
import { createTestDatabase } from './db';

/** A clock that stands still until a test moves it. */
export class TestClock {
  private offsetMs = 0;
  readonly now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
}

export interface Harness {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  otp: MemoryOtpSender;
  clock: TestClock;
  /** Another app on the same database with different settings (closed with the harness). */
  variant(env: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** Settings for tests: codes kept in memory, no per-IP limit, no resend wait unless a test asks for one. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    OTP_SENDER: 'console',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    OTP_RESEND_INTERVAL_SECONDS: '0',
    OTP_MAX_SENDS_PER_HOUR: '1000',
    OTP_MAX_SENDS_PER_PHONE: '1000',
    OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '100000',
    LOG_LEVEL: 'silent',
    // A test that wants the scheduler starts it (variant with an interval), so no pass runs behind a test's back.
    AUTOMATED_BILLS_INTERVAL_SECONDS: '0',
    ...env,
  });
}

/**
 * For a test file's beforeAll that creates its harness: migrating a fresh database takes a few seconds alone and
 * far longer on a machine shared with other test runs, which must not fail a file.
 */
export const SETUP_TIMEOUT_MS = 180_000;

/** One database and one app per test file. */
export async function createHarness(env: Record<string, string> = {}): Promise<Harness> {
  const database = await createTestDatabase();
  const otp = new MemoryOtpSender();
  const clock = new TestClock();
  const config = testConfig(env);
  const apps: FastifyInstance[] = [];
  const make = async (cfg: AppConfig) => {
    const app = await buildApp({ config: cfg, db: database.db, listen: database.listen, clock: clock.now, otpSender: otp, logger: false });
    await app.ready();
    apps.push(app);
    return app;
  };
  const app = await make(config);
  return {
    app,
    database,
    config,
    otp,
    clock,
    variant: (extra) => make(testConfig({ ...env, ...extra })),
    close: async () => {
      for (const a of apps) await a.close();
      await database.close();
    },
  };
}

/**
 * Until `check` passes (or `timeoutMs` is up, then its last failure): for what another process may see a moment
 * later, e.g. a write made straight in the database reaching a cached list once the change feed's notification
 * arrives (between PostgreSQL connections it comes just after the commit; PGlite hands it over with the commit).
 */
export async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

let phoneCounter = 0;
/** A mobile number no other test in this process uses. */
export function newPhone(): string {
  phoneCounter += 1;
  const stem = `${process.pid % 1000}`.padStart(3, '0') + `${phoneCounter}`.padStart(6, '0');
  return `9${stem}`;
}

export const JSON_WRITE = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** A write the way the shared client sends it: CSRF header, JSON body, the session cookie when given. */
export function write(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  body: unknown = {},
  opts: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...JSON_WRITE, ...(opts.cookie ? { cookie: opts.cookie } : {}), ...opts.headers },
    payload: JSON.stringify(body),
  });
}

export function get(app: FastifyInstance, url: string, cookie?: string, extra: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {}, ...extra });
}

/** `name=value` of a cookie the answer set. */
export function cookieFrom(res: LightMyRequestResponse, name: string): string | undefined {
  const c = res.cookies.find((x) => x.name === name);
  return c ? `${c.name}=${c.value}` : undefined;
}

/**
 * A test client that keeps the cookies answers set, as one browser does: the OTP cookie that ties a code to the
 * browser that asked for it, the session cookie after a login.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly headers: Record<string, string> = {},
    /** The client address the server sees (the per-address limits count it). */
    readonly remoteAddress = '127.0.0.1',
  ) {}

  get cookie(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  private headersWith(extra: Record<string, string>) {
    const cookie = this.cookie;
    return { ...this.headers, ...(cookie ? { cookie } : {}), ...extra };
  }

  async post(url: string, body: unknown = {}) {
    const headers = this.headersWith(JSON_WRITE);
    return this.keep(await this.app.inject({ method: 'POST', url, headers, remoteAddress: this.remoteAddress, payload: JSON.stringify(body) }));
  }

  async get(url: string) {
    return this.keep(await this.app.inject({ method: 'GET', url, headers: this.headersWith({}), remoteAddress: this.remoteAddress }));
  }
}

export interface SignedUp {
  phone: string;
  cookie: string;
  profile: Profile;
}

let gstinSeq = 0;
/** A valid GSTIN of the state, a new PAN each time: '27AABCT0001A1Z' + its check character. */
export function testGstin(stateCode: string): string {
  gstinSeq += 1;
  const first14 = `${stateCode}AABCT${String((process.pid * 7 + gstinSeq) % 10000).padStart(4, '0')}A1Z`;
  return first14 + gstinCheckChar(first14);
}

/**
 * Signs up a new business through the API and answers its session cookie. A business given a state is registered
 * (a REGULAR GSTIN of that state, so its invoices charge GST) unless `unregistered` or its own `gstin` says otherwise.
 */
export async function signUp(
  h: Harness,
  fields: {
    name?: string;
    businessName?: string;
    gstin?: string;
    stateCode?: string;
    phone?: string;
    unregistered?: boolean;
    registrationType?: 'REGULAR' | 'COMPOSITION';
  } = {},
  app: FastifyInstance = h.app,
): Promise<SignedUp> {
  const phone = fields.phone ?? newPhone();
  const browser = new TestBrowser(app);
  const gstin = fields.gstin ?? (fields.stateCode && !fields.unregistered ? testGstin(fields.stateCode) : undefined);
  const start = await browser.post('/api/auth/signup', {
    name: fields.name ?? 'Asha Rao',
    businessName: fields.businessName ?? 'Asha Stores',
    mobileNumber: phone,
    ...(gstin ? { gstin } : {}),
    ...(fields.stateCode ? { stateCode: fields.stateCode } : {}),
    ...(fields.registrationType ? { registrationType: fields.registrationType } : {}),
  });
  if (start.statusCode !== 200) throw new Error(`signup answered ${start.statusCode}: ${start.body}`);
  const res = await browser.post('/api/auth/verify-signup', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
  if (res.statusCode !== 200) throw new Error(`verify-signup answered ${res.statusCode}: ${res.body}`);
  return { phone, cookie: cookieFrom(res, 'bahi_session')!, profile: res.json().data };
}

/** Logs an existing user in and answers the new session cookie. */
export async function logIn(h: Harness, phone: string): Promise<{ cookie: string; res: LightMyRequestResponse }> {
  const browser = new TestBrowser(h.app);
  const start = await browser.post('/api/auth/login', { mobileNumber: phone });
  if (start.statusCode !== 200) throw new Error(`login answered ${start.statusCode}: ${start.body}`);
  const res = await browser.post('/api/auth/verify-login', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
  if (res.statusCode !== 200) throw new Error(`verify-login answered ${res.statusCode}: ${res.body}`);
  return { cookie: cookieFrom(res, 'bahi_session')!, res };
}
