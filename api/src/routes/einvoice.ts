import {
  EInvoiceBulkRequest,
  EInvoiceBulkResponse,
  EInvoiceInvalidResponse,
  EInvoiceListQuery,
  EInvoiceListResponse,
  EInvoiceQuery,
  EInvoiceResponse,
  EInvoiceSettingsRequest,
  EInvoiceSettingsResponse,
  SaleInvoiceResponse,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { badRequest } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import type { DocumentContext } from '../services/documents/prepare';
import {
  einvoiceBulk,
  einvoiceFile,
  getEInvoiceSettings,
  listEInvoiceInvoices,
  putEInvoiceSettings,
  recordIrn,
} from '../services/einvoice';
import { readUpload } from '../services/import';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['sale'];
const InvoiceIdParams = z.object({ id: z.string().max(100).describe('Invoice id (uuid)') });
/** 422 answers every problem of the e-invoice, each with the field and how to fix it. */
const invalid = { 422: EInvoiceInvalidResponse.extend({ field: z.string().optional(), errors: EInvoiceInvalidResponse.shape.errors.optional() }) };

/** The IRP's response file is small (a signed invoice of a few hundred lines). */
const IRN_UPLOAD_MAX_BYTES = 1024 * 1024;
const IRN_UPLOAD_MESSAGES = {
  notMultipart: 'Send the IRP response as JSON, or upload its .json file as multipart/form-data.',
  noFile: "Attach the IRP's response (.json) as a file.",
  tooLarge: 'The file is larger than 1 MB: it is not an IRP response.',
  empty: 'The file is empty.',
};

/** The IRP's response: a JSON body, or an uploaded .json file (an invoice's or a note's). */
export async function irpResponseOf(request: FastifyRequest): Promise<unknown> {
  if (!request.isMultipart()) return request.body;
  const { data } = await readUpload(request, { messages: IRN_UPLOAD_MESSAGES, maxBytes: IRN_UPLOAD_MAX_BYTES });
  try {
    return JSON.parse(data.toString('utf8').replace(/^\uFEFF/, '')) as unknown;
  } catch {
    throw badRequest('The file is not JSON: upload the response file the IRP gave for this invoice.', 'file');
  }
}

/** The IRP's answer as a JSON body or an uploaded file (checked by readIrpAnswer, not here: 422 names each problem). */
export const IrpResponseBody = z.unknown().meta({
  type: 'object',
  description: "The IRP's response JSON, or multipart/form-data with the response as `file`",
  properties: {
    Irn: { type: 'string' },
    AckNo: { type: 'string' },
    AckDt: { type: 'string' },
    SignedInvoice: { type: 'string' },
    SignedQRCode: { type: 'string' },
    file: { type: 'string', format: 'binary' },
  },
});

/** Issue 12 §3: e-invoicing of sale invoices, scoped to the session's business. Registered under /api/sale. */
export function einvoiceRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.get('/sale-invoice/:id/einvoice', {
    schema: {
      tags,
      summary: "A B2B invoice as the IRP's e-invoice JSON (schema 1.1), checked offline against the schema and the portal's rules",
      description:
        'Answers `{ fileName, json }`, or with download=true the file to upload to the IRP (a JSON array of the ' +
        'invoice) as an attachment. 409 for a cancelled invoice; 422 for a B2C invoice, and for one the IRP would ' +
        'refuse, with `errors[]`: every field and how to fix it (no file is produced).',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      querystring: EInvoiceQuery,
      response: { 200: EInvoiceResponse, ...errorResponses(400, 401, 404, 409), ...invalid },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const { fileName, json } = await einvoiceFile(deps.db, businessId, request.params.id, deps.clock());
      // A read that writes (the invoice's "JSON ready"): this instance's cached answers must not outlive it either.
      deps.readCache.wrote(businessId);
      if (request.query.download) {
        return reply
          .header('content-type', 'application/json; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          // A string is sent as it is (not through the response schema): the file the IRP takes.
          .send(JSON.stringify([json], null, 2) as never);
      }
      return { success: true as const, data: { fileName, json } };
    },
  });

  app.post('/einvoice-bulk', {
    schema: {
      tags,
      summary: 'Many invoices in one e-invoice file (a JSON array for the IRP bulk upload), and why each left out is',
      description: 'Answers the valid invoices as one file and `failed[]` with the problems of each other one; 422 when none is valid.',
      security: SESSION_SECURITY,
      body: EInvoiceBulkRequest,
      response: { 200: EInvoiceBulkResponse, ...errorResponses(400, 401), ...invalid },
    },
    handler: async (request) => ({
      success: true as const,
      data: await einvoiceBulk(deps.db, authOf(request).businessId, request.body.ids, deps.clock()),
    }),
  });

  app.post('/sale-invoice/:id/irn', {
    config: { multipart: true },
    schema: {
      tags,
      summary: "Store the IRP's answer (Irn, AckNo, AckDt, SignedInvoice, SignedQRCode) on the invoice: JSON body or uploaded .json file",
      description:
        'The answer must be of this invoice: its signed invoice and signed QR code carry the invoice number, the ' +
        'seller GSTIN and the IRN (422 naming each mismatch); AckDt is the IRP\'s "yyyy-MM-dd HH:mm:ss"; the QR code ' +
        'must print readably (422 naming SignedQRCode). The invoice then shows its IRN, Ack No and date, and prints its QR code. ' +
        '409 when it already has an IRN or is cancelled.',
      security: SESSION_SECURITY,
      consumes: ['application/json', 'multipart/form-data'],
      params: InvoiceIdParams,
      body: IrpResponseBody,
      response: { 201: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409, 413, 415), ...invalid },
    },
    handler: async (request, reply) => {
      const raw = await irpResponseOf(request);
      const invoice = await recordIrn(context(request), request.params.id, raw);
      return reply.code(201).send({ success: true as const, data: invoice });
    },
  });

  app.get('/einvoice-settings', {
    schema: {
      tags,
      summary: 'Whether the business e-invoices its B2B invoices, and from which date',
      security: SESSION_SECURITY,
      response: { 200: EInvoiceSettingsResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getEInvoiceSettings(deps.db, authOf(request).businessId) }),
  });

  app.put('/einvoice-settings', {
    schema: {
      tags,
      summary: 'Turn e-invoicing on from a date (invoices dated on or after it are eligible), or off',
      security: SESSION_SECURITY,
      body: EInvoiceSettingsRequest,
      response: { 200: EInvoiceSettingsResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, data: await putEInvoiceSettings(context(request), request.body) }),
  });

  app.get('/einvoice-invoices', {
    schema: {
      tags,
      summary:
        'The invoices e-invoicing covers (B2B, on or after the start date, not cancelled; cancelled ones with an IRN ' +
        'too) with their e-invoice status, newest first; status, from/to, page/pageSize',
      security: SESSION_SECURITY,
      querystring: EInvoiceListQuery,
      response: { 200: EInvoiceListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, ...(await listEInvoiceInvoices(deps.db, authOf(request).businessId, request.query)) }),
  });
}

