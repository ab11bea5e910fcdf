import { z } from 'zod';
import { CalendarDate, Id, PageNumber, PageSize, ok } from './common';
import { MoneyString, MoneySumString } from './money';
import { PaymentRequest, type PaymentRequest as PaymentRequestBody } from './account';
import {
  DOCUMENT_LIMITS,
  DocumentLine,
  DocumentListMeta,
  DocumentParty,
  RefField,
  SALE_STATUSES,
  SalePayment,
  TextField,
  documentFields,
  documentLineShape,
  documentRequestFields,
  maybeField,
  refineDocumentLine,
  type DocumentDiscountRequest,
  type DocumentLineRequest,
} from './sales';

/*
 * Purchase bills: what the business buys from a supplier. The document parts —
 * lines, snapshots, totals, HSN summary — are the sales ones (sales.ts).
 *
 * Decisions of this contract:
 * - `billNumber` and `billDate` are the supplier's: unique per supplier and financial year (409 otherwise).
 *   `referenceNumber` is ours, gap-free per receiving branch and financial year: 'PUR/26-27/15'.
 * - Place of supply defaults to the receiving branch's state; the supplier's state is its GSTIN's, else its billing
 *   address's (else the branch's). Same state: CGST + SGST; another state: IGST.
 * - Reverse charge: the supplier charges no tax and the business pays it to the government. The lines still show the
 *   tax (it is ours to pay), `reverseChargeTax` sums it, and `totals.subtotal`/`grandTotal` — what is owed to the
 *   supplier — leave it out.
 * - Input tax credit: each line is ITC-eligible unless it says not (`itcEligible: false`); `itcAmount` is that
 *   line's GST and cess, `itc` and `itcAmount` on the bill their sums over eligible lines.
 * - `paid`/`balance` are what has been paid to the supplier and what is still owed (0 once cancelled).
 * - An attached bill (PDF, PNG or JPEG, judged by its bytes, at most 5 MB) is sent to purchase/attach-bill/:id as
 *   multipart (one part, `file`) and read back at purchase/purchase-invoice/:id/attachment, by its business only.
 */

export const PURCHASE_LIMITS = { billNumber: 40 } as const;

/** The attached bill: at most this many bytes (413 above), and only these types (415 otherwise). */
export const PURCHASE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const PURCHASE_ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const PURCHASE_MESSAGES = {
  attachmentType: 'Attach the bill as a PDF, PNG or JPEG file.',
  attachmentTooLarge: 'The bill file is larger than 5 MB.',
  attachmentMissing: 'Attach one file (the form part `file`).',
  attachmentNotFound: 'This bill has no attachment',
} as const;

/** Purchase lines also say whether their input tax can be claimed (default yes). */
export const PurchaseLineRequest = z
  .strictObject({
    ...documentLineShape,
    /** Default true. */
    itcEligible: maybeField(z.boolean({ error: 'itcEligible must be true or false' })),
  })
  .superRefine(refineDocumentLine);
export interface PurchaseLineRequest extends DocumentLineRequest {
  itcEligible?: boolean | null;
}

/** POST purchase/create-purchase (header `Idempotency-Key` like every create). */
export const CreatePurchaseRequest = z
  .strictObject({
    /** The supplier: required. */
    partyId: RefField('Supplier'),
    /** The supplier's bill number, as printed on their bill. */
    billNumber: z
      .string({ error: 'Bill number is required' })
      .trim()
      .min(1, 'Bill number is required')
      .max(PURCHASE_LIMITS.billNumber, `Bill number must be at most ${PURCHASE_LIMITS.billNumber} characters`),
    /** The supplier's bill date; default today (India). */
    billDate: maybeField(CalendarDate('Bill date')),
    /** When the supplier wants it paid; default bill date + the party's credit period. */
    dueDate: maybeField(CalendarDate('Due date')),
    /** The receiving branch; default the session's active branch. */
    branchId: documentRequestFields.branchId,
    /** Default: the receiving branch's state. */
    placeOfSupply: documentRequestFields.placeOfSupply,
    /** The tax is the business's to pay (reverse charge); default false. */
    reverseCharge: maybeField(z.boolean({ error: 'reverseCharge must be true or false' })),
    /** Round the amount owed to the rupee; default true. */
    roundOff: documentRequestFields.roundOff,
    /** A discount on the whole bill, shared among the lines before tax. */
    discount: documentRequestFields.discount,
    lines: z
      .array(PurchaseLineRequest, { error: 'Add at least one line' })
      .min(1, 'Add at least one line')
      .max(DOCUMENT_LIMITS.lines, `A document can have at most ${DOCUMENT_LIMITS.lines} lines`),
    /** Paid to the supplier now (at most the grand total). */
    payment: maybeField(PaymentRequest),
    notes: maybeField(TextField('Notes', DOCUMENT_LIMITS.notes)),
  })
  .superRefine((d, ctx) => {
    if (d.billDate && d.dueDate && d.dueDate < d.billDate) {
      ctx.addIssue({ code: 'custom', path: ['dueDate'], message: 'Due date cannot be before the bill date' });
    }
  });
export interface CreatePurchaseRequest {
  partyId: string;
  billNumber: string;
  billDate?: string | null;
  dueDate?: string | null;
  branchId?: string | null;
  placeOfSupply?: string | null;
  reverseCharge?: boolean | null;
  roundOff?: boolean | null;
  discount?: DocumentDiscountRequest | null;
  lines: PurchaseLineRequest[];
  payment?: PaymentRequestBody | null;
  notes?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const PURCHASE_STATUSES = SALE_STATUSES;
export const PurchaseStatus = z.enum(PURCHASE_STATUSES);
export type PurchaseStatus = z.infer<typeof PurchaseStatus>;

/** A payment made to the supplier against the bill; `reversed` once the bill is cancelled. */
export const PurchasePayment = SalePayment.extend({
  /** 'PV/26-27/3': the payment voucher of a payment for a supply received under reverse charge from an unregistered supplier. */
  paymentVoucherNumber: z.string().nullable(),
});
export type PurchasePayment = z.infer<typeof PurchasePayment>;

export const PurchaseLine = DocumentLine.extend({
  itcEligible: z.boolean(),
  /** The line's GST and cess when ITC-eligible, else 0.00. */
  itcAmount: MoneyString,
});
export type PurchaseLine = z.infer<typeof PurchaseLine>;

export const PurchaseItc = z.object({ cgst: MoneyString, sgst: MoneyString, igst: MoneyString, cess: MoneyString });
export type PurchaseItc = z.infer<typeof PurchaseItc>;

export const PurchaseAttachment = z.object({
  /** The sniffed type: application/pdf, image/png or image/jpeg. */
  contentType: z.enum(PURCHASE_ATTACHMENT_TYPES),
  size: z.number().int(),
  /** The name it was uploaded with (for the download), cleaned. */
  fileName: z.string(),
  /** The API path it is served at (behind the session). */
  url: z.string(),
  uploadedAt: z.string(),
});
export type PurchaseAttachment = z.infer<typeof PurchaseAttachment>;

export const PurchaseInvoice = z.object({
  ...documentFields,
  /** The supplier as they were when the bill was entered. */
  party: DocumentParty,
  lines: z.array(PurchaseLine),
  /** Ours: 'PUR/26-27/15', gap-free per branch and financial year. */
  referenceNumber: z.string(),
  /** The supplier's. */
  billNumber: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  status: PurchaseStatus,
  /** Not fully paid after the due date (never for a cancelled bill). */
  isOverdue: z.boolean(),
  reverseCharge: z.boolean(),
  /** Under reverse charge the GST and cess the business pays to the government; else 0.00. */
  reverseChargeTax: MoneyString,
  /** Claimable input tax, by head, over ITC-eligible lines. */
  itc: PurchaseItc,
  itcAmount: MoneyString,
  /** Paid to the supplier, net of reversals. */
  paid: MoneyString,
  /** Still owed to the supplier (0.00 once cancelled). */
  balance: MoneyString,
  payments: z.array(PurchasePayment),
  /** 'RCM/26-27/4': the self-invoice issued on receipt under reverse charge from an unregistered supplier; else null. */
  selfInvoiceNumber: z.string().nullable(),
  attachment: PurchaseAttachment.nullable(),
});
export type PurchaseInvoice = z.infer<typeof PurchaseInvoice>;
export const PurchaseInvoiceResponse = ok(PurchaseInvoice);

/** One row of the purchase list. */
export const PurchaseInvoiceSummary = z.object({
  id: Id,
  referenceNumber: z.string(),
  billNumber: z.string(),
  financialYear: z.string(),
  billDate: z.string(),
  dueDate: z.string(),
  status: PurchaseStatus,
  isOverdue: z.boolean(),
  branchId: Id,
  branchName: z.string(),
  partyId: Id,
  partyName: z.string(),
  partyMobile: z.string().nullable(),
  supplyType: z.enum(['INTRA', 'INTER']),
  reverseCharge: z.boolean(),
  grandTotal: MoneyString,
  itcAmount: MoneyString,
  paid: MoneyString,
  balance: MoneyString,
  hasAttachment: z.boolean(),
  createdAt: z.string(),
});
export type PurchaseInvoiceSummary = z.infer<typeof PurchaseInvoiceSummary>;

export const PURCHASE_PAGE_SIZE_MAX = 100;
export const PURCHASE_PAGE_SIZE_DEFAULT = 20;
export const PURCHASE_STATUS_FILTERS = [...PURCHASE_STATUSES, 'OVERDUE'] as const;

/** GET purchase/purchase-invoices: newest bill date first. */
export const PurchaseInvoiceListQuery = z
  .object({
    /** Our reference number, the supplier's bill number, the supplier's name or mobile number. */
    q: maybeField(z.string().trim().max(100, 'Search is too long')),
    partyId: maybeField(z.string().trim().max(40)),
    status: maybeField(z.enum(PURCHASE_STATUS_FILTERS, { error: `Status must be one of ${PURCHASE_STATUS_FILTERS.join(', ')}` })),
    from: maybeField(CalendarDate('From')),
    to: maybeField(CalendarDate('To')),
    branchId: maybeField(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybeField(z.string().trim().max(40)),
    page: maybeField(PageNumber),
    pageSize: maybeField(PageSize(PURCHASE_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface PurchaseInvoiceListQuery {
  q?: string;
  partyId?: string;
  status?: (typeof PURCHASE_STATUS_FILTERS)[number];
  from?: string;
  to?: string;
  branchId?: string;
  createdBy?: string;
  page?: number;
  pageSize?: number;
}

/** Sums over everything the filter matches (cancelled bills count in `total` but add nothing). */
export const PurchaseListMeta = DocumentListMeta.extend({ paid: MoneySumString, balance: MoneySumString, itcAmount: MoneySumString });
export type PurchaseListMeta = z.infer<typeof PurchaseListMeta>;

export const PurchaseInvoiceListResponse = ok(z.array(PurchaseInvoiceSummary)).extend({ meta: PurchaseListMeta });
export type PurchaseInvoiceListResponse = z.infer<typeof PurchaseInvoiceListResponse>;

// POST purchase/record-payment/:id takes sales' RecordPaymentRequest (a payment out); purchase/cancel-purchase/:id
// its CancelDocumentRequest.
