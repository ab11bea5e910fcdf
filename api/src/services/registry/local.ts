import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { RemoteDescriptor } from '@bahi/shared/contracts';
import { DEV_PORTS, REMOTE_DESCRIPTOR_FILE, remoteBasePath } from '@bahi/shared/mf';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { remoteRegistry } from '../../db/schema';
import { recordChange } from './history';

/** The remotes of this repository, in sidebar order. */
export const REMOTE_FOLDERS = Object.keys(DEV_PORTS).filter((f) => f.startsWith('mf-'));

export const localManifestUrl = (folder: string) => `${remoteBasePath(folder)}mf-manifest.json`;
export const devManifestUrl = (folder: string) => `http://localhost:${DEV_PORTS[folder]}/mf-manifest.json`;
const devDescriptorUrl = (folder: string) => `http://localhost:${DEV_PORTS[folder]}/${REMOTE_DESCRIPTOR_FILE}`;

export type LocalSyncResult = 'created' | 'updated' | 'unchanged' | 'kept';

/** Who the history names for the automatic registration of local builds. */
export const SYNC_ACTORS = { build: 'server start (local build)', dev: 'server start (dev server)' } as const;


/**
 * Registers a locally built or locally served remote, with a history row when anything changed. A row an
 * operator published elsewhere (any URL other than the local path or the dev server) is left alone: a restart
 * must never undo a deploy.
 */
export async function registerLocalRemote(
  db: Db,
  descriptor: RemoteDescriptor,
  manifestUrl: string,
  actor: string = SYNC_ACTORS.build,
): Promise<LocalSyncResult> {
  const fields = {
    folder: descriptor.folder,
    manifestUrl,
    version: descriptor.version,
    title: descriptor.title,
    routes: descriptor.routes,
    nav: descriptor.nav,
  };
  const local = [localManifestUrl(descriptor.folder), devManifestUrl(descriptor.folder)];
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(remoteRegistry).where(eq(remoteRegistry.name, descriptor.name)).for('update');
    if (before && !local.includes(before.manifestUrl)) return 'kept';
    if (before && (Object.keys(fields) as (keyof typeof fields)[]).every((k) => isDeepStrictEqual(before[k], fields[k]))) {
      return 'unchanged';
    }
    // The conflict clause covers another instance registering the same remote between the select and the insert.
    const [after] = await tx
      .insert(remoteRegistry)
      .values({ name: descriptor.name, ...fields })
      .onConflictDoUpdate({
        target: remoteRegistry.name,
        set: { ...fields, updatedAt: sql`now()` },
        setWhere: sql`${remoteRegistry.manifestUrl} in (${sql.join(local.map((u) => sql`${u}`), sql`, `)})`,
      })
      .returning();
    if (!after) return 'kept';
    await recordChange(tx, { actor, action: 'sync', before: before ?? null, after });
    return before ? 'updated' : 'created';
  });
}

function readDescriptor(file: string, folder: string): RemoteDescriptor {
  const descriptor = RemoteDescriptor.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (descriptor.folder !== folder) throw new Error(`${file} describes ${descriptor.folder}, not ${folder}`);
  return descriptor;
}

const SYNC_MESSAGES: Record<LocalSyncResult, string> = {
  created: 'registered from its build',
  updated: 'updated from its build',
  unchanged: 'registered, build unchanged',
  kept: 'registry keeps its published URL',
};

export interface LocalSync {
  /** Resolves when every built remote is registered (start mode); dev-mode fetches go on in the background. */
  done: Promise<void>;
  stop(): void;
}

/**
 * At start: SERVE_APPS registers each built remote (`<APPS_ROOT>/<folder>/dist/bahi-remote.json`) at its local
 * path; REMOTES_DEV=1 registers each remote's dev server, fetching its descriptor until the server answers.
 */
export function syncLocalRemotes(deps: { db: Db; config: AppConfig; log: FastifyBaseLogger }): LocalSync {
  const { db, config, log } = deps;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const stop = () => {
    stopped = true;
    for (const t of timers) clearTimeout(t);
  };

  if (config.remotesDev) {
    for (const folder of REMOTE_FOLDERS) {
      let delay = 1000;
      let warned = false;
      const attempt = async () => {
        if (stopped) return;
        try {
          const res = await fetch(devDescriptorUrl(folder), { signal: AbortSignal.timeout(3000) });
          if (!res.ok) throw new Error(`answered ${res.status}`);
          const descriptor = RemoteDescriptor.parse(await res.json());
          if (stopped) return;
          const result = await registerLocalRemote(db, descriptor, devManifestUrl(folder), SYNC_ACTORS.dev);
          log.info(`Remote ${folder}: dev server ${result === 'kept' ? 'found; registry keeps its published URL' : 'registered'}`);
        } catch (e) {
          if (stopped) return;
          if (!warned) log.info(`Remote ${folder}: waiting for its dev server (${devDescriptorUrl(folder)}): ${(e as Error).message}`);
          warned = true;
          delay = Math.min(delay * 2, 10_000);
          const t = setTimeout(() => {
            timers.delete(t);
            void attempt();
          }, delay);
          t.unref();
          timers.add(t);
        }
      };
      void attempt();
    }
    return { done: Promise.resolve(), stop };
  }

  if (!config.serveApps) return { done: Promise.resolve(), stop };

  const done = (async () => {
    for (const folder of REMOTE_FOLDERS) {
      const file = path.join(config.appsRoot, folder, 'dist', REMOTE_DESCRIPTOR_FILE);
      if (!fs.existsSync(file)) {
        log.info(`Remote ${folder}: no build at ${path.dirname(file)}, not registered`);
        continue;
      }
      try {
        const result = await registerLocalRemote(db, readDescriptor(file, folder), localManifestUrl(folder));
        log.info(`Remote ${folder}: ${SYNC_MESSAGES[result]}`);
      } catch (e) {
        log.warn(`Remote ${folder}: could not register its build: ${(e as Error).message}`);
      }
    }
  })();
  return { done, stop };
}
