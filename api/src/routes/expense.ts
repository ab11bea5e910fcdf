import {
  CancelExpenseRequest,
  CreateExpenseCategoryRequest,
  CreateExpenseRequest,
  ExpenseCategoryListResponse,
  ExpenseCategoryResponse,
  ExpenseListQuery,
  ExpenseListResponse,
  ExpenseResponse,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import type { DocumentContext } from '../services/documents/prepare';
import { cancelExpense, createCategory, createExpense, getExpense, listCategories, listExpenses } from '../services/expense';
import { attachReceipt, findReceipt, readReceipt } from '../services/expense/receipt';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { SESSION_SECURITY, errorResponses, multipartParts, type ZodApp } from './common';

const tags = ['expense'];
/** Any string: an id that is not a uuid is simply not found (404). */
const ExpenseIdParams = z.object({ id: z.string().max(100).describe('Expense id (uuid)') });

/** Expenses and their categories, scoped to the session's business. */
export function expenseRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.get('/categories', {
    schema: {
      tags,
      summary: 'The business’s expense categories: the defaults, then its own by name',
      security: SESSION_SECURITY,
      response: { 200: ExpenseCategoryListResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await listCategories(deps.db, authOf(request).businessId) }),
  });

  app.post('/create-category', {
    schema: {
      tags,
      summary: 'Add an expense category (409 when one of that name exists, in any case)',
      security: SESSION_SECURITY,
      body: CreateExpenseCategoryRequest,
      response: { 201: ExpenseCategoryResponse, ...errorResponses(400, 401, 409) },
    },
    handler: async (request, reply) => {
      const category = await createCategory(deps.db, authOf(request).businessId, request.body, deps.clock());
      return reply.code(201).send({ success: true as const, data: category });
    },
  });

  app.post('/create-expense', {
    schema: {
      tags,
      summary: 'Record an expense paid now from an account: numbered per branch and year, GST split by the engine',
      description:
        '`amount` is what was paid, tax included. With `gst` the engine splits it into the taxable value and CGST + ' +
        'SGST, or IGST for a supplier GSTIN of another state. One OUT transaction (EXPENSE) on the account; Cash in hand ' +
        'never goes below zero (409 with its balance). 422 when the Idempotency-Key was used with another body.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateExpenseRequest,
      response: { 201: ExpenseResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const expense = await createExpense(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: expense });
    },
  });

  app.get('/expenses', {
    // Depends on the business's rows and the date in India only (docs/architecture.md, "Read cache").
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary:
        'Expenses, newest first: from/to, categoryId, accountId, branchId, partyId, status, q (number or notes), ' +
        'page/pageSize; meta.sums holds the total, tax, ITC and the amount per category of every match (not cancelled)',
      security: SESSION_SECURITY,
      querystring: ExpenseListQuery,
      response: { 200: ExpenseListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, ...(await listExpenses(readDb(request, deps), authOf(request).businessId, request.query)) }),
  });

  app.get('/expense/:id', {
    schema: {
      tags,
      summary: 'One expense',
      security: SESSION_SECURITY,
      params: ExpenseIdParams,
      response: { 200: ExpenseResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({ success: true as const, data: await getExpense(deps.db, authOf(request).businessId, request.params.id) }),
  });

  app.post('/cancel-expense/:id', {
    schema: {
      tags,
      summary: 'Cancel an expense: it keeps its number and its payment comes back into the account (409 twice)',
      security: SESSION_SECURITY,
      params: ExpenseIdParams,
      body: CancelExpenseRequest,
      response: { 200: ExpenseResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await cancelExpense(context(request), request.params.id, request.body) }),
  });

  app.post('/attach-receipt/:id', {
    config: { multipart: true },
    schema: {
      tags,
      summary: 'Attach a receipt to an expense: one PDF, PNG or JPEG (told by its bytes) of at most 5 MB; replaces an earlier one',
      description: 'multipart/form-data with the file in the field `receipt`. 415 for another type, 413 past 5 MB.',
      consumes: ['multipart/form-data'],
      security: SESSION_SECURITY,
      params: ExpenseIdParams,
      body: multipartParts({ receipt: 'file' }),
      response: { 200: ExpenseResponse, ...errorResponses(400, 401, 404, 413, 415) },
    },
    handler: async (request) => {
      const { businessId } = authOf(request);
      const upload = await readReceipt(request);
      return { success: true as const, data: await attachReceipt(deps.db, businessId, request.params.id, upload) };
    },
  });

  app.get('/receipt/:id', {
    schema: {
      tags,
      summary: 'An expense’s receipt (only to the business that owns it)',
      security: SESSION_SECURITY,
      params: ExpenseIdParams,
      produces: ['application/pdf', 'image/png', 'image/jpeg'],
      response: { 200: z.unknown().describe('The receipt bytes (PDF, PNG or JPEG)'), ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      const receipt = await findReceipt(deps.db, authOf(request).businessId, request.params.id);
      return reply
        .type(receipt.contentType)
        .header('content-length', String(receipt.file.size))
        .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(receipt.name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, no-cache')
        .send(receipt.file.bytes);
    },
  });
}
