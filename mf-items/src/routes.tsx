import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder } from '@bahi/shared';

export const routes: RemoteRoutesModule['routes'] = {
  'items/*': () => <AreaPlaceholder title="Items" />,
  '/items/inventory/:id': () => <AreaPlaceholder title="Item" />,
  'create-category': () => <AreaPlaceholder title="Item categories" />,
};
