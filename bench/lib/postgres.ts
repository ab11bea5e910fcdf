// A throwaway database on the local PostgreSQL, dropped at the end of the run.
import crypto from 'node:crypto';
import { Client } from 'pg';
import { canConnect, log, onCleanup } from './common';

/** Where to create the throwaway database (its own database is only used to connect). */
export const ADMIN_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** The new database's URL, or why there is none. */
export async function throwawayDatabase(): Promise<{ url: string } | { skipped: string }> {
  const admin = new URL(ADMIN_URL);
  const port = Number(admin.port || 5432);
  if (!(await canConnect(admin.hostname, port))) {
    return { skipped: `no PostgreSQL answers at ${admin.hostname}:${port} (set BENCH_POSTGRES_URL to use another server).` };
  }
  const name = `bahi_bench_${crypto.randomBytes(4).toString('hex')}`;
  const client = new Client({ connectionString: ADMIN_URL });
  try {
    await client.connect();
    await client.query(`create database ${name}`);
  } catch (e) {
    await client.end().catch(() => undefined);
    return { skipped: `PostgreSQL at ${admin.host} refused: ${(e as Error).message}` };
  }
  await client.end();
  log(`created database ${name}`);
  onCleanup(`drop database ${name}`, async () => {
    const c = new Client({ connectionString: ADMIN_URL });
    await c.connect();
    try {
      await c.query(`drop database if exists ${name} with (force)`);
      log(`dropped database ${name}`);
    } finally {
      await c.end();
    }
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString() };
}
