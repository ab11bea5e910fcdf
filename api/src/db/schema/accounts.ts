/** Cash and bank: accounts and every movement of money in or out of one. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
import { businesses } from './core';
import { parties } from './party';

export type AccountTypeValue = 'CASH' | 'BANK';

/** "Cash in hand" (one per business, made at sign-up) and the business's bank accounts. */
export const accounts = pgTable(
  'accounts',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    type: text('type').$type<AccountTypeValue>().notNull(),
    displayName: text('display_name').notNull(),
    bankName: text('bank_name'),
    /** The whole number; answers mask it. */
    accountNumber: text('account_number'),
    ifsc: text('ifsc'),
    upiId: text('upi_id'),
    /** May be negative (an overdrawn bank account). */
    openingBalance: money('opening_balance').notNull().default('0'),
    asOfDate: date('as_of_date', { mode: 'string' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'accounts_pkey', columns: [t.businessId, t.id] }),
    /** Exactly one cash account per business. */
    uniqueIndex('accounts_business_cash_key').on(t.businessId).where(sql`${t.type} = 'CASH'`),
    uniqueIndex('accounts_business_name_key').on(t.businessId, sql`lower(${t.displayName})`),
    check('accounts_type_check', sql`${t.type} in ('CASH', 'BANK')`),
  ],
);

/**
 * One movement of money in or out of one account: a payment received or made, its reversal, an expense, one half of
 * a transfer, a deposit, a withdrawal, an adjustment. `amount` is positive; `direction` gives the sign. The running
 * balance is computed (opening balance + the signed amounts in date order), so a back-dated entry needs no rewrite.
 */
export const accountTransactions = pgTable(
  'account_transactions',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    /** The order transactions were written in, also within one date. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** SALE_PAYMENT, SALE_PAYMENT_REVERSAL, PURCHASE_PAYMENT, PAYMENT_IN, EXPENSE, TRANSFER, ... (contracts). */
    type: text('type').notNull(),
    direction: text('direction').$type<'IN' | 'OUT'>().notNull(),
    amount: money('amount').notNull(),
    /** How the money moved: CASH, UPI, CARD, BANK_TRANSFER, CHEQUE; null for internal movements. */
    mode: text('mode'),
    /** Whose money: the party's balance counts it (IN lowers what they owe, OUT raises it). */
    partyId: uuid('party_id'),
    /** The document it belongs to: SALE, PURCHASE, EXPENSE. */
    documentType: text('document_type'),
    documentId: uuid('document_id'),
    documentNumber: text('document_number'),
    /** The halves of a transfer (or a deposit, a withdrawal) share it. */
    groupId: uuid('group_id'),
    /** The transaction this one reverses. */
    reversesId: uuid('reverses_id'),
    reference: text('reference'),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'account_transactions_pkey', columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'account_transactions_account_fk',
      columns: [t.businessId, t.accountId],
      foreignColumns: [accounts.businessId, accounts.id],
    }),
    foreignKey({
      name: 'account_transactions_party_fk',
      columns: [t.businessId, t.partyId],
      foreignColumns: [parties.businessId, parties.id],
    }),
    foreignKey({
      name: 'account_transactions_reverses_fk',
      columns: [t.businessId, t.reversesId],
      foreignColumns: [t.businessId, t.id],
    }),
    /** A transaction is reversed at most once. */
    uniqueIndex('account_transactions_reverses_key').on(t.businessId, t.reversesId).where(sql`${t.reversesId} is not null`),
    /**
     * An account's ledger, and its balance: direction and amount ride along, so the sums of the running balance and
     * of the Cash-in-hand check are index-only scans.
     */
    index('account_transactions_account_idx').on(t.businessId, t.accountId, t.date, t.seq, t.direction, t.amount),
    /** The halves of a transfer; a payment in or out by its group. */
    index('account_transactions_group_idx').on(t.businessId, t.groupId).where(sql`${t.groupId} is not null`),
    /** Every account's transactions, newest first. */
    index('account_transactions_business_date_idx').on(t.businessId, t.date, t.seq),
    index('account_transactions_document_idx').on(t.businessId, t.documentType, t.documentId),
    /** A party's payments (its balance). */
    index('account_transactions_party_idx').on(t.businessId, t.partyId),
    check('account_transactions_direction_check', sql`${t.direction} in ('IN', 'OUT')`),
    check('account_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * What part of a payment not tied to one bill (PAYMENT_IN, PAYMENT_OUT) settled which bill: a sale invoice for a
 * payment in, a purchase bill for a payment out. The payment itself is one transaction, counted once in the party's
 * balance; these rows only say which bills' `received`/`paid` it went to. The rest of it is the party's advance.
 */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    businessId: uuid('business_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    transactionId: uuid('transaction_id').notNull(),
    /** SALE or PURCHASE (no foreign key: it points into the table of its kind). */
    documentType: text('document_type').notNull(),
    documentId: uuid('document_id').notNull(),
    amount: money('amount').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'payment_allocations_pkey', columns: [t.businessId, t.id] }),
    foreignKey({
      name: 'payment_allocations_transaction_fk',
      columns: [t.businessId, t.transactionId],
      foreignColumns: [accountTransactions.businessId, accountTransactions.id],
    }),
    uniqueIndex('payment_allocations_transaction_document_key').on(t.businessId, t.transactionId, t.documentType, t.documentId),
    index('payment_allocations_document_idx').on(t.businessId, t.documentType, t.documentId),
    check('payment_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);
