/**
 * The database schema. Every business table carries business_id and every index or unique key on it leads with
 * business_id, so the data can later be sharded by business (Citus). SQL must run on PostgreSQL 15.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
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

/** What a remote's bahi-remote.json says about its area, as the registry keeps it. */
export interface RegistryDescriptorFields {
  title: string;
  routes: string[];
  nav: RegistryNavEntry[];
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
    /** The previous build's title, routes and sidebar entries, restored together with its URL by a rollback. */
    previousDescriptor: jsonb('previous_descriptor').$type<RegistryDescriptorFields>(),
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

/** Money columns: numeric(14,2), read and written as decimal strings ('1500.00'), never floats. */
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

export const PARTY_TYPE_VALUES = ['CUSTOMER', 'SUPPLIER'] as const;
export type PartyTypeValue = (typeof PARTY_TYPE_VALUES)[number];
export const ADDRESS_TYPE_VALUES = ['BILLING', 'SHIPPING', 'BOTH'] as const;
export type AddressTypeValue = (typeof ADDRESS_TYPE_VALUES)[number];

export const partyCategories = pgTable(
  'party_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    /** Answered as `catagory` (seed spelling). */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    /** The target of parties' (business_id, category_id) key: a category of another business cannot be referenced. */
    unique('party_categories_business_id_key').on(t.businessId, t.id),
    uniqueIndex('party_categories_business_name_key').on(t.businessId, sql`lower(${t.name})`),
  ],
);

export const parties = pgTable(
  'parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    name: text('name').notNull(),
    partyType: text('party_type').$type<PartyTypeValue>().notNull(),
    mobileNumber: text('mobile_number'),
    email: text('email'),
    categoryId: uuid('category_id'),
    openingBalance: money('opening_balance'),
    gstin: text('gstin'),
    panNumber: text('pan_number'),
    /** Days. */
    creditPeriod: integer('credit_period'),
    creditLimit: money('credit_limit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    /** A constraint, not just an index, so it exists before the foreign keys that reference it. */
    unique('parties_business_id_key').on(t.businessId, t.id),
    /** Names are unique per business ignoring case; the list pages in this order. */
    uniqueIndex('parties_business_name_key').on(t.businessId, sql`lower(${t.name})`),
    index('parties_business_type_name_idx').on(t.businessId, t.partyType, sql`lower(${t.name})`),
    index('parties_business_category_idx').on(t.businessId, t.categoryId),
    index('parties_business_mobile_idx').on(t.businessId, t.mobileNumber),
    index('parties_business_gstin_idx').on(t.businessId, t.gstin),
    foreignKey({
      name: 'parties_category_fk',
      columns: [t.businessId, t.categoryId],
      foreignColumns: [partyCategories.businessId, partyCategories.id],
    }),
    check('parties_party_type_check', sql`${t.partyType} in ('CUSTOMER', 'SUPPLIER')`),
    check('parties_credit_period_check', sql`${t.creditPeriod} is null or ${t.creditPeriod} >= 0`),
  ],
);

/**
 * A party's addresses: one BILLING and one SHIPPING row, or a single BOTH row that serves as both (so billing and
 * shipping answer the same id).
 */
export const partyAddresses = pgTable(
  'party_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id').notNull(),
    partyId: uuid('party_id').notNull(),
    type: text('type').$type<AddressTypeValue>().notNull(),
    street: text('street'),
    stateCode: text('state_code'),
    pin: text('pin'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'party_addresses_party_fk',
      columns: [t.businessId, t.partyId],
      foreignColumns: [parties.businessId, parties.id],
    }).onDelete('cascade'),
    /** At most one billing-side (BILLING or BOTH) and one SHIPPING address per party. */
    uniqueIndex('party_addresses_party_role_key').on(t.businessId, t.partyId, sql`(${t.type} = 'SHIPPING')`),
    check('party_addresses_type_check', sql`${t.type} in ('BILLING', 'SHIPPING', 'BOTH')`),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Items and stock

/** GST rates with their compensation cess (per cent), seeded at migration and shared by every business. */
export const taxRates = pgTable('tax_rates', {
  /** Stable and readable: 'gst-18', 'gst-28-cess-12'. */
  id: text('id').primaryKey(),
  value: numeric('value', { precision: 5, scale: 2 }).notNull(),
  cessValue: numeric('cess_value', { precision: 6, scale: 2 }).notNull().default('0'),
  sortOrder: integer('sort_order').notNull(),
});

/** GST unit quantity codes (UQC), seeded at migration and shared by every business. */
export const units = pgTable('units', {
  /** The UQC itself: 'NOS', 'KGS'. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

export const itemCategories = pgTable(
  'item_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    /** Answered as `catagory` (seed spelling). */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('item_categories_business_id_key').on(t.businessId, t.id),
    uniqueIndex('item_categories_business_name_key').on(t.businessId, sql`lower(${t.name})`),
  ],
);

export const ITEM_TYPE_VALUES = ['PRODUCT', 'SERVICE'] as const;
export type ItemTypeValue = (typeof ITEM_TYPE_VALUES)[number];
export const ITEM_CONDITION_VALUES = ['NEW', 'OLD'] as const;
export type ItemConditionValue = (typeof ITEM_CONDITION_VALUES)[number];

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    itemType: text('item_type').$type<ItemTypeValue>().notNull(),
    /** itemName (and serviceName for a service). */
    name: text('name').notNull(),
    /** itemCode of a product, serviceCode of a service: one namespace per business. */
    code: text('code').notNull(),
    hsnCode: text('hsn_code'),
    sacCode: text('sac_code'),
    condition: text('condition').$type<ItemConditionValue>().notNull().default('NEW'),
    hasSerialisation: boolean('has_serialisation').notNull().default(false),
    categoryId: uuid('category_id'),
    gstRateId: text('gst_rate_id').references(() => taxRates.id),
    unitId: text('unit_id').references(() => units.id),
    salePrice: money('sale_price'),
    purchasePrice: money('purchase_price'),
    isSaleTaxApplicable: boolean('is_sale_tax_applicable').notNull().default(false),
    isPurchaseTaxApplicable: boolean('is_purchase_tax_applicable').notNull().default(false),
    openingStock: integer('opening_stock').notNull().default(0),
    /** Where the opening stock went (the active branch at creation); edits of the opening stock land there. */
    openingBranchId: uuid('opening_branch_id').references(() => storeBranches.id),
    isAlertEnabled: boolean('is_alert_enabled').notNull().default(false),
    alertQuantity: integer('alert_quantity'),
    isOnlineVisible: boolean('is_online_visible').notNull().default(false),
    asOfDate: date('as_of_date', { mode: 'string' }),
    description: text('description'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('items_business_id_key').on(t.businessId, t.id),
    uniqueIndex('items_business_code_key').on(t.businessId, sql`lower(${t.code})`),
    /** The list pages by name, filtered by type or category. */
    index('items_business_name_idx').on(t.businessId, sql`lower(${t.name})`, t.id),
    index('items_business_type_name_idx').on(t.businessId, t.itemType, sql`lower(${t.name})`),
    index('items_business_category_idx').on(t.businessId, t.categoryId),
    foreignKey({
      name: 'items_category_fk',
      columns: [t.businessId, t.categoryId],
      foreignColumns: [itemCategories.businessId, itemCategories.id],
    }),
    check('items_item_type_check', sql`${t.itemType} in ('PRODUCT', 'SERVICE')`),
    check('items_condition_check', sql`${t.condition} in ('NEW', 'OLD')`),
    check('items_opening_stock_check', sql`${t.openingStock} >= 0`),
    check('items_alert_quantity_check', sql`${t.alertQuantity} is null or ${t.alertQuantity} >= 0`),
    check('items_prices_check', sql`coalesce(${t.salePrice}, 0) >= 0 and coalesce(${t.purchasePrice}, 0) >= 0`),
  ],
);

export const itemSerialNumbers = pgTable(
  'item_serial_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id').notNull(),
    itemId: uuid('item_id').notNull(),
    serialNo: text('serial_no').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    foreignKey({
      name: 'item_serial_numbers_item_fk',
      columns: [t.businessId, t.itemId],
      foreignColumns: [items.businessId, items.id],
    }).onDelete('cascade'),
    uniqueIndex('item_serial_numbers_item_serial_key').on(t.businessId, t.itemId, sql`upper(${t.serialNo})`),
  ],
);

export const itemImages = pgTable(
  'item_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id').notNull(),
    itemId: uuid('item_id').notNull(),
    /** Random, made by the server: `<32 hex>.png`; the file lives in DATA_DIR/item-images/<business id>/. */
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'item_images_item_fk',
      columns: [t.businessId, t.itemId],
      foreignColumns: [items.businessId, items.id],
    }).onDelete('cascade'),
    uniqueIndex('item_images_business_file_key').on(t.businessId, t.fileName),
    index('item_images_business_item_idx').on(t.businessId, t.itemId, t.position),
  ],
);

/** The stock of an item at a branch; never below 0 (the check turns an oversell into a 409). */
export const itemStock = pgTable(
  'item_stock',
  {
    businessId: uuid('business_id').notNull(),
    itemId: uuid('item_id').notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => storeBranches.id),
    quantity: integer('quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'item_stock_pkey', columns: [t.businessId, t.itemId, t.branchId] }),
    index('item_stock_business_branch_idx').on(t.businessId, t.branchId, t.itemId),
    foreignKey({
      name: 'item_stock_item_fk',
      columns: [t.businessId, t.itemId],
      foreignColumns: [items.businessId, items.id],
    }).onDelete('cascade'),
    check('item_stock_quantity_check', sql`${t.quantity} >= 0`),
  ],
);

/** Every change of stock, so a stock report can explain every number. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order movements happened in, also within one millisecond. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    businessId: uuid('business_id').notNull(),
    itemId: uuid('item_id').notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => storeBranches.id),
    /** OPENING, OPENING_EDIT, ADD, REDUCE; sales and purchases add their own. */
    kind: text('kind').notNull(),
    /** Signed: + in, - out. */
    quantity: integer('quantity').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    userId: uuid('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'stock_movements_item_fk',
      columns: [t.businessId, t.itemId],
      foreignColumns: [items.businessId, items.id],
    }).onDelete('cascade'),
    index('stock_movements_business_item_idx').on(t.businessId, t.itemId, t.seq),
    index('stock_movements_business_branch_idx').on(t.businessId, t.branchId, t.seq),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Remote registry history

export const REGISTRY_ACTIONS = ['publish', 'rollback', 'enable', 'disable', 'enable-for', 'rollout', 'allow-override', 'sync'] as const;
export type RegistryAction = (typeof REGISTRY_ACTIONS)[number];

/** Every change of the remote registry: who or what, when, and the remote before and after (operator data). */
export const remoteRegistryHistory = pgTable(
  'remote_registry_history',
  {
    /** Also orders changes made within one transaction timestamp. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** No foreign key: the history outlives a remote removed from the registry. */
    remoteName: text('remote_name').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').$type<RegistryAction>().notNull(),
    /** Null when the change created the remote. */
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('remote_registry_history_remote_idx').on(t.remoteName, t.id)],
);
