import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { purchaseInvoices, saleInvoices } from '../../db/schema';
import type { AllocatableKind, OpenDocument } from '../payments/allocation';
import { paymentStatus, type PaidDocumentTables } from './payments';

type PaidTable = typeof saleInvoices | typeof purchaseInvoices;

/**
 * Paid documents as a payment not tied to one of them (payment/payment-in, payment/payment-out) settles them: the
 * party's unpaid and part-paid ones and any asked for by id, locked for update in id order; settling adds to what
 * the `paid` column holds (`received` of a sale invoice, `paid` of a purchase bill) and updates the status.
 */
export function paidDocumentKind<T extends PaidTable>(
  o: PaidDocumentTables & { table: T; label: string; openDocumentOf: (row: T['$inferSelect']) => OpenDocument },
): AllocatableKind {
  // One table type for the query builder; the columns named are in both tables.
  const t = o.table as typeof saleInvoices;
  const paidColumn = (o.table as unknown as Record<'received' | 'paid', typeof saleInvoices.received>)[o.paid];
  const open = (rows: unknown[]) => (rows as T['$inferSelect'][]).map(o.openDocumentOf);
  return {
    type: o.type,
    label: o.label,
    async openDocuments(tx, businessId, partyId) {
      const rows = await tx
        .select()
        .from(t)
        .where(and(eq(t.businessId, businessId), eq(t.partyId, partyId), sql`${t.status} in ('UNPAID', 'PARTIAL')`))
        .orderBy(asc(t.id))
        .for('update');
      return open(rows);
    },
    async findDocuments(tx, businessId, ids) {
      if (ids.length === 0) return [];
      const rows = await tx
        .select()
        .from(t)
        .where(and(eq(t.businessId, businessId), sql`${t.id} = any(${sql.param(ids)}::uuid[])`))
        .orderBy(asc(t.id))
        .for('update');
      return open(rows);
    },
    async settle(tx, businessId, doc, amount, now) {
      const [row] = await tx
        .select({ grandTotal: t.grandTotal, paid: paidColumn })
        .from(t)
        .where(and(eq(t.businessId, businessId), eq(t.id, doc.id)));
      const paid = toPaise(moneyText(row.paid)) + amount;
      await tx
        .update(t)
        .set({ [o.paid]: fromPaise(paid), status: paymentStatus(paid, toPaise(moneyText(row.grandTotal))), updatedAt: now })
        .where(and(eq(t.businessId, businessId), eq(t.id, doc.id)));
    },
  };
}
