import { type RemoteRoutesModule } from '@bahi/shared';
import { lazyPage } from '@bahi/shared/ui';

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  'sales/*': lazyPage(() => import('./pages/sales/list')),
  '/sales/invoice/:id': lazyPage(() => import('./pages/invoice/detail')),
  '/sales/invoice/:id/edit': lazyPage(() => import('./pages/create/edit-invoice')),
  '/sales/invoice/:id/credit-note': lazyPage(() => import('./pages/notes/create-credit')),
  '/sales/invoice/:id/debit-note': lazyPage(() => import('./pages/notes/create-debit')),
  '/sales/credit-note/:id': lazyPage(() => import('./pages/notes/credit-detail')),
  '/sales/debit-note/:id': lazyPage(() => import('./pages/notes/debit-detail')),
  'sales/create-invoice': lazyPage(() => import('./pages/create/invoice')),
  'sales/create-quotation': lazyPage(() => import('./pages/create/quotation')),
  '/sales/quotation/:id': lazyPage(() => import('./pages/quotation/detail')),
  'automated-bills': lazyPage(() => import('./pages/automated-bills/list')),
  'e-invoicing': lazyPage(() => import('./pages/einvoicing/page')),
};
