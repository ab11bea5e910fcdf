import { z } from 'zod';
import { CalendarDate, DATE_MAX, DATE_MIN, Id, PageNumber, PageSize, isCalendarDate, ok } from './common';
import { MoneyString } from './money';

/*
 * e-invoicing: a B2B sale invoice as the IRP's e-invoice JSON (schema version 1.1), checked offline
 * before it is offered; the IRP's answer (IRN, Ack No and date, signed invoice and QR string) stored on the invoice.
 */

export const EINVOICE_STATUSES = ['NOT_GENERATED', 'JSON_READY', 'IRN_RECEIVED', 'CANCELLED'] as const;
export const EInvoiceStatus = z.enum(EINVOICE_STATUSES);
export type EInvoiceStatus = z.infer<typeof EInvoiceStatus>;

/** How many hours the IRP allows to cancel an IRN after its acknowledgement. */
export const IRN_CANCEL_HOURS = 24;

/** An invoice's e-invoice state, part of every sale invoice answer. */
export const EInvoiceState = z.object({
  /**
   * NOT_GENERATED: no IRN and no e-invoice JSON made yet; JSON_READY: a valid e-invoice JSON was downloaded (single or
   * bulk) and the IRP's answer is awaited; IRN_RECEIVED: the IRP registered it; CANCELLED: the invoice was cancelled after.
   */
  status: EInvoiceStatus,
  irn: z.string().nullable(),
  ackNo: z.string().nullable(),
  /** As the IRP writes it ("2026-11-05 13:45:00"). */
  ackDate: z.string().nullable(),
  /** The signed QR string (a JWT) the printed QR code is made from. */
  signedQrCode: z.string().nullable(),
  /** What the user must still do: cancel the IRN on the portal once the invoice is cancelled. */
  notice: z.string().nullable(),
});
export type EInvoiceState = z.infer<typeof EInvoiceState>;
export const EINVOICE_NOT_GENERATED: EInvoiceState = {
  status: 'NOT_GENERATED',
  irn: null,
  ackNo: null,
  ackDate: null,
  signedQrCode: null,
  notice: null,
};

/** One problem that keeps an invoice from the IRP: the field (a path in the e-invoice JSON) and how to fix it. */
export const EInvoiceProblem = z.object({
  /** 'BuyerDtls.Gstin', 'ItemList[0].HsnCd'. */
  path: z.string(),
  message: z.string(),
});
export type EInvoiceProblem = z.infer<typeof EInvoiceProblem>;

/** 422 for an invoice whose e-invoice JSON would be refused: every problem, no file. */
export const EInvoiceInvalidResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(EInvoiceProblem),
});
export type EInvoiceInvalidResponse = z.infer<typeof EInvoiceInvalidResponse>;

/** The e-invoice JSON (schema 1.1): validated by the project's JSON schema, not described field by field here. */
export const EInvoiceJson = z.record(z.string(), z.unknown()).meta({
  description: 'e-invoice JSON, schema version 1.1 (Version, TranDtls, DocDtls, SellerDtls, BuyerDtls, ItemList, ValDtls)',
});
export type EInvoiceJson = z.infer<typeof EInvoiceJson>;

export const EInvoiceQuery = z.object({
  /** true: answer the file to upload to the IRP (a JSON array of one invoice) as an attachment. */
  download: z
    .enum(['true', 'false'], { error: 'download must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** GET sale/sale-invoice/:id/einvoice. */
export const EInvoiceResponse = ok(z.object({ fileName: z.string(), json: EInvoiceJson }));
export type EInvoiceResponse = z.infer<typeof EInvoiceResponse>;

export const EINVOICE_BULK_MAX = 100;

/** POST sale/einvoice-bulk. */
export const EInvoiceBulkRequest = z.object({
  ids: z
    .array(z.string().trim().min(1, 'An id cannot be blank').max(100, 'Not an id'), { error: 'ids must be a list of invoice ids' })
    .min(1, 'Choose at least one invoice')
    .max(EINVOICE_BULK_MAX, `At most ${EINVOICE_BULK_MAX} invoices in one file`),
});
export interface EInvoiceBulkRequest {
  ids: string[];
}

export const EInvoiceBulkFailure = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  message: z.string(),
  errors: z.array(EInvoiceProblem),
});
export type EInvoiceBulkFailure = z.infer<typeof EInvoiceBulkFailure>;

/** The valid invoices as one file (a JSON array for the IRP's bulk upload), and why each other one is left out. */
export const EInvoiceBulkResponse = ok(
  z.object({
    fileName: z.string(),
    json: z.array(EInvoiceJson),
    invoiceIds: z.array(z.string()),
    failed: z.array(EInvoiceBulkFailure),
  }),
);
export type EInvoiceBulkResponse = z.infer<typeof EInvoiceBulkResponse>;

// ---------------------------------------------------------------------------------------------------------------
// The IRP's answer

const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);
const required = (label: string, max: number) =>
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blankToUndefined(v)),
    z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} is too long`),
  );

/** The IRP's date and time as it writes it, "yyyy-MM-dd HH:mm:ss": a real calendar date and a real clock time. */
function isIrpDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.exec(s);
  return m !== null && isCalendarDate(m[1]) && m[1] >= DATE_MIN && m[1] <= DATE_MAX;
}

/**
 * The IRP's response JSON (or the `Data` of a GSP's answer): Irn, AckNo, AckDt, SignedInvoice, SignedQRCode.
 * Other keys the portal adds (Status, EwbNo, ...) are ignored.
 */
export const IrpResponse = z.object({
  Irn: required('Irn', 64).pipe(z.string().regex(/^[0-9a-fA-F]{64}$/, 'Irn must be 64 hexadecimal characters')),
  AckNo: required('AckNo', 20).pipe(z.string().regex(/^[0-9]{1,20}$/, 'AckNo must be digits')),
  AckDt: required('AckDt', 30).pipe(
    z.string().refine(isIrpDateTime, 'AckDt must be a real date and time as the IRP writes it (yyyy-MM-dd HH:mm:ss)'),
  ),
  SignedInvoice: required('SignedInvoice', 100_000),
  SignedQRCode: required('SignedQRCode', 10_000),
});
export interface IrpResponse {
  Irn: string;
  AckNo: string | number;
  AckDt: string;
  SignedInvoice: string;
  SignedQRCode: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Settings and the list

export const EInvoiceSettings = z.object({
  enabled: z.boolean(),
  /** Invoices dated on or after it are eligible; null when e-invoicing is off. */
  fromDate: z.string().nullable(),
});
export type EInvoiceSettings = z.infer<typeof EInvoiceSettings>;
export const EInvoiceSettingsResponse = ok(EInvoiceSettings);

/** PUT sale/einvoice-settings. */
export const EInvoiceSettingsRequest = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    fromDate: z.preprocess(blankToUndefined, CalendarDate('From date').optional()),
  })
  .refine((s) => !s.enabled || s.fromDate, { path: ['fromDate'], message: 'Give the date e-invoicing starts from' });
export interface EInvoiceSettingsRequest {
  enabled: boolean;
  fromDate?: string | null;
}

export const EInvoiceListItem = z.object({
  id: Id,
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  partyName: z.string().nullable(),
  partyGstin: z.string().nullable(),
  grandTotal: MoneyString,
  einvoice: EInvoiceState.pick({ status: true, irn: true, ackNo: true, ackDate: true }),
});
export type EInvoiceListItem = z.infer<typeof EInvoiceListItem>;

/** The list's status filter: the statuses an eligible invoice can have (a cancelled one shows only with its IRN). */
export const EINVOICE_STATUS_FILTERS = ['NOT_GENERATED', 'JSON_READY', 'IRN_RECEIVED'] as const;
export const EInvoiceListQuery = z
  .object({
    status: z.enum(EINVOICE_STATUS_FILTERS, { error: `Status must be one of ${EINVOICE_STATUS_FILTERS.join(', ')}` }).optional(),
    from: z.preprocess(blankToUndefined, CalendarDate('From').optional()),
    to: z.preprocess(blankToUndefined, CalendarDate('To').optional()),
    page: PageNumber.optional(),
    pageSize: PageSize(100).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface EInvoiceListQuery {
  status?: (typeof EINVOICE_STATUS_FILTERS)[number];
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}
export const EInvoiceListResponse = ok(z.array(EInvoiceListItem)).extend({
  meta: z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), enabled: z.boolean(), fromDate: z.string().nullable() }),
});
export type EInvoiceListResponse = z.infer<typeof EInvoiceListResponse>;
