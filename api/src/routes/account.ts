import { randomUUID } from 'node:crypto';
import {
  AccountListResponse,
  AccountResponse,
  AddBankAccountRequest,
  TransactionListQuery,
  TransactionListResponse,
  indiaToday,
} from '@bahi/shared/contracts';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { addBankAccount, getAccount, listAccounts, listTransactions } from '../services/accounts';
import { IdempotencyHeaders, idempotencyKeyOf, withIdempotency } from '../services/idempotency';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['account'];

/** Seed §7 "Bank account": cash and bank accounts and their transactions, scoped to the session's business. */
export function accountRoutes(app: ZodApp, deps: Deps) {
  app.addHook('preHandler', requireAuth(deps));

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
      return reply.code(201).send({ success: true as const, data: await getAccount(deps.db, businessId, result.resourceId) });
    },
  });

  app.get('/bank-accounts', {
    schema: {
      tags,
      summary: 'Every account — Cash in hand first, then bank accounts by name — with its current balance',
      security: SESSION_SECURITY,
      response: { 200: AccountListResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await listAccounts(deps.db, authOf(request).businessId) }),
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
}
