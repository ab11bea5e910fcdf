import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { StandaloneRemote } from '@bahi/shared/ui';
import { area } from './area';
import { routes } from './routes';

// Standalone mode for the area's team: the remote's routes in a minimal host, against the API on /api.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <StandaloneRemote area={area} routes={routes} />
  </StrictMode>,
);
