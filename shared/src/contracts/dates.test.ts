import { LockBooksRequest, booksClosedProblem, dayMonthYear } from './dates';

describe('closed periods', () => {
  it('refuses a date on or before the lock date, naming it DD-MM-YYYY, and nothing while the books are open', () => {
    expect(booksClosedProblem('2026-03-31', '2026-03-31')).toBe('Books are closed up to 31-03-2026');
    expect(booksClosedProblem('2025-04-01', '2026-03-31')).toBe('Books are closed up to 31-03-2026');
    expect(booksClosedProblem('2026-04-01', '2026-03-31')).toBeNull();
    expect(booksClosedProblem('2017-07-01', null)).toBeNull();
    expect(dayMonthYear('2026-11-05')).toBe('05-11-2026');
  });

  it('takes a real date or null to open the books', () => {
    expect(LockBooksRequest.safeParse({ lockedUntil: null }).success).toBe(true);
    expect(LockBooksRequest.safeParse({ lockedUntil: '2026-02-30' }).success).toBe(false);
    expect(LockBooksRequest.safeParse({}).success).toBe(false);
  });
});
