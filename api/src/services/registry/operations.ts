import fs from 'node:fs';
import path from 'node:path';
import {
  Id,
  RemoteDescriptor,
  ROLLOUT_PERCENT_MESSAGE,
  type RegistryAction,
  type RegistryHistoryEntry,
  type RegistryRemote,
} from '@bahi/shared/contracts';
import { REMOTE_DESCRIPTOR_FILE, containerName } from '@bahi/shared/mf';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businesses, remoteRegistry } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../errors';
import { historyOf, recordChange, registryRemote, type RegistryRow } from './history';
import { REMOTE_FOLDERS, localManifestUrl } from './local';
import { parseOverrideOrigin } from './origins';

/** The registry's operator commands (CLI and admin API). Each change and its history row are one transaction. */

/** Input that is well-formed but cannot be applied: an unreachable manifest, a business that does not exist. */
const unprocessable = (message: string) => new HttpError(422, message);

const KNOWN_NAMES = REMOTE_FOLDERS.map(containerName);
const FETCH_TIMEOUT_MS = 10_000;

export interface PublishOptions {
  /** Where `npm start` finds the builds it serves itself (APPS_ROOT): a local path is checked on disk there. */
  appsRoot?: string;
  timeoutMs?: number;
}

async function registeredNames(db: Db | Tx): Promise<string[]> {
  const rows = await db.select({ name: remoteRegistry.name }).from(remoteRegistry).orderBy(asc(remoteRegistry.name));
  return rows.map((r) => r.name);
}

function unknownRemote(input: string, names: string[]): HttpError {
  const name = containerName(input.trim());
  if (KNOWN_NAMES.includes(name)) {
    return notFound(`${name} is not registered yet: publish a build of it first (remotes publish ${name} <manifestUrl> <version>).`);
  }
  const known = [...new Set([...names, ...KNOWN_NAMES])].sort();
  return notFound(`There is no remote named "${input}". Known remotes: ${known.join(', ')}.`);
}

/**
 * The registry name of a remote given as its container name (mf_items) or its folder (mf-items). With
 * `mayBeNew`, a remote of this product not registered yet (publish registers it) is accepted too.
 */
export async function resolveRemoteName(db: Db | Tx, input: string, opts: { mayBeNew?: boolean } = {}): Promise<string> {
  const name = containerName(input.trim());
  const names = await registeredNames(db);
  if (names.includes(name)) return name;
  if (opts.mayBeNew && KNOWN_NAMES.includes(name)) return name;
  throw unknownRemote(input, names);
}

export async function listRemotes(db: Db): Promise<RegistryRemote[]> {
  const rows = await db.select().from(remoteRegistry).orderBy(asc(remoteRegistry.name));
  return rows.map(registryRemote);
}

/** A remote's changes, newest first; a remote that was once registered keeps its history. */
export async function remoteHistory(db: Db, input: string): Promise<RegistryHistoryEntry[]> {
  const name = containerName(input.trim());
  const entries = await historyOf(db, name);
  if (entries.length > 0) return entries;
  await resolveRemoteName(db, input, { mayBeNew: true });
  return entries;
}

/** Checks a manifest URL: absolute http(s), without anything that is not a URL. */
export function parseManifestUrl(raw: string): URL {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`"${raw}" is not a valid URL. Give the full address of mf-manifest.json, e.g. https://cdn.example.com/mf-items/1.4.0/mf-manifest.json.`, 'manifestUrl');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw badRequest(`The manifest URL must start with http:// or https:// (got "${raw}").`, 'manifestUrl');
  }
  return url;
}

function why(e: unknown): string {
  const err = e as Error & { cause?: { code?: string; message?: string } };
  if (err.name === 'TimeoutError' || err.name === 'AbortError') return 'no answer in time';
  return err.cause?.code ?? err.cause?.message ?? err.message;
}

async function fetchJson(url: string, what: string, timeoutMs: number): Promise<unknown> {
  const get = () => fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
  let res: Response;
  try {
    res = await get().catch((e: unknown) => {
      // A kept-alive connection the server closed meanwhile: one fresh attempt.
      if (why(e) === 'ECONNRESET') return get();
      throw e;
    });
  } catch (e) {
    throw unprocessable(`Could not fetch the ${what} ${url}: ${why(e)}. Nothing was changed.`);
  }
  if (res.status !== 200) {
    throw unprocessable(`The ${what} ${url} answered HTTP ${res.status}, not 200. Nothing was changed.`);
  }
  try {
    return await res.json();
  } catch {
    throw unprocessable(`The ${what} ${url} is not JSON. Nothing was changed.`);
  }
}

function readJsonFile(file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw unprocessable(`There is no ${what} at ${file}: build the remote first. Nothing was changed.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw unprocessable(`The ${what} ${file} is not JSON. Nothing was changed.`);
  }
}

/**
 * Where a build to publish lives: an absolute http(s) URL, or the path under which `npm start` serves the
 * remote's own build (`/remotes/mf-items/mf-manifest.json`, as the registry records local builds).
 */
function buildLocation(name: string, raw: string, opts: PublishOptions): { manifestUrl: string; localDist?: string } {
  const text = raw.trim();
  if (!text.startsWith('/')) {
    parseManifestUrl(text);
    // Stored as given (trimmed), not normalised: what operators and scripts compare with is what they typed.
    return { manifestUrl: text };
  }
  const folder = REMOTE_FOLDERS.find((f) => containerName(f) === name);
  const local = folder ? localManifestUrl(folder) : undefined;
  if (!folder || !local || text !== local || !opts.appsRoot) {
    throw badRequest(
      `Give the full http(s) URL of mf-manifest.json${local ? `; the only path accepted is ${local}, the build this server serves itself` : ''} (got "${raw}").`,
      'manifestUrl',
    );
  }
  return { manifestUrl: local, localDist: path.join(opts.appsRoot, folder, 'dist') };
}

/** The descriptor published beside a manifest, checked to describe the remote being published. */
async function publishedDescriptor(name: string, where: { manifestUrl: string; localDist?: string }, opts: PublishOptions): Promise<RemoteDescriptor> {
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  let descriptorUrl: string;
  let answer: unknown;
  if (where.localDist) {
    readJsonFile(path.join(where.localDist, 'mf-manifest.json'), 'manifest');
    descriptorUrl = path.join(where.localDist, REMOTE_DESCRIPTOR_FILE);
    answer = readJsonFile(descriptorUrl, 'remote descriptor');
  } else {
    await fetchJson(where.manifestUrl, 'manifest', timeoutMs);
    descriptorUrl = new URL(REMOTE_DESCRIPTOR_FILE, where.manifestUrl).href;
    answer = await fetchJson(descriptorUrl, 'remote descriptor', timeoutMs);
  }
  const parsed = RemoteDescriptor.safeParse(answer);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw unprocessable(
      `${descriptorUrl} is not a valid remote descriptor (${issue.path.join('.') || 'root'}: ${issue.message}). ` +
        'Every remote build writes it beside mf-manifest.json. Nothing was changed.',
    );
  }
  if (parsed.data.name !== name) {
    throw unprocessable(`${descriptorUrl} describes the remote ${parsed.data.name}, not ${name}. Nothing was changed.`);
  }
  return parsed.data;
}

type RegistryPatch = Partial<typeof remoteRegistry.$inferInsert>;

/** Applies a change to an existing remote under a row lock and records it, in one transaction. */
async function change(
  db: Db,
  input: string,
  action: RegistryAction,
  actor: string,
  patchOf: (before: RegistryRow, tx: Tx) => Promise<RegistryPatch> | RegistryPatch,
): Promise<RegistryRemote> {
  return db.transaction(async (tx) => {
    const name = await resolveRemoteName(tx, input);
    const [before] = await tx.select().from(remoteRegistry).where(eq(remoteRegistry.name, name)).for('update');
    if (!before) throw unknownRemote(input, await registeredNames(tx));
    const patch = await patchOf(before, tx);
    const [after] = await tx
      .update(remoteRegistry)
      .set({ ...patch, updatedAt: sql`now()` })
      .where(eq(remoteRegistry.name, name))
      .returning();
    await recordChange(tx, { actor, action, before, after });
    return registryRemote(after);
  });
}

/**
 * Points a remote at a new build: checks that the manifest answers JSON and that `bahi-remote.json` beside it
 * describes this remote, then stores its URL, version and descriptor, keeping the current build for rollback.
 * A remote of this product that is not registered yet is registered (switched on).
 */
export async function publishRemote(
  db: Db,
  input: string,
  manifestUrlText: string,
  version: string,
  actor: string,
  opts: PublishOptions = {},
): Promise<RegistryRemote> {
  const name = await resolveRemoteName(db, input, { mayBeNew: true });
  const where = buildLocation(name, manifestUrlText, opts);
  const ver = version.trim();
  if (!ver) throw badRequest('Give the version of the build being published, e.g. 1.4.0.', 'version');
  if (ver.length > 100) throw badRequest('The version must be at most 100 characters.', 'version');
  // Fetched before the transaction: a slow CDN must not hold a row lock (or PGlite's only connection).
  const descriptor = await publishedDescriptor(name, where, opts);
  const build = {
    folder: descriptor.folder,
    manifestUrl: where.manifestUrl,
    version: ver,
    title: descriptor.title,
    routes: descriptor.routes,
    nav: descriptor.nav,
  };

  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(remoteRegistry).where(eq(remoteRegistry.name, name)).for('update');
    let after: RegistryRow;
    if (!before) {
      [after] = await tx.insert(remoteRegistry).values({ name, ...build }).returning();
    } else {
      // Publishing the same build again refreshes its descriptor but keeps what a rollback returns to.
      const republish = before.manifestUrl === build.manifestUrl && before.version === build.version;
      const previous = republish
        ? {}
        : {
            previousManifestUrl: before.manifestUrl,
            previousVersion: before.version,
            previousDescriptor: { title: before.title, routes: before.routes, nav: before.nav },
          };
      [after] = await tx
        .update(remoteRegistry)
        .set({ ...build, ...previous, updatedAt: sql`now()` })
        .where(eq(remoteRegistry.name, name))
        .returning();
    }
    await recordChange(tx, { actor, action: 'publish', before: before ?? null, after });
    return registryRemote(after);
  });
}

/** Swaps a remote back to the build published before the current one (and a second rollback swaps forward again). */
export async function rollbackRemote(db: Db, input: string, actor: string): Promise<RegistryRemote> {
  return change(db, input, 'rollback', actor, (before) => {
    if (!before.previousManifestUrl) {
      throw new HttpError(409, `${before.name} has no previously published build to roll back to (it runs ${before.version} from ${before.manifestUrl}).`);
    }
    const back = before.previousDescriptor ?? { title: before.title, routes: before.routes, nav: before.nav };
    return {
      manifestUrl: before.previousManifestUrl,
      version: before.previousVersion ?? before.version,
      title: back.title,
      routes: back.routes,
      nav: back.nav,
      previousManifestUrl: before.manifestUrl,
      previousVersion: before.version,
      previousDescriptor: { title: before.title, routes: before.routes, nav: before.nav },
    };
  });
}

export async function enableRemote(db: Db, input: string, actor: string): Promise<RegistryRemote> {
  return change(db, input, 'enable', actor, () => ({ flagMode: 'on', flagBusinesses: [], flagPercentage: null }));
}

export async function disableRemote(db: Db, input: string, actor: string): Promise<RegistryRemote> {
  return change(db, input, 'disable', actor, () => ({ flagMode: 'off', flagBusinesses: [], flagPercentage: null }));
}

/** Switches a remote on for the listed businesses only (and off for every other). */
export async function enableRemoteFor(db: Db, input: string, businessIds: string[], actor: string): Promise<RegistryRemote> {
  const ids = [...new Set(businessIds.map((id) => id.trim().toLowerCase()))];
  if (ids.length === 0) throw badRequest('Name at least one business id.', 'businessIds');
  const malformed = ids.filter((id) => !Id.safeParse(id).success);
  if (malformed.length > 0) throw badRequest(`Not a business id (a uuid): ${malformed.join(', ')}. Nothing was changed.`, 'businessIds');
  return change(db, input, 'enable-for', actor, async (_before, tx) => {
    const found = await tx.select({ id: businesses.id }).from(businesses).where(inArray(businesses.id, ids));
    const missing = ids.filter((id) => !found.some((f) => f.id === id));
    if (missing.length > 0) throw unprocessable(`No business has the id ${missing.join(', ')}. Nothing was changed.`);
    return { flagMode: 'businesses', flagBusinesses: ids, flagPercentage: null };
  });
}

/** A rollout percentage from the command line or a request: a whole number 0-100. */
export function parsePercent(raw: unknown): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw.trim().replace(/%$/, '')) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 100) {
    throw badRequest(`${ROLLOUT_PERCENT_MESSAGE} (got ${JSON.stringify(raw)}). Nothing was changed.`, 'percent');
  }
  return n;
}

/** Switches a remote on for a stable share of businesses: each business keeps its bucket as the share grows. */
export async function rolloutRemote(db: Db, input: string, percent: unknown, actor: string): Promise<RegistryRemote> {
  const share = parsePercent(percent);
  return change(db, input, 'rollout', actor, () => ({ flagMode: 'percentage', flagBusinesses: [], flagPercentage: share }));
}

/** Whether an integration tester may point this remote at another build in one browser. */
export async function allowRemoteOverride(db: Db, input: string, allowed: boolean, actor: string): Promise<RegistryRemote> {
  return change(db, input, 'allow-override', actor, () => ({ overridable: allowed }));
}


/**
 * The origins an override of this remote may load from (replacing the list; an empty list allows none). An
 * override is honoured only while the remote allows overrides *and* its URL's origin is listed here.
 */
export async function setOverrideOrigins(db: Db, input: string, origins: string[], actor: string): Promise<RegistryRemote> {
  const parsed = [...new Set(origins.map(parseOverrideOrigin))].sort();
  if (parsed.length > 20) throw badRequest('List at most 20 override origins.', 'origins');
  return change(db, input, 'override-origins', actor, () => ({ overrideOrigins: parsed }));
}
