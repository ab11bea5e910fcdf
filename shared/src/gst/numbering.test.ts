/** @jest-environment node */
import { GstInputError, documentNumber, documentSeriesPrefix, financialYearOf, isValidDocumentNumber } from '.';

function fieldOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    if (e instanceof GstInputError) return e.field;
    throw e;
  }
}

describe('financial year', () => {
  it('runs from 1 April to 31 March', () => {
    expect(financialYearOf('2026-05-01')).toEqual({ label: '2026-27', short: '26-27', start: '2026-04-01', end: '2027-03-31' });
    expect(financialYearOf('2026-04-01').label).toBe('2026-27');
    expect(financialYearOf('2026-03-31').label).toBe('2025-26');
    expect(financialYearOf('2027-03-31')).toEqual({ label: '2026-27', short: '26-27', start: '2026-04-01', end: '2027-03-31' });
    expect(financialYearOf('2027-01-01').label).toBe('2026-27');
    expect(financialYearOf('2026-12-31').label).toBe('2026-27');
  });

  it('writes the turn of a century with two digits', () => {
    expect(financialYearOf('2099-04-01')).toEqual({ label: '2099-00', short: '99-00', start: '2099-04-01', end: '2100-03-31' });
    expect(financialYearOf('2000-02-29').label).toBe('1999-00');
  });

  it('refuses what is not a real date written YYYY-MM-DD', () => {
    for (const d of ['2026-02-29', '2026-13-01', '2026-04-31', '01/04/2026', '2026-4-1', '', '2026-04-01T00:00:00Z']) {
      expect(fieldOf(() => financialYearOf(d))).toBe('date');
    }
    expect(financialYearOf('2028-02-29').label).toBe('2027-28');
  });
});

describe('document numbers', () => {
  it('joins prefix, year and running number', () => {
    expect(documentNumber('MUM', '2026-27', 42)).toBe('MUM/26-27/42');
    expect(documentNumber('QT', '2026-27', 7)).toBe('QT/26-27/7');
    expect(documentNumber('MUM', '2026-27', 999999)).toBe('MUM/26-27/999999');
    // no prefix: the year in full, so that a number of 2005-06 does not start with 0
    expect(documentNumber('', '2026-27', 1)).toBe('2026-27/1');
    expect(documentNumber('  ', '2005-06', 999999)).toBe('2005-06/999999');
    expect(documentNumber('S', '2005-06', 1)).toBe('S/05-06/1');
  });

  it('shortens the year, then the prefix, so a six-digit running number still fits in 16 characters', () => {
    expect(documentNumber('INV1', '2026-27', 42)).toBe('INV1/2627/42');
    expect(documentNumber('PUNE-1', '2026-27', 42)).toBe('PUNE-1/26/42');
    expect(documentNumber('BANGALORE-MAIN', '2026-27', 42)).toBe('BANGAL/26/42');
    // a cut never leaves a separator before the year's
    expect(documentNumber('AB-CD-EF', '2026-27', 42)).toBe('AB-CD/26/42');
    // the form of a series does not change as its numbers grow
    for (const prefix of ['MUM', 'INV1', 'PUNE-1', 'BANGALORE-MAIN', 'S/WEST/2', 'x'.repeat(40)]) {
      const head = documentSeriesPrefix(prefix, '2026-27');
      for (const n of [1, 42, 9999, 100000, 999999]) {
        const number = documentNumber(prefix, '2026-27', n);
        expect(number).toBe(`${head}${n}`);
        expect(number.length).toBeLessThanOrEqual(16);
        expect(isValidDocumentNumber(number)).toBe(true);
      }
    }
  });

  it('trims the prefix and the separators it ends with', () => {
    expect(documentNumber(' MUM/ ', '2026-27', 42)).toBe('MUM/26-27/42');
    expect(documentNumber('A-', '2026-27', 1)).toBe('A/26-27/1');
  });

  it('refuses a prefix with other characters or starting with 0, / or -', () => {
    for (const prefix of ['0MUM', '/MUM', '-MUM', 'MUM 1', 'MUM_1', 'मुंबई', 'MUM.1']) {
      expect(fieldOf(() => documentNumber(prefix, '2026-27', 1))).toBe('prefix');
    }
  });

  it('refuses a running number that is not a whole number from 1, or that no longer fits', () => {
    for (const n of [0, -1, 1.5, Number.NaN]) expect(fieldOf(() => documentNumber('MUM', '2026-27', n))).toBe('runningNumber');
    expect(documentNumber('A', '2026-27', 1234567)).toBe('A/26-27/1234567');
    expect(fieldOf(() => documentNumber('MUM', '2026-27', 1000000))).toBe('runningNumber');
  });

  it('refuses a financial year that is not written like 2026-27', () => {
    for (const fy of ['26-27', '2026-28', '2026', '2026/27', '']) expect(fieldOf(() => documentNumber('MUM', fy, 1))).toBe('financialYear');
    expect(documentNumber('MUM', '2099-00', 1)).toBe('MUM/99-00/1');
  });

  it('knows a valid document number', () => {
    for (const s of ['MUM/26-27/42', 'a', 'Z-1', '1234567890123456', 'INV/2627/999999']) expect(isValidDocumentNumber(s)).toBe(true);
    for (const s of ['', '0001', '/A', '-A', '12345678901234567', 'MUM 26', 'MUM_1', 'MUM.1', 'ÄB']) {
      expect(isValidDocumentNumber(s)).toBe(false);
    }
  });
});
