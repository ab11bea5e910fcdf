import { Money, SignedMoney } from './money';
import { CreatePartyRequest, PartyListQuery, normalizeMobile, partyTypesMatching, resolveStateCode } from './party';

describe('party contract', () => {
  it('takes BOTH for a party that is customer and supplier, as written in a sheet or on the form', () => {
    const typeOf = (partyType: unknown) => {
      const r = CreatePartyRequest.safeParse({ name: 'Two Way Traders', partyType });
      return r.success ? r.data.partyType : r.error.issues[0].message;
    };
    expect(['BOTH', 'both', 'Customer & Supplier', ' customer  &  supplier ', 'Customer and Supplier'].map(typeOf)).toEqual(Array(5).fill('BOTH'));
    expect(typeOf('customer')).toBe('CUSTOMER');
    expect(typeOf('VENDOR')).toBe('Party type must be CUSTOMER, SUPPLIER or BOTH');
    expect(PartyListQuery.parse({ partyType: 'BOTH' }).partyType).toBe('BOTH');
  });

  it('counts a party marked BOTH among the customers and among the suppliers', () => {
    expect(partyTypesMatching('CUSTOMER')).toEqual(['CUSTOMER', 'BOTH']);
    expect(partyTypesMatching('SUPPLIER')).toEqual(['SUPPLIER', 'BOTH']);
    expect(partyTypesMatching('BOTH')).toEqual(['BOTH']);
  });

  it('resolves a state by name in any case, or by code', () => {
    expect(resolveStateCode('Maharashtra')).toBe('27');
    expect(resolveStateCode('  tamil   nadu ')).toBe('33');
    expect(resolveStateCode('7')).toBe('07');
    expect(resolveStateCode(27)).toBe('27');
    expect(resolveStateCode('Atlantis')).toBe('Atlantis');
  });

  it('keeps money exact: two places out, at most two in', () => {
    const m = SignedMoney('Amount');
    expect(m.parse('1,500.5')).toBe('1500.50');
    expect(m.parse(12.1)).toBe('12.10');
    expect(m.parse('₹ 99')).toBe('99.00');
    expect(m.parse('-0.05')).toBe('-0.05');
    expect(m.safeParse('1.001').error?.issues[0].message).toBe('Amount can have at most 2 decimals');
    expect(m.safeParse('1e3').error?.issues[0].message).toBe('Amount must be a number');
    expect(m.safeParse('999999999999.99').success).toBe(true);
    expect(m.safeParse('1000000000000').error?.issues[0].message).toBe('Amount can be at most 9,99,99,99,99,999.99');
    expect(Money('Limit').safeParse(-1).error?.issues[0].message).toBe('Limit cannot be negative');
  });

  it('normalises pasted mobile numbers to 10 digits', () => {
    expect(normalizeMobile('+91 98765-43210')).toBe('9876543210');
    expect(normalizeMobile('098765 43210')).toBe('9876543210');
    expect(normalizeMobile(9876543210)).toBe('9876543210');
  });

  it('turns a request into what the API stores: one BOTH address, PAN from the GSTIN', () => {
    const input = CreatePartyRequest.parse({
      name: ' Mehta ',
      partyType: 'supplier',
      gstin: '27aapfu0939f1zv',
      billingAddress: { type: 'BOTH', miscData: { ad: 'MG Road', st: 'Maharashtra', pin: '411001' } },
      shippingAddress: { miscData: { ad: 'ignored when billing serves both' } },
    });
    expect(input).toMatchObject({
      name: 'Mehta',
      partyType: 'SUPPLIER',
      panNumber: 'AAPFU0939F',
      billing: { ad: 'MG Road', st: '27', pin: '411001' },
      shipping: null,
      shippingSameAsBilling: true,
    });
  });

  it('names every problem at once, the cross-field ones too', () => {
    const result = CreatePartyRequest.safeParse({
      name: 'x',
      gstin: '27AAPFU0939F1ZV',
      panNumber: 'ABCDE1234F',
      billingAddress: { miscData: { st: 'Goa' } },
    });
    expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['partyType', 'gstin', 'panNumber']);
  });
});
