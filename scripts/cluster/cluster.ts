/**
 * A small production-like cluster on one machine, for the failure tests (scripts/cluster/*.cluster.test.ts) and
 * for trying things by hand (`npx tsx scripts/cluster/cluster.ts up`):
 *
 *   clients ──► HAProxy :HAPROXY_PORT ──► api #1..#N (tsx api/src/main.ts) ──► PostgreSQL primary  :P
 *                 (health: GET /api/ready)        │ writes: DATABASE_URL = P,S (read-write)  │ streaming
 *                                                 └ reads:  READ_DATABASE_URL = S ──────────► standby :S
 *
 * PostgreSQL comes from Debian's packages (/usr/lib/postgresql/<v>/bin), run as the `postgres` user when this
 * runs as root (as .ci/run does); HAProxy from the `haproxy` package. Everything lives in one temporary directory
 * and is torn down by `stop()`, and by an exit/signal handler should the caller die first.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..');

export interface ClusterOptions {
  /** API instances behind HAProxy. */
  instances?: number;
  /** The primary waits for the standby to confirm each commit (synchronous_standby_names). */
  synchronous?: boolean;
  /** Ports: PostgreSQL primary and standby; HAProxy; the first API instance (the others follow). */
  primaryPort?: number;
  standbyPort?: number;
  haproxyPort?: number;
  apiPort?: number;
  /** Seconds readiness answers 503 before an instance stops accepting (more than HAProxy needs to notice). */
  drainSeconds?: number;
  log?: (line: string) => void;
}

/** What is missing on this machine to run a cluster (empty: nothing). */
export function missingBinaries(): string[] {
  const missing: string[] = [];
  if (!pgBin()) missing.push('PostgreSQL server binaries (/usr/lib/postgresql/*/bin: apt-get install postgresql)');
  if (!haproxyBin()) missing.push('haproxy (apt-get install haproxy)');
  return missing;
}

function pgBin(): string | null {
  const base = '/usr/lib/postgresql';
  if (!fs.existsSync(base)) return null;
  const versions = fs
    .readdirSync(base)
    .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1)!, 'bin') : null;
}

function haproxyBin(): string | null {
  for (const p of ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy']) if (fs.existsSync(p)) return p;
  return null;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Until `check` answers true, or throws `what` after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not yet
    }
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** Whether something accepts connections on 127.0.0.1:port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface ApiInstance {
  index: number;
  port: number;
  child: ChildProcess | null;
}

export class Cluster {
  readonly dir: string;
  readonly bin: string;
  readonly haproxy: string;
  readonly primaryPort: number;
  readonly standbyPort: number;
  readonly haproxyPort: number;
  readonly apiPort: number;
  readonly synchronous: boolean;
  readonly drainSeconds: number;
  readonly apis: ApiInstance[] = [];
  private haproxyChild: ChildProcess | null = null;
  private stopped = false;
  private readonly log: (line: string) => void;
  private readonly onExit = () => this.stopNow();
  /** Killed from outside (Ctrl-C, a CI time-out): tear down, then die as the signal would have. */
  private readonly onSignal = (signal: NodeJS.Signals) => {
    this.stopNow();
    process.kill(process.pid, signal);
  };

  constructor(opts: ClusterOptions = {}) {
    const bin = pgBin();
    const haproxy = haproxyBin();
    if (!bin || !haproxy) throw new Error(`Cannot start a cluster: missing ${missingBinaries().join('; ')}`);
    this.bin = bin;
    this.haproxy = haproxy;
    this.primaryPort = opts.primaryPort ?? 55401;
    this.standbyPort = opts.standbyPort ?? 55402;
    this.haproxyPort = opts.haproxyPort ?? 8300;
    this.apiPort = opts.apiPort ?? 8301;
    this.synchronous = opts.synchronous ?? true;
    this.drainSeconds = opts.drainSeconds ?? 2;
    this.log = opts.log ?? ((line) => process.stderr.write(`[cluster] ${line}\n`));
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-cluster-'));
    fs.chmodSync(this.dir, 0o755);
    for (let i = 0; i < (opts.instances ?? 3); i++) this.apis.push({ index: i, port: this.apiPort + i, child: null });
    process.once('exit', this.onExit);
    for (const signal of SIGNALS) process.once(signal, this.onSignal);
  }

  get primaryDir() {
    return path.join(this.dir, 'primary');
  }
  get standbyDir() {
    return path.join(this.dir, 'standby');
  }
  get url() {
    return `http://127.0.0.1:${this.haproxyPort}`;
  }
  get otpOutbox() {
    return path.join(this.dir, 'otp.jsonl');
  }
  /** Writes go to whichever of the two servers accepts them: a failover needs no change here. */
  get databaseUrl() {
    return `postgres://postgres@127.0.0.1:${this.primaryPort},127.0.0.1:${this.standbyPort}/bahi?target_session_attrs=read-write`;
  }
  get readDatabaseUrl() {
    return `postgres://postgres@127.0.0.1:${this.standbyPort}/bahi`;
  }

  /** A PostgreSQL tool as the postgres user (root) or as this user. */
  private pg(tool: string, args: string[], opts: { timeout?: number } = {}): string {
    const file = path.join(this.bin, tool);
    if (isRoot()) {
      const quoted = [file, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
      return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], { encoding: 'utf8', timeout: opts.timeout ?? 120_000, stdio: ['ignore', 'pipe', 'pipe'] });
    }
    return execFileSync(file, args, { encoding: 'utf8', timeout: opts.timeout ?? 120_000, stdio: ['ignore', 'pipe', 'pipe'] });
  }

  /** One SQL statement on a server (primary or standby), its rows as tab-separated lines. */
  sql(port: number, statement: string, database = 'bahi'): string {
    return execFileSync(path.join(this.bin, 'psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', database, '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', statement], {
      encoding: 'utf8',
      timeout: 30_000,
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  }

  async start(): Promise<void> {
    try {
      // Something else on a port would answer for an instance that could not start.
      const ports = [this.primaryPort, this.standbyPort, this.haproxyPort, ...this.apis.map((a) => a.port)];
      const taken = (await Promise.all(ports.map(async (p) => ((await listening(p)) ? p : null)))).filter((p) => p !== null);
      if (taken.length) throw new Error(`Cannot start a cluster: ports ${taken.join(', ')} are in use`);
      await this.startPostgres();
      await this.startApis();
      this.startHaproxy();
      await waitFor('HAProxy to see every instance ready', async () => (await fetch(`${this.url}/api/ready`)).status === 200, 30_000);
    } catch (e) {
      this.stopNow();
      throw e;
    }
  }

  private async startPostgres() {
    const data = path.join(this.dir, 'pg');
    fs.mkdirSync(data);
    if (isRoot()) execFileSync('chown', ['postgres:postgres', data]);
    fs.chmodSync(data, 0o700);
    this.log(`PostgreSQL primary on ${this.primaryPort}, standby on ${this.standbyPort}${this.synchronous ? ' (synchronous)' : ''}`);
    this.pg('initdb', ['-D', path.join(data, 'primary'), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    // The data directories live inside `pg` (owned by postgres); these names are what the rest of the code uses.
    fs.symlinkSync(path.join(data, 'primary'), this.primaryDir);
    fs.symlinkSync(path.join(data, 'standby'), this.standbyDir);
    const conf = [
      `listen_addresses = '127.0.0.1'`,
      `port = ${this.primaryPort}`,
      `unix_socket_directories = '${data}'`,
      'wal_level = replica',
      'max_wal_senders = 5',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      'max_connections = 100',
      // The standby cancels a query that blocks replay for longer than this (the read then goes to the primary).
      'max_standby_streaming_delay = 5s',
      'fsync = off',
    ].join('\n');
    this.appendConf(path.join(data, 'primary', 'postgresql.conf'), conf);
    this.pg('pg_ctl', ['-D', path.join(data, 'primary'), '-l', path.join(data, 'primary.log'), '-w', '-t', '60', 'start']);
    this.sql(this.primaryPort, 'create database bahi', 'postgres');
    this.pg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(this.primaryPort), '-U', 'postgres', '-D', path.join(data, 'standby'), '-R', '-X', 'stream', '-c', 'fast']);
    // Later lines win: the standby's own port, and a name the primary's synchronous_standby_names knows.
    this.appendConf(
      path.join(data, 'standby', 'postgresql.auto.conf'),
      `port = ${this.standbyPort}\nprimary_conninfo = 'host=127.0.0.1 port=${this.primaryPort} user=postgres application_name=standby1'\n`,
    );
    this.pg('pg_ctl', ['-D', path.join(data, 'standby'), '-l', path.join(data, 'standby.log'), '-w', '-t', '60', 'start']);
    await waitFor(
      'the standby to stream from the primary',
      () => this.sql(this.primaryPort, `select count(*) from pg_stat_replication where application_name = 'standby1' and state = 'streaming'`) === '1',
    );
    // Only now: a synchronous primary without its standby would wait forever on every commit (create database too).
    if (this.synchronous) {
      this.sql(this.primaryPort, `alter system set synchronous_standby_names = 'standby1'`, 'postgres');
      this.sql(this.primaryPort, 'select pg_reload_conf()', 'postgres');
    }
  }

  private appendConf(file: string, text: string) {
    if (isRoot()) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', `cat >> '${file}'`], { input: `\n${text}\n` });
    else fs.appendFileSync(file, `\n${text}\n`);
  }

  /** Stops (`-m immediate`: as if it crashed) or starts one PostgreSQL server. */
  pgCtl(which: 'primary' | 'standby', action: 'stop' | 'start' | 'promote') {
    const dir = which === 'primary' ? this.primaryDir : this.standbyDir;
    const real = fs.realpathSync(dir);
    const args = action === 'stop' ? ['-D', real, '-m', 'immediate', '-w', 'stop'] : action === 'start' ? ['-D', real, '-l', `${real}.log`, '-w', '-t', '60', 'start'] : ['-D', real, '-w', 'promote'];
    this.pg('pg_ctl', args);
  }

  private async startApis() {
    for (const api of this.apis) this.spawnApi(api);
    await Promise.all(this.apis.map((api) => this.waitReady(api)));
  }

  private spawnApi(api: ApiInstance) {
    const dataDir = path.join(this.dir, `api${api.index + 1}`);
    fs.mkdirSync(dataDir, { recursive: true });
    const out = fs.openSync(path.join(this.dir, `api${api.index + 1}.log`), 'a');
    // node itself with tsx's loader (not the tsx command, which runs the server as its child): a signal sent here
    // reaches the server.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'api', 'src', 'main.ts')], {
      cwd: ROOT,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(api.port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: this.databaseUrl,
        READ_DATABASE_URL: this.readDatabaseUrl,
        READ_REPLICA_MAX_LAG_MS: '3000',
        READ_REPLICA_RETRY_SECONDS: '2',
        DATABASE_POOL_SIZE: '4',
        OTP_SENDER: 'outbox',
        OTP_OUTBOX: this.otpOutbox,
        OPERATOR_TOKEN: 'cluster-operator-token',
        TRUST_PROXY: '1',
        AUTH_RATE_LIMIT_PER_MINUTE: '0',
        OTP_RESEND_INTERVAL_SECONDS: '0',
        OTP_MAX_SENDS_PER_HOUR: '1000',
        OTP_MAX_SENDS_PER_PHONE: '1000',
        OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '100000',
        AUTOMATED_BILLS_INTERVAL_SECONDS: '0',
        SHUTDOWN_DRAIN_SECONDS: String(this.drainSeconds),
        SHUTDOWN_TIMEOUT_SECONDS: '20',
        LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
        LOG_FORMAT: 'json',
      },
    });
    fs.closeSync(out);
    api.child = child;
    child.on('exit', () => {
      if (api.child === child) api.child = null;
    });
  }

  private async waitReady(api: ApiInstance) {
    await waitFor(
      `api #${api.index + 1} on ${api.port} to be ready (log: ${path.join(this.dir, `api${api.index + 1}.log`)})`,
      async () => {
        if (!api.child) throw new Error('exited');
        return (await fetch(`http://127.0.0.1:${api.port}/api/ready`)).status === 200;
      },
      120_000,
    );
  }

  private startHaproxy() {
    const servers = this.apis.map((api) => `  server api${api.index + 1} 127.0.0.1:${api.port} check`).join('\n');
    const cfg = `${haproxyConfig(this.haproxyPort, servers)}\n`;
    const file = path.join(this.dir, 'haproxy.cfg');
    fs.writeFileSync(file, cfg);
    execFileSync(this.haproxy, ['-c', '-q', '-f', file]);
    const out = fs.openSync(path.join(this.dir, 'haproxy.log'), 'a');
    this.haproxyChild = spawn(this.haproxy, ['-db', '-f', file], { stdio: ['ignore', out, out] });
    fs.closeSync(out);
    this.log(`HAProxy on ${this.haproxyPort} before ${this.apis.length} API instances on ${this.apis.map((a) => a.port).join(', ')}`);
  }

  /** `kill -9` an instance: no draining, in-flight requests are cut. */
  kill(index: number) {
    this.apis[index].child?.kill('SIGKILL');
  }

  /** SIGTERM an instance and wait until it has exited (it drains first); answers its exit code. */
  async terminate(index: number): Promise<number | null> {
    const child = this.apis[index].child;
    if (!child) return null;
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    return exited;
  }

  /** Starts an instance again (after kill or terminate) and waits until it is ready. */
  async restart(index: number) {
    const api = this.apis[index];
    if (api.child) throw new Error(`api #${index + 1} is still running`);
    this.spawnApi(api);
    await this.waitReady(api);
  }

  /** The tail of a log file of the cluster's directory (for a failing test's message). */
  logTail(name: string, lines = 30): string {
    try {
      return fs.readFileSync(path.join(this.dir, name), 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  async stop(): Promise<void> {
    this.stopNow();
  }

  /** Kills everything and removes the directory; synchronous, so it also runs from an exit handler. */
  stopNow() {
    if (this.stopped) return;
    this.stopped = true;
    process.removeListener('exit', this.onExit);
    for (const signal of SIGNALS) process.removeListener(signal, this.onSignal);
    for (const api of this.apis) api.child?.kill('SIGKILL');
    this.haproxyChild?.kill('SIGKILL');
    for (const dir of [this.primaryDir, this.standbyDir]) {
      try {
        if (fs.existsSync(path.join(fs.realpathSync(dir), 'postmaster.pid'))) this.pg('pg_ctl', ['-D', fs.realpathSync(dir), '-m', 'immediate', '-w', 'stop'], { timeout: 30_000 });
      } catch {
        // already stopped, or never started
      }
    }
    if (process.env.KEEP_CLUSTER_DIR) return;
    try {
      // A server's last processes may still be closing files just after pg_ctl returned.
      fs.rmSync(this.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (e) {
      this.log(`could not remove ${this.dir}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

/**
 * The proxy: round robin over the instances that answer GET /api/ready with 200, checked every 500 ms (two failures
 * take an instance out, two passes bring it back). A request whose connection to an instance fails, or that the
 * instance closes without any answer, is sent to another instance (`retry-on conn-failure empty-response` with
 * `option redispatch`); nothing is retried once an answer has begun. One connection per request to the instances
 * (`http-server-close`): a connection an instance closes while draining is never reused for a new request.
 */
export function haproxyConfig(port: number, servers: string): string {
  return `global
  maxconn 1000

defaults
  mode http
  timeout connect 1s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  option http-server-close
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response

frontend bahi
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend api

backend api
  balance roundrobin
  option httpchk
  http-check send meth GET uri /api/ready ver HTTP/1.1 hdr Host localhost
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${servers}`;
}

// `npx tsx scripts/cluster/cluster.ts up`: start a cluster and keep it until Ctrl-C.
if (require.main === module) {
  const command = process.argv[2];
  if (command !== 'up') {
    process.stderr.write('usage: npx tsx scripts/cluster/cluster.ts up   (Ctrl-C stops and removes everything)\n');
    process.exit(2);
  }
  const missing = missingBinaries();
  if (missing.length) {
    process.stderr.write(`Cannot start a cluster: missing ${missing.join('; ')}\n`);
    process.exit(1);
  }
  const cluster = new Cluster();
  cluster.start().then(
    () => process.stdout.write(`Bahi behind HAProxy at ${cluster.url} (files in ${cluster.dir}); Ctrl-C stops everything\n`),
    (e: unknown) => {
      process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
      process.exit(1);
    },
  );
}
