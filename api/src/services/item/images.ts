import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ITEM_MESSAGES } from '@bahi/shared/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { itemImages } from '../../db/schema';
import { HttpError } from '../../errors';

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

export const imagesDir = (dataDir: string, businessId: string) => path.join(dataDir, 'item-images', businessId);

export interface StoredImage {
  fileName: string;
  contentType: string;
  size: number;
}

/** Writes the images under random names; answers what was written so a failed save can remove it again. */
export async function storeImages(dataDir: string, businessId: string, images: UploadedImage[]): Promise<StoredImage[]> {
  if (images.length === 0) return [];
  const dir = imagesDir(dataDir, businessId);
  await fs.promises.mkdir(dir, { recursive: true });
  const stored: StoredImage[] = [];
  try {
    for (const image of images) {
      const fileName = `${randomBytes(16).toString('hex')}.${image.ext}`;
      await fs.promises.writeFile(path.join(dir, fileName), image.bytes, { flag: 'wx' });
      stored.push({ fileName, contentType: image.mime, size: image.bytes.length });
    }
  } catch (e) {
    await removeImageFiles(dataDir, businessId, stored.map((s) => s.fileName));
    throw e;
  }
  return stored;
}

export async function removeImageFiles(dataDir: string, businessId: string, fileNames: string[]): Promise<void> {
  const dir = imagesDir(dataDir, businessId);
  await Promise.all(
    fileNames
      .filter((n) => IMAGE_FILE_NAME.test(n))
      .map((n) => fs.promises.rm(path.join(dir, n), { force: true })),
  );
}

/** The business's image with this name and where its file is, or null (another business's image is not found). */
export async function findImage(
  db: Db,
  dataDir: string,
  businessId: string,
  fileName: string,
): Promise<{ filePath: string; contentType: string; size: number } | null> {
  if (!IMAGE_FILE_NAME.test(fileName)) return null;
  const [row] = await db
    .select({ contentType: itemImages.contentType, size: itemImages.size })
    .from(itemImages)
    .where(and(eq(itemImages.businessId, businessId), eq(itemImages.fileName, fileName)));
  if (!row) return null;
  const filePath = path.join(imagesDir(dataDir, businessId), fileName);
  try {
    await fs.promises.access(filePath, fs.constants.R_OK);
  } catch {
    return null;
  }
  return { filePath, ...row };
}

/** 'https://x/api/item/image/ab12....png', '/api/item/image/ab12....png' or the bare name -> the name. */
export function imageNameFromUrl(url: string): string {
  const clean = url.split('?')[0];
  return clean.slice(clean.lastIndexOf('/') + 1);
}
