import { useMemo } from 'react';
import { Menu, Skeleton, type MenuProps } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { preloadRemoteRoutes } from '../remotes/federation';
import { activeNavPath, routeAt, type RouteTable } from '../remotes/route-table';
import { NavIcon } from './nav-icons';

/** Which sidebar entry a page belongs to: by path prefix, else the first entry of the remote that owns it. */
function selectedKey(table: RouteTable | null, pathname: string): string {
  if (pathname === '/') return '/';
  if (!table) return '';
  const byPrefix = activeNavPath(table.nav, pathname);
  if (byPrefix) return byPrefix;
  const owner = routeAt(table, pathname);
  return table.nav.find((n) => n.remote === owner?.remote.name)?.path ?? '';
}

/** Home first, then every area's entries in their declared order; hovering one preloads its code. */
export function SideNav({ table, loading }: { table: RouteTable | null; loading: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items = useMemo<MenuProps['items']>(() => {
    const link = (path: string, label: string) => (
      // A real link for middle-click / open in new tab; the menu itself handles clicks and keys.
      <a href={path} tabIndex={-1} onClick={(e) => e.preventDefault()}>
        {label}
      </a>
    );
    return [
      { key: '/', icon: <NavIcon name="HomeOutlined" />, label: link('/', 'Home') },
      ...(table?.nav ?? []).map((entry) => ({
        key: entry.path,
        icon: <NavIcon name={entry.icon} />,
        label: link(entry.path, entry.label),
        onMouseEnter: () => preloadRemoteRoutes(entry.remote),
      })),
    ];
  }, [table]);

  return (
    <nav aria-label="Areas">
      <Menu
        mode="inline"
        selectedKeys={[selectedKey(table, pathname)]}
        items={items}
        onClick={({ key }) => navigate(key)}
        style={{ borderInlineEnd: 'none' }}
      />
      {loading ? (
        <div style={{ padding: '8px 24px' }} role="status" aria-label="Loading areas">
          <Skeleton active title={false} paragraph={{ rows: 6, width: '85%' }} />
        </div>
      ) : null}
    </nav>
  );
}
