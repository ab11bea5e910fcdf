import { EINVOICE_NOT_GENERATED, IRN_CANCEL_HOURS, type EInvoiceState } from '@bahi/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { saleInvoiceIrns } from '../../db/schema';

type IrnRow = Pick<typeof saleInvoiceIrns.$inferSelect, 'irn' | 'ackNo' | 'ackDate' | 'signedQrCode'>;

/** An invoice's e-invoice state from its IRN (if any) and whether it was cancelled. */
export function einvoiceStateOf(irn: IrnRow | undefined, invoiceCancelled: boolean): EInvoiceState {
  if (!irn) return EINVOICE_NOT_GENERATED;
  return {
    status: invoiceCancelled ? 'CANCELLED' : 'IRN_RECEIVED',
    irn: irn.irn,
    ackNo: irn.ackNo,
    ackDate: irn.ackDate,
    signedQrCode: irn.signedQrCode,
    notice: invoiceCancelled
      ? `This invoice has IRN ${irn.irn}: cancel the IRN on the e-invoice portal within ${IRN_CANCEL_HOURS} hours of its acknowledgement (${irn.ackDate}). After that the IRP will not cancel it and a credit note is needed.`
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
  return einvoiceStateOf(rows.get(invoiceId), invoiceCancelled);
}
