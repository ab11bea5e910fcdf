import { z } from 'zod';
import { CalendarDate, Id, PageMeta, PageNumber, PageSize, WholeNumber, ok } from './common';
import { GST_START_DATE } from './dates';
import { MoneyString, MoneySumString } from './money';
import { DOCUMENT_LIMITS, DocumentDiscountRequest, DocumentLineRequest, ExportType } from './sales';
import { FREQUENCY_TYPES, type FrequencyType } from './schedule-calendar';

/*
 * Automated (recurring) bills: a schedule issues a normal sale invoice to one customer on every run date
 * of its calendar (schedule-calendar.ts). Each run is one period, named by its run date; the API issues a period
 * exactly once. A bill that cannot be issued (not enough stock, an item deleted) is a FAILED run with the reason,
 * which the user retries with run-now and `{ period }`.
 *
 * Decisions of this contract:
 * - `weekday` is ISO: 1 = Monday … 7 = Sunday. `dayOfMonth` is 1–31 or "LAST"; a day a month lacks is its last day.
 * - Ends: never, on `endDate` (the last date a bill may carry), after `maxBills` bills, or whichever comes first.
 * - An edit changes future bills only: issued invoices stay as they are; the next run date is worked out again.
 * - A resumed schedule skips the dates that passed while it was paused (nobody is billed for a paused month).
 * - Lines are a sale's lines without serial numbers (each bill would need other serials).
 */

export const SCHEDULE_STATUSES = ['ACTIVE', 'PAUSED', 'ENDED'] as const;
export const ScheduleStatus = z.enum(SCHEDULE_STATUSES, { error: `Status must be one of ${SCHEDULE_STATUSES.join(', ')}` });
export type ScheduleStatus = z.infer<typeof ScheduleStatus>;

export const RUN_STATUSES = ['ISSUED', 'FAILED'] as const;
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

export const SCHEDULE_LIMITS = { maxBills: 1000, dueInDays: 365 } as const;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const maybe = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

export const Frequency = z
  .strictObject({
    type: z.enum(FREQUENCY_TYPES, { error: `Frequency must be one of ${FREQUENCY_TYPES.join(', ')}` }),
    weekday: maybe(WholeNumber('Weekday', 1, 7)),
    dayOfMonth: maybe(z.union([z.literal('LAST'), WholeNumber('Day of month', 1, 31)], { error: 'Day of month must be 1–31 or LAST' })),
  })
  .superRefine((f, ctx) => {
    if (f.type === 'WEEKLY' && f.weekday === undefined) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose the weekday of a weekly bill' });
    }
    if ((f.type === 'MONTHLY' || f.type === 'QUARTERLY' || f.type === 'YEARLY') && f.dayOfMonth === undefined) {
      ctx.addIssue({ code: 'custom', path: ['dayOfMonth'], message: 'Choose the day of the month (1–31 or LAST)' });
    }
  });
export interface Frequency {
  type: FrequencyType;
  weekday?: number | null;
  dayOfMonth?: number | 'LAST' | null;
}

const ScheduleLineRequest = DocumentLineRequest.transform(({ serialNos: _serials, ...line }) => line);

/** POST automated-bill/create-schedule and PUT automated-bill/update-schedule/:id (the whole schedule). */
export const ScheduleRequest = z
  .strictObject({
    partyId: z.string({ error: 'Choose the customer' }).trim().min(1, 'Choose the customer').max(40, 'Party is not an id'),
    /** Default: the session's active branch. */
    branchId: maybe(z.string().trim().min(1).max(40, 'Branch is not an id')),
    lines: z
      .array(ScheduleLineRequest, { error: 'Add at least one line' })
      .min(1, 'Add at least one line')
      .max(DOCUMENT_LIMITS.lines, `A bill can have at most ${DOCUMENT_LIMITS.lines} lines`),
    frequency: Frequency,
    startDate: CalendarDate('Start date'),
    endDate: maybe(CalendarDate('End date')),
    maxBills: maybe(WholeNumber('Number of bills', 1, SCHEDULE_LIMITS.maxBills)),
    /** Due date = bill date + this; default: the party's credit period. */
    dueInDays: maybe(WholeNumber('Due in days', 0, SCHEDULE_LIMITS.dueInDays)),
    roundOff: maybe(z.boolean({ error: 'roundOff must be true or false' })),
    /** A discount on each bill, shared among its lines before tax. */
    discount: maybe(DocumentDiscountRequest),
    /** To an SEZ or overseas party: with or without payment of IGST; default: by the LUT valid on each bill's date. */
    exportType: maybe(ExportType),
    notes: maybe(z.string().trim().max(DOCUMENT_LIMITS.notes, `Notes must be at most ${DOCUMENT_LIMITS.notes} characters`)),
  })
  .superRefine((s, ctx) => {
    // Its bills are dated their run dates, so the first may be in the future but never before GST began.
    if (s.startDate < GST_START_DATE) {
      ctx.addIssue({ code: 'custom', path: ['startDate'], message: `Start date ${s.startDate} is before GST began (${GST_START_DATE})` });
    }
    if (s.endDate && s.endDate < s.startDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'End date cannot be before the start date' });
    }
  });
export interface ScheduleRequest {
  partyId: string;
  branchId?: string | null;
  lines: Omit<DocumentLineRequest, 'serialNos'>[];
  frequency: Frequency;
  startDate: string;
  endDate?: string | null;
  maxBills?: number | null;
  dueInDays?: number | null;
  roundOff?: boolean | null;
  discount?: DocumentDiscountRequest | null;
  exportType?: ExportType | null;
  notes?: string | null;
}

/**
 * POST automated-bill/run-now/:id (Idempotency-Key required): without a body, the bill that is due (the oldest period
 * dated today or earlier, 409 when none is); with `period`, retry that failed run.
 */
export const RunNowRequest = z.object({ period: maybe(CalendarDate('Period')) });
export interface RunNowRequest {
  period?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

/** A line as the schedule keeps it (decimal strings), with the item's current name (null once deleted). */
export const ScheduleLine = z.object({
  itemId: z.string(),
  itemName: z.string().nullable(),
  quantity: z.string(),
  unitPrice: z.string().nullable(),
  priceIncludesTax: z.boolean().nullable(),
  discountPercent: z.string().nullable(),
  discountAmount: z.string().nullable(),
  gstRateId: z.string().nullable(),
  description: z.string().nullable(),
});
export type ScheduleLine = z.infer<typeof ScheduleLine>;

export const ScheduleRun = z.object({
  /** The run date the period is named by ('2026-05-31'). */
  period: z.string(),
  /** The invoice's date: the period's own date (catch-up and "Issue now" too; nothing is billed ahead of its date). */
  runDate: z.string(),
  invoiceId: Id.nullable(),
  invoiceNumber: z.string().nullable(),
  grandTotal: MoneyString.nullable(),
  status: RunStatus,
  /** Why a FAILED run could not be issued. */
  reason: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export type ScheduleRun = z.infer<typeof ScheduleRun>;

const FrequencyAnswer = z.object({
  type: z.enum(FREQUENCY_TYPES),
  weekday: z.number().int().nullable(),
  dayOfMonth: z.union([z.literal('LAST'), z.number().int()]).nullable(),
});

export const ScheduleSummary = z.object({
  id: Id,
  status: ScheduleStatus,
  partyId: Id,
  partyName: z.string(),
  branchId: Id,
  branchName: z.string(),
  frequency: FrequencyAnswer,
  startDate: z.string(),
  endDate: z.string().nullable(),
  maxBills: z.number().int().nullable(),
  dueInDays: z.number().int().nullable(),
  roundOff: z.boolean(),
  /** The discount on each bill, as given; null for none. */
  discount: z.object({ percent: z.string().nullable(), amount: z.string().nullable() }).nullable().default(null),
  /** As given for its bills; null: by the LUT valid on each bill's date (zero-rated parties only). */
  exportType: ExportType.nullable().default(null),
  notes: z.string().nullable(),
  /** The next period the scheduler will issue (null when ended or nothing is left). */
  nextRunDate: z.string().nullable(),
  billsIssued: z.number().int(),
  failedRuns: z.number().int(),
  /** Grand totals of the issued invoices that are not cancelled. */
  totalBilled: MoneySumString,
  lastRun: ScheduleRun.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ScheduleSummary = z.infer<typeof ScheduleSummary>;

export const Schedule = ScheduleSummary.extend({
  lines: z.array(ScheduleLine),
  /** Newest period first. */
  runs: z.array(ScheduleRun),
});
export type Schedule = z.infer<typeof Schedule>;
export const ScheduleResponse = ok(Schedule);

export const SCHEDULE_PAGE_SIZE_MAX = 100;
export const SCHEDULE_PAGE_SIZE_DEFAULT = 20;

/** GET automated-bill/schedules: the soonest next run first, ended ones last. */
export const ScheduleListQuery = z.object({
  status: maybe(ScheduleStatus),
  partyId: maybe(z.string().trim().max(40)),
  page: maybe(PageNumber),
  pageSize: maybe(PageSize(SCHEDULE_PAGE_SIZE_MAX)),
});
export interface ScheduleListQuery {
  status?: ScheduleStatus;
  partyId?: string;
  page?: number;
  pageSize?: number;
}

export const ScheduleListResponse = ok(z.array(ScheduleSummary)).extend({ meta: PageMeta.extend({ totalBilled: MoneySumString }) });
export type ScheduleListResponse = z.infer<typeof ScheduleListResponse>;

/** run-now: the schedule and the run just attempted (ISSUED, or FAILED with its reason). */
export const RunNowResponse = ok(Schedule.extend({ run: ScheduleRun }));
export type RunNowResult = z.infer<typeof RunNowResponse>['data'];
