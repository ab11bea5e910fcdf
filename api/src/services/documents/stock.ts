import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { storeBranches } from '../../db/schema';
import { UNIQUE_VIOLATION, conflict, pgErrorCode } from '../../errors';
import { applyStockChanges } from '../item/stock';
import { selectRows } from '../../db/rows';

/** A product line as stock sees it. */
export interface StockLine {
  /** Position in the request, for error fields. */
  index: number;
  itemId: string;
  itemName: string;
  itemType: 'PRODUCT' | 'SERVICE';
  /** Three decimals. */
  quantity: string;
  serialNos: string[];
}

export interface StockDocument {
  businessId: string;
  branch: { id: string; name: string };
  /** SALE, and the document's id and number (the movement's reason names the number). */
  document: { type: string; id: string; number: string };
  date: string;
  userId: string | null;
  now: Date;
}

/** The stored lines of a document as stock moves them back (on cancelling). */
export const stockLinesOf = (
  lines: Array<{ lineNo: number; itemId: string; itemName: string; itemType: StockLine['itemType']; quantity: string; serialNos: string[] }>,
): StockLine[] =>
  lines.map((l) => ({ index: l.lineNo - 1, itemId: l.itemId, itemName: l.itemName, itemType: l.itemType, quantity: l.quantity, serialNos: l.serialNos }));

/** The branch a stored document moved stock at. */
export async function stockBranchOf(tx: Tx, businessId: string, branchId: string): Promise<StockDocument['branch']> {
  const [branch] = await tx
    .select({ id: storeBranches.id, name: storeBranches.name })
    .from(storeBranches)
    .where(and(eq(storeBranches.businessId, businessId), eq(storeBranches.id, branchId)));
  return branch;
}

/**
 * Takes each product line out of the branch's stock with a movement pointing at the document (never below 0: 409
 * naming the item and what is in stock), and marks the named serials sold (each must be in stock at the branch).
 * Services touch no stock.
 */
export async function takeFromStock(tx: Tx, doc: StockDocument, lines: StockLine[], kind: string, reason: string) {
  await moveStock(tx, doc, lines, -1, kind, reason);
  for (const line of lines) {
    // Serials are matched ignoring case; the document keeps them as the item has them.
    if (line.serialNos.length) line.serialNos = await moveSerials(tx, doc, line, 'IN_STOCK', 'SOLD');
  }
}

/** Puts a cancelled document's products back into the branch's stock, and its serials back in stock there. */
export async function returnToStock(tx: Tx, doc: StockDocument, lines: StockLine[], kind: string, reason: string) {
  await moveStock(tx, doc, lines, 1, kind, reason);
  for (const line of lines) if (line.serialNos.length) await moveSerials(tx, doc, line, 'SOLD', 'IN_STOCK');
}

/**
 * A purchase: each product line comes into the branch's stock with a movement pointing at the document, and its
 * serials become in stock there — new ones are added to the item, ones it sold before come back; one already in
 * stock answers 409. Answers nothing; the lines keep the serials as the item has them.
 */
export async function receiveIntoStock(tx: Tx, doc: StockDocument, lines: StockLine[], kind: string, reason: string) {
  await moveStock(tx, doc, lines, 1, kind, reason);
  for (const line of lines) if (line.serialNos.length) line.serialNos = await receiveSerials(tx, serialPlace(doc, line), line.serialNos);
}

/**
 * A cancelled purchase: its products leave the branch's stock again (409 naming the item when they have been sold
 * meanwhile and stock would go below 0), and its serials leave the item (409 when one is no longer in stock there).
 */
export async function removeReceived(tx: Tx, doc: StockDocument, lines: StockLine[], kind: string, reason: string) {
  await moveStock(tx, doc, lines, -1, kind, reason);
  for (const line of lines) if (line.serialNos.length) await removeSerials(tx, serialPlace(doc, line), line.serialNos);
}

/**
 * An edited purchase: the old lines' serials leave the item (409 when one is no longer in stock), the new lines come
 * in and then the old ones leave — one check in that order, so goods sold meanwhile only stop an edit that brings in
 * too little to cover them (409 naming the item) — and the new lines' serials come into stock. The new lines keep
 * their serials as the item has them.
 */
export async function replaceReceived(
  tx: Tx,
  was: { doc: StockDocument; lines: StockLine[]; kind: string; reason: string },
  next: { doc: StockDocument; lines: StockLine[]; kind: string; reason: string },
) {
  for (const line of was.lines) if (line.serialNos.length) await removeSerials(tx, serialPlace(was.doc, line), line.serialNos);
  await applyStockChanges(tx, [...stockChanges(next.doc, next.lines, 1, next.kind, next.reason), ...stockChanges(was.doc, was.lines, -1, was.kind, was.reason)]);
  for (const line of next.lines) if (line.serialNos.length) line.serialNos = await receiveSerials(tx, serialPlace(next.doc, line), line.serialNos);
}

/** Where a line's serials move: the business and branch, the item (named in messages) and the field to blame. */
export interface SerialPlace {
  businessId: string;
  branch: { id: string; name: string };
  itemId: string;
  itemName: string;
  field: string;
}

const serialPlace = (doc: StockDocument, line: StockLine): SerialPlace => ({
  businessId: doc.businessId,
  branch: doc.branch,
  itemId: line.itemId,
  itemName: line.itemName,
  field: `lines.${line.index}.serialNos`,
});

/** 'Serial number A1 of Phone is' / 'Serial numbers A1, A2 of Phone are', for a message. */
export const serialsAre = (serials: string[], itemName: string) =>
  `${serials.length === 1 ? 'Serial number' : 'Serial numbers'} ${serials.join(', ')} of ${itemName} ${serials.length === 1 ? 'is' : 'are'}`;

/** Serials leave the item (a cancelled purchase, stock reduced by hand): each must be in stock at the branch (409). */
export async function removeSerials(tx: Tx, at: SerialPlace, serialNos: string[]): Promise<void> {
  const wanted = serialNos.map((s) => s.toUpperCase());
  const removed = await selectRows<{ serial: string }>(
    tx,
    sql`
      delete from item_serial_numbers
      where business_id = ${at.businessId} and item_id = ${at.itemId} and status = 'IN_STOCK' and branch_id = ${at.branch.id}
        and upper(serial_no) = any(${sql.param(wanted)}::text[])
      returning upper(serial_no) as serial`,
  );
  if (removed.length !== wanted.length) {
    const done = new Set(removed.map((r) => r.serial));
    const missing = serialNos.filter((s) => !done.has(s.toUpperCase()));
    throw conflict(`${serialsAre(missing, at.itemName)} no longer in stock at ${at.branch.name}`, at.field);
  }
}

/**
 * Serials come into stock at the branch (a purchase, stock added by hand): new ones are added to the item, ones it
 * sold before come back; one already in stock answers 409. Answers them as the item has them.
 */
export async function receiveSerials(tx: Tx, at: SerialPlace, serialNos: string[]): Promise<string[]> {
  const wanted = serialNos.map((s) => s.toUpperCase());
  const known = await selectRows<{ serial: string; serial_no: string; status: string }>(
    tx,
    sql`
      select upper(serial_no) as serial, serial_no, status from item_serial_numbers
      where business_id = ${at.businessId} and item_id = ${at.itemId} and upper(serial_no) = any(${sql.param(wanted)}::text[])
      for update`,
  );
  const inStock = serialNos.filter((s) => known.some((k) => k.serial === s.toUpperCase() && k.status === 'IN_STOCK'));
  if (inStock.length) throw conflict(`${serialsAre(inStock, at.itemName)} already in stock`, at.field);
  // Sold before and bought back: in stock again, at this branch.
  if (known.length) {
    await tx.execute(sql`
      update item_serial_numbers set status = 'IN_STOCK', branch_id = ${at.branch.id}
      where business_id = ${at.businessId} and item_id = ${at.itemId}
        and upper(serial_no) = any(${sql.param(known.map((k) => k.serial))}::text[])`);
  }
  const stored = new Map(known.map((k) => [k.serial, k.serial_no]));
  const fresh = serialNos.filter((s) => !stored.has(s.toUpperCase()));
  if (fresh.length) {
    // A concurrent purchase of the same new serial waits on the unique key, then fails here: the same 409.
    await tx
      .execute(
        sql`
      insert into item_serial_numbers (business_id, item_id, serial_no, position, status, branch_id)
      select ${at.businessId}::uuid, ${at.itemId}::uuid, s.serial_no,
             coalesce((select max(position) from item_serial_numbers where business_id = ${at.businessId} and item_id = ${at.itemId}), -1) + s.n,
             'IN_STOCK', ${at.branch.id}::uuid
      from unnest(${sql.param(fresh)}::text[]) with ordinality as s(serial_no, n)`,
      )
      .catch((e: unknown) => {
        if (pgErrorCode(e) === UNIQUE_VIOLATION) {
          throw conflict(`Serial numbers ${fresh.join(', ')} of ${at.itemName}: one is already in stock`, at.field);
        }
        throw e;
      });
  }
  return serialNos.map((s) => stored.get(s.toUpperCase()) ?? s);
}

async function moveStock(tx: Tx, doc: StockDocument, lines: StockLine[], sign: 1 | -1, kind: string, reason: string) {
  await applyStockChanges(tx, stockChanges(doc, lines, sign, kind, reason));
}

/** The stock changes of a document's product lines, in (sign 1) or out (−1). */
function stockChanges(doc: StockDocument, lines: StockLine[], sign: 1 | -1, kind: string, reason: string) {
  const products = lines.filter((l) => l.itemType === 'PRODUCT');
  return products.map((line) => ({
      businessId: doc.businessId,
      itemId: line.itemId,
      branch: doc.branch,
      delta: sign * Number(line.quantity),
      kind,
      date: doc.date,
      reason,
      userId: doc.userId,
      now: doc.now,
      document: { type: doc.document.type, id: doc.document.id },
      itemName: line.itemName,
      field: `lines.${line.index}.quantity`,
    }));
}

/** Moves a line's serials from one status to the other; answers them as stored, in the line's order. */
async function moveSerials(tx: Tx, doc: StockDocument, line: StockLine, from: 'IN_STOCK' | 'SOLD', to: 'IN_STOCK' | 'SOLD'): Promise<string[]> {
  const wanted = line.serialNos.map((s) => s.toUpperCase());
  const moved = await selectRows<{ serial: string; serial_no: string }>(
    tx,
    sql`
      update item_serial_numbers set status = ${to}, branch_id = ${doc.branch.id}
      where business_id = ${doc.businessId} and item_id = ${line.itemId} and status = ${from}
        and upper(serial_no) = any(${sql.param(wanted)}::text[])
        ${from === 'IN_STOCK' ? sql`and branch_id = ${doc.branch.id}` : sql``}
      returning upper(serial_no) as serial, serial_no`,
  );
  const stored = new Map(moved.map((m) => [m.serial, m.serial_no]));
  if (moved.length === wanted.length) return wanted.map((w) => stored.get(w) ?? w);
  const done = new Set(stored.keys());
  const missing = line.serialNos.filter((s) => !done.has(s.toUpperCase()));
  throw conflict(`${serialsAre(missing, line.itemName)} not in stock at ${doc.branch.name}`, `lines.${line.index}.serialNos`);
}
