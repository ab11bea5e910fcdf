import { useMemo } from 'react';
import useSWR from 'swr';
import { cacheKey, shellApi } from '@bahi/shared';
import { preloadRemoteRoutes, registerShellRemotes } from './federation';
import { applyOverrides, type OverrideRequest, type RemoteOverride, type ResolvedRegistry } from './overrides';
import { buildRouteTable, routeAt, type RouteTable } from './route-table';

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

let early: Promise<ResolvedRegistry> | null = null;

/**
 * A page load on an inner page asks for the registry at once, beside the profile and the signed-in app's code,
 * and starts the code of the remote whose route is being opened as soon as the answer names it: no waterfall.
 * Nothing is preloaded while a link's override waits for the user's answer, and an overridden remote is left to
 * its route.
 */
export function startRegistryFetch(pathname: string): void {
  early = fetchRegistry();
  early
    .then((resolved) => {
      register(resolved);
      if (resolved.requests.length > 0) return;
      const route = routeAt(buildRouteTable(resolved.registry), pathname);
      if (route && !resolved.overrides.some((o) => o.name === route.remote.name)) preloadRemoteRoutes(route.remote.name);
    })
    .catch(() => undefined);
}

/** The answer asked for at page load if there is one (once), else a new request. */
function registryFetcher(): Promise<ResolvedRegistry> {
  const started = early;
  early = null;
  // Asked before the sign-in that followed, it failed with 401: ask again.
  return started ? started.catch(() => fetchRegistry()) : fetchRegistry();
}

const NO_OVERRIDES: RemoteOverride[] = [];
const NO_REQUESTS: OverrideRequest[] = [];

/** The remotes enabled for the signed-in business, fetched once per session, as routes and sidebar entries. */
export function useRegistry() {
  const swr = useSWR(cacheKey('registry', 'remotes'), registryFetcher, {
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
    /** Overrides a link asked for, to confirm or decline before any remote code loads. */
    requests: swr.data?.requests ?? NO_REQUESTS,
    error: swr.error as unknown,
    isLoading: !swr.data && !swr.error,
    retry: () => swr.mutate(),
  };
}
