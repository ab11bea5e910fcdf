/** Settings of the GST returns, one row per business; a business without a row has the defaults. */
import { sql } from 'drizzle-orm';
import { check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { money, updatedAt } from './columns';
import { businesses } from './core';

export const gstSettings = pgTable(
  'gst_settings',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id),
    /** GSTR-1 b2cl: inter-state invoices to unregistered buyers above this value (₹1,00,000 unless changed). */
    b2clLimit: money('b2cl_limit').notNull().default('100000'),
    updatedAt: updatedAt(),
  },
  (t) => [check('gst_settings_b2cl_limit_check', sql`${t.b2clLimit} >= 0`)],
);
