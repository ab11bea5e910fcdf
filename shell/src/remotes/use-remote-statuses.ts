import { useMemo, useSyncExternalStore } from 'react';
import { remoteStatuses, remoteStatusRevision, subscribeRemoteStatuses, type RemoteStatus } from './federation';

/** Every registered remote's status, re-read whenever one registers, starts loading, loads or fails. */
export function useRemoteStatuses(): RemoteStatus[] {
  const revision = useSyncExternalStore(subscribeRemoteStatuses, remoteStatusRevision, remoteStatusRevision);
  // `revision` is the signal that the module-level registry changed.
  return useMemo(() => remoteStatuses(), [revision]);
}
