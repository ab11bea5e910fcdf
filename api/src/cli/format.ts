import { isDeepStrictEqual } from 'node:util';
import type { RegistryHistoryEntry, RegistryRemote, RegistryRemoteState, RemoteFlag } from '@bahi/shared/contracts';

/** Columns padded to their widest cell; the last column is not padded, so long URLs do not drag spaces along. */
export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

export function flagText(flag: RemoteFlag): string {
  switch (flag.mode) {
    case 'businesses':
      return `${flag.businesses.length} business${flag.businesses.length === 1 ? '' : 'es'}`;
    case 'percentage':
      return `${flag.percentage ?? 0}%`;
    default:
      return flag.mode;
  }
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');

export function remotesTable(remotes: RegistryRemote[]): string {
  return table(
    ['NAME', 'VERSION', 'FLAG', 'OVERRIDABLE', 'URL'],
    remotes.map((r) => [r.name, r.version, flagText(r.flag), yesNo(r.overridable), r.manifestUrl]),
  );
}

function flagDetail(flag: RemoteFlag): string {
  return flag.mode === 'businesses' ? `on for ${flag.businesses.join(', ')}` : flagText(flag);
}

/** What a change did, in a few words: "version 1.0.0 -> 1.1.0; flag on -> 50%". */
export function changeSummary(before: RegistryRemoteState | null, after: RegistryRemoteState): string {
  if (!before) return `registered ${after.version} at ${after.manifestUrl}, flag ${flagDetail(after.flag)}`;
  const parts: string[] = [];
  if (before.version !== after.version) parts.push(`version ${before.version} -> ${after.version}`);
  if (before.manifestUrl !== after.manifestUrl) parts.push(`url ${before.manifestUrl} -> ${after.manifestUrl}`);
  if (!isDeepStrictEqual(before.flag, after.flag)) {
    parts.push(`flag ${flagDetail(before.flag)} -> ${flagDetail(after.flag)}`);
  }
  if (before.overridable !== after.overridable) parts.push(`overridable ${yesNo(before.overridable)} -> ${yesNo(after.overridable)}`);
  const origins = (s: RegistryRemoteState) => (s.overrideOrigins ?? []).join(', ') || 'none';
  if (origins(before) !== origins(after)) parts.push(`override origins ${origins(before)} -> ${origins(after)}`);
  const area = (s: RegistryRemoteState) => [s.title, s.routes, s.nav];
  if (parts.length === 0 && !isDeepStrictEqual(area(before), area(after))) parts.push('title, routes or sidebar entries updated');
  return parts.length > 0 ? parts.join('; ') : 'no change';
}

/** 2025-03-01T10:04:05.123Z -> 2025-03-01 10:04:05Z */
const when = (iso: string) => iso.replace('T', ' ').replace(/\.\d+Z$/, 'Z');

export function historyTable(entries: RegistryHistoryEntry[]): string {
  return table(
    ['AT', 'ACTOR', 'ACTION', 'CHANGE'],
    entries.map((e) => [when(e.at), e.actor, e.action, changeSummary(e.before, e.after)]),
  );
}
