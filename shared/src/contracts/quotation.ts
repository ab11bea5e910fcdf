import { z } from 'zod';
import { CalendarDate, Id, PageNumber, PageSize, ok } from './common';
import { MoneyString } from './money';
import {
  DocumentListMeta,
  documentFields,
  documentRequestFields,
  refineWalkIn,
  type DocumentRequest,
} from './sales';

/*
 * Quotations / estimates: the body of a sale with `quotationDate` in place of
 * `invoiceDate` and a `validUntil`; the same lines, tax and totals; their own number series ('QT/26-27/7'); no
 * stock and no payments. A sale made with `quotationId` converts it.
 */

export const QUOTATION_STATUSES = ['OPEN', 'CONVERTED', 'EXPIRED', 'CANCELLED'] as const;
export const QuotationStatus = z.enum(QUOTATION_STATUSES, { error: `Status must be one of ${QUOTATION_STATUSES.join(', ')}` });
export type QuotationStatus = z.infer<typeof QuotationStatus>;

/** How long a quotation is valid when the body does not say. */
export const QUOTATION_VALID_DAYS_DEFAULT = 15;

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const maybe = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** POST quotation/create-quotation. */
export const CreateQuotationRequest = z
  .strictObject({
    ...documentRequestFields,
    /** Default: today (India). */
    quotationDate: maybe(CalendarDate('Quotation date')),
    /** Default: the quotation date + 15 days. */
    validUntil: maybe(CalendarDate('Valid until')),
  })
  .superRefine((d, ctx) => {
    refineWalkIn(d, ctx);
    if (d.quotationDate && d.validUntil && d.validUntil < d.quotationDate) {
      ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Valid until cannot be before the quotation date' });
    }
  });
export interface CreateQuotationRequest extends DocumentRequest {
  quotationDate?: string | null;
  validUntil?: string | null;
}

export const Quotation = z.object({
  ...documentFields,
  /** 'QT/26-27/7'. */
  quotationNumber: z.string(),
  quotationDate: z.string(),
  validUntil: z.string(),
  /** EXPIRED: still open after its valid-until date. */
  status: QuotationStatus,
  /** The invoice it was converted into. */
  saleInvoiceId: Id.nullable(),
  saleInvoiceNumber: z.string().nullable(),
  convertedAt: z.string().nullable(),
});
export type Quotation = z.infer<typeof Quotation>;
export const QuotationResponse = ok(Quotation);

export const QuotationSummary = z.object({
  id: Id,
  quotationNumber: z.string(),
  financialYear: z.string(),
  quotationDate: z.string(),
  validUntil: z.string(),
  status: QuotationStatus,
  branchId: Id,
  branchName: z.string(),
  partyId: Id.nullable(),
  partyName: z.string().nullable(),
  partyMobile: z.string().nullable(),
  supplyType: z.enum(['INTRA', 'INTER']),
  grandTotal: MoneyString,
  saleInvoiceId: Id.nullable(),
  createdAt: z.string(),
});
export type QuotationSummary = z.infer<typeof QuotationSummary>;

export const QUOTATION_PAGE_SIZE_MAX = 100;
export const QUOTATION_PAGE_SIZE_DEFAULT = 20;

/** GET quotation/quotation-estimation-invoices: newest first. */
export const QuotationListQuery = z
  .object({
    /** Quotation number, party name or mobile number. */
    q: maybe(z.string().trim().max(100, 'Search is too long')),
    partyId: maybe(z.string().trim().max(40)),
    status: maybe(QuotationStatus),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    branchId: maybe(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybe(z.string().trim().max(40)),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(QUOTATION_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface QuotationListQuery {
  q?: string;
  partyId?: string;
  status?: QuotationStatus;
  from?: string;
  to?: string;
  branchId?: string;
  createdBy?: string;
  page?: number;
  pageSize?: number;
}

export const QuotationListResponse = ok(z.array(QuotationSummary)).extend({ meta: DocumentListMeta });
export type QuotationListResponse = z.infer<typeof QuotationListResponse>;
