/**
 * Automated bills: schedules that issue a sale invoice on every run date, and one row per period run.
 * The unique key (business, schedule, period) of a run is what makes a period billed exactly once, whichever API
 * instance gets there first.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { Frequency, ScheduleLine } from '@bahi/shared/contracts';
import { createdAt, updatedAt } from './columns';
import { businesses, storeBranches, users } from './core';
import { parties } from './party';
import { saleInvoices } from './sales';

/** A line as kept: the request line's fields, decimal strings (the item's name is read when answering). */
export type StoredScheduleLine = Omit<ScheduleLine, 'itemName'>;

export const automatedBillSchedules = pgTable(
  'automated_bill_schedules',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    partyId: uuid('party_id').notNull(),
    /** Contracts Frequency: { type, weekday, dayOfMonth }. */
    frequency: jsonb('frequency').$type<Frequency>().notNull(),
    lines: jsonb('lines').$type<StoredScheduleLine[]>().notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    maxBills: integer('max_bills'),
    dueInDays: integer('due_in_days'),
    roundOff: boolean('round_off').notNull(),
    /** A discount on each bill (contracts DocumentDiscountRequest, as decimal strings). */
    discount: jsonb('discount').$type<{ percent?: string; amount?: string }>(),
    /** To an SEZ or overseas party: with or without payment of IGST (null: by the LUT on each bill's date). */
    exportType: text('export_type').$type<'WITH_PAYMENT' | 'WITHOUT_PAYMENT'>(),
    notes: text('notes'),
    status: text('status').$type<'ACTIVE' | 'PAUSED' | 'ENDED'>().notNull(),
    /** The next period to issue; null once nothing is left. */
    nextRunDate: date('next_run_date', { mode: 'string' }),
    /** Periods handled (issued or failed): what "after N bills" counts. */
    periodsRun: integer('periods_run').notNull().default(0),
    /** The last period handled; an edit or a resume never goes back before it. */
    lastPeriod: date('last_period', { mode: 'string' }),
    /** Whose name the bills are issued in (stock movements and invoices record a user). */
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'automated_bill_schedules_pkey', columns: [t.businessId, t.id] }),
    index('automated_bill_schedules_business_idx').on(t.businessId, t.status, t.nextRunDate),
    /** The scheduler's scan of every business for due schedules (docs/scaling.md: a cross-shard query). */
    index('automated_bill_schedules_due_idx').on(t.nextRunDate).where(sql`${t.status} = 'ACTIVE'`),
    foreignKey({ name: 'automated_bill_schedules_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({ name: 'automated_bill_schedules_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    foreignKey({ name: 'automated_bill_schedules_user_fk', columns: [t.businessId, t.createdBy], foreignColumns: [users.businessId, users.id] }),
    check('automated_bill_schedules_status_check', sql`${t.status} in ('ACTIVE', 'PAUSED', 'ENDED')`),
    check('automated_bill_schedules_export_type_check', sql`${t.exportType} in ('WITH_PAYMENT', 'WITHOUT_PAYMENT')`),
  ],
);

export const automatedBillRuns = pgTable(
  'automated_bill_runs',
  {
    businessId: uuid('business_id').notNull(),
    scheduleId: uuid('schedule_id').notNull(),
    /** The run date that names the period. */
    period: date('period', { mode: 'string' }).notNull(),
    /** The invoice's date. */
    runDate: date('run_date', { mode: 'string' }).notNull(),
    invoiceId: uuid('invoice_id'),
    status: text('status').$type<'ISSUED' | 'FAILED'>().notNull(),
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'automated_bill_runs_pkey', columns: [t.businessId, t.scheduleId, t.period] }),
    foreignKey({
      name: 'automated_bill_runs_schedule_fk',
      columns: [t.businessId, t.scheduleId],
      foreignColumns: [automatedBillSchedules.businessId, automatedBillSchedules.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'automated_bill_runs_invoice_fk', columns: [t.businessId, t.invoiceId], foreignColumns: [saleInvoices.businessId, saleInvoices.id] }),
    check('automated_bill_runs_status_check', sql`${t.status} in ('ISSUED', 'FAILED')`),
    check('automated_bill_runs_invoice_check', sql`(${t.status} = 'ISSUED') = (${t.invoiceId} is not null)`),
  ],
);
