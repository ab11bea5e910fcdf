import { PartyPaymentRequest, PartyPaymentResponse, PaymentListQuery, PaymentListResponse } from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import type { DocumentContext } from '../services/documents/prepare';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { recordPartyPayment, type PartyPaymentType } from '../services/payments';
import { listPayments } from '../services/payments/list';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['payment'];

/** Payments in and out not tied to one bill, scoped to the session's business. */
export function paymentRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  const route = (path: string, type: PartyPaymentType, summary: string, description: string) =>
    app.post(path, {
      schema: {
        tags,
        summary,
        description:
          `${description} One transaction on the account (the party's balance counts it once); allocations: each at ` +
          'most the bill’s balance due (400), only the party’s own bills (409 for another party’s or a cancelled one, ' +
          '404 for none), in total at most the amount (400); the rest stays with the party as an advance. Cash in hand ' +
          'never goes below zero (409). 422 when the Idempotency-Key was used with another body.',
        security: SESSION_SECURITY,
        headers: IdempotencyHeaders,
        body: PartyPaymentRequest,
        response: { 201: PartyPaymentResponse, ...errorResponses(400, 401, 404, 409, 422) },
      },
      handler: async (request, reply) => {
        const payment = await recordPartyPayment(context(request), type, request.body, idempotencyKeyOf(request.headers));
        return reply.code(201).send({ success: true as const, data: payment });
      },
    });

  app.get('/payments', {
    // Depends on the business's rows and the date in India only (docs/architecture.md, "Read cache").
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary:
        'Payments to suppliers (direction=OUT) or from customers (direction=IN), newest first: with or against a bill, ' +
        'and payment-out / payment-in with the bills they settled and the advance left; filters partyId, accountId, ' +
        'from/to; paged (meta {total, page, pageSize, sums {amount, advance}})',
      description:
        'A payment whose bill was cancelled is answered `reversed` (its money went back into the account) and left ' +
        'out of the sums. An allocation to a bill cancelled since is `cancelled` and counts as advance again.',
      security: SESSION_SECURITY,
      querystring: PaymentListQuery,
      response: { 200: PaymentListResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ success: true as const, ...(await listPayments(readDb(request, deps), authOf(request).businessId, request.query)) }),
  });

  route(
    '/payment-in',
    'PAYMENT_IN',
    'Money received from a party: settles its open sale invoices oldest first, or as allocated',
    'Settles the party’s unpaid and part-paid sale invoices (their received amount and status change).',
  );
  route(
    '/payment-out',
    'PAYMENT_OUT',
    'Money paid to a party: settles its open purchase bills oldest first, or as allocated',
    'Settles the party’s unpaid and part-paid purchase bills (their paid amount and status change).',
  );
}
