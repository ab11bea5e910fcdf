import {
  QUOTATION_FUTURE_DAYS,
  booksClosedProblem,
  documentDateProblem,
  documentDateRange,
  indiaToday,
  paymentDateProblem,
  type DocumentDateRange,
  type DocumentSettings,
  type LockBooks,
} from '@bahi/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businesses } from '../../db/schema';
import { badRequest, conflict } from '../../errors';

/** The business's document settings (GET document-settings). */
export async function getDocumentSettings(db: Db | Tx, businessId: string): Promise<DocumentSettings> {
  const [row] = await db.select({ futureDatedDays: businesses.futureDatedDays }).from(businesses).where(eq(businesses.id, businessId));
  return { futureDatedDays: row?.futureDatedDays ?? 0 };
}

export async function updateDocumentSettings(db: Db, businessId: string, input: DocumentSettings): Promise<DocumentSettings> {
  await db.update(businesses).set({ futureDatedDays: input.futureDatedDays }).where(eq(businesses.id, businessId));
  return getDocumentSettings(db, businessId);
}

/**
 * The dates a document of the business may carry today: from the day GST began to today (India) plus the days
 * ahead it allows. Quotations, offers for later, may always be dated QUOTATION_FUTURE_DAYS ahead.
 */
export async function documentDates(db: Db | Tx, businessId: string, now: Date, kind: 'QUOTATION' | 'OTHER' = 'OTHER'): Promise<DocumentDateRange> {
  return (await documentDateRules(db, businessId, now, kind)).range;
}

/** The range of dates (documentDates) and the date the books are closed up to, in one read of the business. */
async function documentDateRules(db: Db | Tx, businessId: string, now: Date, kind: 'QUOTATION' | 'OTHER') {
  const [row] = await db
    .select({ futureDatedDays: businesses.futureDatedDays, lockedUntil: businesses.booksLockedUntil })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  const futureDatedDays = row?.futureDatedDays ?? 0;
  return {
    range: documentDateRange(indiaToday(now), kind === 'QUOTATION' ? Math.max(futureDatedDays, QUOTATION_FUTURE_DAYS) : futureDatedDays),
    lockedUntil: row?.lockedUntil ?? null,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Closed periods

/** settings/lock-books: the date the business's books are closed up to (null: open). */
export async function getLockBooks(db: Db | Tx, businessId: string): Promise<LockBooks> {
  const [row] = await db.select({ lockedUntil: businesses.booksLockedUntil }).from(businesses).where(eq(businesses.id, businessId));
  return { lockedUntil: row?.lockedUntil ?? null };
}

/** Closes the books up to `lockedUntil` (at the latest today, India), or opens them (null). */
export async function updateLockBooks(db: Db, businessId: string, lockedUntil: string | null, now: Date): Promise<LockBooks> {
  if (lockedUntil !== null && lockedUntil > indiaToday(now)) {
    throw badRequest(`Lock date ${lockedUntil} is after today: the books are closed up to today at the latest`, 'lockedUntil');
  }
  await db.update(businesses).set({ booksLockedUntil: lockedUntil }).where(eq(businesses.id, businessId));
  return getLockBooks(db, businessId);
}

/**
 * A document dated `date` may be created, edited or cancelled only while its date is after the date the books are
 * closed up to: else 409 "Books are closed up to DD-MM-YYYY" naming `field`. Every create checks it through
 * documentDate; an edit or cancel calls it with the stored document's date.
 */
export async function checkBooksOpen(db: Db | Tx, businessId: string, date: string, field?: string): Promise<void> {
  const { lockedUntil } = await getLockBooks(db, businessId);
  const problem = booksClosedProblem(date, lockedUntil);
  if (problem) throw conflict(problem, field);
}

/**
 * A stored document dated `date` is cancelled or edited today: refused (409) when its date, or today (the date a
 * cancel's reversal carries), is in the closed period.
 */
export async function checkBooksOpenToChange(db: Db | Tx, businessId: string, date: string, now: Date): Promise<void> {
  const today = indiaToday(now);
  await checkBooksOpen(db, businessId, date < today ? date : today);
}

/** A document date outside the range answers 400 naming `field`. */
export function checkDocumentDate(date: string, range: DocumentDateRange, field: string, label: string): void {
  const problem = documentDateProblem(date, label, range);
  if (problem) throw badRequest(problem, field);
}

/** A payment is never dated before the document it settles: else 400 naming `field`. */
export function checkPaymentDate(paymentDate: string, document: { number: string; date: string }, field = 'date'): void {
  const problem = paymentDateProblem(paymentDate, document);
  if (problem) throw badRequest(problem, field);
}

/**
 * The date a new document or payment gets (`date`, else today), checked against the business's range (400) and
 * its closed period (409).
 */
export async function documentDate(
  db: Db | Tx,
  businessId: string,
  now: Date,
  date: string | undefined,
  field: string,
  label: string,
  kind: 'QUOTATION' | 'OTHER' = 'OTHER',
): Promise<string> {
  const value = date ?? indiaToday(now);
  const rules = await documentDateRules(db, businessId, now, kind);
  checkDocumentDate(value, rules.range, field, label);
  // Quotations post nothing to the books: a closed period does not hold them.
  const problem = kind === 'QUOTATION' ? null : booksClosedProblem(value, rules.lockedUntil);
  if (problem) throw conflict(problem, field);
  return value;
}
