import {
  QuotationListResponse,
  QuotationResponse,
  type CancelDocumentRequest,
  type CreateQuotationRequest,
  type QuotationListQuery,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** One typed function per quotation call. */
export const quotationApi = {
  create: (body: CreateQuotationRequest, opts?: CreateOptions) =>
    data(
      apiRequest('quotation/create-quotation', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: QuotationResponse }),
    ),
  list: (query: QuotationListQuery = {}) =>
    apiRequest('quotation/quotation-estimation-invoices', { query: query as Query, schema: QuotationListResponse }),
  get: (id: string) =>
    data(apiRequest(`quotation/quotation-estimation-invoice/${encodeURIComponent(id)}`, { schema: QuotationResponse })),
  cancel: (id: string, body: CancelDocumentRequest) =>
    data(
      apiRequest(`quotation/cancel-quotation/${encodeURIComponent(id)}`, { method: 'POST', body, schema: QuotationResponse }),
    ),
};
