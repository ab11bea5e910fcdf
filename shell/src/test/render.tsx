import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { BahiProviders, clearSession, swrCache } from '@bahi/shared';

/** Shows where the router ended up, for assertions on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export function resetAppState() {
  clearSession();
  for (const key of [...swrCache.keys()]) swrCache.delete(key);
}

/** Renders `ui` at `path` inside the same providers the shell uses, with a /login route that shows the URL. */
export function renderAt(ui: ReactElement, path = '/', routePath = '*') {
  return render(
    <BahiProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<LocationProbe />} />
          <Route path={routePath} element={ui} />
        </Routes>
      </MemoryRouter>
    </BahiProviders>,
  );
}
