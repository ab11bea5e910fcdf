import { INDIAN_STATES, isStateCode, stateName } from './states';

describe('GST state codes', () => {
  it('lists 01-38 plus 97 and 96, each once', () => {
    const codes = INDIAN_STATES.map((s) => s.code);
    for (let i = 1; i <= 38; i++) expect(codes).toContain(String(i).padStart(2, '0'));
    expect(codes).toEqual(expect.arrayContaining(['97', '96']));
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('names a code', () => {
    expect(stateName('27')).toBe('Maharashtra');
    expect(stateName('38')).toBe('Ladakh');
    expect(stateName('00')).toBeUndefined();
    expect(isStateCode('96')).toBe(true);
  });
});
