import {
  QUOTATION_FUTURE_DAYS,
  documentDateProblem,
  documentDateRange,
  indiaToday,
  paymentDateProblem,
  type DocumentDateRange,
  type DocumentSettings,
} from '@bahi/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businesses } from '../../db/schema';
import { badRequest } from '../../errors';

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
  const { futureDatedDays } = await getDocumentSettings(db, businessId);
  return documentDateRange(indiaToday(now), kind === 'QUOTATION' ? Math.max(futureDatedDays, QUOTATION_FUTURE_DAYS) : futureDatedDays);
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

/** The date a new document or payment gets (`date`, else today), checked against the business's range. */
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
  checkDocumentDate(value, await documentDates(db, businessId, now, kind), field, label);
  return value;
}
