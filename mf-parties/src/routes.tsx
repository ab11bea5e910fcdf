import { type RemoteRoutesModule } from '@bahi/shared';
import { lazyPage } from '@bahi/shared/ui';

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  parties: lazyPage(() => import('./pages/parties/list')),
  '/party/:id': lazyPage(() => import('./pages/parties/detail')),
  'parties/create-party': lazyPage(() => import('./pages/parties/create')),
  '/parties/create-party/:id': lazyPage(() => import('./pages/parties/create').then((m) => ({ default: m.EditPartyPage }))),
};
