import { formatCount, formatMobile, formatQuantity, mobileDigits } from './format';

describe('counts and quantities', () => {
  it('groups the Indian way: thousand, lakh, crore', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(100000)).toBe('1,00,000');
    expect(formatCount(12345678)).toBe('1,23,45,678');
  });

  it('shows quantities with up to three decimals, from numbers or decimal strings', () => {
    expect(formatQuantity(100000)).toBe('1,00,000');
    expect(formatQuantity('250000.500')).toBe('2,50,000.5');
    expect(formatQuantity(1.125)).toBe('1.125');
    expect(formatQuantity('0.0004')).toBe('0');
    expect(formatQuantity(-1500)).toBe('-1,500');
  });

  it('shows - when there is nothing to show', () => {
    expect(formatCount(null)).toBe('-');
    expect(formatQuantity(undefined)).toBe('-');
    expect(formatQuantity('')).toBe('-');
    expect(formatQuantity('abc')).toBe('-');
  });
});

describe('mobile numbers', () => {
  it('shows a stored number as +91 98765 43210', () => {
    expect(formatMobile('9876543210')).toBe('+91 98765 43210');
    expect(formatMobile('022-2345')).toBe('022-2345');
    expect(formatMobile(null)).toBeUndefined();
  });

  it('keeps the 10 digits of what was typed or pasted', () => {
    expect(mobileDigits('+91 98765 43210')).toBe('9876543210');
    expect(mobileDigits('098765-43210')).toBe('9876543210');
    expect(mobileDigits('98765 432109')).toBe('9876543210');
    expect(mobileDigits(undefined)).toBe('');
  });
});
