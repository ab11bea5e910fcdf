import {
  AccountListResponse,
  AccountResponse,
  AdjustResponse,
  IDEMPOTENCY_KEY_HEADER,
  MessageResponse,
  PartyPaymentResponse,
  PaymentListResponse,
  TransactionListResponse,
  TransferResponse,
  type AddBankAccountRequest,
  type AdjustRequest,
  type PartyPaymentRequest,
  type PaymentListQuery,
  type TransactionListQuery,
  type TransferRequest,
  type UpdateAccountRequest,
} from '../contracts';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/**
 * A fresh key for one user action (one click of Save): send the same key again when retrying that action, so a
 * retry never creates a second record. Works outside secure contexts too (a shop's LAN address over http).
 */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface CreateOptions {
  /** The action's key (see `newIdempotencyKey`); a new one per call when not given. */
  idempotencyKey?: string;
}

export const idempotencyHeaders = (opts: CreateOptions = {}) => ({
  [IDEMPOTENCY_KEY_HEADER]: opts.idempotencyKey ?? newIdempotencyKey(),
});

/** One typed function per cash and bank call. */
export const accountApi = {
  addBankAccount: (body: AddBankAccountRequest, opts?: CreateOptions) =>
    data(apiRequest('account/add-bank-account', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: AccountResponse })),
  /** Every account (Cash in hand first) with its current balance. */
  accounts: () => data(apiRequest('account/bank-accounts', { schema: AccountListResponse })),
  /** Newest first, one page, with each account's running balance. */
  transactions: (query: TransactionListQuery = {}) =>
    apiRequest('account/transactions', { query: query as Query, schema: TransactionListResponse }),
  /** A bank account's name and bank details (Cash in hand keeps its name). */
  updateAccount: (id: string, body: UpdateAccountRequest) =>
    data(apiRequest(`account/update-account/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: AccountResponse })),
  deactivate: (id: string) =>
    data(apiRequest(`account/deactivate/${encodeURIComponent(id)}`, { method: 'POST', body: {}, schema: AccountResponse })),
  activate: (id: string) =>
    data(apiRequest(`account/activate/${encodeURIComponent(id)}`, { method: 'POST', body: {}, schema: AccountResponse })),
  /** Only a bank account never used; a used one answers 409 (deactivate it instead). */
  deleteAccount: (id: string) =>
    apiRequest(`account/delete-account/${encodeURIComponent(id)}`, { method: 'POST', body: {}, schema: MessageResponse }),
  /** Deposit (cash → bank), withdrawal (bank → cash) or transfer (bank → bank). */
  transfer: (body: TransferRequest, opts?: CreateOptions) =>
    data(apiRequest('account/transfer', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: TransferResponse })),
  /** A balance correction with a reason: a positive amount adds, a negative one takes away. */
  adjust: (body: AdjustRequest, opts?: CreateOptions) =>
    data(apiRequest('account/adjust', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: AdjustResponse })),
};

/** Payments not tied to one bill: allocated to open bills oldest first (or as given), the rest an advance. */
export const paymentApi = {
  paymentIn: (body: PartyPaymentRequest, opts?: CreateOptions) =>
    data(apiRequest('payment/payment-in', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: PartyPaymentResponse })),
  paymentOut: (body: PartyPaymentRequest, opts?: CreateOptions) =>
    data(apiRequest('payment/payment-out', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: PartyPaymentResponse })),
  /** Payments to suppliers (OUT) or from customers (IN), newest first, with the bills settled; meta.sums over all. */
  list: (query: PaymentListQuery) => apiRequest('payment/payments', { query: { ...query }, schema: PaymentListResponse }),
};
