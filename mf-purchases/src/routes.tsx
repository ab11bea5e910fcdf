import { Suspense, lazy, type ComponentType } from 'react';
import { type RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder, LoadingState } from '@bahi/shared/ui';

/** A page whose code loads on first visit (a plain component that suspends on its own chunk; see mf-sales). */
function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Page = lazy(load);
  return function LazyPage() {
    return (
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    );
  };
}

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  'purchases/*': lazyPage(() => import('./pages/purchases/list')),
  '/purchases/invoice/:id': lazyPage(() => import('./pages/invoice/detail')),
  'purchase/create-invoice': lazyPage(() => import('./pages/create/purchase-page')),
  // Built by the expenses work.
  'expenses': () => <AreaPlaceholder title="Expenses" />,
};
