import { Suspense, lazy, type ComponentType } from 'react';
import { type RemoteRoutesModule } from '@bahi/shared';
import { LoadingState } from '@bahi/shared/ui';

/** A page loaded on first visit: each screen is its own chunk. */
function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<LoadingState label="Loading..." />}>
        <Page />
      </Suspense>
    );
  };
}

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  parties: lazyPage(() => import('./pages/parties/list')),
  '/party/:id': lazyPage(() => import('./pages/parties/detail')),
  'parties/create-party': lazyPage(() => import('./pages/parties/create')),
  '/parties/create-party/:id': lazyPage(() => import('./pages/parties/create').then((m) => ({ default: m.EditPartyPage }))),
};
