import {
  CancelDocumentRequest,
  CreateQuotationRequest,
  QuotationListQuery,
  QuotationListResponse,
  QuotationResponse,
  indiaToday,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import type { DocumentContext } from '../services/documents/prepare';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { cancelQuotation, createQuotation, getQuotation, listQuotations } from '../services/quotation';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['quotation'];
const QuotationIdParams = z.object({ id: z.string().max(100).describe('Quotation id (uuid)') });

/** Quotations / estimates, scoped to the session's business. */
export function quotationRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.post('/create-quotation', {
    schema: {
      tags,
      summary: 'Create a quotation: the body of a sale with quotationDate and validUntil; no stock, no payment',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateQuotationRequest,
      response: { 201: QuotationResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const quotation = await createQuotation(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: quotation });
    },
  });

  app.get('/quotation-estimation-invoices', {
    // Depends on the business's rows and the date in India only (docs/architecture.md, "Read cache").
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary: 'Quotations, newest first: q, partyId, status (OPEN, CONVERTED, EXPIRED, CANCELLED), from/to, branchId, paged',
      security: SESSION_SECURITY,
      querystring: QuotationListQuery,
      response: { 200: QuotationListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listQuotations(readDb(request, deps), authOf(request).businessId, request.query, indiaToday(deps.clock()))),
    }),
  });

  app.get('/quotation-estimation-invoice/:id', {
    schema: {
      tags,
      summary: 'One quotation with its lines, taxes and totals',
      security: SESSION_SECURITY,
      params: QuotationIdParams,
      response: { 200: QuotationResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getQuotation(deps.db, authOf(request).businessId, request.params.id, indiaToday(deps.clock())),
    }),
  });

  app.post('/cancel-quotation/:id', {
    schema: {
      tags,
      summary: 'Cancel an open quotation (a converted one: 409; twice: 409)',
      security: SESSION_SECURITY,
      params: QuotationIdParams,
      body: CancelDocumentRequest,
      response: { 200: QuotationResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await cancelQuotation(context(request), request.params.id, request.body) }),
  });
}
