import { moneyText } from '@bahi/shared/india';
import { randomUUID } from 'node:crypto';
import {
  QUOTATION_PAGE_SIZE_DEFAULT,
  QUOTATION_VALID_DAYS_DEFAULT,
  addDays,
  indiaToday,
  type CancelDocumentRequest,
  type CreateQuotationRequest,
  type Quotation,
  type QuotationListQuery,
  type QuotationStatus,
  type QuotationSummary,
} from '@bahi/shared/contracts';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { quotationLines, quotations, saleInvoices, storeBranches } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { documentDate } from '../documents/dates';
import { documentSearch } from '../documents/list';
import { QUOTATION_PREFIX, takeNumber } from '../documents/numbering';
import { prepareDocument, requireRatesInForce, type DocumentContext } from '../documents/prepare';
import { documentFieldsOf, headerValues, insertDocumentRows, lineValues } from '../documents/records';
import { withIdempotency } from '../idempotency';
import { UUID } from '../../db/ids';

export const QUOTATION_NOT_FOUND = 'Quotation not found';

type QuotationRow = typeof quotations.$inferSelect;

/** EXPIRED is an open quotation past its valid-until date: read, never stored. */
const statusOf = (row: Pick<QuotationRow, 'status' | 'validUntil'>, today: string): QuotationStatus =>
  row.status === 'OPEN' && row.validUntil < today ? 'EXPIRED' : row.status;

const statusSql = (today: string) =>
  sql<QuotationStatus>`case when ${quotations.status} = 'OPEN' and ${quotations.validUntil} < ${today} then 'EXPIRED' else ${quotations.status} end`;

const ddmmyyyy = (date: string) => date.split('-').reverse().join('/');

/** quotation/create-quotation: numbered from the QT series of its financial year; no stock, no payments. */
export async function createQuotation(
  ctx: DocumentContext,
  body: z.output<typeof CreateQuotationRequest>,
  key: string | undefined,
): Promise<Quotation> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  const id = randomUUID();
  const result = await withIdempotency(
    db,
    { businessId: auth.businessId, key, scope: 'quotation.create', body, resourceId: id, now },
    async (tx) => {
      const quotationDate = await documentDate(tx, auth.businessId, now, body.quotationDate, 'quotationDate', 'Quotation date', 'QUOTATION');
      const doc = await prepareDocument(tx, auth, { ...body, date: quotationDate });
      requireRatesInForce(doc.lines, quotationDate);
      const validUntil = body.validUntil ?? addDays(quotationDate, QUOTATION_VALID_DAYS_DEFAULT);
      if (validUntil < quotationDate) throw badRequest('Valid until cannot be before the quotation date', 'validUntil');
      const number = await takeNumber(tx, auth.businessId, {
        kind: 'QUOTATION',
        prefix: QUOTATION_PREFIX,
        date: quotationDate,
        branchName: doc.branch.name,
      });
      await insertDocumentRows(
        tx,
        tx.insert(quotations).values({
          ...headerValues(auth.businessId, id, doc, number, { notes: body.notes, terms: body.terms, createdBy: auth.user.id, now }),
          quotationNumber: number.number,
          quotationDate,
          validUntil,
          status: 'OPEN',
          exportType: doc.exportType,
        }),
        tx.insert(quotationLines).values(lineValues(auth.businessId, id, doc)),
      );
    },
  );
  return getQuotation(db, auth.businessId, result.resourceId, today);
}

async function findQuotation(db: Db | Tx, businessId: string, id: string, forUpdate = false) {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(quotations)
    .where(and(eq(quotations.businessId, businessId), eq(quotations.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getQuotation(db: Db | Tx, businessId: string, id: string, today: string): Promise<Quotation> {
  const row = await findQuotation(db, businessId, id);
  if (!row) throw new HttpError(404, QUOTATION_NOT_FOUND);
  const [lines, invoice] = await Promise.all([
    db
      .select()
      .from(quotationLines)
      .where(and(eq(quotationLines.businessId, businessId), eq(quotationLines.documentId, id)))
      .orderBy(asc(quotationLines.lineNo)),
    row.saleInvoiceId
      ? db
          .select({ number: saleInvoices.invoiceNumber })
          .from(saleInvoices)
          .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, row.saleInvoiceId)))
      : Promise.resolve([]),
  ]);
  return {
    ...documentFieldsOf(row, lines),
    quotationNumber: row.quotationNumber,
    quotationDate: row.quotationDate,
    validUntil: row.validUntil,
    status: statusOf(row, today),
    saleInvoiceId: row.saleInvoiceId,
    saleInvoiceNumber: invoice[0]?.number ?? null,
    convertedAt: row.convertedAt?.toISOString() ?? null,
  };
}

export interface QuotationPage {
  data: QuotationSummary[];
  meta: { total: number; page: number; pageSize: number; grandTotal: string };
}

/** quotation/quotation-estimation-invoices: newest first; grandTotal sums every match that is not cancelled. */
export async function listQuotations(
  db: Db,
  businessId: string,
  q: z.output<typeof QuotationListQuery>,
  today: string,
): Promise<QuotationPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? QUOTATION_PAGE_SIZE_DEFAULT;
  const conditions: (SQL | undefined)[] = [eq(quotations.businessId, businessId)];
  if (q.partyId) conditions.push(UUID.test(q.partyId) ? eq(quotations.partyId, q.partyId) : sql`false`);
  if (q.branchId) conditions.push(UUID.test(q.branchId) ? eq(quotations.branchId, q.branchId) : sql`false`);
  if (q.createdBy) conditions.push(UUID.test(q.createdBy) ? eq(quotations.createdBy, q.createdBy) : sql`false`);
  if (q.from) conditions.push(sql`${quotations.quotationDate} >= ${q.from}`);
  if (q.to) conditions.push(sql`${quotations.quotationDate} <= ${q.to}`);
  if (q.status) conditions.push(sql`${statusSql(today)} = ${q.status}`);
  if (q.q) {
    conditions.push(
      documentSearch(q.q, quotations.searchText),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({ q: quotations, status: statusSql(today), branchName: storeBranches.name })
    .from(quotations)
    .innerJoin(storeBranches, and(eq(storeBranches.businessId, quotations.businessId), eq(storeBranches.id, quotations.branchId)))
    .where(where)
    // One date's documents by their number, newest first (concurrent saves commit in any order).
    .orderBy(desc(quotations.quotationDate), desc(quotations.seriesNo), desc(quotations.createdAt), desc(quotations.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [sums] = await db
    .select({
      total: sql<number>`count(*)::int`,
      grandTotal: sql<string>`coalesce(sum(${quotations.grandTotal}) filter (where ${quotations.status} <> 'CANCELLED'), 0)::text`,
    })
    .from(quotations)
    .where(where);
  return {
    data: rows.map(({ q: r, status, branchName }) => ({
      id: r.id,
      quotationNumber: r.quotationNumber,
      financialYear: r.financialYear,
      quotationDate: r.quotationDate,
      validUntil: r.validUntil,
      status,
      branchId: r.branchId,
      branchName,
      partyId: r.partyId,
      partyName: r.partyName,
      partyMobile: r.partyMobile,
      supplyType: r.supplyType,
      grandTotal: moneyText(r.grandTotal),
      saleInvoiceId: r.saleInvoiceId,
      createdAt: r.createdAt.toISOString(),
    })),
    meta: { total: Number(sums.total), page, pageSize, grandTotal: moneyText(sums.grandTotal) },
  };
}

/** quotation/cancel-quotation/:id: an open (or expired) quotation only; twice answers 409. */
export async function cancelQuotation(ctx: DocumentContext, id: string, body: CancelDocumentRequest): Promise<Quotation> {
  const { db, auth, now } = ctx;
  await db.transaction(async (tx) => {
    const row = await findQuotation(tx, auth.businessId, id, true);
    if (!row) throw new HttpError(404, QUOTATION_NOT_FOUND);
    if (row.status === 'CANCELLED') throw conflict(`Quotation ${row.quotationNumber} is already cancelled`);
    if (row.status === 'CONVERTED') throw conflict(`Quotation ${row.quotationNumber} was converted into an invoice: cancel the invoice instead`);
    await tx
      .update(quotations)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelReason: body.reason, updatedAt: now })
      .where(and(eq(quotations.businessId, auth.businessId), eq(quotations.id, id)));
  });
  return getQuotation(db, auth.businessId, id, indiaToday(now));
}

/**
 * A sale converting a quotation: locks it for the sale's transaction; it must be open and still valid on `today`
 * (converted, cancelled or expired answer 409), and the sale must be for its customer and keep one of its items (400).
 */
export async function claimQuotation(
  tx: Tx,
  businessId: string,
  id: string,
  today: string,
  sale: { partyId: string | null; itemIds: string[] },
): Promise<QuotationRow> {
  const row = await findQuotation(tx, businessId, id, true);
  if (!row) throw new HttpError(404, QUOTATION_NOT_FOUND, 'quotationId');
  if (row.status === 'CONVERTED') throw conflict(`Quotation ${row.quotationNumber} was already converted into an invoice`, 'quotationId');
  if (row.status === 'CANCELLED') throw conflict(`Quotation ${row.quotationNumber} is cancelled`, 'quotationId');
  if (statusOf(row, today) === 'EXPIRED') {
    throw conflict(`Quotation ${row.quotationNumber} expired on ${ddmmyyyy(row.validUntil)}`, 'quotationId');
  }
  // An invoice converts a quotation when it bills the quotation's customer (a walk-in quotation: a walk-in sale) and
  // keeps at least one of its items: the lines may be edited on the way, the customer may not.
  if (row.partyId !== sale.partyId) {
    const customer = row.partyId ? (row.partyName ?? 'its party') : 'a walk-in customer';
    throw badRequest(`Quotation ${row.quotationNumber} is for ${customer}: the invoice that converts it must be for the same customer`, 'partyId');
  }
  const quoted = await tx
    .selectDistinct({ itemId: quotationLines.itemId })
    .from(quotationLines)
    .where(and(eq(quotationLines.businessId, businessId), eq(quotationLines.documentId, row.id)));
  if (!quoted.some((q) => sale.itemIds.includes(q.itemId))) {
    throw badRequest(`None of the items of quotation ${row.quotationNumber} is on this invoice, so it does not convert it`, 'lines');
  }
  return row;
}

export async function markConverted(tx: Tx, businessId: string, id: string, saleInvoiceId: string, now: Date) {
  await tx
    .update(quotations)
    .set({ status: 'CONVERTED', saleInvoiceId, convertedAt: now, updatedAt: now })
    .where(and(eq(quotations.businessId, businessId), eq(quotations.id, id)));
}
