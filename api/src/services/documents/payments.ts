import type { DocumentType, SalePayment, SaleStatus } from '@bahi/shared/contracts';
import type { Db, Tx } from '../../db/client';
import { documentTransactions } from '../accounts';
import { money } from './records';

/** Paid in full (a zero document too), part paid, or nothing yet: sale invoices and purchase bills alike. */
export const paymentStatus = (paid: number, grandTotal: number): Exclude<SaleStatus, 'CANCELLED'> =>
  paid >= grandTotal ? 'PAID' : paid > 0 ? 'PARTIAL' : 'UNPAID';

/** Not fully paid after its due date (never a cancelled document). */
export const isOverdue = (row: { status: string; dueDate: string }, today: string) =>
  (row.status === 'UNPAID' || row.status === 'PARTIAL') && row.dueDate < today;

/** The payments of a document (its transactions of `paymentType`), each marked once reversed. */
export async function documentPayments(db: Db | Tx, businessId: string, documentType: DocumentType, id: string, paymentType: string): Promise<SalePayment[]> {
  const moves = await documentTransactions(db, businessId, documentType, [id]);
  const reversed = new Set(moves.map((m) => m.t.reversesId).filter((r): r is string => r !== null));
  return moves
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
}
