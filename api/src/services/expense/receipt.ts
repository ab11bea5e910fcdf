import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
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

/*
 * An expense's receipt: one PDF, PNG or JPEG, told by its bytes, at most 5 MB, kept under
 * DATA_DIR/expense-receipts/<business>/ with a server-made name and served only to its business.
 */

const FILE_NAME = /^[0-9a-f]{32}\.(pdf|png|jpg)$/;
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

export const receiptsDir = (dataDir: string, businessId: string) => path.join(dataDir, 'expense-receipts', businessId);
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
 * expense/attach-receipt/:id: stores the file and points the expense at it (replacing an earlier receipt, whose file
 * is then removed). The file is written first and removed again if the expense cannot take it.
 */
export async function attachReceipt(db: Db, dataDir: string, businessId: string, id: string, upload: { bytes: Buffer; name: string }): Promise<Expense> {
  if (!UUID.test(id)) throw new HttpError(404, EXPENSE_NOT_FOUND);
  // file-type 21 is ESM-only.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(upload.bytes);
  const mime = (EXPENSE_RECEIPT_TYPES as readonly string[]).find((t) => t === type?.mime) as (typeof EXPENSE_RECEIPT_TYPES)[number] | undefined;
  if (!mime) throw new HttpError(415, RECEIPT_MESSAGES.type, FIELD);
  const ext = EXT[mime];
  const dir = receiptsDir(dataDir, businessId);
  const fileName = `${randomBytes(16).toString('hex')}.${ext}`;
  await fs.promises.mkdir(dir, { recursive: true });
  await fs.promises.writeFile(path.join(dir, fileName), upload.bytes, { flag: 'wx' });
  let previous: string | null = null;
  try {
    await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ receiptFile: expenses.receiptFile })
        .from(expenses)
        .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)))
        .for('update');
      if (!row) throw new HttpError(404, EXPENSE_NOT_FOUND);
      previous = row.receiptFile;
      await tx
        .update(expenses)
        .set({ receiptFile: fileName, receiptType: mime, receiptSize: upload.bytes.length, receiptName: cleanName(upload.name, ext), updatedAt: new Date() })
        .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)));
    });
  } catch (e) {
    await fs.promises.rm(path.join(dir, fileName), { force: true });
    throw e;
  }
  const old: string | null = previous;
  if (old && FILE_NAME.test(old)) await fs.promises.rm(path.join(dir, old), { force: true });
  return getExpense(db, businessId, id);
}

/** The business's receipt of this expense and where its file is, or 404 (another business's expense is not found). */
export async function findReceipt(db: Db, dataDir: string, businessId: string, id: string) {
  if (!UUID.test(id)) throw new HttpError(404, EXPENSE_NOT_FOUND);
  const [row] = await db
    .select({ file: expenses.receiptFile, type: expenses.receiptType, size: expenses.receiptSize, name: expenses.receiptName })
    .from(expenses)
    .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)));
  if (!row) throw new HttpError(404, EXPENSE_NOT_FOUND);
  if (!row.file || !FILE_NAME.test(row.file) || !row.type) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  const filePath = path.join(receiptsDir(dataDir, businessId), row.file);
  if (!fs.existsSync(filePath)) throw new HttpError(404, RECEIPT_MESSAGES.notFound);
  return { filePath, contentType: row.type, size: row.size ?? 0, name: row.name ?? row.file };
}
