import { moneyText } from '@bahi/shared/india';
import {
  indiaToday,
  type EInvoiceBulkFailure,
  type EInvoiceJson,
  type EInvoiceListItem,
  EInvoiceListQuery,
  type EInvoiceSettings,
  EInvoiceSettingsRequest,
  type SaleInvoice,
} from '@bahi/shared/contracts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { einvoiceSettings, saleInvoiceIrns, saleInvoices } from '../../db/schema';
import { HttpError, conflict, pgErrorCode, UNIQUE_VIOLATION } from '../../errors';
import type { DocumentContext } from '../documents/prepare';
import { INVOICE_NOT_FOUND, getSaleInvoice } from '../sales';
import { buildEInvoice } from './build';
import { defaultIrpClient, readIrpAnswer, type IrpClient } from './irp';
import { einvoiceStateOf, irnRowsOf, markEInvoiceJsonMade } from './state';
import { validateEInvoice } from './validate';
import { UUID } from '../../db/ids';

export { buildEInvoice, einvoiceFileName } from './build';
export { validateEInvoice } from './validate';
export { einvoiceStateFor } from './state';

/** Why an invoice is not e-invoiced at all (not a fixable field): a cancelled or a B2C invoice. */
function ineligibility(invoice: SaleInvoice): HttpError | undefined {
  // Only a regular registration issues tax invoices, and only those are e-invoiced.
  if (invoice.branch.registrationType !== 'REGULAR') {
    return new HttpError(
      422,
      invoice.branch.registrationType === 'COMPOSITION'
        ? `Invoice ${invoice.invoiceNumber} is a bill of supply: a composition taxpayer does not e-invoice`
        : `Invoice ${invoice.invoiceNumber} is a bill of supply: an unregistered business does not e-invoice`,
    );
  }
  if (invoice.status === 'CANCELLED') {
    return conflict(`Invoice ${invoice.invoiceNumber} is cancelled: a cancelled invoice is not reported to the IRP`);
  }
  // An export's buyer has no GSTIN: it is reported as URP.
  const isExport = invoice.exportType !== null && invoice.placeOfSupply === '96';
  if (!invoice.party?.gstin && !isExport) {
    return new HttpError(
      422,
      `Invoice ${invoice.invoiceNumber} is not a B2B invoice (its party has no GSTIN): only invoices to a registered party are e-invoiced. Add the party's GSTIN before invoicing if it is registered.`,
      'partyId',
    );
  }
  return undefined;
}

/** The invoice's e-invoice JSON, checked offline; 409/422 (with every problem) when it cannot go to the IRP. */
export function einvoiceOf(invoice: SaleInvoice, today: string): EInvoiceJson {
  const refused = ineligibility(invoice);
  if (refused) throw refused;
  const json = buildEInvoice(invoice);
  const errors = validateEInvoice(json, today);
  if (errors.length) {
    throw new HttpError(
      422,
      `Invoice ${invoice.invoiceNumber} cannot be e-invoiced yet: ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} to fix`,
      undefined,
      {},
      errors,
    );
  }
  return json;
}

/** sale/sale-invoice/:id/einvoice: the file to upload to the IRP. */
export async function einvoiceFile(db: Db, businessId: string, id: string, now: Date, irp: IrpClient = defaultIrpClient) {
  const today = indiaToday(now);
  const invoice = await getSaleInvoice(db, businessId, id, today);
  const json = einvoiceOf(invoice, today);
  const submission = await irp.submit([{ number: invoice.invoiceNumber, json }]);
  if (submission.mode !== 'FILE') throw new HttpError(409, 'The IRP answered directly: no file to download');
  await markEInvoiceJsonMade(db, businessId, [invoice.id], now);
  return { fileName: submission.fileName, json };
}

/** sale/einvoice-bulk: the valid invoices as one file, and why each other one is left out. */
export async function einvoiceBulk(db: Db, businessId: string, ids: string[], now: Date, irp: IrpClient = defaultIrpClient) {
  const today = indiaToday(now);
  const valid: { id: string; number: string; json: EInvoiceJson }[] = [];
  const failed: EInvoiceBulkFailure[] = [];
  for (const id of [...new Set(ids)]) {
    let invoice: SaleInvoice | undefined;
    try {
      invoice = await getSaleInvoice(db, businessId, id, today);
      valid.push({ id, number: invoice.invoiceNumber, json: einvoiceOf(invoice, today) });
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      failed.push({ id, invoiceNumber: invoice?.invoiceNumber ?? null, message: e.message, errors: e.errors ?? [] });
    }
  }
  if (valid.length === 0) {
    throw new HttpError(422, 'None of these invoices can be e-invoiced yet', undefined, {}, failed.flatMap((f) => f.errors.map((p) => ({ path: `${f.invoiceNumber ?? f.id}: ${p.path}`, message: p.message }))));
  }
  const submission = await irp.submit(valid);
  if (submission.mode !== 'FILE') throw new HttpError(409, 'The IRP answered directly: no file to download');
  await markEInvoiceJsonMade(db, businessId, valid.map((v) => v.id), now);
  return { fileName: submission.fileName, json: submission.json, invoiceIds: valid.map((v) => v.id), failed };
}

/**
 * sale/sale-invoice/:id/irn: stores the IRP's answer on the invoice once it is checked against the invoice's number
 * and seller GSTIN. An invoice has one IRN: a second answers 409.
 */
export async function recordIrn(ctx: DocumentContext, id: string, raw: unknown): Promise<SaleInvoice> {
  const { db, auth, now } = ctx;
  const today = indiaToday(now);
  if (!UUID.test(id)) throw new HttpError(404, INVOICE_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: saleInvoices.id })
      .from(saleInvoices)
      .where(and(eq(saleInvoices.businessId, auth.businessId), eq(saleInvoices.id, id)))
      .for('update');
    if (!row) throw new HttpError(404, INVOICE_NOT_FOUND);
    const invoice = await getSaleInvoice(tx, auth.businessId, id, today);
    const refused = ineligibility(invoice);
    if (refused) throw refused;
    if (invoice.einvoice.irn) throw conflict(`Invoice ${invoice.invoiceNumber} already has IRN ${invoice.einvoice.irn}`);
    const answer = readIrpAnswer(raw, { number: invoice.invoiceNumber, sellerGstin: invoice.branch.gstin });
    const [other] = await tx
      .select({ invoiceId: saleInvoiceIrns.invoiceId })
      .from(saleInvoiceIrns)
      .where(and(eq(saleInvoiceIrns.businessId, auth.businessId), eq(saleInvoiceIrns.irn, answer.irn)));
    if (other) throw conflict('This IRN is already stored on another invoice', 'Irn');
    try {
      await tx.insert(saleInvoiceIrns).values({ businessId: auth.businessId, invoiceId: id, ...answer, createdBy: auth.user.id, createdAt: now });
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw conflict(`Invoice ${invoice.invoiceNumber} already has an IRN`);
      throw e;
    }
  });
  return getSaleInvoice(db, auth.businessId, id, today);
}

// ---------------------------------------------------------------------------------------------------------------
// Settings and the list

export async function getEInvoiceSettings(db: Db, businessId: string): Promise<EInvoiceSettings> {
  const [row] = await db.select().from(einvoiceSettings).where(eq(einvoiceSettings.businessId, businessId));
  return row ? { enabled: row.enabled, fromDate: row.enabled ? row.fromDate : null } : { enabled: false, fromDate: null };
}

export async function putEInvoiceSettings(ctx: DocumentContext, body: z.output<typeof EInvoiceSettingsRequest>): Promise<EInvoiceSettings> {
  const values = { enabled: body.enabled, fromDate: body.enabled ? (body.fromDate ?? null) : null, updatedAt: ctx.now };
  await ctx.db
    .insert(einvoiceSettings)
    .values({ businessId: ctx.auth.businessId, ...values })
    .onConflictDoUpdate({ target: einvoiceSettings.businessId, set: values });
  return getEInvoiceSettings(ctx.db, ctx.auth.businessId);
}

/**
 * sale/einvoice-invoices: the invoices e-invoicing covers (B2B, dated on or after the start date, not cancelled —
 * or cancelled with an IRN, which the portal must cancel too), newest first, with their e-invoice status.
 */
export async function listEInvoiceInvoices(db: Db, businessId: string, q: z.output<typeof EInvoiceListQuery>) {
  const settings = await getEInvoiceSettings(db, businessId);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? 20;
  const meta = { page, pageSize, enabled: settings.enabled, fromDate: settings.fromDate };
  if (!settings.enabled || !settings.fromDate) return { data: [] as EInvoiceListItem[], meta: { ...meta, total: 0 } };
  const hasIrn = sql`exists (select 1 from ${saleInvoiceIrns} where ${saleInvoiceIrns.businessId} = ${saleInvoices.businessId} and ${saleInvoiceIrns.invoiceId} = ${saleInvoices.id})`;
  const conditions: (SQL | undefined)[] = [
    eq(saleInvoices.businessId, businessId),
    sql`coalesce(${saleInvoices.partySnapshot}->>'gstin', '') <> ''`,
    sql`${saleInvoices.invoiceDate} >= ${settings.fromDate}`,
    sql`(${saleInvoices.status} <> 'CANCELLED' or ${hasIrn})`,
  ];
  if (q.from) conditions.push(sql`${saleInvoices.invoiceDate} >= ${q.from}`);
  if (q.to) conditions.push(sql`${saleInvoices.invoiceDate} <= ${q.to}`);
  const jsonMade = sql`${saleInvoices.einvoiceJsonAt} is not null`;
  if (q.status === 'IRN_RECEIVED') conditions.push(hasIrn);
  if (q.status === 'JSON_READY') conditions.push(sql`not ${hasIrn} and ${jsonMade} and ${saleInvoices.status} <> 'CANCELLED'`);
  if (q.status === 'NOT_GENERATED') conditions.push(sql`not ${hasIrn} and not ${jsonMade}`);
  const where = and(...conditions);
  const rows = await db
    .select({
      id: saleInvoices.id,
      invoiceNumber: saleInvoices.invoiceNumber,
      invoiceDate: saleInvoices.invoiceDate,
      partyName: saleInvoices.partyName,
      partyGstin: sql<string | null>`${saleInvoices.partySnapshot}->>'gstin'`,
      grandTotal: saleInvoices.grandTotal,
      status: saleInvoices.status,
      jsonAt: saleInvoices.einvoiceJsonAt,
    })
    .from(saleInvoices)
    .where(where)
    .orderBy(desc(saleInvoices.invoiceDate), desc(saleInvoices.createdAt), desc(saleInvoices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(saleInvoices).where(where);
  const irns = await irnRowsOf(db, businessId, rows.map((r) => r.id));
  return {
    data: rows.map((r): EInvoiceListItem => {
      const { status, irn, ackNo, ackDate } = einvoiceStateOf(irns.get(r.id), r.status === 'CANCELLED', r.jsonAt);
      return {
        id: r.id,
        invoiceNumber: r.invoiceNumber,
        invoiceDate: r.invoiceDate,
        partyName: r.partyName,
        partyGstin: r.partyGstin,
        grandTotal: moneyText(r.grandTotal),
        einvoice: { status, irn, ackNo, ackDate },
      };
    }),
    meta: { ...meta, total: Number(total) },
  };
}
