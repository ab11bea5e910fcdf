import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { conflict } from '../../errors';
import { applyStockChanges } from '../item/stock';
import { selectRows } from './rows';

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

async function moveStock(tx: Tx, doc: StockDocument, lines: StockLine[], sign: 1 | -1, kind: string, reason: string) {
  const products = lines.filter((l) => l.itemType === 'PRODUCT');
  await applyStockChanges(
    tx,
    products.map((line) => ({
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
    })),
  );
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
  throw conflict(
    `${missing.length === 1 ? 'Serial number' : 'Serial numbers'} ${missing.join(', ')} of ${line.itemName} ` +
      `${missing.length === 1 ? 'is' : 'are'} not in stock at ${doc.branch.name}`,
    `lines.${line.index}.serialNos`,
  );
}
