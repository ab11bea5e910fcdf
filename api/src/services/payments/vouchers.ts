import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentVouchers } from '../../db/schema';

/** The voucher numbers of these payments (transaction ids), where they have one. */
export async function voucherNumbers(db: Db | Tx, businessId: string, transactionIds: string[]): Promise<Map<string, string>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select({ transactionId: paymentVouchers.transactionId, number: paymentVouchers.number })
    .from(paymentVouchers)
    .where(and(eq(paymentVouchers.businessId, businessId), inArray(paymentVouchers.transactionId, transactionIds)));
  return new Map(rows.map((r) => [r.transactionId, r.number]));
}
