/**
 * Numbers other than money, and mobile numbers, as Indian users read them: lakh and crore grouping
 * (1,00,000), '+91 98765 43210'. Every screen shows counts, quantities and mobile numbers through these.
 */

const COUNT = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
/** Quantities are numeric(14,3): up to three decimals, none when whole. */
const QUANTITY = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });

const toNumber = (v: number | string | null | undefined) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? NaN : Number(v);

/** 1,00,000 — a count of things (rows, items, parties); '-' when there is none. */
export function formatCount(n: number | null | undefined): string {
  const v = toNumber(n);
  return Number.isFinite(v) ? COUNT.format(v) : '-';
}

/** 1,00,000.125 — a stock or line quantity (number or decimal string), up to three decimals; '-' when none. */
export function formatQuantity(q: number | string | null | undefined): string {
  const v = toNumber(q);
  return Number.isFinite(v) ? QUANTITY.format(v) : '-';
}

/** '+91 98765 43210' for a stored 10-digit mobile number; anything else as it is; undefined when empty. */
export function formatMobile(mobile: string | null | undefined): string | undefined {
  if (!mobile) return undefined;
  return /^[0-9]{10}$/.test(mobile) ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}

/** The 10 digits a mobile field keeps from what was typed or pasted: drops spaces, dashes, +91 and a leading 0. */
export function mobileDigits(typed: string | null | undefined): string {
  const d = (typed ?? '').replace(/\D/g, '');
  if (d.length === 12 && d.startsWith('91')) return d.slice(2);
  if (d.length === 11 && d.startsWith('0')) return d.slice(1);
  return d.slice(0, 10);
}
