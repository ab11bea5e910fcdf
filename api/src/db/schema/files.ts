import { check, customType, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';
import { businesses } from './core';

/** bytea, read as a Buffer on PostgreSQL and on PGlite alike. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The files a business uploads (item images, bills, receipts, ...), kept in the database so that every instance of
 * the API serves every file. The rows that own a file name it by (business_id, file_id); a file is never changed,
 * only replaced by a new one and deleted with the row that owned it. services/files/ reads and writes them.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    /** What the bytes are (judged by them at the upload), e.g. image/png. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** Hex SHA-256 of the bytes. */
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'stored_files_pkey', columns: [t.businessId, t.id] }),
    check('stored_files_size_check', sql`${t.size} = octet_length(${t.bytes})`),
  ],
);
