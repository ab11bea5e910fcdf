import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder } from '@bahi/shared';

export const routes: RemoteRoutesModule['routes'] = {
  'sales/*': () => <AreaPlaceholder title="Sales" />,
  '/sales/invoice/:id': () => <AreaPlaceholder title="Sale invoice" />,
  'sales/create-invoice': () => <AreaPlaceholder title="Create sale invoice" />,
  'sales/create-quotation': () => <AreaPlaceholder title="Create quotation" />,
  '/sales/quotation/:id': () => <AreaPlaceholder title="Quotation" />,
  'e-invoicing': () => <AreaPlaceholder title="E-invoicing" />,
  'automated-bills': () => <AreaPlaceholder title="Automated bills" />,
};
