import { gstinCheckChar, gstinProblem, isValidGstin, isValidHsn, isValidMobile, isValidPan, isValidPin, isValidSac, panFromGstin, stateCodeFromGstin } from './ids';

describe('GSTIN', () => {
  it('accepts a GSTIN whose check character matches', () => {
    expect(isValidGstin('27AAPFU0939F1ZV')).toBe(true);
    expect(gstinCheckChar('27AAPFU0939F1Z')).toBe('V');
  });

  it('refuses a wrong check character', () => {
    expect(gstinProblem('27AAPFU0939F1ZX')).toBe('checksum');
  });

  it('refuses malformed numbers and unknown state codes', () => {
    expect(gstinProblem('27AAPFU0939F1Z')).toBe('format');
    expect(gstinProblem('27aapfu0939f1zv')).toBe('format');
    expect(gstinProblem('99AAPFU0939F1ZV')).toBe('state');
  });

  it('yields its PAN and state code', () => {
    expect(panFromGstin('27AAPFU0939F1ZV')).toBe('AAPFU0939F');
    expect(stateCodeFromGstin('27AAPFU0939F1ZV')).toBe('27');
  });

  it('validates GSTINs generated for every state code', () => {
    const first14 = '29ABCDE1234F1Z';
    expect(isValidGstin(first14 + gstinCheckChar(first14))).toBe(true);
  });
});

describe('other Indian identifiers', () => {
  it.each([
    ['ABCDE1234F', true],
    ['ABCDE1234', false],
    ['abcde1234f', false],
  ])('PAN %s -> %s', (pan, ok) => expect(isValidPan(pan)).toBe(ok));

  it.each([
    ['400001', true],
    ['040001', false],
    ['40001', false],
  ])('PIN %s -> %s', (pin, ok) => expect(isValidPin(pin)).toBe(ok));

  it.each([
    ['9876543210', true],
    ['5876543210', false],
    ['987654321', false],
  ])('mobile %s -> %s', (m, ok) => expect(isValidMobile(m)).toBe(ok));

  it('HSN is 4, 6 or 8 digits; SAC is 6 digits starting 99', () => {
    expect(['1006', '100630', '10063010'].every(isValidHsn)).toBe(true);
    expect(['100', '10063', '1006301'].some(isValidHsn)).toBe(false);
    expect(isValidSac('998314')).toBe(true);
    expect(isValidSac('918314')).toBe(false);
  });
});
