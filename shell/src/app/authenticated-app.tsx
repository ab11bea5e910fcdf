import { useEffect } from 'react';
import { Button, Card, Result } from 'antd';
import { Route, Routes, useLocation } from 'react-router-dom';
import { endSession, errorMessage, forgetCachedData, getSession, onUnauthorized } from '@bahi/shared';
import { RemoteRoute, RouteSkeleton } from '../remotes/remote-route';
import { useIdlePreload } from '../remotes/idle-preload';
import { useRegistry } from '../remotes/use-registry';
import { HomeDashboard } from './home-dashboard';
import { BusinessProfilePage } from './settings/business-profile-page';
import { useFollowOtherTabsBranch } from './branch-switcher';
import { OverrideConfirmDialog } from './override-banner';
import { SessionGuard } from './session-guard';
import { ShellLayout } from './shell-layout';
import { AreaUnavailablePage, NoAccessPage, NotFoundPage } from './status-pages';
import { UsersPage } from './users/users-page';
import { WelcomePage } from './welcome-page';

/** Everything behind the login: the layout and the routes built from the registry. */
export function SignedInApp() {
  const { table, overrides, requests, error, isLoading, retry } = useRegistry();
  // Until the user has answered a link's override request, no remote code loads: no preload, no remote route.
  const asking = requests.length > 0;
  useIdlePreload(asking ? null : table);
  useFollowOtherTabsBranch();

  const fallback = table ? (
    <NotFoundPage />
  ) : error ? (
    <Card variant="borderless">
      <Result
        status="warning"
        title="Could not load your areas"
        subTitle={`${errorMessage(error)} Home still works; try again in a moment.`}
        extra={
          <Button type="primary" onClick={retry}>
            Retry
          </Button>
        }
      />
    </Card>
  ) : (
    <RouteSkeleton label="Loading areas" />
  );

  if (asking) {
    return (
      <ShellLayout table={table} loadingAreas={isLoading} overrides={overrides}>
        <OverrideConfirmDialog request={requests[0]} onAnswered={retry} />
        <RouteSkeleton label="Loading areas" />
      </ShellLayout>
    );
  }

  return (
    <ShellLayout table={table} loadingAreas={isLoading} overrides={overrides}>
      <Routes>
        <Route index element={<HomeDashboard nav={table?.nav} loading={isLoading} />} />
        <Route path="settings/users" element={<UsersPage />} />
        <Route path="/settings/business" element={<BusinessProfilePage />} />
        {table?.routes.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={<RemoteRoute key={`${r.remote.name}:${r.declared}`} remote={r.remote} declared={r.declared} />}
          />
        ))}
        {table?.forbidden.map((u) => (
          <Route key={u.path} path={u.path} element={<NoAccessPage title={u.title} />} />
        ))}
        {table?.unavailable.map((u) => (
          <Route key={u.path} path={u.path} element={<AreaUnavailablePage title={u.title} />} />
        ))}
        <Route path="*" element={fallback} />
      </Routes>
    </ShellLayout>
  );
}

/**
 * for every call of every area (the shell's, a remote's SWR fetch or mutation): a 401 while signed in
 * ends the session; the guard then sends the user to /login with `next`. Once: later 401s find no session to end.
 */
function endSessionOn401(): () => void {
  return onUnauthorized(() => {
    if (!getSession().isAuthenticated) return;
    endSession();
    void forgetCachedData();
  });
}

/** Lazily loaded after the login page, so signing in never downloads the layout or any remote. */
export default function AuthenticatedApp() {
  const { pathname } = useLocation();
  useEffect(endSessionOn401, []);
  return (
    <SessionGuard visitor={pathname === '/' ? <WelcomePage /> : undefined}>
      <SignedInApp />
    </SessionGuard>
  );
}
