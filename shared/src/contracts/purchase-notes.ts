import { z } from 'zod';
import { ACCOUNT_LIMITS, PaymentMode } from './account';
import { CalendarDate, Id, PageNumber, PageSize, ok } from './common';
import { Money, MoneyString, MoneySumString, Quantity } from './money';
import { PurchaseItc } from './purchase';
import { DOCUMENT_LIMITS, DocumentLine, DocumentListMeta, DocumentParty, RefField, SalePayment, TextField, documentFields, maybeField } from './sales';

/*
 * Purchase debit notes: goods returned to a supplier, or a price the supplier reduced, against one purchase bill
 * (s.34 CGST Act: the supplier's credit note; the recipient's own document is its debit note).
 *
 * Decisions of this contract:
 * - `noteNumber` is ours, gap-free per branch and financial year: 'PDN/26-27/4'. `supplierNoteNumber` is the
 *   supplier's credit note, when they sent one.
 * - A line names the bill's line (`purchaseLineNo`) and either a `quantity` returned (at most what was bought less
 *   what earlier notes returned) or a `taxableValue` taken off the price (at most the line's taxable value less
 *   earlier notes). Tax is at the bill line's rates and the bill's place of supply, whatever the rates are today.
 * - The party, branch and place of supply are the bill's. A note is exact to the paisa (no round-off), except the
 *   one that takes the last of the bill: it takes what is left of the bill's round-off, so the notes undo it exactly.
 * - `refund` is money the supplier pays back now (into a cash or bank account); the rest of the note reduces what
 *   the business owes the supplier and is set against their open bills oldest first (`adjustments`); what no bill
 *   takes stays as the supplier's debit balance (an advance to be paid back or set off).
 */

/**
 * Why a note is issued, as a purchase screen names them. PURCHASE_RETURN is the sale side's SALES_RETURN seen from
 * the buyer; POST_PURCHASE_DISCOUNT its POST_SALE_DISCOUNT; the others are GSTR-1's own.
 */
export const PURCHASE_NOTE_REASONS = [
  'PURCHASE_RETURN',
  'POST_PURCHASE_DISCOUNT',
  'DEFICIENCY_IN_SERVICE',
  'CORRECTION_IN_INVOICE',
  'CHANGE_IN_POS',
  'OTHERS',
] as const;
export const PurchaseNoteReason = z.enum(PURCHASE_NOTE_REASONS, { error: `Reason must be one of ${PURCHASE_NOTE_REASONS.join(', ')}` });
export type PurchaseNoteReason = z.infer<typeof PurchaseNoteReason>;

export const PURCHASE_NOTE_REASON_LABELS: Record<PurchaseNoteReason, string> = {
  PURCHASE_RETURN: 'Goods returned to the supplier',
  POST_PURCHASE_DISCOUNT: 'Discount given after the purchase',
  DEFICIENCY_IN_SERVICE: 'Deficiency in service',
  CORRECTION_IN_INVOICE: 'Correction in the bill',
  CHANGE_IN_POS: 'Change in place of supply',
  OTHERS: 'Other',
};

export const PURCHASE_NOTE_LIMITS = { supplierNoteNumber: 40 } as const;

/** One line of a note: the bill's line, and a quantity returned or a taxable value taken off its price. */
export const PurchaseDebitNoteLineRequest = z
  .strictObject({
    /** The bill line's `lineNo`. */
    purchaseLineNo: z.number({ error: 'purchaseLineNo must be a line number of the bill' }).int('purchaseLineNo must be a whole number').min(1, 'purchaseLineNo must be 1 or more').max(10_000),
    /** Units returned (the item's unit). */
    quantity: maybeField(Quantity('Quantity')),
    /** A price-only note: the taxable value taken off the line. */
    taxableValue: maybeField(Money('Taxable value', { positive: true })),
    /** A serialised item returned: the serials that leave stock, one per unit. */
    serialNos: maybeField(
      z
        .array(z.string().trim().min(1, 'A serial number cannot be blank').max(100, 'A serial number can be at most 100 characters'))
        .max(DOCUMENT_LIMITS.serialsPerLine, `At most ${DOCUMENT_LIMITS.serialsPerLine} serial numbers on a line`),
    ),
  })
  .superRefine((l, ctx) => {
    if ((l.quantity === undefined) === (l.taxableValue === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Give a quantity returned or a taxable value taken off, one of the two' });
    }
    if (l.serialNos !== undefined && l.quantity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['serialNos'], message: 'Serial numbers go with a quantity returned' });
    }
  });
export interface PurchaseDebitNoteLineRequest {
  purchaseLineNo: number;
  quantity?: string | number | null;
  taxableValue?: string | number | null;
  serialNos?: string[] | null;
}

/** Money the supplier pays back now. */
export const PurchaseNoteRefundRequest = z.strictObject({
  amount: Money('Refund amount', { positive: true }),
  mode: PaymentMode,
  /** Default: "Cash in hand" for CASH, else the business's only bank account (400 when there are several). */
  accountId: maybeField(z.string().trim().max(40)),
  reference: maybeField(TextField('Reference', ACCOUNT_LIMITS.reference)),
});
export interface PurchaseNoteRefundRequest {
  amount: string | number;
  mode: PaymentMode;
  accountId?: string | null;
  reference?: string | null;
}

/** POST purchase/create-debit-note (header `Idempotency-Key` like every create). */
export const CreatePurchaseDebitNoteRequest = z
  .strictObject({
    purchaseId: RefField('Purchase bill'),
    /** Default today (India); never before the bill date, never in the future. */
    noteDate: maybeField(CalendarDate('Note date')),
    reason: PurchaseNoteReason,
    lines: z
      .array(PurchaseDebitNoteLineRequest, { error: 'Add at least one line' })
      .min(1, 'Add at least one line')
      .max(DOCUMENT_LIMITS.lines, `A document can have at most ${DOCUMENT_LIMITS.lines} lines`),
    supplierNoteNumber: maybeField(TextField('Supplier’s note number', PURCHASE_NOTE_LIMITS.supplierNoteNumber)),
    refund: maybeField(PurchaseNoteRefundRequest),
    notes: maybeField(TextField('Notes', DOCUMENT_LIMITS.notes)),
  })
  .superRefine((d, ctx) => {
    const seen = new Set<number>();
    d.lines.forEach((l, i) => {
      if (seen.has(l.purchaseLineNo)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'purchaseLineNo'], message: 'Each line of the bill can be named once' });
      seen.add(l.purchaseLineNo);
    });
  });
export interface CreatePurchaseDebitNoteRequest {
  purchaseId: string;
  noteDate?: string | null;
  reason: PurchaseNoteReason;
  lines: PurchaseDebitNoteLineRequest[];
  supplierNoteNumber?: string | null;
  refund?: PurchaseNoteRefundRequest | null;
  notes?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const PURCHASE_NOTE_STATUSES = ['ISSUED', 'CANCELLED'] as const;
export const PurchaseNoteStatus = z.enum(PURCHASE_NOTE_STATUSES);
export type PurchaseNoteStatus = z.infer<typeof PurchaseNoteStatus>;

export const PurchaseDebitNoteLine = DocumentLine.extend({
  /** The bill's line it reduces. */
  purchaseLineNo: z.number().int(),
  /** RETURN: goods went back (quantity > 0); PRICE: only the price was reduced (quantity 0). */
  kind: z.enum(['RETURN', 'PRICE']),
  itcEligible: z.boolean(),
  /** The input tax credit given up: the line's GST and cess when the bill line was ITC-eligible, else 0.00. */
  itcAmount: MoneyString,
  /** A return of goods: what left Stock in hand at the branch's average cost; null for a price-only line. */
  stockCost: MoneyString.nullable(),
});
export type PurchaseDebitNoteLine = z.infer<typeof PurchaseDebitNoteLine>;

/** The bill a note is against. */
export const PurchaseNoteBill = z.object({ id: Id, referenceNumber: z.string(), billNumber: z.string(), billDate: z.string() });
export type PurchaseNoteBill = z.infer<typeof PurchaseNoteBill>;

/** What the note took off one of the supplier's bills. */
export const PurchaseNoteAdjustment = z.object({ purchaseId: Id, referenceNumber: z.string(), billNumber: z.string(), amount: MoneyString });
export type PurchaseNoteAdjustment = z.infer<typeof PurchaseNoteAdjustment>;

export const PurchaseDebitNote = z.object({
  ...documentFields,
  party: DocumentParty,
  lines: z.array(PurchaseDebitNoteLine),
  /** Ours: 'PDN/26-27/4'. */
  noteNumber: z.string(),
  noteDate: z.string(),
  supplierNoteNumber: z.string().nullable(),
  reason: PurchaseNoteReason,
  status: PurchaseNoteStatus,
  purchase: PurchaseNoteBill,
  reverseCharge: z.boolean(),
  /** Under reverse charge, the business's own tax the note reduces; else 0.00. */
  reverseChargeTax: MoneyString,
  /** Input tax credit the note gives up, by head. */
  itc: PurchaseItc,
  itcAmount: MoneyString,
  /** Paid back by the supplier with the note (0.00 once cancelled). */
  refunded: MoneyString,
  /** Set against the supplier's open bills (0.00 once cancelled). */
  adjusted: MoneyString,
  adjustments: z.array(PurchaseNoteAdjustment),
  /** The refund as it moved; `reversed` once the note is cancelled. */
  refund: SalePayment.nullable(),
});
export type PurchaseDebitNote = z.infer<typeof PurchaseDebitNote>;
export const PurchaseDebitNoteResponse = ok(PurchaseDebitNote);

/** One row of the notes list. */
export const PurchaseDebitNoteSummary = z.object({
  id: Id,
  noteNumber: z.string(),
  noteDate: z.string(),
  financialYear: z.string(),
  supplierNoteNumber: z.string().nullable(),
  reason: PurchaseNoteReason,
  status: PurchaseNoteStatus,
  purchase: PurchaseNoteBill,
  branchId: Id,
  branchName: z.string(),
  partyId: Id,
  partyName: z.string(),
  partyMobile: z.string().nullable(),
  grandTotal: MoneyString,
  itcAmount: MoneyString,
  refunded: MoneyString,
  adjusted: MoneyString,
  createdAt: z.string(),
});
export type PurchaseDebitNoteSummary = z.infer<typeof PurchaseDebitNoteSummary>;

export const PURCHASE_NOTE_PAGE_SIZE_MAX = 100;
export const PURCHASE_NOTE_PAGE_SIZE_DEFAULT = 20;

/** GET purchase/debit-notes: newest note date first. */
export const PurchaseDebitNoteListQuery = z
  .object({
    /** Our note number, the supplier's, the supplier's name or mobile number. */
    q: maybeField(z.string().trim().max(100, 'Search is too long')),
    partyId: maybeField(z.string().trim().max(40)),
    /** The notes of one bill. */
    purchaseId: maybeField(z.string().trim().max(40)),
    status: maybeField(z.enum(PURCHASE_NOTE_STATUSES, { error: `Status must be one of ${PURCHASE_NOTE_STATUSES.join(', ')}` })),
    reason: maybeField(PurchaseNoteReason),
    from: maybeField(CalendarDate('From')),
    to: maybeField(CalendarDate('To')),
    branchId: maybeField(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybeField(z.string().trim().max(40)),
    page: maybeField(PageNumber),
    pageSize: maybeField(PageSize(PURCHASE_NOTE_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface PurchaseDebitNoteListQuery {
  q?: string;
  partyId?: string;
  purchaseId?: string;
  status?: PurchaseNoteStatus;
  reason?: PurchaseNoteReason;
  from?: string;
  to?: string;
  branchId?: string;
  createdBy?: string;
  page?: number;
  pageSize?: number;
}

/** Sums over everything the filter matches (a cancelled note counts in `total` but adds nothing). */
export const PurchaseDebitNoteListMeta = DocumentListMeta.extend({ itcAmount: MoneySumString, refunded: MoneySumString, adjusted: MoneySumString });
export type PurchaseDebitNoteListMeta = z.infer<typeof PurchaseDebitNoteListMeta>;

export const PurchaseDebitNoteListResponse = ok(z.array(PurchaseDebitNoteSummary)).extend({ meta: PurchaseDebitNoteListMeta });
export type PurchaseDebitNoteListResponse = z.infer<typeof PurchaseDebitNoteListResponse>;

// POST purchase/cancel-debit-note/:id takes sales' CancelDocumentRequest.
