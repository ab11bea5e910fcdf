import type { DocumentType, SalePayment, SaleStatus } from '@bahi/shared/contracts';
import type { Db, Tx } from '../../db/client';
import { documentTransactions } from '../accounts';
import { allocationsTo } from '../payments/allocation';
import { money } from './records';

/** Paid in full (a zero document too), part paid, or nothing yet: sale invoices and purchase bills alike. */
export const paymentStatus = (paid: number, grandTotal: number): Exclude<SaleStatus, 'CANCELLED'> =>
  paid >= grandTotal ? 'PAID' : paid > 0 ? 'PARTIAL' : 'UNPAID';

/** Not fully paid after its due date (never a cancelled document). */
export const isOverdue = (row: { status: string; dueDate: string }, today: string) =>
  (row.status === 'UNPAID' || row.status === 'PARTIAL') && row.dueDate < today;

/**
 * The payments of a document: its own transactions of `paymentType` (each marked once reversed), and its share of
 * payments not tied to one bill (payment/payment-in, payment/payment-out), marked reversed once the document is
 * cancelled (the money then stays with the party as an advance). Oldest first.
 */
export async function documentPayments(
  db: Db | Tx,
  businessId: string,
  documentType: DocumentType,
  id: string,
  paymentType: string,
  cancelled = false,
): Promise<SalePayment[]> {
  const moves = await documentTransactions(db, businessId, documentType, [id]);
  const reversed = new Set(moves.map((m) => m.t.reversesId).filter((r): r is string => r !== null));
  const payments: SalePayment[] = moves
    .filter((m) => m.t.type === paymentType)
    .map((m) => ({
      id: m.t.id,
      date: m.t.date,
      amount: money(m.t.amount),
      mode: m.t.mode as SalePayment['mode'],
      accountId: m.t.accountId,
      accountName: m.accountName,
      reference: m.t.reference,
      reversed: reversed.has(m.t.id),
      createdAt: m.t.createdAt.toISOString(),
    }));
  for (const a of await allocationsTo(db, businessId, documentType, id)) {
    payments.push({ ...a, mode: a.mode as SalePayment['mode'], reversed: cancelled });
  }
  return payments.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : 0));
}
