import {
  ExpenseCategoryListResponse,
  ExpenseCategoryResponse,
  ExpenseListResponse,
  ExpenseResponse,
  type CancelExpenseRequest,
  type CreateExpenseCategoryRequest,
  type CreateExpenseRequest,
  type ExpenseListQuery,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** Expenses and their categories. */
export const expenseApi = {
  categories: () => data(apiRequest('expense/categories', { schema: ExpenseCategoryListResponse })),
  createCategory: (body: CreateExpenseCategoryRequest) =>
    data(apiRequest('expense/create-category', { method: 'POST', body, schema: ExpenseCategoryResponse })),
  create: (body: CreateExpenseRequest, opts?: CreateOptions) =>
    data(apiRequest('expense/create-expense', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: ExpenseResponse })),
  /** Newest first, one page; meta.sums holds the totals per category and in all. */
  list: (query: ExpenseListQuery = {}) => apiRequest('expense/expenses', { query: query as Query, schema: ExpenseListResponse }),
  get: (id: string) => data(apiRequest(`expense/expense/${encodeURIComponent(id)}`, { schema: ExpenseResponse })),
  /** One PDF, PNG or JPEG of at most 5 MB; replaces an earlier receipt. Served back at `receipt.url`. */
  attachReceipt: (id: string, file: Blob, fileName = 'receipt') => {
    const body = new FormData();
    body.append('receipt', file, fileName);
    return data(apiRequest(`expense/attach-receipt/${encodeURIComponent(id)}`, { method: 'POST', body, schema: ExpenseResponse }));
  },
  cancel: (id: string, body: CancelExpenseRequest = {}) =>
    data(apiRequest(`expense/cancel-expense/${encodeURIComponent(id)}`, { method: 'POST', body, schema: ExpenseResponse })),
};
