/**
 * Credit and debit notes on sale invoices (gst-rules.md "Credit and debit notes"): the document columns every
 * document has, the invoice they follow, and which invoices a credit note's value settled.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { storeBranches } from './core';
import { items } from './item';
import { parties } from './party';
import { documentColumns, documentLineColumns, saleInvoices } from './sales';

export const SALE_NOTE_TYPES = ['CREDIT', 'DEBIT'] as const;
export type SaleNoteTypeValue = (typeof SALE_NOTE_TYPES)[number];

export const saleNotes = pgTable(
  'sale_notes',
  {
    ...documentColumns(),
    /** CREDIT (a return or a price reduced) or DEBIT (a price raised). */
    noteType: text('note_type').$type<SaleNoteTypeValue>().notNull(),
    noteNumber: text('note_number').notNull(),
    searchText: text('search_text').generatedAlwaysAs(
      sql.raw(`lower(note_number || ' ' || invoice_number || ' ' || coalesce(party_name, '') || ' ' || coalesce(party_mobile, ''))`),
    ),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    /** The invoice the note follows, and its number and date as printed on the note (Rule 53). */
    invoiceId: uuid('invoice_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<'ISSUED' | 'CANCELLED'>().notNull(),
    /** A return whose goods came back into the branch's stock. */
    restock: boolean('restock').notNull().default(false),
    /** Paid back to the party with the note. */
    refunded: money('refunded').notNull().default('0'),
    /** Settled against the party's open invoices. */
    adjusted: money('adjusted').notNull().default('0'),
    einvoiceJsonAt: timestamp('einvoice_json_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ name: 'sale_notes_pkey', columns: [t.businessId, t.id] }),
    /** Rule 53: unique in the financial year. */
    uniqueIndex('sale_notes_number_key').on(t.businessId, t.noteType, t.financialYear, t.noteNumber),
    index('sale_notes_business_date_idx').on(t.businessId, t.noteType, t.noteDate, t.seriesNo, t.createdAt, t.id, t.status, t.grandTotal),
    index('sale_notes_business_invoice_idx').on(t.businessId, t.invoiceId, t.status),
    index('sale_notes_business_party_idx').on(t.businessId, t.partyId, t.noteDate),
    index('sale_notes_business_gstin_date_idx').on(t.businessId, sql`(${t.branchSnapshot} ->> 'gstin')`, t.noteDate),
    index('sale_notes_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    foreignKey({ name: 'sale_notes_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({ name: 'sale_notes_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    foreignKey({ name: 'sale_notes_invoice_fk', columns: [t.businessId, t.invoiceId], foreignColumns: [saleInvoices.businessId, saleInvoices.id] }),
    check('sale_notes_type_check', sql`${t.noteType} in ('CREDIT', 'DEBIT')`),
    check('sale_notes_status_check', sql`${t.status} in ('ISSUED', 'CANCELLED')`),
    check('sale_notes_settled_check', sql`${t.refunded} >= 0 and ${t.adjusted} >= 0 and ${t.refunded} + ${t.adjusted} <= ${t.grandTotal}`),
  ],
);

export const saleNoteLines = pgTable(
  'sale_note_lines',
  {
    ...documentLineColumns(),
    /** The line of the invoice this line returns or reprices. */
    invoiceLineNo: integer('invoice_line_no').notNull(),
    /** What the goods brought back into stock were valued at (their cost when they went out). */
    restockedCost: money('restocked_cost').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'sale_note_lines_pkey', columns: [t.businessId, t.documentId, t.lineNo] }),
    foreignKey({ name: 'sale_note_lines_note_fk', columns: [t.businessId, t.documentId], foreignColumns: [saleNotes.businessId, saleNotes.id] }).onDelete('cascade'),
    foreignKey({ name: 'sale_note_lines_item_fk', columns: [t.businessId, t.itemId], foreignColumns: [items.businessId, items.id] }),
    index('sale_note_lines_item_idx').on(t.businessId, t.itemId),
  ],
);

/** What part of a credit note settled which invoice (its `received` went up by it); undone when the note is cancelled. */
export const saleNoteAdjustments = pgTable(
  'sale_note_adjustments',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    noteId: uuid('note_id').notNull(),
    invoiceId: uuid('invoice_id').notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'sale_note_adjustments_pkey', columns: [t.businessId, t.id] }),
    foreignKey({ name: 'sale_note_adjustments_note_fk', columns: [t.businessId, t.noteId], foreignColumns: [saleNotes.businessId, saleNotes.id] }).onDelete('cascade'),
    foreignKey({ name: 'sale_note_adjustments_invoice_fk', columns: [t.businessId, t.invoiceId], foreignColumns: [saleInvoices.businessId, saleInvoices.id] }),
    index('sale_note_adjustments_note_idx').on(t.businessId, t.noteId),
    index('sale_note_adjustments_invoice_idx').on(t.businessId, t.invoiceId),
    check('sale_note_adjustments_amount_check', sql`${t.amount} > 0`),
  ],
);
