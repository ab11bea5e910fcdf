import type { DocumentType } from '@bahi/shared/contracts';
import { fromPaise, moneyText } from '@bahi/shared/india';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accountTransactions, accounts, paymentAllocations } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { checkPaymentDate } from '../documents/dates';

/*
 * Allocating a payment not tied to one bill (payment/payment-in, payment/payment-out) to a party's open bills.
 * A kind of document that can be settled this way (sale invoices; purchase bills) describes itself with an
 * AllocatableKind; the allocator neither knows nor cares which table it lives in.
 */

/** A bill a payment may settle, as its kind reads it (inside the paying transaction, locked). */
export interface OpenDocument {
  type: DocumentType;
  id: string;
  number: string;
  date: string;
  partyId: string | null;
  /** The branch it was made at (its payments' journal entries belong to it). */
  branchId: string;
  cancelled: boolean;
  /** What is still to be paid, in paise. */
  due: number;
  /** When it was written: orders bills of one date. */
  createdAt: Date;
}

export interface AllocatableKind {
  type: DocumentType;
  /** 'invoice', 'bill': for messages. */
  label: string;
  /**
   * The party's bills with something due, locked for update in id order (every payment locks bills in that order,
   * so two payments of one party never deadlock); the allocator puts them oldest first.
   */
  openDocuments(tx: Tx, businessId: string, partyId: string): Promise<OpenDocument[]>;
  /** These bills of the business (any party, any status), locked for update; ids that are not its are left out. */
  findDocuments(tx: Tx, businessId: string, ids: string[]): Promise<OpenDocument[]>;
  /** Adds `amount` paise to what the bill has been paid (and updates its status). */
  settle(tx: Tx, businessId: string, doc: OpenDocument, amount: number, now: Date): Promise<void>;
  /**
   * After a party's payment settled some of these bills, in its transaction: what paying them issues (a bill received
   * under reverse charge from an unregistered supplier takes a payment voucher).
   */
  afterPayment?(tx: Tx, businessId: string, payment: { transactionId: string; date: string; now: Date }, settled: Array<{ documentId: string; amount: number }>): Promise<void>;
}

export interface Allocation {
  doc: OpenDocument;
  /** Paise. */
  amount: number;
}

/** What the user asked for: { documentId, amount in paise }. */
export interface RequestedAllocation {
  documentId: string;
  amount: number;
}

/**
 * Which bills a payment of `amount` paise dated `date` settles, and by how much: as `requested` when given (each at
 * most the bill's due, bills of this party only, dated on or before the payment, in total at most the payment), else
 * the open bills dated on or before the payment, oldest first. Whatever is not allocated is the party's advance.
 * Every bill involved is locked until the caller's transaction ends.
 */
export async function allocate(
  tx: Tx,
  kinds: readonly AllocatableKind[],
  params: { businessId: string; partyId: string; amount: number; date: string; requested: RequestedAllocation[] | undefined },
): Promise<Allocation[]> {
  const { businessId, partyId, amount, date, requested } = params;
  if (requested === undefined) {
    const open: OpenDocument[] = [];
    for (const kind of kinds) open.push(...(await kind.openDocuments(tx, businessId, partyId)));
    const key = (d: OpenDocument) => `${d.date}|${d.createdAt.toISOString()}|${d.id}`;
    open.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    const result: Allocation[] = [];
    let left = amount;
    for (const doc of open) {
      if (left === 0 || doc.date > date) break;
      const take = Math.min(left, doc.due);
      if (take > 0) result.push({ doc, amount: take });
      left -= take;
    }
    return result;
  }

  const total = requested.reduce((sum, r) => sum + r.amount, 0);
  if (total > amount) {
    throw badRequest(`Allocations add up to ₹${fromPaise(total)}, more than the payment of ₹${fromPaise(amount)}`, 'allocations');
  }
  const ids = requested.map((r) => r.documentId);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated !== undefined) throw badRequest('Each bill can be allocated only once per payment', `allocations.${ids.lastIndexOf(repeated)}.documentId`);
  const found = new Map<string, OpenDocument>();
  const uuids = ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
  // Locked in id order, the same order every payment locks them in.
  const sorted = [...uuids].sort();
  for (const kind of kinds) for (const doc of await kind.findDocuments(tx, businessId, sorted)) found.set(doc.id, doc);
  const label = kinds.map((k) => k.label).join(' or ') || 'bill';
  return requested.map((r, i) => {
    const field = `allocations.${i}`;
    const doc = found.get(r.documentId);
    if (!doc) throw new HttpError(404, `No open ${label} with this id`, `${field}.documentId`);
    if (doc.partyId !== partyId) throw conflict(`${doc.number} is not this party’s: a payment settles only its own party’s bills`, `${field}.documentId`);
    if (doc.cancelled) throw conflict(`${doc.number} is cancelled: it takes no payments`, `${field}.documentId`);
    checkPaymentDate(date, doc);
    if (r.amount > doc.due) {
      throw badRequest(`${doc.number} has ₹${fromPaise(doc.due)} due: it cannot take ₹${fromPaise(r.amount)}`, `${field}.amount`);
    }
    return { doc, amount: r.amount };
  });
}

/** The shares of payments not tied to one bill that went to this bill, oldest first (for the bill's payments list). */
export async function allocationsTo(db: Db | Tx, businessId: string, documentType: DocumentType, documentId: string) {
  const rows = await db
    .select({
      id: accountTransactions.id,
      date: accountTransactions.date,
      amount: paymentAllocations.amount,
      mode: accountTransactions.mode,
      accountId: accountTransactions.accountId,
      accountName: accounts.displayName,
      reference: accountTransactions.reference,
      createdAt: accountTransactions.createdAt,
    })
    .from(paymentAllocations)
    .innerJoin(
      accountTransactions,
      and(eq(accountTransactions.businessId, paymentAllocations.businessId), eq(accountTransactions.id, paymentAllocations.transactionId)),
    )
    .innerJoin(accounts, and(eq(accounts.businessId, accountTransactions.businessId), eq(accounts.id, accountTransactions.accountId)))
    .where(
      and(
        eq(paymentAllocations.businessId, businessId),
        eq(paymentAllocations.documentType, documentType),
        eq(paymentAllocations.documentId, documentId),
      ),
    )
    .orderBy(asc(accountTransactions.date), asc(accountTransactions.seq));
  return rows.map((r) => ({ ...r, amount: moneyText(r.amount), createdAt: r.createdAt.toISOString() }));
}
