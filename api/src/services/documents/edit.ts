import { financialYearOf } from '@bahi/shared/gst';
import { fromPaise, toPaise } from '@bahi/shared/india';
import type { Tx } from '../../db/client';
import { badRequest, conflict } from '../../errors';
import { openDocumentEntries, reverse } from '../ledger/journal';
import { checkBooksOpen } from './dates';
import { documentPayments, type PaidDocumentType } from './payments';

/*
 * Editing a sale invoice or a purchase bill (sales/edit.ts, purchases/edit.ts): in one transaction the document's
 * stock and journal entry are reversed and the new ones posted, as a cancel and a create would, but the document
 * keeps its id, its number and the payments set against it. Nothing posted is updated or deleted: the journal gets
 * the reversal of the old entry, dated the old document date, and the new entry, dated the new one, so each
 * period's figures read what the document now says.
 */

/** The stored document being edited, as the rules below read it. */
export interface EditedDocument {
  type: PaidDocumentType;
  id: string;
  /** 'Invoice MB/26-27/4', 'Purchase PUR/26-27/2': for messages. */
  what: string;
  status: string;
  date: string;
  financialYear: string;
  branchId: string;
  /** What has been received or paid against it so far. */
  paid: string;
}

/**
 * Refuses (409) an edit of a cancelled document or of one dated in the closed period; `also` names what else
 * stops it (an IRN, notes against it), each with its message.
 */
export async function checkEditable(tx: Tx, businessId: string, doc: EditedDocument, refusals: Array<string | null>): Promise<void> {
  if (doc.status === 'CANCELLED') throw conflict(`${doc.what} is cancelled: a cancelled document cannot be edited`);
  for (const r of refusals) if (r) throw conflict(r);
  await checkBooksOpen(tx, businessId, doc.date);
}

/**
 * The rules an edit keeps so the document keeps its number: the same branch (its series) and the same financial
 * year (400 naming the field otherwise); every payment set against it dated on or after the new date, and the new
 * total at least what has been paid (409).
 */
export async function checkEditKeepsNumber(
  tx: Tx,
  businessId: string,
  doc: EditedDocument,
  next: { branchId: string; date: string; dateField: string; grandTotal: number; paidLabel: string },
): Promise<void> {
  if (next.branchId !== doc.branchId) {
    throw badRequest(`${doc.what} stays at the branch whose series numbered it: cancel it and enter a new one at the other branch`, 'branchId');
  }
  const year = financialYearOf(next.date).label;
  if (year !== doc.financialYear) {
    throw badRequest(`${doc.what} is numbered in financial year ${doc.financialYear}: its date stays in that year (cancel it and enter a new one for ${year})`, next.dateField);
  }
  const payments = await documentPayments(tx, businessId, doc.type, doc.id, doc.type === 'SALE' ? 'SALE_PAYMENT' : 'PURCHASE_PAYMENT');
  const earliest = payments.filter((p) => !p.reversed).reduce<string | null>((min, p) => (min === null || p.date < min ? p.date : min), null);
  if (earliest !== null && earliest < next.date) {
    throw conflict(`${doc.what} has a payment dated ${earliest}: its date cannot be after a payment against it`, next.dateField);
  }
  const paid = toPaise(doc.paid);
  if (next.grandTotal < paid) {
    throw conflict(
      `${doc.what} has ₹${fromPaise(paid)} ${next.paidLabel} against it: the new total ₹${fromPaise(next.grandTotal)} cannot be less than that`,
      'lines',
    );
  }
}

/** The entries the document posted by itself (not its payments) and not reversed: what an edit reverses. */
export const entriesToReverse = (tx: Tx, businessId: string, doc: EditedDocument) => openDocumentEntries(tx, businessId, { type: doc.type, id: doc.id });

/** Reverses `entries` (entriesToReverse), dated the document's stored date. */
export async function reverseEditedEntries(tx: Tx, businessId: string, doc: EditedDocument, entries: string[], o: { userId: string; now: Date }): Promise<void> {
  for (const entry of entries) {
    await reverse(tx, businessId, entry, { date: doc.date, narration: `${doc.what} edited: the earlier figures reversed`, createdBy: o.userId, now: o.now });
  }
}

/** The date an edit leaves the document with: the one sent, else the one it has. */
export const editedDate = (sent: string | null | undefined, stored: string) => sent ?? stored;
