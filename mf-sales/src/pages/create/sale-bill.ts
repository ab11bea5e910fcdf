import {
  CreateQuotationRequest,
  CreateSaleRequest,
  QUOTATION_VALID_DAYS_DEFAULT,
  addDays,
  fromPaise,
  isZeroRatedParty,
  lutValidOn,
  placeOfSupplyFor,
  supplierStateOf,
  supplyTypeOf,
  type Branch,
  type Business,
  type ExportType,
  type Lut,
  type Party,
  type PlaceOfSupplyReason,
  type SellerRegistrationType,
  type SupplyType,
} from '@bahi/shared';
import {
  blankToNull,
  discountRequest,
  BILL_TOP_FIELDS,
  formPathWith,
  lineErrors,
  paiseOrNull,
  requestLines,
  type BillErrors,
  type BillFigures,
  type DiscountDraft,
  type LineDraft,
  type PaymentDraft,
} from '@bahi/shared/ui';

/*
 * A sale's or quotation's form state and what follows from it, as pure functions: the customer (a party or a
 * walk-in), place of supply and supply type, due date, export type, and the request the API takes. The lines and
 * their figures are the shared bill model's (`@bahi/shared/ui`), over the GST engine.
 */

export type BillKind = 'INVOICE' | 'QUOTATION';

export type Customer = { type: 'PARTY'; party: Party } | { type: 'WALK_IN'; name: string; mobileNumber: string };

export interface BillDraft {
  kind: BillKind;
  customer: Customer;
  /** Invoice date or quotation date. */
  date: string;
  /** Due date or valid-until; null follows the default (credit period, or 15 days for a quotation). */
  dueDate: string | null;
  /** null follows the default of gst-rules.md. */
  placeOfSupply: string | null;
  roundOff: boolean;
  lines: LineDraft[];
  payment: PaymentDraft;
  notes: string;
  terms: string;
  quotationId: string | null;
  /** Absent or blank: no discount on the whole bill. */
  discount?: DiscountDraft;
  /** To an SEZ or overseas party: chosen, or absent to follow the LUT (without payment while one is valid). */
  exportType?: ExportType | null;
  /** An export's shipping bill, as far as it is known. */
  shippingBill?: { number: string; date: string | null; portCode: string };
}

/** The party of the bill when a sale to it is zero-rated (an SEZ unit, a buyer abroad). */
export const zeroRatedParty = (draft: Pick<BillDraft, 'customer'>): Party | null =>
  draft.customer.type === 'PARTY' && isZeroRatedParty(draft.customer.party.registrationType) ? draft.customer.party : null;

/**
 * The export type the bill goes with, as the API decides it: the one chosen, else without payment of IGST when the
 * LUT is valid on the bill's date, else with payment; null when the sale is not zero-rated.
 */
export function exportTypeOf(draft: Pick<BillDraft, 'customer' | 'exportType' | 'date'>, lut: Lut | null | undefined): ExportType | null {
  if (!zeroRatedParty(draft)) return null;
  return draft.exportType ?? (lutValidOn(lut, draft.date) ? 'WITHOUT_PAYMENT' : 'WITH_PAYMENT');
}

export const WALK_IN: Customer = { type: 'WALK_IN', name: '', mobileNumber: '' };

export function emptyBill(kind: BillKind, today: string): BillDraft {
  return {
    kind,
    customer: WALK_IN,
    date: today,
    dueDate: null,
    placeOfSupply: null,
    roundOff: true,
    lines: [],
    payment: { received: kind === 'INVOICE' ? 'FULL' : 'NONE', amount: '', mode: 'CASH', accountId: null, reference: '' },
    notes: '',
    terms: '',
    quotationId: null,
    discount: { mode: 'AMOUNT', value: '' },
  };
}

/**
 * How the issuing branch is registered: under its own GSTIN's registration, else the business's. A composition or
 * unregistered seller issues a bill of supply and charges no GST.
 */
export function sellerRegistrationOf(
  branch: Pick<Branch, 'gstin' | 'registrationType'> | null,
  business: Pick<Business, 'registrationType'> | null,
): SellerRegistrationType {
  if (branch?.gstin) return branch.registrationType ?? 'REGULAR';
  return business?.registrationType ?? 'REGULAR';
}

/** The bill of a seller that charges no GST: every line at 0 % without cess, the item's rate not sent. */
export function withoutTax<T extends Pick<BillDraft, 'lines'>>(draft: T): T {
  return { ...draft, lines: draft.lines.map((l) => ({ ...l, gstRateId: null, gstRate: '0', cessRate: '0' })) };
}


// -------------------------------------------------------------------------------------------------------------
// Place of supply and supply type

export interface SupplyInfo {
  /** null: the branch has no GST state, so no tax can be worked out. */
  supplierState: string | null;
  placeOfSupply: string | null;
  /** null when the user chose the place of supply. */
  reason: PlaceOfSupplyReason | null;
  supplyType: SupplyType | null;
}

const REASONS: Record<PlaceOfSupplyReason, string> = {
  SHIPPING_ADDRESS: "from the party's shipping address",
  BILLING_ADDRESS: "from the party's billing address",
  PARTY_GSTIN: "from the party's GSTIN",
  WALK_IN: "walk-in sale: the branch's state",
  SUPPLIER_STATE: "the party has no address or GSTIN: the branch's state",
  EXPORT: 'export',
};

/** Why the place of supply is what it is, as the form says it beside the field. */
export function placeOfSupplyReasonText(reason: PlaceOfSupplyReason | null, party?: Party | null): string {
  if (reason === null) return 'chosen by you';
  // One address serving both is the party's address, not specially a shipping one.
  if (reason === 'SHIPPING_ADDRESS' && party?.shippingAddress && party.shippingAddress.id === party.billingAddress?.id) {
    return "from the party's address";
  }
  return REASONS[reason];
}

export function supplyOf(draft: BillDraft, branch: Branch | null, business: Business | null): SupplyInfo {
  const supplierState = branch
    ? supplierStateOf({ gstin: branch.gstin, stateCode: branch.address.stateCode }, business ?? {})
    : null;
  if (!supplierState) return { supplierState: null, placeOfSupply: draft.placeOfSupply, reason: null, supplyType: null };
  const party = draft.customer.type === 'PARTY' ? draft.customer.party : null;
  // A buyer abroad is supplied in 96 (Other Country); a supply to an SEZ or abroad is always IGST.
  const zeroRated = isZeroRatedParty(party?.registrationType);
  const fallback = placeOfSupplyFor({
    supplierState,
    isExport: party?.registrationType === 'OVERSEAS',
    isService: draft.lines.length > 0 && draft.lines.every((l) => l.item.itemType === 'SERVICE'),
    party: party
      ? {
          gstin: party.gstin,
          billingStateCode: party.billingAddress?.miscData.stateCode,
          shippingStateCode: party.shippingAddress?.miscData.stateCode,
        }
      : null,
  });
  const placeOfSupply = draft.placeOfSupply ?? fallback.stateCode;
  return {
    supplierState,
    placeOfSupply,
    reason: draft.placeOfSupply === null ? fallback.reason : null,
    supplyType: supplyTypeOf({ supplierState, placeOfSupply, sez: zeroRated }),
  };
}

/** Due date: the invoice date plus the party's credit period; a quotation is valid for 15 days. */
export function defaultDueDate(draft: BillDraft): string {
  if (draft.kind === 'QUOTATION') return addDays(draft.date, QUOTATION_VALID_DAYS_DEFAULT);
  const days = draft.customer.type === 'PARTY' ? (draft.customer.party.creditPeriod ?? 0) : 0;
  return addDays(draft.date, days);
}

export const dueDateOf = (draft: BillDraft) => draft.dueDate ?? defaultDueDate(draft);

// -------------------------------------------------------------------------------------------------------------
// Stock

/** Quantities of one item over every line, against its stock at the branch: a warning before the server refuses. */
export function stockWarnings(lines: LineDraft[], branchName: string): Map<string, string> {
  const wanted = new Map<string, number>();
  for (const l of lines) {
    const q = Number(l.quantity);
    if (l.item.stock !== null && Number.isFinite(q)) wanted.set(l.item.id, (wanted.get(l.item.id) ?? 0) + q);
  }
  const warnings = new Map<string, string>();
  for (const l of lines) {
    const { stock, unit, id } = l.item;
    if (stock === null || (wanted.get(id) ?? 0) <= stock) continue;
    warnings.set(l.key, stock <= 0 ? `Out of stock at ${branchName}` : `Only ${stock}${unit ? ` ${unit}` : ''} in stock at ${branchName}`);
  }
  return warnings;
}

// -------------------------------------------------------------------------------------------------------------
// The request, and what is wrong with it

function customerFields(draft: BillDraft) {
  const c = draft.customer;
  if (c.type === 'PARTY') return { partyId: c.party.id, customer: null };
  const name = c.name.trim();
  // A walk-in sale may name nobody; a mobile number alone names nobody either.
  return { partyId: null, customer: name ? { name, mobileNumber: blankToNull(c.mobileNumber) } : null };
}

export function paymentAmount(draft: BillDraft, grandTotal: number): string | null {
  if (draft.kind !== 'INVOICE' || draft.payment.received === 'NONE') return null;
  if (draft.payment.received === 'FULL') return grandTotal > 0 ? fromPaise(grandTotal) : null;
  return blankToNull(draft.payment.amount);
}

export function toSaleRequest(draft: BillDraft, supply: SupplyInfo, grandTotal: number): CreateSaleRequest {
  const amount = paymentAmount(draft, grandTotal);
  return {
    ...customerFields(draft),
    placeOfSupply: supply.placeOfSupply,
    roundOff: draft.roundOff,
    invoiceDate: draft.date,
    dueDate: dueDateOf(draft),
    discount: discountRequest(draft.discount),
    lines: requestLines(draft),
    payment:
      amount === null
        ? null
        : {
            amount,
            mode: draft.payment.mode,
            accountId: draft.payment.accountId,
            reference: blankToNull(draft.payment.reference),
          },
    notes: blankToNull(draft.notes),
    terms: blankToNull(draft.terms),
    quotationId: draft.quotationId,
    ...zeroRatedFields(draft),
  };
}

/** A zero-rated sale's export type when one was chosen, and an export's shipping bill when any of it is typed. */
function zeroRatedFields(draft: BillDraft): Pick<CreateSaleRequest, 'exportType' | 'shippingBill'> {
  const party = zeroRatedParty(draft);
  if (!party) return {};
  const bill = draft.shippingBill;
  const shippingBill =
    party.registrationType === 'OVERSEAS' && bill && (bill.number.trim() || bill.date || bill.portCode.trim())
      ? { number: blankToNull(bill.number), date: bill.date, portCode: blankToNull(bill.portCode) }
      : null;
  return { exportType: draft.exportType ?? null, ...(draft.kind === 'INVOICE' && shippingBill ? { shippingBill } : {}) };
}

export function toQuotationRequest(draft: BillDraft, supply: SupplyInfo): CreateQuotationRequest {
  return {
    ...customerFields(draft),
    placeOfSupply: supply.placeOfSupply,
    roundOff: draft.roundOff,
    quotationDate: draft.date,
    validUntil: dueDateOf(draft),
    discount: discountRequest(draft.discount),
    exportType: zeroRatedParty(draft) ? (draft.exportType ?? null) : null,
    lines: requestLines(draft),
    notes: blankToNull(draft.notes),
    terms: blankToNull(draft.terms),
  };
}

const TOP_FIELDS: Record<string, string> = {
  partyId: 'customer',
  'customer.name': 'customer.name',
  'customer.mobileNumber': 'customer.mobileNumber',
  customer: 'customer',
  invoiceDate: 'date',
  quotationDate: 'date',
  dueDate: 'dueDate',
  validUntil: 'dueDate',
  placeOfSupply: 'placeOfSupply',
  ...BILL_TOP_FIELDS,
  terms: 'terms',
  exportType: 'exportType',
  shippingBill: 'shippingBill',
  'shippingBill.number': 'shippingBill',
  'shippingBill.date': 'shippingBill',
  'shippingBill.portCode': 'shippingBill',
};

/** The form path of a field the API or the contract names of a sale or quotation ('lines.1.discountAmount' → 'lines.1.discount'), or null. */
export const formPathOf = formPathWith(TOP_FIELDS);

/**
 * Everything wrong with the bill before it is sent, at its field: the engine's line errors, what the contract's
 * own schema says of the request (the API validates with the same one), and the rules between fields.
 */
export function billErrors(draft: BillDraft, supply: SupplyInfo, figures: BillFigures): BillErrors {
  const errors: BillErrors = lineErrors(draft, figures);
  const add = (path: string | null, message: string) => {
    if (path && !(path in errors)) errors[path] = message;
  };
  if (!supply.placeOfSupply) add('placeOfSupply', 'Choose the place of supply');

  const grandTotal = figures.document.totals.grandTotal;
  const parsed =
    draft.kind === 'INVOICE'
      ? CreateSaleRequest.safeParse(toSaleRequest(draft, supply, grandTotal))
      : CreateQuotationRequest.safeParse(toQuotationRequest(draft, supply));
  if (!parsed.success) for (const issue of parsed.error.issues) add(formPathOf(issue.path), issue.message);

  if (draft.kind === 'INVOICE' && draft.payment.received === 'PART') {
    if (draft.payment.amount.trim() === '') add('payment.amount', 'Enter the amount received');
    else if (paiseOrNull(draft.payment.amount) !== null && paiseOrNull(draft.payment.amount)! > grandTotal) {
      add('payment.amount', 'The amount received cannot be more than the grand total');
    }
  }
  return errors;
}
