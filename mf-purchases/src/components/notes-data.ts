import useSWR from 'swr';
import { cacheKey, purchaseNoteApi, useRecord, type PurchaseDebitNote, type PurchaseDebitNoteListQuery, type PurchaseDebitNoteSummary } from '@bahi/shared';
import { issuedNoteLine, type IssuedNoteLine } from '@bahi/shared/ui';

export function usePurchaseNotes(query: PurchaseDebitNoteListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('purchases', 'debit-notes', query) : null, () => purchaseNoteApi.list(query), { keepPreviousData: true });
}

/** One debit note; a malformed id is never sent. */
export function usePurchaseNote(id: string | undefined) {
  return useRecord(['purchases', 'debit-note'], id, (key) => purchaseNoteApi.get(key));
}

export interface BillNotes {
  notes: PurchaseDebitNoteSummary[];
  issued: IssuedNoteLine[];
}

export function issuedLinesOf(notes: PurchaseDebitNote[]): IssuedNoteLine[] {
  return notes
    .filter((n) => n.status === 'ISSUED')
    .flatMap((n) =>
      n.lines.map((l) => issuedNoteLine(l.purchaseLineNo, 'DOWN', l)),
    );
}

/**
 * The debit notes of a bill, and what the issued ones took off each of its lines. The bill's answer does not say,
 * so the issued notes are read one by one (a bill has a handful at most).
 */
export async function loadBillNotes(purchaseId: string): Promise<BillNotes> {
  const { data: notes } = await purchaseNoteApi.list({ purchaseId, pageSize: 100 });
  const details = await Promise.all(notes.filter((n) => n.status === 'ISSUED').map((n) => purchaseNoteApi.get(n.id)));
  return { notes, issued: issuedLinesOf(details) };
}

export function useBillNotes(purchaseId: string | undefined) {
  return useSWR(purchaseId ? cacheKey('purchases', 'bill-notes', purchaseId) : null, () => loadBillNotes(purchaseId!));
}
