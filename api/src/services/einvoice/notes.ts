import type { EInvoiceJson, SaleInvoice, SaleNote } from '@bahi/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { UUID } from '../../db/ids';
import { saleInvoiceIrns, saleNoteIrns, saleNotes } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, conflict, pgErrorCode } from '../../errors';
import type { DocumentContext } from '../documents/prepare';
import { getSaleNote, type NoteKind } from '../sale-notes';
import { buildEInvoice } from './build';
import { defaultIrpClient, readIrpAnswer, type IrpClient } from './irp';
import { validateEInvoice } from './validate';

const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

const whatNote = (note: SaleNote) => `${note.noteType === 'CREDIT' ? 'Credit' : 'Debit'} note ${note.noteNumber}`;

/** Why a note is not e-invoiced at all: its seller is not a regular taxpayer, it is cancelled, or its buyer is unregistered. */
function noteIneligibility(note: SaleNote): HttpError | undefined {
  const what = whatNote(note);
  if (note.branch.registrationType !== 'REGULAR') return new HttpError(422, `${what} is not e-invoiced: only a regular taxpayer e-invoices`);
  if (note.status === 'CANCELLED') return conflict(`${what} is cancelled: a cancelled note is not reported to the IRP`);
  if (!note.party?.gstin) {
    return new HttpError(422, `${what} is not to a registered buyer (its party has no GSTIN): only notes to a registered party are e-invoiced`);
  }
  return undefined;
}

/**
 * A credit or debit note to a registered buyer as e-invoice JSON v1.1 (gst-rules.md: `DocDtls.Typ` CRN or DBN,
 * `RefDtls.PrecDocDtls` the invoice it follows), built like an invoice's and checked offline the same way; 409 for a
 * cancelled note, 422 for one to an unregistered buyer or with problems (every one named).
 */
export function noteEInvoiceOf(note: SaleNote, today: string): EInvoiceJson {
  const what = whatNote(note);
  const refused = noteIneligibility(note);
  if (refused) throw refused;
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

/**
 * sale/credit-note/:id/irn and sale/debit-note/:id/irn: stores the IRP's answer on the note once it is checked, as an
 * invoice's is, against the note's number and seller GSTIN. A note has one IRN: a second, or one on a cancelled note,
 * answers 409.
 */
export async function recordNoteIrn(ctx: DocumentContext, kind: NoteKind, id: string, raw: unknown): Promise<SaleNote> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  if (!UUID.test(id)) throw new HttpError(404, kind.notFound);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: saleNotes.id })
      .from(saleNotes)
      .where(and(eq(saleNotes.businessId, businessId), eq(saleNotes.id, id), eq(saleNotes.noteType, kind.type)))
      .for('update');
    if (!row) throw new HttpError(404, kind.notFound);
    const note = await getSaleNote(tx, businessId, id, kind);
    const refused = noteIneligibility(note);
    if (refused) throw refused;
    if (note.einvoice.irn) throw conflict(`${whatNote(note)} already has IRN ${note.einvoice.irn}`);
    const answer = readIrpAnswer(raw, { number: note.noteNumber, sellerGstin: note.branch.gstin, word: kind.word.toLowerCase() });
    // An IRN registers one document: not another note, nor an invoice.
    const [otherNote] = await tx
      .select({ id: saleNoteIrns.noteId })
      .from(saleNoteIrns)
      .where(and(eq(saleNoteIrns.businessId, businessId), eq(saleNoteIrns.irn, answer.irn)));
    const [otherInvoice] = await tx
      .select({ id: saleInvoiceIrns.invoiceId })
      .from(saleInvoiceIrns)
      .where(and(eq(saleInvoiceIrns.businessId, businessId), eq(saleInvoiceIrns.irn, answer.irn)));
    if (otherNote || otherInvoice) throw conflict(`This IRN is already stored on another ${otherNote ? 'note' : 'invoice'}`, 'Irn');
    try {
      await tx.insert(saleNoteIrns).values({ businessId, noteId: id, ...answer, createdBy: auth.user.id, createdAt: now });
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw conflict(`${whatNote(note)} already has an IRN`);
      throw e;
    }
  });
  return getSaleNote(db, businessId, id, kind);
}
