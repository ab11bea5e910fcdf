import { createHash } from 'node:crypto';
import type { FlagMode } from '../../db/schema';

export interface RemoteFlag {
  flagMode: FlagMode;
  flagBusinesses: string[];
  flagPercentage: number | null;
}

/** A business's stable place (0-99) in a remote's rollout: the same business always gets the same bucket. */
export function rolloutBucket(businessId: string, remoteName: string): number {
  return createHash('sha256').update(`${businessId}:${remoteName}`).digest().readUInt32BE(0) % 100;
}

/** Whether a remote is switched on for a business. */
export function isRemoteOn(flag: RemoteFlag, businessId: string, remoteName: string): boolean {
  switch (flag.flagMode) {
    case 'on':
      return true;
    case 'off':
      return false;
    case 'businesses':
      return flag.flagBusinesses.includes(businessId);
    case 'percentage':
      return rolloutBucket(businessId, remoteName) < (flag.flagPercentage ?? 0);
    default:
      return false;
  }
}
