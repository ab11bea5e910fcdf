import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { BahiProviders, ExpiringCache, SwrProvider, clearSession, setSessionUser, type Branch, type User } from '@bahi/shared';

/** Shows the current location so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders a screen as the shell would: the shared providers and a router. Each render gets a fresh SWR cache so
 * no answer leaks from one test into the next.
 */
export function renderScreen(ui: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return render(
    <BahiProviders>
      <SwrProvider cache={new ExpiringCache()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SwrProvider>
    </BahiProviders>,
  );
}

let seq = 0;
/** A branch as the API answers it; override any field. */
export function makeBranch(overrides: Partial<Omit<Branch, 'address'>> & { address?: Partial<Branch['address']> } = {}): Branch {
  seq += 1;
  const { address, ...rest } = overrides;
  return {
    id: `6f1c1b9e-1a2b-4c3d-8e9f-${String(seq).padStart(12, '0')}`,
    name: `Branch ${seq}`,
    phone: null,
    email: null,
    gstin: null,
    invoicePrefix: null,
    isDefault: false,
    createdAt: '2025-04-01T05:30:00.000Z',
    updatedAt: '2025-04-01T05:30:00.000Z',
    ...rest,
    address: { street: null, city: null, stateCode: null, pin: null, ...address },
  };
}

export const testUser: User = {
  id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000aa',
  name: 'Ravi Sharma',
  mobileNumber: '9876543210',
  role: 'OWNER',
  business: { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000bb', name: 'Sharma Traders', gstin: null, stateCode: '27' },
};

/** Signs the test user in with `active` as the session's active branch. */
export function signIn(active: Branch | null = null) {
  clearSession();
  setSessionUser(testUser, active);
}
