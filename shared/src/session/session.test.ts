import { act, renderHook } from '@testing-library/react';
import type { Branch, User } from '../contracts';
import {
  EMPTY_SESSION,
  activeBranchCookie,
  clearSession,
  endSession,
  getSession,
  logOut,
  sessionHasEnded,
  userLoggedOut,
  setActiveStoreBranch,
  setSessionUser,
  useSession,
} from './index';

const user: User = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Asha',
  mobileNumber: '9876543210',
  role: 'OWNER',
  business: { id: '00000000-0000-4000-8000-000000000002', name: 'Asha Stores', gstin: null, stateCode: '27', registrationType: 'UNREGISTERED' },
};
const branch = { id: '00000000-0000-4000-8000-000000000003', name: 'Main Branch' } as Branch;

describe('session (seed §4)', () => {
  afterEach(() => act(() => clearSession()));

  it('starts with no user, not authenticated, no branch', () => {
    expect(getSession()).toEqual({ user: null, isAuthenticated: false, activeStoreBranch: null, businesses: [] });
  });

  it('setting the user marks authenticated and stores the active branch (or null)', () => {
    setSessionUser(user, branch);
    expect(getSession()).toEqual({ user, isAuthenticated: true, activeStoreBranch: branch, businesses: [] });
    setSessionUser(user);
    expect(getSession().activeStoreBranch).toBeNull();
  });

  it('logout clears all three', () => {
    setSessionUser(user, branch);
    clearSession();
    expect(getSession()).toEqual(EMPTY_SESSION);
  });

  it('components see changes made anywhere', () => {
    const { result } = renderHook(() => useSession());
    act(() => setSessionUser(user, branch));
    expect(result.current.user?.name).toBe('Asha');
    act(() => setActiveStoreBranch(null));
    expect(result.current.activeStoreBranch).toBeNull();
  });

  it('a session the server ended is cleared and stays ended until the next sign-in', () => {
    setSessionUser(user, branch);
    endSession();
    expect(getSession()).toEqual(EMPTY_SESSION);
    expect(sessionHasEnded()).toBe(true);
    setSessionUser(user, branch);
    expect(sessionHasEnded()).toBe(false);
  });

  it('a logout is remembered until the next sign-in, so the sign-in page returns nowhere', () => {
    setSessionUser(user, branch);
    logOut();
    expect(getSession()).toEqual(EMPTY_SESSION);
    expect(userLoggedOut()).toBe(true);
    expect(sessionHasEnded()).toBe(false);
    setSessionUser(user, branch);
    expect(userLoggedOut()).toBe(false);
  });

  it('a logout is not an ended session', () => {
    setSessionUser(user, branch);
    clearSession();
    expect(sessionHasEnded()).toBe(false);
  });

  it('reads the active branch from the bahi_branch cookie among the others, and none when it is absent', () => {
    expect(activeBranchCookie()).toBeNull();
    document.cookie = 'theme=dark; path=/';
    document.cookie = `bahi_branch=${branch.id}; path=/`;
    expect(activeBranchCookie()).toBe(branch.id);
    document.cookie = 'bahi_branch=; path=/; max-age=0';
    expect(activeBranchCookie()).toBeNull();
  });
});
