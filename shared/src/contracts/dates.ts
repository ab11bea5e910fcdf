import { z } from 'zod';
import { addDays } from './account';
import { CalendarDate, ok } from './common';

/*
 * The dates a document may carry: from the day GST began to today (India) plus the days ahead the business allows.
 * The API refuses any other with a 400 naming the date; the forms' date pickers offer only these.
 */

/** GST began on 1 July 2017: no document of this product is dated before it. */
export const GST_START_DATE = '2017-07-01';

/** The most days ahead a business may allow documents to be dated. */
export const FUTURE_DATED_DAYS_MAX = 366;

/** Quotations are offers for later, so they may always be dated this many days ahead (more if the setting says so). */
export const QUOTATION_FUTURE_DAYS = 90;

/** The first and last dates a document may carry, both inclusive. */
export interface DocumentDateRange {
  min: string;
  max: string;
}

/** The range of document dates on `today` (India) when the business allows `futureDays` days ahead. */
export function documentDateRange(today: string, futureDays: number): DocumentDateRange {
  return { min: GST_START_DATE, max: addDays(today, futureDays) };
}

/** Why `date` cannot be a document's date (`label` names it: 'Invoice date'), or null when it can. */
export function documentDateProblem(date: string, label: string, range: DocumentDateRange): string | null {
  if (date < range.min) return `${label} ${date} is before GST began (${range.min}): a document is dated from ${range.min}`;
  if (date > range.max) return `${label} ${date} is after ${range.max}: the business allows documents dated up to ${range.max}`;
  return null;
}

/** A payment is never dated before the document it settles. */
export function paymentDateProblem(paymentDate: string, document: { number: string; date: string }): string | null {
  return paymentDate < document.date ? `Payment date ${paymentDate} is before ${document.number}, dated ${document.date}: a payment is never dated before the document it settles` : null;
}

// ---------------------------------------------------------------------------------------------------------------
// Document date settings (GET / PUT document-settings)

const FUTURE_DAYS_MESSAGE = `futureDatedDays must be a whole number from 0 to ${FUTURE_DATED_DAYS_MAX}`;

export const DocumentSettings = z.object({
  /**
   * How many days after today an invoice, bill, expense, payment or cash movement may be dated (0: none ahead).
   * Quotations may always be dated QUOTATION_FUTURE_DAYS ahead, or this many if more.
   */
  futureDatedDays: z.number().int().min(0).max(FUTURE_DATED_DAYS_MAX),
});
export type DocumentSettings = z.infer<typeof DocumentSettings>;
export const DocumentSettingsResponse = ok(DocumentSettings);

export const UpdateDocumentSettingsRequest = z.strictObject({
  futureDatedDays: z.number({ error: FUTURE_DAYS_MESSAGE }).int(FUTURE_DAYS_MESSAGE).min(0, FUTURE_DAYS_MESSAGE).max(FUTURE_DATED_DAYS_MAX, FUTURE_DAYS_MESSAGE),
});
export type UpdateDocumentSettingsRequest = z.infer<typeof UpdateDocumentSettingsRequest>;

// ---------------------------------------------------------------------------------------------------------------
// Closed periods (GET / PUT settings/lock-books)

/** 'YYYY-MM-DD' as Indians write a date in a sentence: '31-03-2026'. */
export const dayMonthYear = (date: string) => date.split('-').reverse().join('-');

/**
 * The books are closed up to `lockedUntil` (inclusive): no document dated on or before it is created, edited or
 * cancelled — sales, purchases, notes, expenses, payments, journals, cash and bank movements. Quotations post
 * nothing to the books and stay open.
 */
export const booksClosedProblem = (date: string, lockedUntil: string | null): string | null =>
  lockedUntil !== null && date <= lockedUntil ? `Books are closed up to ${dayMonthYear(lockedUntil)}` : null;


export const LockBooks = z.object({
  /** The last date of the closed period; null when the books are open. */
  lockedUntil: z.string().nullable().meta({ format: 'date', example: '2026-03-31' }),
});
export type LockBooks = z.infer<typeof LockBooks>;
export const LockBooksResponse = ok(LockBooks);

export const LockBooksRequest = z.strictObject({
  /** Close the books up to this date (inclusive); null opens them. */
  lockedUntil: CalendarDate('Lock date').nullable(),
});
export type LockBooksRequest = z.infer<typeof LockBooksRequest>;
