import type { Tx } from '../../db/client';
import { createCashAccount } from '../accounts';
import { createDefaultExpenseCategories } from '../expense';
import { seedChart } from '../ledger/journal';

/**
 * What a new business starts with, in the transaction that creates it: its Cash account, the usual expense
 * categories and its chart of accounts. Sign-up calls this one function; each area keeps its own defaults.
 */
export async function seedBusinessDefaults(tx: Tx, businessId: string, now: Date): Promise<void> {
  await createCashAccount(tx, businessId, now);
  await createDefaultExpenseCategories(tx, businessId, now);
  await seedChart(tx, businessId);
}
