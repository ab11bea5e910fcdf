import type { SQL } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** The rows of a raw query: both drivers (pg and PGlite) answer `{ rows }`. Cast numerics and dates to text in SQL. */
export async function selectRows<T extends Record<string, unknown>>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
