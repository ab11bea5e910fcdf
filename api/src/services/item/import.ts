import { randomUUID } from 'node:crypto';
import { ItemFormFields, itemFormProblems, type ItemFormFields as ItemFields } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { itemCategories, items, taxRates, units } from '../../db/schema';
import { resolveCategories, type ImportColumn, type ImportRowValues, type ImportSpec, type ValidRow } from '../import';
import { itemColumnsOf, type ItemColumns } from './items';
import { postOpeningStocks } from '../ledger/postings';
import { unitCostWithoutTax } from '../ledger/stock-cost';

export type ItemColumn =
  | 'itemType'
  | 'name'
  | 'code'
  | 'hsnSac'
  | 'category'
  | 'unit'
  | 'gstRate'
  | 'cess'
  | 'taxability'
  | 'salePrice'
  | 'saleTaxType'
  | 'purchasePrice'
  | 'purchaseTaxType'
  | 'openingStock'
  | 'lowStock';

const TAX_TYPE_NOTE = 'WITH_TAX when the price includes GST, WITHOUT_TAX (the default) when GST is added on top.';

export const ITEM_IMPORT_COLUMNS: readonly ImportColumn<ItemColumn>[] = [
  { key: 'itemType', header: 'Item Type', aliases: ['Type'], required: true, example: 'PRODUCT', choices: ['PRODUCT', 'SERVICE'],
    note: 'PRODUCT (goods with stock) or SERVICE.' },
  { key: 'name', header: 'Item Name', aliases: ['Name', 'Service Name'], required: true, example: 'Redmi Note 13 (8/128 GB)', width: 30,
    note: 'The name, at most 200 characters.' },
  { key: 'code', header: 'Item Code', aliases: ['Code', 'Service Code'], required: true, example: 'RN13000001', kind: 'text', width: 14,
    note: 'The item code (of a service: its service code), at most 10 characters. Unique within your business, ignoring capitals, in this file and already in Bahi.' },
  { key: 'hsnSac', header: 'HSN/SAC Code', aliases: ['HSN', 'HSN Code', 'SAC', 'SAC Code'], example: '85171300', kind: 'text', width: 14,
    note: 'A product: its HSN code, 4, 6 or 8 digits (optional). A service: its SAC code, 6 digits starting with 99 (required).' },
  { key: 'category', header: 'Category', example: 'Mobiles', width: 18,
    note: 'A category name. A category that does not exist yet is created (at most 60 characters).' },
  { key: 'unit', header: 'Unit', aliases: ['Unit Short Name', 'UQC'], example: 'PCS', kind: 'text', width: 10,
    note: 'The GST unit quantity code (short name), e.g. NOS, PCS, KGS, LTR, MTR, BOX, DOZ, PAC.' },
  { key: 'gstRate', header: 'GST Rate (%)', aliases: ['GST Rate', 'GST', 'GST %'], example: 18, kind: 'number', width: 13,
    note: 'One of 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40.' },
  { key: 'cess', header: 'Cess (%)', aliases: ['Cess', 'Cess Rate'], example: 0, kind: 'number', width: 10,
    note: 'Compensation cess with a 28% GST rate: 1, 3, 12, 15, 17, 20, 21, 22, 36, 60, 65, 71, 96, 160, 204 or 290; empty or 0 for none.' },
  { key: 'salePrice', header: 'Sale Price', example: 15999, kind: 'number', width: 12,
    note: 'In rupees, 0 or more, at most 2 decimals.' },
  { key: 'saleTaxType', header: 'Sale Price Tax Type', aliases: ['Sale Tax Type'], example: 'WITH_TAX', choices: ['WITH_TAX', 'WITHOUT_TAX'], width: 18,
    note: TAX_TYPE_NOTE },
  { key: 'purchasePrice', header: 'Purchase Price', example: 13500, kind: 'number', width: 14,
    note: 'In rupees, 0 or more, at most 2 decimals (products).' },
  { key: 'purchaseTaxType', header: 'Purchase Price Tax Type', aliases: ['Purchase Tax Type'], example: 'WITHOUT_TAX', choices: ['WITH_TAX', 'WITHOUT_TAX'], width: 22,
    note: TAX_TYPE_NOTE },
  { key: 'openingStock', header: 'Opening Stock', example: 10, kind: 'number', width: 14,
    note: 'A whole number, 0 or more (products). It goes to the branch that is active when you import.' },
  { key: 'lowStock', header: 'Low Stock Quantity', aliases: ['Alert Quantity', 'Low Stock'], example: 2, kind: 'number', width: 18,
    note: 'A whole number: Bahi flags the product as low on stock at or under it. Empty: no low-stock warning.' },
  { key: 'taxability', header: 'Taxability', aliases: ['GST Taxability', 'Tax Category'], example: 'TAXABLE',
    choices: ['TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST'], width: 14,
    note: 'TAXABLE (the default), NIL_RATED (0% in the rate schedule), EXEMPT (exempted by notification) or NON_GST (outside GST: alcohol for drinking, petrol, diesel). Anything but TAXABLE has a GST rate of 0 or empty. Empty with GST Rate 0: NIL_RATED.' },
];

export interface ItemImportRow {
  fields: ItemFields;
  category?: string;
  unit?: string;
  gstRate?: number;
  cess: number;
}

const FIELD_COLUMNS: Record<string, ItemColumn> = {
  itemType: 'itemType',
  itemName: 'name',
  itemCode: 'code',
  serviceCode: 'code',
  hsnCode: 'hsnSac',
  sacCode: 'hsnSac',
  salePrice: 'salePrice',
  salePriceTaxType: 'saleTaxType',
  isSaleTaxApplicable: 'saleTaxType',
  purchasePrice: 'purchasePrice',
  purchasePriceTaxType: 'purchaseTaxType',
  isPurchaseTaxApplicable: 'purchaseTaxType',
  openingStock: 'openingStock',
  productAlertValue: 'lowStock',
  category: 'category',
  unit: 'unit',
  gstRate: 'gstRate',
  cess: 'cess',
  taxability: 'taxability',
};

export const itemColumnOf = (path: readonly PropertyKey[]) => FIELD_COLUMNS[String(path[0])];

/** 'With Tax', 'with_tax', 'WITH TAX' -> 'WITH_TAX'. */
const taxType = (v: string | undefined) => v?.trim().toUpperCase().replace(/[\s-]+/g, '_');
const percent = (v: string | undefined) => v?.trim().replace(/%$/, '').trim();
const money = (v: string | undefined) => v?.replace(/[₹,\s]/g, '');

/** A row through the very rules of POST item/create; category, unit and rate travel as text, resolved later. */
export const ItemImportRowSchema = z.custom<ImportRowValues<ItemColumn>>().transform((v, ctx): ItemImportRow => {
  const type = v.itemType?.trim().toUpperCase();
  const product = type !== 'SERVICE';
  const parsed = ItemFormFields.safeParse({
    itemType: type,
    itemName: v.name,
    [product ? 'itemCode' : 'serviceCode']: v.code?.trim(),
    [product ? 'hsnCode' : 'sacCode']: v.hsnSac?.trim(),
    salePrice: money(v.salePrice),
    salePriceTaxType: taxType(v.saleTaxType),
    purchasePrice: money(v.purchasePrice),
    purchasePriceTaxType: taxType(v.purchaseTaxType),
    openingStock: product ? v.openingStock : undefined,
    isAlertEnabled: product && v.lowStock !== undefined ? 'true' : undefined,
    productAlertValue: product ? v.lowStock : undefined,
    taxability: taxType(v.taxability),
  });
  const fail = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (!type) fail('Item Type is required: PRODUCT or SERVICE', 'itemType');
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  for (const p of itemFormProblems(parsed.data)) fail(p.message, p.field);
  if (!product && v.openingStock !== undefined && v.openingStock !== '0') fail('A service has no stock: leave Opening Stock empty', 'openingStock');
  const gst = percent(v.gstRate);
  const cess = percent(v.cess);
  const gstRate = gst === undefined || gst === '' ? undefined : Number(gst);
  const cessValue = cess === undefined || cess === '' ? 0 : Number(cess);
  if (gstRate !== undefined && !Number.isFinite(gstRate)) fail('GST Rate must be a number, e.g. 18', 'gstRate');
  if (!Number.isFinite(cessValue)) fail('Cess must be a number, e.g. 12', 'cess');
  if (gstRate === undefined && cessValue !== 0) fail('Give the GST rate that goes with the cess', 'gstRate');
  const taxability = parsed.data.taxability ?? (gstRate === 0 && cessValue === 0 ? 'NIL_RATED' : 'TAXABLE');
  if (taxability !== 'TAXABLE' && ((gstRate ?? 0) !== 0 || cessValue !== 0)) fail('A nil-rated, exempt or non-GST item has a GST rate of 0', 'gstRate');
  const category = v.category?.trim();
  if (category && category.length > 60) fail('Category name can be at most 60 characters', 'category');
  return {
    fields: { ...parsed.data, taxability },
    category: category || undefined,
    unit: v.unit?.trim().toUpperCase() || undefined,
    gstRate: taxability === 'TAXABLE' ? gstRate : 0,
    cess: cessValue,
  };
});

export interface ItemImportContext {
  businessId: string;
  userId: string;
  branch: { id: string; name: string };
  now: Date;
  today: string;
}

/** Tax ids by 'value|cess' and unit ids by short name (and name), both lower-case. */
async function referenceIndex(tx: Tx) {
  const [taxRows, unitRows] = await Promise.all([tx.select().from(taxRates), tx.select().from(units)]);
  const taxes = new Map(taxRows.map((t) => [`${Number(t.value)}|${Number(t.cessValue)}`, t.id]));
  const unitIds = new Map<string, string>();
  for (const u of unitRows) {
    unitIds.set(u.shortName.toLowerCase(), u.id);
    unitIds.set(u.name.toLowerCase(), u.id);
  }
  return { taxes, unitIds };
}

const codeKey = (v: ImportRowValues<ItemColumn>) => v.code?.trim().toLowerCase() || undefined;

/** One unnest insert per table: 10,000 rows in a handful of statements. */
async function insertItems(tx: Tx, rows: ValidRow<ItemColumn, ItemImportRow>[], ctx: ItemImportContext) {
  const { taxes, unitIds } = await referenceIndex(tx);
  const categoryOf = await resolveCategories(tx, itemCategories, ctx, rows.map((r) => r.row.category));
  const records = rows.map((r) => {
    const cols: ItemColumns = itemColumnsOf(r.row.fields, ctx.today);
    return {
      id: randomUUID(),
      ...cols,
      categoryId: categoryOf(r.row.category),
      unitId: r.row.unit ? unitIds.get(r.row.unit.toLowerCase())! : null,
      gstRateId: r.row.gstRate === undefined ? null : taxes.get(`${r.row.gstRate}|${r.row.cess}`)!,
    };
  });
  const at = ctx.now.toISOString();
  const col = <T>(pick: (r: (typeof records)[number]) => T) => sql.param(records.map(pick));
  await tx.execute(sql`
    insert into items (id, business_id, item_type, name, code, hsn_code, sac_code, condition, has_serialisation,
                       category_id, gst_rate_id, unit_id, sale_price, purchase_price, is_sale_tax_applicable,
                       is_purchase_tax_applicable, opening_stock, opening_branch_id, is_alert_enabled, alert_quantity,
                       is_online_visible, as_of_date, created_at, updated_at, taxability)
    select t.id, ${ctx.businessId}::uuid, t.item_type, t.name, t.code, t.hsn_code, t.sac_code, 'NEW', false,
           t.category_id, t.gst_rate_id, t.unit_id, t.sale_price, t.purchase_price, t.sale_tax, t.purchase_tax,
           t.opening_stock, ${ctx.branch.id}::uuid, t.alert, t.alert_quantity, false, ${ctx.today}::date,
           ${at}::timestamptz, ${at}::timestamptz, t.taxability
    from unnest(
      ${col((r) => r.id)}::uuid[],
      ${col((r) => r.itemType)}::text[],
      ${col((r) => r.name)}::text[],
      ${col((r) => r.code)}::text[],
      ${col((r) => r.hsnCode)}::text[],
      ${col((r) => r.sacCode)}::text[],
      ${col((r) => r.categoryId)}::uuid[],
      ${col((r) => r.gstRateId)}::text[],
      ${col((r) => r.unitId)}::text[],
      ${col((r) => r.salePrice)}::numeric[],
      ${col((r) => r.purchasePrice)}::numeric[],
      ${col((r) => r.isSaleTaxApplicable)}::boolean[],
      ${col((r) => r.isPurchaseTaxApplicable)}::boolean[],
      ${col((r) => r.openingStock)}::int[],
      ${col((r) => r.isAlertEnabled)}::boolean[],
      ${col((r) => r.alertQuantity)}::int[],
      ${col((r) => r.taxability)}::text[]
    ) as t(id, item_type, name, code, hsn_code, sac_code, category_id, gst_rate_id, unit_id, sale_price,
           purchase_price, sale_tax, purchase_tax, opening_stock, alert, alert_quantity, taxability)`);

  // Fresh statistics once the items are in: the foreign-key checks of the stock rows below are planned from them,
  // and planned for a near-empty table they scan every item for every row (10 s instead of 1 s for 10,000). PGlite
  // has no autovacuum, so without this the statistics stay stale after the import too.
  const big = records.length >= 200;
  if (big) await tx.execute(sql`analyze items`);
  const analyze = () => (big ? tx.execute(sql`analyze item_stock, stock_movements, item_categories`) : undefined);
  const stocked = records.filter((r) => r.openingStock > 0);
  if (stocked.length === 0) {
    await analyze();
    return;
  }
  const ids = sql.param(stocked.map((r) => r.id));
  const quantities = sql.param(stocked.map((r) => r.openingStock));
  await tx.execute(sql`
    insert into item_stock (business_id, item_id, branch_id, quantity, updated_at)
    select ${ctx.businessId}::uuid, t.id, ${ctx.branch.id}::uuid, t.quantity, ${at}::timestamptz
    from unnest(${ids}::uuid[], ${quantities}::int[]) as t(id, quantity)`);
  await tx.execute(sql`
    insert into stock_movements (business_id, item_id, branch_id, kind, quantity, balance_after, date, reason, user_id, created_at)
    select ${ctx.businessId}::uuid, t.id, ${ctx.branch.id}::uuid, 'OPENING', t.quantity, t.quantity, ${ctx.today}::date,
           'Opening stock (spreadsheet import)', ${ctx.userId}::uuid, ${at}::timestamptz
    from unnest(${ids}::uuid[], ${quantities}::int[]) with ordinality as t(id, quantity, n)
    order by t.n`);
  const rates = new Map((await tx.select({ id: taxRates.id, value: taxRates.value }).from(taxRates)).map((r) => [r.id, r.value]));
  await postOpeningStocks(
    tx,
    { businessId: ctx.businessId, branchId: ctx.branch.id, date: ctx.today, createdBy: ctx.userId, now: ctx.now },
    stocked.map((r) => ({
      itemId: r.id,
      quantityMilli: r.openingStock * 1000,
      unitCost: r.purchasePrice === null ? null : unitCostWithoutTax(String(r.purchasePrice), r.isPurchaseTaxApplicable, r.gstRateId ? (rates.get(r.gstRateId) ?? null) : null),
    })),
  );
  await analyze();
}

export const itemImport: ImportSpec<ItemColumn, ItemImportRow, ItemImportContext> = {
  tables: ['items', 'item_stock', 'stock_movements'],
  noun: { one: 'item', many: 'items' },
  columns: ITEM_IMPORT_COLUMNS,
  schema: ItemImportRowSchema,
  columnOf: itemColumnOf,
  uniqueWithinFile: [{ column: 'code', key: codeKey }],
  notes: [
    'Products and services share one list of codes: every code must be unique.',
    'Serial numbers, images and preowned items are added in the item dialog, not by import.',
  ],
  lock: async (tx, ctx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`items:${ctx.businessId}`}))`);
  },
  check: async (tx, rows, ctx) => {
    if (rows.length === 0) return [];
    const { taxes, unitIds } = await referenceIndex(tx);
    const problems: { rowNumber: number; column: ItemColumn; message: string }[] = [];
    for (const r of rows) {
      const { unit, gstRate, cess } = r.row;
      if (unit && !unitIds.has(unit.toLowerCase())) {
        problems.push({ rowNumber: r.rowNumber, column: 'unit', message: `${unit} is not a GST unit code: use one such as NOS, PCS, KGS, LTR, BOX` });
      }
      if (gstRate !== undefined && !taxes.has(`${gstRate}|${cess}`)) {
        problems.push({
          rowNumber: r.rowNumber,
          column: cess ? 'cess' : 'gstRate',
          message: cess ? `There is no GST rate of ${gstRate}% with ${cess}% cess` : `There is no GST rate of ${gstRate}%`,
        });
      }
    }
    const codes = rows.map((r) => (r.row.fields.itemCode ?? r.row.fields.serviceCode ?? '').toLowerCase());
    const taken = await tx
      .select({ code: sql<string>`lower(${items.code})`, name: items.name })
      .from(items)
      .where(sql`${items.businessId} = ${ctx.businessId} and lower(${items.code}) = any(${sql.param(codes)}::text[])`);
    const owner = new Map(taken.map((t) => [t.code, t.name]));
    rows.forEach((r, i) => {
      const by = owner.get(codes[i]);
      if (by !== undefined) {
        const code = r.row.fields.itemCode ?? r.row.fields.serviceCode;
        problems.push({ rowNumber: r.rowNumber, column: 'code', message: `Code ${code} is already used by ${by}` });
      }
    });
    return problems;
  },
  insert: insertItems,
};
