import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { post, type PostingLine } from './journal';
import { costOut, milliOf, share } from './stock-cost';
import { selectRows } from '../../db/rows';

/*
 * What a purchase debit note posts (docs/accounting.md has the table): the purchase bill's entry taken back for the
 * part returned or the price reduced. The note service hands over its figures; nothing here reads a document table.
 */

export interface PurchaseNoteLinePosting {
  itemId: string;
  itemType: 'PRODUCT' | 'SERVICE';
  /** Thousandths of a unit returned; 0 for a price-only line. */
  quantityMilli: number;
  /** Thousandths of a unit the bill line bought (a price-only line lowers the cost of what of it is still held). */
  boughtMilli: number;
  /**
   * What the note line takes off the cost the bill booked, in paise: its taxable value plus the tax that was not
   * eligible credit (that tax was part of the cost).
   */
  billCost: number;
}

export interface PurchaseNotePosting {
  businessId: string;
  branchId: string;
  date: string;
  document: { type: string; id: string; number: string };
  partyId: string;
  /** Paise: what the note takes off what is owed to the supplier, and its round-off. */
  grandTotal: number;
  roundOff: number;
  lines: PurchaseNoteLinePosting[];
  /** The bill was under reverse charge: the note's tax reduces the business's own reverse-charge tax. */
  reverseCharge: boolean;
  reverseChargeTax: number;
  /** The input tax credit the note gives up, by head (paise). */
  itc: { cgst: number; sgst: number; igst: number; cess: number; total: number };
  createdBy: string | null;
  now: Date;
}

const COGS = { code: 'COGS' } as const;
const STOCK = { code: 'STOCK' } as const;

/**
 * A purchase debit note: Dr the supplier (Sundry creditors) the note's total; Cr Stock in hand each returned
 * product at the branch's average cost (item, quantity), the difference between what the bill booked for those
 * units and that average cost to Cost of goods sold (AS 2: a return at average cost leaves the average of what stays
 * unchanged; what the supplier credits above or below it adjusts the cost of the goods already consumed); a price
 * reduced on a product lowers the cost of what of the bill line is still held at the branch (Stock in hand, no
 * quantity) and the rest Cost of goods sold; a service line Cr Services purchased. Cr the eligible input taxes; or,
 * under reverse charge, Dr Reverse charge tax payable the tax and Cr Input tax on reverse charge its eligible part.
 * The round-off goes back to Round off. Answers, for each line, what left Stock in hand (null for a line that moved
 * no stock).
 */
export async function postPurchaseDebitNote(tx: Tx, d: PurchaseNotePosting): Promise<Array<number | null>> {
  const returns = d.lines.flatMap((l, i) => (l.itemType === 'PRODUCT' && l.quantityMilli > 0 ? [{ i, itemId: l.itemId, quantityMilli: l.quantityMilli }] : []));
  const costed = await costOut(tx, d.businessId, d.branchId, returns);
  const stockCost: Array<number | null> = d.lines.map(() => null);
  const lines: PostingLine[] = [];
  returns.forEach((r, k) => {
    const c = costed[k];
    stockCost[r.i] = c.cost;
    lines.push({ ledger: STOCK, amount: -c.cost, itemId: r.itemId, quantityMilli: -c.quantityMilli });
    lines.push({ ledger: COGS, amount: -(d.lines[r.i].billCost - c.cost) });
  });

  const priced = d.lines.filter((l) => l.itemType === 'PRODUCT' && l.quantityMilli === 0);
  const held = await heldAtCost(tx, d.businessId, d.branchId, priced.map((l) => l.itemId));
  for (const l of priced) {
    const h = held.get(l.itemId) ?? 0;
    const onHand = l.boughtMilli > 0 ? share(l.billCost, Math.min(h, l.boughtMilli), l.boughtMilli) : 0;
    if (onHand) lines.push({ ledger: STOCK, amount: -onHand, itemId: l.itemId, quantityMilli: 0 });
    lines.push({ ledger: COGS, amount: -(l.billCost - onHand) });
  }
  for (const l of d.lines) if (l.itemType === 'SERVICE') lines.push({ ledger: { code: 'SERVICES_PURCHASED' }, amount: -l.billCost });

  const taxes: PostingLine[] = d.reverseCharge
    ? [
        { ledger: { code: 'RCM_PAYABLE' }, amount: d.reverseChargeTax },
        { ledger: { code: 'INPUT_RCM' }, amount: -d.itc.total },
      ]
    : [
        { ledger: { code: 'INPUT_CGST' }, amount: -d.itc.cgst },
        { ledger: { code: 'INPUT_SGST' }, amount: -d.itc.sgst },
        { ledger: { code: 'INPUT_IGST' }, amount: -d.itc.igst },
        { ledger: { code: 'INPUT_CESS' }, amount: -d.itc.cess },
      ];
  await post(tx, {
    businessId: d.businessId,
    branchId: d.branchId,
    date: d.date,
    voucherType: 'PURCHASE_DEBIT_NOTE',
    document: d.document,
    narration: `Debit note ${d.document.number}`,
    createdBy: d.createdBy,
    now: d.now,
    lines: [
      { ledger: { code: 'CREDITORS' }, amount: d.grandTotal, partyId: d.partyId },
      ...lines,
      ...taxes,
      { ledger: { code: 'ROUND_OFF' }, amount: -d.roundOff },
    ],
  });
  return stockCost;
}

/** Thousandths of each item held at cost at the branch (rows locked until the transaction ends). */
async function heldAtCost(tx: Tx, businessId: string, branchId: string, itemIds: string[]): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await selectRows<{ item_id: string; quantity: string }>(
    tx,
    sql`select item_id, quantity::text as quantity from stock_costs
        where business_id = ${businessId} and branch_id = ${branchId} and item_id = any(${sql.param([...new Set(itemIds)].sort())}::uuid[])
        order by item_id for update`,
  );
  return new Map(rows.map((r) => [r.item_id, Math.max(0, milliOf(r.quantity))]));
}
