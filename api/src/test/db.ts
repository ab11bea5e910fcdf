import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openMemoryDatabase, openPostgresDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default; with DATABASE_URL set, a
 * throwaway database `bahi_test_<random>` on that server, dropped again by `close()`.
 *
 * Migrating an empty database costs seconds (far more on a loaded machine), so the migrations run once per set of
 * migration files: into a PGlite data dump kept in the temp folder, or into a PostgreSQL template database; each
 * test file then starts from a copy.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openMemoryDatabase(await pgliteTemplate());
    // A template built by an older set of migrations never matches the hash, so this applies nothing.
    await database.migrate();
    return database;
  }

  const name = `bahi_test_${randomBytes(6).toString('hex')}`;
  const template = await postgresTemplate(url);
  const admin = await adminClient(url);
  try {
    await createFromTemplate(admin, name, template);
  } finally {
    await admin.end();
  }
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = openPostgresDatabase(testUrl.toString(), 4);
  return { ...database, close: () => dropDatabase(url, name, database) };
}

/** A short hash of every migration file: a template is reused only for exactly these migrations. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else hash.update(entry.name).update(fs.readFileSync(p));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return hash.digest('hex').slice(0, 16);
}

/** The migrated PGlite data directory as a dump, built once and shared by every test file and worker. */
async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `bahi-pglite-template-${migrationsHash()}.tar.gz`);
  if (!fs.existsSync(file)) {
    const database = await openMemoryDatabase();
    try {
      await database.migrate();
      const dump = await database.dumpDataDir!();
      // Written aside and renamed, so a worker never reads half a file when two build it at once.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      await database.close();
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

/** A migrated template database on the server (made once per set of migrations, under an advisory lock). */
async function postgresTemplate(url: string): Promise<string> {
  const name = `bahi_tpl_${migrationsHash()}`;
  const admin = await adminClient(url);
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      const building = `${name}_building`;
      await admin.query(`drop database if exists ${building} with (force)`);
      await admin.query(`create database ${building}`);
      const buildUrl = new URL(url);
      buildUrl.pathname = `/${building}`;
      const database = openPostgresDatabase(buildUrl.toString(), 1);
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
      // Templates of older migrations are of no further use.
      const stale = await admin.query(
        `select datname from pg_database where datname like 'bahi\\_tpl\\_%' and datname <> $1 and datname not like '%\\_building'`,
        [name],
      );
      for (const row of stale.rows as Array<{ datname: string }>) {
        await admin.query(`drop database if exists ${row.datname} with (force)`).catch(() => undefined);
      }
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}

/** CREATE DATABASE … TEMPLATE fails while another session is connected to the template: try again briefly. */
async function createFromTemplate(admin: Client, name: string, template: string) {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (e) {
      if ((e as { code?: string }).code !== '55006' || attempt >= 50) throw e;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** A connection for CREATE/DROP DATABASE: the URL's own database, or `postgres` when that one does not exist. */
export async function adminClient(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  try {
    await client.connect();
    return client;
  } catch (e) {
    if ((e as { code?: string }).code !== '3D000') throw e;
    const fallback = new URL(url);
    fallback.pathname = '/postgres';
    const other = new Client({ connectionString: fallback.toString() });
    await other.connect();
    return other;
  }
}

async function dropDatabase(url: string, name: string, database: Database) {
  await database.close();
  const admin = await adminClient(url);
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
