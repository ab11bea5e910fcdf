import {
  AccountLedgerResponse,
  BalanceSheetResponse,
  JournalEntryResponse,
  LedgerAccountResponse,
  LedgerTreeResponse,
  ProfitLossResponse,
  TrialBalanceResponse,
  type AccountLedgerQuery,
  type BalanceSheetQuery,
  type CreateJournalRequest,
  type CreateLedgerAccountRequest,
  type LedgerTreeQuery,
  type ProfitLossQuery,
  type TrialBalanceQuery,
  type UpdateLedgerAccountRequest,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiBase, apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** One typed function per call of the books (chart of accounts, journal vouchers, ledgers, statements). */
export const ledgerApi = {
  accounts: (query: LedgerTreeQuery = {}) => data(apiRequest('ledger/accounts', { query: query as Query, schema: LedgerTreeResponse })),
  createAccount: (body: CreateLedgerAccountRequest, opts?: CreateOptions) =>
    data(apiRequest('ledger/create-account', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: LedgerAccountResponse })),
  updateAccount: (id: string, body: UpdateLedgerAccountRequest) =>
    data(apiRequest(`ledger/update-account/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: LedgerAccountResponse })),
  createJournal: (body: CreateJournalRequest, opts?: CreateOptions) =>
    data(apiRequest('ledger/create-journal', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: JournalEntryResponse })),
  accountLedger: (accountId: string, query: Omit<AccountLedgerQuery, 'format'> = {}) =>
    data(apiRequest(`ledger/account-ledger/${encodeURIComponent(accountId)}`, { query: query as Query, schema: AccountLedgerResponse })),
  trialBalance: (query: Omit<TrialBalanceQuery, 'format'> = {}) =>
    data(apiRequest('report/trial-balance', { query: query as Query, schema: TrialBalanceResponse })),
  profitLoss: (query: Omit<ProfitLossQuery, 'format'> = {}) => data(apiRequest('report/profit-loss', { query: query as Query, schema: ProfitLossResponse })),
  balanceSheet: (query: Omit<BalanceSheetQuery, 'format'> = {}) =>
    data(apiRequest('report/balance-sheet', { query: query as Query, schema: BalanceSheetResponse })),
};

const withQuery = (path: string, query: object) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return `${apiBase()}/${path}?${params.toString()}`;
};

/** Where a statement's or a ledger's file downloads from (a plain GET with the session cookie). */
export const ledgerUrls = {
  accountLedger: (accountId: string, query: Omit<AccountLedgerQuery, 'format'>, format: 'xlsx' | 'pdf') =>
    withQuery(`ledger/account-ledger/${encodeURIComponent(accountId)}`, { ...query, format }),
  trialBalance: (query: Omit<TrialBalanceQuery, 'format'>, format: 'xlsx' | 'pdf') => withQuery('report/trial-balance', { ...query, format }),
  profitLoss: (query: Omit<ProfitLossQuery, 'format'>, format: 'xlsx' | 'pdf') => withQuery('report/profit-loss', { ...query, format }),
  balanceSheet: (query: Omit<BalanceSheetQuery, 'format'>, format: 'xlsx' | 'pdf') => withQuery('report/balance-sheet', { ...query, format }),
};
