import {
  EWayBillBulkResponse,
  EWayBillResponse,
  SaleInvoiceResponse,
  type EWayBillUpload,
  type TransportRequest,
} from '../contracts';
import { apiBase, apiRequest } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const invoicePath = (id: string) => `sale/sale-invoice/${encodeURIComponent(id)}/ewaybill`;

/** e-Way bill calls. A 422 ApiError carries every problem, each naming its field (`einvoiceProblems` reads them). */
export const ewayBillApi = {
  /** The invoice's e-way bill JSON, checked offline. */
  get: (id: string) => data(apiRequest(invoicePath(id), { schema: EWayBillResponse })),
  /** Several invoices in one file, and why each left out is. */
  bulk: (ids: string[]) => data(apiRequest('sale/ewaybill', { query: { ids: ids.join(',') }, schema: EWayBillBulkResponse })),
  /** The invoice's transport details (the whole of them). */
  setTransport: (id: string, body: TransportRequest) =>
    data(apiRequest(`sale/transport/${encodeURIComponent(id)}`, { method: 'PUT', body, schema: SaleInvoiceResponse })),
  /** The portal's answer: { ewbNo, ewbDate, validUpto } or its JSON as pasted. */
  record: (id: string, answer: EWayBillUpload | Record<string, unknown> | unknown[]) =>
    data(apiRequest(invoicePath(id), { method: 'POST', body: answer, schema: SaleInvoiceResponse })),
};

/** Where the e-way bill file downloads from, for a link: the JSON to upload on the portal. */
export const ewayBillFileUrl = (id: string) => `${apiBase()}/${invoicePath(id)}?download=true`;
