import { matchRoutes } from 'react-router-dom';
import type { NavEntry, ShellRemote, ShellRemotes } from '@bahi/shared';

export interface RemoteRouteEntry {
  /** Path for the router, without a leading slash ('party/:id', 'items/*'). */
  path: string;
  /** The path exactly as the remote declared it: the key of its `routes` export. */
  declared: string;
  remote: ShellRemote;
}

export interface UnavailableRouteEntry {
  path: string;
  name: string;
  title: string;
}

export interface SidebarEntry extends NavEntry {
  remote: string;
}

export interface RouteTable {
  routes: RemoteRouteEntry[];
  /** Routes the user's role may not open: they say so ("You do not have access"). */
  forbidden: UnavailableRouteEntry[];
  unavailable: UnavailableRouteEntry[];
  nav: SidebarEntry[];
}

export const routerPath = (path: string) => path.replace(/^\/+/, '');

/**
 * The shell's routes and sidebar from the registry's answer alone: no remote code is fetched to build them.
 * The first remote to claim a path keeps it; routes the user's role may not open, and routes of remotes switched off
 * for the business, are kept apart so they can say so instead of showing the 404 page.
 */
export function buildRouteTable(registry: ShellRemotes): RouteTable {
  const claimed = new Set<string>();
  const routes: RemoteRouteEntry[] = [];
  for (const remote of registry.remotes) {
    for (const declared of remote.routes) {
      const path = routerPath(declared);
      if (claimed.has(path)) {
        console.warn(`[bahi] ${remote.name} declares ${declared}, already owned by another area; ignored`);
        continue;
      }
      claimed.add(path);
      routes.push({ path, declared, remote });
    }
  }
  const forbidden: UnavailableRouteEntry[] = [];
  for (const refused of registry.forbidden ?? []) {
    for (const declared of refused.routes) {
      const path = routerPath(declared);
      if (claimed.has(path)) continue;
      claimed.add(path);
      forbidden.push({ path, name: refused.name, title: refused.title });
    }
  }
  const unavailable: UnavailableRouteEntry[] = [];
  for (const off of registry.unavailable) {
    for (const declared of off.routes) {
      const path = routerPath(declared);
      if (claimed.has(path)) continue;
      claimed.add(path);
      unavailable.push({ path, name: off.name, title: off.title });
    }
  }
  const nav = registry.remotes
    .flatMap((remote) => remote.nav.map((entry) => ({ ...entry, remote: remote.name })))
    .sort((a, b) => a.order - b.order || a.label.localeCompare(b.label));
  return { routes, forbidden, unavailable, nav };
}

/** The remote route showing at `pathname`, by the router's own ranking. */
export function routeAt(table: RouteTable | null, pathname: string): RemoteRouteEntry | undefined {
  if (!table || table.routes.length === 0) return undefined;
  const matches = matchRoutes(
    table.routes.map((entry) => ({ path: `/${entry.path}`, entry })),
    pathname,
  );
  return matches?.at(-1)?.route.entry;
}

/** The sidebar entry a location belongs to: the longest entry path that prefixes it. */
export function activeNavPath(nav: Array<{ path: string }>, pathname: string): string | undefined {
  let best: string | undefined;
  for (const { path } of nav) {
    const p = path.replace(/\/+$/, '');
    if (pathname === p || pathname.startsWith(`${p}/`)) {
      if (!best || p.length > best.length) best = path;
    }
  }
  return best;
}
