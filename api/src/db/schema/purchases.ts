/** Purchase bills: the sale documents' header and line columns, and what a supplier's bill adds. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountTransactions } from './accounts';
import { money } from './columns';
import { storeBranches } from './core';
import { storedFiles } from './files';
import { items } from './item';
import { parties } from './party';
import { SALE_STATUS_VALUES, documentColumns, documentLineColumns, documentSearchText } from './sales';

export const PURCHASE_STATUS_VALUES = SALE_STATUS_VALUES;
export type PurchaseStatusValue = (typeof PURCHASE_STATUS_VALUES)[number];

export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    ...documentColumns(),
    /** Ours, gap-free per branch and financial year: 'PUR/26-27/15'. */
    referenceNumber: text('reference_number').notNull(),
    /** The supplier's bill number and date; the financial year is the bill date's. */
    billNumber: text('bill_number').notNull(),
    searchText: documentSearchText('reference_number', 'bill_number'),
    billDate: date('bill_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<PurchaseStatusValue>().notNull(),
    /** Payments out, net of reversals. */
    paid: money('paid').notNull().default('0'),
    reverseCharge: boolean('reverse_charge').notNull().default(false),
    /** Reverse charge: the GST and cess the business pays itself; else 0. */
    reverseChargeTax: money('reverse_charge_tax').notNull().default('0'),
    itcCgst: money('itc_cgst').notNull().default('0'),
    itcSgst: money('itc_sgst').notNull().default('0'),
    itcIgst: money('itc_igst').notNull().default('0'),
    itcCess: money('itc_cess').notNull().default('0'),
    itcAmount: money('itc_amount').notNull().default('0'),
    /**
     * Where the attached bill was kept before files moved into the database (DATA_DIR/purchase-bills/<business id>/
     * <name>); read once by the import at start, never written now.
     */
    attachmentFileName: text('attachment_file_name'),
    /** The attached bill's bytes in stored_files; null when the bill has none. */
    attachmentFileId: uuid('attachment_file_id'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSize: integer('attachment_size'),
    /** The name it was uploaded with, cleaned, for the download. */
    attachmentOriginalName: text('attachment_original_name'),
    attachmentUploadedAt: timestamp('attachment_uploaded_at', { withTimezone: true, mode: 'date' }),
    /**
     * Reverse charge from an unregistered supplier: the self-invoice the business issues on receipt, 'RCM/26-27/4',
     * gap-free per GSTIN (a branch without one: per branch) and financial year; cancelled with the bill.
     */
    selfInvoiceNumber: text('self_invoice_number'),
    selfInvoiceSeriesPrefix: text('self_invoice_series_prefix'),
    selfInvoiceSeriesNo: integer('self_invoice_series_no'),
  },
  (t) => [
    primaryKey({ name: 'purchase_invoices_pkey', columns: [t.businessId, t.id] }),
    uniqueIndex('purchase_invoices_reference_key').on(t.businessId, t.branchId, t.financialYear, t.referenceNumber),
    /** A supplier's bill is entered once a financial year (a cancelled one may be entered again). */
    uniqueIndex('purchase_invoices_bill_key')
      .on(t.businessId, t.partyId, t.financialYear, sql`lower(${t.billNumber})`)
      .where(sql`${t.status} <> 'CANCELLED'`),
    /** The list, newest first, and its sums (index-only, as the sales list). */
    index('purchase_invoices_business_date_idx').on(t.businessId, t.billDate, t.seriesNo, t.createdAt, t.id, t.status, t.grandTotal, t.paid),
    index('purchase_invoices_business_branch_idx').on(t.businessId, t.branchId, t.billDate, t.seriesNo, t.createdAt, t.status, t.grandTotal, t.paid),
    /** The party balances and the list by supplier. */
    index('purchase_invoices_business_party_idx').on(t.businessId, t.partyId, t.billDate, t.status, t.grandTotal, t.paid),
    index('purchase_invoices_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('purchase_invoices_business_status_idx').on(t.businessId, t.status, t.billDate, t.dueDate, t.grandTotal, t.paid),
    foreignKey({ name: 'purchase_invoices_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({
      name: 'purchase_invoices_attachment_file_fk',
      columns: [t.businessId, t.attachmentFileId],
      foreignColumns: [storedFiles.businessId, storedFiles.id],
    }),
    foreignKey({ name: 'purchase_invoices_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    /** doc_issue: the self-invoices of a GSTIN and month. */
    index('purchase_invoices_self_invoice_idx')
      .on(t.businessId, sql`(${t.branchSnapshot}->>'gstin')`, t.billDate)
      .where(sql`${t.selfInvoiceNumber} is not null`),
    check('purchase_invoices_party_check', sql`${t.partyId} is not null`),
    check('purchase_invoices_status_check', sql`${t.status} in ('PAID', 'PARTIAL', 'UNPAID', 'CANCELLED')`),
    check('purchase_invoices_paid_check', sql`${t.paid} >= 0 and ${t.paid} <= ${t.grandTotal}`),
    check(
      'purchase_invoices_attachment_type_check',
      sql`${t.attachmentContentType} is null or ${t.attachmentContentType} in ('application/pdf', 'image/png', 'image/jpeg')`,
    ),
  ],
);

export const purchaseInvoiceLines = pgTable(
  'purchase_invoice_lines',
  {
    ...documentLineColumns(),
    itcEligible: boolean('itc_eligible').notNull().default(true),
    /** The line's GST and cess when ITC-eligible, else 0. */
    itcAmount: money('itc_amount').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'purchase_invoice_lines_pkey', columns: [t.businessId, t.documentId, t.lineNo] }),
    foreignKey({
      name: 'purchase_invoice_lines_invoice_fk',
      columns: [t.businessId, t.documentId],
      foreignColumns: [purchaseInvoices.businessId, purchaseInvoices.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'purchase_invoice_lines_item_fk', columns: [t.businessId, t.itemId], foreignColumns: [items.businessId, items.id] }),
    /** Item-wise purchases (reports). */
    index('purchase_invoice_lines_item_idx').on(t.businessId, t.itemId),
  ],
);

/**
 * A payment voucher (s.31(3)(g)): issued for a payment to an unregistered supplier of a bill under reverse charge
 * (the bill's own payment, or a payment out allocated to it), 'PV/26-27/7', gap-free per GSTIN (a branch without
 * one: per branch) and financial year. It keeps its number when its payment is reversed, marked cancelled.
 */
export const paymentVouchers = pgTable(
  'payment_vouchers',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The payment: a PURCHASE_PAYMENT or PAYMENT_OUT transaction. */
    transactionId: uuid('transaction_id').notNull(),
    /** The branch of the (first) bill it pays, and the GSTIN that bill was received under. */
    branchId: uuid('branch_id').notNull(),
    gstin: text('gstin'),
    financialYear: text('financial_year').notNull(),
    seriesPrefix: text('series_prefix').notNull(),
    seriesNo: integer('series_no').notNull(),
    number: text('number').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** What the payment paid towards bills under reverse charge. */
    amount: money('amount').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'payment_vouchers_pkey', columns: [t.businessId, t.id] }),
    uniqueIndex('payment_vouchers_transaction_key').on(t.businessId, t.transactionId),
    /** doc_issue: the vouchers of a GSTIN and month. */
    index('payment_vouchers_gstin_date_idx').on(t.businessId, t.gstin, t.date),
    foreignKey({
      name: 'payment_vouchers_transaction_fk',
      columns: [t.businessId, t.transactionId],
      foreignColumns: [accountTransactions.businessId, accountTransactions.id],
    }),
    foreignKey({ name: 'payment_vouchers_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    check('payment_vouchers_amount_check', sql`${t.amount} > 0`),
  ],
);
