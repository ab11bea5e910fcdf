import { useMemo } from 'react';
import useSWR from 'swr';
import { cacheKey, shellApi } from '@bahi/shared';
import { registerShellRemotes } from './federation';
import { applyOverrides, type RemoteOverride, type ResolvedRegistry } from './overrides';
import { buildRouteTable, type RouteTable } from './route-table';

/** The registry's answer with this browser's overrides applied. */
export async function fetchRegistry(): Promise<ResolvedRegistry> {
  return applyOverrides(await shellApi.remotes());
}

/**
 * Makes the remotes known to the module-federation runtime (nothing is downloaded yet). Idempotent, so it is
 * safe to run whenever the answer is used; listeners of remote statuses hear of it after render.
 */
function register({ registry, overrides }: ResolvedRegistry) {
  try {
    registerShellRemotes(registry.remotes, new Set(overrides.map((o) => o.name)));
  } catch (e) {
    // The routes still render: each remote route then shows its own boundary instead of a blank shell.
    console.error('[bahi] could not register remotes', e);
  }
}

const NO_OVERRIDES: RemoteOverride[] = [];

/** The remotes enabled for the signed-in business, fetched once per session, as routes and sidebar entries. */
export function useRegistry() {
  const swr = useSWR(cacheKey('registry', 'remotes'), fetchRegistry, {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const table = useMemo<RouteTable | null>(() => {
    if (!swr.data) return null;
    register(swr.data);
    return buildRouteTable(swr.data.registry);
  }, [swr.data]);
  return {
    table,
    overrides: swr.data?.overrides ?? NO_OVERRIDES,
    error: swr.error as unknown,
    isLoading: !swr.data && !swr.error,
    retry: () => swr.mutate(),
  };
}
