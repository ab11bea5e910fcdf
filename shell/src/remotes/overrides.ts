import { RemoteDescriptor, type ShellRemote, type ShellRemotes } from '@bahi/shared';

/**
 * The integration testers' override: `?bahi-remote.<name>=<manifestUrl>` asks to point one remote at another
 * build in this browser. Because the shell would run whatever code that URL serves, with the user's session, a
 * link alone never loads anything:
 * - the link's request is only held in memory (never stored) until the signed-in shell has the registry;
 * - it is dropped unless the registry lets that remote be overridden *and* lists the URL's origin in the remote's
 *   override allow-list (the CSP allows no other origin either);
 * - then the user is asked, with the URL shown; only a confirmed override is stored, with an expiry
 *   (`overrideHours` of the registry), under `bahi:remote-override:<name>`, and logging out clears it.
 * An empty value (`?bahi-remote.<name>=`) clears a stored override.
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

/** Overrides a link asked for, waiting for the user's confirmation: memory only, gone on reload. */
const requested = new Map<string, string>();

/** The origin of an http(s) URL (a path counts on the shell's origin), or null for anything else. */
export function manifestOrigin(url: string, origin: string = window.location.origin): string | null {
  try {
    const parsed = new URL(url, `${origin}/`);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Takes `bahi-remote.*` query parameters out of the address bar (so a reload does not ask again) and keeps them
 * as requests waiting for confirmation. Runs once, before the app renders.
 */
export function captureOverridesFromUrl(win: Window = window): void {
  const url = new URL(win.location.href);
  const params = [...url.searchParams.entries()].filter(([key]) => key.startsWith(OVERRIDE_PARAM_PREFIX));
  if (params.length === 0) return;
  for (const [key, value] of params) {
    url.searchParams.delete(key);
    const name = overrideName(key.slice(OVERRIDE_PARAM_PREFIX.length));
    if (!name) continue;
    const manifestUrl = value.trim();
    if (manifestUrl === '') {
      requested.delete(name);
      clearOverride(name);
    } else if (manifestOrigin(manifestUrl, url.origin)) {
      requested.set(name, manifestUrl);
    } else {
      console.warn(`[bahi] override for ${name} ignored: ${manifestUrl} is not an http(s) URL`);
    }
  }
  win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Overrides a link asked for in this page, not yet confirmed. */
export function requestedOverrides(): Map<string, string> {
  return new Map(requested);
}

interface StoredOverride {
  url: string;
  expiresAt: number;
}

function readStored(value: string | null): StoredOverride | null {
  try {
    const parsed = JSON.parse(value ?? '') as Partial<StoredOverride>;
    return typeof parsed.url === 'string' && typeof parsed.expiresAt === 'number' ? { url: parsed.url, expiresAt: parsed.expiresAt } : null;
  } catch {
    return null;
  }
}

/** Every confirmed, unexpired override of this browser, by container name; expired or malformed ones are removed. */
export function storedOverrides(now: number = Date.now()): Map<string, string> {
  const store = storage();
  const found = new Map<string, string>();
  if (!store) return found;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter((k): k is string => !!k?.startsWith(OVERRIDE_KEY_PREFIX));
  for (const key of keys) {
    const stored = readStored(store.getItem(key));
    if (stored && stored.expiresAt > now) found.set(key.slice(OVERRIDE_KEY_PREFIX.length), stored.url);
    else store.removeItem(key);
  }
  return found;
}

/** The user confirmed: this browser loads the remote from `manifestUrl` for the next `hours`. */
export function confirmOverride(name: string, manifestUrl: string, hours: number, now: number = Date.now()): void {
  requested.delete(name);
  const value: StoredOverride = { url: manifestUrl, expiresAt: now + hours * 3_600_000 };
  storage()?.setItem(OVERRIDE_KEY_PREFIX + name, JSON.stringify(value));
}

/** The user declined: the link's request is forgotten. */
export function declineOverride(name: string): void {
  requested.delete(name);
}

export function clearOverride(name: string): void {
  storage()?.removeItem(OVERRIDE_KEY_PREFIX + name);
}

/** Logging out: nothing a previous user confirmed or a link asked for survives. */
export function clearAllOverrides(): void {
  requested.clear();
  for (const name of storedOverrides(0).keys()) clearOverride(name);
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

/** A link's request the registry would accept, waiting for the user to confirm it. */
export interface OverrideRequest {
  name: string;
  title: string;
  manifestUrl: string;
  publishedUrl: string;
  hours: number;
}

export interface ResolvedRegistry {
  registry: ShellRemotes;
  overrides: RemoteOverride[];
  requests: OverrideRequest[];
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

/** Why the registry does not accept an override of this remote from this URL, or null when it does. */
function refusal(remote: ShellRemote | undefined, manifestUrl: string): string | null {
  if (!remote) return 'there is no such area for your business';
  if (!remote.overridable) return 'the registry does not allow overriding it';
  const origin = manifestOrigin(manifestUrl);
  if (!origin) return `${manifestUrl} is not an http(s) URL`;
  if (!remote.overrideOrigins.includes(origin)) return `${origin} is not on its override allow-list`;
  return null;
}

/**
 * The registry's answer with this browser's confirmed overrides applied, and the link's requests that the
 * registry would accept (for the confirmation dialog; nothing of theirs is fetched). A stored override the
 * registry no longer accepts is removed, except one of an area switched off for this business, kept unused.
 */
export async function applyOverrides(
  registry: ShellRemotes,
  stored: Map<string, string> = storedOverrides(),
  asked: Map<string, string> = requestedOverrides(),
): Promise<ResolvedRegistry> {
  const byName = new Map(registry.remotes.map((r) => [r.name, r]));
  const requests: OverrideRequest[] = [];
  for (const [name, manifestUrl] of asked) {
    const remote = byName.get(name);
    const why = refusal(remote, manifestUrl);
    if (why || !remote) {
      console.warn(`[bahi] override of ${name} ignored: ${why}; nothing was loaded from ${manifestUrl}`);
      declineOverride(name);
    } else if (stored.get(name) !== manifestUrl) {
      requests.push({ name, title: remote.title, manifestUrl, publishedUrl: remote.manifestUrl, hours: registry.overrideHours });
    } else {
      declineOverride(name);
    }
  }

  const overrides: RemoteOverride[] = [];
  const remotes = await Promise.all(
    registry.remotes.map(async (remote) => {
      const manifestUrl = stored.get(remote.name);
      if (!manifestUrl) return remote;
      const why = refusal(remote, manifestUrl);
      if (why) {
        console.warn(`[bahi] override of ${remote.name} ignored and removed: ${why}`);
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
    if (byName.has(name)) continue;
    if (registry.unavailable.some((r) => r.name === name)) {
      console.warn(`[bahi] override of ${name} not used: that area is not available for your business`);
    } else {
      console.warn(`[bahi] override of ${name} ignored and removed: there is no such area`);
      clearOverride(name);
    }
  }
  overrides.sort((a, b) => a.name.localeCompare(b.name));
  return { registry: { ...registry, remotes }, overrides, requests };
}
