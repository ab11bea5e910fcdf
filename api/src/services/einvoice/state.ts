import { EINVOICE_NOT_GENERATED, IRN_CANCEL_HOURS, type EInvoiceState } from '@bahi/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { saleInvoiceIrns, saleInvoices, saleNoteIrns } from '../../db/schema';

type IrnRow = Pick<typeof saleInvoiceIrns.$inferSelect, 'irn' | 'ackNo' | 'ackDate' | 'signedQrCode'>;

/**
 * An invoice's e-invoice state from its IRN (if any), whether it was cancelled, and when its e-invoice JSON was last
 * produced (JSON ready: made, no IRN yet; a cancelled invoice without an IRN is no longer e-invoiced).
 */
export function einvoiceStateOf(irn: IrnRow | undefined, invoiceCancelled: boolean, jsonAt: Date | null = null, word = 'invoice'): EInvoiceState {
  if (!irn) return jsonAt && !invoiceCancelled ? { ...EINVOICE_NOT_GENERATED, status: 'JSON_READY' } : EINVOICE_NOT_GENERATED;
  return {
    status: invoiceCancelled ? 'CANCELLED' : 'IRN_RECEIVED',
    irn: irn.irn,
    ackNo: irn.ackNo,
    ackDate: irn.ackDate,
    signedQrCode: irn.signedQrCode,
    notice: invoiceCancelled
      ? `This ${word} has IRN ${irn.irn}: cancel the IRN on the e-invoice portal within ${IRN_CANCEL_HOURS} hours of its acknowledgement (${irn.ackDate}). After that the IRP will not cancel it and a credit note is needed.`
      : null,
  };
}

export async function irnRowsOf(db: Db | Tx, businessId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return new Map<string, IrnRow>();
  const rows = await db
    .select({
      invoiceId: saleInvoiceIrns.invoiceId,
      irn: saleInvoiceIrns.irn,
      ackNo: saleInvoiceIrns.ackNo,
      ackDate: saleInvoiceIrns.ackDate,
      signedQrCode: saleInvoiceIrns.signedQrCode,
    })
    .from(saleInvoiceIrns)
    .where(and(eq(saleInvoiceIrns.businessId, businessId), inArray(saleInvoiceIrns.invoiceId, invoiceIds)));
  return new Map(rows.map((r) => [r.invoiceId, r]));
}

/** The e-invoice state of one invoice (for the invoice answer). */
export async function einvoiceStateFor(db: Db | Tx, businessId: string, invoiceId: string, invoiceCancelled: boolean): Promise<EInvoiceState> {
  const rows = await irnRowsOf(db, businessId, [invoiceId]);
  const irn = rows.get(invoiceId);
  if (irn) return einvoiceStateOf(irn, invoiceCancelled);
  const [made] = await db
    .select({ at: saleInvoices.einvoiceJsonAt })
    .from(saleInvoices)
    .where(and(eq(saleInvoices.businessId, businessId), eq(saleInvoices.id, invoiceId)));
  return einvoiceStateOf(undefined, invoiceCancelled, made?.at ?? null);
}

/** Marks the invoices' e-invoice JSON as produced now (JSON ready until their IRN is stored). */
export async function markEInvoiceJsonMade(db: Db | Tx, businessId: string, invoiceIds: string[], now: Date) {
  if (invoiceIds.length === 0) return;
  await db
    .update(saleInvoices)
    .set({ einvoiceJsonAt: now })
    .where(and(eq(saleInvoices.businessId, businessId), inArray(saleInvoices.id, invoiceIds)));
}

/** A credit or debit note's IRN, if the IRP registered it. */
export async function noteIrnRowOf(db: Db | Tx, businessId: string, noteId: string): Promise<IrnRow | undefined> {
  const [row] = await db
    .select({ irn: saleNoteIrns.irn, ackNo: saleNoteIrns.ackNo, ackDate: saleNoteIrns.ackDate, signedQrCode: saleNoteIrns.signedQrCode })
    .from(saleNoteIrns)
    .where(and(eq(saleNoteIrns.businessId, businessId), eq(saleNoteIrns.noteId, noteId)));
  return row;
}
