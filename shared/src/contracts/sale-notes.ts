import { z } from 'zod';
import { CalendarDate, Id, PageNumber, PageSize, ok } from './common';
import { ACCOUNT_LIMITS, PaymentMode } from './account';
import { Money, MoneyString, MoneySumString, Quantity } from './money';
import { EINVOICE_NOT_GENERATED, EInvoiceState } from './einvoice';
import {
  DOCUMENT_LIMITS,
  DocumentLine,
  DocumentListMeta,
  RefField,
  TextField,
  documentFields,
  maybeField,
} from './sales';

/*
 * Credit and debit notes on a sale invoice (gst-rules.md "Credit and debit notes"). A credit note takes goods back
 * (a sales return) or lowers a price after the sale; a debit note raises one. Each follows one invoice: its lines
 * name the invoice's lines, and the tax is at that line's rates and the invoice's place of supply, whatever the rates
 * are today. Numbers: a gap-free series of their own per branch and financial year ('CN-MB/26/1', 'DN-MB/26/1').
 */

const maybe = maybeField;

/** Why a credit note is issued (the reasons the e-invoice and the GST portal know). */
export const CREDIT_NOTE_REASONS = [
  'SALES_RETURN',
  'POST_SALE_DISCOUNT',
  'DEFICIENCY_IN_SERVICE',
  'CORRECTION_IN_INVOICE',
  'CHANGE_IN_POS',
  'OTHERS',
] as const;
export const CreditNoteReason = z.enum(CREDIT_NOTE_REASONS, { error: `Reason must be one of ${CREDIT_NOTE_REASONS.join(', ')}` });
export type CreditNoteReason = z.infer<typeof CreditNoteReason>;

/** Why a debit note is issued: a price raised after the sale, an invoice corrected upwards. */
export const DEBIT_NOTE_REASONS = ['PRICE_INCREASE', 'CORRECTION_IN_INVOICE', 'CHANGE_IN_POS', 'OTHERS'] as const;
export const DebitNoteReason = z.enum(DEBIT_NOTE_REASONS, { error: `Reason must be one of ${DEBIT_NOTE_REASONS.join(', ')}` });
export type DebitNoteReason = z.infer<typeof DebitNoteReason>;

export const SALE_NOTE_REASON_LABELS: Record<CreditNoteReason | DebitNoteReason, string> = {
  SALES_RETURN: 'Sales return',
  POST_SALE_DISCOUNT: 'Discount after the sale',
  DEFICIENCY_IN_SERVICE: 'Deficiency in service',
  CORRECTION_IN_INVOICE: 'Correction in invoice',
  CHANGE_IN_POS: 'Change in place of supply',
  PRICE_INCREASE: 'Price raised after the sale',
  OTHERS: 'Other',
};

export const SALE_NOTE_TYPES = ['CREDIT', 'DEBIT'] as const;
export const SaleNoteType = z.enum(SALE_NOTE_TYPES);
export type SaleNoteType = z.infer<typeof SaleNoteType>;
export const SALE_NOTE_STATUSES = ['ISSUED', 'CANCELLED'] as const;
export const SaleNoteStatus = z.enum(SALE_NOTE_STATUSES, { error: `Status must be one of ${SALE_NOTE_STATUSES.join(', ')}` });
export type SaleNoteStatus = z.infer<typeof SaleNoteStatus>;

// ---------------------------------------------------------------------------------------------------------------
// Requests

const InvoiceLineNo = z
  .number({ error: 'invoiceLineNo must be the number of a line of the invoice' })
  .int('invoiceLineNo must be a whole number')
  .min(1, 'invoiceLineNo must be the number of a line of the invoice')
  .max(DOCUMENT_LIMITS.lines, 'invoiceLineNo must be the number of a line of the invoice');

const SerialNos = z
  .array(z.string().trim().min(1, 'A serial number cannot be blank').max(100, 'A serial number can be at most 100 characters'))
  .max(DOCUMENT_LIMITS.serialsPerLine, `At most ${DOCUMENT_LIMITS.serialsPerLine} serial numbers on a line`);

/** One line of a credit note: goods returned (`quantity`) or a price-only reduction (`taxableValue`). */
export const CreditNoteLineRequest = z
  .strictObject({
    invoiceLineNo: InvoiceLineNo,
    /** Units returned: at most what the line sold less what earlier notes returned. */
    quantity: maybe(Quantity('Quantity')),
    /** A price-only reduction of the line's taxable value: at most what the line has left after earlier notes. */
    taxableValue: maybe(Money('Taxable value', { positive: true })),
    /** Serialised items returned: which of the line's serials come back, one per unit. */
    serialNos: maybe(SerialNos),
  })
  .superRefine((l, ctx) => {
    if ((l.quantity === undefined) === (l.taxableValue === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: 'Give either a quantity returned or a taxable value reduced' });
    }
    if (l.serialNos?.length && l.quantity === undefined) {
      ctx.addIssue({ code: 'custom', path: ['serialNos'], message: 'Serial numbers go with a quantity returned' });
    }
  });
export interface CreditNoteLineRequest {
  invoiceLineNo: number;
  quantity?: string | number | null;
  taxableValue?: string | number | null;
  serialNos?: string[] | null;
}

/** Money paid back to the party with the note. */
export const RefundRequest = z.strictObject({
  amount: Money('Refund amount', { positive: true }),
  mode: PaymentMode,
  /** Default: "Cash in hand" for CASH, else the business's only bank account. */
  accountId: maybe(z.string().trim().max(40)),
  reference: maybe(z.string().trim().max(ACCOUNT_LIMITS.reference, `Reference must be at most ${ACCOUNT_LIMITS.reference} characters`)),
});
export interface RefundRequest {
  amount: string | number;
  mode: PaymentMode;
  accountId?: string | null;
  reference?: string | null;
}

const noteLines = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: 'Add at least one line' })
    .min(1, 'Add at least one line')
    .max(DOCUMENT_LIMITS.lines, `A note can have at most ${DOCUMENT_LIMITS.lines} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Set<number>();
      (lines as Array<{ invoiceLineNo?: number }>).forEach((l, i) => {
        if (l.invoiceLineNo === undefined) return;
        if (seen.has(l.invoiceLineNo)) ctx.addIssue({ code: 'custom', path: [i, 'invoiceLineNo'], message: 'Each line of the invoice can be named once' });
        seen.add(l.invoiceLineNo);
      });
    });

/** POST sale/create-credit-note. */
export const CreateCreditNoteRequest = z.strictObject({
  /** The invoice the note follows. */
  invoiceId: RefField('Invoice'),
  /** Default: today (India); on or after the invoice's date. */
  noteDate: maybe(CalendarDate('Note date')),
  reason: CreditNoteReason,
  lines: noteLines(CreditNoteLineRequest),
  /** Returned goods come back into the invoice's branch at the cost they went out at; default true for SALES_RETURN. */
  restock: maybe(z.boolean({ error: 'restock must be true or false' })),
  /** Paid back now; otherwise the note settles the party's open invoices (its own first) and the rest is an advance. */
  refund: maybe(RefundRequest),
  notes: maybe(TextField('Notes', DOCUMENT_LIMITS.notes)),
});
export interface CreateCreditNoteRequest {
  invoiceId: string;
  noteDate?: string | null;
  reason: CreditNoteReason;
  lines: CreditNoteLineRequest[];
  restock?: boolean | null;
  refund?: RefundRequest | null;
  notes?: string | null;
}

export const DebitNoteLineRequest = z.strictObject({
  invoiceLineNo: InvoiceLineNo,
  /** What the line's taxable value goes up by. */
  taxableValue: Money('Taxable value', { positive: true }),
});
export interface DebitNoteLineRequest {
  invoiceLineNo: number;
  taxableValue: string | number;
}

/** POST sale/create-debit-note: a price raised after the sale; it adds to what the party owes. */
export const CreateDebitNoteRequest = z.strictObject({
  invoiceId: RefField('Invoice'),
  noteDate: maybe(CalendarDate('Note date')),
  reason: DebitNoteReason,
  lines: noteLines(DebitNoteLineRequest),
  notes: maybe(TextField('Notes', DOCUMENT_LIMITS.notes)),
});
export interface CreateDebitNoteRequest {
  invoiceId: string;
  noteDate?: string | null;
  reason: DebitNoteReason;
  lines: DebitNoteLineRequest[];
  notes?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Answers

export const SaleNoteLine = DocumentLine.extend({
  /** The invoice line it returns or reprices. */
  invoiceLineNo: z.number().int(),
});
export type SaleNoteLine = z.infer<typeof SaleNoteLine>;

/** The invoice a note follows, as the note prints it. */
export const SaleNoteInvoice = z.object({ id: Id, invoiceNumber: z.string(), invoiceDate: z.string() });
export type SaleNoteInvoice = z.infer<typeof SaleNoteInvoice>;

export const SaleNote = z.object({
  ...documentFields,
  lines: z.array(SaleNoteLine),
  noteType: SaleNoteType,
  /** 'CN-MB/26/3': at most 16 characters, unique in the financial year. */
  noteNumber: z.string(),
  documentTitle: z.enum(['CREDIT NOTE', 'DEBIT NOTE']),
  noteDate: z.string(),
  status: SaleNoteStatus,
  invoice: SaleNoteInvoice,
  reason: z.enum([...CREDIT_NOTE_REASONS, ...DEBIT_NOTE_REASONS.filter((r) => !(CREDIT_NOTE_REASONS as readonly string[]).includes(r))]),
  /** A return whose goods came back into stock. */
  restock: z.boolean(),
  /** Paid back to the party with the note. */
  refunded: MoneyString,
  /** Settled against the party's open invoices. */
  adjusted: MoneyString,
  /** e-invoicing: the IRN the IRP gave the note, if any. */
  einvoice: EInvoiceState.default(EINVOICE_NOT_GENERATED),
});
export type SaleNote = z.infer<typeof SaleNote>;
export const SaleNoteResponse = ok(SaleNote);

export const SaleNoteSummary = z.object({
  id: Id,
  noteType: SaleNoteType,
  noteNumber: z.string(),
  financialYear: z.string(),
  noteDate: z.string(),
  status: SaleNoteStatus,
  branchId: Id,
  branchName: z.string(),
  partyId: Id.nullable(),
  partyName: z.string().nullable(),
  partyMobile: z.string().nullable(),
  invoice: SaleNoteInvoice,
  reason: z.string(),
  supplyType: z.enum(['INTRA', 'INTER']),
  grandTotal: MoneyString,
  refunded: MoneyString,
  adjusted: MoneyString,
  createdAt: z.string(),
});
export type SaleNoteSummary = z.infer<typeof SaleNoteSummary>;

/** GET sale/credit-notes and sale/debit-notes: newest first. */
export const SaleNoteListQuery = z
  .object({
    /** Note number, invoice number, party name or mobile number. */
    q: maybe(z.string().trim().max(100, 'Search is too long')),
    partyId: maybe(z.string().trim().max(40)),
    /** The notes of one invoice. */
    invoiceId: maybe(z.string().trim().max(40)),
    status: maybe(SaleNoteStatus),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    branchId: maybe(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybe(z.string().trim().max(40)),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(100)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface SaleNoteListQuery {
  q?: string;
  partyId?: string;
  invoiceId?: string;
  status?: SaleNoteStatus;
  from?: string;
  to?: string;
  branchId?: string;
  createdBy?: string;
  page?: number;
  pageSize?: number;
}

/** The sums over everything the filter matches (cancelled notes count but add nothing). */
export const SaleNoteListMeta = DocumentListMeta.extend({ refunded: MoneySumString, adjusted: MoneySumString });
export type SaleNoteListMeta = z.infer<typeof SaleNoteListMeta>;
export const SaleNoteListResponse = ok(z.array(SaleNoteSummary)).extend({ meta: SaleNoteListMeta });
export type SaleNoteListResponse = z.infer<typeof SaleNoteListResponse>;

