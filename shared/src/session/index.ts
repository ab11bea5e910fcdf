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

/** Seed §4: stores the user, marks authenticated and stores the active branch (or null). */
export function setSessionUser(user: User, activeStoreBranch: Branch | null = null): void {
  bahiStore.set(sessionAtom, { user, isAuthenticated: true, activeStoreBranch });
}

export function setActiveStoreBranch(branch: Branch | null): void {
  bahiStore.set(sessionAtom, (s) => ({ ...s, activeStoreBranch: branch }));
}

/** Seed §4: logout clears all three. */
export function clearSession(): void {
  bahiStore.set(sessionAtom, EMPTY_SESSION);
}

export function getSession(): SessionState {
  return bahiStore.get(sessionAtom);
}

export function useSession(): SessionState {
  return useAtomValue(sessionAtom, { store: bahiStore });
}
