import { previousPeriod } from './statements';

describe('the period a profit & loss account is compared with', () => {
  it('compares whole months with as many months just before', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriod('2026-01-01', '2026-03-31')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
    expect(previousPeriod('2026-04-01', '2027-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
  });

  it('compares the financial year to date with the same dates of the year before', () => {
    expect(previousPeriod('2026-04-01', '2026-11-28')).toEqual({ from: '2025-04-01', to: '2025-11-28' });
    expect(previousPeriod('2027-04-01', '2028-02-29')).toEqual({ from: '2026-04-01', to: '2027-02-28' });
  });

  it('compares any other period with the days of the same length just before it', () => {
    expect(previousPeriod('2026-11-10', '2026-11-19')).toEqual({ from: '2026-10-31', to: '2026-11-09' });
  });
});
