import { getInstance } from '@module-federation/enhanced/runtime';
import type { RemoteRoutesModule, ShellRemote } from '@bahi/shared';
import { clearRemoteProblem, federationErrorCode, remoteProblem } from './diagnostics';

/** A remote that has not answered by then shows its fallback (the runtime's own default is 20 s). */
export const REMOTE_LOAD_TIMEOUT_MS = 5_000;

export type RemoteLoadErrorKind = 'timeout' | 'unreachable' | 'version' | 'invalid' | 'failed';

/** Why a remote's code could not be used; the route boundary words its message from `kind`. */
export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    readonly kind: RemoteLoadErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'RemoteLoadError';
  }
}

interface RegisteredRemote {
  remote: ShellRemote;
  entry: string;
  /** After a failure the runtime still caches the broken manifest/entry: re-register with force to drop them. */
  stale: boolean;
  /** New on every registration, failure or reset, so a cached lazy page of an older attempt is never reused. */
  generation: number;
  /** Pointed at another build in this browser (an integration tester's override). */
  overridden: boolean;
  loading?: Promise<RemoteRoutesModule>;
  loaded?: RemoteRoutesModule;
  loadedAt?: number;
}

const registry = new Map<string, RegisteredRemote>();
let generations = 0;

/** Bumped whenever a remote is registered, starts loading, loads or fails: the About dialog and footer follow. */
let statusRevision = 0;
let notifying = false;
const statusListeners = new Set<() => void>();
/** Listeners hear of it in a microtask: a change made while React renders must not update other components. */
function statusChanged() {
  statusRevision += 1;
  if (notifying) return;
  notifying = true;
  queueMicrotask(() => {
    notifying = false;
    for (const listener of statusListeners) listener();
  });
}

export function subscribeRemoteStatuses(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

export const remoteStatusRevision = () => statusRevision;

/** Manifest URLs may be relative to the shell's origin (`/remotes/mf-items/mf-manifest.json`). */
export function resolveManifestUrl(url: string, origin: string = window.location.origin): string {
  return new URL(url, `${origin}/`).href;
}

/**
 * Drops what a remote's own webpack runtime left on the page. Its chunks are pushed onto a global array named
 * after its uniqueName (the container name, see shared/mf); a fresh copy of its entry would install those old
 * modules again (a page that threw, a previous build) instead of fetching the files anew.
 */
export function forgetRemoteCode(name: string, global: Record<string, unknown> = window as unknown as Record<string, unknown>): void {
  for (const key of [`rspackChunk${name}`, `webpackChunk${name}`]) {
    if (key in global) delete global[key];
  }
}

function runtime() {
  const instance = getInstance();
  if (!instance) throw new Error('The module-federation runtime is not initialised');
  return instance;
}

/**
 * Makes the registry's remotes known to the module-federation runtime. Idempotent; a remote whose URL changed
 * (rolled forward or back, or overridden) is re-registered so its next load uses the new build. Nothing is
 * fetched here.
 */
export function registerShellRemotes(remotes: ShellRemote[], overridden: ReadonlySet<string> = new Set()): void {
  const fresh: Array<{ name: string; entry: string }> = [];
  const moved: Array<{ name: string; entry: string }> = [];
  for (const remote of remotes) {
    const entry = resolveManifestUrl(remote.manifestUrl);
    const known = registry.get(remote.name);
    const isOverridden = overridden.has(remote.name);
    if (!known) {
      registry.set(remote.name, { remote, entry, stale: false, generation: ++generations, overridden: isOverridden });
      fresh.push({ name: remote.name, entry });
    } else if (known.entry !== entry) {
      registry.set(remote.name, { remote, entry, stale: false, generation: ++generations, overridden: isOverridden });
      moved.push({ name: remote.name, entry });
    } else {
      known.remote = remote;
      known.overridden = isOverridden;
    }
  }
  try {
    if (fresh.length) runtime().registerRemotes(fresh);
    if (moved.length) {
      for (const { name } of moved) forgetRemoteCode(name);
      runtime().registerRemotes(moved, { force: true });
    }
  } finally {
    statusChanged();
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, remote: string, title: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new RemoteLoadError(remote, 'timeout', `${title} did not answer within ${Math.round(ms / 1000)} seconds`)),
      ms,
    );
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

function asRemoteLoadError(error: unknown, r: RegisteredRemote): RemoteLoadError {
  if (error instanceof RemoteLoadError) return error;
  const name = r.remote.name;
  const title = r.remote.title;
  const problem = remoteProblem(name);
  if ((error instanceof Error && error.name === 'RemoteVersionSkewError') || problem?.kind === 'version') {
    const detail = error instanceof Error && error.name === 'RemoteVersionSkewError' ? error.message : problem!.message;
    return new RemoteLoadError(name, 'version', detail, { cause: error });
  }
  const text = `${error instanceof Error ? error.message : String(error)} ${problem?.message ?? ''}`;
  if (/timed out/i.test(text)) {
    return new RemoteLoadError(name, 'timeout', `${title} did not answer in time`, { cause: error });
  }
  const code = federationErrorCode(error);
  if (code === 'RUNTIME-003' || code === 'RUNTIME-008' || code === 'RUNTIME-001' || problem?.kind === 'manifest' || problem?.kind === 'script') {
    return new RemoteLoadError(name, 'unreachable', `${title} could not be reached`, { cause: error });
  }
  return new RemoteLoadError(name, 'failed', `${title} failed to load`, { cause: error });
}

/** The remote's `./routes` module, loaded once and shared by all its routes. Rejects with a RemoteLoadError. */
export function loadRemoteRoutes(name: string): Promise<RemoteRoutesModule> {
  const r = registry.get(name);
  if (!r) return Promise.reject(new RemoteLoadError(name, 'failed', `${name} is not a registered area`));
  if (r.loaded) return Promise.resolve(r.loaded);
  if (r.loading) return r.loading;

  let load: Promise<RemoteRoutesModule | null>;
  try {
    const mf = runtime();
    if (r.stale) {
      // Drops the runtime's cached manifest, entry script, container and module of the failed attempt.
      forgetRemoteCode(name);
      mf.registerRemotes([{ name, entry: r.entry }], { force: true });
      r.stale = false;
    }
    clearRemoteProblem(name);
    load = mf.loadRemote<RemoteRoutesModule>(`${name}/routes`);
    // With the manifest known, every chunk of ./routes (its pages too) comes beside the entry, not after it has
    // run and the page has rendered. A failure here is the load's to report.
    mf.preloadRemote([{ nameOrAlias: name, exposes: ['./routes'], resourceCategory: 'all' }]).catch(() => undefined);
  } catch (e) {
    load = Promise.reject(e);
  }
  const generation = r.generation;
  const loading = withTimeout(load, REMOTE_LOAD_TIMEOUT_MS, name, r.remote.title).then(
    (mod) => {
      if (!mod || typeof mod.routes !== 'object' || mod.routes === null) {
        throw new RemoteLoadError(name, 'invalid', `${r.remote.title} sent no routes`);
      }
      if (r.generation === generation) {
        r.loaded = mod;
        r.loadedAt = Date.now();
        r.loading = undefined;
        statusChanged();
      }
      return mod;
    },
    (error: unknown) => {
      throw asRemoteLoadError(error, r);
    },
  );
  loading.catch(() => {
    if (r.loading === loading) markFailed(r);
  });
  r.loading = loading;
  statusChanged();
  return loading;
}

function markFailed(r: RegisteredRemote) {
  r.loading = undefined;
  r.loaded = undefined;
  r.stale = true;
  r.generation = ++generations;
  statusChanged();
}

/** For Retry: forget everything about the remote's code so the next load fetches it again from scratch. */
export function resetRemote(name: string): void {
  const r = registry.get(name);
  if (r) markFailed(r);
}

/** Starts loading a remote's code in the background (sidebar hover); failures wait for the real visit. */
export function preloadRemoteRoutes(name: string): void {
  loadRemoteRoutes(name).catch(() => undefined);
}

/** Already loaded, if it is: lets a route of a loaded remote render without a loading flash. */
export function peekRemoteRoutes(name: string): RemoteRoutesModule | undefined {
  return registry.get(name)?.loaded;
}

export function remoteGeneration(name: string): number {
  return registry.get(name)?.generation ?? -1;
}

export interface RemoteStatus {
  name: string;
  title: string;
  version: string;
  url: string;
  overridden: boolean;
  status: 'loaded' | 'loading' | 'failed' | 'not loaded';
  loadedAt?: number;
}

/** For the About dialog: every registered remote, whether its code has been loaded, and from where. */
export function remoteStatuses(): RemoteStatus[] {
  return [...registry.values()].map((r) => ({
    name: r.remote.name,
    title: r.remote.title,
    version: r.remote.version,
    url: r.entry,
    overridden: r.overridden,
    status: r.loaded ? 'loaded' : r.loading ? 'loading' : r.stale ? 'failed' : 'not loaded',
    loadedAt: r.loadedAt,
  }));
}

/** Tests only: forget every registration. */
export function resetFederationStateForTests(): void {
  registry.clear();
  statusListeners.clear();
}
