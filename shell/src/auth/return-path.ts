import { useLocation, useNavigate } from 'react-router-dom';
import { setSessionUser, type Profile } from '@bahi/shared';
import { startRegistryFetch } from '../remotes/use-registry';
import { nextFromSearch, safeNextPath } from './next-path';

/** What the login guard hands the sign-in page: the page asked for, and whether the server ended the session. */
export interface SignInState {
  from?: string;
  ended?: boolean;
}

export function useSignInState(): SignInState {
  return (useLocation().state as SignInState | null) ?? {};
}

/** Where to go after signing in: `?next=`, else the page the guard remembered, else home. */
export function useReturnPath(): string | null {
  const { search } = useLocation();
  const { from } = useSignInState();
  return nextFromSearch(search) ?? safeNextPath(from);
}

export function useFinishSignIn() {
  const navigate = useNavigate();
  const next = useReturnPath();
  return (profile: Profile) => {
    const target = next ?? '/';
    setSessionUser(profile.user, profile.activeStoreBranch);
    // The first page after sign-in asks for its areas (and its remote's code) while it renders, not after.
    startRegistryFetch(new URL(target, window.location.origin).pathname);
    navigate(target, { replace: true });
  };
}
