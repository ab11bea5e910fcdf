/**
 * Documents: the number series, idempotency keys, sale invoices and quotations with their lines. Purchases (issue
 * 11) add their own header and line tables from the same column sets.
 */
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
  uniqueIndex,
  type PgTableExtraConfigValue,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, money, quantity, updatedAt } from './columns';
import { businesses, storeBranches } from './core';
import { items, type TaxabilityValue } from './item';
import { parties } from './party';

// ---------------------------------------------------------------------------------------------------------------
// Shared machinery

/**
 * A number series: the last number issued for one kind of document and printed prefix ('MB/26-27/'). The row is
 * locked by the transaction that saves a document, so numbers have no gaps and a failed save takes none. Keyed by
 * what is printed, so two series never print the same number (2000-01-01 and 2099-12-31 both print '99-00'), and
 * branches share a series only when they share a prefix.
 */
export const documentSeries = pgTable(
  'document_series',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    /** SALE, QUOTATION; purchases and expenses add theirs. */
    docType: text('doc_type').notNull(),
    /** '2026-27': the year of the series' first number. */
    financialYear: text('financial_year').notNull(),
    /** The printed prefix and year ('MB/26-27/'), with '@' and the branch id where the series is the branch's own. */
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'document_series_pkey', columns: [t.businessId, t.docType, t.prefix] }),
    check('document_series_last_number_check', sql`${t.lastNumber} > 0`),
  ],
);

/**
 * An `Idempotency-Key` a create was sent with, written in the create's own transaction: a retry finds it and gets
 * the same record back; a concurrent twin waits on the key's row and then does the same.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    key: text('key').notNull(),
    /** Which call made it ('sale.create'); the same key on another call is another body. */
    scope: text('scope').notNull(),
    /** SHA-256 of the scope and the validated body. */
    requestHash: text('request_hash').notNull(),
    /** What the first request made (an invoice's id), answered again to a retry. */
    resourceId: uuid('resource_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.businessId, t.key] })],
);

/**
 * What a document list's `q` searches, lower-cased once at write time: its number(s), the party's name and mobile,
 * for one `like '%…%'` its trigram index serves (as items.search_text), instead of a scan of every document.
 */
export const documentSearchText = (...numberColumns: string[]) =>
  text('search_text').generatedAlwaysAs(
    sql.raw(`lower(${[...numberColumns, "coalesce(party_name, '')", "coalesce(party_mobile, '')"].join(" || ' ' || ")})`),
  );

/** Header columns every document has (fresh builders per table). */
export function documentColumns() {
  return {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id),
    id: uuid('id').notNull().defaultRandom(),
    branchId: uuid('branch_id').notNull(),
    financialYear: text('financial_year').notNull(),
    seriesPrefix: text('series_prefix').notNull(),
    seriesNo: integer('series_no').notNull(),
    /** Null for a walk-in sale. */
    partyId: uuid('party_id'),
    /** The party (or walk-in customer) name and mobile at issue, for the list and its search. */
    partyName: text('party_name'),
    partyMobile: text('party_mobile'),
    /** Snapshots (contracts DocumentParty / DocumentBranch) as they were at issue. */
    partySnapshot: jsonb('party_snapshot'),
    branchSnapshot: jsonb('branch_snapshot').notNull(),
    placeOfSupply: text('place_of_supply').notNull(),
    supplyType: text('supply_type').$type<'INTRA' | 'INTER'>().notNull(),
    roundOff: boolean('round_off').notNull(),
    /** A discount on the whole document: the percentage given (null for an amount) and what it came to. */
    documentDiscountPercent: numeric('document_discount_percent', { precision: 6, scale: 3 }),
    documentDiscount: money('document_discount'),
    taxableValue: money('taxable_value').notNull(),
    discount: money('discount').notNull(),
    cgst: money('cgst').notNull(),
    sgst: money('sgst').notNull(),
    igst: money('igst').notNull(),
    cess: money('cess').notNull(),
    subtotal: money('subtotal').notNull(),
    roundOffAmount: money('round_off_amount').notNull(),
    grandTotal: money('grand_total').notNull(),
    amountInWords: text('amount_in_words').notNull(),
    /** The engine's HSN summary at issue (contracts HsnSummaryRow[]). */
    hsnSummary: jsonb('hsn_summary').notNull(),
    notes: text('notes'),
    terms: text('terms'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelReason: text('cancel_reason'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  };
}

/** Line columns every document has (fresh builders per table). */
export function documentLineColumns() {
  return {
    businessId: uuid('business_id').notNull(),
    documentId: uuid('document_id').notNull(),
    lineNo: integer('line_no').notNull(),
    itemId: uuid('item_id').notNull(),
    itemName: text('item_name').notNull(),
    itemType: text('item_type').$type<'PRODUCT' | 'SERVICE'>().notNull(),
    hsnSac: text('hsn_sac'),
    description: text('description'),
    quantity: quantity('quantity').notNull(),
    /** The UQC at issue. */
    unit: text('unit'),
    unitPrice: money('unit_price').notNull(),
    priceIncludesTax: boolean('price_includes_tax').notNull(),
    discountPercent: numeric('discount_percent', { precision: 6, scale: 3 }),
    /** The line's own discount plus its share of the document's. */
    discount: money('discount').notNull(),
    /** The line's share of the document's discount. */
    documentDiscount: money('document_discount').notNull().default('0'),
    taxableValue: money('taxable_value').notNull(),
    gstRateId: text('gst_rate_id'),
    gstRate: numeric('gst_rate', { precision: 6, scale: 3 }).notNull(),
    /** The item's taxability at issue (TAXABLE, NIL_RATED, EXEMPT, NON_GST): GSTR-1 and GSTR-3B read it. */
    taxability: text('taxability').$type<TaxabilityValue>().notNull().default('TAXABLE'),
    cgst: money('cgst').notNull(),
    sgst: money('sgst').notNull(),
    igst: money('igst').notNull(),
    cessRate: numeric('cess_rate', { precision: 6, scale: 3 }).notNull(),
    cessPerUnit: numeric('cess_per_unit', { precision: 12, scale: 3 }).notNull(),
    cess: money('cess').notNull(),
    total: money('total').notNull(),
    serialNos: text('serial_nos').array().notNull().default(sql`'{}'::text[]`),
  };
}

/** A zero-rated supply with payment of IGST (refund claimed) or without it (under LUT). */
export type ExportTypeValue = 'WITH_PAYMENT' | 'WITHOUT_PAYMENT';

// ---------------------------------------------------------------------------------------------------------------
// Quotations

export const QUOTATION_STORED_STATUSES = ['OPEN', 'CONVERTED', 'CANCELLED'] as const;

export const quotations = pgTable(
  'quotations',
  {
    ...documentColumns(),
    quotationNumber: text('quotation_number').notNull(),
    searchText: documentSearchText('quotation_number'),
    quotationDate: date('quotation_date', { mode: 'string' }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** OPEN, CONVERTED or CANCELLED; EXPIRED is read from valid_until. */
    status: text('status').$type<(typeof QUOTATION_STORED_STATUSES)[number]>().notNull(),
    saleInvoiceId: uuid('sale_invoice_id'),
    convertedAt: timestamp('converted_at', { withTimezone: true, mode: 'date' }),
    /** To an SEZ or overseas party: with or without payment of IGST (null for any other). */
    exportType: text('export_type').$type<ExportTypeValue>(),
  },
  // Annotated: quotations and sale invoices reference each other.
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ name: 'quotations_pkey', columns: [t.businessId, t.id] }),
    uniqueIndex('quotations_number_key').on(t.businessId, t.financialYear, t.quotationNumber),
    index('quotations_business_date_idx').on(t.businessId, t.quotationDate, t.seriesNo, t.createdAt, t.id),
    index('quotations_business_party_idx').on(t.businessId, t.partyId, t.quotationDate),
    index('quotations_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    foreignKey({ name: 'quotations_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({ name: 'quotations_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    foreignKey({
      name: 'quotations_sale_invoice_fk',
      columns: [t.businessId, t.saleInvoiceId],
      foreignColumns: [saleInvoices.businessId, saleInvoices.id],
    }),
    check('quotations_status_check', sql`${t.status} in ('OPEN', 'CONVERTED', 'CANCELLED')`),
    check('quotations_export_type_check', sql`${t.exportType} in ('WITH_PAYMENT', 'WITHOUT_PAYMENT')`),
  ],
);

export const quotationLines = pgTable(
  'quotation_lines',
  documentLineColumns(),
  (t) => [
    primaryKey({ name: 'quotation_lines_pkey', columns: [t.businessId, t.documentId, t.lineNo] }),
    foreignKey({
      name: 'quotation_lines_quotation_fk',
      columns: [t.businessId, t.documentId],
      foreignColumns: [quotations.businessId, quotations.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'quotation_lines_item_fk', columns: [t.businessId, t.itemId], foreignColumns: [items.businessId, items.id] }),
  ],
);

// ---------------------------------------------------------------------------------------------------------------
// Sale invoices

export const SALE_STATUS_VALUES = ['PAID', 'PARTIAL', 'UNPAID', 'CANCELLED'] as const;
export type SaleStatusValue = (typeof SALE_STATUS_VALUES)[number];

export const saleInvoices = pgTable(
  'sale_invoices',
  {
    ...documentColumns(),
    invoiceNumber: text('invoice_number').notNull(),
    searchText: documentSearchText('invoice_number'),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<SaleStatusValue>().notNull(),
    /** Payments in, net of reversals. */
    received: money('received').notNull().default('0'),
    quotationId: uuid('quotation_id'),
    /**
     * When a valid e-invoice JSON of the invoice was last produced (its e-invoice status is then JSON ready until an
     * IRN is stored). Invoices are not edited after they are issued; an edit, if one is ever allowed, must clear it.
     */
    einvoiceJsonAt: timestamp('einvoice_json_at', { withTimezone: true, mode: 'date' }),
    /** A zero-rated sale (SEZ, export): with or without payment of IGST; null for any other. */
    exportType: text('export_type').$type<ExportTypeValue>(),
    /** Without payment: the LUT it was issued under, as printed. */
    lutNumber: text('lut_number'),
    /** An export's shipping bill, entered when known. */
    shippingBillNumber: text('shipping_bill_number'),
    shippingBillDate: date('shipping_bill_date', { mode: 'string' }),
    shippingPortCode: text('shipping_port_code'),
    /** How the goods travel, for the e-way bill: entered with the sale or later (sale/transport/:id). */
    transportMode: text('transport_mode').$type<'ROAD' | 'RAIL' | 'AIR' | 'SHIP'>(),
    transportDistanceKm: integer('transport_distance_km'),
    vehicleNo: text('vehicle_no'),
    vehicleType: text('vehicle_type').$type<'REGULAR' | 'OVER_DIMENSIONAL'>(),
    transporterId: text('transporter_id'),
    transporterName: text('transporter_name'),
    transDocNo: text('trans_doc_no'),
    transDocDate: date('trans_doc_date', { mode: 'string' }),
    /** The e-way bill the portal generated: its number, date and validity (India time, "YYYY-MM-DD HH:mm:ss"). */
    ewbNo: text('ewb_no'),
    ewbDate: text('ewb_date'),
    ewbValidUpto: text('ewb_valid_upto'),
  },
  (t): PgTableExtraConfigValue[] => [
    primaryKey({ name: 'sale_invoices_pkey', columns: [t.businessId, t.id] }),
    /** gst-rules.md: unique within a financial year. */
    uniqueIndex('sale_invoices_number_key').on(t.businessId, t.financialYear, t.invoiceNumber),
    /** A quotation becomes at most one invoice. */
    uniqueIndex('sale_invoices_quotation_key').on(t.businessId, t.quotationId).where(sql`${t.quotationId} is not null`),
    /**
     * The list: newest first, or by branch, party or status. Each key ends with what the list's sums and the party
     * balances read (status, grand total, received), so those sums over 100,000 invoices are index-only scans.
     */
    index('sale_invoices_business_date_idx').on(t.businessId, t.invoiceDate, t.seriesNo, t.createdAt, t.id, t.status, t.grandTotal, t.received),
    index('sale_invoices_business_branch_idx').on(t.businessId, t.branchId, t.invoiceDate, t.seriesNo, t.createdAt, t.status, t.grandTotal, t.received),
    index('sale_invoices_business_party_idx').on(t.businessId, t.partyId, t.invoiceDate, t.status, t.grandTotal, t.received),
    index('sale_invoices_business_status_idx').on(t.businessId, t.status, t.invoiceDate, t.dueDate, t.grandTotal, t.received),
    index('sale_invoices_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    /** GSTR-1 (reports): the invoices a GSTIN issued in a period, by the GSTIN on the invoice (its branch snapshot). */
    index('sale_invoices_business_gstin_date_idx').on(t.businessId, sql`(${t.branchSnapshot} ->> 'gstin')`, t.invoiceDate),
    foreignKey({ name: 'sale_invoices_branch_fk', columns: [t.businessId, t.branchId], foreignColumns: [storeBranches.businessId, storeBranches.id] }),
    foreignKey({ name: 'sale_invoices_party_fk', columns: [t.businessId, t.partyId], foreignColumns: [parties.businessId, parties.id] }),
    foreignKey({
      name: 'sale_invoices_quotation_fk',
      columns: [t.businessId, t.quotationId],
      foreignColumns: [quotations.businessId, quotations.id],
    }),
    check('sale_invoices_status_check', sql`${t.status} in ('PAID', 'PARTIAL', 'UNPAID', 'CANCELLED')`),
    check('sale_invoices_export_type_check', sql`${t.exportType} in ('WITH_PAYMENT', 'WITHOUT_PAYMENT')`),
    check('sale_invoices_received_check', sql`${t.received} >= 0 and ${t.received} <= ${t.grandTotal}`),
    check('sale_invoices_transport_mode_check', sql`${t.transportMode} in ('ROAD', 'RAIL', 'AIR', 'SHIP')`),
    check('sale_invoices_vehicle_type_check', sql`${t.vehicleType} in ('REGULAR', 'OVER_DIMENSIONAL')`),
    check('sale_invoices_transport_distance_check', sql`${t.transportDistanceKm} >= 0`),
    check('sale_invoices_ewb_no_check', sql`${t.ewbNo} ~ '^[0-9]{12}$'`),
    /** An e-way bill number belongs to one invoice. */
    uniqueIndex('sale_invoices_ewb_no_key').on(t.businessId, t.ewbNo).where(sql`${t.ewbNo} is not null`),
  ],
);

export const saleInvoiceLines = pgTable(
  'sale_invoice_lines',
  documentLineColumns(),
  (t) => [
    primaryKey({ name: 'sale_invoice_lines_pkey', columns: [t.businessId, t.documentId, t.lineNo] }),
    foreignKey({
      name: 'sale_invoice_lines_invoice_fk',
      columns: [t.businessId, t.documentId],
      foreignColumns: [saleInvoices.businessId, saleInvoices.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'sale_invoice_lines_item_fk', columns: [t.businessId, t.itemId], foreignColumns: [items.businessId, items.id] }),
    /** Item-wise sales (reports). */
    index('sale_invoice_lines_item_idx').on(t.businessId, t.itemId),
  ],
);
