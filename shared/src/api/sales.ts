import {
  NextNumberResponse,
  SaleInvoiceListResponse,
  SaleInvoiceResponse,
  type CancelDocumentRequest,
  type CreateSaleRequest,
  type NextNumberQuery,
  type RecordPaymentRequest,
  type SaleInvoiceListQuery,
  type ShippingBillRequest,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const path = (action: string, id: string) => `sale/${action}/${encodeURIComponent(id)}`;

/** One typed function per sale call. */
export const saleApi = {
  create: (body: CreateSaleRequest, opts?: CreateOptions) =>
    data(apiRequest('sale/create-sale', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: SaleInvoiceResponse })),
  /** One page, newest first; `meta` has the total and the sums of everything the filter matches. */
  list: (query: SaleInvoiceListQuery = {}) =>
    apiRequest('sale/sale-invoices', { query: query as Query, schema: SaleInvoiceListResponse }),
  get: (id: string) => data(apiRequest(path('sale-invoice', id), { schema: SaleInvoiceResponse })),
  /** Edit an invoice with the create body: it keeps its number and payments (409 when it cannot be edited). */
  update: (id: string, body: CreateSaleRequest, opts?: CreateOptions) =>
    data(apiRequest(path('update-sale', id), { method: 'PUT', body, headers: idempotencyHeaders(opts), schema: SaleInvoiceResponse })),
  recordPayment: (id: string, body: RecordPaymentRequest, opts?: CreateOptions) =>
    data(
      apiRequest(path('record-payment', id), { method: 'POST', body, headers: idempotencyHeaders(opts), schema: SaleInvoiceResponse }),
    ),
  cancel: (id: string, body: CancelDocumentRequest) =>
    data(apiRequest(path('cancel-sale', id), { method: 'POST', body, schema: SaleInvoiceResponse })),
  /** An export's shipping bill, once known (the body is the whole shipping bill). */
  updateShippingBill: (id: string, body: ShippingBillRequest) =>
    data(apiRequest(path('shipping-bill', id), { method: 'PUT', body, schema: SaleInvoiceResponse })),
  /** The number the next invoice would get (nothing is reserved). */
  nextNumber: (query: NextNumberQuery = {}) =>
    data(apiRequest('sale/next-invoice-number', { query: query as Query, schema: NextNumberResponse })),
};
