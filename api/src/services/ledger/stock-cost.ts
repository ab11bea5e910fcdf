import { computeLine, normalizeGstRate } from '@bahi/shared/gst';
import { toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { selectRows } from '../../db/rows';

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

export interface CostedOut {
  itemId: string;
  /** Thousandths of a unit taken at cost: at most what stock at cost holds (stock never bought at a cost has none). */
  quantityMilli: number;
  /** Paise. */
  cost: number;
}

/**
 * The cost of taking each quantity out of the branch's stock at the average cost there, in order (the same item
 * twice takes from what the first left), for a document that needs the figure before it posts (a return to a
 * supplier books the difference from the bill's cost). The rows are locked until the transaction ends. A sale does
 * not call it: its posting statement works the cost out itself, by the same rule.
 */
export async function costOut(tx: Tx, businessId: string, branchId: string, wanted: Array<{ itemId: string; quantityMilli: number }>): Promise<CostedOut[]> {
  if (wanted.length === 0) return [];
  const itemIds = [...new Set(wanted.map((w) => w.itemId))].sort();
  const rows = await selectRows<{ item_id: string; quantity: string; value: string }>(
    tx,
    sql`select item_id, quantity::text as quantity, value::text as value from stock_costs
        where business_id = ${businessId} and branch_id = ${branchId} and item_id = any(${sql.param(itemIds)}::uuid[])
        order by item_id for update`,
  );
  const held = new Map(rows.map((r) => [r.item_id, { milli: milliOf(r.quantity), paise: toPaise(r.value) }]));
  return wanted.map((w) => {
    const h = held.get(w.itemId) ?? { milli: 0, paise: 0 };
    const quantityMilli = Math.max(0, Math.min(w.quantityMilli, h.milli));
    // The last unit takes whatever value is left, so no paisa stays behind on an empty shelf.
    const cost = quantityMilli === h.milli ? h.paise : share(h.paise, quantityMilli, h.milli);
    held.set(w.itemId, { milli: h.milli - quantityMilli, paise: h.paise - cost });
    return { itemId: w.itemId, quantityMilli, cost: quantityMilli === 0 ? 0 : cost };
  });
}

/**
 * What a unit bought at `price` costs, in paise: the price without the GST in it when it includes tax (that GST is
 * input credit, not cost). Opening stock is valued at it.
 */
export function unitCostWithoutTax(price: string, includesTax: boolean, gstRate: string | null): number {
  if (!includesTax || gstRate === null) return toPaise(price);
  return computeLine({ quantity: '1', unitPrice: price, priceIncludesTax: true, gstRate: normalizeGstRate(gstRate) }, 'INTRA').taxableValue;
}
