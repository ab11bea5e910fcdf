import type { NavEntry, Role, ShellRemotes } from '@bahi/shared/contracts';
import { canOpenRoute } from '@bahi/shared/permissions';
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

const bare = (path: string) => path.replace(/^\/+/, '').replace(/\/\*$/, '').replace(/\/+$/, '');

/** A sidebar entry leads to the route it names: shown when the role may open that route (else any of the remote's). */
const navAllowed = (entry: NavEntry, routes: string[], allowed: string[]) => {
  const target = routes.find((r) => bare(r) === bare(entry.path));
  return target ? allowed.includes(target) : allowed.length > 0;
};

/**
 * The remotes switched on for a business, and the ones it may not use (their routes say "not available"), with
 * how long an override the user confirms may last. Only the routes the user's role may open (the permission
 * matrix): the others are `forbidden`, and a remote with none left is not offered.
 */
export async function remotesForBusiness(db: Db, businessId: string, overrideHours: number, role: Role): Promise<ShellRemotes> {
  const rows = await db.select().from(remoteRegistry).orderBy(asc(remoteRegistry.name));
  const result: ShellRemotes = { remotes: [], unavailable: [], forbidden: [], overrideHours };
  for (const row of rows) {
    if (isRemoteOn(row, businessId, row.name)) {
      const allowed = row.routes.filter((r) => canOpenRoute(role, r));
      const refused = row.routes.filter((r) => !allowed.includes(r));
      if (refused.length > 0) result.forbidden!.push({ name: row.name, title: row.title, routes: refused });
      if (allowed.length === 0) continue;
      result.remotes.push({
        name: row.name,
        folder: row.folder,
        version: row.version,
        title: row.title,
        routes: allowed,
        nav: row.nav.filter((entry) => navAllowed(entry, row.routes, allowed)),
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
