import { z } from 'zod';
import { GSTIN_MESSAGES, gstinProblem, isStateCode, isValidPan, isValidPin } from '../india';

/** Every successful answer: `{ success: true, data }`. */
export const ok = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

/** Every error answer: `{ success: false, message }`, with the offending field when there is one. */
export const ErrorResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  field: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const MessageResponse = z.object({ success: z.literal(true), message: z.string() });

export const Id = z.string().uuid('Not a valid id');
export const IdParams = z.object({ id: Id });

/** Empty strings from forms mean "not given". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

export const MobileNumber = z
  .string({ error: 'Mobile number is required' })
  .trim()
  .regex(/^[6-9][0-9]{9}$/, 'Enter a 10-digit Indian mobile number');

export const Gstin = z
  .string()
  .trim()
  .toUpperCase()
  .superRefine((v, ctx) => {
    const problem = gstinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: GSTIN_MESSAGES[problem] });
  });

export const Pan = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isValidPan, 'PAN must be 5 letters, 4 digits and a letter, e.g. ABCDE1234F');

export const Pin = z.string().trim().refine(isValidPin, 'PIN code must be 6 digits and cannot start with 0');

export const StateCode = z.string().trim().refine(isStateCode, 'Choose a valid state');

export const Email = z.string().trim().toLowerCase().email('Enter a valid email address');

export const PersonName = (label: string, max = 100) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Dates the product takes: business dates (GST began in 2017), not birthdays or far futures. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2099-12-31';

/** A real calendar date written YYYY-MM-DD: 2025-02-30 is not one. */
export function isCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The one date schema of every request: YYYY-MM-DD, a real date between DATE_MIN and DATE_MAX. Messages name the
 * field (`label`), or all say `message` where a screen has its own wording.
 */
export const CalendarDate = (label = 'Date', message?: string) =>
  z
    .string({ error: message ?? `${label} must be a date (YYYY-MM-DD)` })
    .trim()
    .refine(isCalendarDate, message ?? `${label} must be a real date (YYYY-MM-DD)`)
    .refine((s) => s >= DATE_MIN && s <= DATE_MAX, message ?? `${label} must be between ${DATE_MIN} and ${DATE_MAX}`)
    .meta({ type: 'string', format: 'date', example: '2026-05-01' });

/**
 * A whole number of a JSON body: a JSON integer. A string, array or boolean is refused rather than read as a number
 * ('0x10', [] and true are not 16, 0 and 1), and so is a fraction.
 */
export const WholeNumber = (label: string, min: number, max: number) => {
  const message = `${label} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** A whole number of a query string, where everything is text: plain decimal digits ('10', never '0x10' or '1e3'). */
export const QueryWholeNumber = (label: string, min: number, max: number) =>
  z.preprocess((v) => (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v) ? Number(v) : v), WholeNumber(label, min, max));

/** Paged lists: `page` from 1, `pageSize` from 1 to the list's own maximum. */
export const PAGE_MAX = 100_000;
export const PageNumber = QueryWholeNumber('page', 1, PAGE_MAX).optional();
export const PageSize = (max: number) => QueryWholeNumber('pageSize', 1, max).optional();

/** Where a page sits among `total` matches. */
export const PageMeta = z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
export type PageMeta = z.infer<typeof PageMeta>;

/** A search box's text. */
export const SearchText = z.string().trim().max(100, 'Search is too long').optional();
