import type { Cache, State } from 'swr';

/** The areas of the product; each tags its cache keys so one mutation can refresh a whole area. */
export type CacheArea =
  | 'session'
  | 'branches'
  | 'parties'
  | 'items'
  | 'sales'
  | 'quotations'
  | 'purchases'
  | 'expenses'
  | 'accounts'
  | 'reports'
  | 'registry'
  | 'users';

export type CacheKey = readonly [CacheArea, string, ...unknown[]];

/** `['parties', 'list', params]`, `['parties', 'detail', id]`. */
export function cacheKey(area: CacheArea, kind: string, ...params: unknown[]): CacheKey {
  return [area, kind, ...params] as const;
}

/** Unused cached query data is kept 60 seconds by default. */
export const UNUSED_CACHE_TTL_MS = 60_000;

/**
 * An SWR cache that forgets entries no component has used for `ttlMs`. Use is counted by the `trackUse`
 * middleware: a mounted hook holds its key; once the last one unmounts the clock starts.
 */
export class ExpiringCache implements Cache {
  private readonly entries = new Map<string, State>();
  private readonly users = new Map<string, number>();
  private readonly releasedAt = new Map<string, number>();

  constructor(
    readonly ttlMs = UNUSED_CACHE_TTL_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(key: string) {
    this.sweep();
    return this.entries.get(key);
  }
  set(key: string, value: State) {
    this.entries.set(key, value);
    if (!this.users.get(key)) this.releasedAt.set(key, this.now());
  }
  delete(key: string) {
    this.entries.delete(key);
    this.releasedAt.delete(key);
  }
  keys() {
    return this.entries.keys();
  }

  retain(key: string) {
    this.users.set(key, (this.users.get(key) ?? 0) + 1);
    this.releasedAt.delete(key);
  }
  release(key: string): void {
    const n = (this.users.get(key) ?? 1) - 1;
    if (n > 0) {
      this.users.set(key, n);
      return;
    }
    this.users.delete(key);
    this.releasedAt.set(key, this.now());
  }

  /** Drops every entry unused for longer than the time-to-live. */
  sweep() {
    const cutoff = this.now() - this.ttlMs;
    for (const [key, at] of this.releasedAt) {
      if (at <= cutoff) {
        this.entries.delete(key);
        this.releasedAt.delete(key);
      }
    }
  }
}

/** The module-level cache every remote shares (through the @bahi/shared singleton). */
export const swrCache = new ExpiringCache();
