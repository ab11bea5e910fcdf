import { RemoteDescriptor, type ShellRemote, type ShellRemotes } from '@bahi/shared';

/**
 * The integration testers' override: `?bahi-remote.<name>=<manifestUrl>` points one remote at another build for
 * this browser only. It is kept in localStorage (`bahi:remote-override:<name>`) so it survives navigation and
 * reloads; an empty value (`?bahi-remote.<name>=`) clears it. Honoured only for remotes the registry marks
 * `overridable`, because the shell runs whatever code that URL serves.
 */
export const OVERRIDE_PARAM_PREFIX = 'bahi-remote.';
export const OVERRIDE_KEY_PREFIX = 'bahi:remote-override:';
/** A candidate build that does not describe itself in time keeps the registry's routes. */
export const DESCRIPTOR_TIMEOUT_MS = 4_000;

/** `mf-items` and `mf_items` both name the container `mf_items`. */
export const overrideName = (raw: string) => raw.trim().replace(/-/g, '_');

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** An absolute http(s) URL or a path on the shell's origin; anything else (javascript:, data:) is refused. */
export function isAcceptableManifestUrl(url: string, origin: string = window.location.origin): boolean {
  try {
    const parsed = new URL(url, `${origin}/`);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Moves `bahi-remote.*` query parameters into localStorage and takes them out of the address bar, so a later
 * reload (for example after "Clear override") does not set them again. Runs once, before the app renders.
 */
export function captureOverridesFromUrl(win: Window = window): void {
  const url = new URL(win.location.href);
  const params = [...url.searchParams.entries()].filter(([key]) => key.startsWith(OVERRIDE_PARAM_PREFIX));
  if (params.length === 0) return;
  const store = storage();
  for (const [key, value] of params) {
    url.searchParams.delete(key);
    const name = overrideName(key.slice(OVERRIDE_PARAM_PREFIX.length));
    if (!name || !store) continue;
    const manifestUrl = value.trim();
    if (manifestUrl === '') {
      store.removeItem(OVERRIDE_KEY_PREFIX + name);
    } else if (isAcceptableManifestUrl(manifestUrl, url.origin)) {
      store.setItem(OVERRIDE_KEY_PREFIX + name, manifestUrl);
    } else {
      console.warn(`[bahi] override for ${name} ignored: ${manifestUrl} is not an http(s) URL`);
    }
  }
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Every override stored in this browser, by container name. */
export function storedOverrides(): Map<string, string> {
  const store = storage();
  const found = new Map<string, string>();
  if (!store) return found;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(OVERRIDE_KEY_PREFIX)) {
      const value = store.getItem(key);
      if (value) found.set(key.slice(OVERRIDE_KEY_PREFIX.length), value);
    }
  }
  return found;
}

export function clearOverride(name: string): void {
  storage()?.removeItem(OVERRIDE_KEY_PREFIX + name);
}

export interface RemoteOverride {
  name: string;
  title: string;
  /** The manifest URL this browser uses instead of the registry's. */
  manifestUrl: string;
  /** What the registry publishes, for the banner. */
  publishedUrl: string;
  publishedVersion: string;
}

export interface ResolvedRegistry {
  registry: ShellRemotes;
  overrides: RemoteOverride[];
}

/** `bahi-remote.json` beside the manifest: the build's own version, routes and sidebar entries. */
export async function fetchDescriptor(manifestUrl: string, origin: string = window.location.origin): Promise<RemoteDescriptor> {
  const url = new URL('bahi-remote.json', new URL(manifestUrl, `${origin}/`)).href;
  const res = await fetch(url, { signal: AbortSignal.timeout(DESCRIPTOR_TIMEOUT_MS), cache: 'no-store' });
  if (!res.ok) throw new Error(`${url} answered HTTP ${res.status}`);
  return RemoteDescriptor.parse(await res.json());
}

async function overridden(remote: ShellRemote, manifestUrl: string): Promise<ShellRemote> {
  try {
    const d = await fetchDescriptor(manifestUrl);
    if (d.name !== remote.name) throw new Error(`it describes ${d.name}, not ${remote.name}`);
    return { ...remote, version: d.version, title: d.title, routes: d.routes, nav: d.nav, manifestUrl };
  } catch (e) {
    // Its code may still load; it is the boundary's job to say so if it does not.
    console.warn(`[bahi] override of ${remote.name}: no usable bahi-remote.json beside ${manifestUrl} (${(e as Error).message})`);
    return { ...remote, version: 'unknown', manifestUrl };
  }
}

/**
 * The registry's answer with this browser's overrides applied. An override of a remote that does not allow it is
 * dropped (with its stored key); one of a remote switched off for this business is left stored but not used.
 */
export async function applyOverrides(registry: ShellRemotes, stored: Map<string, string> = storedOverrides()): Promise<ResolvedRegistry> {
  if (stored.size === 0) return { registry, overrides: [] };
  const overrides: RemoteOverride[] = [];
  const remotes = await Promise.all(
    registry.remotes.map(async (remote) => {
      const manifestUrl = stored.get(remote.name);
      if (!manifestUrl) return remote;
      if (!remote.overridable) {
        console.warn(`[bahi] override of ${remote.name} ignored and removed: the registry does not allow overriding it`);
        clearOverride(remote.name);
        return remote;
      }
      if (!isAcceptableManifestUrl(manifestUrl)) {
        console.warn(`[bahi] override of ${remote.name} ignored and removed: ${manifestUrl} is not an http(s) URL`);
        clearOverride(remote.name);
        return remote;
      }
      const next = await overridden(remote, manifestUrl);
      overrides.push({
        name: remote.name,
        title: next.title,
        manifestUrl,
        publishedUrl: remote.manifestUrl,
        publishedVersion: remote.version,
      });
      return next;
    }),
  );
  for (const name of stored.keys()) {
    if (registry.remotes.some((r) => r.name === name)) continue;
    if (registry.unavailable.some((r) => r.name === name)) {
      console.warn(`[bahi] override of ${name} not used: that area is not available for your business`);
    } else {
      console.warn(`[bahi] override of ${name} ignored and removed: there is no such area`);
      clearOverride(name);
    }
  }
  overrides.sort((a, b) => a.name.localeCompare(b.name));
  return { registry: { ...registry, remotes }, overrides };
}
