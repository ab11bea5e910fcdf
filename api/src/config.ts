import path from 'node:path';

export type OtpSenderKind = 'console' | 'outbox' | 'http';

export interface AppConfig {
  port: number;
  host: string;
  /** Where the embedded database (PGlite) keeps its files, unless databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PGlite is not used. */
  databaseUrl: string | undefined;
  otp: {
    sender: OtpSenderKind;
    outboxFile: string;
    httpUrl: string | undefined;
    httpToken: string | undefined;
    ttlSeconds: number;
    maxAttempts: number;
    resendIntervalSeconds: number;
    maxSendsPerHour: number;
  };
  session: {
    idleMinutes: number;
    absoluteDays: number;
  };
  /** Requests per minute per IP on the auth routes (0 switches the per-IP limit off). */
  authRateLimitPerMinute: number;
  /** Origins other than this server's own that may call the API with credentials (dev servers). */
  allowedOrigins: string[];
  /** Serve the built shell at / and each built remote under /remotes/<folder>/. */
  serveApps: boolean;
  /** The folder holding shell/ and the mf-* folders (the repository root by default). */
  appsRoot: string;
  /** Point the registry at the remotes' dev servers instead of built files. */
  remotesDev: boolean;
  trustProxy: boolean;
  /** The bearer token of /api/admin/*; when unset, main.ts keeps a random one in `<dataDir>/operator-token`. */
  operatorToken: string | undefined;
  /** Maximum JSON body in bytes. */
  bodyLimit: number;
  logLevel: string;
}

/** The repository root: api/src/config.ts -> two levels up. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

const DEV_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005, 3006].map((p) => `http://localhost:${p}`);

class ConfigError extends Error {}

function int(env: Record<string, string | undefined>, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return n;
}

function bool(env: Record<string, string | undefined>, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (!raw) return fallback;
  return ['1', 'true', 'yes', 'on'].includes(raw);
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
    otp: {
      sender,
      outboxFile: env.OTP_OUTBOX?.trim() ? path.resolve(env.OTP_OUTBOX.trim()) : path.join(dataDir, 'otp-outbox.jsonl'),
      httpUrl,
      httpToken: env.OTP_HTTP_TOKEN?.trim() || undefined,
      ttlSeconds: int(env, 'OTP_TTL_SECONDS', 300, 1),
      maxAttempts: int(env, 'OTP_MAX_ATTEMPTS', 5, 1),
      resendIntervalSeconds: int(env, 'OTP_RESEND_INTERVAL_SECONDS', 30),
      maxSendsPerHour: int(env, 'OTP_MAX_SENDS_PER_HOUR', 5, 1),
    },
    session: {
      idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 720, 1),
      absoluteDays: int(env, 'SESSION_ABSOLUTE_DAYS', 30, 1),
    },
    authRateLimitPerMinute: int(env, 'AUTH_RATE_LIMIT_PER_MINUTE', 60),
    allowedOrigins: [...new Set([...allowedOrigins, ...(remotesDev ? DEV_ORIGINS : [])])],
    serveApps: bool(env, 'SERVE_APPS', false),
    appsRoot: env.APPS_ROOT?.trim() ? path.resolve(env.APPS_ROOT.trim()) : REPO_ROOT,
    remotesDev,
    trustProxy: bool(env, 'TRUST_PROXY', false),
    operatorToken: env.OPERATOR_TOKEN?.trim() || undefined,
    bodyLimit: int(env, 'BODY_LIMIT_BYTES', 1024 * 1024, 1024),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
  };
}

export { ConfigError };
