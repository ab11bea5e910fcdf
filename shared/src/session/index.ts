import { atom, createStore, useAtomValue } from 'jotai';
import type { Branch, User } from '../contracts';

export interface SessionState {
  user: User | null;
  isAuthenticated: boolean;
  activeStoreBranch: Branch | null;
}

export const EMPTY_SESSION: SessionState = { user: null, isAuthenticated: false, activeStoreBranch: null };

/** Created once at module level: @bahi/shared is a federation singleton, so the shell and every remote share it. */
export const bahiStore = createStore();
export const sessionAtom = atom<SessionState>(EMPTY_SESSION);

/** Set when the server ended the session (a 401), until the next sign-in. */
let ended = false;
/** Set when the user logged out here, until the next sign-in. */
let left = false;

/** Seed §4: stores the user, marks authenticated and stores the active branch (or null). */
export function setSessionUser(user: User, activeStoreBranch: Branch | null = null): void {
  ended = false;
  left = false;
  bahiStore.set(sessionAtom, { user, isAuthenticated: true, activeStoreBranch });
}

export function setActiveStoreBranch(branch: Branch | null): void {
  bahiStore.set(sessionAtom, (s) => ({ ...s, activeStoreBranch: branch }));
}

/** Seed §4: logout clears all three. */
export function clearSession(): void {
  bahiStore.set(sessionAtom, EMPTY_SESSION);
}

/**
 * The user logged out: the session is cleared, and the sign-in page that follows must not return the next person to
 * be signed in on this browser to the page this user was on.
 */
export function logOut(): void {
  left = true;
  ended = false;
  clearSession();
}

export function sessionWasLeft(): boolean {
  return left;
}

/**
 * Seed §4: a 401 clears the session. Unlike a logout, the user did not ask for it: until they sign in again the
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
