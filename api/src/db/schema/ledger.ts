/**
 * The books: the chart of accounts (ledgers under fixed groups), the journal every document posts to, and the
 * moving weighted average cost of stock per item and branch. Nothing posted is updated or deleted, and every entry
 * balances (debits = credits): both enforced by triggers of migration 0030.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { createdAt, money, quantity, updatedAt } from './columns';
import { businesses } from './core';
import { expenseCategories } from './expense';
import { parties } from './party';

/**
 * A ledger of the business under one of the fixed groups (contracts LEDGER_GROUPS). The ledgers the books post to
 * by themselves carry a `code` (SALES, OUTPUT_CGST, ...); each cash or bank account and each expense category has
 * its own ledger, found by its id. A party is not a ledger: its lines on Sundry debtors or Sundry creditors carry
 * its id, so its balance is one indexed sum.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** One of LEDGER_GROUPS' codes (contracts). */
    groupCode: text('group_code').notNull(),
    /** The books' own ledgers: SALES, COGS, STOCK, DEBTORS, ...; null for one the user added. */
    code: text('code'),
    cashAccountId: uuid('cash_account_id'),
    expenseCategoryId: uuid('expense_category_id'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'ledger_accounts_pkey', columns: [t.businessId, t.id] }),
    uniqueIndex('ledger_accounts_code_key').on(t.businessId, t.code).where(sql`${t.code} is not null`),
    uniqueIndex('ledger_accounts_cash_account_key').on(t.businessId, t.cashAccountId).where(sql`${t.cashAccountId} is not null`),
    uniqueIndex('ledger_accounts_expense_category_key').on(t.businessId, t.expenseCategoryId).where(sql`${t.expenseCategoryId} is not null`),
    // A deleted account or category (only ever one without transactions) leaves its ledger unlinked (migration 0030
    // nulls only the link column, never business_id).
    foreignKey({ name: 'ledger_accounts_cash_account_fk', columns: [t.businessId, t.cashAccountId], foreignColumns: [accounts.businessId, accounts.id] }).onDelete(
      'set null',
    ),
    foreignKey({
      name: 'ledger_accounts_expense_category_fk',
      columns: [t.businessId, t.expenseCategoryId],
      foreignColumns: [expenseCategories.businessId, expenseCategories.id],
    }).onDelete('set null'),
  ],
);

/**
 * One voucher of the journal: a document's posting, a payment's, a manual journal, an opening balance, or the
 * reversal of another entry (`reversesId`, dated the day of the cancel).
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    /** The order entries were written in, also within one date. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    branchId: uuid('branch_id'),
    date: date('date', { mode: 'string' }).notNull(),
    /** SALE, PURCHASE, EXPENSE, a transaction type (SALE_PAYMENT, TRANSFER, ...), JOURNAL, OPENING_BALANCE. */
    voucherType: text('voucher_type').notNull(),
    /** The document it belongs to (SALE, PURCHASE, EXPENSE, JOURNAL, PARTY, ACCOUNT, ITEM), for drill-down. */
    documentType: text('document_type'),
    documentId: uuid('document_id'),
    documentNumber: text('document_number'),
    /** The cash or bank transaction it posts (payments, transfers, adjustments). */
    transactionId: uuid('transaction_id'),
    narration: text('narration'),
    reversesId: uuid('reverses_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'journal_entries_pkey', columns: [t.businessId, t.id] }),
    foreignKey({ name: 'journal_entries_reverses_fk', columns: [t.businessId, t.reversesId], foreignColumns: [t.businessId, t.id] }),
    /** An entry is reversed at most once. */
    uniqueIndex('journal_entries_reverses_key').on(t.businessId, t.reversesId).where(sql`${t.reversesId} is not null`),
    index('journal_entries_business_date_idx').on(t.businessId, t.date, t.seq),
    index('journal_entries_document_idx').on(t.businessId, t.documentType, t.documentId),
    index('journal_entries_transaction_idx').on(t.businessId, t.transactionId).where(sql`${t.transactionId} is not null`),
  ],
);

/**
 * One line of an entry: one ledger, one side (debit or credit, in rupees with paise, never both). The entry's date,
 * branch and order ride along, so a ledger's balance and running balance are index-only reads. A line on Stock in
 * hand names the item and the quantity it moves; a line on Sundry debtors or creditors names the party.
 */
export const journalLines = pgTable(
  'journal_lines',
  {
    businessId: uuid('business_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    lineNo: integer('line_no').notNull(),
    accountId: uuid('account_id').notNull(),
    partyId: uuid('party_id'),
    itemId: uuid('item_id'),
    /** Signed like the line: + into stock (a debit), − out of it (a credit). */
    quantity: quantity('quantity'),
    date: date('date', { mode: 'string' }).notNull(),
    branchId: uuid('branch_id'),
    entrySeq: bigint('entry_seq', { mode: 'number' }).notNull(),
    debit: money('debit').notNull().default('0'),
    credit: money('credit').notNull().default('0'),
  },
  (t) => [
    primaryKey({ name: 'journal_lines_pkey', columns: [t.businessId, t.entryId, t.lineNo] }),
    foreignKey({ name: 'journal_lines_entry_fk', columns: [t.businessId, t.entryId], foreignColumns: [journalEntries.businessId, journalEntries.id] }),
    foreignKey({ name: 'journal_lines_account_fk', columns: [t.businessId, t.accountId], foreignColumns: [ledgerAccounts.businessId, ledgerAccounts.id] }),
    foreignKey({ name: 'journal_lines_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    /** A ledger's balance, its lines in order (trial balance, account ledger). */
    index('journal_lines_account_idx').on(t.businessId, t.accountId, t.date, t.entrySeq, t.debit, t.credit),
    /** A party's balance and ledger. */
    index('journal_lines_party_idx').on(t.businessId, t.partyId, t.date, t.entrySeq, t.debit, t.credit).where(sql`${t.partyId} is not null`),
    check('journal_lines_one_side_check', sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`),
  ],
);

/**
 * Stock at cost, per item and branch: the quantity and value the journal's Stock in hand lines left there. Every
 * posting to Stock in hand that names an item moves it; the average cost is value / quantity.
 */
export const stockCosts = pgTable(
  'stock_costs',
  {
    businessId: uuid('business_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    itemId: uuid('item_id').notNull(),
    quantity: quantity('quantity').notNull().default('0'),
    value: money('value').notNull().default('0'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'stock_costs_pkey', columns: [t.businessId, t.branchId, t.itemId] })],
);

/**
 * A business whose books are open: every document of it has been posted (new businesses from sign-up on; older ones
 * once the backfill has posted their history in date order).
 */
export const booksOpened = pgTable('books_opened', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id),
  openedAt: createdAt(),
});
