import { formatRupees } from '@bahi/shared';

/** Figures in a report column: tabular digits, '-' where a figure does not apply (null). */
export function Money({ value }: { value: string | null | undefined }) {
  return <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{value === null || value === undefined ? '-' : formatRupees(value)}</span>;
}

/** A party balance as an accountant reads it: what the party owes is Dr, what the business owes it is Cr. */
export function drCr(balance: string): string {
  if (Number(balance) === 0) return formatRupees(0);
  const owed = !balance.startsWith('-');
  return `${formatRupees(owed ? balance : balance.slice(1))} ${owed ? 'Dr' : 'Cr'}`;
}
