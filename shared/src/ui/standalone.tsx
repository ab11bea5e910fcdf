import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, Outlet, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { Alert, Layout, Menu } from 'antd';
import type { ComponentType } from 'react';
import { authApi, isApiError, setSessionUser, type RemoteArea } from '@bahi/shared';
import { BahiProviders } from './providers';
import { LoadingState } from './page';

/**
 * A remote's standalone mode (its dev server on its own port): its routes in a minimal host. Sign in through
 * the shell on the same host name first; the session cookie is shared across ports.
 */
export function StandaloneRemote({ area, routes }: { area: RemoteArea; routes: Record<string, ComponentType> }) {
  const [state, setState] = useState<'loading' | 'ready' | 'signed-out'>('loading');
  useEffect(() => {
    authApi
      .profile()
      .then((p) => {
        setSessionUser(p.user, p.activeStoreBranch, p.businesses ?? []);
        setState('ready');
      })
      .catch((e) => setState(isApiError(e) && e.status === 401 ? 'signed-out' : 'ready'));
  }, []);
  // A data router, as navigation guards (unsaved changes) need.
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          element: <StandaloneLayout area={area} />,
          children: area.routes.map((path) => {
            const Page = routes[path];
            return { path, element: <Page /> };
          }),
        },
      ]),
    [area, routes],
  );
  return (
    <BahiProviders>
      {state === 'signed-out' ? (
        <Alert
          type="warning"
          showIcon
          title="Not signed in"
          description="Sign in through the shell (http://localhost:3000/login) on this host name, then reload."
          style={{ margin: 24 }}
        />
      ) : state === 'loading' ? (
        <LoadingState />
      ) : (
        <RouterProvider router={router} />
      )}
    </BahiProviders>
  );
}

function StandaloneLayout({ area }: { area: RemoteArea }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header style={{ color: '#fff', display: 'flex', alignItems: 'center', gap: 24 }}>
        <strong>{area.title} · standalone</strong>
        <Menu
          theme="dark"
          mode="horizontal"
          style={{ flex: 1 }}
          items={area.nav.map((n) => ({ key: n.path, label: <Link to={n.path}>{n.label}</Link> }))}
        />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Suspense fallback={<LoadingState />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
    </Layout>
  );
}
