/** @jest-environment node */
import { isValidGstin } from '../india';
import { GstInputError, placeOfSupplyFor, stateTaxLabel, supplierStateOf, supplyTypeOf } from '.';

// Valid GSTINs (check digit computed): Himachal Pradesh (02), Maharashtra (27), Telangana (36).
const GSTIN_02 = '02AAPFU0939F1Z7';
const GSTIN_27 = '27AAPFU0939F1ZV';
const GSTIN_36 = '36AAPFU0939F1ZW';

it('uses valid GSTINs', () => {
  expect([GSTIN_02, GSTIN_27, GSTIN_36].every(isValidGstin)).toBe(true);
});

describe('supplier state', () => {
  it("is the branch GSTIN's state, else the branch address state, else the business GSTIN's, else the business state", () => {
    expect(supplierStateOf({ gstin: GSTIN_27, stateCode: '29' }, { gstin: GSTIN_36, stateCode: '33' })).toBe('27');
    expect(supplierStateOf({ gstin: null, stateCode: '29' }, { gstin: GSTIN_36, stateCode: '33' })).toBe('29');
    expect(supplierStateOf({}, { gstin: GSTIN_36, stateCode: '33' })).toBe('36');
    expect(supplierStateOf({ gstin: '', stateCode: '' }, { gstin: null, stateCode: '33' })).toBe('33');
    expect(supplierStateOf({}, {})).toBeNull();
  });

  it('skips codes that are no GST state, and Other Country', () => {
    expect(supplierStateOf({ gstin: '99XXXXX0000X1Z5', stateCode: '96' }, { stateCode: '07' })).toBe('07');
    expect(supplierStateOf({ stateCode: 'MH' }, { stateCode: null })).toBeNull();
  });
});

describe('place of supply (gst-rules.md "Who pays which tax")', () => {
  const party = { gstin: GSTIN_36, billingStateCode: '29', shippingStateCode: '33' };

  it('goods: the shipping address state, else the billing address state, else the GSTIN state', () => {
    expect(placeOfSupplyFor({ supplierState: '27', isService: false, party })).toEqual({ stateCode: '33', reason: 'SHIPPING_ADDRESS' });
    expect(placeOfSupplyFor({ supplierState: '27', isService: false, party: { ...party, shippingStateCode: null } })).toEqual({
      stateCode: '29',
      reason: 'BILLING_ADDRESS',
    });
    expect(placeOfSupplyFor({ supplierState: '27', isService: false, party: { gstin: GSTIN_36 } })).toEqual({
      stateCode: '36',
      reason: 'PARTY_GSTIN',
    });
  });

  it('services: the GSTIN state, else the billing address state (never the shipping address)', () => {
    expect(placeOfSupplyFor({ supplierState: '27', isService: true, party })).toEqual({ stateCode: '36', reason: 'PARTY_GSTIN' });
    expect(placeOfSupplyFor({ supplierState: '27', isService: true, party: { ...party, gstin: null } })).toEqual({
      stateCode: '29',
      reason: 'BILLING_ADDRESS',
    });
    expect(placeOfSupplyFor({ supplierState: '27', isService: true, party: { shippingStateCode: '33' } })).toEqual({
      stateCode: '27',
      reason: 'SUPPLIER_STATE',
    });
  });

  it('walk-in (no party): the supplier state', () => {
    expect(placeOfSupplyFor({ supplierState: '27', isService: false, party: null })).toEqual({ stateCode: '27', reason: 'WALK_IN' });
    expect(placeOfSupplyFor({ supplierState: '04', isService: true, party: null })).toEqual({ stateCode: '04', reason: 'WALK_IN' });
  });

  it('a party with no address state and no GSTIN: the supplier state', () => {
    expect(placeOfSupplyFor({ supplierState: '27', isService: false, party: { gstin: '', billingStateCode: '' } })).toEqual({
      stateCode: '27',
      reason: 'SUPPLIER_STATE',
    });
  });

  it('export: 96 (Other Country), whatever the party says', () => {
    expect(placeOfSupplyFor({ supplierState: '27', isService: false, isExport: true, party })).toEqual({ stateCode: '96', reason: 'EXPORT' });
    expect(placeOfSupplyFor({ supplierState: '27', isService: true, isExport: true, party: null })).toEqual({
      stateCode: '96',
      reason: 'EXPORT',
    });
  });

  it('a foreign buyer whose address state is 96 gets POS 96, which is IGST', () => {
    const pos = placeOfSupplyFor({ supplierState: '27', isService: false, party: { billingStateCode: '96' } });
    expect(pos).toEqual({ stateCode: '96', reason: 'BILLING_ADDRESS' });
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: pos.stateCode })).toBe('INTER');
  });

  it('needs a supplier state', () => {
    for (const supplierState of ['', '99', '96']) {
      expect(() => placeOfSupplyFor({ supplierState, isService: false, party: null })).toThrow(GstInputError);
    }
  });
});

describe('supply type', () => {
  it('intra-state when the place of supply is the supplier state, else inter-state', () => {
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '27' })).toBe('INTRA');
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '29' })).toBe('INTER');
    expect(supplyTypeOf({ supplierState: '04', placeOfSupply: '04' })).toBe('INTRA');
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '97' })).toBe('INTER');
  });

  it('a buyer registered in 36 receiving goods in 02 from a supplier in 02 pays CGST + SGST: POS decides, not the GSTIN', () => {
    const pos = placeOfSupplyFor({
      supplierState: '02',
      isService: false,
      party: { gstin: GSTIN_36, billingStateCode: '36', shippingStateCode: '02' },
    });
    expect(pos).toEqual({ stateCode: '02', reason: 'SHIPPING_ADDRESS' });
    expect(supplyTypeOf({ supplierState: '02', placeOfSupply: pos.stateCode })).toBe('INTRA');
    // and the other way: a buyer registered in the supplier's state, receiving goods in another state
    const away = placeOfSupplyFor({ supplierState: '02', isService: false, party: { gstin: GSTIN_02, shippingStateCode: '36' } });
    expect(supplyTypeOf({ supplierState: '02', placeOfSupply: away.stateCode })).toBe('INTER');
  });

  it('a supply to an SEZ is IGST even within the state', () => {
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '27', sez: true })).toBe('INTER');
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '29', sez: true })).toBe('INTER');
  });

  it('an export is IGST: by the flag or by POS 96', () => {
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '27', isExport: true })).toBe('INTER');
    expect(supplyTypeOf({ supplierState: '27', placeOfSupply: '96' })).toBe('INTER');
  });

  it('refuses state codes that are not GST state codes, naming the field', () => {
    const fields = [
      { supplierState: '27', placeOfSupply: '' },
      { supplierState: '27', placeOfSupply: '27 ' },
      { supplierState: 'MH', placeOfSupply: '27' },
    ].map((input) => {
      try {
        supplyTypeOf(input);
        return null;
      } catch (e) {
        return (e as GstInputError).field;
      }
    });
    expect(fields).toEqual(['placeOfSupply', 'placeOfSupply', 'supplierState']);
  });
});

describe('state tax label', () => {
  it('is UTGST in the union territories without a legislature, SGST elsewhere', () => {
    for (const code of ['04', '26', '31', '35', '38']) expect(stateTaxLabel(code)).toBe('UTGST');
    // Delhi, Puducherry and Jammu and Kashmir have legislatures: SGST
    for (const code of ['07', '34', '01', '27', '02', '36', '97']) expect(stateTaxLabel(code)).toBe('SGST');
  });
});
