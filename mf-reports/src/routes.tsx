import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder, lazyPage } from '@bahi/shared/ui';

export const routes: RemoteRoutesModule['routes'] = {
  'reports': lazyPage(() => import('./pages/reports/home')),
  '/reports/sales': lazyPage(() => import('./pages/reports/sales')),
  '/reports/purchase': lazyPage(() => import('./pages/reports/purchase')),
  '/reports/ledger': lazyPage(() => import('./pages/reports/ledger')),
  '/reports/gstr1': lazyPage(() => import('./pages/reports/gstr1')),
  'cash-bank': () => <AreaPlaceholder title="Cash and bank" />,
};
