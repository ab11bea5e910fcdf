import { useLocation, useNavigate } from 'react-router-dom';
import { setSessionUser, type Profile } from '@bahi/shared';
import { startRegistryFetch } from '../remotes/use-registry';
import { nextFromSearch, safeNextPath } from './next-path';
import { useHydrated } from './use-hydrated';

/** What the login guard hands the sign-in page: the page asked for, and whether the server ended the session. */
export interface SignInState {
  from?: string;
  ended?: boolean;
}

/** Kept in history state (so it survives a reload), which the prerendered page cannot know: read once hydrated. */
export function useSignInState(): SignInState {
  const state = useLocation().state as SignInState | null;
  return (useHydrated() ? state : null) ?? {};
}

/** Where to go after signing in: `?next=`, else the page the guard remembered, else home. */
export function useReturnPath(): string | null {
  const { search } = useLocation();
  const { from } = useSignInState();
  const hydrated = useHydrated();
  // The prerendered page links to /signup and /login without `?next=`; the browser adds it when it takes over.
  return hydrated ? (nextFromSearch(search) ?? safeNextPath(from)) : null;
}

export function useFinishSignIn() {
  const navigate = useNavigate();
  const next = useReturnPath();
  return (profile: Profile) => {
    const target = next ?? '/';
    setSessionUser(profile.user, profile.activeStoreBranch, profile.businesses ?? []);
    // The first page after sign-in asks for its areas (and its remote's code) while it renders, not after.
    startRegistryFetch(new URL(target, window.location.origin).pathname);
    navigate(target, { replace: true });
  };
}
