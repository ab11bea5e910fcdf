import {
  AccountListResponse,
  AccountResponse,
  IDEMPOTENCY_KEY_HEADER,
  TransactionListResponse,
  type AddBankAccountRequest,
  type TransactionListQuery,
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

/** One typed function per cash and bank call (seed §7 "Bank account"). */
export const accountApi = {
  addBankAccount: (body: AddBankAccountRequest, opts?: CreateOptions) =>
    data(apiRequest('account/add-bank-account', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: AccountResponse })),
  /** Every account (Cash in hand first) with its current balance. */
  accounts: () => data(apiRequest('account/bank-accounts', { schema: AccountListResponse })),
  /** Newest first, one page, with each account's running balance. */
  transactions: (query: TransactionListQuery = {}) =>
    apiRequest('account/transactions', { query: query as Query, schema: TransactionListResponse }),
};
