import { randomUUID } from 'node:crypto';
import {
  AccountListResponse,
  AccountResponse,
  AddBankAccountRequest,
  AdjustRequest,
  AdjustResponse,
  LedgerExportQuery,
  MessageResponse,
  TransactionListQuery,
  TransactionListResponse,
  TransferRequest,
  TransferResponse,
  UpdateAccountRequest,
  indiaToday,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { addBankAccount, getAccount, listAccounts, listTransactions } from '../services/accounts';
import { sendLedgerXlsx } from '../services/accounts/ledger-export';
import { deleteAccount, setAccountActive, updateAccount, type AccountContext } from '../services/accounts/edit';
import { adjust, transfer } from '../services/accounts/movements';
import { IdempotencyHeaders, idempotencyKeyOf, withIdempotency } from '../services/idempotency';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['account'];
/** Any string: an id that is not a uuid is simply not found (404). */
const AccountIdParams = z.object({ id: z.string().max(100).describe('Account id (uuid)') });

/** Cash and bank accounts and their transactions, scoped to the session's business. */
export function accountRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): AccountContext => {
    const auth = authOf(request);
    return { db: deps.db, businessId: auth.businessId, userId: auth.user.id, now: deps.clock() };
  };

  app.post('/add-bank-account', {
    schema: {
      tags,
      summary: 'Add a bank account (the account number is answered masked; the IFSC is format-checked)',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: AddBankAccountRequest,
      response: { 201: AccountResponse, ...errorResponses(400, 401, 409, 422) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const now = deps.clock();
      const id = randomUUID();
      const result = await withIdempotency(
        deps.db,
        {
          businessId,
          key: idempotencyKeyOf(request.headers),
          scope: 'account.add-bank-account',
          body: request.body,
          resourceId: id,
          now,
        },
        (tx) => addBankAccount(tx, businessId, id, request.body, indiaToday(now), now),
      );
      return reply.code(201).send({ success: true as const, data: await getAccount(deps.db, businessId, result.resourceId, indiaToday(now)) });
    },
  });

  app.get('/bank-accounts', {
    schema: {
      tags,
      summary: 'Every account — Cash in hand first, then bank accounts by name — with its current balance',
      security: SESSION_SECURITY,
      response: { 200: AccountListResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await listAccounts(deps.db, authOf(request).businessId, indiaToday(deps.clock())) }),
  });

  app.get('/transactions', {
    schema: {
      tags,
      summary:
        'Money in and out, newest first, each with its account’s running balance; filters: accountId, from/to, type, ' +
        'direction, partyId; paged (meta {total, page, pageSize})',
      security: SESSION_SECURITY,
      querystring: TransactionListQuery,
      response: { 200: TransactionListResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listTransactions(deps.db, authOf(request).businessId, request.query)),
    }),
  });

  app.get('/transactions/export', {
    schema: {
      tags,
      summary:
        'Export one account’s ledger for a date range as .xlsx (format=xlsx, the default): opening balance on `from`, ' +
        'each transaction oldest first with debit (in), credit (out) and running balance, closing balance on `to` ' +
        '(default today); money as ₹ numbers, dates as dates',
      description:
        'The same row cap as the report exports (413 above it). 404 for an account that is not the business’s. The ' +
        'closing balance with `to` today or later is the balance account/bank-accounts answers.',
      security: SESSION_SECURITY,
      querystring: LedgerExportQuery,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: {
        200: z.unknown().describe('The workbook (.xlsx)'),
        ...errorResponses(400, 401, 404, 413),
      },
    },
    handler: async (request, reply) =>
      sendLedgerXlsx(reply, deps.db, authOf(request).businessId, request.query, indiaToday(deps.clock())),
  });

  app.put('/update-account/:id', {
    schema: {
      tags,
      summary: 'Edit a bank account’s name and bank details (the fields sent change; Cash in hand keeps its name)',
      security: SESSION_SECURITY,
      params: AccountIdParams,
      body: UpdateAccountRequest,
      response: { 200: AccountResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await updateAccount(context(request), request.params.id, request.body) }),
  });

  app.post('/deactivate/:id', {
    schema: {
      tags,
      summary: 'Deactivate an account: it keeps its history and balance but takes no new transactions (not Cash in hand: 409)',
      security: SESSION_SECURITY,
      params: AccountIdParams,
      response: { 200: AccountResponse, ...errorResponses(401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await setAccountActive(context(request), request.params.id, false) }),
  });

  app.post('/activate/:id', {
    schema: {
      tags,
      summary: 'Activate a deactivated account again',
      security: SESSION_SECURITY,
      params: AccountIdParams,
      response: { 200: AccountResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({ success: true as const, data: await setAccountActive(context(request), request.params.id, true) }),
  });

  app.post('/delete-account/:id', {
    schema: {
      tags,
      summary: 'Delete a bank account that was never used (409 once it has a transaction: deactivate it instead)',
      security: SESSION_SECURITY,
      params: AccountIdParams,
      response: { 200: MessageResponse, ...errorResponses(401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, message: await deleteAccount(context(request), request.params.id) }),
  });

  app.post('/transfer', {
    schema: {
      tags,
      summary: 'Move money between two accounts: cash → bank is a DEPOSIT, bank → cash a WITHDRAWAL, bank → bank a TRANSFER',
      description:
        'Two transactions sharing a groupId (OUT on the from-account, IN on the to-account). Cash in hand never goes ' +
        'below zero: 409 with its balance. A bank account may go negative.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: TransferRequest,
      response: { 201: TransferResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await transfer(context(request), request.body, idempotencyKeyOf(request.headers)) }),
  });

  app.post('/adjust', {
    schema: {
      tags,
      summary: 'Correct an account’s balance with a reason: a positive amount adds, a negative one takes away (ADJUSTMENT)',
      description: 'Cash in hand never goes below zero: 409 with its balance.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: AdjustRequest,
      response: { 201: AdjustResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) =>
      reply.code(201).send({ success: true as const, data: await adjust(context(request), request.body, idempotencyKeyOf(request.headers)) }),
  });
}
