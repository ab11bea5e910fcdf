import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { LEGACY_RECEIPTS_DIR } from '../expense/receipt';
import { LEGACY_IMAGES_DIR } from '../item/images';
import { LEGACY_BILLS_DIR } from '../purchases/attachment';
import { putFile } from './index';

/*
 * The one-time move of files uploaded before files lived in the database (run at start, after the SQL migrations):
 * every item image, purchase bill and expense receipt whose row still names a file under DATA_DIR and no stored file
 * gets its bytes copied into stored_files, in a transaction per file that re-checks the row under a lock (another
 * instance may move it at the same time), and then the file is removed from DATA_DIR, with its folders once empty.
 * Run again, it finds nothing left to move: it is idempotent. A row whose file is not on disk keeps no file (it was
 * served as "not found" before too) and is reported as missing.
 */

interface Kind {
  /** What the log calls it. */
  label: string;
  /** The folder under DATA_DIR: <dir>/<business id>/<file name>. */
  dir: string;
  table: string;
  /** The column naming the file on disk, and the one naming the stored file. */
  nameColumn: string;
  idColumn: string;
  /** The column holding the type the bytes were judged to be at the upload. */
  typeColumn: string;
}

const KINDS: Kind[] = [
  { label: 'item images', dir: LEGACY_IMAGES_DIR, table: 'item_images', nameColumn: 'file_name', idColumn: 'file_id', typeColumn: 'content_type' },
  { label: 'purchase bills', dir: LEGACY_BILLS_DIR, table: 'purchase_invoices', nameColumn: 'attachment_file_name', idColumn: 'attachment_file_id', typeColumn: 'attachment_content_type' },
  { label: 'expense receipts', dir: LEGACY_RECEIPTS_DIR, table: 'expenses', nameColumn: 'receipt_file', idColumn: 'receipt_file_id', typeColumn: 'receipt_type' },
];

/** Names the server made: 32 hex characters and an extension; anything else is never read from disk. */
const SERVER_FILE_NAME = /^[0-9a-f]{32}\.(pdf|png|jpg)$/;

export interface ImportedFiles {
  /** Files moved into the database, by kind. */
  moved: Record<string, number>;
  /** Rows whose file was not in DATA_DIR: `<folder>/<business id>/<file name>`. */
  missing: string[];
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Moves every file still in DATA_DIR into stored_files; answers (and logs) what it moved and what it could not find. */
export async function importFilesFromDataDir(db: Db, dataDir: string, log?: Logger): Promise<ImportedFiles> {
  const result: ImportedFiles = { moved: {}, missing: [] };
  for (const kind of KINDS) {
    const pending = await selectRows<{ business_id: string; id: string; name: string }>(
      db,
      sql`select business_id, id, ${sql.identifier(kind.nameColumn)} as name from ${sql.identifier(kind.table)}
          where ${sql.identifier(kind.nameColumn)} is not null and ${sql.identifier(kind.idColumn)} is null
          order by business_id, id`,
    );
    let moved = 0;
    for (const row of pending) {
      const businessDir = path.join(dataDir, kind.dir, row.business_id);
      const file = path.join(businessDir, row.name);
      const bytes = SERVER_FILE_NAME.test(row.name) ? await readIfThere(file) : null;
      if (!bytes) {
        result.missing.push(`${kind.dir}/${row.business_id}/${row.name}`);
        continue;
      }
      const stored = await db.transaction(async (tx) => {
        const [current] = await selectRows<{ file_id: string | null; content_type: string | null }>(
          tx,
          sql`select ${sql.identifier(kind.idColumn)} as file_id, ${sql.identifier(kind.typeColumn)} as content_type
              from ${sql.identifier(kind.table)} where business_id = ${row.business_id} and id = ${row.id} for update`,
        );
        if (!current || current.file_id) return false;
        const fileId = await putFile(tx, row.business_id, { bytes, contentType: current.content_type ?? 'application/octet-stream' });
        await tx.execute(
          sql`update ${sql.identifier(kind.table)} set ${sql.identifier(kind.idColumn)} = ${fileId}
              where business_id = ${row.business_id} and id = ${row.id}`,
        );
        return true;
      });
      // Stored (by this instance or, meanwhile, another): the copy on disk is no longer read.
      await fs.promises.rm(file, { force: true });
      await removeIfEmpty(businessDir);
      if (stored) moved += 1;
    }
    await removeIfEmpty(path.join(dataDir, kind.dir));
    result.moved[kind.label] = moved;
  }
  const total = Object.values(result.moved).reduce((a, b) => a + b, 0);
  if (total > 0) log?.info({ moved: result.moved, dataDir }, `Moved ${total} uploaded files from ${dataDir} into the database`);
  if (result.missing.length > 0) {
    log?.warn(
      { missing: result.missing, dataDir },
      `${result.missing.length} uploaded files named in the database were not found in ${dataDir}; they stay "not found"`,
    );
  }
  return result;
}

async function readIfThere(file: string): Promise<Buffer | null> {
  try {
    return await fs.promises.readFile(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

async function removeIfEmpty(dir: string): Promise<void> {
  try {
    await fs.promises.rmdir(dir);
  } catch {
    // Not empty, or not there: either way nothing to do.
  }
}
