import { z } from 'zod';
import { stateCodeFromGstin } from '../india';
import { Email, Gstin, Id, MobileNumber, PersonName, Pin, StateCode, ok, optional } from './common';

/**
 * How the seller is registered under GST (gst-rules.md "Registration types"): REGULAR issues a TAX INVOICE and
 * charges GST; COMPOSITION and UNREGISTERED issue a BILL OF SUPPLY and charge none. A business signed up without a
 * GSTIN is UNREGISTERED; a branch with its own GSTIN carries its own type, one without takes the business's.
 */
export const SELLER_REGISTRATION_TYPES = ['REGULAR', 'COMPOSITION', 'UNREGISTERED'] as const;
export const SellerRegistrationType = z.enum(SELLER_REGISTRATION_TYPES, {
  error: `Registration type must be one of ${SELLER_REGISTRATION_TYPES.join(', ')}`,
});
export type SellerRegistrationType = z.infer<typeof SellerRegistrationType>;
/**
 * The title of a sale invoice: a composition or unregistered seller issues a BILL OF SUPPLY (s.31(3)(c), Rule 49), as
 * does a regular one whose every line is exempt or nil-rated (no GST, no cess); else a TAX INVOICE.
 */
export function saleDocumentTitle(
  type: SellerRegistrationType | null | undefined,
  lines: readonly { gstRate: string; cess: string }[],
): 'TAX INVOICE' | 'BILL OF SUPPLY' {
  if (type === 'COMPOSITION' || type === 'UNREGISTERED') return 'BILL OF SUPPLY';
  return lines.every((l) => Number(l.gstRate) === 0 && Number(l.cess) === 0) ? 'BILL OF SUPPLY' : 'TAX INVOICE';
}
/** Why there is no GSTR-1 or GSTR-3B to file: the API's 422 and the reports screens say it alike. */
export const UNREGISTERED_NO_RETURNS = 'An unregistered business files no GST returns: its bills of supply charge no tax.';
export const compositionFiles = (form: string) =>
  `A composition taxpayer files CMP-08 each quarter, not ${form}: its bills of supply charge no tax.`;

/** Printed at the top of every bill of a composition taxpayer (s.10, Rule 5(1)(g)). */
export const COMPOSITION_DECLARATION = 'composition taxable person, not eligible to collect tax on supplies';

/** A GSTIN asks how it is registered (REGULAR or COMPOSITION); one without a GSTIN is UNREGISTERED. */
export function refineRegistration(b: { gstin?: string | null; registrationType?: SellerRegistrationType | null }, ctx: z.RefinementCtx) {
  if (b.gstin && !b.registrationType) {
    ctx.addIssue({ code: 'custom', path: ['registrationType'], message: 'Say how this GSTIN is registered: REGULAR or COMPOSITION' });
  }
  if (b.gstin && b.registrationType === 'UNREGISTERED') {
    ctx.addIssue({ code: 'custom', path: ['registrationType'], message: 'A GSTIN is REGULAR or COMPOSITION, not UNREGISTERED' });
  }
  if (!b.gstin && b.registrationType && b.registrationType !== 'UNREGISTERED') {
    ctx.addIssue({ code: 'custom', path: ['gstin'], message: `A ${b.registrationType.toLowerCase()} registration needs its GSTIN` });
  }
}

/** GET/PUT report/gst-registration: how the business is registered. */
export const GstRegistration = z.object({
  gstin: z.string().nullable(),
  registrationType: SellerRegistrationType,
  /** Per cent of turnover a composition taxpayer pays (CMP-08): 1 for manufacturers and traders. */
  compositionRate: z.string(),
  /** What the business issues: TAX INVOICE, or BILL OF SUPPLY (composition, unregistered: no tax charged). */
  documentTitle: z.enum(['TAX INVOICE', 'BILL OF SUPPLY']),
  /** Why there are no GST returns to file (null for a regular registration). */
  returnsNote: z.string().nullable(),
});
export type GstRegistration = z.infer<typeof GstRegistration>;
export const GstRegistrationResponse = ok(GstRegistration);

/** The composition rates of s.10 and Rule 7: traders and manufacturers 1 %, restaurants 5 %, other services 6 %. */
export const COMPOSITION_RATES = ['1', '5', '6'] as const;

/**
 * PUT report/gst-registration: the business's GSTIN and how it is registered. Adding a GSTIN asks for its type
 * (REGULAR or COMPOSITION); UNREGISTERED carries no GSTIN (sending it without one removes the GSTIN).
 */
export const UpdateGstRegistrationRequest = z
  .strictObject({
    gstin: optional(Gstin),
    registrationType: SellerRegistrationType,
    compositionRate: optional(
      z.union([z.string(), z.number()]).transform((v) => String(v).trim()).refine((v) => (COMPOSITION_RATES as readonly string[]).includes(v), {
        message: `Composition rate must be one of ${COMPOSITION_RATES.join(', ')} %`,
      }),
    ),
  })
  .superRefine((b, ctx) => refineRegistration(b, ctx));
export interface UpdateGstRegistrationRequest {
  gstin?: string | null;
  registrationType: SellerRegistrationType;
  compositionRate?: string | number | null;
}

export const BranchAddress = z.object({
  street: PersonName('Street', 200),
  city: PersonName('City', 80),
  stateCode: StateCode,
  pin: Pin,
});
export type BranchAddress = z.infer<typeof BranchAddress>;

const branchFields = {
  name: PersonName('Branch name', 80),
  phone: optional(MobileNumber),
  email: optional(Email),
  gstin: optional(Gstin),
  /** Required with a GSTIN (REGULAR or COMPOSITION); without one it is not read (the business's type applies). */
  registrationType: optional(SellerRegistrationType),
  address: BranchAddress,
  invoicePrefix: optional(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9/-]{1,8}$/, 'Invoice prefix: up to 8 letters, digits, "/" or "-"'),
  ),
  isDefault: z.boolean().optional(),
};

/** A GSTIN belongs to one state: its first two digits must be the branch's state code. */
const gstinMatchesState = <T extends { gstin?: string; address: { stateCode: string } }>(b: T, ctx: z.RefinementCtx) => {
  if (b.gstin && stateCodeFromGstin(b.gstin) !== b.address.stateCode) {
    ctx.addIssue({
      code: 'custom',
      path: ['gstin'],
      message: `GSTIN starts with ${stateCodeFromGstin(b.gstin)}, which does not match the branch's state`,
    });
  }
};

export const CreateBranchRequest = z
  .object(branchFields)
  .superRefine(gstinMatchesState)
  // Without a GSTIN the branch issues under the business's registration, whatever type is sent.
  .superRefine((b, ctx) => {
    if (b.gstin) refineRegistration(b, ctx);
  });
export type CreateBranchRequest = z.input<typeof CreateBranchRequest>;
export const UpdateBranchRequest = CreateBranchRequest;
export type UpdateBranchRequest = CreateBranchRequest;

export const Branch = z.object({
  id: Id,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
  /** With its own GSTIN: how that is registered; null: the branch issues under the business's registration. */
  registrationType: z.enum(['REGULAR', 'COMPOSITION']).nullable().default(null),
  /** The first branch, made at sign-up, has no address until the owner fills it in. */
  address: z.object({
    street: z.string().nullable(),
    city: z.string().nullable(),
    stateCode: z.string().nullable(),
    pin: z.string().nullable(),
  }),
  invoicePrefix: z.string().nullable(),
  isDefault: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Branch = z.infer<typeof Branch>;

export const BranchListQuery = z.object({ q: z.string().trim().max(100).optional() });
export const BranchListResponse = ok(z.array(Branch));
export const BranchResponse = ok(Branch);
export const SetActiveBranchRequest = z.object({ branchId: Id });

/** The cookie the client reads to know the active branch; the server keeps the truth in the session. */
export const ACTIVE_BRANCH_COOKIE = 'bahi_branch';
