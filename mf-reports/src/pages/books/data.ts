import useSWR from 'swr';
import {
  LEDGER_GROUPS,
  cacheKey,
  fromPaise,
  ledgerApi,
  statementApi,
  toPaise,
  type AccountLedgerQuery,
  type BalanceSheetQuery,
  type LedgerTreeQuery,
  type ProfitLossQuery,
  type TrialBalanceQuery,
} from '@bahi/shared';

/*
 * The books' calls, cached under 'reports' like every report (the shell refreshes the area when the branch
 * changes; a journal or a new ledger refreshes it too). A statement keeps its previous answer on screen while the
 * next period loads.
 */

export function useLedgerTree(query: LedgerTreeQuery) {
  return useSWR(cacheKey('reports', 'ledger-accounts', query), () => ledgerApi.accounts(query), { keepPreviousData: true });
}

export function useAccountLedger(accountId: string | null, query: AccountLedgerQuery) {
  return useSWR(accountId ? cacheKey('reports', 'account-ledger', accountId, query) : null, () => ledgerApi.accountLedger(accountId!, query), {
    keepPreviousData: true,
  });
}

export function useTrialBalance(query: TrialBalanceQuery) {
  return useSWR(cacheKey('reports', 'trial-balance', query), () => statementApi.trialBalance(query), { keepPreviousData: true });
}

export function useProfitLoss(query: ProfitLossQuery) {
  return useSWR(cacheKey('reports', 'profit-loss', query), () => statementApi.profitLoss(query), { keepPreviousData: true });
}

export function useBalanceSheet(query: BalanceSheetQuery) {
  return useSWR(cacheKey('reports', 'balance-sheet', query), () => statementApi.balanceSheet(query), { keepPreviousData: true });
}

/** A group of the chart by its code ('SALES_ACCOUNTS' reads 'Sales accounts'); an unknown one as it came. */
export const groupName = (code: string) => LEDGER_GROUPS.find((g) => g.code === code)?.name ?? code;

/**
 * Where a figure drills down to: its ledger's account for the same period and branch (a period without a start
 * runs from the first entry).
 */
export function ledgerPath(accountId: string, period: { from?: string | null; to?: string | null; branchId?: string | null }) {
  const params = new URLSearchParams({ period: 'custom' });
  if (period.from) params.set('from', period.from);
  if (period.to) params.set('to', period.to);
  if (period.branchId) params.set('branchId', period.branchId);
  return `/reports/accounts/${encodeURIComponent(accountId)}?${params.toString()}`;
}

/** The sum of money strings, exact to the paisa. */
export const sumMoney = (amounts: readonly string[]) => fromPaise(amounts.reduce((s, a) => s + toPaise(a), 0));
