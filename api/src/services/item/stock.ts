import type { BranchStock, StockMovement } from '@bahi/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { itemStock, stockMovements, storeBranches, users } from '../../db/schema';
import { conflict, pgErrorCode } from '../../errors';

const CHECK_VIOLATION = '23514';

export interface StockChange {
  businessId: string;
  itemId: string;
  branch: { id: string; name: string };
  /** Signed: + in, - out. */
  delta: number;
  kind: string;
  /** YYYY-MM-DD */
  date: string;
  reason: string | null;
  userId: string | null;
  now: Date;
}

const notEnoughStock = (branchName: string, inStock: number, delta: number) =>
  conflict(
    `Not enough stock at ${branchName}: ${inStock} in stock, so it cannot go down by ${-delta}. Stock never goes below 0.`,
    'quantity',
  );

/**
 * Changes an item's stock at a branch and writes the movement that explains it. Stock never goes below 0 (409).
 * The row lock makes concurrent changes of one item at one branch queue up; the check constraint backs it up.
 * Answers the new quantity. Other areas (sales, purchases) record their stock changes through this too.
 */
export async function applyStockChange(tx: Tx, change: StockChange): Promise<number> {
  const { businessId, itemId, branch, delta, now } = change;
  const [current] = await tx
    .select({ quantity: itemStock.quantity })
    .from(itemStock)
    .where(and(eq(itemStock.businessId, businessId), eq(itemStock.itemId, itemId), eq(itemStock.branchId, branch.id)))
    .for('update');
  const before = current?.quantity ?? 0;
  if (before + delta < 0) throw notEnoughStock(branch.name, before, delta);
  let after: number;
  try {
    // Update the locked row; only a first movement inserts (a CHECK sees the inserted values before ON CONFLICT).
    const [row] = current
      ? await tx
          .update(itemStock)
          .set({ quantity: sql`${itemStock.quantity} + ${delta}`, updatedAt: now })
          .where(and(eq(itemStock.businessId, businessId), eq(itemStock.itemId, itemId), eq(itemStock.branchId, branch.id)))
          .returning({ quantity: itemStock.quantity })
      : await tx
          .insert(itemStock)
          .values({ businessId, itemId, branchId: branch.id, quantity: delta, updatedAt: now })
          .onConflictDoUpdate({
            target: [itemStock.businessId, itemStock.itemId, itemStock.branchId],
            set: { quantity: sql`${itemStock.quantity} + ${delta}`, updatedAt: now },
          })
          .returning({ quantity: itemStock.quantity });
    after = row.quantity;
  } catch (e) {
    if (pgErrorCode(e) === CHECK_VIOLATION) throw notEnoughStock(branch.name, before, delta);
    throw e;
  }
  await tx.insert(stockMovements).values({
    businessId,
    itemId,
    branchId: branch.id,
    kind: change.kind,
    quantity: delta,
    balanceAfter: after,
    date: change.date,
    reason: change.reason,
    userId: change.userId,
    createdAt: now,
  });
  return after;
}

/** Stock at every branch of the business (0 where the item never was), the active one flagged. */
export async function branchStock(db: Db, businessId: string, itemId: string, activeBranchId: string): Promise<BranchStock[]> {
  const rows = await db
    .select({ branchId: storeBranches.id, branchName: storeBranches.name, quantity: itemStock.quantity })
    .from(storeBranches)
    .leftJoin(
      itemStock,
      and(eq(itemStock.businessId, storeBranches.businessId), eq(itemStock.branchId, storeBranches.id), eq(itemStock.itemId, itemId)),
    )
    .where(eq(storeBranches.businessId, businessId))
    .orderBy(desc(storeBranches.isDefault), asc(sql`lower(${storeBranches.name})`));
  return rows.map((r) => ({ ...r, quantity: r.quantity ?? 0, isActive: r.branchId === activeBranchId }));
}

/** The newest movements of an item at every branch. */
export async function itemMovements(db: Db, businessId: string, itemId: string, limit = 500): Promise<StockMovement[]> {
  const rows = await db
    .select({
      id: stockMovements.id,
      branchId: stockMovements.branchId,
      branchName: storeBranches.name,
      kind: stockMovements.kind,
      quantity: stockMovements.quantity,
      balanceAfter: stockMovements.balanceAfter,
      date: stockMovements.date,
      reason: stockMovements.reason,
      createdBy: users.name,
      createdAt: stockMovements.createdAt,
    })
    .from(stockMovements)
    .innerJoin(storeBranches, eq(storeBranches.id, stockMovements.branchId))
    .leftJoin(users, eq(users.id, stockMovements.userId))
    .where(and(eq(stockMovements.businessId, businessId), eq(stockMovements.itemId, itemId)))
    .orderBy(desc(stockMovements.seq))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
