import {
  BusinessProfileResponse,
  MessageResponse,
  ShareLinkResponse,
  UpiQrResponse,
  type CreateShareLinkRequest,
  type UpdateBusinessProfileRequest,
} from '../contracts';
import { apiRequest } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** The business profile printed on documents (settings/business). */
export const businessProfileApi = {
  get: () => data(apiRequest('settings/business', { schema: BusinessProfileResponse })),
  /** JSON, or a FormData with the same fields and `logo` / `signature` files. */
  save: (body: UpdateBusinessProfileRequest | FormData) =>
    data(apiRequest('settings/business', { method: 'PUT', body, schema: BusinessProfileResponse })),
  /** Where the images are served (behind the session). */
  logoUrl: '/api/settings/business/logo',
  signatureUrl: '/api/settings/business/signature',
};

/** Which documents can be shared by link, and where their calls live. */
export type ShareableKind = 'invoice' | 'quotation';
const shareBase = (kind: ShareableKind) => (kind === 'invoice' ? 'sale' : 'quotation');

/** Public read-only links to a sale invoice or a quotation, and an invoice's UPI QR. */
export const shareApi = {
  create: (kind: ShareableKind, id: string, body: CreateShareLinkRequest = {}) =>
    data(apiRequest(`${shareBase(kind)}/share-link/${encodeURIComponent(id)}`, { method: 'POST', body, schema: ShareLinkResponse })),
  revoke: (kind: ShareableKind, id: string) =>
    apiRequest(`${shareBase(kind)}/share-link/${encodeURIComponent(id)}`, { method: 'DELETE', schema: MessageResponse }),
  upiQr: (invoiceId: string) =>
    data(apiRequest(`sale/sale-invoice/${encodeURIComponent(invoiceId)}/upi-qr`, { schema: UpiQrResponse })),
};
