import {
  PurchaseDebitNoteListResponse,
  PurchaseDebitNoteResponse,
  type CancelDocumentRequest,
  type CreatePurchaseDebitNoteRequest,
  type PurchaseDebitNoteListQuery,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const path = (action: string, id: string) => `purchase/${action}/${encodeURIComponent(id)}`;

/** One typed function per purchase debit note call (the PDF: pdfUrls.purchaseDebitNote). */
export const purchaseNoteApi = {
  /** Goods returned to a supplier, or a price they reduced, against one bill. */
  create: (body: CreatePurchaseDebitNoteRequest, opts?: CreateOptions) =>
    data(apiRequest('purchase/create-debit-note', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: PurchaseDebitNoteResponse })),
  /** One page, newest first; `meta` has the total and the sums of everything the filter matches. */
  list: (query: PurchaseDebitNoteListQuery = {}) =>
    apiRequest('purchase/debit-notes', { query: query as Query, schema: PurchaseDebitNoteListResponse }),
  get: (id: string) => data(apiRequest(path('debit-note', id), { schema: PurchaseDebitNoteResponse })),
  cancel: (id: string, body: CancelDocumentRequest) =>
    data(apiRequest(path('cancel-debit-note', id), { method: 'POST', body, schema: PurchaseDebitNoteResponse })),
};
