import { IrpResponse, type EInvoiceJson, type EInvoiceProblem } from '@bahi/shared/contracts';
import { HttpError } from '../../errors';
import { qrUnprintable } from '../pdf/qr';
import { einvoiceFileName } from './build';

/**
 * The Invoice Registration Portal, as Bahi talks to it. Today by file exchange: Bahi offers the validated JSON as a
 * file the user uploads on the portal (or its offline tool), and the user brings back the portal's response file.
 * Later a GSP's API can implement the same interface and answer the response at once.
 */
export interface IrpClient {
  /** Hands the validated e-invoices to the IRP: a file to upload now, or (a GSP) the IRP's answers. */
  submit(invoices: { number: string; json: EInvoiceJson }[]): Promise<IrpSubmission>;
}

export type IrpSubmission =
  | { mode: 'FILE'; fileName: string; json: EInvoiceJson[] }
  | { mode: 'API'; responses: IrpResponse[] };

/** File exchange: the JSON array the portal's bulk upload takes. */
export class FileExchangeIrp implements IrpClient {
  async submit(invoices: { number: string; json: EInvoiceJson }[]): Promise<IrpSubmission> {
    const fileName = invoices.length === 1 ? einvoiceFileName(invoices[0].number) : `EInvoices-${invoices.length}.json`;
    return { mode: 'FILE', fileName, json: invoices.map((i) => i.json) };
  }
}

export const defaultIrpClient: IrpClient = new FileExchangeIrp();

/** The parsed, checked IRP answer for one invoice. */
export interface IrpAnswer {
  irn: string;
  ackNo: string;
  ackDate: string;
  signedInvoice: string;
  signedQrCode: string;
}

const invalid = (message: string, errors: EInvoiceProblem[]) => new HttpError(422, message, undefined, {}, errors);

/**
 * The IRP's response as sent: the response object itself, a GSP's `{ Status, Data }` (Data an object or a JSON
 * string), or a one-element array (the portal's bulk response file).
 */
export function unwrapIrpResponse(raw: unknown): unknown {
  let v = raw;
  for (let i = 0; i < 3; i++) {
    if (Array.isArray(v) && v.length === 1) v = v[0];
    if (v && typeof v === 'object' && !Array.isArray(v) && 'Data' in v && !('Irn' in v)) {
      const data = (v as { Data: unknown }).Data;
      v = typeof data === 'string' ? safeJson(data) : data;
    }
  }
  return v;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The payload of a JWT, three base64url segments (not its signature: that needs the IRP's public key, which a file
 * exchange does not have).
 */
export function jwtPayload(token: string): Record<string, unknown> | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return undefined;
  const json = safeJson(Buffer.from(parts[1], 'base64url').toString('utf8'));
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}

/** The invoice the IRP signed: the payload's `data` claim (a JSON string or an object), else the payload itself. */
function signedData(token: string): Record<string, unknown> | undefined {
  const payload = jwtPayload(token);
  if (!payload) return undefined;
  const data = typeof payload.data === 'string' ? safeJson(payload.data) : payload.data;
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : payload;
}

/**
 * What is wrong with the signed QR string: it must be the IRP's JWT whose `data` claim (a JSON string) names this
 * invoice number, this IRN and this seller GSTIN.
 */
function signedQrProblems(token: string, invoice: IrpDocument & { irn: string }): EInvoiceProblem[] {
  const word = invoice.word ?? 'invoice';
  const payload = jwtPayload(token);
  const data = typeof payload?.data === 'string' ? safeJson(payload.data) : undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return [{ path: 'SignedQRCode', message: `SignedQRCode is not the IRP's signed QR code (a JWT whose data names the ${word}, its IRN and seller GSTIN)` }];
  }
  const errors: EInvoiceProblem[] = [];
  const number = field(data, 'DocNo');
  const irn = field(data, 'Irn');
  const gstin = field(data, 'SellerGstin');
  if (number !== invoice.number) {
    errors.push({ path: 'SignedQRCode.DocNo', message: `The QR code is for ${word} ${String(number ?? '(none)')}, not ${invoice.number}` });
  }
  if (typeof irn !== 'string' || irn.toLowerCase() !== invoice.irn) errors.push({ path: 'SignedQRCode.Irn', message: 'The QR code is of another IRN' });
  if (gstin !== invoice.sellerGstin) {
    errors.push({
      path: 'SignedQRCode.SellerGstin',
      message: `The QR code is for seller GSTIN ${String(gstin ?? '(none)')}, not this ${word}'s ${invoice.sellerGstin ?? '(none)'}`,
    });
  }
  return errors;
}

const field = (o: unknown, ...keys: string[]): unknown => keys.reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), o);

/** The document the IRP answered for: its number, its seller GSTIN and what it is called in messages ("invoice"). */
export interface IrpDocument {
  number: string;
  sellerGstin: string | null;
  /** "invoice" (the default), "credit note", "debit note". */
  word?: string;
}

/**
 * Reads and checks the IRP's answer for an invoice (or a credit or debit note): the fields are there and well formed, the signed invoice and the
 * signed QR code are of this invoice number, this seller GSTIN and this IRN, and the QR code prints readably.
 * Otherwise a 422 with every problem.
 */
export function readIrpAnswer(raw: unknown, invoice: IrpDocument): IrpAnswer {
  const word = invoice.word ?? 'invoice';
  const parsed = IrpResponse.safeParse(unwrapIrpResponse(raw));
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ path: i.path.join('.') || '(response)', message: i.message }));
    throw invalid(`This is not the IRP's response: ${errors.map((e) => e.message).join('; ')}`, errors);
  }
  const r = parsed.data;
  const irn = r.Irn.toLowerCase();
  const errors: EInvoiceProblem[] = [];
  const data = signedData(r.SignedInvoice);
  if (!data) {
    errors.push({ path: 'SignedInvoice', message: 'SignedInvoice is not a signed invoice (a JWT) the IRP issues' });
  } else {
    const number = field(data, 'DocDtls', 'No');
    const gstin = field(data, 'SellerDtls', 'Gstin');
    const signedIrn = field(data, 'Irn');
    if (number !== invoice.number) {
      errors.push({ path: 'SignedInvoice.DocDtls.No', message: `The response is for ${word} ${String(number ?? '(none)')}, not ${invoice.number}` });
    }
    if (gstin !== invoice.sellerGstin) {
      errors.push({
        path: 'SignedInvoice.SellerDtls.Gstin',
        message: `The response is for seller GSTIN ${String(gstin ?? '(none)')}, not this ${word}'s ${invoice.sellerGstin ?? '(none)'}`,
      });
    }
    if (typeof signedIrn === 'string' && signedIrn.toLowerCase() !== irn) {
      errors.push({ path: 'Irn', message: 'Irn is not the IRN in the signed invoice' });
    }
  }
  errors.push(...signedQrProblems(r.SignedQRCode, { ...invoice, irn }));
  if (errors.length) throw invalid(`This IRP response does not belong to ${word} ${invoice.number}: ${errors.map((e) => e.message).join('; ')}`, errors);
  // The PDF prints the QR code with the same check: what is stored always prints.
  const unprintable = qrUnprintable(r.SignedQRCode);
  if (unprintable) {
    const message = `SignedQRCode cannot be printed on the ${word}: ${unprintable}. Upload the response file the IRP gave for this ${word}, unchanged.`;
    throw invalid(message, [{ path: 'SignedQRCode', message }]);
  }
  return { irn, ackNo: String(r.AckNo), ackDate: r.AckDt, signedInvoice: r.SignedInvoice, signedQrCode: r.SignedQRCode };
}
