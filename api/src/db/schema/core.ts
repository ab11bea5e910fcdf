/** Businesses, their users, sign-in (OTP challenges, sessions) and store branches. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PrintSettings, SellerRegistrationType } from '@bahi/shared/contracts';
import { createdAt, updatedAt } from './columns';

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  gstin: text('gstin'),
  stateCode: text('state_code'),
  /** How many days after today (India) its invoices, bills, expenses and payments may be dated; 0: none ahead. */
  futureDatedDays: integer('future_dated_days').notNull().default(0),
  /** The books are closed up to this date (inclusive): nothing dated on or before it is created, edited or cancelled. */
  booksLockedUntil: date('books_locked_until', { mode: 'string' }),
  /** REGULAR or COMPOSITION with a GSTIN, UNREGISTERED without (gst-rules.md "Registration types"). */
  registrationType: text('registration_type').$type<SellerRegistrationType>().notNull().default('UNREGISTERED'),
  /** A composition taxpayer's rate on its turnover (CMP-08), per cent: 1 for manufacturers and traders. */
  compositionRate: numeric('composition_rate', { precision: 6, scale: 3 }).notNull().default('1'),
  // The business profile printed on its documents (settings/business); null until the owner sets it.
  legalName: text('legal_name'),
  tradeName: text('trade_name'),
  addressStreet: text('address_street'),
  addressCity: text('address_city'),
  addressStateCode: text('address_state_code'),
  addressPin: text('address_pin'),
  phone: text('phone'),
  email: text('email'),
  upiId: text('upi_id'),
  payeeName: text('payee_name'),
  /** The bank account printed for transfers: one of the business's own (foreign key in migration 0047). */
  printBankAccountId: uuid('print_bank_account_id'),
  defaultTerms: text('default_terms'),
  defaultNotes: text('default_notes'),
  printSettings: jsonb('print_settings').$type<Partial<PrintSettings>>(),
  profileUpdatedAt: timestamp('profile_updated_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
}, (t) => [
  check('businesses_future_dated_days_check', sql`${t.futureDatedDays} between 0 and 366`),
  check('businesses_registration_type_check', sql`${t.registrationType} in ('REGULAR', 'COMPOSITION', 'UNREGISTERED')`),
]);

export { ROLES as USER_ROLES, type Role as UserRole } from '@bahi/shared/contracts';
import type { Role as UserRole } from '@bahi/shared/contracts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    /**
     * Login is by mobile number: unique within a business; one number may be a user of several businesses (login
     * finds them all by this column).
     */
    mobile: text('mobile').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    /** A deactivated user cannot log in and has no sessions; the row stays, since documents name their user. */
    active: boolean('active').notNull().default(true),
    /** Every branch of the business; else only those in user_branches. */
    allBranches: boolean('all_branches').notNull().default(true),
    /** When they last signed in to this business: a number of several businesses starts in the last one used. */
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_business_mobile_key').on(t.businessId, t.mobile),
    index('users_mobile_idx').on(t.mobile),
    /** The target of (business_id, user_id) foreign keys: a user of another business cannot be referenced. */
    unique('users_business_id_key').on(t.businessId, t.id),
    check('users_role_check', sql`${t.role} in ('OWNER', 'ADMIN', 'ACCOUNTANT', 'BILLER', 'STOCK_KEEPER', 'VIEWER')`),
  ],
);

export const OTP_PURPOSES = ['signup', 'login'] as const;
export type OtpPurposeValue = (typeof OTP_PURPOSES)[number];

/** What sign-up asked for, kept with the challenge until the code is verified: nothing is created before. */
export interface PendingSignup {
  name: string;
  businessName: string;
  gstin: string | null;
  stateCode: string | null;
  /** With a GSTIN: how it is registered (absent in challenges made before it was asked: REGULAR). */
  registrationType?: 'REGULAR' | 'COMPOSITION';
}

export type OtpEndReason = 'used' | 'too_many_attempts' | 'replaced';

/** One OTP sent to a phone. Only a salted HMAC of the code is kept. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<OtpPurposeValue>().notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    endedAt: timestamp('ended_at', { withTimezone: true, mode: 'date' }),
    endReason: text('end_reason').$type<OtpEndReason>(),
    pendingSignup: jsonb('pending_signup').$type<PendingSignup>(),
    /** SHA-256 of the OTP cookie of the browser that asked for the code: only that browser can try codes against it. */
    requesterHash: text('requester_hash').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_challenges_phone_idx').on(t.phone, t.purpose, t.createdAt),
    /**
     * At most one live challenge per phone, purpose and requesting browser: a browser's new send replaces its own
     * code, never another browser's (a stranger cannot end the owner's code).
     */
    uniqueIndex('otp_challenges_open_key').on(t.phone, t.purpose, t.requesterHash).where(sql`${t.endedAt} is null`),
    check('otp_challenges_purpose_check', sql`${t.purpose} in ('signup', 'login')`),
  ],
);

/**
 * Every OTP send (delivered or not, so limits answer the same for unknown phones): the limits per phone, per
 * client address, and per phone and client address.
 */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<OtpPurposeValue>().notNull(),
    /** The requester's address as the limits count it (an IPv6 address by its /64). */
    clientAddress: text('client_address').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('otp_sends_phone_idx').on(t.phone, t.sentAt),
    index('otp_sends_client_idx').on(t.clientAddress, t.sentAt),
  ],
);

/**
 * Request counters per key and fixed time window (the per-IP limit of the auth routes), in the database so that
 * every API instance counts against the same number.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limit_counters_window_idx').on(t.windowStart)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the cookie's token; the token itself is never stored. */
    id: text('id').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activeBranchId: uuid('active_branch_id'),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_business_user_idx').on(t.businessId, t.userId)],
);

export const storeBranches = pgTable(
  'store_branches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    phone: text('phone'),
    email: text('email'),
    gstin: text('gstin'),
    /** With its own GSTIN: REGULAR or COMPOSITION; without (null), the business's. */
    registrationType: text('registration_type').$type<'REGULAR' | 'COMPOSITION'>(),
    street: text('street'),
    city: text('city'),
    stateCode: text('state_code'),
    pin: text('pin'),
    invoicePrefix: text('invoice_prefix'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** The target of (business_id, branch_id) foreign keys: a branch of another business cannot be referenced. */
    unique('store_branches_business_id_key').on(t.businessId, t.id),
    uniqueIndex('store_branches_business_name_key').on(t.businessId, sql`lower(${t.name})`),
    /** At most one default branch per business. */
    uniqueIndex('store_branches_business_default_key').on(t.businessId).where(sql`${t.isDefault}`),
    check('store_branches_registration_type_check', sql`${t.registrationType} in ('REGULAR', 'COMPOSITION')`),
  ],
);

/** The branches a user who is not at every branch (users.all_branches false) may work at. */
export const userBranches = pgTable(
  'user_branches',
  {
    businessId: uuid('business_id').notNull(),
    userId: uuid('user_id').notNull(),
    branchId: uuid('branch_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'user_branches_pkey', columns: [t.businessId, t.userId, t.branchId] }),
    index('user_branches_business_branch_idx').on(t.businessId, t.branchId),
    foreignKey({ name: 'user_branches_user_fk', columns: [t.businessId, t.userId], foreignColumns: [users.businessId, users.id] }).onDelete('cascade'),
    foreignKey({
      name: 'user_branches_branch_fk',
      columns: [t.businessId, t.branchId],
      foreignColumns: [storeBranches.businessId, storeBranches.id],
    }).onDelete('cascade'),
  ],
);
