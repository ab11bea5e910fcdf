import { useMemo } from 'react';
import { matchRoutes, useLocation } from 'react-router-dom';
import type { RouteTable } from '../remotes/route-table';
import { useRemoteStatuses } from '../remotes/use-remote-statuses';

/** The remote whose route is showing, by the router's own ranking. */
function currentRemote(table: RouteTable | null, pathname: string): string | undefined {
  if (!table || table.routes.length === 0) return undefined;
  const matches = matchRoutes(
    table.routes.map((r) => ({ path: `/${r.path}`, name: r.remote.name })),
    pathname,
  );
  return (matches?.at(-1)?.route as { name?: string } | undefined)?.name;
}

/** "Store branches · mf_branches 0.2.0": which build renders this page, once it has loaded. For support. */
export function AreaBuild({ table }: { table: RouteTable | null }) {
  const { pathname } = useLocation();
  const name = useMemo(() => currentRemote(table, pathname), [table, pathname]);
  const statuses = useRemoteStatuses();
  const status = name ? statuses.find((s) => s.name === name) : undefined;
  if (!status || status.status !== 'loaded') return null;
  return (
    <span className="bahi-footer__area" data-testid="area-build">
      {status.title} · {status.name} {status.version}
      {status.overridden ? ' (override)' : ''}
    </span>
  );
}
