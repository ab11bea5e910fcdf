/** Expenses: categories and expense entries, each paid from one account. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, money, updatedAt } from './columns';
import { businesses, storeBranches } from './core';
import { storedFiles } from './files';
import { parties } from './party';

/** The business's expense categories: the defaults (made at sign-up, or by the seed migration) and its own. */
export const expenseCategories = pgTable(
  'expense_categories',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** One of DEFAULT_EXPENSE_CATEGORIES. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'expense_categories_pkey', columns: [t.businessId, t.id] }),
    uniqueIndex('expense_categories_name_key').on(t.businessId, sql`lower(${t.name})`),
  ],
);

/**
 * One expense: what was paid (tax included), its GST split when it has one, the account it was paid from (one OUT
 * transaction of type EXPENSE pointing back here) and a gap-free number per branch and financial year.
 */
export const expenses = pgTable(
  'expenses',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    expenseNumber: text('expense_number').notNull(),
    financialYear: text('financial_year').notNull(),
    seriesPrefix: text('series_prefix').notNull(),
    seriesNo: integer('series_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    categoryId: uuid('category_id').notNull(),
    partyId: uuid('party_id'),
    amount: money('amount').notNull(),
    taxableValue: money('taxable_value').notNull(),
    /** Null: no GST on it. */
    gstRate: numeric('gst_rate', { precision: 6, scale: 3 }),
    supplyType: text('supply_type').$type<'INTRA' | 'INTER'>(),
    cgst: money('cgst').notNull(),
    sgst: money('sgst').notNull(),
    igst: money('igst').notNull(),
    supplierGstin: text('supplier_gstin'),
    itcEligible: boolean('itc_eligible').notNull(),
    accountId: uuid('account_id').notNull(),
    mode: text('mode').notNull(),
    reference: text('reference'),
    notes: text('notes'),
    /**
     * Where the receipt was kept before files moved into the database (DATA_DIR/expense-receipts/<business>/<name>);
     * read once by the import at start, never written now.
     */
    receiptFile: text('receipt_file'),
    /** The receipt's bytes in stored_files (null: no receipt), its type and size by its bytes, and the name it was sent with. */
    receiptFileId: uuid('receipt_file_id'),
    receiptType: text('receipt_type'),
    receiptSize: integer('receipt_size'),
    receiptName: text('receipt_name'),
    /** ACTIVE or CANCELLED. */
    status: text('status').$type<'ACTIVE' | 'CANCELLED'>().notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'expenses_pkey', columns: [t.businessId, t.id] }),
    /** Every branch counts its own 'EXP/26-27/n' from 1 (like purchases). */
    uniqueIndex('expenses_number_key').on(t.businessId, t.branchId, t.financialYear, t.expenseNumber),
    index('expenses_business_date_idx').on(t.businessId, t.date, t.seriesNo, t.createdAt, t.id),
    index('expenses_business_category_idx').on(t.businessId, t.categoryId, t.date),
    foreignKey({ name: 'expenses_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({
      name: 'expenses_category_fk',
      columns: [t.businessId, t.categoryId],
      foreignColumns: [expenseCategories.businessId, expenseCategories.id],
    }),
    foreignKey({ name: 'expenses_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    foreignKey({ name: 'expenses_account_fk', columns: [t.businessId, t.accountId], foreignColumns: [accounts.businessId, accounts.id] }),
    foreignKey({ name: 'expenses_receipt_file_fk', columns: [t.businessId, t.receiptFileId], foreignColumns: [storedFiles.businessId, storedFiles.id] }),
    check('expenses_status_check', sql`${t.status} in ('ACTIVE', 'CANCELLED')`),
    check('expenses_amount_check', sql`${t.amount} > 0`),
  ],
);
