import {
  CreatePurchaseRequest,
  PURCHASE_ATTACHMENT_MAX_BYTES,
  PURCHASE_ATTACHMENT_TYPES,
  PURCHASE_MESSAGES,
  fromPaise,
  supplierStateOf,
  supplyTypeOf,
  type Branch,
  type Business,
  type Item,
  type Party,
  type PurchaseInvoice,
  type SupplyType,
} from '@bahi/shared';
import {
  blankToNull,
  discountRequest,
  BILL_TOP_FIELDS,
  formPathWith,
  lineErrors,
  lineFromDocument,
  paiseOrNull,
  requestLines,
  type BillErrors,
  type BillFigures,
  type DiscountDraft,
  type LineDraft,
  type PaymentDraft,
} from '@bahi/shared/ui';

/*
 * The purchase bill form's state and what follows from it, as pure functions. The lines, their tax and the totals
 * are the shared bill model's (over the GST engine); this adds the supplier's bill, reverse charge and ITC.
 */

export interface PurchaseDraft {
  supplier: Party | null;
  /** The supplier's bill number and date, as printed on their bill. */
  billNumber: string;
  billDate: string;
  /** null: the bill date plus the supplier's credit period. */
  dueDate: string | null;
  /** null: the receiving branch's state. */
  placeOfSupply: string | null;
  reverseCharge: boolean;
  roundOff: boolean;
  /** A discount on the whole bill, before tax; blank: none. */
  discount?: DiscountDraft;
  lines: LineDraft[];
  /** Paid to the supplier now: FULL, PART or NONE ('received' is the shared field's name). */
  payment: PaymentDraft;
  notes: string;
}

export function emptyPurchase(today: string): PurchaseDraft {
  return {
    supplier: null,
    billNumber: '',
    billDate: today,
    dueDate: null,
    placeOfSupply: null,
    reverseCharge: false,
    roundOff: true,
    discount: { mode: 'AMOUNT', value: '' },
    lines: [],
    payment: { received: 'NONE', amount: '', mode: 'CASH', accountId: null, reference: '' },
    notes: '',
  };
}

/**
 * The form of a stored bill, for editing it: its supplier (read again; the bill's record of them when gone), bill
 * number and dates, reverse charge, lines with their serials and ITC, and notes. A payment is made against the bill,
 * never with an edit, so none is entered here.
 */
export function purchaseDraftOf(bill: PurchaseInvoice, supplier: Party | null, items: Map<string, Item>): PurchaseDraft {
  return {
    ...emptyPurchase(bill.billDate),
    supplier,
    billNumber: bill.billNumber,
    dueDate: bill.dueDate,
    placeOfSupply: bill.placeOfSupply,
    reverseCharge: bill.reverseCharge,
    roundOff: bill.roundOff,
    discount: bill.discount
      ? bill.discount.percent !== null
        ? { mode: 'PERCENT', value: bill.discount.percent }
        : { mode: 'AMOUNT', value: bill.discount.amount }
      : { mode: 'AMOUNT', value: '' },
    lines: bill.lines.map((l) => {
      const line = lineFromDocument(l, items.get(l.itemId));
      return { ...line, serialNos: l.serialNos, itcEligible: l.itcEligible };
    }),
    notes: bill.notes ?? '',
  };
}

export interface PurchaseSupply {
  /** The receiving branch's state; null when the branch has none (no tax can be worked out). */
  branchState: string | null;
  /** Where the supplier is: its GSTIN's state, else its billing address's, else taken to be the branch's. */
  supplierState: string | null;
  placeOfSupply: string | null;
  supplyType: SupplyType | null;
}

/** Place of supply and supply type as the API works them out for a purchase (documents/prepare.ts). */
export function purchaseSupplyOf(draft: PurchaseDraft, branch: Branch | null, business: Business | null): PurchaseSupply {
  const branchState = branch ? supplierStateOf({ gstin: branch.gstin, stateCode: branch.address.stateCode }, business ?? {}) : null;
  if (!branchState) return { branchState: null, supplierState: null, placeOfSupply: draft.placeOfSupply, supplyType: null };
  const s = draft.supplier;
  const supplierState =
    (s ? supplierStateOf({ gstin: s.gstin, stateCode: s.billingAddress?.miscData.stateCode }, { stateCode: branchState }) : null) ?? branchState;
  const placeOfSupply = draft.placeOfSupply ?? branchState;
  let supplyType: SupplyType | null;
  try {
    supplyType = supplyTypeOf({ supplierState, placeOfSupply });
  } catch {
    supplyType = null;
  }
  return { branchState, supplierState, placeOfSupply, supplyType };
}

/** What is paid now, as the request's amount; null when nothing is. */
export function paidNow(draft: PurchaseDraft, grandTotal: number): string | null {
  if (draft.payment.received === 'NONE') return null;
  if (draft.payment.received === 'FULL') return grandTotal > 0 ? fromPaise(grandTotal) : null;
  return blankToNull(draft.payment.amount);
}

export function toPurchaseRequest(draft: PurchaseDraft, supply: PurchaseSupply, grandTotal: number): CreatePurchaseRequest {
  const amount = paidNow(draft, grandTotal);
  return {
    partyId: draft.supplier?.id ?? '',
    billNumber: draft.billNumber.trim(),
    billDate: draft.billDate,
    dueDate: draft.dueDate,
    placeOfSupply: supply.placeOfSupply,
    reverseCharge: draft.reverseCharge,
    roundOff: draft.roundOff,
    discount: discountRequest(draft.discount),
    lines: requestLines(draft).map((l, i) => ({ ...l, itcEligible: draft.lines[i].itcEligible })),
    payment:
      amount === null
        ? null
        : { amount, mode: draft.payment.mode, accountId: draft.payment.accountId, reference: blankToNull(draft.payment.reference) },
    notes: blankToNull(draft.notes),
  };
}

const TOP_FIELDS: Record<string, string> = {
  partyId: 'supplier',
  billNumber: 'billNumber',
  billDate: 'billDate',
  dueDate: 'dueDate',
  placeOfSupply: 'placeOfSupply',
  reverseCharge: 'reverseCharge',
  ...BILL_TOP_FIELDS,
};

/** The form path of a field the API or the contract names ('lines.0.unitPrice', 'billNumber'), or null. */
export const purchaseFormPathOf = formPathWith(TOP_FIELDS);

/** Everything wrong with the bill before it is sent, at its field (the contract's own schema included). */
export function purchaseErrors(draft: PurchaseDraft, supply: PurchaseSupply, figures: BillFigures): BillErrors {
  const errors: BillErrors = { ...lineErrors(draft, figures, 'Enter') };
  const add = (path: string | null, message: string) => {
    if (path && !(path in errors)) errors[path] = message;
  };
  if (!draft.supplier) add('supplier', 'Choose the supplier');
  if (!supply.placeOfSupply) add('placeOfSupply', 'Choose the place of supply');
  const grandTotal = figures.document.totals.grandTotal;
  const parsed = CreatePurchaseRequest.safeParse(toPurchaseRequest(draft, supply, grandTotal));
  if (!parsed.success) for (const issue of parsed.error.issues) add(purchaseFormPathOf(issue.path), issue.message);
  if (draft.payment.received === 'PART') {
    const paise = paiseOrNull(draft.payment.amount);
    if (draft.payment.amount.trim() === '') add('payment.amount', 'Enter the amount paid');
    else if (paise !== null && paise > grandTotal) add('payment.amount', 'The amount paid cannot be more than the grand total');
  }
  return errors;
}

/** A PDF, PNG or JPEG of at most 5 MB (the server checks the bytes again); else why not. */
export function attachmentProblem(file: { name: string; type: string; size: number }): string | null {
  const byName = /\.(pdf|png|jpe?g)$/i.test(file.name);
  if (!(PURCHASE_ATTACHMENT_TYPES as readonly string[]).includes(file.type) && !byName) return PURCHASE_MESSAGES.attachmentType;
  if (file.size > PURCHASE_ATTACHMENT_MAX_BYTES) return PURCHASE_MESSAGES.attachmentTooLarge;
  return null;
}
