import { addressLine, formatDate, formatQuantity, placeOfSupplyLabel } from './format';

describe('formats', () => {
  it('writes dates DD/MM/YYYY, quantities in Indian grouping, and the place of supply as GST documents do', () => {
    expect(formatDate('2026-05-04')).toBe('04/05/2026');
    expect(formatDate(null)).toBe('-');
    expect(formatQuantity('125000.500')).toBe('1,25,000.5');
    expect(placeOfSupplyLabel('29')).toBe('29-Karnataka');
    expect(placeOfSupplyLabel('97', 'Other Territory')).toBe('97-Other Territory');
    expect(addressLine({ street: '14 MG Road', city: null, state: 'Karnataka', pin: '560001' })).toBe('14 MG Road, Karnataka, 560001');
  });
});
