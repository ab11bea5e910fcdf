import path from 'node:path';
import { PURCHASE_ATTACHMENT_MAX_BYTES, PURCHASE_MESSAGES } from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../errors';
import { readOneFile } from '../../plugins/multipart';

/*
 * The supplier's bill attached to a purchase: a PDF, PNG or JPEG judged by its bytes, kept in stored_files
 * (services/files/).
 */

const ALLOWED: Record<string, { ext: 'pdf' | 'png' | 'jpg'; mime: 'application/pdf' | 'image/png' | 'image/jpeg' }> = {
  'application/pdf': { ext: 'pdf', mime: 'application/pdf' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
};

/** Where bills were kept before files moved into the database; read once by the import at start (services/files/import.ts). */
export const LEGACY_BILLS_DIR = 'purchase-bills';

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
