import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';

/** One type for both drivers (a union would break `.returning()`); inside a transaction always use `tx`. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', '..', 'drizzle');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies the drizzle-kit migrations that are not applied yet. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Where the data lives, for the start-up line and error messages. */
  describe: string;
}

function pgliteDatabase(client: PGlite, describe: string, onClose?: () => void): Database {
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    describe,
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
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
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  const lock = acquireDataDirLock(dataDir);
  try {
    const pgdata = path.join(path.resolve(dataDir), 'pgdata');
    const client = await PGlite.create(pgdata);
    return pgliteDatabase(client, `PGlite in ${pgdata}`, lock.release);
  } catch (e) {
    lock.release();
    throw e;
  }
}

/** An empty in-memory PGlite (tests); `loadDataDir` restores a dumped snapshot instead of migrating again. */
export async function openMemoryDatabase(loadDataDir?: Blob): Promise<Database> {
  const client = await PGlite.create(loadDataDir ? { loadDataDir } : undefined);
  return pgliteDatabase(client, 'PGlite in memory');
}

export function openPostgresDatabase(databaseUrl: string, poolSize = 10): Database {
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
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPostgresDatabase(opts.databaseUrl) : openPgliteDatabase(opts.dataDir);
}
