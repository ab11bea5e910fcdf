import { AccountLedgerQuery, BalanceSheetQuery, LEDGER_GROUPS, ProfitLossQuery, TrialBalanceQuery } from './ledger';
import { Format } from './report';

/*
 * How the books' statements are read, on screen and in their files: `format=xlsx|pdf` on report/trial-balance,
 * report/profit-loss, report/balance-sheet and ledger/account-ledger/:id, like the party ledger (no format, or json,
 * is the JSON answer); the chart's order of ledgers; what each voucher is called.
 */

export const STATEMENT_FORMATS = ['json', 'xlsx', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];
const format = { format: Format(STATEMENT_FORMATS) };

export const TrialBalanceExportQuery = TrialBalanceQuery.extend(format);
export type TrialBalanceExportQuery = TrialBalanceQuery & { format?: StatementFormat };
export const ProfitLossExportQuery = ProfitLossQuery.extend(format);
export type ProfitLossExportQuery = ProfitLossQuery & { format?: StatementFormat };
export const BalanceSheetExportQuery = BalanceSheetQuery.extend(format);
export type BalanceSheetExportQuery = BalanceSheetQuery & { format?: StatementFormat };
export const AccountLedgerExportQuery = AccountLedgerQuery.extend(format);
export type AccountLedgerExportQuery = AccountLedgerQuery & { format?: StatementFormat };

const GROUP_RANK = new Map<string, number>(LEDGER_GROUPS.map((g, i) => [g.code, i]));
/**
 * Ledgers in the chart's order, as an accountant reads a trial balance: group by group as LEDGER_GROUPS lists them
 * (assets, liabilities, capital, income, expenses), in their own order within a group.
 */
export const inChartOrder = <R extends { group: string }>(rows: readonly R[]): R[] =>
  [...rows].sort((a, b) => (GROUP_RANK.get(a.group) ?? GROUP_RANK.size) - (GROUP_RANK.get(b.group) ?? GROUP_RANK.size));

const VOUCHER_TYPE_LABELS: Record<string, string> = {
  SALE: 'Sale',
  PURCHASE: 'Purchase',
  QUOTATION: 'Quotation',
  SALE_PAYMENT: 'Payment received',
  PURCHASE_PAYMENT: 'Payment made',
  PAYMENT_IN: 'Payment in',
  PAYMENT_OUT: 'Payment out',
  TRANSFER: 'Transfer',
  EXPENSE: 'Expense',
  CREDIT_NOTE: 'Credit note',
  DEBIT_NOTE: 'Debit note',
  PURCHASE_DEBIT_NOTE: 'Purchase return',
  SALE_REFUND: 'Refund paid',
  PURCHASE_NOTE_REFUND: 'Refund received',
};
/** What a transaction or voucher is, in words; a type without its own label reads as words: STOCK_ADD is 'Stock add'. */
export const voucherTypeLabel = (type: string) => VOUCHER_TYPE_LABELS[type] ?? `${type.charAt(0)}${type.slice(1).toLowerCase().replaceAll('_', ' ')}`;
