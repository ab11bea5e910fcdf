import { z } from 'zod';
import { isGstRate, normalizeGstRate } from '../gst/rates';
import { ACCOUNT_LIMITS, PaymentMode, maybe } from './account';
import { CalendarDate, Gstin, Id, PageNumber, PageSize, PersonName, ok } from './common';
import { Money, MoneyString, MoneySumString } from './money';

/*
 * Expenses: money spent that is not a purchase of stock — rent, salaries, electricity.
 *
 * Decisions of this contract:
 * - Every business starts with the categories of DEFAULT_EXPENSE_CATEGORIES and may add its own (names unique in any
 *   case: 409).
 * - `amount` is what was paid, tax included. With `gst` the shared GST engine splits it into the taxable value and
 *   CGST + SGST (a supplier in the branch's state, or no GSTIN) or IGST (a supplier GSTIN of another state); the
 *   tax is input tax credit when `itcEligible` (default yes) and the supplier's GSTIN is given.
 * - An expense is paid now from one account: one OUT transaction (type EXPENSE). Cash in hand never goes below zero
 *   (409 with the balance). Cancelling keeps the number and reverses the payment (EXPENSE_REVERSAL).
 * - Numbers run without gaps per branch and financial year: every branch counts its own 'EXP/26-27/n' from 1 (like
 *   purchase bills' reference numbers); the list and the answer name the branch.
 */

export const DEFAULT_EXPENSE_CATEGORIES = [
  'Rent',
  'Salaries',
  'Electricity',
  'Transport',
  'Office supplies',
  'Repairs',
  'Telephone & Internet',
  'Bank charges',
  'Other',
] as const;

export const EXPENSE_LIMITS = { categoryName: 60, notes: 500, reason: 200 } as const;
/** A receipt: one PDF, PNG or JPEG (told by its bytes) of at most 5 MB. */
export const EXPENSE_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const EXPENSE_RECEIPT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const EXPENSE_PAGE_SIZE_MAX = 200;
export const EXPENSE_PAGE_SIZE_DEFAULT = 50;
export const EXPENSE_STATUSES = ['ACTIVE', 'CANCELLED'] as const;
export const ExpenseStatus = z.enum(EXPENSE_STATUSES, { error: 'Status must be ACTIVE or CANCELLED' });

export const ExpenseCategory = z.object({
  id: Id,
  name: z.string(),
  /** One of the categories every business starts with. */
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type ExpenseCategory = z.infer<typeof ExpenseCategory>;
export const ExpenseCategoryResponse = ok(ExpenseCategory);
export const ExpenseCategoryListResponse = ok(z.array(ExpenseCategory));

/** POST expense/create-category. */
export const CreateExpenseCategoryRequest = z.object({ name: PersonName('Category name', EXPENSE_LIMITS.categoryName) });
export interface CreateExpenseCategoryRequest {
  name: string;
}

const GstRateInput = z
  .union([z.string(), z.number()], { error: 'GST rate is required' })
  .refine((v) => isGstRate(v), { message: 'GST rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40 %' })
  .transform((v) => normalizeGstRate(v));

export const ExpenseGstRequest = z.strictObject({
  rate: GstRateInput,
  supplierGstin: maybe(Gstin),
  /** Default yes (credit is only counted with a supplier GSTIN). */
  itcEligible: maybe(z.boolean({ error: 'itcEligible must be true or false' })),
});

/** POST expense/create-expense. */
export const CreateExpenseRequest = z.strictObject({
  /** Default today. */
  date: maybe(CalendarDate('Date')),
  categoryId: z.string({ error: 'Category is required' }).trim().min(1, 'Category is required').max(40),
  /** What was paid, tax included. */
  amount: Money('Amount', { positive: true }),
  gst: maybe(ExpenseGstRequest),
  payment: z.strictObject(
    {
      mode: PaymentMode,
      /** Default: Cash in hand for CASH, else the business's only bank account. */
      accountId: maybe(z.string().trim().max(40)),
      reference: maybe(z.string().trim().max(ACCOUNT_LIMITS.reference, `Reference must be at most ${ACCOUNT_LIMITS.reference} characters`)),
    },
    { error: 'Payment {mode, accountId} is required' },
  ),
  partyId: maybe(z.string().trim().max(40)),
  /** Default: the session's active branch, else the default one. */
  branchId: maybe(z.string().trim().max(40)),
  notes: maybe(z.string().trim().max(EXPENSE_LIMITS.notes, `Notes must be at most ${EXPENSE_LIMITS.notes} characters`)),
});
export interface CreateExpenseRequest {
  date?: string | null;
  categoryId: string;
  amount: string | number;
  gst?: { rate: string | number; supplierGstin?: string | null; itcEligible?: boolean | null } | null;
  payment: { mode: PaymentMode; accountId?: string | null; reference?: string | null };
  partyId?: string | null;
  branchId?: string | null;
  notes?: string | null;
}

export const CancelExpenseRequest = z.object({
  reason: maybe(z.string().trim().max(EXPENSE_LIMITS.reason, `Reason must be at most ${EXPENSE_LIMITS.reason} characters`)),
});
export interface CancelExpenseRequest {
  reason?: string | null;
}

/** The attached receipt: the name it was sent with, its type (by its bytes), its size, and where it is served. */
export const ExpenseReceipt = z.object({ fileName: z.string(), mimeType: z.string(), size: z.number().int(), url: z.string() });

export const Expense = z.object({
  id: Id,
  expenseNumber: z.string(),
  financialYear: z.string(),
  date: z.string(),
  status: ExpenseStatus,
  branchId: Id,
  branchName: z.string(),
  categoryId: Id,
  categoryName: z.string(),
  /** Paid, tax included. */
  amount: MoneyString,
  taxableValue: MoneyString,
  /** null: no GST. */
  gstRate: z.string().nullable(),
  supplyType: z.enum(['INTRA', 'INTER']).nullable(),
  cgst: MoneyString,
  sgst: MoneyString,
  igst: MoneyString,
  totalTax: MoneyString,
  supplierGstin: z.string().nullable(),
  itcEligible: z.boolean(),
  /** The input tax credit it gives: its tax when ITC-eligible with a supplier GSTIN, else 0. */
  itcAmount: MoneyString,
  mode: PaymentMode,
  accountId: Id,
  accountName: z.string(),
  reference: z.string().nullable(),
  partyId: Id.nullable(),
  partyName: z.string().nullable(),
  notes: z.string().nullable(),
  receipt: ExpenseReceipt.nullable(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof Expense>;
export const ExpenseResponse = ok(Expense);

/** GET expense/expenses: newest first. */
export const ExpenseListQuery = z
  .object({
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    categoryId: maybe(z.string().trim().max(40)),
    accountId: maybe(z.string().trim().max(40)),
    branchId: maybe(z.string().trim().max(40)),
    /** The documents one user created (a user who may not see other users' documents sees only their own). */
    createdBy: maybe(z.string().trim().max(40)),
    partyId: maybe(z.string().trim().max(40)),
    status: maybe(ExpenseStatus),
    /** Expense number or notes. */
    q: maybe(z.string().trim().max(100, 'Search is too long')),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(EXPENSE_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface ExpenseListQuery {
  from?: string;
  to?: string;
  categoryId?: string;
  accountId?: string;
  branchId?: string;
  createdBy?: string;
  partyId?: string;
  status?: 'ACTIVE' | 'CANCELLED';
  q?: string;
  page?: number;
  pageSize?: number;
}

export const ExpenseCategorySum = z.object({ categoryId: Id, categoryName: z.string(), count: z.number().int(), amount: MoneySumString });
export const ExpenseListMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Over every match, cancelled expenses left out: per category (largest first) and in all. */
  sums: z.object({ total: MoneySumString, totalTax: MoneySumString, itc: MoneySumString, byCategory: z.array(ExpenseCategorySum) }),
});
export type ExpenseListMeta = z.infer<typeof ExpenseListMeta>;
export const ExpenseListResponse = ok(z.array(Expense)).extend({ meta: ExpenseListMeta });
export type ExpenseListResponse = z.infer<typeof ExpenseListResponse>;
