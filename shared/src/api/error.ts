/** The one error type every API call rejects with. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  /** The field the server named as wrong, when it named one. */
  readonly field?: string;
  /** A downloadable spreadsheet the server answered with (bulk imports: the error report of failed rows). */
  readonly file?: Blob;

  constructor(init: { status: number; message: string; body?: unknown; field?: string; file?: Blob; cause?: unknown }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.status = init.status;
    this.body = init.body;
    this.field = init.field;
    this.file = init.file;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** The message to show a user for any failure. */
export function errorMessage(e: unknown, fallback = 'Something went wrong'): string {
  if (e instanceof Error && e.message) return e.message;
  return fallback;
}
