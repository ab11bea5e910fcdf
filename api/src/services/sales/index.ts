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
  saleDocumentTitle,
  exportDeclaration,
  type ShippingBill,
  type ShippingBillRequest,
} from '@bahi/shared/contracts';
import { fromPaise, moneyText } from '@bahi/shared/india';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { quotations, saleInvoiceLines, saleInvoices, saleNotes, storeBranches } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { paidDocumentKind } from '../documents/allocation';
import { cancelPaidDocument } from '../documents/cancel';
import { checkBooksOpenToChange, documentDate } from '../documents/dates';
import { paidDocumentFilters } from '../documents/list';
import { balanceDue, balanceDueSql, documentPayments, isOverdue, payDocument, paymentStatus, paymentWithDocument, recordDocumentPayment } from '../documents/payments';
import { defaultInvoicePrefix, peekNumber, takeNumber } from '../documents/numbering';
import { BRANCH_NOT_FOUND, activeOrDefaultBranch, prepareDocument, requireRatesInForce, type DocumentContext } from '../documents/prepare';
import { documentFieldsOf, documentLineRows, findDocumentRow, headerValues, insertDocumentRows, lineValues } from '../documents/records';
import { returnToStock, takeFromStock, type StockDocument } from '../documents/stock';
import { findBranchRow } from '../branches';
import { einvoiceStateFor } from '../einvoice/state';
import { ewayBillStateOf, transportColumns, transportOf } from '../ewaybill/state';
import { withIdempotency } from '../idempotency';
import { postSale } from '../ledger/postings';
import type { OpenDocument } from '../payments/allocation';
import { registerAllocationKind } from '../payments/kinds';
import { claimQuotation, markConverted } from '../quotation';
import { UUID } from '../../db/ids';

export const INVOICE_NOT_FOUND = 'Invoice not found';
/** Where a sale invoice is stored, for the code of services/documents. */
const TABLES = { type: 'SALE', table: saleInvoices, lineTable: saleInvoiceLines, paid: 'received' } as const;

type InvoiceRow = typeof saleInvoices.$inferSelect;

const statusFor = paymentStatus;

const balanceOf = (row: Pick<InvoiceRow, 'status' | 'grandTotal' | 'received'>) => balanceDue(row.status, row.grandTotal, row.received);

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
    const invoiceDate = await documentDate(tx, auth.businessId, now, body.invoiceDate, 'invoiceDate', 'Invoice date');
    const doc = await prepareDocument(tx, auth, { ...body, date: invoiceDate });
    requireRatesInForce(doc.lines, invoiceDate);
    if (body.shippingBill && !doc.isExport) {
      throw badRequest('A shipping bill is for an export (a sale to an overseas party) only', 'shippingBill');
    }
    if (body.shippingBill?.date && body.shippingBill.date < invoiceDate) {
      throw badRequest('Shipping bill date cannot be before the invoice date', 'shippingBill.date');
    }
    const dueDate = body.dueDate ?? addDays(invoiceDate, doc.party?.creditPeriod ?? 0);
    if (dueDate < invoiceDate) throw badRequest('Due date cannot be before the invoice date', 'dueDate');
    const grandTotal = doc.figures.totals.grandTotal;

    const quotation = body.quotationId
      ? await claimQuotation(tx, auth.businessId, body.quotationId, today, {
          partyId: doc.party?.id ?? null,
          itemIds: doc.lines.map((l) => l.itemId),
        })
      : undefined;
    const { paid, account } = await paymentWithDocument(tx, auth.businessId, body.payment, grandTotal, 'Payment received cannot be more than the invoice total');

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
    await insertDocumentRows(
      tx,
      tx.insert(saleInvoices).values({
        ...headerValues(auth.businessId, id, doc, number, { notes: body.notes, terms: body.terms, createdBy: auth.user.id, now }),
        invoiceNumber: number.number,
        invoiceDate,
        dueDate,
        status: statusFor(paid, grandTotal),
        received: fromPaise(paid),
        quotationId: quotation?.id ?? null,
        exportType: doc.exportType,
        lutNumber: doc.lutNumber,
        shippingBillNumber: body.shippingBill?.number ?? null,
        shippingBillDate: body.shippingBill?.date ?? null,
        shippingPortCode: body.shippingBill?.portCode ?? null,
        ...transportColumns(body.transport),
      }),
      tx.insert(saleInvoiceLines).values(lineValues(auth.businessId, id, doc)),
    );
    await postSale(tx, {
      businessId: auth.businessId,
      branchId: doc.branch.id,
      date: invoiceDate,
      document: { type: 'SALE', id, number: number.number },
      partyId: doc.party?.id ?? null,
      totals: doc.figures.totals,
      lines: doc.lines.map((l, i) => ({ ...l, taxableValue: doc.figures.lines[i].taxableValue })),
      createdBy: auth.user.id,
      now,
    });

    if (body.payment && account) {
      await recordDocumentPayment(tx, {
        businessId: auth.businessId,
        document: { type: 'SALE', id, number: number.number },
        branchId: doc.branch.id,
        partyId: doc.party?.id ?? null,
        accountId: account.id,
        date: invoiceDate,
        amount: paid,
        mode: body.payment.mode,
        reference: body.payment.reference ?? null,
        createdBy: auth.user.id,
        now,
        field: 'payment.amount',
      });
    }
    if (quotation) await markConverted(tx, auth.businessId, quotation.id, id, now);
  });
  return getSaleInvoice(db, auth.businessId, result.resourceId, today);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const findInvoice = (db: Db | Tx, businessId: string, id: string, forUpdate = false) => findDocumentRow(db, saleInvoices, businessId, id, forUpdate);

export async function getSaleInvoice(db: Db | Tx, businessId: string, id: string, today: string): Promise<SaleInvoice> {
  const row = await findInvoice(db, businessId, id);
  if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
  const lines = await documentLineRows(db, saleInvoiceLines, businessId, id);
  const payments = await documentPayments(db, businessId, 'SALE', id, 'SALE_PAYMENT', row.status === 'CANCELLED');
  const [quotation] = row.quotationId
    ? await db
        .select({ number: quotations.quotationNumber })
        .from(quotations)
        .where(and(eq(quotations.businessId, businessId), eq(quotations.id, row.quotationId)))
    : [];
  const fields = documentFieldsOf(row, lines);
  return {
    ...fields,
    invoiceNumber: row.invoiceNumber,
    documentTitle: saleDocumentTitle(fields.branch.registrationType, fields.lines),
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    status: row.status,
    isOverdue: overdue(row, today),
    received: moneyText(row.received),
    balance: fromPaise(balanceOf(row)),
    payments,
    quotationId: row.quotationId,
    quotationNumber: quotation?.number ?? null,
    einvoice: await einvoiceStateFor(db, businessId, id, row.status === 'CANCELLED'),
    lutNumber: row.lutNumber,
    shippingBill: isExportRow(row) ? shippingBillOf(row) : null,
    exportDeclaration: row.exportType ? exportDeclaration(row.exportType) : null,
    transport: transportOf(row),
    ewayBill: ewayBillStateOf(row, fields.lines),
  };
}

/** An export (place of supply 96, zero-rated), not a supply to an SEZ: it has a shipping bill. */
const isExportRow = (row: Pick<InvoiceRow, 'exportType' | 'placeOfSupply'>) => row.exportType !== null && row.placeOfSupply === '96';
const shippingBillOf = (row: InvoiceRow): ShippingBill => ({
  number: row.shippingBillNumber,
  date: row.shippingBillDate,
  portCode: row.shippingPortCode,
});

/**
 * sale/shipping-bill/:id: an export's shipping bill, entered or corrected once it is known (it carries no moneyText, so
 * the invoice and its entries are otherwise untouched). The body is the whole shipping bill: a field left out is
 * not known (yet).
 */
export async function updateShippingBill(ctx: DocumentContext, id: string, body: ShippingBillRequest): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  await db.transaction(async (tx) => {
    const row = await findInvoice(tx, auth.businessId, id, true);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (!isExportRow(row)) throw new HttpError(422, `Invoice ${row.invoiceNumber} is not an export: only an export has a shipping bill`, 'id');
    if (row.status === 'CANCELLED') throw conflict(`Invoice ${row.invoiceNumber} is cancelled`);
    const next = { shippingBillNumber: body.number ?? null, shippingBillDate: body.date ?? null, shippingPortCode: body.portCode ?? null };
    if (next.shippingBillDate && next.shippingBillDate < row.invoiceDate) {
      throw badRequest('Shipping bill date cannot be before the invoice date', 'date');
    }
    await tx
      .update(saleInvoices)
      .set({ ...next, updatedAt: now })
      .where(and(eq(saleInvoices.businessId, auth.businessId), eq(saleInvoices.id, id)));
  });
  return getSaleInvoice(db, auth.businessId, id, indiaToday(now));
}

export interface SalePage {
  data: SaleInvoiceSummary[];
  meta: SaleListMeta;
}

const balanceSql = balanceDueSql(saleInvoices, saleInvoices.received);

/**
 * sale/sale-invoices: newest first, one page, and over everything the filter matches the count and the sums of
 * grand total, received and balance (a cancelled invoice counts, but adds nothing to the sums).
 */
export async function listSaleInvoices(db: Db, businessId: string, q: z.output<typeof SaleInvoiceListQuery>, today: string): Promise<SalePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? SALE_PAGE_SIZE_DEFAULT;
  const where = and(
    ...paidDocumentFilters(
      saleInvoices,
      {
        date: saleInvoices.invoiceDate,
        search: saleInvoices.searchText,
      },
      businessId,
      q,
      today,
    ),
  );
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
    // One date's documents by their number, newest first (concurrent saves commit in any order).
    .orderBy(desc(saleInvoices.invoiceDate), desc(saleInvoices.seriesNo), desc(saleInvoices.createdAt), desc(saleInvoices.id))
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
      grandTotal: moneyText(r.grandTotal),
      received: moneyText(r.received),
      balance: fromPaise(balanceOf(r)),
      createdAt: r.createdAt.toISOString(),
    })),
    meta: {
      total: Number(sums.total),
      page,
      pageSize,
      grandTotal: moneyText(sums.grandTotal),
      received: moneyText(sums.received),
      balance: moneyText(sums.balance),
    },
  };
}

/** sale/next-invoice-number: what the next invoice of a branch would be numbered (nothing is reserved). */
export async function nextInvoiceNumber(ctx: DocumentContext, q: z.output<typeof NextNumberQuery>) {
  const { db, auth, now } = ctx;
  const branch = q.branchId ? await findBranchRow(db, auth.businessId, q.branchId) : await activeOrDefaultBranch(db, auth);
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
      await payDocument(tx, ctx, saleAllocationKind, openDocumentOf(row), `Invoice ${row.invoiceNumber}`, body);
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
    await checkBooksOpenToChange(tx, auth.businessId, row.invoiceDate, now);
    // An invoice that credit or debit notes follow stays: cancel the notes first.
    const notes = await tx
      .select({ number: saleNotes.noteNumber })
      .from(saleNotes)
      .where(and(eq(saleNotes.businessId, auth.businessId), eq(saleNotes.invoiceId, id), eq(saleNotes.status, 'ISSUED')))
      .orderBy(saleNotes.noteDate, saleNotes.seriesNo);
    if (notes.length) {
      throw conflict(`Invoice ${row.invoiceNumber} has notes that follow it (${notes.map((n) => n.number).join(', ')}): cancel them first`);
    }
    await cancelPaidDocument(tx, ctx, TABLES, row, {
      number: row.invoiceNumber,
      what: `Invoice ${row.invoiceNumber}`,
      reason: body.reason,
      unstock: (doc, lines) => returnToStock(tx, doc, lines, 'SALE_CANCEL', `Sale ${row.invoiceNumber} cancelled`),
    });
  });
  return getSaleInvoice(db, auth.businessId, id, today);
}

// ---------------------------------------------------------------------------------------------------------------
// Settled by a payment in not tied to one invoice (payment/payment-in)

const openDocumentOf = (
  row: Pick<InvoiceRow, 'id' | 'invoiceNumber' | 'invoiceDate' | 'partyId' | 'branchId' | 'status' | 'grandTotal' | 'received' | 'createdAt'>,
): OpenDocument => ({
  type: 'SALE',
  id: row.id,
  number: row.invoiceNumber,
  date: row.invoiceDate,
  partyId: row.partyId,
  branchId: row.branchId,
  cancelled: row.status === 'CANCELLED',
  due: balanceOf(row),
  createdAt: row.createdAt,
});

/** Sale invoices as a payment in settles them: the party's unpaid and part-paid ones, oldest first. */
export const saleAllocationKind = paidDocumentKind({ ...TABLES, label: 'invoice', openDocumentOf });
registerAllocationKind('PAYMENT_IN', saleAllocationKind);
