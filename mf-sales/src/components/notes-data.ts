import useSWR from 'swr';
import { cacheKey, saleNoteApi, useRecord, type SaleNote, type SaleNoteListQuery, type SaleNoteSummary, type SaleNoteType } from '@bahi/shared';
import { issuedNoteLine, type IssuedNoteLine } from '@bahi/shared/ui';

/** 'credit-note' or 'debit-note': the API's and the screens' word for each kind. */
export const NOTE_SLUG: Record<SaleNoteType, 'credit-note' | 'debit-note'> = { CREDIT: 'credit-note', DEBIT: 'debit-note' };
export const NOTE_NOUN: Record<SaleNoteType, string> = { CREDIT: 'Credit note', DEBIT: 'Debit note' };

const listOf = (type: SaleNoteType, query: SaleNoteListQuery) => (type === 'CREDIT' ? saleNoteApi.creditNotes(query) : saleNoteApi.debitNotes(query));
const getOf = (type: SaleNoteType, id: string) => (type === 'CREDIT' ? saleNoteApi.getCreditNote(id) : saleNoteApi.getDebitNote(id));

export function useSaleNotes(type: SaleNoteType, query: SaleNoteListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('sales', `${NOTE_SLUG[type]}s`, query) : null, () => listOf(type, query), { keepPreviousData: true });
}

/** One credit or debit note; a malformed id is never sent. */
export function useSaleNote(type: SaleNoteType, id: string | undefined) {
  return useRecord(['sales', NOTE_SLUG[type]], id, (key) => getOf(type, key));
}

/** The notes of one invoice, newest first, and the lines of those still issued (what they took off each line). */
export interface InvoiceNotes {
  notes: SaleNoteSummary[];
  issued: IssuedNoteLine[];
}

/** The lines of issued notes as the note form counts them against the invoice's lines. */
export function issuedLinesOf(notes: SaleNote[]): IssuedNoteLine[] {
  return notes
    .filter((n) => n.status === 'ISSUED')
    .flatMap((n) =>
      n.lines.map((l) => issuedNoteLine(l.invoiceLineNo, n.noteType === 'CREDIT' ? 'DOWN' : 'UP', l)),
    );
}

/**
 * Every credit and debit note of an invoice. The invoice's answer does not say what its notes took off each line,
 * so the issued notes are read one by one (an invoice has a handful at most).
 */
export async function loadInvoiceNotes(invoiceId: string): Promise<InvoiceNotes> {
  const query = { invoiceId, pageSize: 100 };
  const [credit, debit] = await Promise.all([saleNoteApi.creditNotes(query), saleNoteApi.debitNotes(query)]);
  const notes = [...credit.data, ...debit.data].sort((a, b) => (a.noteDate === b.noteDate ? b.createdAt.localeCompare(a.createdAt) : b.noteDate.localeCompare(a.noteDate)));
  const details = await Promise.all(notes.filter((n) => n.status === 'ISSUED').map((n) => getOf(n.noteType, n.id)));
  return { notes, issued: issuedLinesOf(details) };
}

export function useInvoiceNotes(invoiceId: string | undefined) {
  return useSWR(invoiceId ? cacheKey('sales', 'invoice-notes', invoiceId) : null, () => loadInvoiceNotes(invoiceId!));
}

