import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../deps';
import type { Db } from '../../db/client';
import { rateLimitCounters } from '../../db/schema';

/**
 * The address the limits count: an IPv4 address as it is, an IPv6 address by its /64 (one customer's network
 * hands out a whole /64, so counting single IPv6 addresses would give one attacker billions of budgets).
 */
export function clientAddressKey(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return v4;
  if (net.isIP(ip) !== 6) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Counts one request for a key in its fixed window and answers the count and the time left in the window. One
 * statement (insert or add one), so concurrent instances never lose a count.
 */
export async function countRequest(db: Db, key: string, windowMs: number, now: Date): Promise<{ current: number; ttl: number }> {
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimitCounters.key, rateLimitCounters.windowStart],
      set: { count: sql`${rateLimitCounters.count} + 1` },
    })
    .returning({ count: rateLimitCounters.count });
  return { current: row.count, ttl: windowStart.getTime() + windowMs - now.getTime() };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in the database (table rate_limit_counters), so a
 * limit holds across every API instance of one PostgreSQL. Fixed windows: at most twice the limit can pass around
 * a window's edge, which is fine for a limit meant to slow floods, not to count exactly.
 */
export function databaseRateLimitStore(db: Db, clock: Clock) {
  return class DatabaseRateLimitStore {
    incr(key: string, callback: IncrCallback, timeWindow: number) {
      countRequest(db, key, timeWindow, clock()).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child() {
      return new DatabaseRateLimitStore();
    }
  };
}
