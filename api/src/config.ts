import net from 'node:net';
import path from 'node:path';

export type OtpSenderKind = 'console' | 'outbox' | 'http';

export interface AppConfig {
  port: number;
  host: string;
  /** Where the embedded database (PGlite) keeps its files, unless databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PGlite is not used. Several hosts: `h1:5432,h2:5432` (db/hosts.ts). */
  databaseUrl: string | undefined;
  /** A streaming replica of DATABASE_URL that lists, reports and GST returns may read (services/read-replica.ts). */
  readDatabaseUrl: string | undefined;
  /** A replica further behind than this is not read (READ_REPLICA_MAX_LAG_MS). */
  readReplicaMaxLagMs: number;
  /** After the replica could not be reached, how long its reads go to the primary (READ_REPLICA_RETRY_SECONDS). */
  readReplicaRetrySeconds: number;
  otp: {
    sender: OtpSenderKind;
    outboxFile: string;
    httpUrl: string | undefined;
    httpToken: string | undefined;
    ttlSeconds: number;
    maxAttempts: number;
    /** Minimum time between two codes sent to one phone for one client address. */
    resendIntervalSeconds: number;
    /** Codes one client address may have sent to one phone in an hour. */
    maxSendsPerHour: number;
    /** Codes one phone may be sent from all addresses together within `phoneWindowMinutes` (short, so a stranger's flood ends soon). */
    maxSendsPerPhone: number;
    phoneWindowMinutes: number;
    /** Codes one client address may have sent to all phones together in an hour. */
    maxSendsPerAddressPerHour: number;
  };
  session: {
    idleMinutes: number;
    absoluteDays: number;
  };
  /** Requests per minute per IP on the auth routes (0 switches the per-IP limit off). */
  authRateLimitPerMinute: number;
  /** Requests per minute to the public share pages, per client address and per link (0 switches the limits off). */
  shareRateLimitPerMinute: number;
  /** Origins other than this server's own that may call the API with credentials (dev servers). */
  allowedOrigins: string[];
  /** Serve the built shell at / and each built remote under /remotes/<folder>/. */
  serveApps: boolean;
  /** The folder holding shell/ and the mf-* folders (the repository root by default). */
  appsRoot: string;
  /** Point the registry at the remotes' dev servers instead of built files. */
  remotesDev: boolean;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs; never "trust everyone". */
  trustProxy: TrustProxy;
  /** Session cookies Secure and `__Host-`-prefixed: 'auto' when the request came over HTTPS, or always / never. */
  cookieSecure: 'auto' | boolean;
  /** Serve the builds' .map files (off in production unless an operator turns them on). */
  serveSourceMaps: boolean;
  /** How long a remote override the user confirmed lasts in their browser. */
  remoteOverrideHours: number;
  /** The bearer token of /api/admin/*; when unset, main.ts keeps a random one in `<dataDir>/operator-token`. */
  operatorToken: string | undefined;
  /** Maximum JSON body in bytes. */
  bodyLimit: number;
  logLevel: string;
  /** How often the scheduler looks for due automated bills; 0 switches it off in this instance. */
  automatedBillsIntervalSeconds: number;
  /** PostgreSQL connections this instance keeps (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** Sessions and list answers kept in memory while the database's change feed is heard (READ_CACHE=0: never). */
  readCache: boolean;
  /** On SIGTERM: how long readiness answers 503 before the server stops accepting (a proxy's check interval). */
  shutdownDrainSeconds: number;
  /** On SIGTERM: how long in-flight requests and scheduler work may take before the process exits anyway. */
  shutdownTimeoutSeconds: number;
}

/** PostgreSQL connections per instance unless DATABASE_POOL_SIZE says otherwise (db/client.ts says why 8). */
export const DEFAULT_DATABASE_POOL_SIZE = 8;

/** The repository root: api/src/config.ts -> two levels up. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006].map((p) => `http://localhost:${p}`);

class ConfigError extends Error {}

export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted in TRUST_PROXY beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: how many proxies stand in front of the API (a hop count), or their addresses / CIDRs. "true" would
 * believe any X-Forwarded-For, so anyone could pick the address the per-IP limits count: it is refused.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const text = raw?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0' || text === 'off' || text === 'no') return false;
  if (['true', 'yes', 'on', '*'].includes(text)) {
    throw new ConfigError(
      `TRUST_PROXY=${raw!.trim()} would believe X-Forwarded-For from anyone. Give the number of proxies in front of ` +
        'Bahi (e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16).',
    );
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrCidr(e));
  if (wrong.length > 0) {
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or a comma-separated list of addresses and CIDRs (not understood: ${wrong.join(', ')})`,
    );
  }
  return entries;
}

/**
 * Fastify's trustProxy option. Fastify 5.12 ignores X-Forwarded-* for a bare hop count (it cannot tell the proxy
 * from a direct client), so a count becomes proxy-addr's rule "the first N hops are proxies": right when the API
 * is reachable only through those proxies (docs/security.md).
 */
export function trustProxyOption(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}

function parseCookieSecure(raw: string | undefined): 'auto' | boolean {
  const text = raw?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'auto') return 'auto';
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['0', 'false', 'no', 'off'].includes(text)) return false;
  throw new ConfigError(`COOKIE_SECURE must be auto, 1 or 0 (got "${raw}")`);
}

function int(env: Record<string, string | undefined>, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range} (got "${raw}")`);
  }
  return n;
}

function bool(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw);
}

/** A replica is a copy of a PostgreSQL primary: it makes no sense beside PGlite. */
function readDatabaseUrl(env: Record<string, string | undefined>): string | undefined {
  const url = env.READ_DATABASE_URL?.trim() || undefined;
  if (url && !env.DATABASE_URL?.trim()) {
    throw new ConfigError('READ_DATABASE_URL is a replica of DATABASE_URL: set DATABASE_URL too (PGlite has no replicas)');
  }
  return url;
}

/** Builds the configuration from an environment record; tests pass their own record. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // Given paths are relative to the working directory; defaults live in the repository root.
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(env.DATA_DIR.trim()) : path.join(REPO_ROOT, 'data');
  const sender = (env.OTP_SENDER?.trim() || 'console') as OtpSenderKind;
  if (!['console', 'outbox', 'http'].includes(sender)) {
    throw new ConfigError(`OTP_SENDER must be console, outbox or http (got "${env.OTP_SENDER}")`);
  }
  const httpUrl = env.OTP_HTTP_URL?.trim() || undefined;
  if (sender === 'http' && !httpUrl) throw new ConfigError('OTP_SENDER=http needs OTP_HTTP_URL (the SMS gateway)');
  const remotesDev = bool(env, 'REMOTES_DEV', false);
  const allowedOrigins = (env.ALLOWED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  return {
    port: int(env, 'PORT', 8080),
    host: env.HOST?.trim() || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
    readDatabaseUrl: readDatabaseUrl(env),
    readReplicaMaxLagMs: int(env, 'READ_REPLICA_MAX_LAG_MS', 5_000, 0, 3_600_000),
    readReplicaRetrySeconds: int(env, 'READ_REPLICA_RETRY_SECONDS', 5, 1, 3_600),
    otp: {
      sender,
      outboxFile: env.OTP_OUTBOX?.trim() ? path.resolve(env.OTP_OUTBOX.trim()) : path.join(dataDir, 'otp-outbox.jsonl'),
      httpUrl,
      httpToken: env.OTP_HTTP_TOKEN?.trim() || undefined,
      ttlSeconds: int(env, 'OTP_TTL_SECONDS', 300, 1),
      maxAttempts: int(env, 'OTP_MAX_ATTEMPTS', 5, 1),
      resendIntervalSeconds: int(env, 'OTP_RESEND_INTERVAL_SECONDS', 30),
      maxSendsPerHour: int(env, 'OTP_MAX_SENDS_PER_HOUR', 5, 1),
      maxSendsPerPhone: int(env, 'OTP_MAX_SENDS_PER_PHONE', 10, 1),
      phoneWindowMinutes: int(env, 'OTP_PHONE_WINDOW_MINUTES', 10, 1),
      maxSendsPerAddressPerHour: int(env, 'OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR', 30, 1),
    },
    session: {
      idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 720, 1),
      absoluteDays: int(env, 'SESSION_ABSOLUTE_DAYS', 30, 1),
    },
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 60),
    shareRateLimitPerMinute: int(env, 'SHARE_RATE_LIMIT_PER_MINUTE', 60),
    allowedOrigins: [...new Set([...allowedOrigins, ...(remotesDev ? DEV_ORIGINS : [])])],
    serveApps: bool(env, 'SERVE_APPS', false),
    appsRoot: env.APPS_ROOT?.trim() ? path.resolve(env.APPS_ROOT.trim()) : REPO_ROOT,
    remotesDev,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    cookieSecure: parseCookieSecure(env.COOKIE_SECURE),
    serveSourceMaps: bool(env, 'SERVE_SOURCE_MAPS', false),
    remoteOverrideHours: int(env, 'REMOTE_OVERRIDE_HOURS', 4, 1, 72),
    operatorToken: env.OPERATOR_TOKEN?.trim() || undefined,
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    automatedBillsIntervalSeconds: int(env, 'AUTOMATED_BILLS_INTERVAL_SECONDS', 60, 0, 86_400),
    readCache: bool(env, 'READ_CACHE', true),
    databasePoolSize: int(env, 'DATABASE_POOL_SIZE', DEFAULT_DATABASE_POOL_SIZE, 1, 500),
    shutdownDrainSeconds: int(env, 'SHUTDOWN_DRAIN_SECONDS', 0, 0, 300),
    shutdownTimeoutSeconds: int(env, 'SHUTDOWN_TIMEOUT_SECONDS', 30, 1, 3600),
  };
}

export { ConfigError };
