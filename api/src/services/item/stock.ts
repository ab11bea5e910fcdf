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
  /** The document that moves the stock (a sale), recorded on the movement. */
  document?: { type: string; id: string };
  /** Named in the 409 when stock runs out, with the request field it answers for. */
  itemName?: string;
  field?: string;
}

const notEnoughStock = (change: StockChange, inStock: number) =>
  conflict(
    `Not enough stock${change.itemName ? ` of ${change.itemName}` : ''} at ${change.branch.name}: ${inStock} in stock, ` +
      `so it cannot go down by ${-change.delta}. Stock never goes below 0.`,
    change.field ?? 'quantity',
  );

/**
 * Changes an item's stock at a branch and writes the movement that explains it. Stock never goes below 0 (409).
 * Answers the new quantity. Other areas (sales, purchases) record their stock changes through `applyStockChanges`.
 */
export async function applyStockChange(tx: Tx, change: StockChange): Promise<number> {
  const [after] = await applyStockChanges(tx, [change]);
  return after;
}

/** Quantities have three decimals: compared and summed as whole thousandths, never as floats. */
const milli = (q: number) => Math.round(q * 1000);
const key = (itemId: string, branchId: string) => `${itemId}/${branchId}`;

/**
 * Several stock changes of one business in one go (a document's lines), each with its movement, in four statements
 * whatever their number. The stock rows are locked in item order, so two writers never wait on each other in a
 * cycle, and concurrent changes of one item at one branch queue up; stock never goes below 0 (409 naming the first
 * change, in the given order, that would take it there; the check constraint backs it up). Answers each change's
 * quantity after it.
 */
export async function applyStockChanges(tx: Tx, changes: StockChange[]): Promise<number[]> {
  if (changes.length === 0) return [];
  const businessId = changes[0].businessId;
  if (changes.some((c) => c.businessId !== businessId)) throw new Error('applyStockChanges: one business at a time');
  const pairs = [...new Map(changes.map((c) => [key(c.itemId, c.branch.id), c])).values()];
  const locked = (await tx.execute(sql`
    select s.item_id, s.branch_id, s.quantity::text as quantity
    from item_stock s
    join unnest(${sql.param(pairs.map((c) => c.itemId))}::uuid[], ${sql.param(pairs.map((c) => c.branch.id))}::uuid[]) as w(item_id, branch_id)
      on w.item_id = s.item_id and w.branch_id = s.branch_id
    where s.business_id = ${businessId}
    order by s.item_id, s.branch_id
    for update of s`)) as unknown as { rows: { item_id: string; branch_id: string; quantity: string }[] };

  const current = new Map(locked.rows.map((r) => [key(r.item_id, r.branch_id), milli(Number(r.quantity))]));
  const existing = new Set(current.keys());
  const afters = changes.map((c) => {
    const k = key(c.itemId, c.branch.id);
    const before = current.get(k) ?? 0;
    const after = before + milli(c.delta);
    if (after < 0) throw notEnoughStock(c, before / 1000);
    current.set(k, after);
    return after;
  });

  const net = pairs.map((c) => {
    const k = key(c.itemId, c.branch.id);
    return { c, k, delta: changes.filter((x) => key(x.itemId, x.branch.id) === k).reduce((sum, x) => sum + milli(x.delta), 0) };
  });
  const updates = net.filter((n) => existing.has(n.k));
  const inserts = net.filter((n) => !existing.has(n.k));
  const now = changes[0].now;
  try {
    // Update the locked rows; only an item's first movement at a branch inserts (a CHECK sees the inserted values
    // before ON CONFLICT, so a reduction must never go through an insert).
    if (updates.length) {
      await tx.execute(sql`
        update item_stock s set quantity = s.quantity + w.delta / 1000.0, updated_at = ${now}
        from unnest(${sql.param(updates.map((u) => u.c.itemId))}::uuid[], ${sql.param(updates.map((u) => u.c.branch.id))}::uuid[],
                    ${sql.param(updates.map((u) => u.delta))}::bigint[]) as w(item_id, branch_id, delta)
        where s.business_id = ${businessId} and s.item_id = w.item_id and s.branch_id = w.branch_id`);
    }
    if (inserts.length) {
      await tx.execute(sql`
        insert into item_stock (business_id, item_id, branch_id, quantity, updated_at)
        select ${businessId}::uuid, w.item_id, w.branch_id, w.delta / 1000.0, ${now}
        from unnest(${sql.param(inserts.map((u) => u.c.itemId))}::uuid[], ${sql.param(inserts.map((u) => u.c.branch.id))}::uuid[],
                    ${sql.param(inserts.map((u) => u.delta))}::bigint[]) as w(item_id, branch_id, delta)
        on conflict (business_id, item_id, branch_id) do update set quantity = item_stock.quantity + excluded.quantity, updated_at = excluded.updated_at`);
    }
  } catch (e) {
    if (pgErrorCode(e) === CHECK_VIOLATION) throw notEnoughStock(changes[0], (current.get(key(changes[0].itemId, changes[0].branch.id)) ?? 0) / 1000);
    throw e;
  }
  const col = <T>(pick: (c: StockChange, i: number) => T) => sql.param(changes.map(pick));
  await tx.execute(sql`
    insert into stock_movements (business_id, item_id, branch_id, kind, quantity, balance_after, date, reason,
                                 document_type, document_id, user_id, created_at)
    select ${businessId}::uuid, m.item_id, m.branch_id, m.kind, m.delta / 1000.0, m.after / 1000.0, m.date, m.reason,
           m.document_type, m.document_id, m.user_id, ${now}
    from unnest(${col((c) => c.itemId)}::uuid[], ${col((c) => c.branch.id)}::uuid[], ${col((c) => c.kind)}::text[],
                ${col((c) => milli(c.delta))}::bigint[], ${col((_, i) => afters[i])}::bigint[], ${col((c) => c.date)}::date[],
                ${col((c) => c.reason)}::text[], ${col((c) => c.document?.type ?? null)}::text[],
                ${col((c) => c.document?.id ?? null)}::uuid[], ${col((c) => c.userId)}::uuid[])
         with ordinality as m(item_id, branch_id, kind, delta, after, date, reason, document_type, document_id, user_id, n)
    order by m.n`);
  return afters.map((a) => a / 1000);
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
