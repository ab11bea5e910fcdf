import { INDIAN_STATES, isValidPin } from '../india';
import { bengaluruParty, makeAddress, makeParty, samplePin } from './documents';

describe('party fixtures', () => {
  it('give every GST state an address with a valid PIN code of its own', () => {
    for (const state of INDIAN_STATES.filter((s) => !s.special)) {
      const address = makeAddress(state.code);
      expect({ state: state.code, valid: isValidPin(address.miscData.pin ?? '') }).toEqual({ state: state.code, valid: true });
      expect(address.miscData).toMatchObject({ stateCode: state.code, st: state.name });
    }
    expect([samplePin('27'), samplePin('29'), samplePin('7'), samplePin('33')]).toEqual(['400001', '560001', '110001', '600001']);
  });

  it('make a party in a state with a PIN of that state, and a bare one without an address', () => {
    expect(makeParty({ stateCode: '27' }).billingAddress?.miscData).toMatchObject({ stateCode: '27', st: 'Maharashtra', pin: '400001' });
    expect(bengaluruParty.shippingAddress?.miscData).toMatchObject({ stateCode: '29', pin: '560001' });
    const bare = makeParty({ name: 'Walk-in', partyType: 'SUPPLIER' });
    expect(bare).toMatchObject({ name: 'Walk-in', partyType: 'SUPPLIER', billingAddress: null, shippingAddress: null });
    expect(bare).not.toHaveProperty('stateCode');
  });
});
