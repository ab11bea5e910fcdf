import {
  SaleNoteListResponse,
  SaleNoteResponse,
  type CancelDocumentRequest,
  type CreateCreditNoteRequest,
  type CreateDebitNoteRequest,
  type SaleNoteListQuery,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const path = (action: string, id: string) => `sale/${action}/${encodeURIComponent(id)}`;

/** One typed function per call on sale credit and debit notes. */
export const saleNoteApi = {
  createCreditNote: (body: CreateCreditNoteRequest, opts?: CreateOptions) =>
    data(apiRequest('sale/create-credit-note', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: SaleNoteResponse })),
  createDebitNote: (body: CreateDebitNoteRequest, opts?: CreateOptions) =>
    data(apiRequest('sale/create-debit-note', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: SaleNoteResponse })),
  /** One page, newest first; `meta` has the total and the sums of everything the filter matches. */
  creditNotes: (query: SaleNoteListQuery = {}) => apiRequest('sale/credit-notes', { query: query as Query, schema: SaleNoteListResponse }),
  debitNotes: (query: SaleNoteListQuery = {}) => apiRequest('sale/debit-notes', { query: query as Query, schema: SaleNoteListResponse }),
  getCreditNote: (id: string) => data(apiRequest(path('credit-note', id), { schema: SaleNoteResponse })),
  getDebitNote: (id: string) => data(apiRequest(path('debit-note', id), { schema: SaleNoteResponse })),
  cancelCreditNote: (id: string, body: CancelDocumentRequest) =>
    data(apiRequest(path('cancel-credit-note', id), { method: 'POST', body, schema: SaleNoteResponse })),
  cancelDebitNote: (id: string, body: CancelDocumentRequest) =>
    data(apiRequest(path('cancel-debit-note', id), { method: 'POST', body, schema: SaleNoteResponse })),
};
