import { z } from 'zod';
import { stateCodeFromGstin } from '../india';
import { Email, Gstin, Id, MobileNumber, PersonName, Pin, StateCode, ok, optional } from './common';

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

export const CreateBranchRequest = z.object(branchFields).superRefine(gstinMatchesState);
export type CreateBranchRequest = z.input<typeof CreateBranchRequest>;
export const UpdateBranchRequest = CreateBranchRequest;
export type UpdateBranchRequest = CreateBranchRequest;

export const Branch = z.object({
  id: Id,
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
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

/** The cookie the client reads to know the active branch (seed §6); the server keeps the truth in the session. */
export const ACTIVE_BRANCH_COOKIE = 'bahi_branch';
