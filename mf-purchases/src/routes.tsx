import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder } from '@bahi/shared/ui';

export const routes: RemoteRoutesModule['routes'] = {
  'purchases/*': () => <AreaPlaceholder title="Purchases" />,
  '/purchases/invoice/:id': () => <AreaPlaceholder title="Purchase invoice" />,
  'purchase/create-invoice': () => <AreaPlaceholder title="Create purchase invoice" />,
  'expenses': () => <AreaPlaceholder title="Expenses" />,
};
