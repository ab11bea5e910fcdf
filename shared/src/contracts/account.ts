import { z } from 'zod';
import { CalendarDate, Id, PageMeta, PageNumber, PageSize, PersonName, ok } from './common';
import { Money, MoneyString, SignedMoney } from './money';

/*
 * Cash and bank: accounts, and the money movements between them and the world.
 *
 * Decisions of this contract:
 * - Every business has one CASH account, "Cash in hand", made at sign-up; bank accounts are added.
 * - An account number is answered masked ('XXXX1234'): a screen never needs the whole number back.
 * - A transaction is one movement of money in or out of one account: `amount` is always positive and `direction`
 *   says IN or OUT; `runningBalance` is the account's balance after it (opening balance + every earlier movement,
 *   in date order). A transfer is two transactions sharing a `groupId`.
 * - Dates are calendar dates 'YYYY-MM-DD' (India), checked for real (2025-02-30 is refused).
 * - Every create takes an `Idempotency-Key` header: the same key and body within 24 hours answers the first result
 *   again; the same key with another body answers 422.
 */

/** The header that makes a create safe to retry. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Printable ASCII, at most this long (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX = 200;

/** Adds days to a calendar date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Made once: building a formatter costs far more than using one. */
const INDIA_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' });

/** Today in India, 'YYYY-MM-DD'. */
export function indiaToday(now: Date = new Date()): string {
  return INDIA_DATE.format(now);
}

export const PAYMENT_MODES = ['CASH', 'UPI', 'CARD', 'BANK_TRANSFER', 'CHEQUE'] as const;
export const PaymentMode = z.enum(PAYMENT_MODES, { error: 'Payment mode must be CASH, UPI, CARD, BANK_TRANSFER or CHEQUE' });
export type PaymentMode = z.infer<typeof PaymentMode>;
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  BANK_TRANSFER: 'Bank transfer',
  CHEQUE: 'Cheque',
};

export const ACCOUNT_TYPES = ['CASH', 'BANK'] as const;
export const AccountType = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof AccountType>;

/** The name of the cash account every business has. */
export const CASH_ACCOUNT_NAME = 'Cash in hand';

/**
 * Why money moved. Sales: a payment received against an invoice and its reversal when the invoice is cancelled.
 * Purchases and expenses and the cash & bank screen (payments not tied to one bill, transfers,
 * deposits, withdrawals, adjustments) use the rest.
 */
export const TRANSACTION_TYPES = [
  'SALE_PAYMENT',
  'SALE_PAYMENT_REVERSAL',
  'PURCHASE_PAYMENT',
  'PURCHASE_PAYMENT_REVERSAL',
  'PAYMENT_IN',
  'PAYMENT_OUT',
  'EXPENSE',
  'EXPENSE_REVERSAL',
  'TRANSFER',
  'DEPOSIT',
  'WITHDRAWAL',
  'ADJUSTMENT',
  'SALE_REFUND',
  'SALE_REFUND_REVERSAL',
  'PURCHASE_NOTE_REFUND',
  'PURCHASE_NOTE_REFUND_REVERSAL',
] as const;
export const TransactionType = z.enum(TRANSACTION_TYPES, { error: `Type must be one of ${TRANSACTION_TYPES.join(', ')}` });
export type TransactionType = z.infer<typeof TransactionType>;

/** How a ledger names each kind of transaction (the cash & bank screen, the exported ledger). */
export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  SALE_PAYMENT: 'Sale payment',
  SALE_PAYMENT_REVERSAL: 'Sale payment reversed',
  PURCHASE_PAYMENT: 'Purchase payment',
  PURCHASE_PAYMENT_REVERSAL: 'Purchase payment reversed',
  PAYMENT_IN: 'Payment in',
  PAYMENT_OUT: 'Payment out',
  EXPENSE: 'Expense',
  EXPENSE_REVERSAL: 'Expense reversed',
  TRANSFER: 'Transfer',
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  ADJUSTMENT: 'Adjustment',
  SALE_REFUND: 'Refund on a credit note',
  SALE_REFUND_REVERSAL: 'Refund reversed',
  PURCHASE_NOTE_REFUND: 'Refund from supplier',
  PURCHASE_NOTE_REFUND_REVERSAL: 'Refund from supplier reversed',
};

export const TRANSACTION_DIRECTIONS = ['IN', 'OUT'] as const;
export const TransactionDirection = z.enum(TRANSACTION_DIRECTIONS, { error: 'Direction must be IN or OUT' });
export type TransactionDirection = z.infer<typeof TransactionDirection>;

/** What a transaction belongs to, when it belongs to a document. */
export const DOCUMENT_TYPES = ['SALE', 'PURCHASE', 'EXPENSE', 'QUOTATION', 'CREDIT_NOTE', 'PURCHASE_DEBIT_NOTE'] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

export const ACCOUNT_LIMITS = { displayName: 60, bankName: 100, upiId: 100, reference: 100, note: 200 } as const;

export const IFSC_FORMAT = /^[A-Z]{4}0[A-Z0-9]{6}$/;
export const IFSC_MESSAGE = 'IFSC must be 4 letters, a 0 and 6 letters or digits, e.g. SBIN0001234';
export const ACCOUNT_NUMBER_FORMAT = /^[0-9]{9,18}$/;
export const ACCOUNT_NUMBER_MESSAGE = 'Account number must be 9 to 18 digits';
export const UPI_ID_FORMAT = /^[a-z0-9][a-z0-9._-]{1,63}@[a-z][a-z0-9.-]{1,63}$/;
export const UPI_ID_MESSAGE = 'UPI ID must look like name@bank';

/** 'XXXX1234': the last four digits only. */
export function maskAccountNumber(accountNumber: string): string {
  return `XXXX${accountNumber.slice(-4)}`;
}

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
/** An optional request field: blank, null and absent all mean "not given". */
export const maybe = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** POST account/add-bank-account. */
export const AddBankAccountRequest = z.object({
  displayName: PersonName('Account name', ACCOUNT_LIMITS.displayName),
  bankName: PersonName('Bank name', ACCOUNT_LIMITS.bankName),
  accountNumber: z
    .string({ error: 'Account number is required' })
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(ACCOUNT_NUMBER_FORMAT, ACCOUNT_NUMBER_MESSAGE)),
  ifsc: z.string({ error: 'IFSC is required' }).trim().toUpperCase().regex(IFSC_FORMAT, IFSC_MESSAGE),
  upiId: maybe(z.string().trim().toLowerCase().max(ACCOUNT_LIMITS.upiId).regex(UPI_ID_FORMAT, UPI_ID_MESSAGE)),
  /** May be negative: an overdrawn account. Default 0. */
  openingBalance: maybe(SignedMoney('Opening balance')),
  /** The date of the opening balance; default today. */
  asOfDate: maybe(CalendarDate('As of date')),
});
export interface AddBankAccountRequest {
  displayName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  upiId?: string | null;
  openingBalance?: string | number | null;
  asOfDate?: string | null;
}

export const Account = z.object({
  id: Id,
  type: AccountType,
  displayName: z.string(),
  bankName: z.string().nullable(),
  /** Masked: 'XXXX1234'. */
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
  upiId: z.string().nullable(),
  openingBalance: MoneyString,
  asOfDate: z.string(),
  /** Opening balance + every transaction so far. */
  balance: MoneyString,
  /** A deactivated account keeps its history but takes no new transactions (reactivate it to use it again). */
  isActive: z.boolean(),
  /** It has transactions (then it can be deactivated, never deleted). */
  isUsed: z.boolean(),
  createdAt: z.string(),
});
export type Account = z.infer<typeof Account>;
export const AccountResponse = ok(Account);
export const AccountListResponse = ok(z.array(Account));

export const TRANSACTION_PAGE_SIZE_MAX = 200;
export const TRANSACTION_PAGE_SIZE_DEFAULT = 50;
const pageSizeMessage = `pageSize must be a whole number from 1 to ${TRANSACTION_PAGE_SIZE_MAX}`;

/** GET account/transactions: newest first, filtered by account, date range and type. */
export const TransactionListQuery = z
  .object({
    accountId: maybe(z.string().trim().max(40)),
    partyId: maybe(z.string().trim().max(40)),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    type: maybe(TransactionType),
    direction: maybe(TransactionDirection),
    /** The halves of one transfer. */
    groupId: maybe(z.string().trim().max(40)),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(TRANSACTION_PAGE_SIZE_MAX).describe(pageSizeMessage)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface TransactionListQuery {
  accountId?: string;
  partyId?: string;
  from?: string;
  to?: string;
  type?: TransactionType;
  direction?: TransactionDirection;
  groupId?: string;
  page?: number;
  pageSize?: number;
}

/**
 * GET account/transactions/export: one account's ledger for a date range as an .xlsx workbook — the opening
 * balance on `from`, every transaction oldest first with debit (in), credit (out) and the running balance, and the
 * closing balance on `to` (default today).
 */
export const LedgerExportQuery = z
  .object({
    accountId: z.string({ error: 'Account is required' }).trim().min(1, 'Account is required').max(40),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    format: maybe(z.enum(['xlsx'], { error: 'format must be xlsx' })),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface LedgerExportQuery {
  accountId: string;
  from?: string;
  to?: string;
  format?: 'xlsx';
}

export const AccountTransaction = z.object({
  id: Id,
  accountId: Id,
  accountName: z.string(),
  date: z.string(),
  type: TransactionType,
  direction: TransactionDirection,
  /** Always positive; `direction` gives the sign. */
  amount: MoneyString,
  /** The account's balance after this transaction. */
  runningBalance: MoneyString,
  mode: PaymentMode.nullable(),
  partyId: Id.nullable(),
  partyName: z.string().nullable(),
  documentType: DocumentType.nullable(),
  documentId: Id.nullable(),
  documentNumber: z.string().nullable(),
  /** The two halves of a transfer share it. */
  groupId: Id.nullable(),
  /** The transaction this one reverses (a cancelled invoice's payment). */
  reversesId: Id.nullable(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountTransaction = z.infer<typeof AccountTransaction>;
export const TransactionListResponse = ok(z.array(AccountTransaction)).extend({ meta: PageMeta });
export type TransactionListResponse = z.infer<typeof TransactionListResponse>;

/** A payment as a document takes it: received now with a sale, or recorded later against it. */
export const PaymentRequest = z.strictObject({
  amount: Money('Payment amount', { positive: true }),
  mode: PaymentMode,
  /** Default: "Cash in hand" for CASH, else the business's only bank account (400 when there are several). */
  accountId: maybe(z.string().trim().max(40)),
  reference: maybe(z.string().trim().max(ACCOUNT_LIMITS.reference, `Reference must be at most ${ACCOUNT_LIMITS.reference} characters`)),
});
export interface PaymentRequest {
  amount: string | number;
  mode: PaymentMode;
  accountId?: string | null;
  reference?: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Cash & bank: edit, deactivate, transfer, adjust

const noteField = (label: string) =>
  z.string().trim().max(ACCOUNT_LIMITS.note, `${label} must be at most ${ACCOUNT_LIMITS.note} characters`);

/**
 * PUT account/update-account/:id: the fields given change, the rest stay. A bank account's name and bank details;
 * Cash in hand keeps its name and has no bank details (400). `upiId: null` (or '') clears the UPI ID.
 */
export const UpdateAccountRequest = z
  .object({
    displayName: maybe(PersonName('Account name', ACCOUNT_LIMITS.displayName)),
    bankName: maybe(PersonName('Bank name', ACCOUNT_LIMITS.bankName)),
    accountNumber: maybe(
      z
        .string()
        .transform((s) => s.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(ACCOUNT_NUMBER_FORMAT, ACCOUNT_NUMBER_MESSAGE)),
    ),
    ifsc: maybe(z.string().trim().toUpperCase().regex(IFSC_FORMAT, IFSC_MESSAGE)),
    upiId: z
      .preprocess(
        (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
        z.string().trim().toLowerCase().max(ACCOUNT_LIMITS.upiId).regex(UPI_ID_FORMAT, UPI_ID_MESSAGE).nullable().optional(),
      ),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to change: send at least one field' });
export interface UpdateAccountRequest {
  displayName?: string | null;
  bankName?: string | null;
  accountNumber?: string | null;
  ifsc?: string | null;
  upiId?: string | null;
}

/**
 * POST account/transfer: money from one account to another, two transactions sharing a `groupId`. Cash → bank is a
 * DEPOSIT, bank → cash a WITHDRAWAL, bank → bank a TRANSFER. Cash in hand never goes below zero (409).
 */
export const TransferRequest = z.object({
  fromAccountId: z.string({ error: 'From account is required' }).trim().min(1, 'From account is required').max(40),
  toAccountId: z.string({ error: 'To account is required' }).trim().min(1, 'To account is required').max(40),
  amount: Money('Amount', { positive: true }),
  /** Default today. */
  date: maybe(CalendarDate('Date')),
  note: maybe(noteField('Note')),
});
export interface TransferRequest {
  fromAccountId: string;
  toAccountId: string;
  amount: string | number;
  date?: string | null;
  note?: string | null;
}

export const TRANSFER_TYPES = ['TRANSFER', 'DEPOSIT', 'WITHDRAWAL'] as const;

export const TransferResult = z.object({
  groupId: Id,
  type: z.enum(TRANSFER_TYPES),
  /** The OUT half, then the IN half, each with its account's running balance. */
  transactions: z.array(AccountTransaction),
  /** Both accounts as they are now. */
  from: Account,
  to: Account,
});
export type TransferResult = z.infer<typeof TransferResult>;
export const TransferResponse = ok(TransferResult);

/** POST account/adjust: a correction of an account's balance, up (positive) or down (negative), with a reason. */
export const AdjustRequest = z
  .object({
    accountId: z.string({ error: 'Account is required' }).trim().min(1, 'Account is required').max(40),
    amount: SignedMoney('Amount'),
    reason: z
      .string({ error: 'Reason is required' })
      .trim()
      .min(1, 'Reason is required')
      .max(ACCOUNT_LIMITS.note, `Reason must be at most ${ACCOUNT_LIMITS.note} characters`),
    date: maybe(CalendarDate('Date')),
  })
  .refine((b) => !/^-?0(\.0+)?$/.test(b.amount), { path: ['amount'], message: 'Amount cannot be 0' });
export interface AdjustRequest {
  accountId: string;
  /** Positive adds to the balance, negative takes from it. */
  amount: string | number;
  reason: string;
  date?: string | null;
}

export const AdjustResult = z.object({ transaction: AccountTransaction, account: Account });
export type AdjustResult = z.infer<typeof AdjustResult>;
export const AdjustResponse = ok(AdjustResult);
