import {
  BulkImportResponse,
  CreatePartyCategoryRequest,
  CreatePartyRequest,
  PartyCategoryListResponse,
  PartyCategoryResponse,
  PartyListQuery,
  PartyListResponse,
  PartyLocationsResponse,
  PartyResponse,
  indiaToday,
} from '@bahi/shared/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import { handleImport, sendTemplate } from '../services/import';
import {
  createCategory,
  createParty,
  getParty,
  listCategories,
  listParties,
  partyLocations,
  updateParty,
} from '../services/party';
import { partyImport } from '../services/party/import';
import { SESSION_SECURITY, errorResponses, multipartParts, type ZodApp } from './common';

const tags = ['party'];
/** Any string: an id that is not a uuid is simply not found (404), never a 400 or 500. */
const PartyIdParams = z.object({ id: z.string().describe('Party id (uuid)') });

/** Every party call, scoped to the session's business. */
export function partyRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.post('/create', {
    schema: {
      tags,
      summary: 'Create a party (customer or supplier)',
      security: SESSION_SECURITY,
      body: CreatePartyRequest,
      response: { 201: PartyResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request, reply) => {
      const party = await createParty(deps.db, authOf(request).businessId, request.body, deps.clock());
      return reply.code(201).send({ success: true as const, data: party });
    },
  });

  app.get('/parties', {
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary:
        "The business's parties by name. q searches name, mobile and GSTIN; partyType (CUSTOMER and SUPPLIER include BOTH) and categoryId filter; " +
        'page/pageSize page the answer and add meta {total, page, pageSize}',
      security: SESSION_SECURITY,
      querystring: PartyListQuery,
      response: { 200: PartyListResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await listParties(readDb(request, deps), authOf(request).businessId, request.query, indiaToday(deps.clock()))),
    }),
  });

  app.get('/get-party/:id', {
    schema: {
      tags,
      summary: 'One party',
      security: SESSION_SECURITY,
      params: PartyIdParams,
      response: { 200: PartyResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getParty(deps.db, authOf(request).businessId, request.params.id, indiaToday(deps.clock())),
    }),
  });

  app.put('/update-party/:id', {
    schema: {
      tags,
      summary: 'Update a party: every field but id (fields left out are cleared)',
      security: SESSION_SECURITY,
      params: PartyIdParams,
      body: CreatePartyRequest,
      response: { 200: PartyResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateParty(deps.db, authOf(request).businessId, request.params.id, request.body, deps.clock()),
    }),
  });

  app.post('/create-category', {
    schema: {
      tags,
      summary: 'Create a party category',
      security: SESSION_SECURITY,
      body: CreatePartyCategoryRequest,
      response: { 201: PartyCategoryResponse, ...errorResponses(400, 401, 409) },
    },
    handler: async (request, reply) => {
      const category = await createCategory(deps.db, authOf(request).businessId, request.body.catagory, deps.clock());
      return reply.code(201).send({ success: true as const, data: category });
    },
  });

  app.get('/get-catagories', {
    schema: {
      tags,
      summary: "The business's party categories by name",
      security: SESSION_SECURITY,
      response: { 200: PartyCategoryListResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listCategories(deps.db, authOf(request).businessId),
    }),
  });

  app.get('/locations', {
    schema: {
      tags,
      summary: "India's states and union territories with their GST state codes",
      security: SESSION_SECURITY,
      response: { 200: PartyLocationsResponse, ...errorResponses(401) },
    },
    handler: async () => ({ success: true as const, data: partyLocations() }),
  });

  app.post('/bulk-create', {
    config: { multipart: true },
    schema: {
      tags,
      summary:
        'Import parties from an .xlsx or .csv (multipart, one file, at most 5 MB and 10,000 rows): all rows or none. ' +
        'When a row fails the answer is 400 with an .xlsx error report listing every failed row',
      security: SESSION_SECURITY,
      consumes: ['multipart/form-data'],
      body: multipartParts({ file: 'file' }),
      response: { 201: BulkImportResponse, ...errorResponses(400, 401, 413, 415) },
    },
    handler: async (request, reply) =>
      handleImport(request, reply, deps.db, partyImport, { businessId: authOf(request).businessId, now: deps.clock() }),
  });

  app.get('/bulk-create/template', {
    schema: {
      tags,
      summary: 'The .xlsx template for bulk-create: the columns, one example row and a Notes sheet',
      security: SESSION_SECURITY,
      response: { ...errorResponses(401) },
    },
    handler: async (_request, reply) => sendTemplate(reply, partyImport),
  });
}
