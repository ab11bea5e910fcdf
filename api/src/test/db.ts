import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openMemoryDatabase, openPostgresDatabase, type Database } from '../db/client';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default; with DATABASE_URL set, a
 * throwaway database `bahi_test_<random>` on that server, dropped again by `close()`.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openMemoryDatabase();
    await database.migrate();
    return database;
  }

  const name = `bahi_test_${randomBytes(6).toString('hex')}`;
  const admin = await adminClient(url);
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = openPostgresDatabase(testUrl.toString(), 4);
  try {
    await database.migrate();
  } catch (e) {
    await dropDatabase(url, name, database);
    throw e;
  }
  return { ...database, close: () => dropDatabase(url, name, database) };
}

/** A connection for CREATE/DROP DATABASE: the URL's own database, or `postgres` when that one does not exist. */
async function adminClient(url: string): Promise<Client> {
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
