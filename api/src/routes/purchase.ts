import {
  CancelDocumentRequest,
  CreatePurchaseDebitNoteRequest,
  CreatePurchaseRequest,
  NextNumberQuery,
  NextNumberResponse,
  PURCHASE_MESSAGES,
  PurchaseDebitNoteListQuery,
  PurchaseDebitNoteListResponse,
  PurchaseDebitNoteResponse,
  PurchaseInvoiceListQuery,
  PurchaseInvoiceListResponse,
  PurchaseInvoiceResponse,
  RecordPaymentRequest,
  indiaToday,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import type { DocumentContext } from '../services/documents/prepare';
import { IdempotencyHeaders, idempotencyKeyOf } from '../services/idempotency';
import {
  PURCHASE_NOT_FOUND,
  cancelPurchase,
  createPurchase,
  findPurchase,
  getPurchase,
  listPurchases,
  nextPurchaseReference,
  recordPurchasePayment,
  readAttachment,
  setAttachment,
} from '../services/purchases';
import { readBillUpload } from '../services/purchases/attachment';
import { cancelPurchaseDebitNote, createPurchaseDebitNote, getPurchaseDebitNote, listPurchaseDebitNotes } from '../services/purchases/debit-notes';
import { updatePurchase } from '../services/purchases/edit';
import { SESSION_SECURITY, errorResponses, multipartParts, type ZodApp } from './common';

const tags = ['purchase'];
/** Any string: an id that is not a uuid is simply not found (404), never a 400 or 500. */
const PurchaseIdParams = z.object({ id: z.string().max(100).describe('Purchase bill id (uuid)') });
const DebitNoteIdParams = z.object({ id: z.string().max(100).describe('Debit note id (uuid)') });

/** Supplier bills, scoped to the session's business. */
export function purchaseRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });
  const today = () => indiaToday(deps.clock());

  app.post('/create-purchase', {
    schema: {
      tags,
      summary: 'Enter a supplier’s bill: our reference number, taxed by the GST engine, stock in, payment made now',
      description:
        'Every figure is computed by the server (totals a client sends are not read). Defaults: branch = the active ' +
        'branch; bill date = today; due date = bill date + the party’s credit period; place of supply = the branch’s ' +
        'state (a supplier in another state: IGST); price includes tax per the item’s purchase tax type; unit price = ' +
        'the item’s last purchase price, else its purchase price; ITC-eligible lines. Reverse charge: the tax is ours ' +
        'to pay (`reverseChargeTax`) and the supplier is owed the taxable value. 409 when the supplier’s bill number ' +
        'is already entered for that financial year, when a serial is already in stock, or when cash would go below 0; ' +
        '422 when the Idempotency-Key was used with another body.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreatePurchaseRequest,
      response: { 201: PurchaseInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const bill = await createPurchase(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: bill });
    },
  });

  app.put('/update-purchase/:id', {
    schema: {
      tags,
      summary: 'Edit a purchase bill: the create body; it keeps its reference number and payments, its stock and entry are re-posted',
      description:
        'In one transaction the new lines come into stock and the old ones leave (serials too), the new journal entry ' +
        'is posted, dated the new bill date, and the old one reversed, dated the old bill date (an omitted date keeps ' +
        'the stored one). The branch and the financial year stay (400), and a payment is made against the bill, not ' +
        'with an edit (400). 409 when the bill is cancelled, has debit notes or a self-invoice, is dated in a closed ' +
        'period, has payments dated before the new date, the new total is below what has been paid, goods it brought ' +
        'in have been sold beyond what the new lines bring, or the supplier’s bill number is already entered; 422 when ' +
        'the Idempotency-Key was used with another body.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      params: PurchaseIdParams,
      body: CreatePurchaseRequest,
      response: { 200: PurchaseInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updatePurchase(context(request), request.params.id, request.body, idempotencyKeyOf(request.headers)),
    }),
  });

  app.get('/purchase-invoices', {
    // Depends on the business's rows and the date in India only (docs/architecture.md, "Read cache").
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary:
        'Purchase bills, newest first: q (reference or bill number, supplier name, mobile), partyId, status (or ' +
        'OVERDUE), from/to (bill date), branchId, page/pageSize; meta holds the total and the sums of grandTotal, ' +
        'paid, balance and itcAmount of every match',
      security: SESSION_SECURITY,
      querystring: PurchaseInvoiceListQuery,
      response: { 200: PurchaseInvoiceListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listPurchases(readDb(request, deps), authOf(request).businessId, request.query, today())),
    }),
  });

  app.get('/purchase-invoice/:id', {
    schema: {
      tags,
      summary: 'One purchase bill, with its lines, taxes, ITC, HSN summary, payments and attachment',
      security: SESSION_SECURITY,
      params: PurchaseIdParams,
      response: { 200: PurchaseInvoiceResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getPurchase(deps.db, authOf(request).businessId, request.params.id, today()),
    }),
  });

  app.post('/record-payment/:id', {
    schema: {
      tags,
      summary: 'Record a payment made to the supplier against a bill (at most its balance; cash never below 0: 409)',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      params: PurchaseIdParams,
      body: RecordPaymentRequest,
      response: { 201: PurchaseInvoiceResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const bill = await recordPurchasePayment(context(request), request.params.id, request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: bill });
    },
  });

  app.post('/cancel-purchase/:id', {
    schema: {
      tags,
      summary:
        'Cancel a bill: it keeps its number; its stock and serials leave again (409 naming the item when they were ' +
        'sold meanwhile); payments are reversed (409 twice, and 409 naming its debit notes while any is not cancelled)',
      security: SESSION_SECURITY,
      params: PurchaseIdParams,
      body: CancelDocumentRequest,
      response: { 200: PurchaseInvoiceResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await cancelPurchase(context(request), request.params.id, request.body) }),
  });

  app.post('/attach-bill/:id', {
    config: { multipart: true },
    schema: {
      tags,
      summary: 'Attach (or replace) the supplier’s bill: one file `file`, PDF, PNG or JPEG by its bytes (415), at most 5 MB (413)',
      consumes: ['multipart/form-data'],
      security: SESSION_SECURITY,
      params: PurchaseIdParams,
      body: multipartParts({ file: 'file' }),
      response: { 200: PurchaseInvoiceResponse, ...errorResponses(400, 401, 404, 413, 415) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const { id } = request.params;
      // Another business's bill is not found before its upload is read.
      if (!(await findPurchase(deps.db, auth.businessId, id))) throw new HttpError(404, PURCHASE_NOT_FOUND);
      const bill = await readBillUpload(request);
      await setAttachment(deps.db, auth.businessId, id, { bytes: bill.bytes, contentType: bill.mime, originalName: bill.originalName }, deps.clock());
      return { success: true as const, data: await getPurchase(deps.db, auth.businessId, id, today()) };
    },
  });

  app.get('/purchase-invoice/:id/attachment', {
    schema: {
      tags,
      summary: 'The attached bill (only to the business that owns it)',
      security: SESSION_SECURITY,
      params: PurchaseIdParams,
      produces: ['application/pdf', 'image/png', 'image/jpeg'],
      response: { 200: z.unknown().describe('The file (PDF, PNG or JPEG)'), ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const row = await findPurchase(deps.db, businessId, request.params.id);
      if (!row) throw notFound(PURCHASE_NOT_FOUND);
      const attachment = await readAttachment(deps.db, row);
      if (!attachment) throw notFound(PURCHASE_MESSAGES.attachmentNotFound);
      return reply
        .type(attachment.contentType)
        .header('content-length', String(attachment.file.size))
        .header('content-disposition', `inline; filename="${attachment.name}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, no-cache')
        .send(attachment.file.bytes);
    },
  });

  app.post('/create-debit-note', {
    schema: {
      tags,
      summary: 'Goods returned to a supplier, or a price they reduced: a debit note against one bill, PDN/26-27/n',
      description:
        'Each line names the bill’s line (`purchaseLineNo`) and a `quantity` returned or a `taxableValue` taken off its ' +
        'price; tax at the bill line’s rates and the bill’s place of supply. Returned goods leave the bill’s branch at ' +
        'its average cost, serialised ones by the `serialNos` named. `refund` is money the supplier pays back now; the ' +
        'rest of the note is set against the supplier’s open bills oldest first. 400: a quantity above what the line ' +
        'bought, a value above the line’s, a note dated before the bill or in the future, a refund above the note or ' +
        'above what was paid on the bill; 404: a bill of another business; 409: a cancelled bill, a quantity or value ' +
        'earlier notes already took, goods or serials no longer in stock at the branch; 422: the Idempotency-Key used ' +
        'with another body.',
      security: SESSION_SECURITY,
      headers: IdempotencyHeaders,
      body: CreatePurchaseDebitNoteRequest,
      response: { 201: PurchaseDebitNoteResponse, ...errorResponses(400, 401, 404, 409, 422) },
    },
    handler: async (request, reply) => {
      const note = await createPurchaseDebitNote(context(request), request.body, idempotencyKeyOf(request.headers));
      return reply.code(201).send({ success: true as const, data: note });
    },
  });

  app.get('/debit-notes', {
    schema: {
      tags,
      summary:
        'Debit notes, newest first: q (our or the supplier’s note number, supplier name, mobile), partyId, purchaseId, ' +
        'status, reason, from/to (note date), branchId, page/pageSize; meta holds the total and the sums of grandTotal, ' +
        'itcAmount, refunded and adjusted of every match (cancelled notes add nothing)',
      security: SESSION_SECURITY,
      querystring: PurchaseDebitNoteListQuery,
      response: { 200: PurchaseDebitNoteListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, ...(await listPurchaseDebitNotes(deps.db, authOf(request).businessId, request.query)) }),
  });

  app.get('/debit-note/:id', {
    schema: {
      tags,
      summary: 'One debit note, with its lines, the bill it is against, the ITC it gives up, its refund and what it was set against',
      security: SESSION_SECURITY,
      params: DebitNoteIdParams,
      response: { 200: PurchaseDebitNoteResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({ success: true as const, data: await getPurchaseDebitNote(deps.db, authOf(request).businessId, request.params.id) }),
  });

  app.post('/cancel-debit-note/:id', {
    schema: {
      tags,
      summary:
        'Cancel a debit note: it keeps its number; the goods come back into stock, the refund goes back (cash never ' +
        'below 0: 409), its entry is reversed and the bills it was set against owe that again (409 twice)',
      security: SESSION_SECURITY,
      params: DebitNoteIdParams,
      body: CancelDocumentRequest,
      response: { 200: PurchaseDebitNoteResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await cancelPurchaseDebitNote(context(request), request.params.id, request.body) }),
  });

  app.get('/next-reference-number', {
    schema: {
      tags,
      summary: 'Our reference the next bill received at a branch would get, e.g. PUR/26-27/15 (a preview: nothing is reserved)',
      security: SESSION_SECURITY,
      querystring: NextNumberQuery,
      response: { 200: NextNumberResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ success: true as const, data: await nextPurchaseReference(context(request), request.query) }),
  });
}
