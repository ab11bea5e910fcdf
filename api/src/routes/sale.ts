import {
  CancelDocumentRequest,
  CreateSaleRequest,
  NextNumberQuery,
  NextNumberResponse,
  RecordPaymentRequest,
  SaleInvoiceListQuery,
  SaleInvoiceListResponse,
  SaleInvoiceResponse,
  ShippingBillRequest,
  indiaToday,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import type { DocumentContext } from '../services/documents/prepare';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { cancelSale, createSale, getSaleInvoice, listSaleInvoices, nextInvoiceNumber, recordSalePayment, updateShippingBill } from '../services/sales';
import { updateSale } from '../services/sales/edit';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['sale'];
/** Any string: an id that is not a uuid is simply not found (404), never a 400 or 500. */
const InvoiceIdParams = z.object({ id: z.string().max(100).describe('Invoice id (uuid)') });

/** Sale invoices, scoped to the session's business. */
export function saleRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.post('/create-sale', {
    schema: {
      tags,
      summary: 'Create a sale invoice: numbered, taxed by the GST engine, stock out, payment received now',
      description:
        'Every figure is computed by the server (totals a client sends are not read). Defaults: branch = the active ' +
        'branch; invoice date = today; due date = invoice date + the party’s credit period; place of supply per the ' +
        'GST rules; price includes tax per the item’s sale tax type; GST rate = the item’s. 409 when stock or a serial ' +
        'is not there; 422 when the Idempotency-Key was used with another body.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateSaleRequest,
      response: { 201: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const invoice = await createSale(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: invoice });
    },
  });

  app.put('/update-sale/:id', {
    schema: {
      tags,
      summary: 'Edit an invoice: the create body; it keeps its number and payments, its stock and entry are re-posted',
      description:
        'In one transaction the old stock movements (and serials) and journal entry are reversed, dated the old invoice ' +
        'date, and the new ones posted, dated the new one (an omitted date keeps the stored one). The branch and the ' +
        'financial year stay (400), and a payment is recorded against the invoice, not with an edit (400). 409 when the ' +
        'invoice is cancelled, has an IRN or credit/debit notes, is dated in a closed period, has payments dated before ' +
        'the new date, or the new total is below what has been received; 422 when the Idempotency-Key was used with ' +
        'another body.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      params: InvoiceIdParams,
      body: CreateSaleRequest,
      response: { 200: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateSale(context(request), request.params.id, request.body, idempotencyKeyOf(request.headers)),
    }),
  });

  app.get('/sale-invoices', {
    // Depends on the business's rows and the date in India only (docs/architecture.md, "Read cache").
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary:
        'Sale invoices, newest first: q (number, party name, mobile), partyId, status (or OVERDUE), from/to, branchId, ' +
        'page/pageSize; meta holds the total and the sums of grandTotal, received and balance of every match',
      security: SESSION_SECURITY,
      querystring: SaleInvoiceListQuery,
      response: { 200: SaleInvoiceListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listSaleInvoices(readDb(request, deps), authOf(request).businessId, request.query, indiaToday(deps.clock()))),
    }),
  });

  app.get('/sale-invoice/:id', {
    schema: {
      tags,
      summary: 'One sale invoice, with its lines, taxes, HSN summary and payments',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      response: { 200: SaleInvoiceResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getSaleInvoice(deps.db, authOf(request).businessId, request.params.id, indiaToday(deps.clock())),
    }),
  });

  app.post('/record-payment/:id', {
    schema: {
      tags,
      summary: 'Record a payment received against an invoice (at most its balance)',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      params: InvoiceIdParams,
      body: RecordPaymentRequest,
      response: { 201: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const invoice = await recordSalePayment(context(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: invoice });
    },
  });

  app.post('/cancel-sale/:id', {
    schema: {
      tags,
      summary: 'Cancel an invoice: it keeps its number; stock and serials come back; payments are reversed (409 twice)',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      body: CancelDocumentRequest,
      response: { 200: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await cancelSale(context(request), request.params.id, request.body) }),
  });

  app.put('/shipping-bill/:id', {
    schema: {
      tags,
      summary: "Set an export's shipping bill (number, date, port code) once it is known; the body is the whole shipping bill",
      description: '422 when the invoice is not an export (a sale to an overseas party); 409 when it is cancelled.',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      body: ShippingBillRequest,
      response: { 200: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request) => ({ success: true as const, data: await updateShippingBill(context(request), request.params.id, request.body) }),
  });

  app.get('/next-invoice-number', {
    schema: {
      tags,
      summary: 'The number the next invoice of a branch would get (a preview: nothing is reserved)',
      security: SESSION_SECURITY,
      querystring: NextNumberQuery,
      response: { 200: NextNumberResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ success: true as const, data: await nextInvoiceNumber(context(request), request.query) }),
  });
}
