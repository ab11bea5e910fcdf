import { and, eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { listCounts } from './schema';

/** `%term%` for LIKE / ILIKE, the term's own `%`, `_` and `\` taken literally. */
export const containing = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A query prepared once per database: its statement is built once per process and planned once per connection,
 * instead of on every request (the session lookup and the first page of a list run before or as every screen opens).
 */
export function preparedPerDatabase<T>(prepare: (db: Db) => T): (db: Db) => T {
  const prepared = new WeakMap<Db, T>();
  return (db) => {
    let queries = prepared.get(db);
    if (!queries) prepared.set(db, (queries = prepare(db)));
    return queries;
  };
}

const listTotals = preparedPerDatabase((db) =>
  db
    .select({ total: listCounts.total })
    .from(listCounts)
    .where(and(eq(listCounts.businessId, sql.placeholder('businessId')), eq(listCounts.list, sql.placeholder('list'))))
    .prepare('list_total'),
);

/** How many rows a business has in a list, from the trigger-kept row (migration 0021), not count(*) over them all. */
export async function listTotal(db: Db, businessId: string, list: 'items' | 'parties'): Promise<number> {
  const [row] = await listTotals(db).execute({ businessId, list });
  return Number(row?.total ?? 0);
}

/**
 * A page whose rows carry their filter's total as `count(*) over ()` (computed before the page is cut), so a search
 * answers its page and its total in one query: the total from the first row. A page past the last has no row to
 * carry it, so only then `count` runs; an empty first page means nothing matched.
 */
export async function withTotal<T extends { total: number }>(rows: T[], page: number, count: () => Promise<number>): Promise<[T[], number]> {
  if (rows.length > 0) return [rows, rows[0].total];
  return [rows, page === 1 ? 0 : await count()];
}
