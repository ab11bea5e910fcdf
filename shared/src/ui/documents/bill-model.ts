import {
  CreateQuotationRequest,
  CreateSaleRequest,
  GstInputError,
  QUOTATION_VALID_DAYS_DEFAULT,
  addDays,
  computeDocument,
  computeLine,
  fromPaise,
  isZeroRatedParty,
  lutValidOn,
  placeOfSupplyFor,
  supplierStateOf,
  supplyTypeOf,
  toPaise,
  type Branch,
  type Business,
  type DocumentLine,
  type ExportType,
  type GstDocumentResult,
  type Lut,
  type GstLineInput,
  type GstLineResult,
  type Item,
  type Party,
  type PaymentMode,
  type PlaceOfSupplyReason,
  type SellerRegistrationType,
  type SupplyType,
} from '@bahi/shared';

/*
 * The billing form's state and everything computed from it, as pure functions: the form renders these, the tests
 * check them, and the tax itself always comes from the shared GST engine (so the form shows what the API stores).
 */

export type BillKind = 'INVOICE' | 'QUOTATION';

/** Which side of the trade a document is on: a sale to a customer, or a purchase from a supplier. */
export type DocumentSide = 'SALE' | 'PURCHASE';

/** What a line knows of its item when it was picked. */
export interface LineItem {
  id: string;
  name: string;
  code: string | null;
  hsnSac: string | null;
  /** UQC short name ('NOS'). */
  unit: string | null;
  itemType: 'PRODUCT' | 'SERVICE';
  /** At the active branch; null for a service or when not known. */
  stock: number | null;
  hasSerialisation: boolean;
  /** The serial numbers the picker offers. */
  serials: string[];
}

export interface LineDraft {
  key: string;
  item: LineItem;
  quantity: string;
  unitPrice: string;
  priceIncludesTax: boolean;
  discountMode: 'PERCENT' | 'AMOUNT';
  discount: string;
  /** A tax-rate id from item/taxes; null keeps the item's own. */
  gstRateId: string | null;
  gstRate: string;
  cessRate: string;
  serialNos: string[];
  /** Purchases only: the line's input tax can be claimed (default yes). */
  itcEligible: boolean;
}

export type Customer = { type: 'PARTY'; party: Party } | { type: 'WALK_IN'; name: string; mobileNumber: string };

export interface PaymentDraft {
  received: 'FULL' | 'PART' | 'NONE';
  /** Only for PART. */
  amount: string;
  mode: PaymentMode;
  /** null: the API's default account for the mode. */
  accountId: string | null;
  reference: string;
}

/** A discount on the whole bill, before tax: a percentage or an amount, as typed (blank: none). */
export interface DiscountDraft {
  mode: 'PERCENT' | 'AMOUNT';
  value: string;
}

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

/** The discount on the whole bill as a request (and the engine) takes it; null when none is typed. */
export function discountRequest(discount: DiscountDraft | undefined): { percent: string } | { amount: string } | null {
  const value = discount ? blankToNull(discount.value) : null;
  if (!discount || value === null) return null;
  return discount.mode === 'PERCENT' ? { percent: value } : { amount: value };
}

let keySeq = 0;
const nextKey = () => `line-${(keySeq += 1)}`;

export function lineItemOf(item: Item): LineItem {
  const product = item.itemType === 'PRODUCT';
  return {
    id: item.id,
    name: product ? item.itemName : (item.serviceName ?? item.itemName),
    code: product ? item.itemCode : item.serviceCode,
    hsnSac: product ? item.hsnCode : item.sacCode,
    unit: item.unit?.shortName ?? null,
    itemType: item.itemType,
    stock: product ? item.netQuantity : null,
    hasSerialisation: product && item.hasSerialisation,
    serials: item.itemSerialNo.map((s) => s.serialNo),
  };
}

/**
 * A new line for a picked item: one unit at its sale price and sale tax type, or on a purchase at its purchase price
 * and purchase tax type; its GST rate.
 */
export function lineFromItem(item: Item, side: DocumentSide = 'SALE'): LineDraft {
  const price = side === 'SALE' ? item.salePrice : item.purchasePrice;
  return {
    key: nextKey(),
    item: lineItemOf(item),
    quantity: '1',
    unitPrice: price === null ? '' : String(price),
    priceIncludesTax: side === 'SALE' ? item.isSaleTaxApplicable : item.isPurchaseTaxApplicable,
    discountMode: 'PERCENT',
    discount: '',
    gstRateId: item.gstRate?.id ?? null,
    gstRate: String(item.gstRate?.value ?? 0),
    cessRate: String(item.gstRate?.cessValue ?? 0),
    serialNos: [],
    itcEligible: true,
  };
}

/** A line of an existing document, for Duplicate and Convert to invoice; `item` brings today's stock when known. */
export function lineFromDocument(line: DocumentLine, item?: Item): LineDraft {
  const known = item ? lineItemOf(item) : null;
  const percent = line.discountPercent !== null && Number(line.discountPercent) > 0;
  // The line's own discount: its share of the document's discount comes back with the document's discount.
  const own = toPaise(line.discount) - toPaise(line.documentDiscount ?? '0');
  return {
    key: nextKey(),
    item: known ?? {
      id: line.itemId,
      name: line.itemName,
      code: null,
      hsnSac: line.hsnSac,
      unit: line.unit,
      itemType: line.itemType,
      stock: null,
      hasSerialisation: false,
      serials: [],
    },
    quantity: String(Number(line.quantity)),
    unitPrice: line.unitPrice,
    priceIncludesTax: line.priceIncludesTax,
    discountMode: percent ? 'PERCENT' : 'AMOUNT',
    discount: percent ? line.discountPercent! : own > 0 ? fromPaise(own) : '',
    gstRateId: line.gstRateId,
    gstRate: line.gstRate,
    cessRate: line.cessRate,
    // Serials of the earlier document are sold (or were only quoted): the new one picks its own.
    serialNos: [],
    itcEligible: true,
  };
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
// Tax, through the engine

/** The columns of a line a message can name. */
export type LineField = 'item' | 'quantity' | 'unitPrice' | 'discount' | 'gstRate' | 'serialNos';

export interface LineOutcome {
  result: GstLineResult | null;
  error: { field: LineField; message: string } | null;
}

export interface BillFigures {
  lines: LineOutcome[];
  /** The lines that compute; a line still being typed is left out until it does. */
  document: GstDocumentResult;
  /** A problem of the whole document (a total too large to store). */
  error: string | null;
  /** What is wrong with the discount on the whole bill (more than the bill, not a number). */
  discountError?: string;
}

const ENGINE_FIELDS: Record<string, LineField> = {
  quantity: 'quantity',
  unitPrice: 'unitPrice',
  discountAmount: 'discount',
  discountPercent: 'discount',
  gstRate: 'gstRate',
  cessRate: 'gstRate',
  cessPerUnit: 'gstRate',
};

export function engineLine(line: LineDraft): GstLineInput {
  return {
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    priceIncludesTax: line.priceIncludesTax,
    discountPercent: line.discountMode === 'PERCENT' ? line.discount : null,
    discountAmount: line.discountMode === 'AMOUNT' ? line.discount : null,
    gstRate: line.gstRate,
    cessRate: line.cessRate,
    hsnSac: line.item.hsnSac,
    unit: line.item.unit,
  };
}

const NO_DOCUMENT = (supplyType: SupplyType): GstDocumentResult => computeDocument({ supplyType, lines: [] });

/**
 * Every line and the document as the engine computes them, line by line, so one unfinished line blocks no total.
 * Under reverse charge (purchases) the engine leaves the tax out of what is owed and reports it apart.
 */
export function computeBill(
  draft: Pick<BillDraft, 'lines' | 'roundOff' | 'discount'>,
  supplyType: SupplyType,
  reverseCharge = false,
  /** A zero-rated supply without payment of IGST (under LUT): the lines keep their rates and charge no tax. */
  withoutPayment = false,
): BillFigures {
  const inputs: GstLineInput[] = [];
  const lines = draft.lines.map((line): LineOutcome => {
    const input = engineLine(line);
    try {
      const result = computeLine(input, supplyType);
      inputs.push(input);
      return { result, error: null };
    } catch (e) {
      if (!(e instanceof GstInputError)) throw e;
      return { result: null, error: { field: ENGINE_FIELDS[e.field] ?? 'quantity', message: e.message } };
    }
  });
  const whole = (discount: ReturnType<typeof discountRequest>) =>
    computeDocument({ supplyType, roundOff: draft.roundOff, reverseCharge, lines: inputs, discount, withoutPayment });
  try {
    const discount = discountRequest(draft.discount);
    let document: GstDocumentResult;
    let discountError: string | undefined;
    try {
      document = whole(discount);
    } catch (e) {
      if (!(e instanceof GstInputError) || !e.field.startsWith('discount')) throw e;
      document = whole(null);
      discountError = e.message;
    }
    // With a discount on the whole bill each line shows its taxes after its share (once every line computes).
    const shared = (document.documentDiscount || withoutPayment) && inputs.length === lines.length;
    const shown = shared ? lines.map((o, i): LineOutcome => ({ ...o, result: document.lines[i] })) : lines;
    return { lines: shown, document, error: null, ...(discountError ? { discountError } : {}) };
  } catch (e) {
    if (!(e instanceof GstInputError)) throw e;
    return { lines, document: NO_DOCUMENT(supplyType), error: e.message };
  }
}

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

/** Errors by form path: 'lines.0.quantity', 'customer.name', 'payment.amount', 'placeOfSupply', 'dueDate', ... */
export type BillErrors = Record<string, string>;

export const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The lines of a request, as the contracts' document line. */
export function requestLines(draft: Pick<BillDraft, 'lines'>) {
  return draft.lines.map((l) => ({
    itemId: l.item.id,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    priceIncludesTax: l.priceIncludesTax,
    discountPercent: l.discountMode === 'PERCENT' ? blankToNull(l.discount) : null,
    discountAmount: l.discountMode === 'AMOUNT' ? blankToNull(l.discount) : null,
    gstRateId: l.gstRateId,
    serialNos: l.item.hasSerialisation ? l.serialNos : null,
  }));
}

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

/** The grid column of each field of a request line. */
export const LINE_FIELDS: Record<string, LineField> = {
  itemId: 'item',
  quantity: 'quantity',
  unitPrice: 'unitPrice',
  discountPercent: 'discount',
  discountAmount: 'discount',
  gstRateId: 'gstRate',
  priceIncludesTax: 'unitPrice',
  serialNos: 'serialNos',
  itcEligible: 'item',
};

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
  discount: 'discount',
  'discount.amount': 'discount',
  'discount.percent': 'discount',
  lines: 'lines',
  'payment.amount': 'payment.amount',
  'payment.mode': 'payment.mode',
  'payment.accountId': 'payment.accountId',
  'payment.reference': 'payment.reference',
  notes: 'notes',
  terms: 'terms',
  exportType: 'exportType',
  shippingBill: 'shippingBill',
  'shippingBill.number': 'shippingBill',
  'shippingBill.date': 'shippingBill',
  'shippingBill.portCode': 'shippingBill',
};

/**
 * The form path of a field the API or the contract names, with a document's own `topFields` (request field → form
 * path): a line's field goes to its grid column ('lines.1.discountAmount' → 'lines.1.discount'); null when the form
 * has no such field.
 */
export const formPathWith =
  (topFields: Readonly<Record<string, string>>) =>
  (field: string | readonly PropertyKey[] | undefined): string | null => {
    if (!field) return null;
    const parts = (typeof field === 'string' ? field.split('.') : field.map(String)).filter(Boolean);
    if (parts[0] === 'lines' && parts.length >= 3 && /^\d+$/.test(parts[1])) {
      const column = LINE_FIELDS[parts[2]];
      return column ? `lines.${parts[1]}.${column}` : null;
    }
    return topFields[parts.slice(0, 2).join('.')] ?? topFields[parts[0]] ?? null;
  };

/** The form path of a field the API or the contract names of a sale or quotation ('lines.1.discountAmount' → 'lines.1.discount'), or null. */
export const formPathOf = formPathWith(TOP_FIELDS);

/**
 * Everything wrong with the bill before it is sent, at its field: the engine's line errors, what the contract's
 * own schema says of the request (the API validates with the same one), and the rules between fields.
 */
/** Integer paise of a typed amount, or null when it is not one (the contract then says why). */
export function paiseOrNull(amount: string): number | null {
  try {
    return toPaise(amount.replace(/,/g, ''));
  } catch {
    return null;
  }
}

/** What is wrong with the lines, sale or purchase: none yet, the engine's errors, serials not one per unit. */
export function lineErrors(draft: Pick<BillDraft, 'lines'>, figures: BillFigures, serialVerb = 'Pick'): BillErrors {
  const errors: BillErrors = {};
  const add = (path: string, message: string) => {
    if (!(path in errors)) errors[path] = message;
  };
  if (draft.lines.length === 0) add('lines', 'Add at least one item');
  figures.lines.forEach((o, i) => o.error && add(`lines.${i}.${o.error.field}`, o.error.message));
  draft.lines.forEach((l, i) => {
    if (!l.item.hasSerialisation) return;
    const q = Number(l.quantity);
    if (Number.isInteger(q) && q > 0 && l.serialNos.length !== q) {
      add(`lines.${i}.serialNos`, `${serialVerb} ${q} serial ${q === 1 ? 'number' : 'numbers'}, one for each unit`);
    }
  });
  if (figures.error) add('lines', figures.error);
  if (figures.discountError) add('discount', figures.discountError);
  return errors;
}

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
