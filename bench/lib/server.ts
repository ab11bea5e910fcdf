// Starts the real server (`tsx api/src/main.ts`, as `start` does) on a free port and signs businesses up through
// the API with the OTP read from the outbox file.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { ROOT, freePort, killGroup, log, onCleanup, sleep, tempDir } from './common';

export interface BahiServer {
  baseUrl: string;
  port: number;
  /** 'PGlite' or 'PostgreSQL'. */
  database: string;
  /** The file the outbox OTP sender appends `{"phone","code","purpose","at"}` lines to. */
  outbox: string;
  dataDir: string;
  appsRoot: string;
  /** PostgreSQL only: the database it serves (another server may be started on it). */
  databaseUrl?: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** The folder holding shell/dist and mf-*\/dist (APPS_ROOT). */
  appsRoot: string;
  /** PostgreSQL connection string; PGlite in a temp DATA_DIR when absent. */
  databaseUrl?: string;
  label: string;
  timeoutMs?: number;
  /** More environment for the server (e.g. READ_CACHE=0). */
  env?: Record<string, string>;
  /** Another checkout to serve (a git worktree of an older commit, with its own node_modules); default this one. */
  root?: string;
}

export async function startServer(opts: StartOptions): Promise<BahiServer> {
  const dir = tempDir(`server-${opts.label}`);
  const dataDir = path.join(dir, 'data');
  const outbox = path.join(dir, 'otp-outbox.jsonl');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const root = opts.root ?? ROOT;
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'api', 'src', 'main.ts')], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SERVE_APPS: '1',
      APPS_ROOT: opts.appsRoot,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: opts.databaseUrl ?? '',
      OTP_SENDER: 'outbox',
      OTP_OUTBOX: outbox,
      OTP_RESEND_INTERVAL_SECONDS: '0',
      OTP_MAX_SENDS_PER_HOUR: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '0',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited) return;
    // SIGTERM lets main.ts close the database (PGlite flushes, pg pool ends); the group kill is the backstop.
    killGroup(child.pid, 'SIGTERM');
    await Promise.race([exitedPromise, sleep(8000)]);
    killGroup(child.pid, 'SIGKILL');
  };
  const removeCleanup = onCleanup(`stop server ${opts.label} (pid ${child.pid})`, stop);

  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (exited) {
      removeCleanup();
      throw new Error(`the ${opts.label} server exited while starting:\n${stderr.trim()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      removeCleanup();
      throw new Error(`the ${opts.label} server did not answer /api/health in time:\n${stderr.trim()}`);
    }
    await sleep(250);
  }
  log(`${opts.label} server up at ${baseUrl}`);
  return {
    baseUrl,
    port,
    database: opts.databaseUrl ? 'PostgreSQL' : 'PGlite',
    databaseUrl: opts.databaseUrl,
    outbox,
    dataDir,
    appsRoot: opts.appsRoot,
    stop: async () => {
      await stop();
      removeCleanup();
    },
  };
}

export const WRITE_HEADERS = { [CSRF_HEADER]: CSRF_HEADER_VALUE, 'content-type': 'application/json' };

export interface Session {
  phone: string;
  firstName: string;
  businessName: string;
  /** `name=value; name=value`, ready for a Cookie header. */
  cookieHeader: string;
  cookies: Array<{ name: string; value: string }>;
}

async function post(url: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { ...WRITE_HEADERS, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
}

/** The newest code the outbox OTP sender wrote for `phone`. */
export async function otpFor(outbox: string, phone: string, purpose: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (fs.existsSync(outbox)) {
      const lines = fs.readFileSync(outbox, 'utf8').split('\n').filter(Boolean);
      const mine = lines
        .map((l) => JSON.parse(l) as { phone: string; code: string; purpose: string })
        .filter((m) => m.phone === phone && m.purpose === purpose);
      const code = mine.at(-1)?.code;
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no ${purpose} OTP for ${phone} in ${outbox}`);
    await sleep(100);
  }
}

let phoneCounter = 0;
/** A 10-digit Indian mobile number no other sign-up of this run uses. */
function freshPhone(): string {
  phoneCounter += 1;
  const tail = `${Date.now() % 1e6}`.padStart(6, '0');
  return `9${tail}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}${phoneCounter % 10}`;
}

/** Signs a new business up through the API (OTP from the outbox) and returns its session cookies. */
/** A valid GSTIN of Maharashtra, one per phone. */
function benchGstin(phone: string): string {
  const first14 = `27AABCB${phone.slice(-4)}A1Z`;
  return first14 + gstinCheckChar(first14);
}

export async function signUp(server: Pick<BahiServer, 'baseUrl' | 'outbox'>, label = 'Bench'): Promise<Session> {
  const phone = freshPhone();
  const businessName = `${label} Traders ${phone.slice(-4)}`;
  const start = await post(`${server.baseUrl}/api/auth/signup`, {
    name: 'Asha Verma',
    businessName,
    mobileNumber: phone,
    stateCode: '27',
    // A registered business, so its invoices charge GST as a real shop's do.
    gstin: benchGstin(phone),
  });
  if (start.status !== 200) throw new Error(`sign-up answered ${start.status}: ${await start.text()}`);
  // A code works only in the browser that asked for it (its OTP cookie): send that cookie back.
  const asked = start.headers
    .getSetCookie()
    .map((c) => c.split(';')[0].trim())
    .join('; ');
  const otp = await otpFor(server.outbox, phone, 'signup');
  const verify = await post(`${server.baseUrl}/api/auth/verify-signup`, { mobileNumber: phone, otp }, asked || undefined);
  if (verify.status !== 200) throw new Error(`verify-signup answered ${verify.status}: ${await verify.text()}`);
  const cookies = verify.headers.getSetCookie().map((c) => {
    const [pair] = c.split(';');
    const eq = pair.indexOf('=');
    return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim() };
  });
  return {
    phone,
    firstName: 'Asha',
    businessName,
    cookies,
    cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
  };
}

const CITIES = ['Mumbai', 'Pune', 'Nagpur', 'Nashik', 'Thane', 'Aurangabad', 'Solapur', 'Kolhapur', 'Amravati'];

/** Adds `count` store branches (Maharashtra addresses) to the session's business; returns their names. */
export async function addBranches(server: Pick<BahiServer, 'baseUrl'>, session: Session, count: number): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const city = CITIES[i % CITIES.length];
    const name = `${city} branch ${i + 1}`;
    const res = await post(
      `${server.baseUrl}/api/store-branch/create-branch`,
      { name, address: { street: `${i + 1} Station Road`, city, stateCode: '27', pin: `4110${String(i + 10).padStart(2, '0')}` } },
      session.cookieHeader,
    );
    if (res.status !== 201 && res.status !== 200) throw new Error(`create-branch answered ${res.status}: ${await res.text()}`);
    names.push(name);
  }
  return names;
}

/** The business's branch names, as the list endpoint answers them. */
export async function branchNames(server: Pick<BahiServer, 'baseUrl'>, session: Session): Promise<string[]> {
  const res = await fetch(`${server.baseUrl}/api/store-branch/branches`, { headers: { cookie: session.cookieHeader } });
  if (!res.ok) throw new Error(`branches answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { data: Array<{ name: string }> };
  return body.data.map((b) => b.name);
}
