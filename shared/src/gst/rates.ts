import { formatScaled, parseDecimal } from './decimal';
import { GstInputError } from './errors';

/** The GST rates in force (per cent), gst-rules.md "Rates". */
export const GST_RATES: readonly string[] = Object.freeze([
  '0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40',
]);

/** Rates are per cent with up to three decimals: kept as thousandths of a per cent (18 % = 18000n). */
export const RATE_DECIMALS = 3;

const RATE_SET = new Set(GST_RATES);

/** The rate in thousandths of a per cent, or a GstInputError on `field` when it is not one of GST_RATES. */
export function parseGstRate(rate: unknown, field = 'gstRate'): bigint {
  const scaled = parseDecimal(rate, { field, label: 'GST rate', decimals: RATE_DECIMALS, maxWholeDigits: 3 });
  if (!RATE_SET.has(formatScaled(scaled, RATE_DECIMALS))) {
    throw new GstInputError(field, `GST rate must be one of ${GST_RATES.join(', ')} %`);
  }
  return scaled;
}

/** '18', 18, '18.000' and ' 18 ' are the GST rate 18; 17 and 0.1 + 0.2 are not rates. */
export function isGstRate(rate: string | number): boolean {
  try {
    parseGstRate(rate);
    return true;
  } catch {
    return false;
  }
}

/** The rate as GST_RATES writes it ('18.000' → '18', 0.25 → '0.25'); throws GstInputError when it is none. */
export function normalizeGstRate(rate: string | number): string {
  return formatScaled(parseGstRate(rate), RATE_DECIMALS);
}
