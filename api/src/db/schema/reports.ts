/** Settings of the GST returns, one row per business; a business without a row has the defaults. */
import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    /** The letter of undertaking (zero-rated supplies without payment of IGST): all three, or none. */
    lutNumber: text('lut_number'),
    lutValidFrom: date('lut_valid_from', { mode: 'string' }),
    lutValidTo: date('lut_valid_to', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('gst_settings_b2cl_limit_check', sql`${t.b2clLimit} >= 0`),
    check(
      'gst_settings_lut_check',
      sql`(${t.lutNumber} is null and ${t.lutValidFrom} is null and ${t.lutValidTo} is null) or (${t.lutNumber} is not null and ${t.lutValidFrom} is not null and ${t.lutValidTo} is not null and ${t.lutValidFrom} <= ${t.lutValidTo})`,
    ),
  ],
);
