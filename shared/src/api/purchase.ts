import {
  NextNumberResponse,
  PurchaseInvoiceListResponse,
  PurchaseInvoiceResponse,
  type CancelDocumentRequest,
  type CreatePurchaseRequest,
  type NextNumberQuery,
  type PurchaseInvoiceListQuery,
  type RecordPaymentRequest,
} from '../contracts';
import { idempotencyHeaders, type CreateOptions } from './account';
import { apiRequest, type Query } from './client';
import { fileFormData } from './forms';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const path = (action: string, id: string) => `purchase/${action}/${encodeURIComponent(id)}`;

/** One typed function per purchase call. */
export const purchaseApi = {
  create: (body: CreatePurchaseRequest, opts?: CreateOptions) =>
    data(apiRequest('purchase/create-purchase', { method: 'POST', body, headers: idempotencyHeaders(opts), schema: PurchaseInvoiceResponse })),
  /** One page, newest first; `meta` has the total and the sums of everything the filter matches. */
  list: (query: PurchaseInvoiceListQuery = {}) =>
    apiRequest('purchase/purchase-invoices', { query: query as Query, schema: PurchaseInvoiceListResponse }),
  get: (id: string) => data(apiRequest(path('purchase-invoice', id), { schema: PurchaseInvoiceResponse })),
  /** A payment out to the supplier against the bill. */
  recordPayment: (id: string, body: RecordPaymentRequest, opts?: CreateOptions) =>
    data(
      apiRequest(path('record-payment', id), { method: 'POST', body, headers: idempotencyHeaders(opts), schema: PurchaseInvoiceResponse }),
    ),
  /** Edit a bill with the create body: it keeps its reference number and payments (409 when it cannot be edited). */
  update: (id: string, body: CreatePurchaseRequest, opts?: CreateOptions) =>
    data(apiRequest(path('update-purchase', id), { method: 'PUT', body, headers: idempotencyHeaders(opts), schema: PurchaseInvoiceResponse })),
  cancel: (id: string, body: CancelDocumentRequest) =>
    data(apiRequest(path('cancel-purchase', id), { method: 'POST', body, schema: PurchaseInvoiceResponse })),
  /** Our reference the next bill of the branch would get (nothing is reserved). */
  nextReferenceNumber: (query: NextNumberQuery = {}) =>
    data(apiRequest('purchase/next-reference-number', { query: query as Query, schema: NextNumberResponse })),
  /** Attaches (or replaces) the supplier's bill: a PDF, PNG or JPEG of at most 5 MB. */
  attachBill: (id: string, file: Blob, fileName: string, onUploadProgress?: (f: number) => void) =>
    data(apiRequest(path('attach-bill', id), { method: 'POST', body: fileFormData(file, fileName), schema: PurchaseInvoiceResponse, onUploadProgress })),
};

/** Where the attached bill of a purchase is served (for an <a href> or an <iframe>/<img> preview). */
export const purchaseAttachmentPath = (id: string) => `/api/${path('purchase-invoice', id)}/attachment`;
