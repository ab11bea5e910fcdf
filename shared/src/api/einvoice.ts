import {
  EInvoiceBulkResponse,
  EInvoiceListResponse,
  EInvoiceProblem,
  EInvoiceResponse,
  EInvoiceSettingsResponse,
  SaleInvoiceResponse,
  type EInvoiceListQuery,
  type EInvoiceSettingsRequest,
  type IrpResponse,
} from '../contracts';
import { apiBase, apiRequest, type Query } from './client';
import { ApiError } from './error';
import { fileFormData } from './forms';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;
const invoicePath = (id: string, action: string) => `sale/sale-invoice/${encodeURIComponent(id)}/${action}`;

/** e-invoicing calls. */
export const einvoiceApi = {
  /** The invoice's e-invoice JSON, checked offline; a 422 ApiError carries every problem (`einvoiceProblems`). */
  get: (id: string) => data(apiRequest(invoicePath(id, 'einvoice'), { schema: EInvoiceResponse })),
  /** Many invoices in one file, and why each left out is. */
  bulk: (ids: string[]) => data(apiRequest('sale/einvoice-bulk', { method: 'POST', body: { ids }, schema: EInvoiceBulkResponse })),
  /** The IRP's response typed in (or pasted) as JSON. */
  recordIrn: (id: string, response: IrpResponse) =>
    data(apiRequest(invoicePath(id, 'irn'), { method: 'POST', body: response, schema: SaleInvoiceResponse })),
  /** The IRP's response file as uploaded. */
  uploadIrn: (id: string, file: Blob, fileName = 'irp-response.json') =>
    data(apiRequest(invoicePath(id, 'irn'), { method: 'POST', body: fileFormData(file, fileName), schema: SaleInvoiceResponse })),
  settings: () => data(apiRequest('sale/einvoice-settings', { schema: EInvoiceSettingsResponse })),
  saveSettings: (body: EInvoiceSettingsRequest) =>
    data(apiRequest('sale/einvoice-settings', { method: 'PUT', body, schema: EInvoiceSettingsResponse })),
  /** The invoices e-invoicing covers, with their status. */
  list: (query: EInvoiceListQuery = {}) => apiRequest('sale/einvoice-invoices', { query: query as Query, schema: EInvoiceListResponse }),
};

/** Where the e-invoice file downloads from, for a link: the JSON array to upload on the IRP. */
export const einvoiceFileUrl = (id: string) => `${apiBase()}/${invoicePath(id, 'einvoice')}?download=true`;

/** The problems a 422 of the e-invoice calls lists (field and how to fix it); empty for any other error. */
export function einvoiceProblems(e: unknown): EInvoiceProblem[] {
  if (!(e instanceof ApiError) || e.status !== 422) return [];
  const errors = (e.body as { errors?: unknown } | undefined)?.errors;
  const parsed = EInvoiceProblem.array().safeParse(errors);
  return parsed.success ? parsed.data : [];
}
