import path from 'node:path';
import { EXPENSE_RECEIPT_MAX_BYTES, EXPENSE_RECEIPT_TYPES, type Expense } from '@bahi/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { expenses } from '../../db/schema';
import { HttpError } from '../../errors';
import { readOneFile } from '../../plugins/multipart';
import { EXPENSE_NOT_FOUND, getExpense } from './index';
import { UUID } from '../../db/ids';
import { deleteFiles, putFile, readFile } from '../files';

/*
 * An expense's receipt: one PDF, PNG or JPEG, told by its bytes, at most 5 MB, kept in stored_files
 * (services/files/) and served only to its business.
 */

const EXT: Record<(typeof EXPENSE_RECEIPT_TYPES)[number], string> = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' };
const FIELD = 'receipt';
const MB = EXPENSE_RECEIPT_MAX_BYTES / (1024 * 1024);

export const RECEIPT_MESSAGES = {
  multipart: 'Send the receipt as multipart/form-data, in the field receipt.',
  missing: 'Attach the receipt: a PDF, PNG or JPEG file in the field receipt.',
  type: 'The receipt must be a PDF, PNG or JPEG file.',
  tooLarge: `The receipt must be at most ${MB} MB.`,
  oneOnly: 'Attach one receipt at a time.',
  notFound: 'Receipt not found',
};

/** Where receipts were kept before files moved into the database; read once by the import at start (services/files/import.ts). */
export const LEGACY_RECEIPTS_DIR = 'expense-receipts';
export const receiptUrl = (expenseId: string) => `/api/expense/receipt/${expenseId}`;

/** The one file of the request in the field `receipt`, whole (at most 5 MB: 413 past it), with the name it was sent with. */
export const readReceipt = (request: FastifyRequest) =>
  readOneFile(request, {
    field: FIELD,
    maxBytes: EXPENSE_RECEIPT_MAX_BYTES,
    messages: { notMultipart: RECEIPT_MESSAGES.multipart, missing: RECEIPT_MESSAGES.missing, oneOnly: RECEIPT_MESSAGES.oneOnly, tooLarge: RECEIPT_MESSAGES.tooLarge },
  });

/** A name fit to show and to put in a header: the base name, printable, at most 100 characters. */
function cleanName(name: string, ext: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).replace(/[^\p{L}\p{N} ._()-]/gu, '').trim().slice(0, 100);
  return base || `receipt.${ext}`;
}

/**
 * expense/attach-receipt/:id: stores the file and points the expense at it, in one transaction; an earlier receipt's
 * file is deleted in the same transaction.
 */
export async function attachReceipt(db: Db, businessId: string, id: string, upload: { bytes: Buffer; name: string }): Promise<Expense> {
  if (!UUID.test(id)) throw new HttpError(404, EXPENSE_NOT_FOUND);
  // file-type 21 is ESM-only.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(upload.bytes);
  const mime = (EXPENSE_RECEIPT_TYPES as readonly string[]).find((t) => t === type?.mime) as (typeof EXPENSE_RECEIPT_TYPES)[number] | undefined;
  if (!mime) throw new HttpError(415, RECEIPT_MESSAGES.type, FIELD);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ receiptFileId: expenses.receiptFileId })
      .from(expenses)
      .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)))
      .for('update');
    if (!row) throw new HttpError(404, EXPENSE_NOT_FOUND);
    const fileId = await putFile(tx, businessId, { bytes: upload.bytes, contentType: mime });
    await tx
      .update(expenses)
      .set({ receiptFileId: fileId, receiptType: mime, receiptSize: upload.bytes.length, receiptName: cleanName(upload.name, EXT[mime]), updatedAt: new Date() })
      .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)));
    await deleteFiles(tx, businessId, [row.receiptFileId]);
  });
  return getExpense(db, businessId, id);
}

/** The business's receipt of this expense, bytes and all, or 404 (another business's expense is not found). */
export async function findReceipt(db: Db, businessId: string, id: string) {
  if (!UUID.test(id)) throw new HttpError(404, EXPENSE_NOT_FOUND);
  const [row] = await db
    .select({ fileId: expenses.receiptFileId, type: expenses.receiptType, name: expenses.receiptName })
    .from(expenses)
    .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)));
  if (!row) throw new HttpError(404, EXPENSE_NOT_FOUND);
  const file = row.fileId && row.type ? await readFile(db, businessId, row.fileId) : null;
  if (!file || !row.type) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  return { file, contentType: row.type, name: row.name ?? `receipt.${EXT[row.type as (typeof EXPENSE_RECEIPT_TYPES)[number]] ?? 'pdf'}` };
}
