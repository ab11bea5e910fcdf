/** Items, their categories, serial numbers, images and stock per branch; tax rates and units. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt } from './columns';
import { businesses, storeBranches, users } from './core';
import { storedFiles } from './files';

// ---------------------------------------------------------------------------------------------------------------
// Items and stock

/** GST rates with their compensation cess (per cent), seeded at migration and shared by every business. */
export const taxRates = pgTable('tax_rates', {
  /** Stable and readable: 'gst-18', 'gst-28-cess-12'. */
  id: text('id').primaryKey(),
  value: numeric('value', { precision: 5, scale: 2 }).notNull(),
  cessValue: numeric('cess_value', { precision: 6, scale: 2 }).notNull().default('0'),
  /** Fixed compensation cess in rupees per unit, where the law sets one (gst-rules.md: "₹1.591 per unit"). */
  cessPerUnit: numeric('cess_per_unit', { precision: 12, scale: 3 }).notNull().default('0'),
  sortOrder: integer('sort_order').notNull(),
  /** The first and last day the rate is in force (null: open); a document uses the rates in force on its date. */
  validFrom: date('valid_from', { mode: 'string' }),
  validTo: date('valid_to', { mode: 'string' }),
});

/** GST unit quantity codes (UQC), seeded at migration and shared by every business. */
export const units = pgTable('units', {
  /** The UQC itself: 'NOS', 'KGS'. */
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  /** Whether a quantity in this unit may have decimals (kilograms, litres, metres); else whole numbers only. */
  allowsFraction: boolean('allows_fraction').notNull().default(false),
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
export const TAXABILITY_VALUES = ['TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST'] as const;
export type TaxabilityValue = (typeof TAXABILITY_VALUES)[number];
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
    /** TAXABLE, else NIL_RATED, EXEMPT or NON_GST (always at 0 %). */
    taxability: text('taxability').$type<TaxabilityValue>().notNull().default('TAXABLE'),
    /**
     * The law keeps this item at a rate withdrawn for other goods (tobacco products, pan masala: 28 % with
     * compensation cess after 22-09-2025): its documents may use its rate after the rate's valid_to.
     */
    keepsWithdrawnRate: boolean('keeps_withdrawn_rate').notNull().default(false),
    unitId: text('unit_id').references(() => units.id),
    salePrice: money('sale_price'),
    purchasePrice: money('purchase_price'),
    /** The unit price of the item's latest purchase bill (purchases default their price to it). */
    lastPurchasePrice: money('last_purchase_price'),
    isSaleTaxApplicable: boolean('is_sale_tax_applicable').notNull().default(false),
    isPurchaseTaxApplicable: boolean('is_purchase_tax_applicable').notNull().default(false),
    openingStock: integer('opening_stock').notNull().default(0),
    /** Where the opening stock went (the active branch at creation); edits of the opening stock land there. */
    openingBranchId: uuid('opening_branch_id'),
    isAlertEnabled: boolean('is_alert_enabled').notNull().default(false),
    alertQuantity: integer('alert_quantity'),
    isOnlineVisible: boolean('is_online_visible').notNull().default(false),
    asOfDate: date('as_of_date', { mode: 'string' }),
    description: text('description'),
    /**
     * What `q` searches (name, code, HSN, SAC), lower-cased once at write time: one `like '%…%'` served by a
     * trigram index, or a cheap scan when the planner prefers one, instead of four ILIKEs per row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(name || ' ' || code || ' ' || coalesce(hsn_code, '') || ' ' || coalesce(sac_code, ''))`,
    ),
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
    foreignKey({
      name: 'items_opening_branch_fk',
      columns: [t.businessId, t.openingBranchId],
      foreignColumns: [storeBranches.businessId, storeBranches.id],
    }),
    index('items_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    check('items_item_type_check', sql`${t.itemType} in ('PRODUCT', 'SERVICE')`),
    check('items_condition_check', sql`${t.condition} in ('NEW', 'OLD')`),
    check('items_taxability_check', sql`${t.taxability} in ('TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST')`),
    check('items_opening_stock_check', sql`${t.openingStock} >= 0`),
    check('items_alert_quantity_check', sql`${t.alertQuantity} is null or ${t.alertQuantity} >= 0`),
    check('items_prices_check', sql`coalesce(${t.salePrice}, 0) >= 0 and coalesce(${t.purchasePrice}, 0) >= 0`),
  ],
);

export const SERIAL_STATUS_VALUES = ['IN_STOCK', 'SOLD'] as const;
export type SerialStatusValue = (typeof SERIAL_STATUS_VALUES)[number];

export const itemSerialNumbers = pgTable(
  'item_serial_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id').notNull(),
    itemId: uuid('item_id').notNull(),
    serialNo: text('serial_no').notNull(),
    position: integer('position').notNull(),
    /** IN_STOCK until a sale takes it (SOLD); a cancelled sale puts it back. */
    status: text('status').$type<SerialStatusValue>().notNull().default('IN_STOCK'),
    /** The branch whose stock holds it. */
    branchId: uuid('branch_id'),
  },
  (t) => [
    foreignKey({
      name: 'item_serial_numbers_branch_fk',
      columns: [t.businessId, t.branchId],
      foreignColumns: [storeBranches.businessId, storeBranches.id],
    }),
    check('item_serial_numbers_status_check', sql`${t.status} in ('IN_STOCK', 'SOLD')`),
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
    /** Random, made by the server: `<32 hex>.png`, the name in the image's URL. */
    fileName: text('file_name').notNull(),
    /**
     * The image's bytes in stored_files. Null only for an image uploaded before files moved into the database whose
     * file was not found in DATA_DIR/item-images/<business id>/<file name> when it was imported at start.
     */
    fileId: uuid('file_id'),
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
    foreignKey({ name: 'item_images_file_fk', columns: [t.businessId, t.fileId], foreignColumns: [storedFiles.businessId, storedFiles.id] }),
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
    branchId: uuid('branch_id').notNull(),
    /** numeric(14,3): whole units, or three decimals where the unit allows fractions. */
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
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
    foreignKey({
      name: 'item_stock_branch_fk',
      columns: [t.businessId, t.branchId],
      foreignColumns: [storeBranches.businessId, storeBranches.id],
    }),
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
    branchId: uuid('branch_id').notNull(),
    /** OPENING, OPENING_EDIT, ADD, REDUCE; sales and purchases add their own. */
    kind: text('kind').notNull(),
    /** Signed: + in, - out. */
    quantity: numeric('quantity', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 3, mode: 'number' }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    /** The document that moved it (SALE and its id), when one did. */
    documentType: text('document_type'),
    documentId: uuid('document_id'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'stock_movements_item_fk',
      columns: [t.businessId, t.itemId],
      foreignColumns: [items.businessId, items.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'stock_movements_branch_fk',
      columns: [t.businessId, t.branchId],
      foreignColumns: [storeBranches.businessId, storeBranches.id],
    }),
    foreignKey({
      name: 'stock_movements_user_fk',
      columns: [t.businessId, t.userId],
      foreignColumns: [users.businessId, users.id],
    }),
    index('stock_movements_business_item_idx').on(t.businessId, t.itemId, t.seq),
    index('stock_movements_business_branch_idx').on(t.businessId, t.branchId, t.seq),
    index('stock_movements_business_document_idx').on(t.businessId, t.documentType, t.documentId),
  ],
);
