import { z } from 'zod';
import { GSTIN_MESSAGES, gstinProblem, isStateCode, isValidPan, isValidPin } from '../india';

/** Every successful answer: `{ success: true, data }` (seed §7). */
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
