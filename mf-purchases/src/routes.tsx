import { type RemoteRoutesModule } from '@bahi/shared';
import { lazyPage } from '@bahi/shared/ui';

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  'purchases/*': lazyPage(() => import('./pages/purchases/list')),
  '/purchases/invoice/:id': lazyPage(() => import('./pages/invoice/detail')),
  '/purchases/invoice/:id/edit': lazyPage(() => import('./pages/create/edit-purchase')),
  '/purchases/invoice/:id/debit-note': lazyPage(() => import('./pages/notes/create')),
  '/purchases/debit-note/:id': lazyPage(() => import('./pages/notes/detail')),
  'purchase/create-invoice': lazyPage(() => import('./pages/create/purchase-page')),
  'expenses': lazyPage(() => import('./pages/expenses/list')),
};
