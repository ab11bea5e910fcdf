/** The business profile's images and the public share links of its documents. */
import { sql } from 'drizzle-orm';
import { check, customType, foreignKey, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { businesses, users } from './core';
import { quotations, saleInvoices } from './sales';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export type BusinessImageKindValue = 'LOGO' | 'SIGNATURE';

/** The logo and the signature a business prints, as PNG or JPEG bytes (at most 1 MB each). */
export const businessImages = pgTable(
  'business_images',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    kind: text('kind').$type<BusinessImageKindValue>().notNull(),
    /** What the bytes are (judged from them), not what the upload said. */
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    /** Hex SHA-256 of the bytes: the served image's ETag. */
    sha256: text('sha256').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'business_images_pkey', columns: [t.businessId, t.kind] }),
    check('business_images_kind_check', sql`${t.kind} in ('LOGO', 'SIGNATURE')`),
    check('business_images_content_type_check', sql`${t.contentType} in ('image/png', 'image/jpeg')`),
    check('business_images_size_check', sql`octet_length(${t.bytes}) between 1 and 1048576`),
  ],
);

/**
 * A public, read-only link to one sale invoice or quotation, until it expires or is revoked. Only the SHA-256 of
 * its token is kept.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    saleInvoiceId: uuid('sale_invoice_id'),
    quotationId: uuid('quotation_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdBy: uuid('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'share_links_pkey', columns: [t.businessId, t.id] }),
    check('share_links_one_document_check', sql`(${t.saleInvoiceId} is null) <> (${t.quotationId} is null)`),
    foreignKey({ name: 'share_links_sale_invoice_fk', columns: [t.businessId, t.saleInvoiceId], foreignColumns: [saleInvoices.businessId, saleInvoices.id] }).onDelete('cascade'),
    foreignKey({ name: 'share_links_quotation_fk', columns: [t.businessId, t.quotationId], foreignColumns: [quotations.businessId, quotations.id] }).onDelete('cascade'),
    foreignKey({ name: 'share_links_created_by_fk', columns: [t.businessId, t.createdBy], foreignColumns: [users.businessId, users.id] }),
    uniqueIndex('share_links_token_key').on(t.businessId, t.tokenHash),
    index('share_links_sale_invoice_idx').on(t.businessId, t.saleInvoiceId).where(sql`${t.saleInvoiceId} is not null`),
    index('share_links_quotation_idx').on(t.businessId, t.quotationId).where(sql`${t.quotationId} is not null`),
  ],
);
