import { Suspense, lazy, type ComponentType } from 'react';
import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder, LoadingState } from '@bahi/shared/ui';

/** A page whose code loads on first visit (a plain component that suspends on its own chunk, as the host expects). */
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

export const routes: RemoteRoutesModule['routes'] = {
  'reports': () => <AreaPlaceholder title="Reports" />,
  '/reports/sales': () => <AreaPlaceholder title="Sale report" />,
  '/reports/purchase': () => <AreaPlaceholder title="Purchase report" />,
  '/reports/ledger': () => <AreaPlaceholder title="Ledger Report" />,
  'cash-bank': lazyPage(() => import('./pages/cash-bank/page')),
};
