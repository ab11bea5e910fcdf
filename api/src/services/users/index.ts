/**
 * The users of a business: invite, change (name, role, branches), deactivate and activate. Only an OWNER or ADMIN
 * manages users; an ADMIN never makes or changes an OWNER; a business always keeps at least one active OWNER.
 */
import {
  USERS_MANAGE,
  type BusinessUser,
  type InviteUserRequest,
  type Role,
  type UpdateUserRequest,
} from '@bahi/shared/contracts';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { UUID } from '../../db/ids';
import { businesses, sessions, users } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, conflict, notFound, pgErrorCode } from '../../errors';
import type { AuthContext } from '../auth/sessions';
import { branchesOfUsers, setUserBranches } from './branches';

export { setUserBranches } from './branches';

export const NO_PERMISSION = `You do not have permission: ${USERS_MANAGE}`;
export const USER_NOT_FOUND = 'User not found';
export const ONLY_OWNER_MANAGES_OWNERS = 'Only an owner can make or change an owner';
export const LAST_OWNER = 'A business needs at least one active owner: make another user an owner first';

type UserRow = typeof users.$inferSelect;
type Invite = z.output<typeof InviteUserRequest>;
type Update = z.output<typeof UpdateUserRequest>;

const MANAGERS: readonly Role[] = ['OWNER', 'ADMIN'];

/** Answers 403 unless the signed-in user may manage users (OWNER or ADMIN). */
export function assertManagesUsers(auth: AuthContext): void {
  if (!MANAGERS.includes(auth.user.role)) throw new HttpError(403, NO_PERMISSION);
}

function toUser(row: UserRow, branches: { id: string; name: string }[] | undefined): BusinessUser {
  return {
    id: row.id,
    name: row.name,
    mobileNumber: row.mobile,
    role: row.role,
    active: row.active,
    allBranches: row.allBranches,
    branches: row.allBranches ? [] : (branches ?? []),
    lastSignedInAt: row.lastSignedInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Active users first, then by name. */
export async function listUsers(db: Db, businessId: string): Promise<BusinessUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(eq(users.businessId, businessId))
    .orderBy(desc(users.active), asc(sql`lower(${users.name})`), asc(users.id));
  const branches = await branchesOfUsers(db, businessId);
  return rows.map((r) => toUser(r, branches.get(r.id)));
}

async function getUser(db: Db | Tx, businessId: string, id: string): Promise<BusinessUser> {
  const [row] = await db.select().from(users).where(and(eq(users.businessId, businessId), eq(users.id, id)));
  if (!row) throw notFound(USER_NOT_FOUND);
  const branches = await branchesOfUsers(db, businessId);
  return toUser(row, branches.get(row.id));
}

/**
 * One transaction of user management: the business's row is locked first, so two changes of its users run one
 * after the other (two owners demoting each other at once cannot leave the business without one).
 */
async function managing<T>(deps: Deps, auth: AuthContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  assertManagesUsers(auth);
  const businessId = auth.businessId;
  // Before the commit no request answers from sessions kept in memory meanwhile; after it, none kept before it.
  deps.readCache.wrote(businessId);
  try {
    return await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${businesses} where id = ${businessId} for no key update`);
      return work(tx);
    });
  } finally {
    deps.readCache.wrote(businessId);
  }
}

async function lockedUser(tx: Tx, businessId: string, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw notFound(USER_NOT_FOUND);
  const [row] = await tx.select().from(users).where(and(eq(users.businessId, businessId), eq(users.id, id))).for('update');
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** 409 when `target` is the business's only active OWNER (and is about to stop being one). */
async function assertAnotherOwner(tx: Tx, businessId: string, target: UserRow): Promise<void> {
  if (target.role !== 'OWNER' || !target.active) return;
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.businessId, businessId), eq(users.role, 'OWNER'), eq(users.active, true), ne(users.id, target.id)))
    .limit(1);
  if (!other) throw conflict(LAST_OWNER);
}

/** An ADMIN may not give the OWNER role, nor change or (de)activate an OWNER. */
function assertMayTouch(auth: AuthContext, target: { role: Role } | null, newRole?: Role) {
  if (auth.user.role === 'OWNER') return;
  if (target?.role === 'OWNER' || newRole === 'OWNER') throw new HttpError(403, ONLY_OWNER_MANAGES_OWNERS, newRole === 'OWNER' ? 'role' : undefined);
}

/**
 * Adds a user to the business: they log in with their mobile number's OTP, as anyone does. A number that is
 * already a user of this business answers 409; one of another business is fine (the same person in two shops).
 */
export async function inviteUser(deps: Deps, auth: AuthContext, input: Invite): Promise<BusinessUser> {
  return managing(deps, auth, async (tx) => {
    assertMayTouch(auth, null, input.role);
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.businessId, auth.businessId), eq(users.mobile, input.mobileNumber)));
    if (existing) throw conflict(alreadyAUser(input.mobileNumber), 'mobileNumber');
    let row: UserRow;
    try {
      [row] = await tx
        .insert(users)
        .values({ businessId: auth.businessId, name: input.name, mobile: input.mobileNumber, role: input.role, createdAt: deps.clock() })
        .returning();
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw conflict(alreadyAUser(input.mobileNumber), 'mobileNumber');
      throw e;
    }
    await setUserBranches(tx, auth.businessId, row.id, input.allBranches ? null : (input.branchIds ?? []));
    return getUser(tx, auth.businessId, row.id);
  });
}

const alreadyAUser = (mobile: string) => `${mobile} is already a user of this business`;

export async function updateUser(deps: Deps, auth: AuthContext, id: string, input: Update): Promise<BusinessUser> {
  return managing(deps, auth, async (tx) => {
    const target = await lockedUser(tx, auth.businessId, id);
    assertMayTouch(auth, target, input.role);
    if (input.role !== undefined && input.role !== 'OWNER') await assertAnotherOwner(tx, auth.businessId, target);
    const changes: Partial<UserRow> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.role !== undefined) changes.role = input.role;
    if (Object.keys(changes).length) {
      await tx.update(users).set(changes).where(and(eq(users.businessId, auth.businessId), eq(users.id, target.id)));
    }
    if (input.allBranches === true) await setUserBranches(tx, auth.businessId, target.id, null);
    else if (input.branchIds !== undefined) await setUserBranches(tx, auth.businessId, target.id, input.branchIds);
    return getUser(tx, auth.businessId, target.id);
  });
}

/**
 * Deactivating ends every session of the user at once (their next request answers 401) and stops their logins;
 * activating lets them log in again. Nobody deactivates themselves, nor the last active OWNER.
 */
export async function setUserActive(deps: Deps, auth: AuthContext, id: string, active: boolean): Promise<BusinessUser> {
  return managing(deps, auth, async (tx) => {
    const target = await lockedUser(tx, auth.businessId, id);
    assertMayTouch(auth, target);
    if (!active) {
      if (target.id === auth.user.id) throw conflict('You cannot deactivate yourself');
      await assertAnotherOwner(tx, auth.businessId, target);
    }
    await tx.update(users).set({ active }).where(and(eq(users.businessId, auth.businessId), eq(users.id, target.id)));
    if (!active) await tx.delete(sessions).where(and(eq(sessions.businessId, auth.businessId), eq(sessions.userId, target.id)));
    return getUser(tx, auth.businessId, target.id);
  });
}
