import { randomUUID } from 'node:crypto';
import {
  SALE_PAGE_SIZE_DEFAULT,
  addDays,
  indiaToday,
  type CancelDocumentRequest,
  type CreateSaleRequest,
  type NextNumberQuery,
  type RecordPaymentRequest,
  type SaleInvoice,
  type SaleInvoiceListQuery,
  type SaleInvoiceSummary,
  type SaleListMeta,
} from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { quotations, saleInvoiceLines, saleInvoices, storeBranches } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { paymentAccount, recordTransaction, reverseDocumentTransactions } from '../accounts';
import { documentSearch } from '../documents/list';
import { documentPayments, isOverdue, paymentStatus } from '../documents/payments';
import { defaultInvoicePrefix, peekNumber, takeNumber } from '../documents/numbering';
import { BRANCH_NOT_FOUND, prepareDocument, type DocumentContext } from '../documents/prepare';
import { documentFieldsOf, headerValues, lineValues, money } from '../documents/records';
import { returnToStock, takeFromStock, type StockDocument } from '../documents/stock';
import { findBranchRow, defaultBranchRow } from '../branches';
import { einvoiceStateFor } from '../einvoice/state';
import { withIdempotency } from '../idempotency';
import type { AllocatableKind, OpenDocument } from '../payments/allocation';
import { claimQuotation, markConverted } from '../quotation';

export const INVOICE_NOT_FOUND = 'Invoice not found';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type InvoiceRow = typeof saleInvoices.$inferSelect;

const statusFor = paymentStatus;

const balanceOf = (row: Pick<InvoiceRow, 'status' | 'grandTotal' | 'received'>) =>
  row.status === 'CANCELLED' ? 0 : toPaise(money(row.grandTotal)) - toPaise(money(row.received));

const overdue = isOverdue;

// ---------------------------------------------------------------------------------------------------------------
// Creating

/**
 * sale/create-sale, all in one transaction: the number from the branch's series, the invoice and its lines, stock
 * out (with serials), the payment received now, and the quotation it converts. A retry with the same
 * Idempotency-Key answers the first invoice.
 */
export async function createSale(ctx: DocumentContext, body: z.output<typeof CreateSaleRequest>, key: string | undefined): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId: auth.businessId, key, scope: 'sale.create', body, resourceId: id, now }, async (tx) => {
    const doc = await prepareDocument(tx, auth, body);
    const invoiceDate = body.invoiceDate ?? today;
    const dueDate = body.dueDate ?? addDays(invoiceDate, doc.party?.creditPeriod ?? 0);
    if (dueDate < invoiceDate) throw badRequest('Due date cannot be before the invoice date', 'dueDate');
    const grandTotal = doc.figures.totals.grandTotal;

    const quotation = body.quotationId ? await claimQuotation(tx, auth.businessId, body.quotationId, today) : undefined;
    const paid = body.payment ? toPaise(body.payment.amount) : 0;
    if (paid > grandTotal) {
      throw badRequest(`Payment received cannot be more than the invoice total, ₹${fromPaise(grandTotal)}`, 'payment.amount');
    }
    const account = body.payment
      ? await paymentAccount(tx, auth.businessId, body.payment.mode, body.payment.accountId, 'payment.accountId')
      : undefined;

    const number = await takeNumber(tx, auth.businessId, {
      kind: 'SALE',
      prefix: doc.invoicePrefix,
      date: invoiceDate,
      branchName: doc.branch.name,
    });
    // Stock first: it settles each serial as the item has it, which the line then keeps.
    const stockDoc: StockDocument = {
      businessId: auth.businessId,
      branch: doc.branch,
      document: { type: 'SALE', id, number: number.number },
      date: invoiceDate,
      userId: auth.user.id,
      now,
    };
    await takeFromStock(tx, stockDoc, doc.lines, 'SALE', `Sale ${number.number}`);
    await tx.insert(saleInvoices).values({
      ...headerValues(auth.businessId, id, doc, number, { notes: body.notes, terms: body.terms, createdBy: auth.user.id, now }),
      invoiceNumber: number.number,
      invoiceDate,
      dueDate,
      status: statusFor(paid, grandTotal),
      received: fromPaise(paid),
      quotationId: quotation?.id ?? null,
    });
    await tx.insert(saleInvoiceLines).values(lineValues(auth.businessId, id, doc));

    if (body.payment && account) {
      await recordTransaction(tx, {
        businessId: auth.businessId,
        accountId: account.id,
        date: invoiceDate,
        type: 'SALE_PAYMENT',
        direction: 'IN',
        amount: paid,
        mode: body.payment.mode,
        partyId: doc.party?.id ?? null,
        document: { type: 'SALE', id, number: number.number },
        reference: body.payment.reference ?? null,
        note: null,
        createdBy: auth.user.id,
        now,
      });
    }
    if (quotation) await markConverted(tx, auth.businessId, quotation.id, id, now);
  });
  return getSaleInvoice(db, auth.businessId, result.resourceId, today);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

async function findInvoice(db: Db | Tx, businessId: string, id: string, forUpdate = false): Promise<InvoiceRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const query = db
    .select()
    .from(saleInvoices)
    .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function getSaleInvoice(db: Db | Tx, businessId: string, id: string, today: string): Promise<SaleInvoice> {
  const row = await findInvoice(db, businessId, id);
  if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
  const lines = await db
    .select()
    .from(saleInvoiceLines)
    .where(and(eq(saleInvoiceLines.businessId, businessId), eq(saleInvoiceLines.documentId, id)))
    .orderBy(asc(saleInvoiceLines.lineNo));
  const payments = await documentPayments(db, businessId, 'SALE', id, 'SALE_PAYMENT', row.status === 'CANCELLED');
  const [quotation] = row.quotationId
    ? await db
        .select({ number: quotations.quotationNumber })
        .from(quotations)
        .where(and(eq(quotations.businessId, businessId), eq(quotations.id, row.quotationId)))
    : [];
  return {
    ...documentFieldsOf(row, lines),
    invoiceNumber: row.invoiceNumber,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: row.status,
    isOverdue: overdue(row, today),
    received: money(row.received),
    balance: fromPaise(balanceOf(row)),
    payments,
    quotationId: row.quotationId,
    quotationNumber: quotation?.number ?? null,
    einvoice: await einvoiceStateFor(db, businessId, id, row.status === 'CANCELLED'),
  };
}

export interface SalePage {
  data: SaleInvoiceSummary[];
  meta: SaleListMeta;
}

const balanceSql = sql`case when ${saleInvoices.status} = 'CANCELLED' then 0 else ${saleInvoices.grandTotal} - ${saleInvoices.received} end`;

/**
 * sale/sale-invoices: newest first, one page, and over everything the filter matches the count and the sums of
 * grand total, received and balance (a cancelled invoice counts, but adds nothing to the sums).
 */
export async function listSaleInvoices(db: Db, businessId: string, q: z.output<typeof SaleInvoiceListQuery>, today: string): Promise<SalePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? SALE_PAGE_SIZE_DEFAULT;
  const conditions: (SQL | undefined)[] = [eq(saleInvoices.businessId, businessId)];
  if (q.partyId) conditions.push(UUID.test(q.partyId) ? eq(saleInvoices.partyId, q.partyId) : sql`false`);
  if (q.branchId) conditions.push(UUID.test(q.branchId) ? eq(saleInvoices.branchId, q.branchId) : sql`false`);
  if (q.from) conditions.push(sql`${saleInvoices.invoiceDate} >= ${q.from}`);
  if (q.to) conditions.push(sql`${saleInvoices.invoiceDate} <= ${q.to}`);
  if (q.status === 'OVERDUE') {
    conditions.push(sql`${saleInvoices.status} in ('UNPAID', 'PARTIAL') and ${saleInvoices.dueDate} < ${today}`);
  } else if (q.status) {
    conditions.push(eq(saleInvoices.status, q.status));
  }
  if (q.q) {
    conditions.push(
      documentSearch(q.q, { number: saleInvoices.invoiceNumber, partyName: saleInvoices.partyName, partyMobile: saleInvoices.partyMobile }),
    );
  }
  const where = and(...conditions);
  const rows = await db
    .select({
      id: saleInvoices.id,
      invoiceNumber: saleInvoices.invoiceNumber,
      financialYear: saleInvoices.financialYear,
      invoiceDate: saleInvoices.invoiceDate,
      dueDate: saleInvoices.dueDate,
      status: saleInvoices.status,
      branchId: saleInvoices.branchId,
      branchName: storeBranches.name,
      partyId: saleInvoices.partyId,
      partyName: saleInvoices.partyName,
      partyMobile: saleInvoices.partyMobile,
      supplyType: saleInvoices.supplyType,
      grandTotal: saleInvoices.grandTotal,
      received: saleInvoices.received,
      createdAt: saleInvoices.createdAt,
    })
    .from(saleInvoices)
    .innerJoin(storeBranches, and(eq(storeBranches.businessId, saleInvoices.businessId), eq(storeBranches.id, saleInvoices.branchId)))
    .where(where)
    .orderBy(desc(saleInvoices.invoiceDate), desc(saleInvoices.createdAt), desc(saleInvoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [sums] = await db
    .select({
      total: sql<number>`count(*)::int`,
      grandTotal: sql<string>`coalesce(sum(${saleInvoices.grandTotal}) filter (where ${saleInvoices.status} <> 'CANCELLED'), 0)::text`,
      received: sql<string>`coalesce(sum(${saleInvoices.received}), 0)::text`,
      balance: sql<string>`coalesce(sum(${balanceSql}), 0)::text`,
    })
    .from(saleInvoices)
    .where(where);
  return {
    data: rows.map((r) => ({
      ...r,
      isOverdue: overdue(r, today),
      grandTotal: money(r.grandTotal),
      received: money(r.received),
      balance: fromPaise(balanceOf(r)),
      createdAt: r.createdAt.toISOString(),
    })),
    meta: {
      total: Number(sums.total),
      page,
      pageSize,
      grandTotal: money(sums.grandTotal),
      received: money(sums.received),
      balance: money(sums.balance),
    },
  };
}

/** sale/next-invoice-number: what the next invoice of a branch would be numbered (nothing is reserved). */
export async function nextInvoiceNumber(ctx: DocumentContext, q: z.output<typeof NextNumberQuery>) {
  const { db, auth, now } = ctx;
  const branch = q.branchId
    ? await findBranchRow(db, auth.businessId, q.branchId)
    : ((auth.activeBranchId ? await findBranchRow(db, auth.businessId, auth.activeBranchId) : undefined) ?? (await defaultBranchRow(db, auth.businessId)));
  if (!branch) throw new HttpError(404, BRANCH_NOT_FOUND, 'branchId');
  return peekNumber(db, auth.businessId, {
    kind: 'SALE',
    prefix: branch.invoicePrefix ?? defaultInvoicePrefix(branch.name),
    date: q.date ?? indiaToday(now),
    branchName: branch.name,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Payments and cancelling

/** sale/record-payment/:id: a payment in against the invoice, at most its balance. */
export async function recordSalePayment(
  ctx: DocumentContext,
  id: string,
  body: z.output<typeof RecordPaymentRequest>,
  key: string | undefined,
): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  await withIdempotency(
    db,
    { businessId: auth.businessId, key, scope: 'sale.payment', body: { invoiceId: id, ...body }, resourceId: UUID.test(id) ? id : randomUUID(), now },
    async (tx) => {
      const row = await findInvoice(tx, auth.businessId, id, true);
      if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
      if (row.status === 'CANCELLED') throw conflict(`Invoice ${row.invoiceNumber} is cancelled: it takes no payments`);
      const balance = balanceOf(row);
      if (balance === 0) throw conflict(`Invoice ${row.invoiceNumber} is already paid in full`);
      const amount = toPaise(body.amount);
      if (amount > balance) throw badRequest(`Payment cannot be more than the balance due, ₹${fromPaise(balance)}`, 'amount');
      const account = await paymentAccount(tx, auth.businessId, body.mode, body.accountId, 'accountId');
      await recordTransaction(tx, {
        businessId: auth.businessId,
        accountId: account.id,
        date: body.date ?? today,
        type: 'SALE_PAYMENT',
        direction: 'IN',
        amount,
        mode: body.mode,
        partyId: row.partyId,
        document: { type: 'SALE', id, number: row.invoiceNumber },
        reference: body.reference ?? null,
        note: null,
        createdBy: auth.user.id,
        now,
      });
      await saleAllocationKind.settle(tx, auth.businessId, openDocumentOf(row), amount, now);
    },
  );
  return getSaleInvoice(db, auth.businessId, id, today);
}

/**
 * sale/cancel-sale/:id, in one transaction: the invoice keeps its number and becomes CANCELLED; its products and
 * serials go back into the branch's stock; its payments are reversed by opposite transactions. Twice answers 409.
 */
export async function cancelSale(ctx: DocumentContext, id: string, body: CancelDocumentRequest): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  await db.transaction(async (tx) => {
    const row = await findInvoice(tx, auth.businessId, id, true);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (row.status === 'CANCELLED') throw conflict(`Invoice ${row.invoiceNumber} is already cancelled`);
    const lines = await tx
      .select()
      .from(saleInvoiceLines)
      .where(and(eq(saleInvoiceLines.businessId, auth.businessId), eq(saleInvoiceLines.documentId, id)));
    const [branch] = await tx
      .select({ id: storeBranches.id, name: storeBranches.name })
      .from(storeBranches)
      .where(and(eq(storeBranches.businessId, auth.businessId), eq(storeBranches.id, row.branchId)));
    await returnToStock(
      tx,
      { businessId: auth.businessId, branch, document: { type: 'SALE', id, number: row.invoiceNumber }, date: today, userId: auth.user.id, now },
      lines.map((l) => ({ index: l.lineNo - 1, itemId: l.itemId, itemName: l.itemName, itemType: l.itemType, quantity: l.quantity, serialNos: l.serialNos })),
      'SALE_CANCEL',
      `Sale ${row.invoiceNumber} cancelled`,
    );
    await reverseDocumentTransactions(tx, {
      businessId: auth.businessId,
      document: { type: 'SALE', id },
      type: 'SALE_PAYMENT_REVERSAL',
      date: today,
      note: `Invoice ${row.invoiceNumber} cancelled: ${body.reason}`,
      createdBy: auth.user.id,
      now,
    });
    await tx
      .update(saleInvoices)
      .set({ status: 'CANCELLED', received: '0.00', cancelledAt: now, cancelReason: body.reason, updatedAt: now })
      .where(and(eq(saleInvoices.businessId, auth.businessId), eq(saleInvoices.id, id)));
  });
  return getSaleInvoice(db, auth.businessId, id, today);
}

// ---------------------------------------------------------------------------------------------------------------
// Settled by a payment in not tied to one invoice (payment/payment-in)

const openDocumentOf = (row: Pick<InvoiceRow, 'id' | 'invoiceNumber' | 'invoiceDate' | 'partyId' | 'status' | 'grandTotal' | 'received' | 'createdAt'>): OpenDocument => ({
  type: 'SALE',
  id: row.id,
  number: row.invoiceNumber,
  date: row.invoiceDate,
  partyId: row.partyId,
  cancelled: row.status === 'CANCELLED',
  due: balanceOf(row),
  createdAt: row.createdAt,
});

/** Sale invoices as a payment in settles them: the party's unpaid and part-paid ones, oldest first. */
export const saleAllocationKind: AllocatableKind = {
  type: 'SALE',
  label: 'invoice',
  async openDocuments(tx, businessId, partyId) {
    const rows = await tx
      .select()
      .from(saleInvoices)
      .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.partyId, partyId), sql`${saleInvoices.status} in ('UNPAID', 'PARTIAL')`))
      .orderBy(asc(saleInvoices.id))
      .for('update');
    return rows.map(openDocumentOf);
  },
  async findDocuments(tx, businessId, ids) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select()
      .from(saleInvoices)
      .where(and(eq(saleInvoices.businessId, businessId), sql`${saleInvoices.id} = any(${sql.param(ids)}::uuid[])`))
      .orderBy(asc(saleInvoices.id))
      .for('update');
    return rows.map(openDocumentOf);
  },
  async settle(tx, businessId, doc, amount, now) {
    const [row] = await tx
      .select({ grandTotal: saleInvoices.grandTotal, received: saleInvoices.received })
      .from(saleInvoices)
      .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, doc.id)));
    const received = toPaise(money(row.received)) + amount;
    await tx
      .update(saleInvoices)
      .set({ received: fromPaise(received), status: statusFor(received, toPaise(money(row.grandTotal))), updatedAt: now })
      .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, doc.id)));
  },
};
