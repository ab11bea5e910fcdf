/**
 * e-invoicing: what the Invoice Registration Portal (IRP) answered for a sale invoice, and whether the
 * business reports its B2B invoices to the IRP, from which date.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { businesses } from './core';
import { saleNotes } from './sale-notes';
import { saleInvoices } from './sales';

/** What the IRP answered for a document (an invoice or a note): the same columns for both. */
const irpAnswerColumns = () => ({
  /** 64 hex characters (SHA-256 of the seller GSTIN, financial year, document type and number). */
  irn: text('irn').notNull(),
  ackNo: text('ack_no').notNull(),
  /** As the IRP writes it ("2026-11-05 13:45:00"). */
  ackDate: text('ack_date').notNull(),
  signedInvoice: text('signed_invoice').notNull(),
  signedQrCode: text('signed_qr_code').notNull(),
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/** One row per invoice the IRP registered: the IRN, its acknowledgement and the signed invoice and QR string. */
export const saleInvoiceIrns = pgTable(
  'sale_invoice_irns',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    invoiceId: uuid('invoice_id').notNull(),
    ...irpAnswerColumns(),
  },
  (t) => [
    primaryKey({ name: 'sale_invoice_irns_pkey', columns: [t.businessId, t.invoiceId] }),
    uniqueIndex('sale_invoice_irns_irn_key').on(t.businessId, t.irn),
    foreignKey({
      name: 'sale_invoice_irns_invoice_fk',
      columns: [t.businessId, t.invoiceId],
      foreignColumns: [saleInvoices.businessId, saleInvoices.id],
    }).onDelete('cascade'),
    check('sale_invoice_irns_irn_check', sql`${t.irn} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** One row per credit or debit note the IRP registered, as for an invoice. */
export const saleNoteIrns = pgTable(
  'sale_note_irns',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    noteId: uuid('note_id').notNull(),
    ...irpAnswerColumns(),
  },
  (t) => [
    primaryKey({ name: 'sale_note_irns_pkey', columns: [t.businessId, t.noteId] }),
    uniqueIndex('sale_note_irns_irn_key').on(t.businessId, t.irn),
    foreignKey({
      name: 'sale_note_irns_note_fk',
      columns: [t.businessId, t.noteId],
      foreignColumns: [saleNotes.businessId, saleNotes.id],
    }).onDelete('cascade'),
    check('sale_note_irns_irn_check', sql`${t.irn} ~ '^[0-9a-f]{64}$'`),
  ],
);

/** e-invoicing on for the business from a date (one row per business; none = off). */
export const einvoiceSettings = pgTable(
  'einvoice_settings',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    enabled: boolean('enabled').notNull(),
    fromDate: date('from_date', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'einvoice_settings_pkey', columns: [t.businessId] })],
);
