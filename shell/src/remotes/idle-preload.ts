import { useEffect } from 'react';
import { savesData, whenIdle, type IdleHandle } from '../app/idle';
import { loadRemoteRoutes, remoteStatuses } from './federation';
import type { RouteTable } from './route-table';

/** How long after the signed-in app appears before the first preload: the page the user came for goes first. */
export const IDLE_PRELOAD_DELAY_MS = 3_000;

export interface IdlePreloadOptions {
  delayMs?: number;
  load?: (name: string) => Promise<unknown>;
  /** Only remotes nobody has touched yet: loaded, loading and failed ones are left to their route. */
  untouched?: (name: string) => boolean;
}

const untouchedRemote = (name: string) => remoteStatuses().find((s) => s.name === name)?.status === 'not loaded';

/**
 * After a pause, preloads the given remotes one at a time, each when the browser is idle: manifest, entry
 * script and routes module. A failure is swallowed: the remote is marked failed and its next visit tries again
 * and shows its boundary. Returns a function that stops what has not started yet.
 */
export function startIdlePreload(names: string[], opts: IdlePreloadOptions = {}): () => void {
  const { delayMs = IDLE_PRELOAD_DELAY_MS, load = loadRemoteRoutes, untouched = untouchedRemote } = opts;
  let stopped = false;
  let pending: IdleHandle | null = null;
  const queue = [...names];

  const next = () => {
    pending = null;
    if (stopped) return;
    const name = queue.shift();
    if (name === undefined) return;
    if (!untouched(name)) {
      next();
      return;
    }
    pending = whenIdle(() => {
      pending = null;
      if (stopped) return;
      load(name)
        .catch(() => undefined)
        .finally(() => {
          if (!stopped) next();
        });
    });
  };

  const timer = window.setTimeout(next, delayMs);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
    pending?.cancel();
  };
}

/** The sidebar's remotes, in sidebar order, each once. Unavailable remotes are never in the sidebar. */
export function sidebarRemotes(table: RouteTable): string[] {
  return [...new Set(table.nav.map((entry) => entry.remote))];
}

/** Signed-in app only (never the login page): preloads the sidebar's remotes in idle time. */
export function useIdlePreload(table: RouteTable | null): void {
  const names = table ? sidebarRemotes(table).join('\n') : '';
  useEffect(() => {
    if (!names || savesData()) return;
    return startIdlePreload(names.split('\n'));
  }, [names]);
}
