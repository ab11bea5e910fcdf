import { moneyText } from '@bahi/shared/india';
import { createHash, randomUUID } from 'node:crypto';
import {
  CreateSaleRequest,
  SCHEDULE_PAGE_SIZE_DEFAULT,
  addDays,
  indiaToday,
  nextRunDate,
  nextRunDates,
  type RunNowRequest,
  type Schedule,
  type ScheduleCalendar,
  ScheduleListQuery,
  ScheduleRequest,
  type ScheduleRun,
  type ScheduleStatus,
  type ScheduleSummary,
} from '@bahi/shared/contracts';
import { and, asc, desc, eq, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import {
  automatedBillRuns,
  automatedBillSchedules,
  businesses,
  items,
  parties,
  saleInvoices,
  storeBranches,
  users,
  type StoredScheduleLine,
} from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import type { AuthContext } from '../auth/sessions';
import { displayDate } from '../pdf/format';
import { prepareDocument, requireRatesInForce, type DocumentContext } from '../documents/prepare';
import { withIdempotency } from '../idempotency';
import { createSale } from '../sales';
import { UUID } from '../../db/ids';

/** A start date in the past issues its missed bills at once; a slip of the year must not issue hundreds. */
export const MAX_BACKDATED_BILLS = 12;

export const SCHEDULE_NOT_FOUND = 'Automated bill not found';
export const RUN_NOT_FOUND = 'No run of this automated bill for that period';

type ScheduleRow = typeof automatedBillSchedules.$inferSelect;
type RunRow = typeof automatedBillRuns.$inferSelect;
type ScheduleBody = z.output<typeof ScheduleRequest>;

const calendarOf = (s: Pick<ScheduleRow, 'frequency' | 'startDate' | 'endDate' | 'maxBills'>): ScheduleCalendar => ({
  frequency: s.frequency,
  startDate: s.startDate,
  endDate: s.endDate,
  maxBills: s.maxBills,
});

/** The idempotency key of one period's bill: a second attempt at the same period answers the first invoice. */
export const periodKey = (scheduleId: string, period: string) => `automated-bill:${scheduleId}:${period}`;

const storedLines = (lines: ScheduleBody['lines']): StoredScheduleLine[] =>
  lines.map((l) => ({
    itemId: l.itemId,
    quantity: String(l.quantity),
    unitPrice: l.unitPrice === undefined ? null : String(l.unitPrice),
    priceIncludesTax: l.priceIncludesTax ?? null,
    discountPercent: l.discountPercent === undefined ? null : String(l.discountPercent),
    discountAmount: l.discountAmount === undefined ? null : String(l.discountAmount),
    gstRateId: l.gstRateId ?? null,
    description: l.description ?? null,
  }));

const withoutNulls = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null));

/** The sale a period issues, through the sale's own contract (so a schedule bills exactly what a sale would). */
function saleBody(s: ScheduleRow, runDate: string) {
  return CreateSaleRequest.safeParse({
    partyId: s.partyId,
    branchId: s.branchId,
    roundOff: s.roundOff,
    discount: s.discount ?? undefined,
    exportType: s.exportType ?? undefined,
    lines: s.lines.map(withoutNulls),
    invoiceDate: runDate,
    dueDate: s.dueInDays === null ? undefined : addDays(runDate, s.dueInDays),
    notes: s.notes ?? undefined,
  });
}

/** Checks the schedule's customer, branch and lines as a sale would (404/400/409), without saving anything. */
const checkAsSale = (tx: Tx, auth: AuthContext, body: ScheduleBody, date: string | null) =>
  prepareDocument(tx, auth, {
    partyId: body.partyId,
    branchId: body.branchId,
    roundOff: body.roundOff,
    discount: body.discount,
    exportType: body.exportType,
    date: date ?? undefined,
    lines: body.lines,
  });

async function findSchedule(db: Db | Tx, businessId: string, id: string, forUpdate = false): Promise<ScheduleRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(automatedBillSchedules)
    .where(and(eq(automatedBillSchedules.businessId, businessId), eq(automatedBillSchedules.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

async function lockedSchedule(tx: Tx, businessId: string, id: string): Promise<ScheduleRow> {
  const row = await findSchedule(tx, businessId, id, true);
  if (!row) throw new HttpError(404, SCHEDULE_NOT_FOUND);
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

/** automated-bill/create-schedule: checked as a sale would be; the first bill on the first run date. */
export async function createSchedule(ctx: DocumentContext, body: ScheduleBody, key: string | undefined): Promise<Schedule> {
  const { db, auth, now } = ctx;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId: auth.businessId, key, scope: 'automated-bill.create', body, resourceId: id, now }, async (tx) => {
    const calendar: ScheduleCalendar = body;
    const next = nextRunDate(calendar, {});
    if (!next) throw badRequest('No bill falls between the start date and the end date', 'endDate');
    const doc = await checkAsSale(tx, auth, body, next);
    // Its first bill uses the rates in force on its date (each bill is checked again as a sale when issued).
    requireRatesInForce(doc.lines, next);
    const backlog = nextRunDates(calendar, MAX_BACKDATED_BILLS + 1, {}).filter((d) => d <= indiaToday(now)).length;
    if (backlog > MAX_BACKDATED_BILLS) {
      throw badRequest(`The start date is too far back: at most ${MAX_BACKDATED_BILLS} past bills can be issued at once`, 'startDate');
    }
    await tx.insert(automatedBillSchedules).values({
        businessId: auth.businessId,
        id,
        ...scheduleColumns(body, doc.branch.id),
        status: 'ACTIVE',
        nextRunDate: next,
        createdBy: auth.user.id,
        createdAt: now,
        updatedAt: now,
      });
  });
  return getSchedule(db, auth.businessId, result.resourceId);
}

/** The columns a schedule's body sets, on create and on update alike. */
function scheduleColumns(body: ScheduleBody, branchId: string) {
  return {
    branchId,
    partyId: body.partyId,
    frequency: { type: body.frequency.type, weekday: body.frequency.weekday ?? null, dayOfMonth: body.frequency.dayOfMonth ?? null },
    lines: storedLines(body.lines),
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    maxBills: body.maxBills ?? null,
    dueInDays: body.dueInDays ?? null,
    roundOff: body.roundOff ?? true,
    discount: body.discount ? { ...(body.discount.percent === undefined ? {} : { percent: body.discount.percent }), ...(body.discount.amount === undefined ? {} : { amount: body.discount.amount }) } : null,
    exportType: body.exportType ?? null,
    notes: body.notes ?? null,
  };
}

/**
 * automated-bill/update-schedule/:id: the whole schedule again. Issued invoices stay as they are; the next bill is
 * the new calendar's first date after the last period run and not before today.
 */
export async function updateSchedule(ctx: DocumentContext, id: string, body: ScheduleBody): Promise<Schedule> {
  const { db, auth, now } = ctx;
  await db.transaction(async (tx) => {
    const row = await lockedSchedule(tx, auth.businessId, id);
    if (row.status === 'ENDED') throw conflict('This automated bill has ended: create a new one instead');
    const next = nextRunDate(body, { after: row.lastPeriod, from: indiaToday(now), billed: row.periodsRun });
    const doc = await checkAsSale(tx, auth, body, next);
    if (next) requireRatesInForce(doc.lines, next);
    await tx
      .update(automatedBillSchedules)
      .set({
        ...scheduleColumns(body, doc.branch.id),
        nextRunDate: next,
        status: next ? row.status : 'ENDED',
        updatedAt: now,
      })
      .where(and(eq(automatedBillSchedules.businessId, auth.businessId), eq(automatedBillSchedules.id, id)));
  });
  return getSchedule(db, auth.businessId, id);
}

const STATUS_CHANGE = {
  pause: { from: ['ACTIVE'], to: 'PAUSED', refused: 'Only an active automated bill can be paused' },
  resume: { from: ['PAUSED'], to: 'ACTIVE', refused: 'Only a paused automated bill can be resumed' },
  end: { from: ['ACTIVE', 'PAUSED'], to: 'ENDED', refused: 'This automated bill has already ended' },
} as const satisfies Record<string, { from: ScheduleStatus[]; to: ScheduleStatus; refused: string }>;

/** Pause, resume (skipping the dates that passed while paused) or end a schedule; 409 from the wrong status. */
export async function changeScheduleStatus(ctx: DocumentContext, id: string, change: keyof typeof STATUS_CHANGE): Promise<Schedule> {
  const { db, auth, now } = ctx;
  const rule = STATUS_CHANGE[change];
  await db.transaction(async (tx) => {
    const row = await lockedSchedule(tx, auth.businessId, id);
    if (!(rule.from as readonly ScheduleStatus[]).includes(row.status)) throw conflict(rule.refused);
    let next = row.nextRunDate;
    if (change === 'resume') next = nextRunDate(calendarOf(row), { after: row.lastPeriod, from: indiaToday(now), billed: row.periodsRun });
    if (change === 'end') next = null;
    await tx
      .update(automatedBillSchedules)
      .set({ status: next === null ? 'ENDED' : rule.to, nextRunDate: next, updatedAt: now })
      .where(and(eq(automatedBillSchedules.businessId, auth.businessId), eq(automatedBillSchedules.id, id)));
  });
  return getSchedule(db, auth.businessId, id);
}

/** The session a schedule's bills are issued under: its business, its creator, its branch. */
async function scheduleAuth(tx: Tx, s: ScheduleRow): Promise<AuthContext> {
  const [row] = await tx
    .select({ user: users, business: businesses })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(and(eq(users.businessId, s.businessId), eq(users.id, s.createdBy)));
  if (!row) throw conflict('The user who set up this automated bill no longer exists: edit it to issue bills again');
  return {
    sessionId: 'automated-bill',
    businessId: s.businessId,
    activeBranchId: s.branchId,
    activeBranch: null,
    // The schedule's branch was checked against the user's branches when it was set up.
    user: { id: row.user.id, name: row.user.name, mobile: row.user.mobile, role: row.user.role, branchIds: null },
    business: {
      id: row.business.id,
      name: row.business.name,
      gstin: row.business.gstin,
      stateCode: row.business.stateCode,
      registrationType: row.business.registrationType,
    },
  };
}

/**
 * One attempt at a period's bill, in a savepoint of the caller's transaction: the sale service issues it exactly
 * as a user's sale (number, tax, stock, idempotency). A refusal a user can fix (stock, an item gone) is answered as
 * the reason of a failed run; anything else rolls the whole transaction back, to be tried again.
 */
async function attemptBill(tx: Tx, s: ScheduleRow, period: string, runDate: string, now: Date) {
  const body = saleBody(s, runDate);
  if (!body.success) return { status: 'FAILED' as const, invoiceId: null, reason: body.error.issues[0]?.message ?? 'The bill is not valid' };
  try {
    const auth = await scheduleAuth(tx, s);
    // A transaction inside `tx` is a savepoint: a refused sale leaves the run's own writes standing.
    const invoice = await createSale({ db: tx as unknown as Db, auth, now }, body.data, periodKey(s.id, period));
    return { status: 'ISSUED' as const, invoiceId: invoice.id, reason: null };
  } catch (e) {
    if (e instanceof HttpError && e.statusCode < 500) return { status: 'FAILED' as const, invoiceId: null, reason: e.message };
    throw e;
  }
}

/**
 * Issues the schedule's period `period` (dated `runDate`) and moves the schedule on to its next date. The run row
 * is claimed first, on its unique key: a period some other transaction already ran is left alone. Answers the run.
 */
async function issuePeriod(tx: Tx, s: ScheduleRow, period: string, runDate: string, now: Date): Promise<RunRow | undefined> {
  const [claimed] = await tx
    .insert(automatedBillRuns)
    .values({ businessId: s.businessId, scheduleId: s.id, period, runDate, status: 'FAILED', reason: 'Issuing', createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  let run: RunRow | undefined;
  if (claimed) {
    const outcome = await attemptBill(tx, s, period, runDate, now);
    [run] = await tx
      .update(automatedBillRuns)
      .set({ ...outcome, updatedAt: now })
      .where(and(eq(automatedBillRuns.businessId, s.businessId), eq(automatedBillRuns.scheduleId, s.id), eq(automatedBillRuns.period, period)))
      .returning();
  }
  const billed = s.periodsRun + (claimed ? 1 : 0);
  const last = s.lastPeriod && s.lastPeriod > period ? s.lastPeriod : period;
  const next = nextRunDate(calendarOf(s), { after: last, billed });
  await tx
    .update(automatedBillSchedules)
    .set({ periodsRun: billed, lastPeriod: last, nextRunDate: next, status: next === null ? 'ENDED' : s.status, updatedAt: now })
    .where(and(eq(automatedBillSchedules.businessId, s.businessId), eq(automatedBillSchedules.id, s.id)));
  return run;
}

/** Tries a failed period again, dated as before. */
async function retryPeriod(tx: Tx, s: ScheduleRow, period: string, now: Date): Promise<RunRow> {
  const where = and(eq(automatedBillRuns.businessId, s.businessId), eq(automatedBillRuns.scheduleId, s.id), eq(automatedBillRuns.period, period));
  const [run] = await tx.select().from(automatedBillRuns).where(where).for('update');
  if (!run) throw new HttpError(404, RUN_NOT_FOUND, 'period');
  if (run.status === 'ISSUED') throw conflict(`The bill of ${period} was already issued`, 'period');
  const outcome = await attemptBill(tx, s, period, run.runDate, now);
  const [updated] = await tx
    .update(automatedBillRuns)
    .set({ ...outcome, attempts: run.attempts + 1, updatedAt: now })
    .where(where)
    .returning();
  return updated;
}

/**
 * The id an Idempotency-Key of run-now remembers: a name-based uuid of the schedule and the period (a run has no id
 * of its own), so a replay answers the very run the first request made.
 */
export function runResourceId(scheduleId: string, period: string): string {
  const hex = createHash('sha256').update(`automated-bill-run\n${scheduleId}\n${period}`).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The period a run-now was about to issue was issued meanwhile (by the scheduler or another click): look again. */
class PeriodMovedOn extends Error {}

/**
 * automated-bill/run-now/:id: with `period`, retry that failed run; without, issue the bill that is due (the oldest
 * period dated today or earlier, dated its own date). Nothing is ever billed ahead of its date: when no period is
 * due the answer is 409 naming the next due date. Answers the schedule and the run. The same Idempotency-Key and
 * body answer the first request's run again (on any instance), and issue nothing more.
 */
export async function runScheduleNow(
  ctx: DocumentContext,
  id: string,
  body: z.output<typeof RunNowRequest>,
  key: string,
): Promise<Schedule & { run: ScheduleRun }> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  const request = { scheduleId: id, period: body.period ?? null };
  for (let attempt = 1; ; attempt++) {
    // The key remembers the run before it is made: the period asked for, or the one due next as read now (checked
    // again under the schedule's lock).
    const expected = body.period ?? (await findSchedule(db, auth.businessId, id))?.nextRunDate ?? null;
    const resourceId = UUID.test(id) && expected ? runResourceId(id, expected) : randomUUID();
    try {
      const result = await withIdempotency(db, { businessId: auth.businessId, key, scope: 'automated-bill.run-now', body: request, resourceId, now }, async (tx) => {
        const row = await lockedSchedule(tx, auth.businessId, id);
        if (body.period) {
          await retryPeriod(tx, row, body.period, now);
          return;
        }
        if (row.status !== 'ACTIVE') throw conflict(row.status === 'PAUSED' ? 'Resume this automated bill to issue it' : 'This automated bill has ended');
        const next = row.nextRunDate;
        if (!next) throw conflict('This automated bill has no bills left to issue');
        if (next !== expected) throw new PeriodMovedOn();
        if (next > today) throw conflict(`Nothing is due yet: the next bill is due on ${displayDate(next)}`);
        const run = await issuePeriod(tx, row, next, next, now);
        if (!run) throw conflict('That bill is being issued already. Try again.');
      });
      const schedule = await getSchedule(db, auth.businessId, id);
      const run = schedule.runs.find((r) => runResourceId(id, r.period) === result.resourceId);
      if (!run) throw new HttpError(404, RUN_NOT_FOUND);
      return { ...schedule, run };
    } catch (e) {
      if (!(e instanceof PeriodMovedOn)) throw e;
      if (attempt >= 3) throw conflict('This automated bill is being issued right now. Try again.');
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The scheduler's work

export interface DueBillsResult {
  issued: number;
  failed: number;
  /** Schedules left for the next pass after an unexpected error (a lost connection, a bug). */
  errors: number;
}

/**
 * Issues every due period of every business, oldest first, one period per transaction. Several API instances run
 * this at once: each locks one due schedule with SKIP LOCKED (the others take other schedules, never wait), and
 * the run's unique key (business, schedule, period) stops a period being billed twice in any case. A schedule whose
 * transaction fails unexpectedly rolls back and is left for the next pass, so it never holds up the others.
 */
export async function issueDueBills(
  db: Db,
  now: () => Date,
  opts: { stopping?: () => boolean; maxPeriods?: number; onError?: (err: unknown, scheduleId: string) => void } = {},
): Promise<DueBillsResult> {
  const result: DueBillsResult = { issued: 0, failed: 0, errors: 0 };
  const max = opts.maxPeriods ?? 10_000;
  const skipped: string[] = [];
  for (let n = 0; n < max && !opts.stopping?.(); n++) {
    const at = now();
    const today = indiaToday(at);
    let current: string | null = null;
    let run: RunRow | 'skipped' | null;
    try {
      run = await db.transaction(async (tx) => {
        const [due] = await tx
          .select()
          .from(automatedBillSchedules)
          .where(
            and(
              eq(automatedBillSchedules.status, 'ACTIVE'),
              lte(automatedBillSchedules.nextRunDate, today),
              skipped.length ? notInArray(automatedBillSchedules.id, skipped) : undefined,
            ),
          )
          .orderBy(asc(automatedBillSchedules.nextRunDate))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!due) return null;
        current = due.id;
        return (await issuePeriod(tx, due, due.nextRunDate!, due.nextRunDate!, at)) ?? 'skipped';
      });
    } catch (err) {
      if (current === null) throw err;
      skipped.push(current);
      result.errors += 1;
      opts.onError?.(err, current);
      continue;
    }
    if (run === null) break;
    if (run === 'skipped') continue;
    if (run.status === 'ISSUED') result.issued += 1;
    else result.failed += 1;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const runOf = (r: RunRow, invoice: { number: string | null; grandTotal: string | null }): ScheduleRun => ({
  period: r.period,
  runDate: r.runDate,
  invoiceId: r.invoiceId,
  invoiceNumber: invoice.number,
  grandTotal: invoice.grandTotal === null ? null : moneyText(invoice.grandTotal),
  status: r.status,
  reason: r.reason,
  attempts: r.attempts,
  updatedAt: r.updatedAt.toISOString(),
});

const runColumns = { run: automatedBillRuns, number: saleInvoices.invoiceNumber, grandTotal: saleInvoices.grandTotal };
const invoiceJoin = and(eq(saleInvoices.businessId, automatedBillRuns.businessId), eq(saleInvoices.id, automatedBillRuns.invoiceId));

interface ScheduleListRow {
  schedule: ScheduleRow;
  partyName: string;
  branchName: string;
}

/** Counts, total billed and last run of each schedule, for the list and the detail. */
async function summariesOf(db: Db | Tx, businessId: string, rows: ScheduleListRow[]): Promise<ScheduleSummary[]> {
  const ids = rows.map((r) => r.schedule.id);
  if (ids.length === 0) return [];
  const stats = await db
    .select({
      scheduleId: automatedBillRuns.scheduleId,
      issued: sql<number>`count(*) filter (where ${automatedBillRuns.status} = 'ISSUED')::int`,
      failed: sql<number>`count(*) filter (where ${automatedBillRuns.status} = 'FAILED')::int`,
      billed: sql<string>`coalesce(sum(${saleInvoices.grandTotal}) filter (where ${saleInvoices.status} <> 'CANCELLED'), 0)::text`,
    })
    .from(automatedBillRuns)
    .leftJoin(saleInvoices, invoiceJoin)
    .where(and(eq(automatedBillRuns.businessId, businessId), inArray(automatedBillRuns.scheduleId, ids)))
    .groupBy(automatedBillRuns.scheduleId);
  const lastRuns = await db
    .selectDistinctOn([automatedBillRuns.scheduleId], runColumns)
    .from(automatedBillRuns)
    .leftJoin(saleInvoices, invoiceJoin)
    .where(and(eq(automatedBillRuns.businessId, businessId), inArray(automatedBillRuns.scheduleId, ids)))
    .orderBy(automatedBillRuns.scheduleId, desc(automatedBillRuns.period));
  const statsOf = new Map(stats.map((s) => [s.scheduleId, s]));
  const lastOf = new Map(lastRuns.map((r) => [r.run.scheduleId, r]));
  return rows.map(({ schedule: s, partyName, branchName }) => {
    const st = statsOf.get(s.id);
    const last = lastOf.get(s.id);
    return {
      id: s.id,
      status: s.status,
      partyId: s.partyId,
      partyName,
      branchId: s.branchId,
      branchName,
      frequency: { type: s.frequency.type, weekday: s.frequency.weekday ?? null, dayOfMonth: s.frequency.dayOfMonth ?? null },
      startDate: s.startDate,
      endDate: s.endDate,
      maxBills: s.maxBills,
      dueInDays: s.dueInDays,
      roundOff: s.roundOff,
      discount: s.discount ? { percent: s.discount.percent ?? null, amount: s.discount.amount ?? null } : null,
      exportType: s.exportType,
      notes: s.notes,
      nextRunDate: s.status === 'ENDED' ? null : s.nextRunDate,
      billsIssued: Number(st?.issued ?? 0),
      failedRuns: Number(st?.failed ?? 0),
      totalBilled: moneyText(st?.billed ?? '0'),
      lastRun: last ? runOf(last.run, last) : null,
      createdAt: s.createdAt.toISOString(),
      updatedAt: s.updatedAt.toISOString(),
    };
  });
}

const listColumns = { schedule: automatedBillSchedules, partyName: parties.name, branchName: storeBranches.name };
const partyJoin = and(eq(parties.businessId, automatedBillSchedules.businessId), eq(parties.id, automatedBillSchedules.partyId));
const branchJoin = and(eq(storeBranches.businessId, automatedBillSchedules.businessId), eq(storeBranches.id, automatedBillSchedules.branchId));

/** automated-bill/schedule/:id: the schedule, its lines (with the items' current names) and every run. */
export async function getSchedule(db: Db | Tx, businessId: string, id: string): Promise<Schedule> {
  if (!UUID.test(id)) throw new HttpError(404, SCHEDULE_NOT_FOUND);
  const [row] = await db
    .select(listColumns)
    .from(automatedBillSchedules)
    .innerJoin(parties, partyJoin)
    .innerJoin(storeBranches, branchJoin)
    .where(and(eq(automatedBillSchedules.businessId, businessId), eq(automatedBillSchedules.id, id)));
  if (!row) throw new HttpError(404, SCHEDULE_NOT_FOUND);
  const [summary] = await summariesOf(db, businessId, [row]);
  const itemIds = [...new Set(row.schedule.lines.map((l) => l.itemId))].filter((i) => UUID.test(i));
  const names = itemIds.length
    ? await db
        .select({ id: items.id, name: items.name })
        .from(items)
        .where(and(eq(items.businessId, businessId), inArray(items.id, itemIds)))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const runs = await db
    .select(runColumns)
    .from(automatedBillRuns)
    .leftJoin(saleInvoices, invoiceJoin)
    .where(and(eq(automatedBillRuns.businessId, businessId), eq(automatedBillRuns.scheduleId, id)))
    .orderBy(desc(automatedBillRuns.period));
  return {
    ...summary,
    lines: row.schedule.lines.map((l) => ({ ...l, itemName: nameOf.get(l.itemId) ?? null })),
    runs: runs.map((r) => runOf(r.run, r)),
  };
}

/** automated-bill/schedules: active first by next run date, then paused, then ended; totals billed over all matches. */
export async function listSchedules(db: Db, businessId: string, q: z.output<typeof ScheduleListQuery>) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? SCHEDULE_PAGE_SIZE_DEFAULT;
  const conditions: (SQL | undefined)[] = [eq(automatedBillSchedules.businessId, businessId)];
  if (q.status) conditions.push(eq(automatedBillSchedules.status, q.status));
  if (q.partyId) conditions.push(UUID.test(q.partyId) ? eq(automatedBillSchedules.partyId, q.partyId) : sql`false`);
  const where = and(...conditions);
  const rows = await db
    .select(listColumns)
    .from(automatedBillSchedules)
    .innerJoin(parties, partyJoin)
    .innerJoin(storeBranches, branchJoin)
    .where(where)
    .orderBy(
      sql`case ${automatedBillSchedules.status} when 'ACTIVE' then 0 when 'PAUSED' then 1 else 2 end`,
      sql`${automatedBillSchedules.nextRunDate} asc nulls last`,
      desc(automatedBillSchedules.createdAt),
      asc(automatedBillSchedules.id),
    )
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [sums] = await db
    .select({
      total: sql<number>`count(distinct ${automatedBillSchedules.id})::int`,
      billed: sql<string>`coalesce(sum(${saleInvoices.grandTotal}) filter (where ${saleInvoices.status} <> 'CANCELLED'), 0)::text`,
    })
    .from(automatedBillSchedules)
    .leftJoin(
      automatedBillRuns,
      and(eq(automatedBillRuns.businessId, automatedBillSchedules.businessId), eq(automatedBillRuns.scheduleId, automatedBillSchedules.id)),
    )
    .leftJoin(saleInvoices, invoiceJoin)
    .where(where);
  return {
    data: await summariesOf(db, businessId, rows),
    meta: { total: Number(sums.total), page, pageSize, totalBilled: moneyText(sums.billed) },
  };
}
