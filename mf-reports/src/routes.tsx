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
  '/reports/cmp08': lazyPage(() => import('./pages/reports/cmp08')),
  '/reports/trial-balance': lazyPage(() => import('./pages/books/trial-balance')),
  '/reports/profit-loss': lazyPage(() => import('./pages/books/profit-loss')),
  '/reports/balance-sheet': lazyPage(() => import('./pages/books/balance-sheet')),
  '/reports/accounts': lazyPage(() => import('./pages/books/chart-of-accounts')),
  '/reports/accounts/:id': lazyPage(() => import('./pages/books/account-ledger')),
  '/reports/journal/new': lazyPage(() => import('./pages/books/journal-form')),
  'cash-bank': lazyPage(() => import('./pages/cash-bank/page')),
  '/reports/activity': lazyPage(() => import('./pages/activity/page')),
};
