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
