import { openBooks } from '../services/ledger-backfill';
import type { RegistryHistoryEntry, RegistryRemote } from '@bahi/shared/contracts';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import { openDatabase, type Database } from '../db/client';
import { DataDirLockedError } from '../db/lock';
import { HttpError } from '../errors';
import {
  allowRemoteOverride,
  disableRemote,
  enableRemote,
  enableRemoteFor,
  listRemotes,
  publishRemote,
  remoteHistory,
  rollbackRemote,
  rolloutRemote,
  setOverrideOrigins,
} from '../services/registry';

/** An error the CLI reports as one line on stderr, exiting with 1. */
export class CliError extends Error {}

/** The registry operations, either through a running server's admin API or straight on its database. */
export interface RegistryBackend {
  /** Where the commands go, for the user. */
  describe: string;
  list(): Promise<RegistryRemote[]>;
  history(name: string): Promise<RegistryHistoryEntry[]>;
  publish(name: string, manifestUrl: string, version: string, by: string): Promise<RegistryRemote>;
  rollback(name: string, by: string): Promise<RegistryRemote>;
  enable(name: string, by: string): Promise<RegistryRemote>;
  disable(name: string, by: string): Promise<RegistryRemote>;
  enableFor(name: string, businessIds: string[], by: string): Promise<RegistryRemote>;
  rollout(name: string, percent: number, by: string): Promise<RegistryRemote>;
  allowOverride(name: string, allowed: boolean, by: string): Promise<RegistryRemote>;
  overrideOrigins(name: string, origins: string[], by: string): Promise<RegistryRemote>;
  close(): Promise<void>;
}

const PROBE_TIMEOUT_MS = 3000;
/** Publishing fetches the remote's manifest and descriptor, which may take the server a while. */
const REQUEST_TIMEOUT_MS = 60_000;

export type Probe = { answered: true } | { answered: false; reason: string };

/** Whether a Bahi API answers at this base URL (any answer from /api/health other than a network failure). */
export async function probeApi(apiUrl: string): Promise<Probe> {
  let res: Response;
  try {
    res = await fetch(new URL('/api/health', apiUrl), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  } catch (e) {
    const err = e as Error & { cause?: { code?: string } };
    return { answered: false, reason: err.name === 'TimeoutError' ? 'no answer in time' : (err.cause?.code ?? err.message) };
  }
  const body = (await res.json().catch(() => null)) as { status?: string } | null;
  if (!res.ok || body?.status !== 'ok') {
    throw new CliError(`${apiUrl} answers, but not as a Bahi API (GET /api/health gave HTTP ${res.status}). Check --api.`);
  }
  return { answered: true };
}

/** The admin API of a running server (`Authorization: Bearer <operator token>`). */
export function httpBackend(apiUrl: string, token: string, tokenSource: string): RegistryBackend {
  const base = apiUrl.replace(/\/+$/, '');
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = `${base}/api/admin/remotes${path}`;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(method === 'POST' ? { 'content-type': 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE } : {}),
        },
        body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
      });
    } catch (e) {
      throw new CliError(`The API at ${base} did not answer ${method} ${url}: ${(e as Error).message}`);
    }
    const answer = (await res.json().catch(() => null)) as { success?: boolean; data?: T; message?: string } | null;
    if (res.status === 401) {
      throw new CliError(`${answer?.message ?? 'Unauthorised.'} The CLI sent the token from ${tokenSource}.`);
    }
    if (!answer || answer.success !== true) {
      throw new CliError(answer?.message ?? `The API answered HTTP ${res.status} to ${method} ${url}.`);
    }
    return answer.data as T;
  }
  const at = (name: string, action: string) => `/${encodeURIComponent(name)}/${action}`;
  return {
    describe: `the API at ${base}`,
    list: () => call('GET', ''),
    history: (name) => call('GET', at(name, 'history')),
    publish: (name, manifestUrl, version, by) => call('POST', at(name, 'publish'), { manifestUrl, version, by }),
    rollback: (name, by) => call('POST', at(name, 'rollback'), { by }),
    enable: (name, by) => call('POST', at(name, 'enable'), { by }),
    disable: (name, by) => call('POST', at(name, 'disable'), { by }),
    enableFor: (name, businessIds, by) => call('POST', at(name, 'enable-for'), { businessIds, by }),
    rollout: (name, percent, by) => call('POST', at(name, 'rollout'), { percent, by }),
    allowOverride: (name, allowed, by) => call('POST', at(name, 'allow-override'), { allowed, by }),
    overrideOrigins: (name, origins, by) => call('POST', at(name, 'override-origins'), { origins, by }),
    close: async () => undefined,
  };
}

/** The service functions the API itself uses, on the database opened here; their refusals become CliErrors. */
export function databaseBackend(database: Database, appsRoot: string): RegistryBackend {
  const db = database.db;
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (e) {
        if (e instanceof HttpError) throw new CliError(e.message);
        throw e;
      }
    };
  return {
    describe: database.describe,
    list: wrap(() => listRemotes(db)),
    history: wrap((name) => remoteHistory(db, name)),
    publish: wrap((name, manifestUrl, version, by) => publishRemote(db, name, manifestUrl, version, by, { appsRoot })),
    rollback: wrap((name, by) => rollbackRemote(db, name, by)),
    enable: wrap((name, by) => enableRemote(db, name, by)),
    disable: wrap((name, by) => disableRemote(db, name, by)),
    enableFor: wrap((name, ids, by) => enableRemoteFor(db, name, ids, by)),
    rollout: wrap((name, percent, by) => rolloutRemote(db, name, percent, by)),
    allowOverride: wrap((name, allowed, by) => allowRemoteOverride(db, name, allowed, by)),
    overrideOrigins: wrap((name, origins, by) => setOverrideOrigins(db, name, origins, by)),
    close: () => database.close(),
  };
}

/** Opens the database the server would use (and brings its schema up to date, as the server does at start). */
export async function openDirect(opts: {
  databaseUrl?: string;
  dataDir: string;
  appsRoot: string;
  apiUrl: string;
  why: string;
}): Promise<RegistryBackend> {
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      throw new CliError(
        `No Bahi API answers at ${opts.apiUrl} (${opts.why}), and another process (pid ${e.pid}) holds the data ` +
          `directory ${e.dataDir}, so the CLI cannot open it either. If that process is the server starting, try ` +
          `again in a moment; if the server listens elsewhere, pass --api <its URL>.`,
      );
    }
    throw e;
  }
  try {
    await database.migrate();
    await openBooks(database.db);
  } catch (e) {
    await database.close();
    throw e;
  }
  return databaseBackend(database, opts.appsRoot);
}
