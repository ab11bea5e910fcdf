import { z } from 'zod';
import { formatIndianNumber } from '../india/money';

/**
 * Money and quantities as they cross the API. Money is stored as numeric(14,2) and computed in integer paise;
 * in answers it is always a two-decimal string ('1500.00'); in requests a number or a string is accepted, checked
 * for real (finite, at most two decimals, within what numeric(14,2) holds) and turned into that string. Never a
 * float in arithmetic: convert with `toPaise` / `fromPaise` from `@bahi/shared` (india/money).
 */

/** numeric(14,2): twelve digits before the point. */
export const MONEY_MAX = '999999999999.99';
export const MONEY_MAX_PAISE = 99_999_999_999_999;
/** numeric(14,3) quantities: eleven digits before the point, three after. */
export const QUANTITY_MAX = '99999999999.999';
export const QUANTITY_MAX_MILLI = 99_999_999_999_999;

/** A two-decimal string as every answer carries it: '0.00', '-12.50', '123456789012.34'. */
export const MoneyString = z.string().regex(/^-?\d{1,12}\.\d{2}$/, 'Not an amount');
export type MoneyString = z.infer<typeof MoneyString>;

/**
 * A sum over documents as an answer carries it (a party's balance, a list's or a report's totals, a grouped row):
 * each document fits numeric(14,2) (twelve digits), their sum need not, and one large sum must not make a whole screen
 * unreadable. Fifteen digits: a thousand documents of the largest amount.
 */
export const MoneySumString = z.string().regex(/^-?\d{1,15}\.\d{2}$/, 'Not an amount');
export type MoneySumString = z.infer<typeof MoneySumString>;

const PLAIN_DECIMAL = /^([+-])?(\d+)(?:\.(\d*))?$/;

/**
 * A number or string as typed by a user or sent by a client, as a plain decimal string without exponent, or null
 * when it is not a finite number. Numbers use the shortest round-trip form, so 0.1 + 0.2 stays visibly wrong.
 */
function plainDecimal(v: unknown): { negative: boolean; whole: string; fraction: string } | null {
  let s: string;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return null;
    s = String(v);
    // 1e21 and 1e-7 print with an exponent: far outside what any amount or quantity field holds, or too precise.
    if (/e/i.test(s)) return null;
  } else if (typeof v === 'string') {
    // What people type and paste: '₹ 1,00,000.50'.
    s = v.replace(/[₹,\s]/g, '');
  } else return null;
  const m = PLAIN_DECIMAL.exec(s);
  if (!m) return null;
  const whole = m[2].replace(/^0+(?=\d)/, '');
  return { negative: m[1] === '-', whole, fraction: (m[3] ?? '').replace(/0+$/, '') };
}

interface DecimalRule {
  label: string;
  decimals: number;
  maxWholeDigits: number;
  /** Smallest allowed value, as a number of units (e.g. 0 for "0 or more"); undefined allows negatives. */
  min?: number;
  /** Largest allowed value in units, when tighter than the column (e.g. 100 for a percentage). */
  max?: number;
  /** Zero is refused (a quantity must be more than 0). */
  positive?: boolean;
  /** One message for a value that is a number but breaks the step or the minimum (a form's own wording). */
  message?: string;
}

function decimalSchema(rule: DecimalRule) {
  const { label, decimals } = rule;
  return z
    .unknown()
    .transform((v, ctx) => {
      const fail = (message: string) => {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      // Nothing typed (missing, null, blank or only '₹ ,'): the field is required, not "not a number".
      if (v === undefined || v === null || (typeof v === 'string' && v.replace(/[₹,\s]/g, '') === '')) return fail(`${label} is required`);
      const d = plainDecimal(v);
      if (!d) return fail(`${label} must be a number`);
      if (d.fraction.length > decimals) {
        return fail(
          rule.message ??
            (decimals === 0 ? `${label} must be a whole number` : `${label} can have at most ${decimals} decimal${decimals === 1 ? '' : 's'}`),
        );
      }
      const max = rule.max ?? Number(`${'9'.repeat(rule.maxWholeDigits)}.${'9'.repeat(decimals)}`);
      const size = Number(`${d.whole}.${d.fraction || '0'}`);
      if (d.whole.length > rule.maxWholeDigits || size > max) return fail(`${label} can be at most ${formatIndianNumber(max)}`);
      const isZero = /^0*$/.test(d.whole) && d.fraction === '';
      const negative = d.negative && !isZero;
      if (rule.min !== undefined && (negative ? -size : size) < rule.min) {
        return fail(rule.message ?? (rule.min === 0 ? `${label} cannot be negative` : `${label} must be ${rule.min} or more`));
      }
      if (rule.positive && (isZero || negative)) return fail(rule.message ?? `${label} must be more than 0`);
      const fraction = decimals === 0 ? '' : `.${d.fraction.padEnd(decimals, '0')}`;
      return `${negative ? '-' : ''}${d.whole}${fraction}`;
    })
    .meta({
      type: 'string',
      description: `${label}: a decimal number (JSON number or string) with at most ${decimals} decimals`,
      example: decimals === 2 ? '1250.50' : '1',
    });
}

/** An amount of money ≥ 0 in a request, answered to the handler as '1250.50'. */
export const Money = (label = 'Amount', opts: { max?: number; positive?: boolean; message?: string } = {}) =>
  decimalSchema({ label, decimals: 2, maxWholeDigits: 12, min: 0, ...opts });

/** An amount that may be negative (an opening balance the business owes, an adjustment). */
export const SignedMoney = (label = 'Amount') => decimalSchema({ label, decimals: 2, maxWholeDigits: 12 });

/** A quantity > 0 with up to three decimals (whole units are checked against the unit where that matters). */
export const Quantity = (label = 'Quantity', opts: { decimals?: number; max?: number } = {}) =>
  decimalSchema({ label, decimals: opts.decimals ?? 3, maxWholeDigits: 11, min: 0, positive: true, max: opts.max });

/** A rate in per cent with up to three decimals, 0–100 (GST rates, cess rates, discounts). */
export const Percent = (label = 'Rate') => decimalSchema({ label, decimals: 3, maxWholeDigits: 3, min: 0, max: 100 });
