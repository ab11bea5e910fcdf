import { useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { routeAt, type RouteTable } from '../remotes/route-table';
import { useRemoteStatuses } from '../remotes/use-remote-statuses';

/** "Store branches · mf_branches 0.2.0": which build renders this page, once it has loaded. For support. */
export function AreaBuild({ table, fallback = null }: { table: RouteTable | null; fallback?: string | null }) {
  const { pathname } = useLocation();
  const name = useMemo(() => routeAt(table, pathname)?.remote.name, [table, pathname]);
  const statuses = useRemoteStatuses();
  const status = name ? statuses.find((s) => s.name === name) : undefined;
  if (!status || status.status !== 'loaded') return fallback;
  return (
    <span className="bahi-footer__area" data-testid="area-build">
      {status.title} · {status.name} {status.version}
      {status.overridden ? ' (override)' : ''}
    </span>
  );
}
