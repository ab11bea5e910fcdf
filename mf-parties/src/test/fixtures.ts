import type { PartyAddress } from '@bahi/shared';
import { nextId } from '@bahi/shared/testing';

/** An address as the API answers it, with only the parts given (a party form may leave any blank). */
export function makeAddress(type: PartyAddress['type'], miscData: Partial<PartyAddress['miscData']> = {}): PartyAddress {
  return { id: nextId(), type, miscData: { ad: null, st: null, pin: null, stateCode: null, ...miscData } };
}

// A party: `makeParty` of @bahi/shared/testing (the same fixture as the document screens').
export { makeParty } from '@bahi/shared/testing';
