import type { ReactElement } from 'react';
import { LocationProbe, renderScreen } from '@bahi/shared/testing';

// The auth pages' tests take these from here.
export { LocationProbe, resetAppState } from '@bahi/shared/testing';

/**
 * Renders `ui` at the URL `path` inside the providers and router the shell uses, mounted at `routePath`; /login
 * shows where a redirect landed.
 */
export function renderAt(ui: ReactElement, path = '/', routePath = '*') {
  return renderScreen(ui, {
    path: routePath,
    route: path,
    probe: false,
    routes: [{ path: '/login', element: <LocationProbe /> }],
  });
}
