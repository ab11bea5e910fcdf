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

/** Seed §4: stores the user, marks authenticated and stores the active branch (or null). */
export function setSessionUser(user: User, activeStoreBranch: Branch | null = null): void {
  ended = false;
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
