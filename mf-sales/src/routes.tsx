import { Suspense, lazy, type ComponentType } from 'react';
import { type RemoteRoutesModule } from '@bahi/shared';
import { LoadingState } from '@bahi/shared/ui';

/**
 * A page whose code loads on first visit. The host wraps each route in its own React.lazy, which must resolve to
 * a component, not to another lazy: so each page is a plain component that suspends on its own chunk.
 */
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
  'sales/*': lazyPage(() => import('./pages/sales/list')),
  '/sales/invoice/:id': lazyPage(() => import('./pages/invoice/detail')),
  'sales/create-invoice': lazyPage(() => import('./pages/create/invoice')),
  'sales/create-quotation': lazyPage(() => import('./pages/create/quotation')),
  '/sales/quotation/:id': lazyPage(() => import('./pages/quotation/detail')),
  'automated-bills': lazyPage(() => import('./pages/automated-bills/list')),
  'e-invoicing': lazyPage(() => import('./pages/einvoicing/page')),
};
