/** Parties, their categories and addresses. */
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
import { businesses } from './core';

/** BOTH: customer and supplier at once. */
export const PARTY_TYPE_VALUES = ['CUSTOMER', 'SUPPLIER', 'BOTH'] as const;
export type PartyTypeValue = (typeof PARTY_TYPE_VALUES)[number];
/** How a party is registered under GST (contracts PARTY_REGISTRATION_TYPES). */
export const PARTY_REGISTRATION_VALUES = ['REGULAR', 'COMPOSITION', 'UNREGISTERED', 'CONSUMER', 'SEZ', 'OVERSEAS', 'UIN'] as const;
export type PartyRegistrationValue = (typeof PARTY_REGISTRATION_VALUES)[number];
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
    /** REGULAR, COMPOSITION, SEZ: `gstin` is its GSTIN; UIN: `gstin` holds its UIN; the others have none. */
    registrationType: text('registration_type').$type<PartyRegistrationValue>().notNull().default('UNREGISTERED'),
    panNumber: text('pan_number'),
    /** Days. */
    creditPeriod: integer('credit_period'),
    creditLimit: money('credit_limit'),
    /** What `q` searches (name, mobile, GSTIN), lower-cased once at write time for one trigram-indexed `like`. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || coalesce(mobile_number, '') || ' ' || coalesce(gstin, ''))`,
    ),
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
    index('parties_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    foreignKey({
      name: 'parties_category_fk',
      columns: [t.businessId, t.categoryId],
      foreignColumns: [partyCategories.businessId, partyCategories.id],
    }),
    check('parties_party_type_check', sql`${t.partyType} in ('CUSTOMER', 'SUPPLIER', 'BOTH')`),
    check(
      'parties_registration_type_check',
      sql`${t.registrationType} in ('REGULAR', 'COMPOSITION', 'UNREGISTERED', 'CONSUMER', 'SEZ', 'OVERSEAS', 'UIN')`,
    ),
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
