/** An error a user can cause: answered as `{ success: false, message, field? }` with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
    /** Every problem, when there are several to fix (the e-invoice check): `{ path, message }`. */
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const badRequest = (message: string, field?: string) => new HttpError(400, message, field);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const forbidden = (message: string) => new HttpError(403, message);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

/** What PostgreSQL says about a failed query: the driver's error (drizzle wraps it in `cause`). */
export interface PgError {
  code: string;
  constraint?: string;
  column?: string;
  detail?: string;
}

export function pgError(e: unknown): PgError | undefined {
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, i = 0; cur && i < 5; cur = cur.cause as typeof cur, i++) {
    if (typeof cur.code === 'string' && /^[0-9A-Z]{5}$/.test(cur.code)) return cur as PgError;
  }
  return undefined;
}

/** The PostgreSQL error code of a failed query. */
export const pgErrorCode = (e: unknown): string | undefined => pgError(e)?.code;
export const UNIQUE_VIOLATION = '23505';

/** Socket errors of a connection to the database that is refused, cut or never answered. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a server that cannot serve now, whoever asks: shutting down or crashed (57P01–57P03), a connection
 * exception (class 08), too many connections (53300), or a write reaching a server that became read-only (25006:
 * a standby, or a primary demoted in a failover).
 */
const UNAVAILABLE_STATES = /^(57P0[123]|08...|53300|25006)$/;

/** node-postgres's messages for a connection lost or never made (they carry no code). */
const CONNECTION_MESSAGES = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Connection closed/i;

/**
 * Whether a failed query failed because the database could not be reached or cannot serve now (down, restarting,
 * failing over), not because of the query: the same request succeeds once it is back. Answered 503 with
 * Retry-After; a read on a replica goes to the primary instead.
 */
export function isDatabaseUnavailable(e: unknown): boolean {
  for (let cur = e as { code?: unknown; message?: unknown; cause?: unknown } | undefined, i = 0; cur && i < 5; cur = cur.cause as typeof cur, i++) {
    if (typeof cur.code === 'string' && (CONNECTION_ERROR_CODES.has(cur.code) || UNAVAILABLE_STATES.test(cur.code))) return true;
    if (typeof cur.message === 'string' && CONNECTION_MESSAGES.test(cur.message)) return true;
  }
  return false;
}
