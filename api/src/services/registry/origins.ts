import { remoteRegistry } from '../../db/schema';
import type { Db } from '../../db/client';
import { badRequest } from '../../errors';

/** The origins the shell may load remote code from, as the Content-Security-Policy allows them. */
export interface RemoteOrigins {
  /** Where the registry's builds are (a path on this server is 'self' and adds nothing). */
  remotes: string[];
  /** The override allow-lists of the remotes that allow overrides. */
  overrides: string[];
}

const originOf = (url: string): string | null => {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? origin : null;
  } catch {
    return null;
  }
};

/** Read for every page the server sends, so a change of the registry shows in the next page's policy. */
export async function remoteOrigins(db: Db): Promise<RemoteOrigins> {
  const rows = await db
    .select({ manifestUrl: remoteRegistry.manifestUrl, overridable: remoteRegistry.overridable, overrideOrigins: remoteRegistry.overrideOrigins })
    .from(remoteRegistry);
  const remotes = new Set<string>();
  const overrides = new Set<string>();
  for (const row of rows) {
    const origin = originOf(row.manifestUrl);
    if (origin) remotes.add(origin);
    if (row.overridable) for (const o of row.overrideOrigins) overrides.add(o);
  }
  return { remotes: [...remotes].sort(), overrides: [...overrides].sort() };
}

/**
 * An origin an operator allows overrides from: scheme, host and port only (`https://qa.example.com`,
 * `http://127.0.0.1:9301`). A path, query, user name or wildcard is refused: the browser and the CSP compare whole
 * origins.
 */
export function parseOverrideOrigin(raw: string): string {
  const text = raw.trim().replace(/\/$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`"${raw}" is not an origin. Give scheme, host and port only, e.g. https://qa.example.com or http://127.0.0.1:9301.`, 'origins');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`An override origin must start with http:// or https:// (got "${raw}").`, 'origins');
  }
  if (url.origin !== text.toLowerCase() || url.username || url.password || url.hostname.includes('*')) {
    throw badRequest(`"${raw}" is not an origin: give scheme, host and port only, without a path (e.g. ${url.origin}).`, 'origins');
  }
  return url.origin;
}
