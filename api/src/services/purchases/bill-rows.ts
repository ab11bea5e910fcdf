import type { CreatePurchaseRequest } from '@bahi/shared/contracts';
import { inputTaxCredit } from '@bahi/shared/gst';
import { fromPaise, moneyText } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { items } from '../../db/schema';
import type { PreparedDocument } from '../documents/prepare';
import { lineValues } from '../documents/records';
import { postPurchase } from '../ledger/postings';

/*
 * What a purchase bill writes the same way whether it is created or edited: its input tax credit, its lines with
 * their credit, its posting, and the last purchase price of its items.
 */

type Body = z.output<typeof CreatePurchaseRequest>;

/** The bill's input tax credit: each line's eligible part (a line is eligible unless marked otherwise). */
export function billCredit(doc: PreparedDocument, body: Body) {
  const eligible = body.lines.map((l) => l.itcEligible ?? true);
  return { eligible, itc: inputTaxCredit(doc.figures, eligible) };
}

export type BillCredit = ReturnType<typeof billCredit>;

/** The bill's reverse charge and credit columns. */
export const creditColumns = (doc: PreparedDocument, body: Body, { itc }: BillCredit) => ({
  reverseCharge: body.reverseCharge ?? false,
  reverseChargeTax: fromPaise(doc.figures.totals.reverseChargeTax ?? 0),
  itcCgst: fromPaise(itc.totals.cgst),
  itcSgst: fromPaise(itc.totals.sgst),
  itcIgst: fromPaise(itc.totals.igst),
  itcCess: fromPaise(itc.totals.cess),
  itcAmount: fromPaise(itc.totals.total),
});

/** The bill's line rows, each with its credit. */
export const billLineValues = (businessId: string, id: string, doc: PreparedDocument, { eligible, itc }: BillCredit) =>
  lineValues(businessId, id, doc).map((l, i) => ({ ...l, itcEligible: eligible[i], itcAmount: fromPaise(itc.lines[i]) }));

/** Posts the bill: stock or the expense at cost, the eligible input taxes (or reverse charge), the supplier. */
export function postBill(
  tx: Tx,
  b: { businessId: string; userId: string; doc: PreparedDocument; body: Body; credit: BillCredit; date: string; document: { type: string; id: string; number: string }; partyId: string; now: Date },
) {
  const { doc, credit } = b;
  return postPurchase(tx, {
    businessId: b.businessId,
    branchId: doc.branch.id,
    date: b.date,
    document: b.document,
    partyId: b.partyId,
    totals: doc.figures.totals,
    lines: doc.lines.map((l, i) => {
      const f = doc.figures.lines[i];
      return { ...l, taxableValue: f.taxableValue, tax: f.cgst + f.sgst + f.igst + f.cess, itc: credit.itc.lines[i] };
    }),
    reverseCharge: b.body.reverseCharge ?? false,
    reverseChargeTax: doc.figures.totals.reverseChargeTax ?? 0,
    itc: credit.itc.totals,
    createdBy: b.userId,
    now: b.now,
  });
}

/** The last purchase price of each item: its last line on this bill. */
export async function rememberPurchasePrices(tx: Tx, businessId: string, doc: PreparedDocument, now: Date) {
  const prices = new Map(doc.lines.map((l) => [l.itemId, moneyText(l.unitPrice)]));
  await tx.execute(sql`
    update ${items} i set last_purchase_price = p.price::numeric, updated_at = ${now}
    from unnest(${sql.param([...prices.keys()])}::uuid[], ${sql.param([...prices.values()])}::text[]) as p(item_id, price)
    where i.business_id = ${businessId} and i.id = p.item_id`);
}
