import { App, isSignInPath } from './app';
import { startSignedInApp } from './app/early-start';
import { captureOverridesFromUrl } from './remotes/overrides';
import { takeOver } from './takeover';
import './base.css';

captureOverridesFromUrl();
if (!isSignInPath(window.location.pathname)) startSignedInApp(window.location.pathname);

takeOver(document.getElementById('root')!, <App />, {
  // A remote that failed to load is already reported by the runtime plugins and shown by its boundary.
  onCaughtError(error, info) {
    if (error instanceof Error && error.name === 'RemoteLoadError') return;
    console.error(error, info.componentStack);
  },
});
