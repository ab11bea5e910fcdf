import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
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

/**
 * The advisory lock key under which an instance migrates PostgreSQL (any constant no other code locks; this one
 * spells "bahimigr" in ASCII). Instances started at once take turns: the first applies the migrations, the others
 * wait, then find nothing left to apply.
 */
export const MIGRATION_LOCK_KEY = 0x626168696d696772n;

/**
 * Runs the drizzle migrator while holding `pg_advisory_lock(MIGRATION_LOCK_KEY)` on a connection of its own (not
 * one of the pool's, which the migrator needs; a pool of one would wait for itself). The lock belongs to that
 * session, so a process that dies mid-migration releases it with its connection.
 */
async function migratePostgresLocked(databaseUrl: string, db: ReturnType<typeof drizzlePg<typeof schema>>) {
  const lock = new Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      // Closing the connection below releases the lock as well, so a failed unlock must not hide the real error.
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
    }
  } finally {
    await lock.end();
  }
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
    migrate: () => migratePostgresLocked(databaseUrl, db),
    close: () => pool.end(),
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; lock?: DataDirLockOptions }): Promise<Database> {
  return opts.databaseUrl ? openPostgresDatabase(opts.databaseUrl) : openPgliteDatabase(opts.dataDir, opts.lock);
}
