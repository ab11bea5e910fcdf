import {
  indiaToday,
  readEwbDateTime,
  type EInvoiceProblem,
  type EWayBillBulkFailure,
  type EWayBillJson,
  type EWayBillListJson,
  type SaleInvoice,
  type TransportRequest,
} from '@bahi/shared/contracts';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { UUID } from '../../db/ids';
import { saleInvoices } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, conflict, pgErrorCode } from '../../errors';
import type { DocumentContext } from '../documents/prepare';
import { findDocumentRow } from '../documents/records';
import { INVOICE_NOT_FOUND, getSaleInvoice } from '../sales';
import { buildEWayBill, ewayBillFileName, ewayBillFileOf } from './build';
import { transportColumns } from './state';
import { validateEWayBill } from './validate';

export { buildEWayBill, ewayBillFileName, ewayBillFileOf } from './build';
export { validateEWayBill } from './validate';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The invoice's e-way bill, checked offline; 409 for a cancelled invoice, 422 naming every problem. */
export function ewayBillOf(invoice: SaleInvoice): EWayBillListJson {
  if (invoice.status === 'CANCELLED') throw conflict(`Invoice ${invoice.invoiceNumber} is cancelled: its goods do not move`);
  const bill = buildEWayBill(invoice);
  const errors = validateEWayBill(bill);
  if (errors.length) {
    throw new HttpError(
      422,
      `Invoice ${invoice.invoiceNumber} cannot have an e-way bill yet, ${plural(errors.length, 'problem')} to fix: ${errors.map((e) => e.message).join(' ')}`,
      errors[0].path,
      {},
      errors,
    );
  }
  return bill;
}

/** sale/sale-invoice/:id/ewaybill: the file to upload on the e-way bill portal. */
export async function ewayBillFile(db: Db, businessId: string, id: string, now: Date): Promise<{ fileName: string; json: EWayBillJson }> {
  const invoice = await getSaleInvoice(db, businessId, id, indiaToday(now));
  return { fileName: ewayBillFileName([invoice.invoiceNumber]), json: ewayBillFileOf([ewayBillOf(invoice)]) };
}

/** sale/ewaybill?ids=: the valid invoices as one file, and why each other one is left out; 422 when none is valid. */
export async function ewayBillBulk(db: Db, businessId: string, ids: string[], now: Date) {
  const today = indiaToday(now);
  const valid: { id: string; number: string; bill: EWayBillListJson }[] = [];
  const failed: EWayBillBulkFailure[] = [];
  for (const id of [...new Set(ids)]) {
    let invoice: SaleInvoice | undefined;
    try {
      invoice = await getSaleInvoice(db, businessId, id, today);
      valid.push({ id, number: invoice.invoiceNumber, bill: ewayBillOf(invoice) });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      failed.push({ id, invoiceNumber: invoice?.invoiceNumber ?? null, message: e.message, errors: e.errors ?? [] });
    }
  }
  if (valid.length === 0) {
    const errors = failed.flatMap((f) =>
      f.errors.length ? f.errors.map((p) => ({ path: `${f.invoiceNumber ?? f.id}: ${p.path}`, message: p.message })) : [{ path: f.invoiceNumber ?? f.id, message: f.message }],
    );
    throw new HttpError(422, `None of these invoices can have an e-way bill yet: ${failed.map((f) => f.message).join(' ')}`, errors[0]?.path, {}, errors);
  }
  return {
    fileName: ewayBillFileName(valid.map((v) => v.number)),
    json: ewayBillFileOf(valid.map((v) => v.bill)),
    invoiceIds: valid.map((v) => v.id),
    failed,
  };
}

/**
 * sale/transport/:id: the invoice's transport details, entered or corrected once known (they carry no money, so the
 * invoice and its entries are otherwise untouched). The body is the whole of them.
 */
export async function updateTransport(ctx: DocumentContext, id: string, body: TransportRequest): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  await db.transaction(async (tx) => {
    const row = await findDocumentRow(tx, saleInvoices, auth.businessId, id, true);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (row.status === 'CANCELLED') throw conflict(`Invoice ${row.invoiceNumber} is cancelled`);
    await tx
      .update(saleInvoices)
      .set({ ...transportColumns(body), updatedAt: now })
      .where(and(eq(saleInvoices.businessId, auth.businessId), eq(saleInvoices.id, id)));
  });
  return getSaleInvoice(db, auth.businessId, id, indiaToday(now));
}

// ---------------------------------------------------------------------------------------------------------------
// The portal's answer

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => !!v && typeof v === 'object' && !Array.isArray(v);

/** The answer as sent: the object itself, a one-element array, or a `{ data }` / `{ Data }` wrapper (object or JSON string). */
function unwrap(raw: unknown): unknown {
  let v = raw;
  for (let i = 0; i < 3; i++) {
    if (Array.isArray(v) && v.length === 1) v = v[0];
    if (isObject(v)) {
      const o = v;
      const key = ['data', 'Data'].find((k) => k in o && !('ewbNo' in o) && !('ewayBillNo' in o));
      if (key) {
        const inner = o[key];
        try {
          v = typeof inner === 'string' ? (JSON.parse(inner) as unknown) : inner;
        } catch {
          v = undefined;
        }
      }
    }
  }
  return v;
}

const pick = (o: Json, ...keys: string[]) => {
  for (const k of keys) if (o[k] !== undefined && o[k] !== null && o[k] !== '') return o[k];
  return undefined;
};

export interface EWayBillAnswer {
  ewbNo: string;
  ewbDate: string;
  validUpto: string | null;
}

/**
 * Reads the portal's answer for an invoice: `{ ewbNo, ewbDate, validUpto }` or the portal's own names (ewayBillNo,
 * ewayBillDate, validUpto; EwbNo, EwbDt, EwbValidTill). The number is 12 digits; the date not before the invoice's;
 * the validity after the date; a document number in it must be the invoice's. Otherwise 422 naming each problem.
 */
export function readEWayBillAnswer(raw: unknown, invoice: Pick<SaleInvoice, 'invoiceNumber' | 'invoiceDate'>): EWayBillAnswer {
  const v = unwrap(raw);
  const errors: EInvoiceProblem[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  /** A value as a message quotes it: what was sent, cut short when it is long. */
  const quoted = (value: unknown) => {
    const text = String(value);
    return text.length > 40 ? `${text.slice(0, 40)}…` : text;
  };
  if (!isObject(v)) {
    const message = "This is not the e-way bill: send { ewbNo, ewbDate, validUpto } or the portal's answer";
    throw new HttpError(422, message, 'ewbNo', {}, [{ path: 'ewbNo', message }]);
  }
  const rawNo = pick(v, 'ewbNo', 'ewayBillNo', 'EwbNo', 'ewbno');
  const ewbNo = typeof rawNo === 'number' ? String(rawNo) : typeof rawNo === 'string' ? rawNo.replace(/\s+/g, '') : '';
  if (!ewbNo) add('ewbNo', 'ewbNo is required: the 12-digit e-way bill number the portal gave');
  else if (!/^\d{12}$/.test(ewbNo)) add('ewbNo', `ewbNo (${quoted(ewbNo)}) must be the 12-digit e-way bill number`);
  const rawDate = pick(v, 'ewbDate', 'ewayBillDate', 'EwbDt', 'ewbDt');
  const ewbDate = readEwbDateTime(rawDate);
  if (rawDate === undefined) add('ewbDate', 'ewbDate is required: when the portal generated the e-way bill');
  else if (!ewbDate) add('ewbDate', `ewbDate (${quoted(rawDate)}) is not a date and time (dd/mm/yyyy hh:mm:ss AM, or yyyy-mm-dd hh:mm:ss)`);
  else if (ewbDate.slice(0, 10) < invoice.invoiceDate) add('ewbDate', `ewbDate (${ewbDate}) is before the invoice date (${invoice.invoiceDate})`);
  const rawValid = pick(v, 'validUpto', 'validUpTo', 'EwbValidTill', 'ewbValidTill');
  const validUpto = rawValid === undefined ? null : (readEwbDateTime(rawValid, true) ?? undefined);
  if (validUpto === undefined) add('validUpto', `validUpto (${quoted(rawValid)}) is not a date and time (dd/mm/yyyy hh:mm:ss AM, or yyyy-mm-dd hh:mm:ss)`);
  else if (validUpto && ewbDate && validUpto <= ewbDate) add('validUpto', `validUpto (${validUpto}) is not after the e-way bill date (${ewbDate})`);
  const docNo = pick(v, 'docNo', 'DocNo');
  if (docNo !== undefined && String(docNo) !== invoice.invoiceNumber) add('docNo', `The answer is for document ${String(docNo)}, not invoice ${invoice.invoiceNumber}`);
  if (errors.length) throw new HttpError(422, errors.map((e) => e.message).join('; '), errors[0].path, {}, errors);
  return { ewbNo, ewbDate: ewbDate!, validUpto: validUpto ?? null };
}

/**
 * sale/sale-invoice/:id/ewaybill: stores the portal's answer on the invoice, which then shows and prints it. The
 * same number again updates its validity (an extension); another number while one is stored answers 409, as does a
 * number stored on another invoice.
 */
export async function recordEWayBill(ctx: DocumentContext, id: string, raw: unknown): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  if (!UUID.test(id)) throw new HttpError(404, INVOICE_NOT_FOUND);
  await db.transaction(async (tx) => {
    const row = await findDocumentRow(tx, saleInvoices, auth.businessId, id, true);
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    if (row.status === 'CANCELLED') throw conflict(`Invoice ${row.invoiceNumber} is cancelled`);
    const answer = readEWayBillAnswer(raw, row);
    if (row.ewbNo && row.ewbNo !== answer.ewbNo) {
      throw conflict(`Invoice ${row.invoiceNumber} already has e-way bill ${row.ewbNo}: cancel it on the portal first`, 'ewbNo');
    }
    const [other] = await tx
      .select({ number: saleInvoices.invoiceNumber })
      .from(saleInvoices)
      .where(and(eq(saleInvoices.businessId, auth.businessId), eq(saleInvoices.ewbNo, answer.ewbNo), ne(saleInvoices.id, id)));
    if (other) throw conflict(`e-Way bill ${answer.ewbNo} is already stored on invoice ${other.number}`, 'ewbNo');
    try {
      await tx
        .update(saleInvoices)
        .set({ ewbNo: answer.ewbNo, ewbDate: answer.ewbDate, ewbValidUpto: answer.validUpto, updatedAt: now })
        .where(and(eq(saleInvoices.businessId, auth.businessId), eq(saleInvoices.id, id)));
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw conflict(`e-Way bill ${answer.ewbNo} is already stored on another invoice`, 'ewbNo');
      throw e;
    }
  });
  return getSaleInvoice(db, auth.businessId, id, indiaToday(now));
}
