import { randomUUID } from 'node:crypto';
import {
  PURCHASE_PAGE_SIZE_DEFAULT,
  addDays,
  indiaToday,
  type CancelDocumentRequest,
  type CreatePurchaseRequest,
  type NextNumberQuery,
  type PurchaseAttachment,
  type PurchaseInvoice,
  type PurchaseInvoiceListQuery,
  type PurchaseInvoiceSummary,
  type PurchaseListMeta,
  type RecordPaymentRequest,
} from '@bahi/shared/contracts';
import { financialYearOf } from '@bahi/shared/gst';
import { fromPaise, moneyText } from '@bahi/shared/india';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { purchaseDebitNotes, purchaseInvoiceLines, purchaseInvoices, storeBranches } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, pgError } from '../../errors';
import { paidDocumentKind } from '../documents/allocation';
import { cancelPaidDocument } from '../documents/cancel';
import { checkBooksOpenToChange, documentDate } from '../documents/dates';
import { paidDocumentFilters } from '../documents/list';
import { PURCHASE_PREFIX, peekNumber, takeNumber } from '../documents/numbering';
import { balanceDue, balanceDueSql, documentPayments, isOverdue, payDocument, paymentStatus, paymentWithDocument, recordDocumentPayment } from '../documents/payments';
import { BRANCH_NOT_FOUND, activeOrDefaultBranch, prepareDocument, requireRatesInForce, type DocumentContext } from '../documents/prepare';
import { findBranchRow } from '../branches';
import { documentFieldsOf, documentLineRows, findDocumentRow, headerValues, insertDocumentRows } from '../documents/records';
import { billCredit, billLineValues, creditColumns, postBill, rememberPurchasePrices } from './bill-rows';
import { receiveIntoStock, removeReceived, type StockDocument } from '../documents/stock';
import { withIdempotency } from '../idempotency';
import { deleteFiles, putFile, readFile } from '../files';
import { cancelBillVouchers, isUnregisteredSupplier, issuePaymentVoucher, takeSelfInvoiceNumber } from './rcm';
import { registerAllocationKind } from '../payments/kinds';
import { voucherNumbers } from '../payments/vouchers';
import type { AllocatableKind, OpenDocument } from '../payments/allocation';
import { UUID } from '../../db/ids';

export const PURCHASE_NOT_FOUND = 'Purchase bill not found';
/** Where a purchase bill is stored, for the code of services/documents. */
const TABLES = { type: 'PURCHASE', table: purchaseInvoices, lineTable: purchaseInvoiceLines, paid: 'paid' } as const;

type PurchaseRow = typeof purchaseInvoices.$inferSelect;

const balanceOf = (row: Pick<PurchaseRow, 'status' | 'grandTotal' | 'paid'>) => balanceDue(row.status, row.grandTotal, row.paid);

export const attachmentUrl = (id: string) => `/api/purchase/purchase-invoice/${id}/attachment`;

const duplicateBill = (billNumber: string, partyName: string, financialYear: string) =>
  conflict(`Bill ${billNumber} of ${partyName} is already entered for ${financialYear}`, 'billNumber');

// ---------------------------------------------------------------------------------------------------------------
// Creating

/**
 * purchase/create-purchase, all in one transaction: the supplier's bill (once per supplier and year), our reference
 * number from the branch's series, the bill and its lines with their input tax credit, stock and serials in, the
 * items' last purchase price, and the payment made now. A retry with the same Idempotency-Key answers the first bill.
 */
export async function createPurchase(ctx: DocumentContext, body: z.output<typeof CreatePurchaseRequest>, key: string | undefined): Promise<PurchaseInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId: auth.businessId, key, scope: 'purchase.create', body, resourceId: id, now }, async (tx) => {
    const doc = await prepareDocument(tx, auth, body, 'PURCHASE');
    const party = doc.party!;
    const billDate = await documentDate(tx, auth.businessId, now, body.billDate, 'billDate', 'Bill date');
    // The supplier's bill follows the law of its date too.
    requireRatesInForce(doc.lines, billDate);
    const dueDate = body.dueDate ?? addDays(billDate, party.creditPeriod ?? 0);
    if (dueDate < billDate) throw badRequest('Due date cannot be before the bill date', 'dueDate');
    const financialYear = financialYearOf(billDate).label;

    const [same] = await tx
      .select({ id: purchaseInvoices.id })
      .from(purchaseInvoices)
      .where(
        and(
          eq(purchaseInvoices.businessId, auth.businessId),
          eq(purchaseInvoices.partyId, party.id),
          eq(purchaseInvoices.financialYear, financialYear),
          sql`lower(${purchaseInvoices.billNumber}) = lower(${body.billNumber})`,
          sql`${purchaseInvoices.status} <> 'CANCELLED'`,
        ),
      );
    if (same) throw duplicateBill(body.billNumber, party.name, financialYear);

    const grandTotal = doc.figures.totals.grandTotal;
    const { paid, account } = await paymentWithDocument(tx, auth.businessId, body.payment, grandTotal, 'Payment made cannot be more than the bill total');

    const number = await takeNumber(tx, auth.businessId, {
      kind: 'PURCHASE',
      prefix: PURCHASE_PREFIX,
      date: billDate,
      branchName: doc.branch.name,
      branchId: doc.branch.id,
    });
    const stockDoc: StockDocument = {
      businessId: auth.businessId,
      branch: doc.branch,
      document: { type: 'PURCHASE', id, number: number.number },
      date: billDate,
      userId: auth.user.id,
      now,
    };
    await receiveIntoStock(tx, stockDoc, doc.lines, 'PURCHASE', `Purchase ${number.number} (bill ${body.billNumber})`);

    // Reverse charge from an unregistered supplier: the self-invoice is issued on receipt.
    const selfInvoice =
      body.reverseCharge && isUnregisteredSupplier(doc.partySnapshot)
        ? await takeSelfInvoiceNumber(tx, auth.businessId, doc.branch, doc.branchSnapshot.gstin, billDate)
        : null;
    const credit = billCredit(doc, body);
    try {
      await insertDocumentRows(
        tx,
        tx.insert(purchaseInvoices).values({
          ...headerValues(auth.businessId, id, doc, number, { notes: body.notes, createdBy: auth.user.id, now }),
          referenceNumber: number.number,
          billNumber: body.billNumber,
          billDate,
          dueDate,
          // The supplier's bill decides the year it is counted in.
          financialYear,
          status: paymentStatus(paid, grandTotal),
          paid: fromPaise(paid),
          ...creditColumns(doc, body, credit),
          selfInvoiceNumber: selfInvoice?.number ?? null,
          selfInvoiceSeriesPrefix: selfInvoice?.seriesPrefix ?? null,
          selfInvoiceSeriesNo: selfInvoice?.seriesNo ?? null,
        }),
        tx.insert(purchaseInvoiceLines).values(billLineValues(auth.businessId, id, doc, credit)),
      );
    } catch (e) {
      // A concurrent twin of the same supplier's bill.
      if (pgError(e)?.code === UNIQUE_VIOLATION && pgError(e)?.constraint === 'purchase_invoices_bill_key') {
        throw duplicateBill(body.billNumber, party.name, financialYear);
      }
      throw e;
    }
    const document = { type: 'PURCHASE', id, number: number.number };
    await postBill(tx, { businessId: auth.businessId, userId: auth.user.id, doc, body, credit, date: billDate, document, partyId: party.id, now });
    await rememberPurchasePrices(tx, auth.businessId, doc, now);

    if (body.payment && account) {
      const transactionId = await recordDocumentPayment(tx, {
        businessId: auth.businessId,
        document: { type: 'PURCHASE', id, number: number.number },
        branchId: doc.branch.id,
        partyId: party.id,
        accountId: account.id,
        date: billDate,
        amount: paid,
        mode: body.payment.mode,
        reference: body.payment.reference ?? null,
        createdBy: auth.user.id,
        now,
        field: 'payment.amount',
      });
      if (selfInvoice) await issuePaymentVoucher(tx, auth.businessId, { transactionId, date: billDate, now }, [{ purchaseId: id, amount: paid }]);
    }
  });
  return getPurchase(db, auth.businessId, result.resourceId, today);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

export const findPurchase = (db: Db | Tx, businessId: string, id: string, forUpdate = false) =>
  findDocumentRow(db, purchaseInvoices, businessId, id, forUpdate);

function attachmentOf(row: PurchaseRow): PurchaseAttachment | null {
  if (!row.attachmentFileId || !row.attachmentContentType) return null;
  return {
    contentType: row.attachmentContentType as PurchaseAttachment['contentType'],
    size: row.attachmentSize ?? 0,
    fileName: attachmentName(row),
    url: attachmentUrl(row.id),
    uploadedAt: (row.attachmentUploadedAt ?? row.updatedAt).toISOString(),
  };
}

export async function getPurchase(db: Db | Tx, businessId: string, id: string, today: string): Promise<PurchaseInvoice> {
  const row = await findPurchase(db, businessId, id);
  if (!row) throw new HttpError(404, PURCHASE_NOT_FOUND);
  const lines = await documentLineRows(db, purchaseInvoiceLines, businessId, id);
  const fields = documentFieldsOf(row, lines);
  const byNo = new Map(lines.map((l) => [l.lineNo, l]));
  const payments = await documentPayments(db, businessId, 'PURCHASE', id, 'PURCHASE_PAYMENT', row.status === 'CANCELLED');
  const vouchers = await voucherNumbers(db, businessId, payments.map((p) => p.id));
  return {
    ...fields,
    party: fields.party!,
    lines: fields.lines.map((l) => ({ ...l, itcEligible: byNo.get(l.lineNo)!.itcEligible, itcAmount: moneyText(byNo.get(l.lineNo)!.itcAmount) })),
    referenceNumber: row.referenceNumber,
    billNumber: row.billNumber,
    billDate: row.billDate,
    dueDate: row.dueDate,
    status: row.status,
    isOverdue: isOverdue(row, today),
    reverseCharge: row.reverseCharge,
    reverseChargeTax: moneyText(row.reverseChargeTax),
    itc: { cgst: moneyText(row.itcCgst), sgst: moneyText(row.itcSgst), igst: moneyText(row.itcIgst), cess: moneyText(row.itcCess) },
    itcAmount: moneyText(row.itcAmount),
    paid: moneyText(row.paid),
    balance: fromPaise(balanceOf(row)),
    payments: payments.map((p) => ({ ...p, paymentVoucherNumber: vouchers.get(p.id) ?? null })),
    selfInvoiceNumber: row.selfInvoiceNumber,
    attachment: attachmentOf(row),
  };
}

export interface PurchasePage {
  data: PurchaseInvoiceSummary[];
  meta: PurchaseListMeta;
}

const balanceSql = balanceDueSql(purchaseInvoices, purchaseInvoices.paid);

/**
 * purchase/purchase-invoices: newest bill first, one page, and over everything the filter matches the count and the
 * sums of grand total, paid, balance and ITC (a cancelled bill counts, but adds nothing to the sums).
 */
export async function listPurchases(db: Db, businessId: string, q: z.output<typeof PurchaseInvoiceListQuery>, today: string): Promise<PurchasePage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PURCHASE_PAGE_SIZE_DEFAULT;
  const t = purchaseInvoices;
  const where = and(
    ...paidDocumentFilters(
      t,
      { date: t.billDate, search: t.searchText },
      businessId,
      q,
      today,
    ),
  );
  const rows = await db
    .select({
      id: t.id,
      referenceNumber: t.referenceNumber,
      billNumber: t.billNumber,
      financialYear: t.financialYear,
      billDate: t.billDate,
      dueDate: t.dueDate,
      status: t.status,
      branchId: t.branchId,
      branchName: storeBranches.name,
      partyId: t.partyId,
      partyName: t.partyName,
      partyMobile: t.partyMobile,
      supplyType: t.supplyType,
      reverseCharge: t.reverseCharge,
      grandTotal: t.grandTotal,
      itcAmount: t.itcAmount,
      paid: t.paid,
      hasAttachment: sql<boolean>`${t.attachmentFileId} is not null`,
      createdAt: t.createdAt,
    })
    .from(t)
    .innerJoin(storeBranches, and(eq(storeBranches.businessId, t.businessId), eq(storeBranches.id, t.branchId)))
    .where(where)
    // One date's documents by their number, newest first (concurrent saves commit in any order).
    .orderBy(desc(t.billDate), desc(t.seriesNo), desc(t.createdAt), desc(t.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const live = sql`filter (where ${t.status} <> 'CANCELLED')`;
  const [sums] = await db
    .select({
      total: sql<number>`count(*)::int`,
      grandTotal: sql<string>`coalesce(sum(${t.grandTotal}) ${live}, 0)::text`,
      paid: sql<string>`coalesce(sum(${t.paid}), 0)::text`,
      balance: sql<string>`coalesce(sum(${balanceSql}), 0)::text`,
      itcAmount: sql<string>`coalesce(sum(${t.itcAmount}) ${live}, 0)::text`,
    })
    .from(t)
    .where(where);
  return {
    data: rows.map((r) => ({
      ...r,
      partyId: r.partyId!,
      partyName: r.partyName ?? '',
      isOverdue: isOverdue(r, today),
      grandTotal: moneyText(r.grandTotal),
      itcAmount: moneyText(r.itcAmount),
      paid: moneyText(r.paid),
      balance: fromPaise(balanceOf(r)),
      hasAttachment: Boolean(r.hasAttachment),
      createdAt: r.createdAt.toISOString(),
    })),
    meta: {
      total: Number(sums.total),
      page,
      pageSize,
      grandTotal: moneyText(sums.grandTotal),
      paid: moneyText(sums.paid),
      balance: moneyText(sums.balance),
      itcAmount: moneyText(sums.itcAmount),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Payments, cancelling, the attached bill

/** purchase/record-payment/:id: a payment out to the supplier, at most the balance; cash never below 0. */
export async function recordPurchasePayment(
  ctx: DocumentContext,
  id: string,
  body: z.output<typeof RecordPaymentRequest>,
  key: string | undefined,
): Promise<PurchaseInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  await withIdempotency(
    db,
    { businessId: auth.businessId, key, scope: 'purchase.payment', body: { purchaseId: id, ...body }, resourceId: UUID.test(id) ? id : randomUUID(), now },
    async (tx) => {
      const row = await findPurchase(tx, auth.businessId, id, true);
      if (!row) throw new HttpError(404, PURCHASE_NOT_FOUND);
      const payment = await payDocument(tx, ctx, purchaseAllocationKind, openDocumentOf(row), `Purchase ${row.referenceNumber}`, body);
      if (row.selfInvoiceNumber) {
        await issuePaymentVoucher(tx, auth.businessId, { transactionId: payment.transactionId, date: payment.date, now }, [{ purchaseId: id, amount: payment.amount }]);
      }
    },
  );
  return getPurchase(db, auth.businessId, id, today);
}

/**
 * purchase/cancel-purchase/:id, in one transaction: the stock and serials it brought in leave again (refused with a
 * 409 naming the item when they have been sold meanwhile), its payments are reversed, and it becomes CANCELLED (it
 * keeps its reference number). Twice answers 409, and so does a bill with debit notes not cancelled (naming them).
 */
export async function cancelPurchase(ctx: DocumentContext, id: string, body: CancelDocumentRequest): Promise<PurchaseInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  await db.transaction(async (tx) => {
    const row = await findPurchase(tx, auth.businessId, id, true);
    if (!row) throw new HttpError(404, PURCHASE_NOT_FOUND);
    await checkBooksOpenToChange(tx, auth.businessId, row.billDate, now);
    // A bill its debit notes still reduce stays: the notes are cancelled first.
    const notes = await tx
      .select({ noteNumber: purchaseDebitNotes.noteNumber })
      .from(purchaseDebitNotes)
      .where(and(eq(purchaseDebitNotes.businessId, auth.businessId), eq(purchaseDebitNotes.purchaseId, id), eq(purchaseDebitNotes.status, 'ISSUED')))
      .orderBy(asc(purchaseDebitNotes.seriesNo));
    if (notes.length) {
      const numbers = notes.map((n) => n.noteNumber).join(', ');
      throw conflict(`Purchase ${row.referenceNumber} has ${notes.length === 1 ? 'debit note' : 'debit notes'} ${numbers}: cancel ${notes.length === 1 ? 'it' : 'them'} first`);
    }
    await cancelPaidDocument(tx, ctx, TABLES, row, {
      number: row.referenceNumber,
      what: `Purchase ${row.referenceNumber}`,
      reason: body.reason,
      unstock: async (doc, lines) => {
        try {
          await removeReceived(tx, doc, lines, 'PURCHASE_CANCEL', `Purchase ${row.referenceNumber} cancelled`);
        } catch (e) {
          if (e instanceof HttpError && e.statusCode === 409) {
            throw conflict(`Purchase ${row.referenceNumber} cannot be cancelled: what it brought in has been sold. ${e.message}`, e.field);
          }
          throw e;
        }
      },
    });
    await cancelBillVouchers(tx, auth.businessId, id, now);
  });
  return getPurchase(db, auth.businessId, id, today);
}

/**
 * Stores the bill's file and records it on the bill, in one transaction; the file it replaces is deleted in the same
 * transaction, so a bill never names a missing file and no file outlives its bill.
 */
export async function setAttachment(
  db: Db,
  businessId: string,
  id: string,
  file: { bytes: Buffer; contentType: string; originalName: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await findPurchase(tx, businessId, id, true);
    if (!row) throw new HttpError(404, PURCHASE_NOT_FOUND);
    const fileId = await putFile(tx, businessId, { bytes: file.bytes, contentType: file.contentType });
    await tx
      .update(purchaseInvoices)
      .set({
        attachmentFileId: fileId,
        attachmentContentType: file.contentType,
        attachmentSize: file.bytes.length,
        attachmentOriginalName: file.originalName,
        attachmentUploadedAt: now,
        updatedAt: now,
      })
      .where(and(eq(purchaseInvoices.businessId, businessId), eq(purchaseInvoices.id, id)));
    await deleteFiles(tx, businessId, [row.attachmentFileId]);
  });
}

/** The attached bill's file, bytes and all, with the name to download it as; null when the bill has none. */
export async function readAttachment(db: Db, row: PurchaseRow) {
  if (!row.attachmentFileId || !row.attachmentContentType) return null;
  const file = await readFile(db, row.businessId, row.attachmentFileId);
  return file && { file, contentType: row.attachmentContentType, name: attachmentName(row) };
}

const attachmentName = (row: PurchaseRow) => row.attachmentOriginalName ?? row.attachmentFileName ?? 'bill';

// ---------------------------------------------------------------------------------------------------------------
// Settled by a payment out not tied to one bill (payment/payment-out)

const openDocumentOf = (
  row: Pick<PurchaseRow, 'id' | 'referenceNumber' | 'billDate' | 'partyId' | 'branchId' | 'status' | 'grandTotal' | 'paid' | 'createdAt'>,
): OpenDocument => ({
  type: 'PURCHASE',
  id: row.id,
  number: row.referenceNumber,
  date: row.billDate,
  partyId: row.partyId,
  branchId: row.branchId,
  cancelled: row.status === 'CANCELLED',
  due: balanceOf(row),
  createdAt: row.createdAt,
});

/** Purchase bills as a payment out settles them: the supplier's unpaid and part-paid ones, oldest bill first. */
export const purchaseAllocationKind: AllocatableKind = {
  ...paidDocumentKind({ ...TABLES, label: 'bill', openDocumentOf }),
  // Paying a bill received under reverse charge from an unregistered supplier issues a payment voucher.
  afterPayment: async (tx, businessId, payment, settled) => {
    await issuePaymentVoucher(tx, businessId, payment, settled.map((s) => ({ purchaseId: s.documentId, amount: s.amount })));
  },
};
registerAllocationKind('PAYMENT_OUT', purchaseAllocationKind);

/**
 * purchase/next-reference-number: our reference the next bill received at the branch (default: the active one)
 * would get on `date` (default today) — a preview for the new-purchase header; nothing is reserved.
 */
export async function nextPurchaseReference(ctx: DocumentContext, q: z.output<typeof NextNumberQuery>) {
  const { db, auth, now } = ctx;
  const branch = q.branchId ? await findBranchRow(db, auth.businessId, q.branchId) : await activeOrDefaultBranch(db, auth);
  if (!branch) throw new HttpError(404, BRANCH_NOT_FOUND, 'branchId');
  return peekNumber(db, auth.businessId, { kind: 'PURCHASE', prefix: PURCHASE_PREFIX, date: q.date ?? indiaToday(now), branchName: branch.name, branchId: branch.id });
}
