import { useMemo } from 'react';
import useSWR from 'swr';
import { cacheKey, shellApi } from '@bahi/shared';
import { registerShellRemotes } from './federation';
import { buildRouteTable, type RouteTable } from './route-table';

/**
 * The remotes enabled for the signed-in business, fetched once per session, registered with the
 * module-federation runtime (nothing is downloaded yet) and turned into routes and sidebar entries.
 */
export function useRegistry() {
  const swr = useSWR(cacheKey('registry', 'remotes'), () => shellApi.remotes(), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
  });
  const table = useMemo<RouteTable | null>(() => {
    if (!swr.data) return null;
    try {
      registerShellRemotes(swr.data.remotes);
    } catch (e) {
      // The routes still render: each remote route then shows its own boundary instead of a blank shell.
      console.error('[bahi] could not register remotes', e);
    }
    return buildRouteTable(swr.data);
  }, [swr.data]);
  return { table, error: swr.error as unknown, isLoading: !swr.data && !swr.error, retry: () => swr.mutate() };
}
