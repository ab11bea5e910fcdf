import {
  EWayBillBulkQuery,
  EWayBillBulkResponse,
  EWayBillInvalidResponse,
  EWayBillQuery,
  EWayBillResponse,
  EWayBillUploadBody,
  SaleInvoiceResponse,
  TransportRequest,
} from '@bahi/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import type { DocumentContext } from '../services/documents/prepare';
import { ewayBillBulk, ewayBillFile, recordEWayBill, updateTransport } from '../services/ewaybill';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['sale'];
const InvoiceIdParams = z.object({ id: z.string().max(100).describe('Invoice id (uuid)') });
const invalid = { 422: EWayBillInvalidResponse };

/** The file to upload on the portal, as an attachment. */
const sendFile = (reply: FastifyReply, fileName: string, json: unknown) =>
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    // A string is sent as it is (not through the response schema): the file the portal takes.
    .send(JSON.stringify(json, null, 2) as never);

/** e-Way bills of sale invoices, scoped to the session's business. Registered under /api/sale. */
export function ewayBillRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const context = (request: FastifyRequest): DocumentContext => ({ db: deps.db, auth: authOf(request), now: deps.clock() });

  app.put('/transport/:id', {
    schema: {
      tags,
      summary: "Set an invoice's transport details (mode, distance, vehicle, transporter, transport document) for its e-way bill; the body is the whole of them",
      description: '409 when the invoice is cancelled. What the e-way bill needs of them is checked when its JSON is made.',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      body: TransportRequest,
      response: { 200: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({ success: true as const, data: await updateTransport(context(request), request.params.id, request.body) }),
  });

  app.get('/sale-invoice/:id/ewaybill', {
    schema: {
      tags,
      summary: "An invoice as the e-way bill portal's bulk-generation JSON (version 1.0.0621), checked offline",
      description:
        'Answers `{ fileName, json }`, or with download=true the file to upload on the portal as an attachment. 409 for ' +
        'a cancelled invoice; 422 when the portal would refuse it: `field` (the first) and `errors[]`, each naming its ' +
        'field (vehicleNo, transDistance, fromPincode, ...) and how to fix it.',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      querystring: EWayBillQuery,
      response: { 200: EWayBillResponse, ...errorResponses(400, 401, 404, 409), ...invalid },
    },
    handler: async (request, reply) => {
      const { fileName, json } = await ewayBillFile(deps.db, authOf(request).businessId, request.params.id, deps.clock());
      if (request.query.download) return sendFile(reply, fileName, json);
      return { success: true as const, data: { fileName, json } };
    },
  });

  app.get('/ewaybill', {
    schema: {
      tags,
      summary: 'Several invoices in one bulk-generation file (a billList each), and why each one left out is',
      description:
        'ids: invoice ids separated by commas (at most 100). Answers the valid invoices as one file and `failed[]` with ' +
        'the problems of each other one (another business\'s id is not found); 422 when none is valid. download=true ' +
        'answers the file as an attachment.',
      security: SESSION_SECURITY,
      querystring: EWayBillBulkQuery,
      response: { 200: EWayBillBulkResponse, ...errorResponses(400, 401), ...invalid },
    },
    handler: async (request, reply) => {
      const result = await ewayBillBulk(deps.db, authOf(request).businessId, request.query.ids, deps.clock());
      if (request.query.download) return sendFile(reply, result.fileName, result.json);
      return { success: true as const, data: result };
    },
  });

  app.post('/sale-invoice/:id/ewaybill', {
    schema: {
      tags,
      summary: "Store the portal's e-way bill on the invoice: { ewbNo, ewbDate, validUpto } or the portal's JSON answer",
      description:
        'ewbNo is 12 digits; dates as the portal writes them ("05/11/2026 01:45:00 PM") or yyyy-mm-dd hh:mm:ss. The ' +
        'invoice then shows and prints "e-Way Bill No. … dated … valid until …". The same number again updates its ' +
        'validity; 409 for another number while one is stored, a number of another invoice, or a cancelled invoice; 422 ' +
        'naming each problem.',
      security: SESSION_SECURITY,
      params: InvoiceIdParams,
      body: EWayBillUploadBody,
      response: { 201: SaleInvoiceResponse, ...errorResponses(400, 401, 404, 409), ...invalid },
    },
    handler: async (request, reply) => {
      const invoice = await recordEWayBill(context(request), request.params.id, request.body);
      return reply.code(201).send({ success: true as const, data: invoice });
    },
  });
}
