import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';
import { Alert, Layout, Menu } from 'antd';
import type { ComponentType } from 'react';
import type { RemoteArea } from '../contracts';
import { authApi, isApiError } from '../api';
import { setSessionUser } from '../session';
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
        setSessionUser(p.user, p.activeStoreBranch);
        setState('ready');
      })
      .catch((e) => setState(isApiError(e) && e.status === 401 ? 'signed-out' : 'ready'));
  }, []);
  return (
    <BahiProviders>
      <BrowserRouter>
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
            {state === 'signed-out' ? (
              <Alert
                type="warning"
                showIcon
                message="Not signed in"
                description="Sign in through the shell (http://localhost:3000/login) on this host name, then reload."
              />
            ) : state === 'loading' ? (
              <LoadingState />
            ) : (
              <Suspense fallback={<LoadingState />}>
                <Routes>
                  {area.routes.map((path) => {
                    const Page = routes[path];
                    return <Route key={path} path={path} element={<Page />} />;
                  })}
                </Routes>
              </Suspense>
            )}
          </Layout.Content>
        </Layout>
      </BrowserRouter>
    </BahiProviders>
  );
}
