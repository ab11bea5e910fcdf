import { addDays, indiaToday, type CreatePurchaseRequest, type PurchaseInvoice } from '@bahi/shared/contracts';
import { financialYearOf } from '@bahi/shared/gst';
import { moneyText, toPaise } from '@bahi/shared/india';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { purchaseDebitNotes, purchaseInvoiceLines, purchaseInvoices } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, pgError } from '../../errors';
import { documentDate } from '../documents/dates';
import { checkEditKeepsNumber, checkEditable, editedDate, entriesToReverse, reverseEditedEntries, type EditedDocument } from '../documents/edit';
import { paymentStatus } from '../documents/payments';
import { prepareDocument, requireRatesInForce, type DocumentContext } from '../documents/prepare';
import { documentLineRows, headerValues } from '../documents/records';
import { replaceReceived, stockBranchOf, stockLinesOf, type StockDocument } from '../documents/stock';
import { withIdempotency } from '../idempotency';
import { billCredit, billLineValues, creditColumns, postBill, rememberPurchasePrices } from './bill-rows';
import { PURCHASE_NOT_FOUND, findPurchase, getPurchase } from './index';
import { isUnregisteredSupplier } from './rcm';

type PurchaseRow = typeof purchaseInvoices.$inferSelect;

/**
 * Why a bill cannot be edited, when it cannot (else null): debit notes against it (worked out from its lines), or a
 * self-invoice issued for it under reverse charge (a document of its own, with its payment vouchers).
 */
export async function purchaseEditRefusal(tx: Tx, businessId: string, row: PurchaseRow): Promise<Array<string | null>> {
  const notes = await tx
    .select({ noteNumber: purchaseDebitNotes.noteNumber })
    .from(purchaseDebitNotes)
    .where(and(eq(purchaseDebitNotes.businessId, businessId), eq(purchaseDebitNotes.purchaseId, row.id), eq(purchaseDebitNotes.status, 'ISSUED')))
    .orderBy(asc(purchaseDebitNotes.seriesNo));
  const what = `Purchase ${row.referenceNumber}`;
  return [
    notes.length ? `${what} has debit notes against it (${notes.map((n) => n.noteNumber).join(', ')}): it cannot be edited. Cancel the notes first` : null,
    row.selfInvoiceNumber ? `${what} has self-invoice ${row.selfInvoiceNumber}: it cannot be edited. Cancel it and enter the bill again` : null,
  ];
}

/**
 * purchase/update-purchase/:id, in one transaction: the bill keeps its id, reference number and payments. The new
 * lines come into stock and the old ones leave (serials too; 409 naming the item when goods sold meanwhile are no
 * longer covered); the new entry is posted, dated the new bill date, and then the old one reversed, dated the old
 * bill date, so the item's stock at cost takes the new cost and the old cost leaves at what it was booked at
 * (docs/accounting.md "Editing a document"). The body is the create body (an omitted date keeps the stored one); a
 * payment is made against the bill (purchase/record-payment), not with an edit. Refused with 409 when the bill is
 * cancelled, has debit notes or a self-invoice, lies in a closed period, or the new total is below what was paid.
 */
export async function updatePurchase(
  ctx: DocumentContext,
  id: string,
  body: z.output<typeof CreatePurchaseRequest>,
  key: string | undefined,
): Promise<PurchaseInvoice> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const scope = { businessId, key, scope: 'purchase.update', body: { purchaseId: id, ...body }, resourceId: id, now };
  await withIdempotency(db, scope, async (tx) => {
    const row = await findPurchase(tx, businessId, id, true);
    if (!row) throw new HttpError(404, PURCHASE_NOT_FOUND);
    const number = row.referenceNumber;
    const stored: EditedDocument = {
      type: 'PURCHASE',
      id,
      what: `Purchase ${number}`,
      status: row.status,
      date: row.billDate,
      financialYear: row.financialYear,
      branchId: row.branchId,
      paid: row.paid,
    };
    await checkEditable(tx, businessId, stored, await purchaseEditRefusal(tx, businessId, row));
    if (body.payment) throw badRequest('A payment is made against the bill (record payment), not with an edit', 'payment');

    const billDate = await documentDate(tx, businessId, now, editedDate(body.billDate, row.billDate), 'billDate', 'Bill date');
    const doc = await prepareDocument(tx, auth, { ...body, branchId: body.branchId ?? row.branchId }, 'PURCHASE');
    const party = doc.party!;
    requireRatesInForce(doc.lines, billDate);
    const dueDate = body.dueDate ?? addDays(billDate, party.creditPeriod ?? 0);
    if (dueDate < billDate) throw badRequest('Due date cannot be before the bill date', 'dueDate');
    if (body.reverseCharge && isUnregisteredSupplier(doc.partySnapshot)) {
      throw conflict(`A bill under reverse charge from an unregistered supplier needs a self-invoice: cancel ${number} and enter the bill again`, 'reverseCharge');
    }
    const grandTotal = doc.figures.totals.grandTotal;
    // The supplier's bill decides the year it is counted in, and our reference number's series.
    await checkEditKeepsNumber(tx, businessId, stored, { branchId: doc.branch.id, date: billDate, dateField: 'billDate', grandTotal, paidLabel: 'paid' });
    const financialYear = financialYearOf(billDate).label;
    const duplicate = () => conflict(`Bill ${body.billNumber} of ${party.name} is already entered for ${financialYear}`, 'billNumber');
    const [same] = await tx
      .select({ id: purchaseInvoices.id })
      .from(purchaseInvoices)
      .where(
        and(
          eq(purchaseInvoices.businessId, businessId),
          eq(purchaseInvoices.partyId, party.id),
          eq(purchaseInvoices.financialYear, financialYear),
          sql`lower(${purchaseInvoices.billNumber}) = lower(${body.billNumber})`,
          sql`${purchaseInvoices.status} <> 'CANCELLED'`,
          ne(purchaseInvoices.id, id),
        ),
      );
    if (same) throw duplicate();

    const document = { type: 'PURCHASE', id, number };
    const branch = await stockBranchOf(tx, businessId, row.branchId);
    const at = (date: string): StockDocument => ({ businessId, branch, document, date, userId: auth.user.id, now });
    const oldLines = stockLinesOf(await documentLineRows(tx, purchaseInvoiceLines, businessId, id));
    try {
      await replaceReceived(
        tx,
        { doc: at(row.billDate), lines: oldLines, kind: 'PURCHASE_EDIT', reason: `Purchase ${number} edited: earlier lines out` },
        { doc: at(billDate), lines: doc.lines, kind: 'PURCHASE', reason: `Purchase ${number} (bill ${body.billNumber})` },
      );
    } catch (e) {
      if (e instanceof HttpError && e.statusCode === 409) throw conflict(`Purchase ${number} cannot be edited so: what it brought in has been sold. ${e.message}`, e.field);
      throw e;
    }

    const credit = billCredit(doc, body);
    // The header as create writes it, but for who made it and when.
    const { id: _id, businessId: _b, createdBy: _by, createdAt: _at, ...header } = headerValues(businessId, id, doc, row, {
      notes: body.notes,
      createdBy: auth.user.id,
      now,
    });
    try {
      await tx
        .update(purchaseInvoices)
        .set({
          ...header,
          billNumber: body.billNumber,
          billDate,
          dueDate,
          status: paymentStatus(toPaise(moneyText(row.paid)), grandTotal),
          ...creditColumns(doc, body, credit),
        })
        .where(and(eq(purchaseInvoices.businessId, businessId), eq(purchaseInvoices.id, id)));
    } catch (e) {
      // A concurrent bill of the same supplier's number.
      if (pgError(e)?.code === UNIQUE_VIOLATION && pgError(e)?.constraint === 'purchase_invoices_bill_key') throw duplicate();
      throw e;
    }
    await tx.delete(purchaseInvoiceLines).where(and(eq(purchaseInvoiceLines.businessId, businessId), eq(purchaseInvoiceLines.documentId, id)));
    await tx.insert(purchaseInvoiceLines).values(billLineValues(businessId, id, doc, credit));

    // The new entry first, then the old one reversed: goods sold meanwhile never take stock at cost below nothing.
    const oldEntries = await entriesToReverse(tx, businessId, stored);
    await postBill(tx, { businessId, userId: auth.user.id, doc, body, credit, date: billDate, document, partyId: party.id, now });
    await reverseEditedEntries(tx, businessId, stored, oldEntries, { userId: auth.user.id, now });

    await rememberPurchasePrices(tx, businessId, doc, now);
  });
  return getPurchase(db, businessId, id, indiaToday(now));
}
