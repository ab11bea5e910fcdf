import { createHash } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { UUID } from '../../db/ids';
import { storedFiles } from '../../db/schema';

/*
 * Files a business uploads, kept in the database (stored_files) so that any instance serves any file. A file is
 * written in the transaction of the row that owns it (so a failed save leaves no file behind), never changed, and
 * deleted in the transaction that drops or replaces its owner. What a file may be (its type by its bytes, its size)
 * is the uploading service's rule; this one only keeps bytes.
 */

export interface NewFile {
  bytes: Buffer;
  /** What the bytes are, as the uploading service judged them (never the type the client claimed). */
  contentType: string;
}

export interface StoredFile {
  id: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  bytes: Buffer;
  createdAt: Date;
}

export const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Stores the bytes for the business; answers the new file's id. */
export async function putFile(tx: Db | Tx, businessId: string, file: NewFile): Promise<string> {
  const [row] = await tx
    .insert(storedFiles)
    .values({ businessId, contentType: file.contentType, size: file.bytes.length, sha256: sha256Of(file.bytes), bytes: file.bytes })
    .returning({ id: storedFiles.id });
  return row.id;
}

/** The business's file with this id, bytes and all, or null (another business's file is not found). */
export async function readFile(db: Db | Tx, businessId: string, id: string): Promise<StoredFile | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      id: storedFiles.id,
      contentType: storedFiles.contentType,
      size: storedFiles.size,
      sha256: storedFiles.sha256,
      bytes: storedFiles.bytes,
      createdAt: storedFiles.createdAt,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.businessId, businessId), eq(storedFiles.id, id)));
  return row ?? null;
}

/** Deletes the business's files with these ids (once no row names them: the foreign keys refuse it before). */
export async function deleteFiles(tx: Db | Tx, businessId: string, ids: Array<string | null | undefined>): Promise<void> {
  const wanted = ids.filter((id): id is string => typeof id === 'string' && UUID.test(id));
  if (wanted.length === 0) return;
  await tx.delete(storedFiles).where(and(eq(storedFiles.businessId, businessId), inArray(storedFiles.id, wanted)));
}
