import type { Branch } from '@bahi/shared';

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
    // A branch with a GSTIN of its own carries its registration; one without takes the business's.
    registrationType: rest.gstin ? 'REGULAR' : null,
    invoicePrefix: null,
    isDefault: false,
    createdAt: '2025-04-01T05:30:00.000Z',
    updatedAt: '2025-04-01T05:30:00.000Z',
    ...rest,
    address: { street: null, city: null, stateCode: null, pin: null, ...address },
  };
}
