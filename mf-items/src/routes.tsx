import { type RemoteRoutesModule } from '@bahi/shared';
import { lazyPage } from '@bahi/shared/ui';

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  'items/*': lazyPage(() => import('./pages/items/list')),
  '/items/inventory/:id': lazyPage(() => import('./pages/items/detail')),
  'create-category': lazyPage(() => import('./pages/categories/list')),
};
