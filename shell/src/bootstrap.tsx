import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { captureOverridesFromUrl } from './remotes/overrides';
import './shell.css';

captureOverridesFromUrl();

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
