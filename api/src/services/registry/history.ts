import type { RegistryAction, RegistryHistoryEntry, RegistryRemote, RegistryRemoteState } from '@bahi/shared/contracts';
import { desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { remoteRegistry, remoteRegistryHistory } from '../../db/schema';

export type RegistryRow = typeof remoteRegistry.$inferSelect;

/** A registry row as operators see it, and as history records it before and after a change. */
export function remoteState(row: RegistryRow): RegistryRemoteState {
  const previous = row.previousManifestUrl
    ? {
        manifestUrl: row.previousManifestUrl,
        version: row.previousVersion ?? '',
        // Without a recorded descriptor a rollback keeps the current one.
        title: row.previousDescriptor?.title ?? row.title,
        routes: row.previousDescriptor?.routes ?? row.routes,
        nav: row.previousDescriptor?.nav ?? row.nav,
      }
    : null;
  return {
    name: row.name,
    folder: row.folder,
    manifestUrl: row.manifestUrl,
    version: row.version,
    title: row.title,
    routes: row.routes,
    nav: row.nav,
    overridable: row.overridable,
    overrideOrigins: row.overrideOrigins,
    flag: { mode: row.flagMode, businesses: row.flagBusinesses, percentage: row.flagPercentage },
    previous,
  };
}

export const registryRemote = (row: RegistryRow): RegistryRemote => ({
  ...remoteState(row),
  updatedAt: row.updatedAt.toISOString(),
});

/** Writes one history row; call it with the transaction that made the change, so both land or neither does. */
export async function recordChange(
  tx: Tx,
  change: { actor: string; action: RegistryAction; before: RegistryRow | null; after: RegistryRow },
): Promise<void> {
  await tx.insert(remoteRegistryHistory).values({
    remoteName: change.after.name,
    actor: change.actor,
    action: change.action,
    before: change.before ? remoteState(change.before) : null,
    after: remoteState(change.after),
  });
}

/** A remote's changes, newest first. */
export async function historyOf(db: Db, name: string): Promise<RegistryHistoryEntry[]> {
  const rows = await db
    .select()
    .from(remoteRegistryHistory)
    .where(eq(remoteRegistryHistory.remoteName, name))
    .orderBy(desc(remoteRegistryHistory.id));
  return rows.map((r) => ({
    id: r.id,
    name: r.remoteName,
    at: r.at.toISOString(),
    actor: r.actor,
    action: r.action,
    before: r.before as RegistryRemoteState | null,
    after: r.after as RegistryRemoteState,
  }));
}
