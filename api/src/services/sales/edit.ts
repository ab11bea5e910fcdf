import { transportColumns } from '../ewaybill/state';
import { addDays, indiaToday, type CreateSaleRequest, type SaleInvoice } from '@bahi/shared/contracts';
import { moneyText, toPaise } from '@bahi/shared/india';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { saleInvoiceIrns, saleInvoiceLines, saleInvoices, saleNotes } from '../../db/schema';
import { HttpError, badRequest } from '../../errors';
import { documentDate } from '../documents/dates';
import { checkEditKeepsNumber, checkEditable, editedDate, entriesToReverse, reverseEditedEntries, type EditedDocument } from '../documents/edit';
import { paymentStatus } from '../documents/payments';
import { prepareDocument, requireRatesInForce, type DocumentContext } from '../documents/prepare';
import { documentLineRows, findDocumentRow, headerValues, lineValues } from '../documents/records';
import { returnToStock, stockBranchOf, stockLinesOf, takeFromStock, type StockDocument } from '../documents/stock';
import { withIdempotency } from '../idempotency';
import { postSale } from '../ledger/postings';
import { INVOICE_NOT_FOUND, getSaleInvoice } from './index';

type InvoiceRow = typeof saleInvoices.$inferSelect;

/**
 * Why an invoice cannot be edited, when it cannot (else null): an IRN (the IRP has it as it was), or credit and debit
 * notes that follow it (they were worked out from its lines). A cancelled one, or one in a closed period, neither.
 */
export async function saleEditRefusal(tx: Parameters<typeof checkEditable>[0], businessId: string, row: InvoiceRow): Promise<Array<string | null>> {
  const [irn] = await tx
    .select({ irn: saleInvoiceIrns.irn })
    .from(saleInvoiceIrns)
    .where(and(eq(saleInvoiceIrns.businessId, businessId), eq(saleInvoiceIrns.invoiceId, row.id)));
  const notes = await tx
    .select({ number: saleNotes.noteNumber })
    .from(saleNotes)
    .where(and(eq(saleNotes.businessId, businessId), eq(saleNotes.invoiceId, row.id), eq(saleNotes.status, 'ISSUED')))
    .orderBy(saleNotes.noteDate, saleNotes.seriesNo);
  return [
    irn ? `Invoice ${row.invoiceNumber} has IRN ${irn.irn}: it cannot be edited. Cancel it and issue a credit note instead` : null,
    notes.length
      ? `Invoice ${row.invoiceNumber} has notes against it (${notes.map((n) => n.number).join(', ')}): it cannot be edited. Cancel the notes first`
      : null,
  ];
}

/**
 * sale/update-sale/:id, in one transaction: the invoice keeps its id, number and payments; its old stock movements
 * (and serials) are moved back and its journal entry reversed, dated the old invoice date; the new lines take stock
 * and post their entry, dated the new invoice date. The body is the create body (an omitted date keeps the stored
 * one); a payment is recorded against the invoice (sale/record-payment), not with an edit. Refused with 409 when the
 * invoice is cancelled, has an IRN or notes, lies in a closed period, or the new total is below what was received.
 */
export async function updateSale(ctx: DocumentContext, id: string, body: z.output<typeof CreateSaleRequest>, key: string | undefined): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const scope = { businessId, key, scope: 'sale.update', body: { invoiceId: id, ...body }, resourceId: id, now };
  await withIdempotency(db, scope, async (tx) => {
    const row = await findDocumentRow(tx, saleInvoices, businessId, id, true);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    const stored: EditedDocument = {
      type: 'SALE',
      id,
      what: `Invoice ${row.invoiceNumber}`,
      status: row.status,
      date: row.invoiceDate,
      financialYear: row.financialYear,
      branchId: row.branchId,
      paid: row.received,
    };
    await checkEditable(tx, businessId, stored, await saleEditRefusal(tx, businessId, row));
    if (body.payment) throw badRequest('A payment is recorded against the invoice (record payment), not with an edit', 'payment');
    if (body.quotationId && body.quotationId !== row.quotationId) {
      throw badRequest('The quotation an invoice converts does not change with an edit', 'quotationId');
    }

    const invoiceDate = await documentDate(tx, businessId, now, editedDate(body.invoiceDate, row.invoiceDate), 'invoiceDate', 'Invoice date');
    const doc = await prepareDocument(tx, auth, { ...body, branchId: body.branchId ?? row.branchId, date: invoiceDate });
    requireRatesInForce(doc.lines, invoiceDate);
    if (body.shippingBill && !doc.isExport) throw badRequest('A shipping bill is for an export (a sale to an overseas party) only', 'shippingBill');
    if (body.shippingBill?.date && body.shippingBill.date < invoiceDate) {
      throw badRequest('Shipping bill date cannot be before the invoice date', 'shippingBill.date');
    }
    const dueDate = body.dueDate ?? addDays(invoiceDate, doc.party?.creditPeriod ?? 0);
    if (dueDate < invoiceDate) throw badRequest('Due date cannot be before the invoice date', 'dueDate');
    const grandTotal = doc.figures.totals.grandTotal;
    await checkEditKeepsNumber(tx, businessId, stored, { branchId: doc.branch.id, date: invoiceDate, dateField: 'invoiceDate', grandTotal, paidLabel: 'received' });

    // The old: its goods and serials back into stock, its entry reversed, both dated as it was.
    const number = row.invoiceNumber;
    const document = { type: 'SALE', id, number };
    const branch = await stockBranchOf(tx, businessId, row.branchId);
    const oldLines = await documentLineRows(tx, saleInvoiceLines, businessId, id);
    const at = (date: string): StockDocument => ({ businessId, branch, document, date, userId: auth.user.id, now });
    await returnToStock(tx, at(row.invoiceDate), stockLinesOf(oldLines), 'SALE_EDIT', `Sale ${number} edited: earlier lines back`);
    await reverseEditedEntries(tx, businessId, stored, await entriesToReverse(tx, businessId, stored), { userId: auth.user.id, now });

    // The new, as create-sale saves it.
    await takeFromStock(tx, at(invoiceDate), doc.lines, 'SALE', `Sale ${number}`);
    // The header as create writes it, but for who made it and when.
    const { id: _id, businessId: _b, createdBy: _by, createdAt: _at, ...header } = headerValues(businessId, id, doc, row, {
      notes: body.notes,
      terms: body.terms,
      createdBy: auth.user.id,
      now,
    });
    await tx
      .update(saleInvoices)
      .set({
        ...header,
        invoiceDate,
        dueDate,
        status: paymentStatus(toPaise(moneyText(row.received)), grandTotal),
        exportType: doc.exportType,
        lutNumber: doc.lutNumber,
        shippingBillNumber: body.shippingBill?.number ?? null,
        shippingBillDate: body.shippingBill?.date ?? null,
        shippingPortCode: body.shippingBill?.portCode ?? null,
        // Transport details sent with the edit replace the invoice's; none sent leaves them.
        ...(body.transport !== undefined ? transportColumns(body.transport) : {}),
      })
      .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, id)));
    await tx.delete(saleInvoiceLines).where(and(eq(saleInvoiceLines.businessId, businessId), eq(saleInvoiceLines.documentId, id)));
    await tx.insert(saleInvoiceLines).values(lineValues(businessId, id, doc));
    await postSale(tx, {
      businessId,
      branchId: doc.branch.id,
      date: invoiceDate,
      document,
      partyId: doc.party?.id ?? null,
      totals: doc.figures.totals,
      lines: doc.lines.map((l, i) => ({ ...l, taxableValue: doc.figures.lines[i].taxableValue })),
      createdBy: auth.user.id,
      now,
    });
  });
  return getSaleInvoice(db, businessId, id, indiaToday(now));
}
