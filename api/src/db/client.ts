import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import { Pool, type Client } from 'pg';
import { DEFAULT_DATABASE_POOL_SIZE } from '../config';
import { currentActorJson, isWriteStatement } from './actor';
import { clientClass, newClient, parseDatabaseTarget } from './hosts';
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
  /** Hears NOTIFY on a channel (the change feed of the read cache); answers a function that stops listening. */
  listen: Listen;
}

/**
 * Calls `onNotify` with each notification's payload on `channel`, and `onState(true)` once listening (again),
 * `onState(false)` when the connection that listens is lost (notifications may be missed until it is back).
 */
export type Listen = (
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
) => Promise<() => Promise<void>>;

/** A channel name goes into LISTEN as an identifier: only plain ones. */
function checkChannel(channel: string) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/*
 * The audit trail's actor (db/actor.ts): the audit triggers read who is writing from the transaction-local setting
 * bahi.actor. Every transaction sets it first, and a write sent outside a transaction runs in one that does, so no
 * service has to remember it and none can leave it out.
 */
const SET_ACTOR = "select set_config('bahi.actor', $1, true)";

/** Every transaction of `db` names the actor before its work (savepoints nested in it are inside that). */
function withActorTransactions(db: Db): Db {
  const begin = db.transaction.bind(db);
  db.transaction = ((work: (tx: Tx) => Promise<unknown>, config?: Parameters<Db['transaction']>[1]) =>
    begin(async (tx) => {
      const actor = currentActorJson();
      if (actor) await tx.execute(sql`select set_config('bahi.actor', ${actor}, true)`);
      return work(tx);
    }, config)) as Db['transaction'];
  return db;
}

/** PGlite: an autocommit write made while an actor is known runs in a transaction that names it. */
function withActorAutocommit(client: PGlite): PGlite {
  const query = client.query.bind(client);
  client.query = (async (text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    const actor = currentActorJson();
    if (!actor || !isWriteStatement(text)) return query(text, params, options);
    return client.transaction(async (tx) => {
      await tx.query(SET_ACTOR, [actor]);
      return tx.query(text, params, options);
    });
  }) as PGlite['query'];
  return client;
}

/** node-postgres: the same for the pool's autocommit queries (a transaction holds a client of its own). */
function withActorAutocommitPool(pool: Pool): Pool {
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: (...args: unknown[]) => Promise<unknown> }).query = async (config: unknown, values?: unknown, callback?: unknown) => {
    const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text;
    const actor = currentActorJson();
    if (!actor || !text || typeof values === 'function' || callback !== undefined || !isWriteStatement(text)) return query(config, values, callback);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query(SET_ACTOR, [actor]);
      const result = await client.query(config as string, values as unknown[]);
      await client.query('commit');
      return result;
    } catch (e) {
      await client.query('rollback').catch(() => undefined);
      throw e;
    } finally {
      client.release();
    }
  };
  return pool;
}

function pgliteDatabase(client: PGlite, describe: string, onClose?: () => void): Database {
  const raw = drizzlePglite({ client: withActorAutocommit(client), schema });
  const db = withActorTransactions(raw as unknown as Db);
  return {
    db,
    kind: 'pglite',
    describe,
    migrate: () => migratePglite(raw, { migrationsFolder: MIGRATIONS_FOLDER }),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    // One process owns an embedded database, so its notifications cannot be lost: they come with each result.
    listen: async (channel, onNotify, onState) => {
      checkChannel(channel);
      const stop = await client.listen(channel, onNotify);
      onState(true);
      return async () => {
        if (!client.closed) await stop();
      };
    },
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
  const lock = newClient(databaseUrl);
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

/**
 * The pool is how many queries this instance runs on PostgreSQL at once (DATABASE_POOL_SIZE, default
 * DEFAULT_DATABASE_POOL_SIZE). More than about twice the database server's cores only queues the work inside PostgreSQL,
 * where it costs context switches: on this 2-core machine, an item search under 20 clients ran p99 55–59 ms on 10–20
 * connections and 40–45 ms on 6–8 (bench/README.md). A request waiting for a connection waits in the pool instead.
 */
export function openPostgresDatabase(databaseUrl: string, poolSize = DEFAULT_DATABASE_POOL_SIZE): Database {
  // Several hosts (a primary and its standbys, `target_session_attrs=read-write`): db/hosts.ts picks one per connection.
  const target = parseDatabaseTarget(databaseUrl);
  const pool = withActorAutocommitPool(new Pool({ connectionString: target.urls[0], max: poolSize, Client: clientClass(databaseUrl) }));
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema });
  const hosts = target.urls.map((u) => new URL(u));
  return {
    db: withActorTransactions(db as unknown as Db),
    kind: 'postgres',
    describe: `PostgreSQL ${hosts.map((u) => u.host).join(',')}${hosts[0].pathname}`,
    migrate: () => migratePostgresLocked(databaseUrl, db),
    close: () => pool.end(),
    listen: (channel, onNotify, onState) => listenPostgres(databaseUrl, channel, onNotify, onState),
  };
}

const LISTEN_RETRY_MS = [250, 1_000, 5_000, 15_000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries). A lost connection is
 * reported and opened again, first after 250 ms, then less often, until `stop`.
 */
async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onState: (listening: boolean) => void,
): Promise<() => Promise<void>> {
  checkChannel(channel);
  let current: Client | null = null;
  let stopped = false;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    const client = newClient(databaseUrl);
    client.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    const lose = () => {
      if (current !== client) return;
      current = null;
      onState(false);
      client.end().catch(() => undefined);
      schedule();
    };
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (e) {
      client.end().catch(() => undefined);
      throw e;
    }
    if (stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    current = client;
    failures = 0;
    onState(true);
  };
  const schedule = () => {
    if (stopped) return;
    const wait = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)];
    failures += 1;
    retry = setTimeout(() => void connect().catch(schedule), wait);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => undefined);
  };
}

/** PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; lock?: DataDirLockOptions; poolSize?: number }): Promise<Database> {
  return opts.databaseUrl ? openPostgresDatabase(opts.databaseUrl, opts.poolSize) : openPgliteDatabase(opts.dataDir, opts.lock);
}
