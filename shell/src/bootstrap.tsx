import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, isSignInPath } from './app';
import { startSignedInApp } from './app/early-start';
import { captureOverridesFromUrl } from './remotes/overrides';
import './base.css';

captureOverridesFromUrl();
if (!isSignInPath(window.location.pathname)) startSignedInApp(window.location.pathname);

createRoot(document.getElementById('root')!, {
  // A remote that failed to load is already reported by the runtime plugins and shown by its boundary.
  onCaughtError(error, info) {
    if (error instanceof Error && error.name === 'RemoteLoadError') return;
    console.error(error, info.componentStack);
  },
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
