import { periodRange } from './periods';

describe('periodRange', () => {
  it('gives today, this month and last month, across a year end and a leap February', () => {
    expect(periodRange('today', '2026-05-04')).toEqual({ from: '2026-05-04', to: '2026-05-04' });
    expect(periodRange('this-month', '2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('last-month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('gives the financial year from 1 April to 31 March', () => {
    expect(periodRange('this-fy', '2027-03-31')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    expect(periodRange('this-fy', '2026-04-01')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
  });

  it('keeps the chosen dates of a custom range', () => {
    expect(periodRange('custom', '2026-05-04', { from: '2026-01-01' })).toEqual({ from: '2026-01-01', to: undefined });
  });
});
