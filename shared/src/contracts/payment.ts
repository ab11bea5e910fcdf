import { z } from 'zod';
import { ACCOUNT_LIMITS, DocumentType, PaymentMode, TransactionDirection, maybe } from './account';
import { CalendarDate, Id, PageMeta, PageNumber, PageSize, ok } from './common';
import { Money, MoneyString, MoneySumString } from './money';

/*
 * Payments not tied to one bill: POST payment/payment-in (money received from a party) and
 * POST payment/payment-out (money paid to a party).
 *
 * Decisions of this contract:
 * - One payment is one transaction on one account (type PAYMENT_IN or PAYMENT_OUT, with the party), whatever it
 *   settles: the party's balance counts it once.
 * - It settles the party's open bills — sale invoices for a payment in, purchase bills for a payment out — oldest
 *   first, or as `allocations` say (each at most the bill's balance due; a bill of another party, or cancelled, is
 *   refused). What is left over stays with the party as an advance.
 * - Cash in hand never goes below zero: a cash payment out larger than the cash answers 409 with the balance.
 */

export const PAYMENT_LIMITS = { allocations: 200 } as const;

export const AllocationRequest = z.strictObject({
  documentId: z.string({ error: 'Document is required' }).trim().min(1, 'Document is required').max(40),
  amount: Money('Allocated amount', { positive: true }),
});

export const PartyPaymentRequest = z.strictObject({
  partyId: z.string({ error: 'Party is required' }).trim().min(1, 'Party is required').max(40),
  amount: Money('Amount', { positive: true }),
  mode: PaymentMode,
  /** Default: Cash in hand for CASH, else the business's only bank account (400 when there are several). */
  accountId: maybe(z.string().trim().max(40)),
  /** Default today. */
  date: maybe(CalendarDate('Date')),
  reference: maybe(z.string().trim().max(ACCOUNT_LIMITS.reference, `Reference must be at most ${ACCOUNT_LIMITS.reference} characters`)),
  note: maybe(z.string().trim().max(ACCOUNT_LIMITS.note, `Note must be at most ${ACCOUNT_LIMITS.note} characters`)),
  /** Which bills it settles and by how much; absent: the open bills, oldest first. An empty list: all advance. */
  allocations: maybe(
    z
      .array(AllocationRequest, { error: 'Allocations must be a list of {documentId, amount}' })
      .max(PAYMENT_LIMITS.allocations, `At most ${PAYMENT_LIMITS.allocations} allocations`),
  ),
});
export interface PartyPaymentRequest {
  partyId: string;
  amount: string | number;
  mode: PaymentMode;
  accountId?: string | null;
  date?: string | null;
  reference?: string | null;
  note?: string | null;
  allocations?: { documentId: string; amount: string | number }[] | null;
}

export const PaymentAllocation = z.object({
  documentType: DocumentType,
  documentId: Id,
  documentNumber: z.string(),
  documentDate: z.string(),
  amount: MoneyString,
  /** The bill's balance due after this payment. */
  balanceDue: MoneyString,
});
export type PaymentAllocation = z.infer<typeof PaymentAllocation>;

export const PartyPayment = z.object({
  /** The transaction's id. */
  id: Id,
  type: z.enum(['PAYMENT_IN', 'PAYMENT_OUT']),
  partyId: Id,
  partyName: z.string(),
  amount: MoneyString,
  mode: PaymentMode,
  accountId: Id,
  accountName: z.string(),
  date: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  allocations: z.array(PaymentAllocation),
  /** Sum of the allocations. */
  allocated: MoneyString,
  /** amount − allocated: kept with the party as an advance. */
  advance: MoneyString,
  /** The party's balance after the payment: positive when the party owes the business. */
  partyBalance: MoneySumString,
  /** 'PV/26-27/3': when the payment paid bills received under reverse charge from an unregistered supplier; else null. */
  paymentVoucherNumber: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type PartyPayment = z.infer<typeof PartyPayment>;
export const PartyPaymentResponse = ok(PartyPayment);

// ---------------------------------------------------------------------------------------------------------------
// GET payment/payments: every payment to or from parties (the purchases list's "Payments out" tab)

export const PARTY_PAYMENT_TYPES = {
  IN: ['SALE_PAYMENT', 'PAYMENT_IN'],
  OUT: ['PURCHASE_PAYMENT', 'PAYMENT_OUT'],
} as const;
export const PAYMENT_LIST_PAGE_SIZE_MAX = 100;
export const PAYMENT_LIST_PAGE_SIZE_DEFAULT = 20;

/**
 * GET payment/payments: `direction` OUT — money paid to suppliers (with a bill, recorded against one, or
 * payment/payment-out) — or IN (money received: with an invoice, against one, or payment/payment-in). Newest first.
 */
export const PaymentListQuery = z
  .object({
    direction: TransactionDirection,
    partyId: maybe(z.string().trim().max(40)),
    accountId: maybe(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybe(z.string().trim().max(40)),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(PAYMENT_LIST_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface PaymentListQuery {
  direction: 'IN' | 'OUT';
  partyId?: string;
  accountId?: string;
  createdBy?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

export const PaymentListAllocation = z.object({
  documentType: DocumentType,
  documentId: Id,
  /** Our reference (PUR/26-27/15) of a bill, the invoice number of a sale. */
  documentNumber: z.string(),
  amount: MoneyString,
  /** The bill was cancelled since: this share no longer settles anything (it is part of the advance). */
  cancelled: z.boolean(),
});
export type PaymentListAllocation = z.infer<typeof PaymentListAllocation>;

export const PaymentSummary = z.object({
  /** The transaction's id. */
  id: Id,
  /** SALE_PAYMENT / PURCHASE_PAYMENT: made with or against one bill; PAYMENT_IN / PAYMENT_OUT: not tied to one. */
  type: z.enum(['SALE_PAYMENT', 'PURCHASE_PAYMENT', 'PAYMENT_IN', 'PAYMENT_OUT']),
  direction: TransactionDirection,
  date: z.string(),
  /** Null for a walk-in customer's payment. */
  partyId: Id.nullable(),
  partyName: z.string().nullable(),
  amount: MoneyString,
  mode: PaymentMode.nullable(),
  accountId: Id,
  accountName: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  /** The bills it settled, oldest first. */
  allocations: z.array(PaymentListAllocation),
  /** What of it still stays with the party as an advance: amount − what settles bills not cancelled. */
  advance: MoneyString,
  /** Its bill was cancelled and the payment reversed (money back in the account): not counted in the sums. */
  reversed: z.boolean(),
  /** 'PV/26-27/3': the voucher of a payment for bills under reverse charge from an unregistered supplier; else null. */
  paymentVoucherNumber: z.string().nullable().optional(),
  createdAt: z.string(),
});
export type PaymentSummary = z.infer<typeof PaymentSummary>;

export const PaymentListMeta = PageMeta.extend({
  /** Over every payment the filters match (not only the page), reversed ones left out. */
  sums: z.object({ amount: MoneySumString, advance: MoneySumString }),
});
export type PaymentListMeta = z.infer<typeof PaymentListMeta>;
export const PaymentListResponse = z.object({ success: z.literal(true), data: z.array(PaymentSummary), meta: PaymentListMeta });
export type PaymentListResponse = z.infer<typeof PaymentListResponse>;
