import { Button, Card, Result } from 'antd';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { errorMessage, isApiError } from '@bahi/shared';
import { RemoteRoute, RouteSkeleton } from '../remotes/remote-route';
import { useIdlePreload } from '../remotes/idle-preload';
import { useRegistry } from '../remotes/use-registry';
import { HomeDashboard } from './home-dashboard';
import { SessionGuard } from './session-guard';
import { ShellLayout } from './shell-layout';
import { AreaUnavailablePage, NotFoundPage } from './status-pages';
import { WelcomePage } from './welcome-page';

/** Everything behind the login: the layout and the routes built from the registry. */
export function SignedInApp() {
  const location = useLocation();
  const { table, overrides, error, isLoading, retry } = useRegistry();
  useIdlePreload(table);

  if (isApiError(error) && error.status === 401) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }

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

  return (
    <ShellLayout table={table} loadingAreas={isLoading} overrides={overrides}>
      <Routes>
        <Route index element={<HomeDashboard nav={table?.nav} loading={isLoading} />} />
        {table?.routes.map((r) => (
          <Route
            key={r.path}
            path={r.path}
            element={<RemoteRoute key={`${r.remote.name}:${r.declared}`} remote={r.remote} declared={r.declared} />}
          />
        ))}
        {table?.unavailable.map((u) => (
          <Route key={u.path} path={u.path} element={<AreaUnavailablePage title={u.title} />} />
        ))}
        <Route path="*" element={fallback} />
      </Routes>
    </ShellLayout>
  );
}

/** Lazily loaded after the login page, so signing in never downloads the layout or any remote. */
export default function AuthenticatedApp() {
  const { pathname } = useLocation();
  return (
    <SessionGuard visitor={pathname === '/' ? <WelcomePage /> : undefined}>
      <SignedInApp />
    </SessionGuard>
  );
}
