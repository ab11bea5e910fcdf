import { type RemoteRoutesModule } from '@bahi/shared';
import { lazyPage } from '@bahi/shared/ui';

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
