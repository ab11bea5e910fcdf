import { sql, type SQL } from 'drizzle-orm';
import { UUID } from '../../db/ids';

/** A filter on an id column: none when the id is not given, nothing when it is not a UUID (never a database error). */
export const idMatch = (column: SQL, id: string | undefined) => (id === undefined ? sql`true` : UUID.test(id) ? sql`${column} = ${id}` : sql`false`);
