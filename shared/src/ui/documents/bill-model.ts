import {
  GstInputError,
  computeDocument,
  computeLine,
  toPaise,
  type GstDocumentResult,
  type GstLineInput,
  type GstLineResult,
  type DocumentLine,
  fromPaise,
  type Item,
  type PaymentMode,
  type SupplyType,
} from '@bahi/shared';

/*
 * The lines of a bill and everything computed from them, as pure functions shared by sales and purchases: the
 * forms render these, the tests check them, and the tax itself always comes from the shared GST engine (so a form
 * shows what the API stores). What only a sale or quotation knows (its customer, place of supply, due date and
 * request) is mf-sales' own.
 */

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

/** What the figures of a bill depend on: its lines, the round-off and the discount on the whole bill. */
export interface LinesDraft {
  lines: LineDraft[];
  roundOff: boolean;
  /** Absent or blank: no discount on the whole bill. */
  discount?: DiscountDraft;
}

/** The discount on the whole bill as a request (and the engine) takes it; null when none is typed. */
export function discountRequest(discount: DiscountDraft | undefined): { percent: string } | { amount: string } | null {
  const value = discount ? blankToNull(discount.value) : null;
  if (!discount || value === null) return null;
  return discount.mode === 'PERCENT' ? { percent: value } : { amount: value };
}

let keySeq = 0;
/** A key for a new line of the grid, unique in this page. */
export const nextLineKey = () => `line-${(keySeq += 1)}`;

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
    key: nextLineKey(),
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

/** A line of an existing document, for Duplicate, Convert to invoice and an edit's form; `item` brings today's stock when known. */
export function lineFromDocument(line: DocumentLine, item?: Item): LineDraft {
  const known = item ? lineItemOf(item) : null;
  const percent = line.discountPercent !== null && Number(line.discountPercent) > 0;
  // The line's own discount: its share of the document's discount comes back with the document's discount.
  const own = toPaise(line.discount) - toPaise(line.documentDiscount ?? '0');
  return {
    key: nextLineKey(),
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
  draft: LinesDraft,
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

/** Errors by form path: 'lines.0.quantity', 'customer.name', 'payment.amount', 'placeOfSupply', 'dueDate', ... */
export type BillErrors = Record<string, string>;

export const blankToNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The lines of a request, as the contracts' document line. */
export function requestLines(draft: Pick<LinesDraft, 'lines'>) {
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

/** The request fields every bill's form has (the discount, the lines, the payment made now, the notes) and their form paths. */
export const BILL_TOP_FIELDS: Readonly<Record<string, string>> = {
  discount: 'discount',
  'discount.amount': 'discount',
  'discount.percent': 'discount',
  lines: 'lines',
  'payment.amount': 'payment.amount',
  'payment.mode': 'payment.mode',
  'payment.accountId': 'payment.accountId',
  'payment.reference': 'payment.reference',
  notes: 'notes',
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

/** Integer paise of a typed amount, or null when it is not one (the contract then says why). */
export function paiseOrNull(amount: string): number | null {
  try {
    return toPaise(amount.replace(/,/g, ''));
  } catch {
    return null;
  }
}

/** What is wrong with the lines, sale or purchase: none yet, the engine's errors, serials not one per unit. */
export function lineErrors(draft: Pick<LinesDraft, 'lines'>, figures: BillFigures, serialVerb = 'Pick'): BillErrors {
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
