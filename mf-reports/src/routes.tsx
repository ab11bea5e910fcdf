import type { RemoteRoutesModule } from '@bahi/shared';
import { lazyPage } from '@bahi/shared/ui';

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  'reports': lazyPage(() => import('./pages/reports/home')),
  '/reports/sales': lazyPage(() => import('./pages/reports/sales')),
  '/reports/purchase': lazyPage(() => import('./pages/reports/purchase')),
  '/reports/ledger': lazyPage(() => import('./pages/reports/ledger')),
  '/reports/gstr1': lazyPage(() => import('./pages/reports/gstr1')),
  '/reports/stock-summary': lazyPage(() => import('./pages/reports/stock-summary')),
  '/reports/day-book': lazyPage(() => import('./pages/reports/day-book')),
  '/reports/item-profit': lazyPage(() => import('./pages/reports/item-profit')),
  '/reports/gstr3b': lazyPage(() => import('./pages/reports/gstr3b')),
  'cash-bank': lazyPage(() => import('./pages/cash-bank/page')),
};
