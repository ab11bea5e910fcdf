/** How many rows a business has in a list, kept by triggers (migration 0021): the unfiltered list's total. */
import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per business and list ('items', 'parties'), written only by the statement-level triggers of those tables
 * in the same transaction as the rows, so it is exact; read by the list endpoints instead of count(*).
 */
export const listCounts = pgTable(
  'list_counts',
  {
    businessId: uuid('business_id').notNull(),
    list: text('list').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.list] }), check('list_counts_total_check', sql`${t.total} >= 0`)],
);
