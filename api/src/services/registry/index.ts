import type { ShellRemotes } from '@bahi/shared/contracts';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { remoteRegistry } from '../../db/schema';
import { isRemoteOn } from './flags';

export { isRemoteOn, rolloutBucket } from './flags';
export { syncLocalRemotes, localManifestUrl, devManifestUrl } from './local';
export {
  allowRemoteOverride,
  disableRemote,
  enableRemote,
  enableRemoteFor,
  listRemotes,
  parseManifestUrl,
  parsePercent,
  publishRemote,
  remoteHistory,
  resolveRemoteName,
  rollbackRemote,
  rolloutRemote,
  setOverrideOrigins,
  type PublishOptions,
} from './operations';
export { parseOverrideOrigin, remoteOrigins, type RemoteOrigins } from './origins';
export { OPERATOR_TOKEN_FILE, ensureOperatorTokenFile, operatorTokenMatches, readOperatorToken } from './operator-token';

/**
 * The remotes switched on for a business, and the ones it may not use (their routes say "not available"), with
 * how long an override the user confirms may last.
 */
export async function remotesForBusiness(db: Db, businessId: string, overrideHours: number): Promise<ShellRemotes> {
  const rows = await db.select().from(remoteRegistry).orderBy(asc(remoteRegistry.name));
  const result: ShellRemotes = { remotes: [], unavailable: [], overrideHours };
  for (const row of rows) {
    if (isRemoteOn(row, businessId, row.name)) {
      result.remotes.push({
        name: row.name,
        folder: row.folder,
        version: row.version,
        title: row.title,
        routes: row.routes,
        nav: row.nav,
        manifestUrl: row.manifestUrl,
        overridable: row.overridable,
        // Only where overrides are allowed: the shell accepts an override URL only from one of these.
        overrideOrigins: row.overridable ? row.overrideOrigins : [],
      });
    } else {
      result.unavailable.push({ name: row.name, title: row.title, routes: row.routes });
    }
  }
  return result;
}
