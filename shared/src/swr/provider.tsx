import { useEffect, type ReactNode } from 'react';
import { SWRConfig, unstable_serialize, useSWRConfig, type Cache, type Middleware, type ScopedMutator } from 'swr';
import { sessionHasEnded } from '../session';
import { swrCache, type CacheArea, type ExpiringCache } from './index';

let boundMutate: ScopedMutator | null = null;
let boundCache: Cache | null = null;

/** Counts which keys are in use, so the cache can forget unused ones after 60 s. */
export const trackUse =
  (cache: ExpiringCache): Middleware =>
  (useSWRNext) =>
  (key, fetcher, config) => {
    const serialized = key ? unstable_serialize(key) : null;
    useEffect(() => {
      if (!serialized) return;
      cache.retain(serialized);
      return () => cache.release(serialized);
    }, [serialized]);
    return useSWRNext(key, fetcher, config);
  };

function MutateBridge() {
  const { mutate, cache } = useSWRConfig();
  boundMutate = mutate;
  boundCache = cache;
  return null;
}

/**
 * Forgets every cached answer: the next user must never see the previous one's data. Emptying each entry through
 * SWR first also clears it from screens still mounted and drops the answers of requests still on their way.
 */
export async function forgetCachedData(): Promise<void> {
  const cache = boundCache ?? swrCache;
  if (boundMutate) await boundMutate(() => true, undefined, { revalidate: false });
  for (const key of [...cache.keys()]) cache.delete(key);
}

/** Refreshes every cached entry of an area (after a successful create or update there). */
export async function revalidateArea(...areas: CacheArea[]): Promise<void> {
  if (!boundMutate) return;
  await boundMutate((key) => Array.isArray(key) && areas.includes(key[0] as CacheArea));
}

/**
 * After the active branch changes: refreshes every cached area (lists, details, reports all depend on the branch)
 * except the remote registry, whose refetch would reload the areas' code for nothing.
 */
export async function revalidateAfterBranchSwitch(): Promise<void> {
  if (!boundMutate) return;
  await boundMutate((key) => Array.isArray(key) && key[0] !== 'registry');
}

export function SwrProvider({ children, cache = swrCache }: { children: ReactNode; cache?: ExpiringCache }) {
  useEffect(() => {
    const timer = setInterval(() => cache.sweep(), 10_000);
    return () => clearInterval(timer);
  }, [cache]);
  return (
    <SWRConfig
      value={{
        provider: () => cache,
        use: [trackUse(cache)],
        revalidateOnFocus: true,
        dedupingInterval: 2_000,
        // A 4xx answer (a 401 above all) comes back the same on a retry.
        shouldRetryOnError: (err: { status?: number }) => !err?.status || err.status >= 500,
        errorRetryCount: 2,
        // After a 401 nothing is fetched or revalidated until the user signs in again.
        isPaused: sessionHasEnded,
      }}
    >
      <MutateBridge />
      {children}
    </SWRConfig>
  );
}
