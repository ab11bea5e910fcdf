import type { BranchStock, StockMovement } from '@bahi/shared/contracts';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { itemStock, stockMovements, storeBranches, users } from '../../db/schema';
import { conflict, pgErrorCode } from '../../errors';
import { selectPrepared } from '../../db/prepared';

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

/**
 * Several stock changes of one business in one go (a document's lines), each with its movement, in one statement
 * whatever their number. The stock rows are locked in item order, so two writers never wait on each other in a
 * cycle, and concurrent changes of one item at one branch queue up; stock never goes below 0 (409 naming the first
 * change, in the given order, that would take it there; the check constraint backs it up). Answers each change's
 * quantity after it.
 *
 * The statement locks the rows, works out each change's quantity after it (the same item twice: the second from what
 * the first left), and only when none goes below 0 updates the stock rows (an item's first movement at a branch
 * inserts its row) and writes the movements; it answers the quantities after, from which the 409 is worded.
 */
export async function applyStockChanges(tx: Tx, changes: StockChange[]): Promise<number[]> {
  if (changes.length === 0) return [];
  const businessId = changes[0].businessId;
  if (changes.some((c) => c.businessId !== businessId)) throw new Error('applyStockChanges: one business at a time');
  const now = changes[0].now;
  const col = <T>(pick: (c: StockChange) => T) => sql.param(changes.map(pick));
  let rows: Array<{ after: string; ok: boolean }>;
  try {
    rows = await selectPrepared<{ after: string; ok: boolean }>(
      tx,
      'stock_apply',
      sql`
      with w as (
        select * from unnest(${col((c) => c.itemId)}::uuid[], ${col((c) => c.branch.id)}::uuid[], ${col((c) => c.kind)}::text[],
                             ${col((c) => milli(c.delta))}::bigint[], ${col((c) => c.date)}::date[], ${col((c) => c.reason)}::text[],
                             ${col((c) => c.document?.type ?? null)}::text[], ${col((c) => c.document?.id ?? null)}::uuid[],
                             ${col((c) => c.userId)}::uuid[])
               with ordinality as w(item_id, branch_id, kind, delta, date, reason, document_type, document_id, user_id, n)
      ), locked as materialized (
        select s.item_id, s.branch_id, round(s.quantity * 1000)::bigint as milli
        from item_stock s
        where s.business_id = ${businessId} and (s.item_id, s.branch_id) in (select item_id, branch_id from w)
        order by s.item_id, s.branch_id
        for update of s
      ), run as materialized (
        select w.*, l.item_id is not null as existing,
               coalesce(l.milli, 0) + sum(w.delta) over (partition by w.item_id, w.branch_id order by w.n) as after
        from w left join locked l on l.item_id = w.item_id and l.branch_id = w.branch_id
      ), ok as (
        select coalesce(bool_and(after >= 0), true) as ok from run
      ), net as (
        select item_id, branch_id, bool_or(existing) as existing, sum(delta) as delta from run
        where (select ok from ok) group by item_id, branch_id
      ), upd as (
        update item_stock s set quantity = s.quantity + net.delta / 1000.0, updated_at = ${now}
        from net
        where net.existing and s.business_id = ${businessId} and s.item_id = net.item_id and s.branch_id = net.branch_id
      ), ins as (
        -- Only an item's first movement at a branch inserts (a CHECK sees the inserted values before ON CONFLICT, so a
        -- reduction never goes through an insert: it would leave the row below 0, and ok is false).
        insert into item_stock (business_id, item_id, branch_id, quantity, updated_at)
        select ${businessId}::uuid, net.item_id, net.branch_id, net.delta / 1000.0, ${now}
        from net where not net.existing
        on conflict (business_id, item_id, branch_id) do update set quantity = item_stock.quantity + excluded.quantity, updated_at = excluded.updated_at
      ), mov as (
        insert into stock_movements (business_id, item_id, branch_id, kind, quantity, balance_after, date, reason,
                                     document_type, document_id, user_id, created_at)
        select ${businessId}::uuid, run.item_id, run.branch_id, run.kind, run.delta / 1000.0, run.after / 1000.0, run.date, run.reason,
               run.document_type, run.document_id, run.user_id, ${now}
        from run where (select ok from ok)
        order by run.n
      )
      select run.after::text as after, (select ok from ok) as ok from run order by run.n`,
    );
  } catch (e) {
    if (pgErrorCode(e) === CHECK_VIOLATION) throw notEnoughStock(changes[0], 0);
    throw e;
  }
  const afters = rows.map((r) => Number(r.after));
  if (!rows[0]?.ok) {
    const i = afters.findIndex((a) => a < 0);
    throw notEnoughStock(changes[i], (afters[i] - milli(changes[i].delta)) / 1000);
  }
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
