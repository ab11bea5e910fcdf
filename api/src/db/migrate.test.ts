import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { adminClient } from '../test/db';
import { MIGRATIONS_FOLDER, MIGRATION_LOCK_KEY, openPostgresDatabase, type Database } from './client';

/*
 * Several API instances started at once on a fresh PostgreSQL database each run the migrations at start; they
 * take turns under an advisory lock, so every one of them starts. PGlite is embedded and one process holds its
 * data directory, so without DATABASE_URL the suite is reported as skipped.
 */
const url = process.env.DATABASE_URL;
const suite = url ? describe : describe.skip;
const title = url ? 'migrating one fresh PostgreSQL database from several instances at once' : 'concurrent migrations (PostgreSQL only: skipped without DATABASE_URL)';

/** The `when` of every migration in the journal, oldest first: drizzle records it as `created_at` once applied. */
const journal = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> })
  .entries.map((e) => String(e.when));

async function waitFor(condition: () => Promise<boolean>, what: string, timeoutMs = 20000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

suite(title, () => {
  let admin: Client;
  let name: string;
  let dbUrl: string;
  const opened: Database[] = [];

  const open = () => {
    // Pools as small as the test template's: the lock must not need a connection of the pool.
    const database = openPostgresDatabase(dbUrl, 1);
    opened.push(database);
    return database;
  };
  /** `created_at` of every applied migration, oldest first (from the database itself, not from the migrator). */
  const applied = async () => {
    const client = new Client({ connectionString: dbUrl });
    await client.connect();
    try {
      const rows = await client.query<{ created_at: string }>('select created_at::text from drizzle.__drizzle_migrations order by created_at, id');
      return rows.rows.map((r) => r.created_at);
    } finally {
      await client.end();
    }
  };

  beforeEach(async () => {
    admin = await adminClient(url!);
    name = `bahi_test_mig_${randomBytes(6).toString('hex')}`;
    await admin.query(`create database ${name}`);
    const u = new URL(url!);
    u.pathname = `/${name}`;
    dbUrl = u.toString();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((d) => d.close().catch(() => undefined)));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('two instances migrating an empty database at the same moment both succeed, each migration applied once', async () => {
    const [first, second] = [open(), open()];
    const results = await Promise.allSettled([first.migrate(), second.migrate()]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(await applied()).toEqual(journal);
    // The schema is complete: the last migration's tables answer (e-invoice settings of 0018).
    await expect(first.db.execute('select count(*) from einvoice_settings')).resolves.toBeDefined();
  }, 120000);

  it('an instance waits while another session holds the migration lock, then migrates; a later one applies nothing', async () => {
    const holder = await adminClient(dbUrl);
    let waiting: Promise<void> | undefined;
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
      let finished = false;
      waiting = open().migrate().then(() => {
        finished = true;
      });
      // The instance is blocked on the lock (not failing, not migrating) while another session holds it.
      await waitFor(async () => {
        const r = await holder.query(
          `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
           where l.locktype = 'advisory' and not l.granted and d.datname = $1`,
          [name],
        );
        return r.rows[0].n === 1;
      }, 'the second instance to wait for the migration lock');
      expect(finished).toBe(false);
      const schemas = await holder.query(`select 1 from pg_namespace where nspname = 'drizzle'`);
      expect(schemas.rowCount).toBe(0);
    } finally {
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]).catch(() => undefined);
      await holder.end();
    }
    await waiting;
    expect(await applied()).toEqual(journal);
    // Another instance starting later takes the free lock at once and applies nothing more.
    await open().migrate();
    expect(await applied()).toEqual(journal);
  }, 120000);
});
