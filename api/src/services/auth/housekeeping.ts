import { lt, or, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { otpChallenges, otpSends, rateLimitCounters, sessions } from '../../db/schema';

/** Challenges are kept a day after they start, so a late "verify" still gets a clear answer. */
const CHALLENGE_RETENTION_MS = 86_400_000;

/**
 * Deletes what no rule needs any more: sends older than every limit's window, old challenges, timed-out sessions,
 * request counters of past windows.
 */
export async function purgeExpiredAuthData(db: Db, now: Date, config: Pick<AppConfig, 'session' | 'otp'>): Promise<void> {
  const sendWindowMs = Math.max(3600_000, config.otp.phoneWindowMinutes * 60_000);
  await db.delete(otpSends).where(lt(otpSends.sentAt, new Date(now.getTime() - sendWindowMs)));
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, new Date(now.getTime() - 3600_000)));
  await db.delete(otpChallenges).where(lt(otpChallenges.createdAt, new Date(now.getTime() - CHALLENGE_RETENTION_MS)));
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - config.session.idleMinutes * 60_000))));
}

/** How often the embedded database's planner statistics are refreshed (PGlite has no autovacuum to do it). */
export const PLANNER_STATISTICS_INTERVAL_MS = 60 * 60_000;

/**
 * Refreshes the planner's statistics of every table (ANALYZE samples at most 30,000 rows a table). PostgreSQL's
 * autovacuum does this by itself; PGlite never does, and with the sizes of an empty database the planner chose a
 * sequential scan of 10,000 rows for a search the trigram index answers in a millisecond (bench/README.md).
 */
export async function refreshPlannerStatistics(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}
