import { computeLine, normalizeGstRate } from '@bahi/shared/gst';
import { toPaise } from '@bahi/shared/india';

/*
 * Stock at cost: moving weighted average per item and branch (AS 2 allows it). Every stock-in posts its cost to
 * Stock in hand (journal.post keeps stock_costs); a stock-out takes the average of what is there, worked out by the
 * statement that posts it (`costOut` of journal.post): `value × quantity / quantity held`, rounded half away from
 * zero as `share` rounds, the last unit taking whatever value is left, with the rows locked until the transaction
 * ends, so concurrent sales of an item queue up and each sees what the one before left.
 */

/** Quantities as thousandths: '2.500' → 2500. */
export const milliOf = (quantity: string | number) => Math.round(Number(quantity) * 1000);

/** value × part / whole, rounded half away from zero, without float drift on large values. */
export function share(value: number, part: number, whole: number): number {
  const n = BigInt(Math.abs(value)) * BigInt(part) * 2n + BigInt(whole);
  const r = Number(n / (2n * BigInt(whole)));
  return value < 0 ? -r : r;
}

/**
 * What a unit bought at `price` costs, in paise: the price without the GST in it when it includes tax (that GST is
 * input credit, not cost). Opening stock is valued at it.
 */
export function unitCostWithoutTax(price: string, includesTax: boolean, gstRate: string | null): number {
  if (!includesTax || gstRate === null) return toPaise(price);
  return computeLine({ quantity: '1', unitPrice: price, priceIncludesTax: true, gstRate: normalizeGstRate(gstRate) }, 'INTRA').taxableValue;
}
