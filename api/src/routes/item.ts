import {
  BulkImportResponse,
  CreateItemCategoryRequest,
  GetItemQuery,
  ItemFormFields,
  ItemCategoryListResponse,
  ItemCategoryResponse,
  ItemListQuery,
  ItemListResponse,
  ItemResponse,
  ItemStockResponse,
  MoveTaxRatesRequest,
  MoveTaxRatesResponse,
  TaxRateListResponse,
  UnitListResponse,
  UpdateItemStockRequest,
  WithdrawnRateItemListResponse,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import { handleImport, sendTemplate } from '../services/import';
import {
  activeBranch,
  adjustItemStock,
  assertItem,
  branchStock,
  createItem,
  createItemCategory,
  findImage,
  getItem,
  identifyImage,
  indianDate,
  itemImport,
  itemMovements,
  listItemCategories,
  listItems,
  listTaxRates,
  listUnits,
  listWithdrawnRateItems,
  moveTaxRates,
  parseItemFields,
  readItemForm,
  updateItem,
} from '../services/item';
import { SESSION_SECURITY, errorResponses, multipartParts, type ZodApp } from './common';

const tags = ['item'];
const ItemIdParams = z.object({ id: z.string().describe('Item id (uuid)') });
/** The item form's parts: its fields as text, serial numbers as `itemSerialNos[i]`, images as repeated files. */
const ITEM_PARTS = multipartParts({
  ...Object.fromEntries(Object.keys(ItemFormFields.shape).map((name) => [name, 'text' as const])),
  'itemSerialNos[0]': 'text',
  'removedImages[0]': 'text',
  itemImages: 'files',
});
const MULTIPART_NOTE =
  'multipart/form-data: the fields of seed §3 as text (booleans "true"/"false"), `itemSerialNos[0]`, ' +
  '`itemSerialNos[1]`, ... and up to 5 `itemImages` files (PNG or JPEG, at most 2 MB each).';

export function itemRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  /** The multipart body, checked: the fields' types, then the images' bytes. */
  async function readSave(request: FastifyRequest) {
    const { fields, images } = await readItemForm(request);
    const values = parseItemFields(fields);
    const identified = [];
    for (const bytes of images) identified.push(await identifyImage(bytes));
    return { values, images: identified };
  }

  const context = (request: FastifyRequest) => ({
    db: deps.db,
    auth: authOf(request),
    now: deps.clock(),
  });

  app.post('/create', {
    config: { multipart: true },
    schema: {
      tags,
      summary: 'Create an item or a service',
      description: `${MULTIPART_NOTE} Opening stock goes to the active branch.`,
      consumes: ['multipart/form-data'],
      security: SESSION_SECURITY,
      body: ITEM_PARTS,
      response: { 201: ItemResponse, ...errorResponses(400, 401, 404, 409, 413, 415) },
    },
    handler: async (request, reply) => {
      const { values, images } = await readSave(request);
      const item = await createItem(context(request), values, images);
      return reply.code(201).send({ success: true as const, data: item });
    },
  });

  app.put('/update-item/:id', {
    config: { multipart: true },
    schema: {
      tags,
      summary: 'Update an item or a service',
      description: `${MULTIPART_NOTE} \`removedImages[0]\`, ... name existing images (their URLs) to delete.`,
      consumes: ['multipart/form-data'],
      security: SESSION_SECURITY,
      params: ItemIdParams,
      body: ITEM_PARTS,
      response: { 200: ItemResponse, ...errorResponses(400, 401, 404, 409, 413, 415) },
    },
    handler: async (request) => {
      const { values, images } = await readSave(request);
      const item = await updateItem(context(request), request.params.id, values, images);
      return { success: true as const, data: item };
    },
  });

  app.get('/items', {
    config: { readCache: true, readReplica: true },
    schema: {
      tags,
      summary: 'A page of items by name; q searches name, code, HSN and SAC; stock is the active branch’s',
      security: SESSION_SECURITY,
      querystring: ItemListQuery,
      response: { 200: ItemListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const db = readDb(request, deps);
      const branch = await activeBranch(db, auth);
      const page = await listItems(db, auth.businessId, branch.id, request.query);
      return { success: true as const, ...page };
    },
  });

  app.get('/get-item', {
    schema: {
      tags,
      summary: 'One item; itemType (PRODUCT by default on the screen) must match',
      security: SESSION_SECURITY,
      querystring: GetItemQuery,
      response: { 200: ItemResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const branch = await activeBranch(deps.db, auth);
      const item = await getItem(deps.db, auth.businessId, branch.id, request.query.id, request.query.itemType);
      return { success: true as const, data: item };
    },
  });

  app.post('/create-item-category', {
    schema: {
      tags,
      summary: 'Create an item category',
      security: SESSION_SECURITY,
      body: CreateItemCategoryRequest,
      response: { 201: ItemCategoryResponse, ...errorResponses(400, 401, 409) },
    },
    handler: async (request, reply) => {
      const category = await createItemCategory(deps.db, authOf(request).businessId, request.body.catagory);
      return reply.code(201).send({ success: true as const, data: category });
    },
  });

  app.get('/get-item-catagories', {
    config: { readCache: true },
    schema: {
      tags,
      summary: "The business's item categories with how many items each has",
      security: SESSION_SECURITY,
      response: { 200: ItemCategoryListResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await listItemCategories(deps.db, authOf(request).businessId) }),
  });

  app.get('/taxes', {
    config: { readCache: true },
    schema: {
      tags,
      summary: 'Every GST rate and the common rate-and-cess combinations',
      security: SESSION_SECURITY,
      response: { 200: TaxRateListResponse, ...errorResponses(401) },
    },
    handler: async () => ({ success: true as const, data: await listTaxRates(deps.db) }),
  });

  app.get('/withdrawn-rates', {
    schema: {
      tags,
      summary: 'Items whose GST rate is no longer in force today (items the law keeps at their rate left out)',
      security: SESSION_SECURITY,
      response: { 200: WithdrawnRateItemListResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await listWithdrawnRateItems(deps.db, authOf(request).businessId, indianDate(deps.clock())),
    }),
  });

  app.post('/move-tax-rates', {
    schema: {
      tags,
      summary: 'Move each named item to the GST rate picked for it (a rate in force today), all or none',
      security: SESSION_SECURITY,
      body: MoveTaxRatesRequest,
      response: { 200: MoveTaxRatesResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => {
      const now = deps.clock();
      const data = await moveTaxRates(deps.db, authOf(request).businessId, request.body, indianDate(now), now);
      return { success: true as const, data };
    },
  });

  app.get('/units', {
    config: { readCache: true },
    schema: {
      tags,
      summary: 'The GST unit quantity codes',
      security: SESSION_SECURITY,
      response: { 200: UnitListResponse, ...errorResponses(401) },
    },
    handler: async () => ({ success: true as const, data: await listUnits(deps.db) }),
  });

  app.post('/bulk-create-items', {
    config: { multipart: true },
    schema: {
      tags,
      summary: 'Import items from a spreadsheet (all rows or none)',
      description:
        'Import items and services from an .xlsx or .csv (multipart, one file, at most 5 MB and 10,000 rows): all ' +
        'rows or none. Categories that do not exist are created; opening stock goes to the active branch. When any ' +
        'row fails the answer is 400 with an .xlsx error report (each failed row, its values and the reason per column).',
      consumes: ['multipart/form-data'],
      security: SESSION_SECURITY,
      body: multipartParts({ file: 'file' }),
      response: { 201: BulkImportResponse, ...errorResponses(400, 401, 413, 415) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const now = deps.clock();
      const branch = await activeBranch(deps.db, auth);
      return handleImport(request, reply, deps.db, itemImport, {
        businessId: auth.businessId,
        userId: auth.user.id,
        branch,
        now,
        today: indianDate(now),
      });
    },
  });

  app.get('/bulk-create-items/template', {
    schema: {
      tags,
      summary: 'The .xlsx template for bulk-create-items: the columns, one example row and a Notes sheet',
      security: SESSION_SECURITY,
      produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      response: { 200: z.unknown().describe('The template (.xlsx)'), ...errorResponses(401) },
    },
    handler: async (_request, reply) => sendTemplate(reply, itemImport),
  });

  app.put('/update-item-stock', {
    schema: {
      tags,
      summary: 'Add or reduce a product’s stock at the active branch, with a date and a reason (never below 0)',
      description:
        'A serialised product names the serials in `serialNos`, one per unit (400 otherwise): added ones come into ' +
        'stock here (409 when one already is), reduced ones leave the item (409 when one is not in stock here).',
      security: SESSION_SECURITY,
      body: UpdateItemStockRequest,
      response: { 200: ItemResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => {
      const item = await adjustItemStock({ db: deps.db, auth: authOf(request), now: deps.clock() }, request.body);
      return { success: true as const, data: item };
    },
  });

  app.get('/item-stock', {
    schema: {
      tags,
      summary: "An item's stock at every branch and its newest stock movements",
      security: SESSION_SECURITY,
      querystring: z.object({ id: z.string().max(100).describe('Item id (uuid)') }),
      response: { 200: ItemStockResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const item = await assertItem(deps.db, auth.businessId, request.query.id);
      const branch = await activeBranch(deps.db, auth);
      const [branches, movements] = await Promise.all([
        branchStock(deps.db, auth.businessId, item.id, branch.id),
        itemMovements(deps.db, auth.businessId, item.id),
      ]);
      return { success: true as const, data: { branches, movements } };
    },
  });

  app.get('/image/:name', {
    schema: {
      tags,
      summary: 'An item image (only to the business that owns it)',
      security: SESSION_SECURITY,
      params: z.object({ name: z.string() }),
      produces: ['image/png', 'image/jpeg'],
      response: { 200: z.unknown().describe('The image bytes (PNG or JPEG)'), ...errorResponses(401, 404) },
    },
    handler: async (request, reply) => {
      const image = await findImage(deps.db, authOf(request).businessId, request.params.name);
      if (!image) throw notFound('Image not found');
      return reply
        .type(image.contentType)
        .header('content-length', String(image.size))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(image.bytes);
    },
  });
}
