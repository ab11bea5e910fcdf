import { createHash, randomBytes } from 'node:crypto';
import type { SellerRegistrationType } from '@bahi/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, Tx } from '../../db/client';
import { businesses, sessions, storeBranches, userBranches, users, type UserRole } from '../../db/schema';
import type { ReadCache } from '../read-cache';
import { preparedPerDatabase } from '../../db/lists';

/** Touching last_seen_at on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

export interface AuthContext {
  sessionId: string;
  businessId: string;
  activeBranchId: string | null;
  /** The active branch as it is now (null when the session has none, or it is gone): read with the session. */
  activeBranch: { id: string; name: string } | null;
  /**
   * `branchIds`: the branches the user works at, or null for every branch (users.all_branches, else the rows of
   * user_branches). A restricted user reads and writes only those branches; another one answers 404.
   */
  user: { id: string; name: string; mobile: string; role: UserRole; branchIds: string[] | null };
  business: { id: string; name: string; gstin: string | null; stateCode: string | null; registrationType: SellerRegistrationType };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Starts a session: a new random 256-bit token (only its hash is stored). Answers the token for the cookie. */
export async function createSession(
  tx: Db | Tx,
  init: { userId: string; businessId: string; activeBranchId: string | null },
  now: Date,
  config: AppConfig['session'],
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(sessions).values({
    id: hashToken(token),
    ...init,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + config.absoluteDays * 86_400_000),
  });
  return token;
}

/** Everything a signed-in request needs, in one query: it runs before every handler (when the read cache misses). */
const sessionQuery = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      user: users,
      business: businesses,
      branchId: storeBranches.id,
      branchName: storeBranches.name,
      userBranchIds: sql<string[]>`(select coalesce(array_agg(${userBranches.branchId}::text order by ${userBranches.branchId}), '{}'::text[])
        from ${userBranches} where ${userBranches.businessId} = ${users.businessId} and ${userBranches.userId} = ${users.id})`,
    })
    .from(sessions)
    // A deactivated user's sessions are deleted with the deactivation; this join refuses one all the same.
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.active, true)))
    .innerJoin(businesses, eq(businesses.id, sessions.businessId))
    .leftJoin(storeBranches, and(eq(storeBranches.businessId, sessions.businessId), eq(storeBranches.id, sessions.activeBranchId)))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('resolve_session'),
);

/** Signed-in sessions kept in memory while the change feed is heard (services/read-cache.ts). */
export type SessionCache = ReadCache<AuthContext>;

/**
 * The session a cookie's token names, or null when there is none or it has timed out (idle or absolute); a
 * timed-out session is deleted. From `cache` when it holds the session (no database round trip), else read and kept.
 */
export async function resolveSession(
  db: Db,
  token: string,
  now: Date,
  config: AppConfig['session'],
  cache?: SessionCache,
): Promise<AuthContext | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  let session = cache?.getSession(id);
  if (!session) {
    const ticket = cache?.sessionTicket() ?? null;
    const [row] = await sessionQuery(db).execute({ id });
    if (!row) return null;
    const { user, business } = row;
    const branchIds = user.allBranches ? null : row.userBranchIds;
    // A restricted user's active branch is one of theirs: else the session has none (lists and documents then use
    // their first branch).
    const activeAllowed = row.branchId !== null && (branchIds === null || branchIds.includes(row.branchId));
    session = {
      business: row.session.businessId,
      lastSeenAt: row.session.lastSeenAt.getTime(),
      expiresAt: row.session.expiresAt.getTime(),
      value: {
        sessionId: id,
        businessId: row.session.businessId,
        activeBranchId: activeAllowed ? row.session.activeBranchId : (branchIds?.[0] ?? null),
        activeBranch: activeAllowed && row.branchId !== null && row.branchName !== null ? { id: row.branchId, name: row.branchName } : null,
        user: { id: user.id, name: user.name, mobile: user.mobile, role: user.role, branchIds },
        business: { id: business.id, name: business.name, gstin: business.gstin, stateCode: business.stateCode, registrationType: business.registrationType },
      },
    };
    cache?.putSession(id, session, ticket);
  }
  const idleLimit = session.lastSeenAt + config.idleMinutes * 60_000;
  if (now.getTime() >= session.expiresAt || now.getTime() >= idleLimit) {
    cache?.dropSession(id);
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    cache?.touchSession(id, now.getTime());
  }
  return session.value;
}

/** Ends the session a cookie's token names, if there is one (logout, or a new login on the same browser). */
export async function deleteSessionByToken(db: Db, token: string, cache?: SessionCache): Promise<void> {
  if (token.length > 200) return;
  const id = hashToken(token);
  // Before: no request is answered from memory meanwhile. After: a lookup that read the row before the delete
  // committed is not kept (dropping also voids lookups in flight).
  cache?.dropSession(id);
  await db.delete(sessions).where(eq(sessions.id, id));
  cache?.dropSession(id);
}

export async function setActiveBranch(db: Db, sessionId: string, branchId: string): Promise<void> {
  await db.update(sessions).set({ activeBranchId: branchId }).where(eq(sessions.id, sessionId));
}
