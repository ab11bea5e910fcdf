import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder } from '@bahi/shared/ui';

export const routes: RemoteRoutesModule['routes'] = {
  'reports': () => <AreaPlaceholder title="Reports" />,
  '/reports/sales': () => <AreaPlaceholder title="Sale report" />,
  '/reports/purchase': () => <AreaPlaceholder title="Purchase report" />,
  '/reports/ledger': () => <AreaPlaceholder title="Ledger Report" />,
  'cash-bank': () => <AreaPlaceholder title="Cash and bank" />,
};
