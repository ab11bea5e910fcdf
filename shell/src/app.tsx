import { Component, Suspense, lazy, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { BahiProviders } from '@bahi/shared';
import { AppSkeleton } from './app/app-skeleton';
import { LoginPage } from './auth/login-page';
import { SignupPage } from './auth/signup-page';

const AuthenticatedApp = lazy(() => import('./app/authenticated-app'));

/** If the shell's own code cannot load (a deploy in progress, the network gone), offer a reload. */
class ShellBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Result
        status="error"
        title="Bahi could not start"
        subTitle="Part of the app did not load. Check your connection and reload the page."
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    );
  }
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signup" element={<SignupPage />} />
      <Route
        path="*"
        element={
          <Suspense fallback={<AppSkeleton />}>
            <AuthenticatedApp />
          </Suspense>
        }
      />
    </Routes>
  );
}

export function App() {
  return (
    <BahiProviders>
      <ShellBoundary>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </ShellBoundary>
    </BahiProviders>
  );
}
