import type { Tx } from '../../db/client';
import { post, type PostingLine } from './journal';

/*
 * What a credit or debit note on a sale posts (docs/accounting.md has the table). The note service hands over its
 * figures; nothing here reads a document table.
 */

export interface NotePosting {
  businessId: string;
  branchId: string;
  date: string;
  /** CREDIT_NOTE or DEBIT_NOTE, the note's id and number. */
  document: { type: string; id: string; number: string };
  partyId: string | null;
  /** Paise. */
  totals: { cgst: number; sgst: number; igst: number; cess: number; roundOff: number; grandTotal: number };
  /** Each line's taxable value (paise), by item. */
  lines: Array<{ itemId: string; taxableValue: number }>;
  /** Goods taken back into stock at the cost they went out at (paise), quantities in thousandths. */
  restocked: Array<{ itemId: string; quantityMilli: number; cost: number }>;
  createdBy: string | null;
  now: Date;
}

const outputTaxes = (t: NotePosting['totals'], sign: 1 | -1): PostingLine[] => [
  { ledger: { code: 'OUTPUT_CGST' }, amount: sign * t.cgst },
  { ledger: { code: 'OUTPUT_SGST' }, amount: sign * t.sgst },
  { ledger: { code: 'OUTPUT_IGST' }, amount: sign * t.igst },
  { ledger: { code: 'OUTPUT_CESS' }, amount: sign * t.cess },
];

/**
 * A credit note (a sales return or a price reduced): Dr Sales each line's taxable value (with its item), Dr each
 * output tax, the round-off, Cr the party (Sundry debtors) the grand total; goods taken back into stock: Dr Stock
 * in hand at the cost they went out at, Cr Cost of goods sold.
 */
export async function postCreditNote(tx: Tx, d: NotePosting): Promise<void> {
  const cost = d.restocked.reduce((s, r) => s + r.cost, 0);
  await post(tx, {
    businessId: d.businessId,
    branchId: d.branchId,
    date: d.date,
    voucherType: 'CREDIT_NOTE',
    document: d.document,
    narration: `Credit note ${d.document.number}`,
    createdBy: d.createdBy,
    now: d.now,
    lines: [
      ...d.lines.map((l) => ({ ledger: { code: 'SALES' } as const, amount: l.taxableValue, itemId: l.itemId })),
      ...outputTaxes(d.totals, 1),
      { ledger: { code: 'ROUND_OFF' }, amount: d.totals.roundOff },
      { ledger: { code: 'DEBTORS' }, amount: -d.totals.grandTotal, partyId: d.partyId },
      ...d.restocked.filter((r) => r.quantityMilli > 0 || r.cost > 0).map((r) => ({ ledger: { code: 'STOCK' } as const, amount: r.cost, itemId: r.itemId, quantityMilli: r.quantityMilli })),
      { ledger: { code: 'COGS' }, amount: -cost },
    ],
  });
}

/** A debit note (a price raised after the sale): Dr the party the grand total, Cr Sales (by item), Cr each output tax, the round-off. */
export async function postDebitNote(tx: Tx, d: NotePosting): Promise<void> {
  await post(tx, {
    businessId: d.businessId,
    branchId: d.branchId,
    date: d.date,
    voucherType: 'DEBIT_NOTE',
    document: d.document,
    narration: `Debit note ${d.document.number}`,
    createdBy: d.createdBy,
    now: d.now,
    lines: [
      { ledger: { code: 'DEBTORS' }, amount: d.totals.grandTotal, partyId: d.partyId },
      ...d.lines.map((l) => ({ ledger: { code: 'SALES' } as const, amount: -l.taxableValue, itemId: l.itemId })),
      ...outputTaxes(d.totals, -1),
      { ledger: { code: 'ROUND_OFF' }, amount: -d.totals.roundOff },
    ],
  });
}

/** The refund of a credit note leaves an account: its other side is the party's sub-ledger (Dr Sundry debtors). */
export const refundCounter = (partyId: string | null, amount: number): PostingLine[] => [{ ledger: { code: 'DEBTORS' }, amount, partyId }];
