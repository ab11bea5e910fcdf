import { z } from 'zod';
import { Id, MobileNumber, PersonName, ok } from './common';
import { ROLES, ROLE_LABELS, RoleSchema } from './roles';

/** The permission that managing a business's users needs (OWNER and ADMIN hold it). */
export const USERS_MANAGE = 'users.manage';

const RoleField = z.enum(ROLES, { error: `Role must be one of ${ROLES.map((r) => ROLE_LABELS[r]).join(', ')}` });

/** At most this many branches named for one user (a business has far fewer). */
const MAX_USER_BRANCHES = 500;
const BranchIds = z
  .array(Id, { error: 'Branches must be a list of branch ids' })
  .max(MAX_USER_BRANCHES, `At most ${MAX_USER_BRANCHES} branches`)
  .transform((ids) => [...new Set(ids)]);

/**
 * Where a user may work: every branch of the business (`allBranches: true`, also new branches), or only the
 * branches listed (at least one).
 */
function refineBranches(v: { branchIds?: string[]; allBranches?: boolean }, ctx: z.RefinementCtx, required: boolean) {
  if (v.allBranches === true) {
    if (v.branchIds && v.branchIds.length > 0) {
      ctx.addIssue({ code: 'custom', path: ['branchIds'], message: 'Choose either all branches or some branches, not both' });
    }
    return;
  }
  if (v.branchIds === undefined) {
    if (required || v.allBranches === false) {
      ctx.addIssue({ code: 'custom', path: ['branchIds'], message: 'Choose the branches this user works at, or all branches' });
    }
    return;
  }
  if (v.branchIds.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['branchIds'], message: 'Choose at least one branch, or all branches' });
  }
}

export const InviteUserRequest = z
  .object({
    name: PersonName('Name', 80),
    mobileNumber: MobileNumber,
    role: RoleField,
    branchIds: BranchIds.optional(),
    allBranches: z.boolean({ error: 'allBranches must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => refineBranches(v, ctx, true));
export type InviteUserRequest = z.input<typeof InviteUserRequest>;

/** Only what is sent changes; the branches change when `branchIds` or `allBranches` is sent. */
export const UpdateUserRequest = z
  .object({
    name: PersonName('Name', 80).optional(),
    role: RoleField.optional(),
    branchIds: BranchIds.optional(),
    allBranches: z.boolean({ error: 'allBranches must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => refineBranches(v, ctx, false));
export type UpdateUserRequest = z.input<typeof UpdateUserRequest>;

export const BusinessUser = z.object({
  id: Id,
  name: z.string(),
  mobileNumber: z.string(),
  role: RoleSchema,
  active: z.boolean(),
  /** Every branch of the business; else only `branches`. */
  allBranches: z.boolean(),
  branches: z.array(z.object({ id: Id, name: z.string() })),
  /** When they last signed in to this business (ISO), null when never. */
  lastSignedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BusinessUser = z.infer<typeof BusinessUser>;
export const BusinessUserResponse = ok(BusinessUser);
export const BusinessUserListResponse = ok(z.array(BusinessUser));

/** A business the signed-in mobile number is an active user of, with its role there. */
export const MemberBusiness = z.object({ id: Id, name: z.string(), role: RoleSchema });
export type MemberBusiness = z.infer<typeof MemberBusiness>;
export const MemberBusinessListResponse = ok(z.array(MemberBusiness));

export const SwitchBusinessRequest = z.object({ businessId: Id });
export type SwitchBusinessRequest = z.input<typeof SwitchBusinessRequest>;
