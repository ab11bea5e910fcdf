/**
 * Purchase debit notes: goods returned to a supplier or a price the supplier reduced, against one purchase bill
 * (migration 0032). The header and line columns are the documents' own; a line names the bill line it reduces.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { storeBranches } from './core';
import { items } from './item';
import { parties } from './party';
import { purchaseInvoices } from './purchases';
import { documentColumns, documentLineColumns, documentSearchText } from './sales';

export const PURCHASE_DEBIT_NOTE_STATUS_VALUES = ['ISSUED', 'CANCELLED'] as const;

export const purchaseDebitNotes = pgTable(
  'purchase_debit_notes',
  {
    ...documentColumns(),
    /** Ours, gap-free per branch and financial year: 'PDN/26-27/4'. */
    noteNumber: text('note_number').notNull(),
    /** The supplier's credit note for the same goods, when they sent one. */
    supplierNoteNumber: text('supplier_note_number'),
    searchText: documentSearchText('note_number', "coalesce(supplier_note_number, '')"),
    purchaseId: uuid('purchase_id').notNull(),
    noteDate: date('note_date', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').$type<(typeof PURCHASE_DEBIT_NOTE_STATUS_VALUES)[number]>().notNull(),
    /** The bill's: the tax of the note is then the business's own reverse-charge tax, reduced. */
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    reverseChargeTax: money('reverse_charge_tax').notNull().default('0'),
    itcCgst: money('itc_cgst').notNull().default('0'),
    itcSgst: money('itc_sgst').notNull().default('0'),
    itcIgst: money('itc_igst').notNull().default('0'),
    itcCess: money('itc_cess').notNull().default('0'),
    itcAmount: money('itc_amount').notNull().default('0'),
    /** Paid back by the supplier now (an account IN transaction). */
    refunded: money('refunded').notNull().default('0'),
    /** Set against the supplier's open bills (purchase_debit_note_allocations). */
    adjusted: money('adjusted').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'purchase_debit_notes_pkey', columns: [t.businessId, t.id] }),
    uniqueIndex('purchase_debit_notes_number_key').on(t.businessId, t.branchId, t.financialYear, t.noteNumber),
    index('purchase_debit_notes_business_date_idx').on(t.businessId, t.noteDate, t.seriesNo, t.createdAt, t.id, t.status, t.grandTotal),
    index('purchase_debit_notes_purchase_idx').on(t.businessId, t.purchaseId),
    index('purchase_debit_notes_party_idx').on(t.businessId, t.partyId, t.noteDate),
    index('purchase_debit_notes_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    foreignKey({ name: 'purchase_debit_notes_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({ name: 'purchase_debit_notes_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    foreignKey({
      name: 'purchase_debit_notes_purchase_fk',
      columns: [t.businessId, t.purchaseId],
      foreignColumns: [purchaseInvoices.businessId, purchaseInvoices.id],
    }),
    check('purchase_debit_notes_status_check', sql`${t.status} in ('ISSUED', 'CANCELLED')`),
    check('purchase_debit_notes_party_check', sql`${t.partyId} is not null`),
    check(
      'purchase_debit_notes_settled_check',
      sql`${t.refunded} >= 0 and ${t.adjusted} >= 0 and ${t.refunded} + ${t.adjusted} <= ${t.grandTotal}`,
    ),
  ],
);

export const purchaseDebitNoteLines = pgTable(
  'purchase_debit_note_lines',
  {
    ...documentLineColumns(),
    /** The bill's line this one reduces. */
    purchaseLineNo: integer('purchase_line_no').notNull(),
    itcEligible: boolean('itc_eligible').notNull().default(true),
    itcAmount: money('itc_amount').notNull().default('0'),
    /** A return of goods: what left Stock in hand, at the branch's average cost; null for a price-only line. */
    stockCost: money('stock_cost'),
  },
  (t) => [
    primaryKey({ name: 'purchase_debit_note_lines_pkey', columns: [t.businessId, t.documentId, t.lineNo] }),
    foreignKey({
      name: 'purchase_debit_note_lines_note_fk',
      columns: [t.businessId, t.documentId],
      foreignColumns: [purchaseDebitNotes.businessId, purchaseDebitNotes.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'purchase_debit_note_lines_item_fk', columns: [t.businessId, t.itemId], foreignColumns: [items.businessId, items.id] }),
    index('purchase_debit_note_lines_item_idx').on(t.businessId, t.itemId),
  ],
);

/** What a note took off each of the supplier's bills (added to the bill's `paid`; taken back when it is cancelled). */
export const purchaseDebitNoteAllocations = pgTable(
  'purchase_debit_note_allocations',
  {
    businessId: uuid('business_id').notNull(),
    noteId: uuid('note_id').notNull(),
    purchaseId: uuid('purchase_id').notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'purchase_debit_note_allocations_pkey', columns: [t.businessId, t.noteId, t.purchaseId] }),
    foreignKey({
      name: 'purchase_debit_note_allocations_note_fk',
      columns: [t.businessId, t.noteId],
      foreignColumns: [purchaseDebitNotes.businessId, purchaseDebitNotes.id],
    }),
    foreignKey({
      name: 'purchase_debit_note_allocations_purchase_fk',
      columns: [t.businessId, t.purchaseId],
      foreignColumns: [purchaseInvoices.businessId, purchaseInvoices.id],
    }),
    index('purchase_debit_note_allocations_purchase_idx').on(t.businessId, t.purchaseId),
    check('purchase_debit_note_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

export type PurchaseDebitNoteRow = typeof purchaseDebitNotes.$inferSelect;
export type PurchaseDebitNoteLineRow = typeof purchaseDebitNoteLines.$inferSelect;
