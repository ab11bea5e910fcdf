import { MONEY_MAX_PAISE, QUANTITY_MAX_MILLI } from '../contracts/money';
import { divHalfUp, isAbsent, parseDecimal, toPaiseNumber } from './decimal';
import { GstInputError } from './errors';
import { RATE_DECIMALS, parseGstRate } from './rates';
import type { GstLineInput, GstLineResult, SupplyType } from './types';

/**
 * Scales of the exact integers the engine computes in (BigInt: quantity × price alone can pass 2^53):
 * quantities in thousandths of a unit, money in paise, rates in thousandths of a per cent, cess per unit in
 * thousandths of a rupee (tenths of a paisa).
 */
const MILLI = 1000n;
/** 100 % in thousandths of a per cent. */
const HUNDRED_PERCENT = 100_000n;
/** Thousandths of a unit × thousandths of a rupee = ten-thousandths of a paisa. */
const QTY_X_CESS_PER_PAISA = 10_000n;

/** The line's inputs as exact integers, validated; a GstInputError names the first field that is wrong. */
export interface ParsedLine {
  /** Thousandths of a unit, > 0. */
  quantity: bigint;
  /** Paise. */
  unitPrice: bigint;
  priceIncludesTax: boolean;
  discountAmount: bigint | null;
  /** Thousandths of a per cent, 0–100 %. */
  discountPercent: bigint;
  /** Thousandths of a per cent, one of GST_RATES. */
  gstRate: bigint;
  /** Thousandths of a per cent. */
  cessRate: bigint;
  /** Thousandths of a rupee per unit. */
  cessPerUnit: bigint;
}

export function parseLine(line: GstLineInput): ParsedLine {
  if (line === null || typeof line !== 'object') throw new GstInputError('line', 'A line is required');
  const quantity = parseDecimal(line.quantity, {
    field: 'quantity',
    label: 'Quantity',
    decimals: 3,
    maxWholeDigits: 11,
    positive: true,
    max: BigInt(QUANTITY_MAX_MILLI),
  });
  const unitPrice = parseDecimal(line.unitPrice, {
    field: 'unitPrice',
    label: 'Unit price',
    decimals: 2,
    maxWholeDigits: 12,
    max: BigInt(MONEY_MAX_PAISE),
  });
  const discountAmount = isAbsent(line.discountAmount)
    ? null
    : parseDecimal(line.discountAmount, { field: 'discountAmount', label: 'Discount', decimals: 2, maxWholeDigits: 12 });
  const discountPercent =
    discountAmount !== null || isAbsent(line.discountPercent)
      ? 0n
      : parseDecimal(line.discountPercent, {
          field: 'discountPercent',
          label: 'Discount %',
          decimals: RATE_DECIMALS,
          maxWholeDigits: 3,
          max: HUNDRED_PERCENT,
        });
  const gstRate = parseGstRate(line.gstRate);
  // Compensation cess on some goods is well over 100 % (tobacco), so only the three whole digits bound it.
  const cessRate = isAbsent(line.cessRate)
    ? 0n
    : parseDecimal(line.cessRate, { field: 'cessRate', label: 'Cess rate', decimals: RATE_DECIMALS, maxWholeDigits: 3 });
  const cessPerUnit = isAbsent(line.cessPerUnit)
    ? 0n
    : parseDecimal(line.cessPerUnit, { field: 'cessPerUnit', label: 'Cess per unit', decimals: 3, maxWholeDigits: 12 });
  if (typeof line.priceIncludesTax !== 'boolean') {
    throw new GstInputError('priceIncludesTax', 'Say whether the price includes tax');
  }
  return { quantity, unitPrice, priceIncludesTax: line.priceIncludesTax, discountAmount, discountPercent, gstRate, cessRate, cessPerUnit };
}

/** Steps 1–2 of "One line": gross = round(quantity × unit price) and the line's own discount, 0 ≤ discount ≤ gross. */
export function lineGrossAndDiscount(p: ParsedLine): { gross: bigint; discount: bigint } {
  const gross = divHalfUp(p.quantity * p.unitPrice, MILLI);
  const discount = p.discountAmount ?? divHalfUp(gross * p.discountPercent, HUNDRED_PERCENT);
  if (discount > gross) throw new GstInputError('discountAmount', 'Discount cannot be more than the line amount');
  return { gross, discount };
}

/**
 * gst-rules.md "One line", steps 1–6, on exact integers; every rounding half-up to the paisa, once. `documentDiscount`
 * is the line's share of a discount on the whole document (at most gross − the line's own discount), taken before tax.
 */
export function computeParsedLine(p: ParsedLine, supplyType: SupplyType, documentDiscount = 0n, withoutPayment = false): GstLineResult {
  if (supplyType !== 'INTRA' && supplyType !== 'INTER') throw new GstInputError('supplyType', 'Supply type must be INTRA or INTER');
  // Zero-rated without payment (SEZ, export under LUT): the rate stays on the line, no tax is charged on it.
  const charged = withoutPayment ? 0n : 1n;
  // 1–2. gross and discount (the line's own, plus its share of the document's)
  const own = lineGrossAndDiscount(p);
  const gross = own.gross;
  const discount = own.discount + documentDiscount;
  // 3. taxable value; an inclusive price holds GST and ad-valorem cess (not the per-unit cess)
  const net = gross - discount;
  // Zero-rated without payment, an inclusive price holds no tax: it is all taxable value.
  const taxable = p.priceIncludesTax && !withoutPayment
    ? divHalfUp(net * HUNDRED_PERCENT, HUNDRED_PERCENT + p.gstRate + p.cessRate)
    : net;
  // 4. CGST and SGST each at half the rate, computed the same way, so always equal; or IGST at the full rate
  const halfTax = supplyType === 'INTRA' ? charged * divHalfUp(taxable * p.gstRate, 2n * HUNDRED_PERCENT) : 0n;
  const igst = supplyType === 'INTER' ? charged * divHalfUp(taxable * p.gstRate, HUNDRED_PERCENT) : 0n;
  // 5. cess: ad valorem on the taxable value plus a fixed amount per unit, each rounded on its own
  const cess = charged * (divHalfUp(taxable * p.cessRate, HUNDRED_PERCENT) + divHalfUp(p.quantity * p.cessPerUnit, QTY_X_CESS_PER_PAISA));
  // 6. line total
  const total = taxable + 2n * halfTax + igst + cess;
  // gross and total are the largest figures, so if they fit numeric(14,2) every other one does.
  toPaiseNumber(gross, 'quantity', 'Line amount (quantity × price)');
  toPaiseNumber(total, 'quantity', 'Line total');
  return {
    gross: Number(gross),
    discount: Number(discount),
    taxableValue: Number(taxable),
    cgst: Number(halfTax),
    sgst: Number(halfTax),
    igst: Number(igst),
    cess: Number(cess),
    total: Number(total),
  };
}

/** One line, per gst-rules.md steps 1–6; throws GstInputError (with `field`) on invalid input. */
export function computeLine(line: GstLineInput, supplyType: SupplyType): GstLineResult {
  return computeParsedLine(parseLine(line), supplyType);
}
