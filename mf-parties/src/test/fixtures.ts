import type { Party, PartyAddress } from '@bahi/shared';

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
