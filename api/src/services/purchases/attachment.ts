import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PURCHASE_ATTACHMENT_MAX_BYTES, PURCHASE_MESSAGES } from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { readOneFile } from '../../plugins/multipart';

/*
 * The supplier's bill attached to a purchase: stored as item images are, under a random server-made name in
 * DATA_DIR/purchase-bills/<business id>/, with its type judged by its bytes.
 */

const ALLOWED: Record<string, { ext: 'pdf' | 'png' | 'jpg'; mime: 'application/pdf' | 'image/png' | 'image/jpeg' }> = {
  'application/pdf': { ext: 'pdf', mime: 'application/pdf' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
};

/** Server-made names only: 32 hex characters and the extension the bytes proved. */
export const ATTACHMENT_FILE_NAME = /^[0-9a-f]{32}\.(pdf|png|jpg)$/;

export const attachmentsDir = (dataDir: string, businessId: string) => path.join(dataDir, 'purchase-bills', businessId);

export interface UploadedBill {
  bytes: Buffer;
  mime: 'application/pdf' | 'image/png' | 'image/jpeg';
  ext: 'pdf' | 'png' | 'jpg';
  /** The name it came with, cleaned (letters, digits, . _ - and spaces), for the download. */
  originalName: string;
}

const UPLOAD = {
  field: 'file',
  maxBytes: PURCHASE_ATTACHMENT_MAX_BYTES,
  messages: {
    notMultipart: 'Upload the bill as multipart/form-data with the file in it.',
    missing: PURCHASE_MESSAGES.attachmentMissing,
    oneOnly: 'Attach one bill file at a time.',
    tooLarge: PURCHASE_MESSAGES.attachmentTooLarge,
  },
};

/** A file name safe in a Content-Disposition header: no quotes, slashes or control characters. */
export function cleanFileName(name: string, ext: string): string {
  const base = path
    .basename(name || '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9 ._-]+/g, '_')
    .trim()
    .slice(0, 80);
  return `${base || 'bill'}.${ext}`;
}

/** The multipart upload: one file in the field `file`, at most 5 MB (413), a PDF, PNG or JPEG by its bytes (415). */
export async function readBillUpload(request: FastifyRequest): Promise<UploadedBill> {
  const { bytes: data, name: filename } = await readOneFile(request, UPLOAD);
  // file-type 21 is ESM-only.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(data);
  const allowed = type && ALLOWED[type.mime];
  if (!allowed) throw new HttpError(415, PURCHASE_MESSAGES.attachmentType, 'file');
  return { bytes: data, mime: allowed.mime, ext: allowed.ext, originalName: cleanFileName(filename, allowed.ext) };
}

/** Writes the file under a random name; answers the name. */
export async function storeBill(dataDir: string, businessId: string, bill: UploadedBill): Promise<string> {
  const dir = attachmentsDir(dataDir, businessId);
  await fs.promises.mkdir(dir, { recursive: true });
  const fileName = `${randomBytes(16).toString('hex')}.${bill.ext}`;
  await fs.promises.writeFile(path.join(dir, fileName), bill.bytes, { flag: 'wx' });
  return fileName;
}

export async function removeBillFile(dataDir: string, businessId: string, fileName: string | null | undefined): Promise<void> {
  if (!fileName || !ATTACHMENT_FILE_NAME.test(fileName)) return;
  await fs.promises.rm(path.join(attachmentsDir(dataDir, businessId), fileName), { force: true });
}

/** Where a stored bill's file is, or null when it is not there. */
export async function billFilePath(dataDir: string, businessId: string, fileName: string): Promise<string | null> {
  if (!ATTACHMENT_FILE_NAME.test(fileName)) return null;
  const filePath = path.join(attachmentsDir(dataDir, businessId), fileName);
  try {
    await fs.promises.access(filePath, fs.constants.R_OK);
  } catch {
    return null;
  }
  return filePath;
}
