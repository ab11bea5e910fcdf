import { ScheduleRequest } from './automated-bill';
import { daysInMonth, describeFrequency, indiaToday, isoWeekday, nextRunDate, nextRunDates, type ScheduleCalendar } from './index';

const cal = (c: Partial<ScheduleCalendar> & Pick<ScheduleCalendar, 'frequency'>): ScheduleCalendar => ({ startDate: '2026-01-01', ...c });

describe('schedule calendar', () => {
  it('bills every day from the start date', () => {
    expect(nextRunDates(cal({ frequency: { type: 'DAILY' }, startDate: '2026-02-27' }), 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('bills weekly on the chosen ISO weekday, the first on or after the start date', () => {
    // 2026-06-03 is a Wednesday.
    expect(isoWeekday('2026-06-03')).toBe(3);
    expect(nextRunDates(cal({ frequency: { type: 'WEEKLY', weekday: 1 }, startDate: '2026-06-03' }), 3)).toEqual(['2026-06-08', '2026-06-15', '2026-06-22']);
    expect(nextRunDates(cal({ frequency: { type: 'WEEKLY', weekday: 3 }, startDate: '2026-06-03' }), 2)).toEqual(['2026-06-03', '2026-06-10']);
    expect(nextRunDates(cal({ frequency: { type: 'WEEKLY', weekday: 7 }, startDate: '2026-06-03' }), 1)).toEqual(['2026-06-07']);
  });

  it('puts a day the month lacks on its last day, and never drifts after a short month', () => {
    expect(nextRunDates(cal({ frequency: { type: 'MONTHLY', dayOfMonth: 31 }, startDate: '2026-01-15' }), 5)).toEqual([
      '2026-01-31',
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
    ]);
    expect(nextRunDates(cal({ frequency: { type: 'MONTHLY', dayOfMonth: 30 }, startDate: '2028-01-30' }), 3)).toEqual(['2028-01-30', '2028-02-29', '2028-03-30']);
  });

  it('bills on the last day of every month with LAST, 29 February in a leap year', () => {
    expect(nextRunDates(cal({ frequency: { type: 'MONTHLY', dayOfMonth: 'LAST' }, startDate: '2028-01-31' }), 3)).toEqual(['2028-01-31', '2028-02-29', '2028-03-31']);
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('skips a first date before the start date', () => {
    expect(nextRunDate(cal({ frequency: { type: 'MONTHLY', dayOfMonth: 5 }, startDate: '2026-03-10' }))).toBe('2026-04-05');
  });

  it('bills quarterly and yearly from the start month; 29 February falls back to the 28th in other years', () => {
    expect(nextRunDates(cal({ frequency: { type: 'QUARTERLY', dayOfMonth: 31 }, startDate: '2026-01-01' }), 4)).toEqual([
      '2026-01-31',
      '2026-04-30',
      '2026-07-31',
      '2026-10-31',
    ]);
    expect(nextRunDates(cal({ frequency: { type: 'YEARLY', dayOfMonth: 29 }, startDate: '2028-02-01' }), 5)).toEqual([
      '2028-02-29',
      '2029-02-28',
      '2030-02-28',
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('ends on the end date (inclusive) and after N bills, whichever comes first', () => {
    const monthly = { type: 'MONTHLY' as const, dayOfMonth: 1 };
    expect(nextRunDates(cal({ frequency: monthly, endDate: '2026-03-01' }), 5)).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(nextRunDates(cal({ frequency: monthly, maxBills: 2 }), 5)).toEqual(['2026-01-01', '2026-02-01']);
    expect(nextRunDates(cal({ frequency: monthly, maxBills: 3 }), 5, { after: '2026-02-01', billed: 2 })).toEqual(['2026-03-01']);
    expect(nextRunDate(cal({ frequency: monthly, maxBills: 3 }), { after: '2026-03-01', billed: 3 })).toBeNull();
    expect(nextRunDate(cal({ frequency: monthly, endDate: '2026-01-20' }), { after: '2026-01-01', billed: 1 })).toBeNull();
  });

  it('continues after the last period and skips what lies before `from` (a resumed schedule)', () => {
    const daily = cal({ frequency: { type: 'DAILY' }, startDate: '2026-05-01' });
    expect(nextRunDates(daily, 2, { after: '2026-05-03' })).toEqual(['2026-05-04', '2026-05-05']);
    expect(nextRunDates(daily, 2, { after: '2026-05-03', from: '2026-05-10' })).toEqual(['2026-05-10', '2026-05-11']);
  });

  it('reads dates in India: 20:00 UTC on 31 March is already 1 April in Asia/Kolkata', () => {
    expect(indiaToday(new Date('2026-03-31T20:00:00Z'))).toBe('2026-04-01');
    expect(indiaToday(new Date('2026-03-31T18:29:00Z'))).toBe('2026-03-31');
  });

  it('names frequencies for a screen', () => {
    expect(describeFrequency({ type: 'MONTHLY', dayOfMonth: 'LAST' })).toBe('Every month on the last day');
    expect(describeFrequency({ type: 'WEEKLY', weekday: 1 })).toBe('Every week on Monday');
  });
});

describe('ScheduleRequest', () => {
  const base = { partyId: 'p', lines: [{ itemId: 'i', quantity: 1 }], startDate: '2026-05-01' };
  const issues = (body: object) => {
    const r = ScheduleRequest.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('asks for the weekday of a weekly bill and the day of a monthly one', () => {
    expect(issues({ ...base, frequency: { type: 'WEEKLY' } })).toEqual(['frequency.weekday: Choose the weekday of a weekly bill']);
    expect(issues({ ...base, frequency: { type: 'MONTHLY' } })).toEqual(['frequency.dayOfMonth: Choose the day of the month (1–31 or LAST)']);
    expect(issues({ ...base, frequency: { type: 'MONTHLY', dayOfMonth: 32 } })).toHaveLength(1);
    expect(issues({ ...base, frequency: { type: 'MONTHLY', dayOfMonth: 'LAST' } })).toEqual([]);
  });

  it('refuses an end date before the start date', () => {
    expect(issues({ ...base, frequency: { type: 'DAILY' }, endDate: '2026-04-30' })).toEqual(['endDate: End date cannot be before the start date']);
  });
});
