import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client';

const dialect = new PgDialect();

/**
 * The rows of a raw query run as the named prepared statement `name`: on PostgreSQL it is parsed once per
 * connection, then only bound and run (its plan cached), instead of parsed and planned on every call. One name is
 * one statement text: a query whose text varies (not only its parameters) needs a name per shape. PGlite runs it as
 * any query. Cast numerics and dates to text in SQL, as for `selectRows`.
 */
export async function selectPrepared<T extends Record<string, unknown>>(db: Db | Tx, name: string, query: SQL): Promise<T[]> {
  const result = (await db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute()) as unknown as { rows: T[] };
  return result.rows;
}
