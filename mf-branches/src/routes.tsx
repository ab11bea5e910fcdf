import type { RemoteRoutesModule } from '@bahi/shared';
import { BranchListPage } from './pages/branches/list';
import { BranchDetailPage } from './pages/branches/detail';

/** The one exposed module: a screen per route of src/area.ts. */
export const routes: RemoteRoutesModule['routes'] = {
  '/store-branch': BranchListPage,
  '/store-branch/:id': BranchDetailPage,
};
