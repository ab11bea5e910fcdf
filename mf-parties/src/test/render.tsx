import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { BahiProviders, ExpiringCache, SwrProvider, notify, type Party, type PartyAddress } from '@bahi/shared';

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
  notify.clear();
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
const nextId = () => `7a2c1b9e-1a2b-4c3d-8e9f-${String(++seq).padStart(12, '0')}`;

/** An address as the API answers it. */
export function makeAddress(type: PartyAddress['type'], miscData: Partial<PartyAddress['miscData']> = {}): PartyAddress {
  return { id: nextId(), type, miscData: { ad: null, st: null, pin: null, stateCode: null, ...miscData } };
}

/** A party as the API answers it, with nothing but a name and type; override any field. */
export function makeParty(overrides: Partial<Party> = {}): Party {
  const id = nextId();
  return {
    id,
    name: `Party ${seq}`,
    partyType: 'CUSTOMER',
    mobileNumber: null,
    email: null,
    partyCatagory: null,
    openingBalance: null,
    gstin: null,
    panNumber: null,
    creditPeriod: null,
    creditLimit: null,
    billingAddress: null,
    shippingAddress: null,
    createdAt: '2025-04-01T05:30:00.000Z',
    updatedAt: '2025-04-01T05:30:00.000Z',
    ...overrides,
  };
}
