import {
  CancelDocumentRequest,
  EInvoiceInvalidResponse,
  EInvoiceQuery,
  EInvoiceResponse,
  CreateCreditNoteRequest,
  CreateDebitNoteRequest,
  SaleNoteListQuery,
  SaleNoteListResponse,
  SaleNoteResponse,
  indiaToday,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import type { DocumentContext } from '../services/documents/prepare';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import { CREDIT_NOTE, DEBIT_NOTE, cancelSaleNote, createCreditNote, createDebitNote, getSaleNote, listSaleNotes } from '../services/sale-notes';
import { noteEInvoiceFile, recordNoteIrn } from '../services/einvoice/notes';
import { IrpResponseBody, irpResponseOf } from './einvoice';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['sale'];
/** Any string: an id that is not a uuid is simply not found (404). */
const NoteIdParams = z.object({ id: z.string().max(100).describe('Note id (uuid)') });
/** 422 answers every problem of the e-invoice, each with the field and how to fix it. */
const invalid = { 422: EInvoiceInvalidResponse.extend({ field: z.string().optional(), errors: EInvoiceInvalidResponse.shape.errors.optional() }) };

/** Credit and debit notes on sale invoices, scoped to the session's business. */
export function saleNoteRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.post('/create-credit-note', {
    schema: {
      tags,
      summary: 'Issue a credit note on an invoice: goods returned (back into stock) or a price reduced after the sale',
      description:
        'Each line names a line of the invoice and a quantity returned (at most what it sold less earlier returns: ' +
        'else 409) or a taxable value reduced (at most what the line has left: else 409). Tax is at the invoice ' +
        'line’s rates and the invoice’s place of supply. The note date is on or after the invoice’s and not in the ' +
        'future (400), and by 30 November after the end of the invoice’s financial year (s.34 CGST Act: else 422). ' +
        'A cancelled invoice takes no note (409). restock (default true for SALES_RETURN) puts returned goods back ' +
        'into the invoice’s branch at the cost they went out at, serials in stock again. refund pays money back now ' +
        '(at most what the invoice received: else 400); the rest settles the invoice, then the party’s other open ' +
        'invoices oldest first, and what is left is the party’s advance. Numbered CN-<branch prefix>/<year>/n.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateCreditNoteRequest,
      response: { 201: SaleNoteResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const note = await createCreditNote(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: note });
    },
  });

  app.post('/create-debit-note', {
    schema: {
      tags,
      summary: 'Issue a debit note on an invoice: a price raised after the sale; it adds to what the party owes',
      description:
        'Each line names a line of the invoice and what its taxable value goes up by, taxed at the invoice line’s ' +
        'rates and place of supply. The note date is on or after the invoice’s and not in the future (400); a ' +
        'cancelled invoice takes no note (409). Numbered DN-<branch prefix>/<year>/n.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreateDebitNoteRequest,
      response: { 201: SaleNoteResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const note = await createDebitNote(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: note });
    },
  });

  for (const kind of [CREDIT_NOTE, DEBIT_NOTE]) {
    const word = kind.word.toLowerCase();
    const slug = kind.type === 'CREDIT' ? 'credit-note' : 'debit-note';

    app.get(`/${slug}s`, {
      schema: {
        tags,
        summary:
          `Sale ${word}s, newest first: q (note or invoice number, party name, mobile), partyId, invoiceId, status, ` +
          'from/to, branchId, page/pageSize; meta holds the total and the sums of grandTotal, refunded and adjusted',
        security: SESSION_SECURITY,
        querystring: SaleNoteListQuery,
        response: { 200: SaleNoteListResponse, ...errorResponses(400, 401) },
      },
      handler: async (request) => ({ success: true as const, ...(await listSaleNotes(deps.db, authOf(request).businessId, kind, request.query)) }),
    });

    app.get(`/${slug}/:id`, {
      schema: {
        tags,
        summary: `One sale ${word}, with its lines, taxes and the invoice it follows`,
        security: SESSION_SECURITY,
        params: NoteIdParams,
        response: { 200: SaleNoteResponse, ...errorResponses(401, 404) },
      },
      handler: async (request) => ({ success: true as const, data: await getSaleNote(deps.db, authOf(request).businessId, request.params.id, kind) }),
    });

    app.get(`/${slug}/:id/einvoice`, {
      schema: {
        tags,
        summary: `A ${word} to a registered buyer as the IRP's e-invoice JSON (schema 1.1, DocDtls.Typ ${kind.type === 'CREDIT' ? 'CRN' : 'DBN'}, RefDtls.PrecDocDtls the invoice)`,
        description:
          'Answers `{ fileName, json }`, or with download=true the file to upload to the IRP as an attachment. 409 for a ' +
          'cancelled note; 422 for a note to an unregistered buyer, and for one the IRP would refuse, with `errors[]`.',
        security: SESSION_SECURITY,
        params: NoteIdParams,
        querystring: EInvoiceQuery,
        response: { 200: EInvoiceResponse, ...errorResponses(400, 401, 404, 409), ...invalid },
      },
      handler: async (request, reply) => {
        const { businessId } = authOf(request);
        const now = deps.clock();
        const note = await getSaleNote(deps.db, businessId, request.params.id, kind);
        const { fileName, json } = await noteEInvoiceFile(deps.db, businessId, note, indiaToday(now), now);
        deps.readCache.wrote(businessId);
        if (request.query.download) {
          return reply
            .header('content-type', 'application/json; charset=utf-8')
            .header('content-disposition', `attachment; filename="${fileName}"`)
            .header('cache-control', 'no-store')
            .send(JSON.stringify([json], null, 2) as never);
        }
        return { success: true as const, data: { fileName, json } };
      },
    });

    app.post(`/${slug}/:id/irn`, {
      config: { multipart: true },
      schema: {
        tags,
        summary: `Store the IRP's answer (Irn, AckNo, AckDt, SignedInvoice, SignedQRCode) on the ${word}: JSON body or uploaded .json file`,
        description:
          `As for an invoice: the answer must be of this ${word}: its signed invoice and signed QR code carry the note ` +
          'number, the seller GSTIN and the IRN (422 naming each mismatch); AckDt is the IRP\'s "yyyy-MM-dd HH:mm:ss"; the ' +
          'QR code must print readably (422 naming SignedQRCode). The note then shows its IRN, Ack No and date, and ' +
          'prints its QR code. 409 when it already has an IRN or is cancelled; 422 for a note to an unregistered buyer.',
        security: SESSION_SECURITY,
        consumes: ['application/json', 'multipart/form-data'],
        params: NoteIdParams,
        body: IrpResponseBody,
        response: { 201: SaleNoteResponse, ...errorResponses(400, 401, 404, 409, 413, 415), ...invalid },
      },
      handler: async (request, reply) => {
        const raw = await irpResponseOf(request);
        const note = await recordNoteIrn(context(request), kind, request.params.id, raw);
        return reply.code(201).send({ success: true as const, data: note });
      },
    });

    app.post(`/cancel-${slug}/:id`, {
      schema: {
        tags,
        summary: `Cancel a ${word}: it keeps its number; its stock, refund, settlements and journal entry are reversed (409 twice)`,
        security: SESSION_SECURITY,
        params: NoteIdParams,
        body: CancelDocumentRequest,
        response: { 200: SaleNoteResponse, ...errorResponses(400, 401, 404, 409) },
      },
      handler: async (request) => ({ success: true as const, data: await cancelSaleNote(context(request), kind, request.params.id, request.body) }),
    });
  }
}
