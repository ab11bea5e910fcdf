import type { RemoteRoutesModule } from '@bahi/shared';
import { AreaPlaceholder } from '@bahi/shared';

export const routes: RemoteRoutesModule['routes'] = {
  'parties': () => <AreaPlaceholder title="Parties" />,
  '/party/:id': () => <AreaPlaceholder title="Party" />,
  'parties/create-party': () => <AreaPlaceholder title="Create party" />,
  '/parties/create-party/:id': () => <AreaPlaceholder title="Edit party" />,
};
