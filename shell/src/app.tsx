import { Component, useState, type ReactNode } from 'react';
import { loadable } from '@bahi/shared';
import { Route, RouterProvider, Routes, createBrowserRouter } from 'react-router-dom';
import { AppSkeleton } from './app/app-skeleton';
import { loadSignedInApp } from './app/signed-in-loader';
import { LoginPage } from './auth/login-page';
import { SignupPage } from './auth/signup-page';

/** Everything but the sign-in pages: antd, @bahi/shared/ui, the layout, the registry, the remotes. */
const SignedInRoot = loadable(loadSignedInApp, <AppSkeleton />);

/** If the shell's own code cannot load (a deploy in progress, the network gone), offer a reload. */
class ShellBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="bahi-fatal" role="alert">
        <h1>Bahi could not start</h1>
        <p>Part of the app did not load. Check your connection and reload the page.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </main>
    );
  }
}

/** The sign-in pages need only the UI-free core of @bahi/shared; everything else is one lazy chunk. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route
        path="*"
        element={<SignedInRoot />}
      />
    </Routes>
  );
}

export const isSignInPath = (pathname: string) => pathname === '/login' || pathname === '/signup';

type RouteList = Parameters<typeof createBrowserRouter>[0];

/**
 * A data router, so a form with unsaved changes can hold back in-app navigation (useBlocker) in every area. The
 * build's prerender passes a memory router at /login or /signup: the same tree, so the browser can hydrate it.
 */
export function App({ createRouter = createBrowserRouter }: { createRouter?: (routes: RouteList) => ReturnType<typeof createBrowserRouter> }) {
  const [router] = useState(() => createRouter([{ path: '*', element: <AppRoutes /> }]));
  return (
    <ShellBoundary>
      <RouterProvider router={router} />
    </ShellBoundary>
  );
}
