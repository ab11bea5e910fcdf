import { useEffect, useState, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { Navigate, useLocation } from 'react-router-dom';
import {
  authApi,
  clearSession,
  errorMessage,
  forgetCachedData,
  isApiError,
  sessionHasEnded,
  userLoggedOut,
  setSessionUser,
  useSession,
} from '@bahi/shared';
import { AppSkeleton } from './app-skeleton';
import { takeEarlyProfile } from './early-start';
import type { SignInState } from '../auth/return-path';

type Check = { status: 'checking' } | { status: 'done' } | { status: 'signed-out' } | { status: 'failed'; message: string };

/**
 * The login guard. On mount the current user is fetched; a skeleton shows while that happens;
 * success stores the user and the active branch; a 401 clears the session and sends the visitor to /login with
 * the page they asked for in `next`. `visitor` is what a signed-out visitor sees instead on a public path.
 */
export function SessionGuard({ children, visitor }: { children: ReactNode; visitor?: ReactNode }) {
  const location = useLocation();
  const session = useSession();
  const [check, setCheck] = useState<Check>({ status: 'checking' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setCheck({ status: 'checking' });
    (takeEarlyProfile() ?? authApi.profile())
      .then((profile) => {
        if (!live) return;
        setSessionUser(profile.user, profile.activeStoreBranch, profile.businesses ?? []);
        setCheck({ status: 'done' });
      })
      .catch((e: unknown) => {
        if (!live) return;
        if (isApiError(e) && e.status === 401) {
          clearSession();
          void forgetCachedData();
          setCheck({ status: 'signed-out' });
        } else {
          setCheck({ status: 'failed', message: errorMessage(e, 'Could not reach Bahi.') });
        }
      });
    return () => {
      live = false;
    };
  }, [attempt]);

  // Signed out here, or elsewhere while the page is open: a logout, or any call of any area answered 401.
  const signedOut = check.status === 'signed-out' || (check.status === 'done' && !session.isAuthenticated);
  // Only a session that ended on its own returns to its page; after a logout the next person starts afresh.
  if (signedOut && check.status === 'done' && userLoggedOut()) return <Navigate to="/login" replace />;
  if (signedOut) {
    if (visitor !== undefined) return <>{visitor}</>;
    const next = `${location.pathname}${location.search}${location.hash}`;
    const state: SignInState = { from: next, ended: sessionHasEnded() };
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace state={state} />;
  }
  if (check.status === 'done' || session.isAuthenticated) return <>{children}</>;
  if (check.status === 'failed') {
    return (
      <Result
        status="error"
        title="Could not reach Bahi"
        subTitle={`${check.message} Check your connection and try again.`}
        extra={
          <Button type="primary" onClick={() => setAttempt((a) => a + 1)}>
            Retry
          </Button>
        }
      />
    );
  }
  return <AppSkeleton />;
}
