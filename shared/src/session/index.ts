import { useSyncExternalStore } from 'react';
import { atom, createStore, useAtomValue } from 'jotai';
import { ACTIVE_BRANCH_COOKIE, type Branch, type MemberBusiness, type User } from '../contracts';

export interface SessionState {
  user: User | null;
  isAuthenticated: boolean;
  activeStoreBranch: Branch | null;
  /** Every business the signed-in number is an active user of (the header offers a switch when more than one). */
  businesses: MemberBusiness[];
}

export const EMPTY_SESSION: SessionState = { user: null, isAuthenticated: false, activeStoreBranch: null, businesses: [] };

/** Created once at module level: @bahi/shared is a federation singleton, so the shell and every remote share it. */
export const bahiStore = createStore();
export const sessionAtom = atom<SessionState>(EMPTY_SESSION);

/** Set when the server ended the session (a 401), until the next sign-in. */
let ended = false;
/** Set when the user logged out here, until the next sign-in. */
let loggedOut = false;

/**
 * Stores the user, marks authenticated and stores the active branch (or null). `businesses` (from the profile)
 * replaces the list of the number's businesses; left out, the list kept stays.
 */
export function setSessionUser(user: User, activeStoreBranch: Branch | null = null, businesses?: MemberBusiness[]): void {
  ended = false;
  loggedOut = false;
  bahiStore.set(sessionAtom, (s) => ({ user, isAuthenticated: true, activeStoreBranch, businesses: businesses ?? s.businesses }));
}

export function setActiveStoreBranch(branch: Branch | null): void {
  bahiStore.set(sessionAtom, (s) => ({ ...s, activeStoreBranch: branch }));
}

/** Logout clears all three. */
export function clearSession(): void {
  bahiStore.set(sessionAtom, EMPTY_SESSION);
}

/**
 * The user logged out: the session is cleared, and the sign-in page that follows must not return the next person to
 * be signed in on this browser to the page this user was on.
 */
export function logOut(): void {
  loggedOut = true;
  ended = false;
  clearSession();
}

/** Whether the user logged out here (not a session the server ended), until the next sign-in. */
export function userLoggedOut(): boolean {
  return loggedOut;
}

/**
 * A 401 clears the session. Unlike a logout, the user did not ask for it: until they sign in again the
 * shared SWR config stops revalidating, so the screens still open do not each send a request that fails the same way.
 */
export function endSession(): void {
  ended = true;
  clearSession();
}

export function sessionHasEnded(): boolean {
  return ended;
}

export function getSession(): SessionState {
  return bahiStore.get(sessionAtom);
}

export function useSession(): SessionState {
  return useAtomValue(sessionAtom, { store: bahiStore });
}

/** The active branch's id from the readable cookie the API sets on sign-in and set-active; null when there is none. */
export function activeBranchCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === ACTIVE_BRANCH_COOKIE) return decodeURIComponent(value.join('=')) || null;
  }
  return null;
}

/** Calls back whenever the tab comes back to the user: the moment a change made in another tab can show. */
function onReturnToTab(callback: () => void): () => void {
  window.addEventListener('focus', callback);
  document.addEventListener('visibilitychange', callback);
  return () => {
    window.removeEventListener('focus', callback);
    document.removeEventListener('visibilitychange', callback);
  };
}

/** The branch cookie, read on every render and again whenever the tab comes back. */
export function useActiveBranchCookie(): string | null {
  return useSyncExternalStore(onReturnToTab, activeBranchCookie, () => null);
}

/**
 * The id of the active branch as the branch screens show it: the branch cookie, which every tab of this browser
 * shares, else the session's (from the profile). Read on every render and again whenever the tab comes back, so
 * a branch made active in another tab is followed here.
 */
export function useActiveBranchId(): string | null {
  const fromCookie = useActiveBranchCookie();
  const { activeStoreBranch } = useSession();
  return fromCookie ?? activeStoreBranch?.id ?? null;
}
