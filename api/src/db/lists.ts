import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';
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
 * A page whose rows carry their filter's total (`countOf`), so a search answers its page and its total in one query:
 * the total from the first row. A page past the last has no row to carry it, so only then `count` runs; an empty
 * first page means nothing matched.
 */
export async function withTotal<T extends { total: number }>(rows: T[], page: number, count: () => Promise<number>): Promise<[T[], number]> {
  if (rows.length > 0) return [rows, rows[0].total];
  return [rows, page === 1 ? 0 : await count()];
}

export type PageBound = number | ReturnType<typeof sql.placeholder>;
type Named = PgTable & { id: AnyPgColumn; name: AnyPgColumn };

/** Rows by name, case ignored, then id (the order of every name-ordered list; indexed on business, lower(name), id). */
export const byName = (table: Named): [SQL, SQL] => [asc(sql`lower(${table.name})`), asc(table.id)];

/**
 * One page of a name-ordered list, cut before it is dressed: a `page` CTE of the ids the filter matches, ordered
 * and cut on the table alone (by the name index, stopping at the page, when the filter matches many), for the
 * list's query to join its names, subqueries and balances to those rows only, with `countOf` beside them. A window
 * count (`count(*) over ()`) dressed every match before the cut instead: a search matching all 10,000 items ran the
 * joins and subqueries for each of them to show 50 (bench/README.md, "Fourth pass").
 */
export function pageOf(db: Db | Tx, table: Named, where: SQL | undefined, limit: PageBound, offset: PageBound) {
  return db.$with('page').as(
    db
      .select({ id: table.id })
      .from(table)
      .where(where)
      .orderBy(...byName(table))
      .limit(limit)
      .offset(offset),
  );
}

/**
 * How many rows of `table` the filter matches, as a column of the page's own statement (uncorrelated: counted once),
 * so page and total come from one round trip and one snapshot.
 */
export const countOf = (table: PgTable, where: SQL | undefined) =>
  sql<number>`(select count(*) from ${table} where ${where ?? sql`true`})`.mapWith(Number);
