import { MONEY_MAX_PAISE } from '../contracts/money';
import { GstInputError } from './errors';

/** Every amount the engine gives out must fit numeric(14,2); beyond 2^53 a Number would also lose paise. */
export const MAX_PAISE = BigInt(MONEY_MAX_PAISE);

export interface DecimalField {
  field: string;
  /** Said in messages: 'Quantity', 'Unit price'. */
  label: string;
  decimals: number;
  maxWholeDigits: number;
  /** Zero is refused. */
  positive?: boolean;
  /** Largest allowed value, already scaled by 10^decimals. */
  max?: bigint;
}

const PLAIN = /^(-)?(\d+\.?\d*|\.\d+)$/;

/**
 * A decimal number (string, or a JS number that prints exactly as one) as an integer scaled by 10^decimals,
 * without ever going through float arithmetic. A number that is not exactly what it looks like to the allowed
 * decimals is refused: 0.1 + 0.2 prints as 0.30000000000000004 and so is not a price.
 */
export function parseDecimal(value: unknown, rule: DecimalField): bigint {
  const { field, label, decimals } = rule;
  const step = `a number with at most ${decimals} decimal${decimals === 1 ? '' : 's'}`;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new GstInputError(field, `${label} must be ${step}`);
    text = String(value);
    // 1e21 and beyond print with an exponent (as do tiny numbers, which the decimals check refuses).
    if (/e\+/.test(text)) throw new GstInputError(field, `${label} is too large`);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new GstInputError(field, `${label} is required`);
  }
  if (text === '') throw new GstInputError(field, `${label} is required`);
  const m = PLAIN.exec(text);
  if (!m) throw new GstInputError(field, `${label} must be ${step}`);
  const [whole = '', fraction = ''] = m[2].split('.');
  const digits = fraction.replace(/0+$/, '');
  if (digits.length > decimals) throw new GstInputError(field, `${label} must be ${step}`);
  const wholeDigits = whole.replace(/^0+/, '');
  if (wholeDigits.length > rule.maxWholeDigits) throw new GstInputError(field, `${label} is too large`);
  const scaled = BigInt((wholeDigits || '0') + digits.padEnd(decimals, '0'));
  if (m[1] && scaled !== 0n) throw new GstInputError(field, `${label} cannot be negative`);
  if (rule.positive && scaled === 0n) throw new GstInputError(field, `${label} must be more than 0`);
  if (rule.max !== undefined && scaled > rule.max) {
    throw new GstInputError(field, `${label} can be at most ${formatScaled(rule.max, decimals)}`);
  }
  return scaled;
}

/** Absent: undefined, null or an empty string (an emptied form field). */
export function isAbsent(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A scaled integer back to its shortest decimal text: (18000n, 3) → '18', (250n, 3) → '0.25'. */
export function formatScaled(n: bigint, decimals: number): string {
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** n ÷ d rounded half-up (0.5 → 1); n ≥ 0, d > 0 on every line of the engine. */
export function divHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** A figure of a line or a document as integer paise, refused when it cannot be stored (numeric(14,2)). */
export function toPaiseNumber(n: bigint, field: string, what: string): number {
  if (n > MAX_PAISE || n < -MAX_PAISE) throw new GstInputError(field, `${what} is too large`);
  return Number(n);
}
