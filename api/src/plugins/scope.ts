import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { SEE_OTHERS_DOCUMENTS, can } from '@bahi/shared/permissions';
import type { Db } from '../db/client';
import { UUID } from '../db/ids';
import {
  automatedBillSchedules,
  expenses,
  purchaseDebitNotes,
  purchaseInvoices,
  quotations,
  saleInvoices,
  saleNotes,
  storeBranches,
} from '../db/schema';
import { forbidden, notFound } from '../errors';
import { routeKey } from '../permissions/routes';
import type { AuthContext } from '../services/auth/sessions';
import { BRANCH_NOT_FOUND } from '../services/documents/prepare';

/** Which documents a user may see: their branches (null: all) and, without "see other users' documents", only theirs. */
export interface DocumentScope {
  branchIds: string[] | null;
  /** The user whose documents alone they see; null: everyone's. */
  createdBy: string | null;
}

export const scopeOf = (auth: AuthContext): DocumentScope => ({
  branchIds: auth.user.branchIds,
  createdBy: can(auth.user.role, SEE_OTHERS_DOCUMENTS) ? null : auth.user.id,
});

export const branchAllowed = (auth: AuthContext, branchId: string) =>
  auth.user.branchIds === null || auth.user.branchIds.includes(branchId);

/** A branch id that names no branch: a restricted user with no branch at all lists nothing. */
const NO_BRANCH = '00000000-0000-0000-0000-000000000000';

interface Guarded {
  table: PgTable;
  id: AnyPgColumn;
  businessId: AnyPgColumn;
  branchId: AnyPgColumn;
  /** Null for rows no user creates (a branch). */
  createdBy: AnyPgColumn | null;
  param: string;
  message: string;
}

const doc = (
  t: { id: AnyPgColumn; businessId: AnyPgColumn; branchId: AnyPgColumn; createdBy: AnyPgColumn } & PgTable,
  message: string,
  param = 'id',
): Guarded => ({ table: t, id: t.id, businessId: t.businessId, branchId: t.branchId, createdBy: t.createdBy, param, message });

const SALE = doc(saleInvoices, 'Invoice not found');
const CREDIT = doc(saleNotes, 'Credit note not found');
const DEBIT = doc(saleNotes, 'Debit note not found');
const QUOTATION = doc(quotations, 'Quotation not found');
const PURCHASE = doc(purchaseInvoices, 'Purchase bill not found');
const PURCHASE_NOTE = doc(purchaseDebitNotes, 'Debit note not found');
const EXPENSE = doc(expenses, 'Expense not found');
const SCHEDULE = doc(automatedBillSchedules, 'Automated bill not found');
const BRANCH: Guarded = {
  table: storeBranches,
  id: storeBranches.id,
  businessId: storeBranches.businessId,
  branchId: storeBranches.id,
  createdBy: null,
  param: 'id',
  message: BRANCH_NOT_FOUND,
};

/**
 * The routes that name one document (or branch) by a path parameter: a document of a branch the user does not work
 * at, or (without "see other users' documents") made by another user, answers 404 as another business's would.
 */
const GUARDED_ROUTES: Record<string, Guarded> = {
  'GET /api/sale/sale-invoice/:id': SALE,
  'GET /api/sale/sale-invoice/:id/pdf': SALE,
  'GET /api/sale/sale-invoice/:id/upi-qr': SALE,
  'POST /api/sale/share-link/:id': SALE,
  'DELETE /api/sale/share-link/:id': SALE,
  'GET /api/sale/sale-invoice/:id/einvoice': SALE,
  'POST /api/sale/sale-invoice/:id/irn': SALE,
  'POST /api/sale/record-payment/:id': SALE,
  'POST /api/sale/cancel-sale/:id': SALE,
  'PUT /api/sale/shipping-bill/:id': SALE,
  'GET /api/sale/credit-note/:id': CREDIT,
  'GET /api/sale/credit-note/:id/pdf': CREDIT,
  'GET /api/sale/credit-note/:id/einvoice': CREDIT,
  'POST /api/sale/credit-note/:id/irn': CREDIT,
  'POST /api/sale/cancel-credit-note/:id': CREDIT,
  'GET /api/sale/debit-note/:id': DEBIT,
  'GET /api/sale/debit-note/:id/pdf': DEBIT,
  'GET /api/sale/debit-note/:id/einvoice': DEBIT,
  'POST /api/sale/debit-note/:id/irn': DEBIT,
  'POST /api/sale/cancel-debit-note/:id': DEBIT,
  'GET /api/quotation/quotation-estimation-invoice/:id': QUOTATION,
  'GET /api/quotation/quotation-estimation-invoice/:id/pdf': QUOTATION,
  'POST /api/quotation/cancel-quotation/:id': QUOTATION,
  'POST /api/quotation/share-link/:id': QUOTATION,
  'DELETE /api/quotation/share-link/:id': QUOTATION,
  'GET /api/purchase/purchase-invoice/:id': PURCHASE,
  'GET /api/purchase/purchase-invoice/:id/attachment': PURCHASE,
  'POST /api/purchase/record-payment/:id': PURCHASE,
  'POST /api/purchase/cancel-purchase/:id': PURCHASE,
  'POST /api/purchase/attach-bill/:id': PURCHASE,
  'GET /api/purchase/self-invoice/:purchaseId/pdf': { ...PURCHASE, param: 'purchaseId' },
  'GET /api/purchase/debit-note/:id': PURCHASE_NOTE,
  'GET /api/purchase/debit-note/:id/pdf': PURCHASE_NOTE,
  'POST /api/purchase/cancel-debit-note/:id': PURCHASE_NOTE,
  'GET /api/expense/expense/:id': EXPENSE,
  'POST /api/expense/cancel-expense/:id': EXPENSE,
  'POST /api/expense/attach-receipt/:id': EXPENSE,
  'GET /api/expense/receipt/:id': EXPENSE,
  'GET /api/automated-bill/schedule/:id': SCHEDULE,
  'PUT /api/automated-bill/update-schedule/:id': SCHEDULE,
  'POST /api/automated-bill/pause/:id': SCHEDULE,
  'POST /api/automated-bill/resume/:id': SCHEDULE,
  'POST /api/automated-bill/end/:id': SCHEDULE,
  'POST /api/automated-bill/run-now/:id': SCHEDULE,
  'GET /api/store-branch/branch/:id': BRANCH,
  'PUT /api/store-branch/update-branch/:id': BRANCH,
};

/**
 * Figures of the whole business — the returns filed per GSTIN, the statements, party and account ledgers, what is
 * owed and held — would show a user limited to some branches the other branches' trade: such a user may not read
 * them. A report with a branch filter is narrowed to their branch instead (below), except the home screen's, whose
 * amounts owed and held are the business's whatever the branch.
 */
const BUSINESS_WIDE_ROUTES: Record<string, 'always' | 'without a branch filter'> = {
  'GET /api/report/home': 'always',
  'GET /api/report/summary': 'always',
  'GET /api/report/ledger': 'always',
  'GET /api/report/gstr1': 'always',
  'GET /api/report/gstr3b': 'always',
  'GET /api/report/cmp08': 'always',
  'GET /api/ledger/accounts': 'without a branch filter',
  'GET /api/ledger/account-ledger/:accountId': 'without a branch filter',
  'GET /api/report/trial-balance': 'without a branch filter',
  'GET /api/report/profit-loss': 'without a branch filter',
  'GET /api/report/balance-sheet': 'without a branch filter',
  'GET /api/account/transactions': 'without a branch filter',
  'GET /api/account/transactions/export': 'without a branch filter',
};
export const ALL_BRANCHES_NEEDED = 'You do not have permission: every branch (these figures are of the whole business)';

/** The fields of a route's querystring schema (zod object), if it has one. */
function queryFields(request: FastifyRequest): Record<string, unknown> {
  const schema = request.routeOptions.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
  return schema?.shape ?? {};
}

/**
 * Before validation, for a user limited to some branches or to their own documents: a `branchId` of another branch
 * (query or body) answers 404; a list or report that filters by branch is limited to the session's branch (one of
 * theirs) when it names none; a list that filters by creator lists only the user's own documents.
 */
function scopeQueryAndBody(request: FastifyRequest, auth: AuthContext) {
  const scope = scopeOf(auth);
  const fields = queryFields(request);
  const query = (request.query ?? {}) as Record<string, unknown>;
  if (scope.createdBy && 'createdBy' in fields) query.createdBy = scope.createdBy;
  if (scope.branchIds === null) return;
  const wide = BUSINESS_WIDE_ROUTES[routeKey(request.method, request.routeOptions.url ?? '')];
  if (wide === 'always' || (wide && !('branchId' in fields))) throw forbidden(ALL_BRANCHES_NEEDED);
  const body = request.body;
  const bodyBranch = body && typeof body === 'object' ? (body as { branchId?: unknown }).branchId : undefined;
  for (const branchId of [query.branchId, bodyBranch]) {
    if (typeof branchId === 'string' && branchId.trim() !== '' && !branchAllowed(auth, branchId.trim())) {
      throw notFound(BRANCH_NOT_FOUND);
    }
  }
  if ('branchId' in fields && (typeof query.branchId !== 'string' || query.branchId.trim() === '')) {
    query.branchId = auth.activeBranchId ?? NO_BRANCH;
  }
}

/** After validation: the document a path names must be one the user may see (else 404, as for none). */
async function guardDocument(db: Db, request: FastifyRequest, auth: AuthContext) {
  const guarded = GUARDED_ROUTES[routeKey(request.method, request.routeOptions.url ?? '')];
  if (!guarded) return;
  const scope = scopeOf(auth);
  if (scope.branchIds === null && (scope.createdBy === null || guarded.createdBy === null)) return;
  const id = (request.params as Record<string, unknown>)[guarded.param];
  if (typeof id !== 'string' || !UUID.test(id)) return;
  const [row] = await db
    .select({ branchId: guarded.branchId, createdBy: guarded.createdBy ?? guarded.branchId })
    .from(guarded.table)
    .where(and(eq(guarded.businessId, auth.businessId), eq(guarded.id, id)));
  // None: the handler answers its own 404.
  if (!row) return;
  const branchOk = branchAllowed(auth, String(row.branchId));
  const ownerOk = scope.createdBy === null || guarded.createdBy === null || row.createdBy === scope.createdBy;
  if (!branchOk || !ownerOk) throw notFound(guarded.message);
}

export function registerScope(app: FastifyInstance, db: Db) {
  app.addHook('preValidation', async (request) => {
    if (request.auth) scopeQueryAndBody(request, request.auth);
  });
  app.addHook('preHandler', async (request) => {
    if (request.auth) await guardDocument(db, request, request.auth);
  });
}
