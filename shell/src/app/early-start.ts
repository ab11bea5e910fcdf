import { authApi, type Profile } from '@bahi/shared';
import { startRegistryFetch } from '../remotes/use-registry';
import { prefetchSignedInApp } from './signed-in-loader';

let earlyProfile: Promise<Profile> | null = null;

/**
 * A page load on an inner page (a bookmark, a reload, a link) starts everything that page needs at once instead of
 * one after the other: the signed-in app's code, the profile, the registry and, once the registry names it, the
 * code of the remote being opened. Sign-in pages start none of it.
 */
export function startSignedInApp(pathname: string): void {
  prefetchSignedInApp();
  earlyProfile = authApi.profile();
  earlyProfile.catch(() => undefined);
  startRegistryFetch(pathname);
}

/** The profile request of the page load, for the first session check; null afterwards (every mount asks). */
export function takeEarlyProfile(): Promise<Profile> | null {
  const started = earlyProfile;
  earlyProfile = null;
  return started;
}
