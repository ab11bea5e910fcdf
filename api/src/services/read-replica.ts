import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { isDatabaseUnavailable } from '../errors';

/**
 * Reads from a streaming replica (READ_DATABASE_URL), docs/scaling.md "Reads from a replica".
 *
 * Lists, reports and GST returns may read a replica: it replays the primary's WAL a little later, so it may not
 * show the newest writes yet. The router keeps three promises:
 *
 * - Read-your-writes: after a write, the writer's reads stay on the primary until the replica has replayed past
 *   the primary's WAL position taken after that write committed (kept per session in memory, and in a cookie so
 *   that another instance knows it too).
 * - Bounded staleness for everyone: a replica more than `maxLagMs` behind is not read.
 * - Availability: a replica that cannot be reached is left alone for `retryMs`, its reads go to the primary, and a
 *   read that fails on it for that reason is run again on the primary.
 */

/** A WAL position (pg_lsn) as a number: `16/B374D848` -> 0x16B374D848. */
export function parseLsn(text: string | null | undefined): bigint | null {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text?.trim() ?? '');
  return m ? (BigInt(`0x${m[1]}`) << 32n) + BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** What the replica says about itself. */
export interface ReplicaStatus {
  /** The last WAL position it replayed; null when it is not in recovery (promoted: not a replica any more). */
  replayLsn: bigint | null;
}

/** Asks the replica how far it has replayed. */
export async function queryReplicaStatus(replica: Db): Promise<ReplicaStatus> {
  const result = await replica.execute(sql`select pg_last_wal_replay_lsn()::text as replay`);
  const row = (result as unknown as { rows: { replay: string | null }[] }).rows[0];
  return { replayLsn: parseLsn(row?.replay) };
}

/** The primary's WAL position now: after a commit, at or past that commit's record. */
export async function queryPrimaryLsn(primary: Db): Promise<bigint> {
  const result = await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`);
  const lsn = parseLsn((result as unknown as { rows: { lsn: string }[] }).rows[0]?.lsn);
  if (lsn === null) throw new Error('The primary did not answer its WAL position');
  return lsn;
}

export interface ReplicaRouterOptions {
  primary: Db;
  replica: Db;
  /** A replica further behind than this is not read (READ_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** After the replica could not be reached, how long its reads go to the primary before it is tried again. */
  retryMs: number;
  /** How long the replica's status is reused before it is asked again. */
  statusTtlMs?: number;
  now?: () => number;
  replicaStatus?: (replica: Db) => Promise<ReplicaStatus>;
  primaryLsn?: (primary: Db) => Promise<bigint>;
  /** Told when the replica is left alone after a failure, and when it is read again. */
  onState?: (state: 'up' | 'down', error?: unknown) => void;
}

/** Why a read went where it went (tests and the log read it). */
export type ReadTarget =
  | { to: 'replica' }
  | { to: 'primary'; because: 'down' | 'lagging' | 'not-replayed' | 'not-in-recovery' };

/** Sessions whose last write is remembered in memory; past this the oldest are forgotten (the cookie still says). */
const MAX_SESSIONS = 50_000;

/** Everything larger than any position a write could be at: a write whose position is unknown keeps reads on the primary. */
const UNKNOWN_LSN = 0xffffffffffffffffn;

export class ReplicaRouter {
  private status: { value: KnownStatus; at: number } | null = null;
  private refreshing: Promise<KnownStatus> | null = null;
  private downUntil = 0;
  /**
   * When the replica was last seen to have replayed everything the primary had written a moment before: its data is
   * at most this old. Null until it has been seen caught up once.
   */
  private caughtUpAt: number | null = null;
  private readonly sessions = new Map<string, { lsn: bigint; at: number }>();
  private readonly now: () => number;
  private readonly statusTtlMs: number;

  constructor(private readonly options: ReplicaRouterOptions) {
    this.now = options.now ?? Date.now;
    this.statusTtlMs = options.statusTtlMs ?? 250;
  }

  get replica() {
    return this.options.replica;
  }

  get primary() {
    return this.options.primary;
  }

  /** How long a write keeps its writer's reads on the primary at most (the cookie's Max-Age). */
  get pinMs() {
    return Math.max(60_000, 2 * this.options.maxLagMs);
  }

  /**
   * After a write committed: the primary's WAL position now, remembered for the session (when there is one) and
   * answered for the cookie. When the primary cannot say, the session reads the primary for `pinMs`.
   */
  async wrote(sessionId: string | null): Promise<bigint> {
    let lsn: bigint;
    try {
      lsn = await (this.options.primaryLsn ?? queryPrimaryLsn)(this.options.primary);
    } catch {
      lsn = UNKNOWN_LSN;
    }
    const at = this.now();
    if (sessionId) {
      this.sessions.delete(sessionId);
      if (this.sessions.size >= MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value!);
      this.sessions.set(sessionId, { lsn, at });
    }
    return lsn;
  }

  /** The position a session's reads must see: its last write here, or the one its cookie carries (another instance's). */
  private required(sessionId: string | null, cookieLsn: bigint | null): bigint | null {
    let lsn = cookieLsn;
    const kept = sessionId ? this.sessions.get(sessionId) : undefined;
    if (kept) {
      if (this.now() - kept.at > this.pinMs) this.sessions.delete(sessionId!);
      else if (lsn === null || kept.lsn > lsn) lsn = kept.lsn;
    }
    return lsn;
  }

  /** Where a read of this session goes now. */
  async target(sessionId: string | null, cookieLsn: bigint | null): Promise<ReadTarget> {
    if (this.now() < this.downUntil) return { to: 'primary', because: 'down' };
    let status: KnownStatus;
    try {
      status = await this.currentStatus();
    } catch {
      return { to: 'primary', because: 'down' };
    }
    if (status.replayLsn === null) return { to: 'primary', because: 'not-in-recovery' };
    if (status.lagMs > this.options.maxLagMs) return { to: 'primary', because: 'lagging' };
    const required = this.required(sessionId, cookieLsn);
    if (required !== null && status.replayLsn < required) return { to: 'primary', because: 'not-replayed' };
    return { to: 'replica' };
  }

  /**
   * Runs a read where `target` says; a read the replica fails because it cannot serve (down, restarting, a query
   * cancelled by a conflict with recovery) runs again on the primary. Answers where it was answered from.
   */
  async read<T>(sessionId: string | null, cookieLsn: bigint | null, run: (db: Db) => Promise<T>): Promise<{ value: T; from: 'primary' | 'replica' }> {
    const target = await this.target(sessionId, cookieLsn);
    if (target.to === 'primary') return { value: await run(this.options.primary), from: 'primary' };
    try {
      return { value: await run(this.options.replica), from: 'replica' };
    } catch (e) {
      if (!isReplicaFailure(e)) throw e;
      if (isDatabaseUnavailable(e)) this.markDown(e);
      return { value: await run(this.options.primary), from: 'primary' };
    }
  }

  /** The replica's failure: its reads go to the primary until `retryMs` has passed. */
  markDown(error?: unknown) {
    const wasUp = this.now() >= this.downUntil;
    this.downUntil = this.now() + this.options.retryMs;
    this.status = null;
    if (wasUp) this.options.onState?.('down', error);
  }

  /**
   * The primary's WAL position first, then the replica's replay position: a replica at or past it had everything
   * the primary had written when it was asked. Its lag is the time since it was last seen so (0 now). Comparing
   * positions, not the replica's own receive/replay positions and replay timestamp, also counts a replica whose WAL
   * receiver is cut, and does not count an idle replica whose received WAL ends mid-record. When the primary cannot
   * say, the replica ages from the last time it was seen caught up.
   */
  private async readStatus(): Promise<KnownStatus> {
    const asked = this.now();
    const primaryLsn = await (this.options.primaryLsn ?? queryPrimaryLsn)(this.options.primary).catch(() => null);
    const { replayLsn } = await (this.options.replicaStatus ?? queryReplicaStatus)(this.options.replica);
    if (replayLsn !== null && primaryLsn !== null && replayLsn >= primaryLsn) this.caughtUpAt = asked;
    const lagMs = this.caughtUpAt === null ? Number.POSITIVE_INFINITY : Math.max(0, this.now() - this.caughtUpAt);
    return { replayLsn, lagMs };
  }

  private async currentStatus(): Promise<KnownStatus> {
    if (this.status && this.now() - this.status.at < this.statusTtlMs) return this.status.value;
    if (!this.refreshing) {
      const wasDown = this.downUntil > 0;
      this.refreshing = this.readStatus()
        .then((value) => {
          this.status = { value, at: this.now() };
          if (wasDown) {
            this.downUntil = 0;
            this.options.onState?.('up');
          }
          return value;
        })
        .catch((e: unknown) => {
          this.markDown(e);
          throw e;
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }
}

/** The replica's replay position, and how old its data may be. */
interface KnownStatus extends ReplicaStatus {
  lagMs: number;
}

/**
 * A replica's failure that the primary would not have: it cannot be reached or cannot serve, or a standby cancelled
 * the query for a conflict with recovery (40001, or 57014 when max_standby_streaming_delay cut it off).
 */
function isReplicaFailure(e: unknown): boolean {
  if (isDatabaseUnavailable(e)) return true;
  for (let cur = e as { code?: unknown; cause?: unknown } | undefined, i = 0; cur && i < 5; cur = cur.cause as typeof cur, i++) {
    if (cur.code === '40001' || cur.code === '57014') return true;
  }
  return false;
}
