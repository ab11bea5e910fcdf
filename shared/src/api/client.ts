import type { z } from 'zod';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '../contracts/auth';
import { ApiError } from './error';

declare global {
  interface Window {
    /** Runtime configuration the server may inject; the API lives on the same origin under /api otherwise. */
    __BAHI_CONFIG__?: { apiBase?: string };
  }
}

const SPREADSHEET_TYPES = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
];
export const BULK_ERROR_MESSAGE = 'Some rows had validation errors';

export function apiBase(): string {
  const configured = typeof window !== 'undefined' ? window.__BAHI_CONFIG__?.apiBase : undefined;
  return (configured ?? '/api').replace(/\/$/, '');
}

/** Hears of every 401 answer, from any call of any area, before that call rejects. */
export type UnauthorizedListener = (error: ApiError, path: string) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/**
 * The one place a 401 is noticed (a 401 clears the session). The core is a shared singleton, so the
 * shell registers here once and hears the calls of every remote too. Returns a function that unregisters.
 */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body, or FormData for multipart uploads. */
  body?: unknown;
  /** Validates the answer; a mismatch is reported as an error rather than rendered half-broken. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Upload progress (0-1) for multipart bodies; uses XMLHttpRequest since fetch has no upload progress. */
  onUploadProgress?: (fraction: number) => void;
  /** Extra request headers (e.g. `Idempotency-Key` on creates). */
  headers?: Record<string, string>;
}

function buildUrl(path: string, query?: Query): string {
  const url = `${apiBase()}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

interface RawResponse {
  status: number;
  ok: boolean;
  contentType: string;
  blob: () => Promise<Blob>;
  text: () => Promise<string>;
}

async function send(url: string, init: RequestInit, onUploadProgress?: (f: number) => void): Promise<RawResponse> {
  if (onUploadProgress && typeof XMLHttpRequest !== 'undefined') {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(init.method ?? 'GET', url);
      xhr.withCredentials = true;
      xhr.responseType = 'blob';
      new Headers(init.headers).forEach((v, k) => xhr.setRequestHeader(k, v));
      xhr.upload.onprogress = (e) => e.lengthComputable && onUploadProgress(e.loaded / e.total);
      xhr.onload = () => {
        const blob = xhr.response as Blob;
        resolve({
          status: xhr.status,
          ok: xhr.status >= 200 && xhr.status < 300,
          contentType: xhr.getResponseHeader('content-type') ?? '',
          blob: async () => blob,
          text: () => blob.text(),
        });
      };
      xhr.onerror = () => reject(new TypeError('Network request failed'));
      xhr.send(init.body as XMLHttpRequestBodyInit);
    });
  }
  const res = await fetch(url, init);
  return {
    status: res.status,
    ok: res.ok,
    contentType: res.headers.get('content-type') ?? '',
    blob: () => res.blob(),
    text: () => res.text(),
  };
}

/** The one HTTP call of the product: credentials included, CSRF header on writes, one error type. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  let body: BodyInit | undefined;
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }

  let res: RawResponse;
  try {
    res = await send(buildUrl(path, options.query), { method, headers, body, credentials: 'include', signal: options.signal }, options.onUploadProgress);
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    // A network failure is reported as status 500 carrying the failure.
    throw new ApiError({ status: 500, message: 'Could not reach the server. Check your connection and try again.', cause, body: cause });
  }

  if (!res.ok && res.status === 400 && SPREADSHEET_TYPES.some((t) => res.contentType.startsWith(t))) {
    const file = await res.blob();
    throw new ApiError({ status: 400, message: BULK_ERROR_MESSAGE, body: file, file });
  }

  const text = await res.text();
  let json: unknown = undefined;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = text;
    }
  }
  if (!res.ok) {
    const j = json as { message?: string; field?: string } | undefined;
    const error = new ApiError({
      status: res.status,
      message: (typeof j === 'object' && j?.message) || defaultMessage(res.status),
      body: json,
      field: typeof j === 'object' ? j?.field : undefined,
    });
    if (res.status === 401) for (const listener of unauthorizedListeners) listener(error, path);
    throw error;
  }
  if (options.schema) {
    const parsed = options.schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError({ status: res.status, message: 'The server sent an answer this screen does not understand', body: json, cause: parsed.error });
    }
    return parsed.data;
  }
  return json as T;
}

function defaultMessage(status: number): string {
  if (status === 401) return 'Your session has ended. Please log in again.';
  if (status === 403) return 'You are not allowed to do that.';
  if (status === 404) return 'Not found.';
  if (status === 429) return 'Too many attempts. Please wait and try again.';
  return `Request failed (${status})`;
}
