import { indiaToday } from '@bahi/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { saleInvoices } from '../../db/schema';
import { conflict } from '../../errors';
import { reverseDocumentTransactions } from '../accounts';
import { reverseDocumentEntries } from '../ledger/journal';
import type { PaidDocumentTables } from './payments';
import type { DocumentContext } from './prepare';
import { documentLineRows } from './records';
import { stockBranchOf, stockLinesOf, type StockDocument, type StockLine } from './stock';

/** The reversal of each paid document's payments. */
const REVERSAL_OF = { SALE: 'SALE_PAYMENT_REVERSAL', PURCHASE: 'PURCHASE_PAYMENT_REVERSAL' } as const;

/**
 * Cancels a stored paid document (its row locked for update by the caller), inside the caller's transaction:
 * refused with 409 when `what` ("Invoice S-1") is cancelled already; otherwise `unstock` moves its lines back at
 * its branch, its payments are reversed by opposite transactions (noted with the reason), and it becomes
 * CANCELLED with nothing paid (it keeps its number).
 */
export async function cancelPaidDocument(
  tx: Tx,
  ctx: Pick<DocumentContext, 'auth' | 'now'>,
  tables: PaidDocumentTables,
  row: { id: string; branchId: string; status: string },
  o: { number: string; what: string; reason: string; unstock: (doc: StockDocument, lines: StockLine[]) => Promise<void> },
) {
  const { now } = ctx;
  const businessId = ctx.auth.businessId;
  const today = indiaToday(now);
  const userId = ctx.auth.user.id;
  if (row.status === 'CANCELLED') throw conflict(`${o.what} is already cancelled`);
  const lines = await documentLineRows(tx, tables.lineTable, businessId, row.id);
  const branch = await stockBranchOf(tx, businessId, row.branchId);
  const document = { type: tables.type, id: row.id, number: o.number };
  await o.unstock({ businessId, branch, document, date: today, userId, now }, stockLinesOf(lines));
  await reverseDocumentTransactions(tx, {
    businessId,
    document: { type: tables.type, id: row.id },
    type: REVERSAL_OF[tables.type],
    date: today,
    note: `${o.what} cancelled: ${o.reason}`,
    createdBy: userId,
    now,
  });
  await reverseDocumentEntries(tx, businessId, document, { date: today, narration: `${o.what} cancelled: ${o.reason}`, createdBy: userId, now });
  // One table type for the query builder; the columns named are in both tables.
  const t = tables.table as typeof saleInvoices;
  await tx
    .update(t)
    .set({ status: 'CANCELLED', [tables.paid]: '0.00', cancelledAt: now, cancelReason: o.reason, updatedAt: now })
    .where(and(eq(t.businessId, businessId), eq(t.id, row.id)));
}
