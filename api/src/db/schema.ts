/**
 * The database schema. Every business table carries business_id and every index or unique key on it leads with
 * business_id, so the data can later be sharded by business (Citus). SQL must run on PostgreSQL 15.
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  gstin: text('gstin'),
  stateCode: text('state_code'),
  createdAt: createdAt(),
});

export const USER_ROLES = ['OWNER', 'STAFF'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    /** Login is by mobile number alone, so it is unique across all businesses (a global directory lookup). */
    mobile: text('mobile').notNull(),
    role: text('role').$type<UserRole>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_mobile_key').on(t.mobile),
    index('users_business_idx').on(t.businessId, t.id),
    check('users_role_check', sql`${t.role} in ('OWNER', 'STAFF')`),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('otp_challenges_phone_idx').on(t.phone, t.purpose, t.createdAt),
    /** At most one live challenge per phone and purpose: a new send ends the previous one. */
    uniqueIndex('otp_challenges_open_key').on(t.phone, t.purpose).where(sql`${t.endedAt} is null`),
    check('otp_challenges_purpose_check', sql`${t.purpose} in ('signup', 'login')`),
  ],
);

/** Every OTP send (delivered or not, so limits answer the same for unknown phones): the per-phone limits. */
export const otpSends = pgTable(
  'otp_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phone: text('phone').notNull(),
    purpose: text('purpose').$type<OtpPurposeValue>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('otp_sends_phone_idx').on(t.phone, t.sentAt)],
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
    uniqueIndex('store_branches_business_name_key').on(t.businessId, sql`lower(${t.name})`),
    /** At most one default branch per business. */
    uniqueIndex('store_branches_business_default_key').on(t.businessId).where(sql`${t.isDefault}`),
  ],
);

export const FLAG_MODES = ['on', 'off', 'businesses', 'percentage'] as const;
export type FlagMode = (typeof FLAG_MODES)[number];

export interface RegistryNavEntry {
  path: string;
  label: string;
  icon: string;
  order: number;
}

/** The remote registry: where each remote's build lives and who may use it. Operator data, not a business's. */
export const remoteRegistry = pgTable(
  'remote_registry',
  {
    /** The module-federation container name, e.g. mf_items. */
    name: text('name').primaryKey(),
    folder: text('folder').notNull(),
    manifestUrl: text('manifest_url').notNull(),
    version: text('version').notNull(),
    title: text('title').notNull(),
    routes: jsonb('routes').$type<string[]>().notNull(),
    nav: jsonb('nav').$type<RegistryNavEntry[]>().notNull(),
    overridable: boolean('overridable').notNull().default(false),
    flagMode: text('flag_mode').$type<FlagMode>().notNull().default('on'),
    flagBusinesses: uuid('flag_businesses')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    flagPercentage: integer('flag_percentage'),
    previousManifestUrl: text('previous_manifest_url'),
    previousVersion: text('previous_version'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('remote_registry_flag_mode_check', sql`${t.flagMode} in ('on', 'off', 'businesses', 'percentage')`),
    check(
      'remote_registry_flag_percentage_check',
      sql`${t.flagPercentage} is null or (${t.flagPercentage} between 0 and 100)`,
    ),
  ],
);
