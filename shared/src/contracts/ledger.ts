import { z } from 'zod';
import { CalendarDate, Id, ok, optional } from './common';
import { Money, MoneyString } from './money';

/*
 * The books: the chart of accounts, the journal, and the statements read from it (trial balance, profit & loss,
 * balance sheet). Money is a two-decimal string; a balance is signed, positive = debit (Dr), negative = credit (Cr).
 */

export const LEDGER_NATURES = ['ASSET', 'LIABILITY', 'CAPITAL', 'INCOME', 'EXPENSE'] as const;
export type LedgerNature = (typeof LEDGER_NATURES)[number];

/**
 * The groups of the chart, as Indian practice names them. Ledgers hang under a group; the groups are fixed, the
 * ledgers under them are the books' own and the user's. `trading`: the group counts in the trading account (sales,
 * cost of goods sold) rather than below gross profit.
 */
export const LEDGER_GROUPS = [
  { code: 'CASH_IN_HAND', name: 'Cash in hand', nature: 'ASSET' },
  { code: 'BANK_ACCOUNTS', name: 'Bank accounts', nature: 'ASSET' },
  { code: 'SUNDRY_DEBTORS', name: 'Sundry debtors', nature: 'ASSET' },
  { code: 'STOCK_IN_HAND', name: 'Stock in hand', nature: 'ASSET' },
  { code: 'INPUT_TAXES', name: 'Input taxes', nature: 'ASSET' },
  { code: 'FIXED_ASSETS', name: 'Fixed assets', nature: 'ASSET' },
  { code: 'LOANS_AND_ADVANCES', name: 'Loans and advances (asset)', nature: 'ASSET' },
  { code: 'SUNDRY_CREDITORS', name: 'Sundry creditors', nature: 'LIABILITY' },
  { code: 'DUTIES_AND_TAXES', name: 'Duties and taxes', nature: 'LIABILITY' },
  { code: 'LOANS', name: 'Loans (liability)', nature: 'LIABILITY' },
  { code: 'CURRENT_LIABILITIES', name: 'Current liabilities', nature: 'LIABILITY' },
  { code: 'CAPITAL_ACCOUNT', name: 'Capital account', nature: 'CAPITAL' },
  { code: 'SALES_ACCOUNTS', name: 'Sales accounts', nature: 'INCOME', trading: true },
  { code: 'INDIRECT_INCOMES', name: 'Indirect incomes', nature: 'INCOME' },
  { code: 'DIRECT_EXPENSES', name: 'Direct expenses', nature: 'EXPENSE', trading: true },
  { code: 'INDIRECT_EXPENSES', name: 'Indirect expenses', nature: 'EXPENSE' },
] as const satisfies ReadonlyArray<{ code: string; name: string; nature: LedgerNature; trading?: boolean }>;
export type LedgerGroupCode = (typeof LEDGER_GROUPS)[number]['code'];
export const LEDGER_GROUP_CODES = LEDGER_GROUPS.map((g) => g.code) as [LedgerGroupCode, ...LedgerGroupCode[]];

/**
 * The ledgers the books post to by themselves, each under its group. Each cash or bank account and each expense
 * category has a ledger of its own as well (under Cash in hand, Bank accounts, Indirect expenses). One Round off
 * ledger takes both directions (a debit balance is an expense, a credit one income).
 */
export const SYSTEM_LEDGERS = [
  { code: 'DEBTORS', name: 'Sundry debtors', group: 'SUNDRY_DEBTORS' },
  { code: 'STOCK', name: 'Stock in hand', group: 'STOCK_IN_HAND' },
  { code: 'INPUT_CGST', name: 'Input CGST', group: 'INPUT_TAXES' },
  { code: 'INPUT_SGST', name: 'Input SGST', group: 'INPUT_TAXES' },
  { code: 'INPUT_IGST', name: 'Input IGST', group: 'INPUT_TAXES' },
  { code: 'INPUT_CESS', name: 'Input cess', group: 'INPUT_TAXES' },
  { code: 'INPUT_RCM', name: 'Input tax on reverse charge', group: 'INPUT_TAXES' },
  { code: 'CREDITORS', name: 'Sundry creditors', group: 'SUNDRY_CREDITORS' },
  { code: 'OUTPUT_CGST', name: 'Output CGST', group: 'DUTIES_AND_TAXES' },
  { code: 'OUTPUT_SGST', name: 'Output SGST', group: 'DUTIES_AND_TAXES' },
  { code: 'OUTPUT_IGST', name: 'Output IGST', group: 'DUTIES_AND_TAXES' },
  { code: 'OUTPUT_CESS', name: 'Output cess', group: 'DUTIES_AND_TAXES' },
  { code: 'RCM_PAYABLE', name: 'Reverse charge tax payable', group: 'DUTIES_AND_TAXES' },
  { code: 'OWNER_CAPITAL', name: "Owner's capital", group: 'CAPITAL_ACCOUNT' },
  { code: 'OPENING_EQUITY', name: 'Opening balance equity', group: 'CAPITAL_ACCOUNT' },
  { code: 'SALES', name: 'Sales', group: 'SALES_ACCOUNTS' },
  { code: 'OTHER_INCOME', name: 'Other income', group: 'INDIRECT_INCOMES' },
  { code: 'DISCOUNT_RECEIVED', name: 'Discount received', group: 'INDIRECT_INCOMES' },
  { code: 'COGS', name: 'Cost of goods sold', group: 'DIRECT_EXPENSES' },
  { code: 'SERVICES_PURCHASED', name: 'Services purchased', group: 'DIRECT_EXPENSES' },
  /** Stock added or reduced by hand (a count, damage): a debit balance is a loss, a credit one a gain. */
  { code: 'STOCK_ADJUSTMENTS', name: 'Stock adjustments', group: 'DIRECT_EXPENSES' },
  { code: 'DISCOUNT_ALLOWED', name: 'Discount allowed', group: 'INDIRECT_EXPENSES' },
  { code: 'ROUND_OFF', name: 'Round off', group: 'INDIRECT_EXPENSES' },
  { code: 'BALANCE_ADJUSTMENTS', name: 'Cash and bank adjustments', group: 'INDIRECT_EXPENSES' },
] as const satisfies ReadonlyArray<{ code: string; name: string; group: LedgerGroupCode }>;
export type SystemLedgerCode = (typeof SYSTEM_LEDGERS)[number]['code'];

export const LedgerAccount = z.object({
  id: z.string(),
  name: z.string(),
  group: z.string(),
  nature: z.enum(LEDGER_NATURES),
  /** The books' own ledger (SALES, STOCK, ...); null for a cash/bank account's, an expense category's or the user's. */
  code: z.string().nullable(),
  cashAccountId: z.string().nullable(),
  expenseCategoryId: z.string().nullable(),
  isActive: z.boolean(),
  /** Signed: positive = Dr. */
  balance: MoneyString,
});
export type LedgerAccount = z.infer<typeof LedgerAccount>;

export const LedgerGroupNode = z.object({
  code: z.string(),
  name: z.string(),
  nature: z.enum(LEDGER_NATURES),
  balance: MoneyString,
  ledgers: z.array(LedgerAccount),
});
export const LedgerTree = z.object({ groups: z.array(LedgerGroupNode) });
export type LedgerTree = z.infer<typeof LedgerTree>;
export const LedgerTreeResponse = ok(LedgerTree);
export const LedgerAccountResponse = ok(LedgerAccount);

const IdFilter = (label: string) => optional(z.string().trim().max(40, `${label} is not an id`));

export const LedgerTreeQuery = z.object({ asOf: optional(CalendarDate('As of date')), branchId: IdFilter('Branch') });
export type LedgerTreeQuery = z.infer<typeof LedgerTreeQuery>;

const LedgerName = z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is at most 100 characters');

export const CreateLedgerAccountRequest = z.object({
  name: LedgerName,
  group: z.enum(LEDGER_GROUP_CODES, { error: 'Choose a group of the chart of accounts' }),
  /** Signed: positive = Dr; posted against Opening balance equity on `asOfDate`. */
  openingBalance: optional(z.string().trim().regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'Opening balance is not an amount')),
  asOfDate: optional(CalendarDate('As of date')),
});
export type CreateLedgerAccountRequest = z.infer<typeof CreateLedgerAccountRequest>;

export const UpdateLedgerAccountRequest = z
  .object({ name: optional(LedgerName), isActive: z.boolean().optional() })
  .refine((v) => v.name !== undefined || v.isActive !== undefined, { message: 'Nothing to change', path: ['name'] });
export type UpdateLedgerAccountRequest = z.infer<typeof UpdateLedgerAccountRequest>;

export const JournalLineRequest = z.object({
  accountId: Id,
  partyId: optional(Id),
  debit: optional(Money('Debit')),
  credit: optional(Money('Credit')),
});
export const CreateJournalRequest = z.object({
  date: optional(CalendarDate('Date')),
  narration: z.string({ error: 'Narration is required' }).trim().min(1, 'Narration is required').max(500, 'Narration is at most 500 characters'),
  branchId: optional(Id),
  lines: z.array(JournalLineRequest, { error: 'Lines are required' }).min(2, 'A journal has at least two lines').max(100, 'A journal has at most 100 lines'),
});
export type CreateJournalRequest = z.infer<typeof CreateJournalRequest>;

export const JournalEntryLine = z.object({
  accountId: z.string(),
  accountName: z.string(),
  partyId: z.string().nullable(),
  debit: MoneyString,
  credit: MoneyString,
});
export const JournalEntry = z.object({
  id: z.string(),
  date: z.string(),
  voucherType: z.string(),
  documentType: z.string().nullable(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  narration: z.string().nullable(),
  branchId: z.string().nullable(),
  reversesId: z.string().nullable(),
  lines: z.array(JournalEntryLine),
});
export type JournalEntry = z.infer<typeof JournalEntry>;
export const JournalEntryResponse = ok(JournalEntry);

export const AccountLedgerQuery = z.object({
  from: optional(CalendarDate('From date')),
  to: optional(CalendarDate('To date')),
  branchId: IdFilter('Branch'),
});
export type AccountLedgerQuery = z.infer<typeof AccountLedgerQuery>;
export const AccountLedgerLine = z.object({
  entryId: z.string(),
  date: z.string(),
  voucherType: z.string(),
  documentType: z.string().nullable(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  narration: z.string().nullable(),
  partyId: z.string().nullable(),
  debit: MoneyString,
  credit: MoneyString,
  /** Signed: positive = Dr. */
  balance: MoneyString,
});
export const AccountLedger = z.object({
  account: LedgerAccount,
  from: z.string().nullable(),
  to: z.string().nullable(),
  opening: MoneyString,
  lines: z.array(AccountLedgerLine),
  closing: MoneyString,
  totals: z.object({ debit: MoneyString, credit: MoneyString }),
});
export type AccountLedger = z.infer<typeof AccountLedger>;
export const AccountLedgerResponse = ok(AccountLedger);

// Statements

// `format` (xlsx: a workbook; pdf: an A4 print) is added to these queries in books-statements.ts.

export const TrialBalanceQuery = z.object({
  from: optional(CalendarDate('From date')),
  asOf: optional(CalendarDate('As of date')),
  branchId: IdFilter('Branch'),
});
export type TrialBalanceQuery = z.infer<typeof TrialBalanceQuery>;
export const TrialBalanceRow = z.object({
  accountId: z.string(),
  name: z.string(),
  group: z.string(),
  /** Signed, positive = Dr: before `from` (0 without one). */
  opening: MoneyString,
  debit: MoneyString,
  credit: MoneyString,
  closing: MoneyString,
});
export const TrialBalance = z.object({
  asOf: z.string(),
  rows: z.array(TrialBalanceRow),
  totals: z.object({ debit: MoneyString, credit: MoneyString }),
});
export type TrialBalance = z.infer<typeof TrialBalance>;
export const TrialBalanceResponse = ok(TrialBalance);

export const ProfitLossQuery = z.object({
  from: optional(CalendarDate('From date')),
  to: optional(CalendarDate('To date')),
  branchId: IdFilter('Branch'),
});
export type ProfitLossQuery = z.infer<typeof ProfitLossQuery>;
export const StatementLine = z.object({ accountId: z.string(), name: z.string(), group: z.string(), amount: MoneyString });
const ProfitLossFigures = z.object({
  from: z.string(),
  to: z.string(),
  sales: MoneyString,
  costOfGoodsSold: MoneyString,
  /** Other direct expenses (services bought for resale). */
  directExpenses: MoneyString,
  grossProfit: MoneyString,
  otherIncome: MoneyString,
  expenses: MoneyString,
  netProfit: MoneyString,
  incomeLines: z.array(StatementLine),
  expenseLines: z.array(StatementLine),
});
export const ProfitLoss = ProfitLossFigures.extend({ previous: ProfitLossFigures });
export type ProfitLoss = z.infer<typeof ProfitLoss>;
export const ProfitLossResponse = ok(ProfitLoss);

export const BalanceSheetQuery = z.object({ asOf: optional(CalendarDate('As of date')) });
export type BalanceSheetQuery = z.infer<typeof BalanceSheetQuery>;
export const BalanceSheetSide = z.object({
  total: MoneyString,
  groups: z.array(z.object({ code: z.string(), name: z.string(), total: MoneyString, lines: z.array(StatementLine) })),
});
export const BalanceSheet = z.object({
  asOf: z.string(),
  assets: BalanceSheetSide,
  liabilities: BalanceSheetSide,
  capital: BalanceSheetSide,
  profitToDate: MoneyString,
  balanced: z.boolean(),
});
export type BalanceSheet = z.infer<typeof BalanceSheet>;
export const BalanceSheetResponse = ok(BalanceSheet);

