/**
 * The read cache (docs/architecture.md "Read cache"): signed-in sessions and the answers of the list
 * endpoints kept in this process's memory, so a repeated read costs no database round trip.
 *
 * It is correct only while this process hears the database's change feed (migration 0023: every committed write
 * of a business's rows notifies `data:<business>` or `session:<business>` on channel `bahi_changes`). Each business
 * has a generation that a change raises; an entry is served only while its business's generation is the one it was
 * read under. A read that was in flight when a change came in is not stored (its ticket no longer matches), so a
 * snapshot older than a change can never be cached after it. Without the feed (not started, or its connection
 * lost) nothing is served or stored, and everything kept before is dropped.
 *
 * Writes answered by this process raise the generation themselves before their answer leaves, so a user always
 * reads their own writes here without waiting for the notification.
 */

/** One notification of the change feed: a business's rows (or its sessions) changed; '*': every business's. */
export interface Change {
  kind: 'data' | 'session';
  business: string;
}

export const CHANGE_CHANNEL = 'bahi_changes';

/** `data:<uuid>`, `session:<uuid>` or `data:*`; anything else is not a change this code knows (null). */
export function parseChange(payload: string): Change | null {
  const at = payload.indexOf(':');
  const kind = payload.slice(0, at);
  const business = payload.slice(at + 1);
  if (at < 0 || (kind !== 'data' && kind !== 'session') || !business) return null;
  return { kind, business };
}

/** What a read noted before it went to the database; it is stored only if nothing changed meanwhile. */
export interface ReadTicket {
  epoch: number;
  generation: number;
}

export interface CachedSession<T> {
  value: T;
  business: string;
  lastSeenAt: number;
  expiresAt: number;
}

interface SessionEntry<T> extends CachedSession<T> {
  epoch: number;
  generation: number;
  storedAt: number;
}

export interface CachedResponse {
  body: string;
  contentType: string;
}

interface ResponseEntry extends CachedResponse {
  business: string;
  epoch: number;
  generation: number;
  storedAt: number;
}

export interface ReadCacheLimits {
  /** Characters of answers kept at most; the least recently used go first. */
  maxResponseChars: number;
  /** A larger answer is not kept at all. */
  maxEntryChars: number;
  maxSessions: number;
  /** A safety net: nothing is served longer than this after it was read, change feed or not. */
  maxAgeMs: number;
  /** Businesses whose generations are tracked before the maps are started afresh (memory bound). */
  maxBusinesses: number;
}

export const DEFAULT_READ_CACHE_LIMITS: ReadCacheLimits = {
  maxResponseChars: 32 * 1024 * 1024,
  maxEntryChars: 1024 * 1024,
  maxSessions: 20_000,
  maxAgeMs: 60_000,
  maxBusinesses: 100_000,
};

export class ReadCache<S = unknown> {
  private live = false;
  /** Raised when everything kept becomes invalid: the feed started or was lost, a shared table changed. */
  private epoch = 0;
  private readonly dataGenerations = new Map<string, number>();
  private readonly sessionGenerations = new Map<string, number>();
  /** Raised by every session change of any business: a session read in flight is then not stored. */
  private sessionChanges = 0;
  private readonly sessions = new Map<string, SessionEntry<S>>();
  private readonly responses = new Map<string, ResponseEntry>();
  private responseChars = 0;

  constructor(
    private readonly limits: ReadCacheLimits = DEFAULT_READ_CACHE_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the change feed is heard, so entries may be served and stored. */
  get enabled() {
    return this.live;
  }

  /** The feed is listening (again): whatever it may have missed is dropped, then the cache is used. */
  listening() {
    this.reset();
    this.live = true;
  }

  /** The feed's connection is lost: nothing is served until it listens again. */
  lost() {
    this.live = false;
    this.reset();
  }

  changed(change: Change) {
    if (change.business === '*') {
      this.reset();
      return;
    }
    this.raise(this.sessionGenerations, change.business);
    this.sessionChanges += 1;
    if (change.kind === 'data') this.raise(this.dataGenerations, change.business);
  }

  /** A write this process answered for the business: its data and sessions may have changed. */
  wrote(business: string) {
    this.changed({ kind: 'data', business });
  }

  get stats() {
    return { sessions: this.sessions.size, responses: this.responses.size, responseChars: this.responseChars };
  }

  // Sessions, by the hash of their token.

  sessionTicket(): ReadTicket | null {
    return this.live ? { epoch: this.epoch, generation: this.sessionChanges } : null;
  }

  getSession(id: string): CachedSession<S> | undefined {
    const entry = this.sessions.get(id);
    if (!entry) return undefined;
    if (
      !this.live ||
      entry.epoch !== this.epoch ||
      entry.generation !== (this.sessionGenerations.get(entry.business) ?? 0) ||
      this.now() - entry.storedAt > this.limits.maxAgeMs
    ) {
      this.sessions.delete(id);
      return undefined;
    }
    return entry;
  }

  putSession(id: string, session: CachedSession<S>, ticket: ReadTicket | null) {
    if (!ticket || !this.live || ticket.epoch !== this.epoch || ticket.generation !== this.sessionChanges) return;
    this.sessions.delete(id);
    if (this.sessions.size >= this.limits.maxSessions) this.sessions.delete(this.sessions.keys().next().value!);
    this.sessions.set(id, {
      ...session,
      epoch: this.epoch,
      generation: this.sessionGenerations.get(session.business) ?? 0,
      storedAt: this.now(),
    });
  }

  /**
   * This process moved a session's last activity in the database: what it keeps says so at once, not only when the
   * change feed's notification of that write arrives (a stale time would end an active session as idle).
   */
  touchSession(id: string, lastSeenAt: number) {
    const entry = this.sessions.get(id);
    if (entry) entry.lastSeenAt = lastSeenAt;
  }

  dropSession(id: string) {
    this.sessions.delete(id);
    this.sessionChanges += 1;
  }

  // Answers, by a key that names everything the answer depends on (the route's caller decides it).

  responseTicket(business: string): ReadTicket | null {
    return this.live ? { epoch: this.epoch, generation: this.dataGenerations.get(business) ?? 0 } : null;
  }

  getResponse(key: string, business: string): CachedResponse | undefined {
    const entry = this.responses.get(key);
    if (!entry) return undefined;
    if (
      !this.live ||
      entry.business !== business ||
      entry.epoch !== this.epoch ||
      entry.generation !== (this.dataGenerations.get(business) ?? 0) ||
      this.now() - entry.storedAt > this.limits.maxAgeMs
    ) {
      this.deleteResponse(key, entry);
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    this.responses.delete(key);
    this.responses.set(key, entry);
    return entry;
  }

  putResponse(key: string, business: string, ticket: ReadTicket, response: CachedResponse) {
    if (
      !this.live ||
      ticket.epoch !== this.epoch ||
      ticket.generation !== (this.dataGenerations.get(business) ?? 0) ||
      response.body.length > this.limits.maxEntryChars
    ) {
      return;
    }
    const previous = this.responses.get(key);
    if (previous) this.deleteResponse(key, previous);
    this.responses.set(key, { ...response, business, epoch: ticket.epoch, generation: ticket.generation, storedAt: this.now() });
    this.responseChars += response.body.length;
    for (const [oldest, entry] of this.responses) {
      if (this.responseChars <= this.limits.maxResponseChars) break;
      this.deleteResponse(oldest, entry);
    }
  }

  private deleteResponse(key: string, entry: ResponseEntry) {
    this.responses.delete(key);
    this.responseChars -= entry.body.length;
  }

  private raise(generations: Map<string, number>, business: string) {
    if (generations.size >= this.limits.maxBusinesses && !generations.has(business)) {
      this.reset();
      return;
    }
    generations.set(business, (generations.get(business) ?? 0) + 1);
  }

  private reset() {
    this.epoch += 1;
    this.dataGenerations.clear();
    this.sessionGenerations.clear();
    this.sessionChanges += 1;
    this.sessions.clear();
    this.responses.clear();
    this.responseChars = 0;
  }
}
