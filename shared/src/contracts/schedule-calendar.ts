/*
 * The calendar of automated bills: on which dates a schedule issues a bill. Pure functions on calendar dates
 * 'YYYY-MM-DD' (India, Asia/Kolkata: a date is "due" once India's today reaches it), shared by the API's scheduler
 * and the form's preview, so the form shows exactly the dates the API will bill.
 *
 * Rules:
 * - DAILY: every day from the start date.
 * - WEEKLY: every week on `weekday` (ISO: 1 = Monday … 7 = Sunday), the first on or after the start date.
 * - MONTHLY / QUARTERLY / YEARLY: every 1 / 3 / 12 months counted from the start date's month, on `dayOfMonth`;
 *   a day the month does not have (31 in April, 29–31 in February) is that month's last day, and "LAST" is always
 *   the last day. A first date before the start date is skipped.
 * - The schedule ends after its end date (inclusive) or after `maxBills` bills, whichever comes first.
 */

import { addDays } from './account';

export const FREQUENCY_TYPES = ['DAILY', 'WEEKLY', 'MONTHLY', 'QUARTERLY', 'YEARLY'] as const;
export type FrequencyType = (typeof FREQUENCY_TYPES)[number];

/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface ScheduleFrequency {
  type: FrequencyType;
  /** WEEKLY: 1 = Monday … 7 = Sunday. */
  weekday?: number | null;
  /** MONTHLY, QUARTERLY, YEARLY: 1–31 or the month's last day. */
  dayOfMonth?: number | 'LAST' | null;
}

export interface ScheduleCalendar {
  frequency: ScheduleFrequency;
  startDate: string;
  /** The last date a bill may be dated (inclusive). */
  endDate?: string | null;
  /** At most this many bills in all. */
  maxBills?: number | null;
}

const MONTH_STEP: Partial<Record<FrequencyType, number>> = { MONTHLY: 1, QUARTERLY: 3, YEARLY: 12 };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const parts = (date: string) => ({ y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) });
const format = (y: number, m: number, d: number) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`;

/** Days in a month (m 1–12): 29 for February of a leap year. */
export function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The frequency's date in the month `index` steps after the start date's month. */
function monthDate(startDate: string, step: number, index: number, dayOfMonth: number | 'LAST'): string {
  const { y, m } = parts(startDate);
  const months = y * 12 + (m - 1) + step * index;
  const year = Math.floor(months / 12);
  const month = (months % 12) + 1;
  const last = daysInMonth(year, month);
  return format(year, month, dayOfMonth === 'LAST' ? last : Math.min(dayOfMonth, last));
}

/**
 * The run dates of a frequency from the start date on, without end: the generator the other functions read.
 * Dates only grow, so a caller stops as soon as one is past what it needs.
 */
export function* runDates(frequency: ScheduleFrequency, startDate: string): Generator<string> {
  switch (frequency.type) {
    case 'DAILY':
      for (let date = startDate; ; date = addDays(date, 1)) yield date;
    case 'WEEKLY': {
      const weekday = frequency.weekday ?? isoWeekday(startDate);
      let date = addDays(startDate, (weekday - isoWeekday(startDate) + 7) % 7);
      for (; ; date = addDays(date, 7)) yield date;
    }
    default: {
      const step = MONTH_STEP[frequency.type];
      if (!step) throw new Error(`Unknown frequency ${String(frequency.type)}`);
      const day = frequency.dayOfMonth ?? parts(startDate).d;
      for (let index = 0; ; index++) {
        const date = monthDate(startDate, step, index, day);
        if (date >= startDate) yield date;
      }
    }
  }
}

/** Far enough to end any loop: no document date lies beyond it (contracts' DATE_MAX). */
const CALENDAR_END = '2099-12-31';

/**
 * The next `count` run dates of a schedule that has already billed `billed` periods, the last of them `after`
 * (exclusive; none yet: undefined), and none before `from` (inclusive; a resumed schedule skips what passed while
 * it was paused). Empty when the schedule has ended by its end date or its number of bills.
 */
export function nextRunDates(
  schedule: ScheduleCalendar,
  count: number,
  position: { after?: string | null; from?: string | null; billed?: number } = {},
): string[] {
  const left = schedule.maxBills == null ? Infinity : schedule.maxBills - (position.billed ?? 0);
  const wanted = Math.min(count, left);
  const dates: string[] = [];
  if (wanted <= 0) return dates;
  const end = schedule.endDate && schedule.endDate < CALENDAR_END ? schedule.endDate : CALENDAR_END;
  for (const date of runDates(schedule.frequency, schedule.startDate)) {
    if (date > end) break;
    if ((position.after && date <= position.after) || (position.from && date < position.from)) continue;
    dates.push(date);
    if (dates.length >= wanted) break;
  }
  return dates;
}

/** The one next run date, or null when the schedule has no more. */
export function nextRunDate(schedule: ScheduleCalendar, position: { after?: string | null; from?: string | null; billed?: number } = {}): string | null {
  return nextRunDates(schedule, 1, position)[0] ?? null;
}

/** "Every month on the last day", "Every week on Monday": how a screen names a frequency. */
export function describeFrequency(f: ScheduleFrequency): string {
  const day = f.dayOfMonth === 'LAST' ? 'the last day' : f.dayOfMonth ? `day ${f.dayOfMonth}` : 'the start date’s day';
  switch (f.type) {
    case 'DAILY':
      return 'Every day';
    case 'WEEKLY':
      return `Every week on ${f.weekday ? WEEKDAY_NAMES[f.weekday - 1] : 'the start date’s weekday'}`;
    case 'MONTHLY':
      return `Every month on ${day}`;
    case 'QUARTERLY':
      return `Every 3 months on ${day}`;
    case 'YEARLY':
      return `Every year on ${day} of the start month`;
  }
}
