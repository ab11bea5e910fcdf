import type { EInvoiceJson, SaleInvoice, SaleNote } from '@bahi/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { saleNotes } from '../../db/schema';
import { HttpError, conflict } from '../../errors';
import { buildEInvoice } from './build';
import { defaultIrpClient, type IrpClient } from './irp';
import { validateEInvoice } from './validate';

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/**
 * A credit or debit note to a registered buyer as e-invoice JSON v1.1 (gst-rules.md: `DocDtls.Typ` CRN or DBN,
 * `RefDtls.PrecDocDtls` the invoice it follows), built like an invoice's and checked offline the same way; 409 for a
 * cancelled note, 422 for one to an unregistered buyer or with problems (every one named).
 */
export function noteEInvoiceOf(note: SaleNote, today: string): EInvoiceJson {
  const what = `${note.noteType === 'CREDIT' ? 'Credit' : 'Debit'} note ${note.noteNumber}`;
  if (note.branch.registrationType !== 'REGULAR') throw new HttpError(422, `${what} is not e-invoiced: only a regular taxpayer e-invoices`);
  if (note.status === 'CANCELLED') throw conflict(`${what} is cancelled: a cancelled note is not reported to the IRP`);
  if (!note.party?.gstin) {
    throw new HttpError(422, `${what} is not to a registered buyer (its party has no GSTIN): only notes to a registered party are e-invoiced`);
  }
  // The note's lines and totals in the invoice's shape, under the note's own number and date.
  const json = buildEInvoice({ ...note, invoiceNumber: note.noteNumber, invoiceDate: note.noteDate } as unknown as SaleInvoice);
  json.DocDtls = { Typ: note.noteType === 'CREDIT' ? 'CRN' : 'DBN', No: note.noteNumber, Dt: ddmmyyyy(note.noteDate) };
  json.RefDtls = { PrecDocDtls: [{ InvNo: note.invoice.invoiceNumber, InvDt: ddmmyyyy(note.invoice.invoiceDate) }] };
  const errors = validateEInvoice(json, today);
  if (errors.length) {
    throw new HttpError(422, `${what} cannot be e-invoiced yet: ${errors.length} ${errors.length === 1 ? 'problem' : 'problems'} to fix`, undefined, {}, errors);
  }
  return json;
}

/** The note's file to upload to the IRP; the note is then JSON ready. */
export async function noteEInvoiceFile(db: Db, businessId: string, note: SaleNote, today: string, now: Date, irp: IrpClient = defaultIrpClient) {
  const json = noteEInvoiceOf(note, today);
  const submission = await irp.submit([{ number: note.noteNumber, json }]);
  if (submission.mode !== 'FILE') throw new HttpError(409, 'The IRP answered directly: no file to download');
  await db.update(saleNotes).set({ einvoiceJsonAt: now }).where(and(eq(saleNotes.businessId, businessId), eq(saleNotes.id, note.id)));
  return { fileName: submission.fileName, json };
}
