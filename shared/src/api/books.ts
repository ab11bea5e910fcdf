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
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** The books: the chart of accounts, manual journals and each ledger's account. */
export const ledgerApi = {
  /** The chart of accounts as a tree of groups and their ledgers, each with its balance on `asOf` (signed, + = Dr). */
  accounts: (query: LedgerTreeQuery = {}) => data(apiRequest('ledger/accounts', { query: query as Query, schema: LedgerTreeResponse })),
  /** A ledger of the user's under a group; an opening balance is posted against Opening balance equity. */
  createAccount: (body: CreateLedgerAccountRequest, opts?: CreateOptions) =>
    data(apiRequest('ledger/create-account', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: LedgerAccountResponse })),
  /** Renames a ledger, or deactivates (reactivates) it. */
  updateAccount: (id: string, body: UpdateLedgerAccountRequest) =>
    data(apiRequest(`ledger/update-account/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: LedgerAccountResponse })),
  /** A manual journal voucher; refused unless debits equal credits and each line has exactly one side. */
  createJournal: (body: CreateJournalRequest, opts?: CreateOptions) =>
    data(apiRequest('ledger/create-journal', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: JournalEntryResponse })),
  /** A ledger's opening, every line with its voucher and running balance, and closing, for a period. */
  accountLedger: (accountId: string, query: AccountLedgerQuery = {}) =>
    data(apiRequest(`ledger/account-ledger/${encodeURIComponent(accountId)}`, { query: query as Query, schema: AccountLedgerResponse })),
};

/** The statements read from the journal. */
export const statementApi = {
  /** Every ledger with its opening (before `from`), debit and credit of the period, and closing on `asOf`. */
  trialBalance: (query: TrialBalanceQuery = {}) =>
    data(apiRequest('report/trial-balance', { query: query as Query, schema: TrialBalanceResponse })),
  /** Trading account and profit & loss of the period, and the same figures of the previous period. */
  profitLoss: (query: ProfitLossQuery = {}) => data(apiRequest('report/profit-loss', { query: query as Query, schema: ProfitLossResponse })),
  /** Assets against liabilities, capital and profit to date on `asOf`. */
  balanceSheet: (query: BalanceSheetQuery = {}) =>
    data(apiRequest('report/balance-sheet', { query: query as Query, schema: BalanceSheetResponse })),
};
