import { financialYearOf } from '@bahi/shared';

/** The date presets of the sales and purchase lists; the dates of 'custom' come from the address. */
export const PERIODS = [
  { value: 'today', label: 'Today' },
  { value: 'this-month', label: 'This month' },
  { value: 'last-month', label: 'Last month' },
  { value: 'this-fy', label: 'This financial year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type Period = (typeof PERIODS)[number]['value'];
export const DEFAULT_PERIOD: Period = 'this-month';

export const isPeriod = (v: string | null): v is Period => PERIODS.some((p) => p.value === v);

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** From and to (YYYY-MM-DD, both included) of a preset on `today`; custom keeps what was chosen. */
export function periodRange(period: Period, today: string, custom: { from?: string; to?: string } = {}): { from?: string; to?: string } {
  const [y, m] = today.split('-').map(Number);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'this-month':
      return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` };
    case 'last-month': {
      const [ly, lm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { from: `${ly}-${pad(lm)}-01`, to: `${ly}-${pad(lm)}-${pad(lastDayOf(ly, lm))}` };
    }
    case 'this-fy': {
      const fy = financialYearOf(today);
      return { from: fy.start, to: fy.end };
    }
    case 'custom':
      return { from: custom.from, to: custom.to };
  }
}
