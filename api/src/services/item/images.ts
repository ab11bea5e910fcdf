import { randomBytes } from 'node:crypto';
import { ITEM_MESSAGES } from '@bahi/shared/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { itemImages } from '../../db/schema';
import { HttpError } from '../../errors';
import { deleteFiles, putFile, readFile, type StoredFile } from '../files';

/** The URL an item image is served at (behind the session). */
export const IMAGE_URL_PREFIX = '/api/item/image/';
export const imageUrl = (fileName: string) => `${IMAGE_URL_PREFIX}${fileName}`;
/** Server-made names only: 32 hex characters and the extension the bytes proved. */
export const IMAGE_FILE_NAME = /^[0-9a-f]{32}\.(png|jpg)$/;

const ALLOWED: Record<string, { ext: 'png' | 'jpg'; mime: string }> = {
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
};

export interface UploadedImage {
  bytes: Buffer;
  /** What the bytes are, not what the client said. */
  mime: string;
  ext: 'png' | 'jpg';
}

/** PNG or JPEG judged by the bytes (magic numbers), whatever the name or the declared type say; else 415. */
export async function identifyImage(bytes: Buffer): Promise<UploadedImage> {
  // file-type 21 is ESM-only.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  const allowed = type && ALLOWED[type.mime];
  if (!allowed) throw new HttpError(415, ITEM_MESSAGES.imageType, 'itemImages');
  return { bytes, mime: allowed.mime, ext: allowed.ext };
}

/** Where an image was kept before files moved into the database; read once by the import at start (services/files/import.ts). */
export const LEGACY_IMAGES_DIR = 'item-images';

/**
 * Stores the images' bytes and their rows, in the item's transaction and in the order given, from `firstPosition` on.
 * Each gets a random name: the name in its URL.
 */
export async function insertImages(tx: Tx, businessId: string, itemId: string, images: UploadedImage[], firstPosition: number): Promise<void> {
  let position = firstPosition;
  for (const image of images) {
    const fileId = await putFile(tx, businessId, { bytes: image.bytes, contentType: image.mime });
    const fileName = `${randomBytes(16).toString('hex')}.${image.ext}`;
    await tx.insert(itemImages).values({ businessId, itemId, fileName, fileId, contentType: image.mime, size: image.bytes.length, position });
    position += 1;
  }
}

/** Drops the item's images with these names, their bytes too, in the item's transaction. */
export async function deleteImages(tx: Tx, businessId: string, itemId: string, fileNames: string[]): Promise<void> {
  if (fileNames.length === 0) return;
  const gone = await tx
    .delete(itemImages)
    .where(and(eq(itemImages.businessId, businessId), eq(itemImages.itemId, itemId), inArray(itemImages.fileName, fileNames)))
    .returning({ fileId: itemImages.fileId });
  await deleteFiles(tx, businessId, gone.map((g) => g.fileId));
}

/** The business's image with this name, bytes and all, or null (another business's image is not found). */
export async function findImage(db: Db, businessId: string, fileName: string): Promise<StoredFile | null> {
  if (!IMAGE_FILE_NAME.test(fileName)) return null;
  const [row] = await db
    .select({ fileId: itemImages.fileId })
    .from(itemImages)
    .where(and(eq(itemImages.businessId, businessId), eq(itemImages.fileName, fileName)));
  return row?.fileId ? readFile(db, businessId, row.fileId) : null;
}

/** 'https://x/api/item/image/ab12....png', '/api/item/image/ab12....png' or the bare name -> the name. */
export function imageNameFromUrl(url: string): string {
  const clean = url.split('?')[0];
  return clean.slice(clean.lastIndexOf('/') + 1);
}
