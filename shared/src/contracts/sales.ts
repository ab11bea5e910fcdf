import { z } from 'zod';
import { CalendarDate, Id, MobileNumber, PageNumber, PageSize, PersonName, ok } from './common';
import { EINVOICE_NOT_GENERATED, EInvoiceState } from './einvoice';
import { EWAY_BILL_NONE, EWayBillState, Transport, TransportRequest } from './ewaybill';
import { ItemType, Taxability } from './item';
import { MONEY_MAX, Money, MoneyString, MoneySumString, Percent, Quantity } from './money';
import { PartyRegistrationType, normalizeMobile } from './party';
import { SellerRegistrationType } from './branch';
import {
  PaymentMode,
  PaymentRequest,
  type PaymentRequest as PaymentRequestBody,
} from './account';

/*
 * Sale invoices. The document parts here — lines, party and branch snapshots, totals,
 * HSN summary — are shared by quotations (quotation.ts) and, later, purchases.
 *
 * Decisions of this contract:
 * - Money is a two-decimal string in every answer; quantities a three-decimal string ('2.500'); rates a plain
 *   per-cent string ('18', '0.25'). Requests take numbers or strings for all three.
 * - The API computes every figure with the GST engine (`@bahi/shared/gst`); totals a client sends are ignored.
 * - `party` and `branch` on a document are snapshots: what they were when it was issued, not what they are now.
 * - Every create takes an `Idempotency-Key` header (see account.ts).
 */

export const DOCUMENT_LIMITS = {
  lines: 300,
  serialsPerLine: 1000,
  description: 500,
  notes: 2000,
  terms: 2000,
  reason: 200,
  customerName: 100,
} as const;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** Optional: null, absent and a blank string all mean "not given". */
export const maybeField = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
/** An id in a request: any non-blank string up to 40 characters (one that names nothing answers 404). */
export const RefField = (label: string) =>
  z.string({ error: `${label} must be an id` }).trim().min(1, `${label} is required`).max(40, `${label} is not an id`);
/** Free text, trimmed, at most `max` characters. */
export const TextField = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const maybe = maybeField;
const Ref = RefField;
const Text = TextField;

/** A three-decimal quantity string as answers carry it: '2.000', '0.250'. */
export const QuantityString = z.string().regex(/^\d{1,11}\.\d{3}$/, 'Not a quantity');
/** A rate in per cent as answers carry it: '18', '0.25', '7.5'. */
export const RateString = z.string().regex(/^\d{1,3}(\.\d{1,3})?$/, 'Not a rate');

// ---------------------------------------------------------------------------------------------------------------
// Requests

/** The fields of one line as a client sends it (purchases add theirs: purchase.ts). */
export const documentLineShape = {
  itemId: Ref('Item'),
  /** Whole units unless the item's unit allows fractions (then up to 3 decimals). */
  quantity: Quantity('Quantity'),
  /** Default: the item's sale price (a purchase: its last purchase price, else its purchase price). */
  unitPrice: maybe(Money('Unit price')),
  /** Default: the item's sale tax type (WITH_TAX → true); a purchase: its purchase tax type. */
  priceIncludesTax: maybe(z.boolean({ error: 'priceIncludesTax must be true or false' })),
  discountPercent: maybe(Percent('Discount %')),
  discountAmount: maybe(Money('Discount')),
  /** A tax-rate id from item/taxes; default: the item's. */
  gstRateId: maybe(Text('GST rate', 40)),
  description: maybe(Text('Description', DOCUMENT_LIMITS.description)),
  /** Serialised items: which serials in stock at the branch are sold (a purchase: received), one per unit. */
  serialNos: maybe(
    z
      .array(z.string().trim().min(1, 'A serial number cannot be blank').max(100, 'A serial number can be at most 100 characters'))
      .max(DOCUMENT_LIMITS.serialsPerLine, `At most ${DOCUMENT_LIMITS.serialsPerLine} serial numbers on a line`),
  ),
};

/** The checks across a line's fields, for every kind of line. */
export function refineDocumentLine(
  l: { quantity: unknown; unitPrice?: unknown; discountPercent?: unknown; discountAmount?: unknown },
  ctx: z.RefinementCtx,
) {
  if (l.discountPercent !== undefined && l.discountAmount !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['discountAmount'], message: 'Give a discount as a percentage or an amount, not both' });
  }
  if (typeof l.quantity === 'string' && typeof l.unitPrice === 'string' && Number(l.quantity) * Number(l.unitPrice) > Number(MONEY_MAX)) {
    ctx.addIssue({ code: 'custom', path: ['unitPrice'], message: 'Quantity × unit price is more than an invoice can hold' });
  }
}

/** One line as a client sends it. Only `itemId` and `quantity` are required; the rest default from the item. */
export const DocumentLineRequest = z.strictObject(documentLineShape).superRefine(refineDocumentLine);
export interface DocumentLineRequest {
  itemId: string;
  quantity: string | number;
  unitPrice?: string | number | null;
  priceIncludesTax?: boolean | null;
  discountPercent?: string | number | null;
  discountAmount?: string | number | null;
  gstRateId?: string | null;
  description?: string | null;
  serialNos?: string[] | null;
}

/** A walk-in customer's name and number, printed on the invoice (no party is created). */
export const WalkInCustomer = z.strictObject({
  name: PersonName('Customer name', DOCUMENT_LIMITS.customerName),
  mobileNumber: maybe(z.preprocess(normalizeMobile, MobileNumber)),
});
export interface WalkInCustomer {
  name: string;
  mobileNumber?: string | null;
}

/**
 * A discount on the whole document, before tax (gst-rules.md "Invoice discount"): a percentage of the lines' value
 * after their own discounts, or an amount; the engine shares it among the lines in proportion to their value.
 */
export const DocumentDiscountRequest = z
  .strictObject({
    percent: maybe(Percent('Discount %')),
    amount: maybe(Money('Discount')),
  })
  .superRefine((d, ctx) => {
    if (d.percent !== undefined && d.amount !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Give a discount as a percentage or an amount, not both' });
    }
  });
export interface DocumentDiscountRequest {
  percent?: string | number | null;
  amount?: string | number | null;
}

/**
 * A zero-rated supply (to an SEZ, or an export: gst-rules.md "Exports and SEZ"): WITHOUT_PAYMENT of IGST under a
 * letter of undertaking valid on the document's date (no tax), or WITH_PAYMENT of IGST at the rate (refundable).
 */
export const EXPORT_TYPES = ['WITHOUT_PAYMENT', 'WITH_PAYMENT'] as const;
export const ExportType = z.enum(EXPORT_TYPES, { error: `Export type must be ${EXPORT_TYPES.join(' or ')}` });
export type ExportType = z.infer<typeof ExportType>;
export const EXPORT_TYPE_LABELS: Record<ExportType, string> = {
  WITHOUT_PAYMENT: 'Without payment of IGST (under LUT)',
  WITH_PAYMENT: 'With payment of IGST',
};

/** The Rule 46 declaration a zero-rated invoice prints. */
export const exportDeclaration = (type: ExportType): string =>
  `SUPPLY MEANT FOR EXPORT / SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS ${
    type === 'WITHOUT_PAYMENT' ? 'UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX' : 'ON PAYMENT OF INTEGRATED TAX'
  }`;

export const SHIPPING_BILL_LIMITS = { number: 20 } as const;
/**
 * An export's shipping bill, as far as it is known: its number (up to 20 letters and digits), date, and the
 * 6-character code of the port of export ('INNSA1').
 */
export const ShippingBillRequest = z.strictObject({
  number: maybe(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z/-]{1,20}$/, `Shipping bill number is up to ${SHIPPING_BILL_LIMITS.number} letters and digits`),
  ),
  date: maybe(CalendarDate('Shipping bill date')),
  portCode: maybe(
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[0-9A-Z]{6}$/, 'Port code is the 6-character code of the port of export (e.g. INNSA1)'),
  ),
});
export interface ShippingBillRequest {
  number?: string | null;
  date?: string | null;
  portCode?: string | null;
}
export const ShippingBill = z.object({ number: z.string().nullable(), date: z.string().nullable(), portCode: z.string().nullable() });
export type ShippingBill = z.infer<typeof ShippingBill>;

/** What every document's body has: party, branch, place of supply, round-off, lines, notes and terms. */
export const documentRequestFields = {
  /** A customer party; null or absent for a walk-in sale. */
  partyId: maybe(Ref('Party')),
  /** Walk-in only (no partyId). */
  customer: maybe(WalkInCustomer),
  /** Default: the session's active branch. */
  branchId: maybe(Ref('Branch')),
  /** A GST state code ('27', '96' for an export); default per gst-rules.md from the party and the branch. */
  placeOfSupply: maybe(
    z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim().padStart(2, '0'))
      .refine((v) => /^(0[1-9]|[12][0-9]|3[0-8]|9[67])$/.test(v), 'Place of supply must be a GST state code'),
  ),
  /** Round the grand total to the rupee; default true. */
  roundOff: maybe(z.boolean({ error: 'roundOff must be true or false' })),
  /** A discount on the whole document, shared among the lines before tax. */
  discount: maybe(DocumentDiscountRequest),
  /**
   * To an SEZ or overseas party only: default WITHOUT_PAYMENT when the business's LUT is valid on the document's
   * date, else WITH_PAYMENT.
   */
  exportType: maybe(ExportType),
  lines: z
    .array(DocumentLineRequest, { error: 'Add at least one line' })
    .min(1, 'Add at least one line')
    .max(DOCUMENT_LIMITS.lines, `A document can have at most ${DOCUMENT_LIMITS.lines} lines`),
  notes: maybe(Text('Notes', DOCUMENT_LIMITS.notes)),
  terms: maybe(Text('Terms', DOCUMENT_LIMITS.terms)),
};

/** A walk-in customer only goes with a walk-in document. */
export function refineWalkIn(d: { partyId?: unknown; customer?: unknown }, ctx: z.RefinementCtx) {
  if (d.partyId && d.customer) {
    ctx.addIssue({ code: 'custom', path: ['customer'], message: 'A walk-in customer is for a sale without a party' });
  }
}

export interface DocumentRequest {
  partyId?: string | null;
  customer?: WalkInCustomer | null;
  branchId?: string | null;
  placeOfSupply?: string | null;
  roundOff?: boolean | null;
  discount?: DocumentDiscountRequest | null;
  exportType?: ExportType | null;
  lines: DocumentLineRequest[];
  notes?: string | null;
  terms?: string | null;
}

/** POST sale/create-sale. */
export const CreateSaleRequest = z
  .strictObject({
    ...documentRequestFields,
    /** Default: today (India). */
    invoiceDate: maybe(CalendarDate('Invoice date')),
    /** Default: invoice date + the party's credit period. */
    dueDate: maybe(CalendarDate('Due date')),
    /** Received now (at most the grand total). */
    payment: maybe(PaymentRequest),
    /** The quotation this invoice converts (it becomes CONVERTED). */
    quotationId: maybe(Ref('Quotation')),
    /** An export's shipping bill, when it is known (else later, through sale/shipping-bill/:id). */
    shippingBill: maybe(ShippingBillRequest),
    /** How the goods travel, for the e-way bill (else later, through sale/transport/:id). */
    transport: maybe(TransportRequest),
  })
  .superRefine((d, ctx) => {
    refineWalkIn(d, ctx);
    if (d.invoiceDate && d.dueDate && d.dueDate < d.invoiceDate) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due date cannot be before the invoice date' });
    }
  });
export interface CreateSaleRequest extends DocumentRequest {
  invoiceDate?: string | null;
  dueDate?: string | null;
  payment?: PaymentRequestBody | null;
  quotationId?: string | null;
  shippingBill?: ShippingBillRequest | null;
  transport?: TransportRequest | null;
}

/** POST sale/record-payment/:id: a payment in against the invoice, at most its balance. */
export const RecordPaymentRequest = PaymentRequest.extend({
  /** Default: today (India). */
  date: maybe(CalendarDate('Payment date')),
});
export interface RecordPaymentRequest extends PaymentRequestBody {
  date?: string | null;
}

/** POST sale/cancel-sale/:id. */
export const CancelDocumentRequest = z.object({
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(DOCUMENT_LIMITS.reason, `Reason must be at most ${DOCUMENT_LIMITS.reason} characters`),
});
export interface CancelDocumentRequest {
  reason: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers: the parts every document shares

export const DocumentAddress = z.object({
  street: z.string().nullable(),
  city: z.string().nullable(),
  /** GST state code. */
  stateCode: z.string().nullable(),
  /** The state's name. */
  state: z.string().nullable(),
  pin: z.string().nullable(),
});
export type DocumentAddress = z.infer<typeof DocumentAddress>;

/** The issuing branch (and its business) as it was when the document was issued. */
export const DocumentBranch = z.object({
  id: Id,
  name: z.string(),
  businessName: z.string(),
  gstin: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: DocumentAddress,
  /** The supplier state: the GSTIN's, else the address's, else the business's. */
  stateCode: z.string().nullable(),
  /** How the issuer was registered when it issued the document (REGULAR for documents issued before this was kept). */
  registrationType: SellerRegistrationType.default('REGULAR'),
});
export type DocumentBranch = z.infer<typeof DocumentBranch>;

/** The customer as they were when the document was issued; `id` is null for a walk-in customer. */
export const DocumentParty = z.object({
  id: Id.nullable(),
  name: z.string(),
  mobileNumber: z.string().nullable(),
  email: z.string().nullable(),
  gstin: z.string().nullable(),
  /** How the party was registered at issue (null: a walk-in customer, or a document issued before this was kept). */
  registrationType: PartyRegistrationType.nullable().default(null),
  billingAddress: DocumentAddress.nullable(),
  shippingAddress: DocumentAddress.nullable(),
});
export type DocumentParty = z.infer<typeof DocumentParty>;

export const DocumentLine = z.object({
  lineNo: z.number().int(),
  itemId: Id,
  itemName: z.string(),
  itemType: ItemType,
  hsnSac: z.string().nullable(),
  description: z.string().nullable(),
  quantity: QuantityString,
  /** The UQC ('NOS', 'KGS'). */
  unit: z.string().nullable(),
  unitPrice: MoneyString,
  priceIncludesTax: z.boolean(),
  discountPercent: RateString.nullable(),
  discount: MoneyString,
  taxableValue: MoneyString,
  gstRateId: z.string().nullable(),
  gstRate: RateString,
  /** The item's taxability at issue: TAXABLE, NIL_RATED, EXEMPT or NON_GST (GSTR-1 and GSTR-3B read it). */
  taxability: Taxability.optional(),
  cgst: MoneyString,
  sgst: MoneyString,
  igst: MoneyString,
  cessRate: RateString,
  /** Fixed cess in rupees per unit (three decimals). */
  cessPerUnit: z.string(),
  cess: MoneyString,
  total: MoneyString,
  serialNos: z.array(z.string()),
  /** The line's share of the document's discount (already in `discount`, which is the line's own plus this). */
  documentDiscount: MoneyString.default('0.00'),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

export const DocumentTotals = z.object({
  taxableValue: MoneyString,
  discount: MoneyString,
  cgst: MoneyString,
  sgst: MoneyString,
  igst: MoneyString,
  cess: MoneyString,
  /** The sum of the line totals before round-off. */
  subtotal: MoneyString,
  /** grandTotal − subtotal (−0.49 … +0.50); 0.00 with round-off off. */
  roundOff: MoneyString,
  grandTotal: MoneyString,
  amountInWords: z.string(),
});
export type DocumentTotals = z.infer<typeof DocumentTotals>;

/** The discount on the whole document as it was given: a percentage (then `amount` is what it came to) or an amount. */
export const DocumentDiscount = z.object({ percent: RateString.nullable(), amount: MoneyString });
export type DocumentDiscount = z.infer<typeof DocumentDiscount>;

export const HsnSummaryRow = z.object({
  hsnSac: z.string(),
  gstRate: RateString,
  quantity: QuantityString,
  unit: z.string().nullable(),
  taxableValue: MoneyString,
  igst: MoneyString,
  cgst: MoneyString,
  sgst: MoneyString,
  cess: MoneyString,
});
export type HsnSummaryRow = z.infer<typeof HsnSummaryRow>;

/** What every document's answer has. */
export const documentFields = {
  id: Id,
  /** '2026-27'. */
  financialYear: z.string(),
  branch: DocumentBranch,
  /** null for a walk-in sale without a customer name. */
  party: DocumentParty.nullable(),
  placeOfSupply: z.string(),
  placeOfSupplyName: z.string().nullable(),
  supplyType: z.enum(['INTRA', 'INTER']),
  /** 'SGST', or 'UTGST' in a union territory without a legislature. */
  sgstLabel: z.enum(['SGST', 'UTGST']),
  roundOff: z.boolean(),
  /** null when the document has no discount of its own. */
  discount: DocumentDiscount.nullable().default(null),
  /** A zero-rated supply (to an SEZ, or an export): with or without payment of IGST; null for any other. */
  exportType: ExportType.nullable().default(null),
  lines: z.array(DocumentLine),
  totals: DocumentTotals,
  hsnSummary: z.array(HsnSummaryRow),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
};

// ---------------------------------------------------------------------------------------------------------------
// Sale invoice answers

export const SALE_STATUSES = ['PAID', 'PARTIAL', 'UNPAID', 'CANCELLED'] as const;
export const SaleStatus = z.enum(SALE_STATUSES);
export type SaleStatus = z.infer<typeof SaleStatus>;

/** A payment received against an invoice; `reversed` once the invoice is cancelled. */
export const SalePayment = z.object({
  id: Id,
  date: z.string(),
  amount: MoneyString,
  mode: PaymentMode,
  accountId: Id,
  accountName: z.string(),
  reference: z.string().nullable(),
  reversed: z.boolean(),
  createdAt: z.string(),
});
export type SalePayment = z.infer<typeof SalePayment>;

export const SaleInvoice = z.object({
  ...documentFields,
  /** 'MB/26-27/42': at most 16 characters. */
  invoiceNumber: z.string(),
  /** TAX INVOICE from a REGULAR seller; BILL OF SUPPLY from a composition or unregistered one (which charges no tax). */
  documentTitle: z.enum(['TAX INVOICE', 'BILL OF SUPPLY']).default('TAX INVOICE'),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: SaleStatus,
  /** Not fully paid after the due date (never for a cancelled invoice). */
  isOverdue: z.boolean(),
  received: MoneyString,
  balance: MoneyString,
  payments: z.array(SalePayment),
  quotationId: Id.nullable(),
  quotationNumber: z.string().nullable(),
  /** e-invoicing: the IRN the IRP gave it, if any. */
  einvoice: EInvoiceState.default(EINVOICE_NOT_GENERATED),
  /** Without payment of IGST: the letter of undertaking it was issued under. */
  lutNumber: z.string().nullable().default(null),
  /** An export's shipping bill (null for any other invoice; its fields null until known). */
  shippingBill: ShippingBill.nullable().default(null),
  /** The Rule 46 declaration a zero-rated invoice prints (null for any other). */
  exportDeclaration: z.string().nullable().default(null),
  /** How the goods travel (null until given), for the e-way bill. */
  transport: Transport.nullable().default(null),
  /** Whether it needs an e-way bill, and the portal's answer once uploaded. */
  ewayBill: EWayBillState.default(EWAY_BILL_NONE),
});
export type SaleInvoice = z.infer<typeof SaleInvoice>;
export const SaleInvoiceResponse = ok(SaleInvoice);

/** One row of the invoice list. */
export const SaleInvoiceSummary = z.object({
  id: Id,
  invoiceNumber: z.string(),
  financialYear: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  status: SaleStatus,
  isOverdue: z.boolean(),
  branchId: Id,
  branchName: z.string(),
  partyId: Id.nullable(),
  partyName: z.string().nullable(),
  partyMobile: z.string().nullable(),
  supplyType: z.enum(['INTRA', 'INTER']),
  grandTotal: MoneyString,
  received: MoneyString,
  balance: MoneyString,
  createdAt: z.string(),
});
export type SaleInvoiceSummary = z.infer<typeof SaleInvoiceSummary>;

export const SALE_PAGE_SIZE_MAX = 100;
export const SALE_PAGE_SIZE_DEFAULT = 20;
/** The list's status filter: a status, or OVERDUE (unpaid or part paid after the due date). */
export const SALE_STATUS_FILTERS = [...SALE_STATUSES, 'OVERDUE'] as const;

/** GET sale/sale-invoices: newest first. */
export const SaleInvoiceListQuery = z
  .object({
    /** Invoice number, party name or mobile number. */
    q: maybe(z.string().trim().max(100, 'Search is too long')),
    partyId: maybe(z.string().trim().max(40)),
    status: maybe(z.enum(SALE_STATUS_FILTERS, { error: `Status must be one of ${SALE_STATUS_FILTERS.join(', ')}` })),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    branchId: maybe(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybe(z.string().trim().max(40)),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(SALE_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface SaleInvoiceListQuery {
  q?: string;
  partyId?: string;
  status?: (typeof SALE_STATUS_FILTERS)[number];
  from?: string;
  to?: string;
  branchId?: string;
  createdBy?: string;
  page?: number;
  pageSize?: number;
}

/** Where the page sits, and the sums over everything the filter matches (not just this page). */
export const DocumentListMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  grandTotal: MoneySumString,
});
export const SaleListMeta = DocumentListMeta.extend({ received: MoneySumString, balance: MoneySumString });
export type SaleListMeta = z.infer<typeof SaleListMeta>;

export const SaleInvoiceListResponse = ok(z.array(SaleInvoiceSummary)).extend({ meta: SaleListMeta });
export type SaleInvoiceListResponse = z.infer<typeof SaleInvoiceListResponse>;

/** GET sale/next-invoice-number: the number the next invoice would get (a preview: nothing is reserved). */
export const NextNumberQuery = z.object({
  branchId: maybe(z.string().trim().max(40)),
  date: maybe(CalendarDate('Date')),
});
export interface NextNumberQuery {
  branchId?: string;
  date?: string;
}
export const NextNumberResponse = ok(z.object({ number: z.string(), financialYear: z.string() }));
