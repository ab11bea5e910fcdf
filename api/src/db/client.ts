import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLockOptions } from './lock';

/** One type for both drivers (a union would break `.returning()`); inside a transaction always use `tx`. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Extensions the migrations create (trigram indexes for search). */
const PGLITE_EXTENSIONS = { pg_trgm };

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the drizzle-kit migrations that are not applied yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Where the data lives, for the start-up line and error messages. */
  describe: string;
  /** PGlite only: the whole data directory as a tarball (tests restore migrated copies from it). */
  dumpDataDir?(): Promise<Blob>;
}

function pgliteDatabase(client: PGlite, describe: string, onClose?: () => void): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    describe,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: async () => {
      try {
        await client.close();
      } finally {
        onClose?.();
      }
    },
  };
}

/** PGlite on disk in `<dataDir>/pgdata`, refused when another live process holds `<dataDir>/bahi.lock`. */
export async function openPgliteDatabase(dataDir: string, lockOptions?: DataDirLockOptions): Promise<Database> {
  const lock = acquireDataDirLock(dataDir, lockOptions);
  try {
    const pgdata = path.join(path.resolve(dataDir), 'pgdata');
    const client = await PGlite.create(pgdata, { extensions: PGLITE_EXTENSIONS });
    return pgliteDatabase(client, `PGlite in ${pgdata}`, lock.release);
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** An empty in-memory PGlite (tests); `loadDataDir` restores a dumped snapshot instead of migrating again. */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS, ...(loadDataDir ? { loadDataDir } : {}) });
  return pgliteDatabase(client, 'PGlite in memory');
}

/** 20 connections: a list request holds two at once (page and count), and the API serves 20 clients without queueing. */
export function openPostgresDatabase(databaseUrl: string, poolSize = 20): Database {
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const url = new URL(databaseUrl);
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    describe: `PostgreSQL ${url.host}${url.pathname}`,
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; lock?: DataDirLockOptions }): Promise<Database> {
  return opts.databaseUrl ? openPostgresDatabase(opts.databaseUrl) : openPgliteDatabase(opts.dataDir, opts.lock);
}
