import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SEE_COST, can, forbiddenMessage } from '@bahi/shared/permissions';
import { forbidden } from '../errors';
import { routeKey } from '../permissions/routes';

type Json = Record<string, unknown>;

const omit = (row: unknown, fields: readonly string[]) => {
  if (row && typeof row === 'object') for (const f of fields) delete (row as Json)[f];
};
const each = (rows: unknown, fields: readonly string[]) => {
  if (Array.isArray(rows)) for (const row of rows) omit(row, fields);
};

const ITEM_COST = ['purchasePrice', 'lastPurchasePrice'] as const;
const items = (data: unknown) => (Array.isArray(data) ? each(data, ITEM_COST) : omit(data, ITEM_COST));

/**
 * How each answer that carries cost or margin loses it for a role without "see cost and margin": purchase prices,
 * average and unit cost, stock value, profit and margin are absent from the JSON (the contracts mark them optional).
 */
const STRIP: Record<string, (data: Json) => void> = {
  'GET /api/item/items': (d) => items(d),
  'GET /api/item/get-item': (d) => items(d),
  'POST /api/item/create': (d) => items(d),
  'PUT /api/item/update-item/:id': (d) => items(d),
  'GET /api/report/stock-summary': (d) => {
    each(d.rows, ['unitCost', 'value']);
    each(d.branches, ['value']);
    omit(d.totals, ['value']);
  },
  'GET /api/report/item-profit': (d) => {
    each(d.rows, ['cost', 'profit', 'marginPercent']);
    omit(d.totals, ['cost', 'profit']);
  },
  'GET /api/report/summary': (d) => omit(d, ['stockValue']),
};

/** Answers that are cost and margin through and through (and reports' files, which cannot lose columns): 403. */
const COST_ONLY = new Set([
  'GET /api/report/profit-loss',
  'GET /api/report/balance-sheet',
  'GET /api/report/trial-balance',
  'GET /api/ledger/account-ledger/:accountId',
]);
const FILE_FORMATS = new Set(['xlsx', 'csv', 'pdf']);

/**
 * The answer of a route as a role without "see cost and margin" receives it: a copy without the cost fields (a
 * handler may answer an object it keeps, a cache, which must stay whole for other users); other routes' as they are.
 */
export function stripCost(key: string, payload: unknown): unknown {
  const strip = STRIP[key];
  if (!strip || !payload || typeof payload !== 'object') return payload;
  const copy = structuredClone(payload) as { data?: unknown };
  if (copy.data && typeof copy.data === 'object') strip(copy.data as Json);
  return copy;
}

const keyOf = (request: FastifyRequest) => routeKey(request.method, request.routeOptions.url ?? '');

export function registerCostStripping(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    const auth = request.auth;
    if (!auth || can(auth.user.role, SEE_COST)) return;
    const key = keyOf(request);
    const format = (request.query as { format?: unknown } | undefined)?.format;
    if (COST_ONLY.has(key) || (key in STRIP && typeof format === 'string' && FILE_FORMATS.has(format))) {
      throw forbidden(forbiddenMessage(SEE_COST));
    }
  });
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const auth = request.auth;
    if (!auth || can(auth.user.role, SEE_COST)) return payload;
    return stripCost(keyOf(request), payload);
  });
}
