import {
  ITEM_MESSAGES,
  ITEM_PAGE_SIZE_DEFAULT,
  MAX_ITEM_IMAGES,
  ZERO_RATE_ID,
  itemFormProblems,
  type Item,
  type ItemFormFields,
  type ItemListPage,
  type ItemType,
  type TaxType,
} from '@bahi/shared/contracts';
import { and, asc, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  itemCategories,
  itemImages,
  itemSerialNumbers,
  itemStock,
  items,
  storeBranches,
  taxRates,
  units,
} from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, notFound, pgErrorCode } from '../../errors';
import type { AuthContext } from '../auth/sessions';
import { defaultBranchRow } from '../branches';
import { deleteImages, imageNameFromUrl, imageUrl, insertImages, type UploadedImage } from './images';
import { toTaxRate } from './reference';
import { receiveSerials, removeSerials, serialsAre } from '../documents/stock';
import { applyStockChange } from './stock';
import { postStockChange } from '../ledger/postings';
import { unitCostWithoutTax } from '../ledger/stock-cost';
import { byName, containing, countOf, listTotal, pageOf, preparedPerDatabase, withTotal, type PageBound } from '../../db/lists';
import { UUID } from '../../db/ids';

export const ITEM_NOT_FOUND = 'Item not found';
export const CATEGORY_NOT_FOUND = 'Item category not found';

type ItemRow = typeof items.$inferSelect;

export interface ItemContext {
  db: Db;
  auth: AuthContext;
  now: Date;
}

/** Today in India, YYYY-MM-DD: the default as-of date. */
export function indianDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

/** The session's active branch (read with the session), or the business's default one when the session has none. */
export async function activeBranch(db: Db | Tx, auth: AuthContext): Promise<{ id: string; name: string }> {
  if (auth.activeBranch) return auth.activeBranch;
  const row = await defaultBranchRow(db, auth.businessId);
  if (!row) throw conflict('Create a store branch first: stock is kept per branch.');
  return { id: row.id, name: row.name };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

/**
 * The stock of an item at a branch, as a correlated subquery on item_stock's primary key: one index probe per
 * item, whatever the planner believes about table sizes (PGlite has no autovacuum, so statistics go stale and a
 * join could be planned as nested loops over thousands of rows).
 */
type Param = string | ReturnType<typeof sql.placeholder>;

const stockAt = (branchId: Param) =>
  sql<number>`coalesce((select ${itemStock.quantity} from ${itemStock} where ${itemStock.businessId} = ${items.businessId} and ${itemStock.itemId} = ${items.id} and ${itemStock.branchId} = ${branchId}), 0)`;

/** An item as lists and the detail read it: the row, its names of category, rate and unit, stock, serials, images. */
const itemFields = (branchId: Param) => ({
  item: items,
  categoryName: itemCategories.name,
  taxValue: taxRates.value,
  taxCess: taxRates.cessValue,
  taxValidFrom: taxRates.validFrom,
  taxValidTo: taxRates.validTo,
  unitName: units.name,
  unitShortName: units.shortName,
  netQuantity: stockAt(branchId).mapWith(Number),
  // Serial numbers and images in the same query: a page costs one round trip, not three.
  serials: sql<string[]>`array(select ${itemSerialNumbers.serialNo} from ${itemSerialNumbers} where ${itemSerialNumbers.businessId} = ${items.businessId} and ${itemSerialNumbers.itemId} = ${items.id} order by ${itemSerialNumbers.position})`,
  images: sql<string[]>`array(select ${itemImages.fileName} from ${itemImages} where ${itemImages.businessId} = ${items.businessId} and ${itemImages.itemId} = ${items.id} order by ${itemImages.position})`,
});

function selectItems(db: Db | Tx, branchId: Param) {
  return db
    .select(itemFields(branchId))
    .from(items)
    .leftJoin(itemCategories, and(eq(itemCategories.businessId, items.businessId), eq(itemCategories.id, items.categoryId)))
    .leftJoin(taxRates, eq(taxRates.id, items.gstRateId))
    .leftJoin(units, eq(units.id, items.unitId));
}

/** A filtered page (`pageOf`) with its rows dressed and the filter's total beside them, in one statement. */
function selectPage(db: Db | Tx, branchId: Param, where: SQL | undefined, limit: PageBound, offset: PageBound) {
  const page = pageOf(db, items, where, limit, offset);
  return db
    .with(page)
    .select({ ...itemFields(branchId), total: countOf(items, where) })
    .from(page)
    .innerJoin(items, eq(items.id, page.id))
    .leftJoin(itemCategories, and(eq(itemCategories.businessId, items.businessId), eq(itemCategories.id, items.categoryId)))
    .leftJoin(taxRates, eq(taxRates.id, items.gstRateId))
    .leftJoin(units, eq(units.id, items.unitId))
    .orderBy(...byName(items));
}

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectItems>['where']>>[number];

function toItem(r: SelectedRow): Item {
  const row = r.item;
  const product = row.itemType === 'PRODUCT';
  return {
    id: row.id,
    itemType: row.itemType,
    itemName: row.name,
    serviceName: product ? null : row.name,
    itemCode: product ? row.code : null,
    serviceCode: product ? null : row.code,
    hsnCode: row.hsnCode,
    sacCode: row.sacCode,
    itemProductType: row.condition,
    hasSerialisation: row.hasSerialisation,
    itemSerialNo: r.serials.map((serialNo) => ({ serialNo })),
    itemImage: r.images.map(imageUrl),
    itemCatagory: row.categoryId && r.categoryName !== null ? { id: row.categoryId, catagory: r.categoryName } : null,
    gstRate:
      row.gstRateId && r.taxValue !== null && r.taxCess !== null
        ? toTaxRate({ id: row.gstRateId, value: r.taxValue, cessValue: r.taxCess, validFrom: r.taxValidFrom, validTo: r.taxValidTo })
        : null,
    taxability: row.taxability,
    keepsWithdrawnRate: row.keepsWithdrawnRate,
    unit: row.unitId && r.unitName !== null && r.unitShortName !== null ? { id: row.unitId, name: r.unitName, shortName: r.unitShortName } : null,
    salePrice: row.salePrice,
    purchasePrice: row.purchasePrice,
    lastPurchasePrice: row.lastPurchasePrice,
    isSaleTaxApplicable: row.isSaleTaxApplicable,
    isPurchaseTaxApplicable: row.isPurchaseTaxApplicable,
    netQuantity: r.netQuantity,
    openingStock: row.openingStock,
    isAlertEnabled: row.isAlertEnabled,
    productAlertValue: row.alertQuantity,
    isOnlineVisible: row.isOnlineVisible,
    asOfDate: row.asOfDate,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findItemRow(db: Db | Tx, businessId: string, id: string): Promise<ItemRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.businessId, businessId), eq(items.id, id)));
  return row;
}

/** One item as read, with the stock of `branchId`; another business's id, or the wrong type, is not found. */
export async function getItem(db: Db | Tx, businessId: string, branchId: string, id: string, itemType?: ItemType): Promise<Item> {
  if (!UUID.test(id)) throw notFound(ITEM_NOT_FOUND);
  const [row] = await selectItems(db, branchId).where(
    and(eq(items.businessId, businessId), eq(items.id, id), itemType ? eq(items.itemType, itemType) : undefined),
  );
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return toItem(row);
}

export interface ItemListFilter {
  q?: string;
  categoryId?: string;
  itemType?: ItemType;
  lowStock?: boolean;
  page?: number;
  pageSize?: number;
}

/** The list as it first opens (a page, no filter) and as the search box asks it. */
const listQueries = preparedPerDatabase((db) => {
  const business = eq(items.businessId, sql.placeholder('businessId'));
  return {
    page: selectItems(db, sql.placeholder('branchId'))
      .where(business)
      .orderBy(...byName(items))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('items_first_page'),
    // The search box alone (the usual search): planning it cost more than running it, so it is planned once too.
    search: selectPage(
      db,
      sql.placeholder('branchId'),
      and(business, sql`${items.searchText} like ${sql.placeholder('pattern')}`),
      sql.placeholder('limit'),
      sql.placeholder('offset'),
    ).prepare('items_search'),
  };
});

/**
 * Items by name, searched by name, code, HSN or SAC; stock is the active branch's. With page or pageSize one page
 * and its `meta`, without them every match (the seed's call).
 */
export async function listItems(db: Db, businessId: string, branchId: string, f: ItemListFilter): Promise<Omit<ItemListPage, 'success'>> {
  const term = f.q?.trim();
  const pattern = term ? containing(term.toLowerCase()) : undefined;
  const conditions: (SQL | undefined)[] = [
    eq(items.businessId, businessId),
    pattern ? sql`${items.searchText} like ${pattern}` : undefined,
    f.itemType ? eq(items.itemType, f.itemType) : undefined,
    f.lowStock
      ? and(
          eq(items.itemType, 'PRODUCT'),
          eq(items.isAlertEnabled, true),
          sql`${stockAt(branchId)} <= ${items.alertQuantity}`,
        )
      : undefined,
  ];
  if (f.categoryId) conditions.push(UUID.test(f.categoryId) ? eq(items.categoryId, f.categoryId) : sql`false`);
  const where = and(...conditions);
  const paged = f.page !== undefined || f.pageSize !== undefined;
  const page = f.page ?? 1;
  const pageSize = f.pageSize ?? ITEM_PAGE_SIZE_DEFAULT;

  /** A search or filter (the trigram index serves `q`, migration 0022): a page and its total from one query. */
  const filtered = async (): Promise<[SelectedRow[], number | undefined]> => {
    if (!paged) return [await selectItems(db, branchId).where(where).orderBy(...byName(items)), undefined];
    const searchOnly = pattern && !f.itemType && !f.lowStock && !f.categoryId;
    const rows = searchOnly
      ? await listQueries(db).search.execute({ businessId, branchId, pattern, limit: pageSize, offset: (page - 1) * pageSize })
      : await selectPage(db, branchId, where, pageSize, (page - 1) * pageSize);
    return withTotal(rows, page, async () => {
      const [counted] = await db.select({ total: count() }).from(items).where(where);
      return Number(counted.total);
    });
  };
  const unfiltered = paged && !pattern && !f.itemType && !f.lowStock && !f.categoryId;
  const [rows, total] = unfiltered
    ? await Promise.all([
        listQueries(db).page.execute({ businessId, branchId, limit: pageSize, offset: (page - 1) * pageSize }),
        listTotal(db, businessId, 'items'),
      ])
    : await filtered();
  const data = rows.map(toItem);
  return paged ? { data, meta: { total: total ?? 0, page, pageSize } } : { data };
}

// ---------------------------------------------------------------------------------------------------------------
// Writing

const taxTypeOf = (type: TaxType | undefined, applicable: boolean | undefined): TaxType =>
  type ?? (applicable ? 'WITH_TAX' : 'WITHOUT_TAX');

/** The columns a checked form sets. */
export function itemColumnsOf(v: ItemFormFields, today: string) {
  const product = v.itemType === 'PRODUCT';
  const preowned = product && v.itemProductType === 'OLD';
  const alert = product && !preowned && v.isAlertEnabled === true;
  return {
    itemType: v.itemType,
    name: v.itemName.trim(),
    code: (product ? v.itemCode : v.serviceCode) ?? '',
    hsnCode: product ? (v.hsnCode ?? null) : null,
    sacCode: product ? null : (v.sacCode ?? null),
    condition: product ? v.itemProductType : ('NEW' as const),
    hasSerialisation: product && v.hasSerialisationOn === true,
    categoryId: v.itemCatagory ?? null,
    // Anything but a taxable item is at GST @ 0% (a 0 % rate given alone is the nil rate).
    gstRateId: v.taxability && v.taxability !== 'TAXABLE' ? ZERO_RATE_ID : (v.gstRate ?? null),
    taxability: v.taxability ?? (v.gstRate === ZERO_RATE_ID ? ('NIL_RATED' as const) : ('TAXABLE' as const)),
    keepsWithdrawnRate: v.keepsWithdrawnRate === true,
    unitId: v.unit ?? null,
    salePrice: v.salePrice ?? null,
    purchasePrice: v.purchasePrice ?? null,
    isSaleTaxApplicable: taxTypeOf(v.salePriceTaxType, v.isSaleTaxApplicable) === 'WITH_TAX',
    isPurchaseTaxApplicable: taxTypeOf(v.purchasePriceTaxType, v.isPurchaseTaxApplicable) === 'WITH_TAX',
    openingStock: product ? (v.openingStock ?? 0) : 0,
    isAlertEnabled: alert,
    alertQuantity: alert ? (v.productAlertValue ?? 0) : null,
    isOnlineVisible: v.isOnlineVisible === true,
    asOfDate: v.asOfDate ?? today,
    description: v.description ?? null,
  };
}

export type ItemColumns = ReturnType<typeof itemColumnsOf>;

/** The serial numbers to keep: one per unit of opening stock when serialisation is on, none otherwise. */
const serialsOf = (v: ItemFormFields, cols: ItemColumns) =>
  cols.hasSerialisation && cols.openingStock >= 1 ? v.itemSerialNos.map((s) => s.trim()) : [];

function assertRules(v: ItemFormFields, imageCount: number) {
  const [problem] = itemFormProblems(v, imageCount);
  if (problem) throw badRequest(problem.message, problem.field);
}

/** The category, GST rate and unit must exist (the category in this business: another's is not found). */
async function assertReferences(db: Db | Tx, businessId: string, cols: ItemColumns) {
  if (cols.categoryId) {
    const [cat] = UUID.test(cols.categoryId)
      ? await db
          .select({ id: itemCategories.id })
          .from(itemCategories)
          .where(and(eq(itemCategories.businessId, businessId), eq(itemCategories.id, cols.categoryId)))
      : [];
    if (!cat) throw new HttpError(404, CATEGORY_NOT_FOUND, 'itemCatagory');
  }
  if (cols.gstRateId) {
    const [tax] = await db.select({ id: taxRates.id }).from(taxRates).where(eq(taxRates.id, cols.gstRateId));
    if (!tax) throw badRequest('Choose a GST rate from the list', 'gstRate');
  }
  if (cols.unitId) {
    const [unit] = await db.select({ id: units.id }).from(units).where(eq(units.id, cols.unitId));
    if (!unit) throw badRequest('Choose a unit from the list', 'unit');
  }
}

const codeField = (type: ItemType) => (type === 'PRODUCT' ? 'itemCode' : 'serviceCode');
const codeTaken = (type: ItemType, code: string, by: string) =>
  conflict(`${type === 'PRODUCT' ? 'Item Code' : 'Service Code'} ${code} is already used by ${by}`, codeField(type));

async function assertCodeFree(db: Db | Tx, businessId: string, cols: ItemColumns, exceptId?: string) {
  const [clash] = await db
    .select({ name: items.name })
    .from(items)
    .where(
      and(eq(items.businessId, businessId), sql`lower(${items.code}) = lower(${cols.code})`, exceptId ? ne(items.id, exceptId) : undefined),
    );
  if (clash) throw codeTaken(cols.itemType, cols.code, clash.name);
}

/** A unique-key race that slipped past the checks still answers 409. */
async function translateConflicts<T>(cols: ItemColumns, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof HttpError) && pgErrorCode(e) === UNIQUE_VIOLATION) {
      const constraint = String((e as { cause?: { constraint?: string } }).cause?.constraint ?? '');
      if (constraint.includes('serial')) throw badRequest(ITEM_MESSAGES.serialsDuplicate, 'itemSerialNos');
      throw codeTaken(cols.itemType, cols.code, 'another item');
    }
    throw e;
  }
}

/** Serials of opening stock are in stock at the branch the opening stock went to; sold ones are never re-added. */
async function insertSerials(tx: Tx, businessId: string, itemId: string, serials: string[], branchId: string) {
  if (serials.length === 0) return;
  await tx.execute(sql`
    insert into item_serial_numbers (business_id, item_id, serial_no, position, branch_id)
    select ${businessId}::uuid, ${itemId}::uuid, s.serial_no, s.position::int, ${branchId}::uuid
    from unnest(${sql.param(serials)}::text[]) with ordinality as s(serial_no, position)
    where not exists (
      select 1 from item_serial_numbers x
      where x.business_id = ${businessId}::uuid and x.item_id = ${itemId}::uuid and upper(x.serial_no) = upper(s.serial_no))`);
}

/**
 * An edit's serial numbers of opening stock: the item's first `openingStock` serials (as the form shows them) give
 * way to the form's list, which then comes first. Serials that came in since (a purchase, stock added) stay. A serial
 * dropped from the list must be in stock at the opening branch, and a new one must not be the item's already (409
 * otherwise), so the serials added and removed are exactly the stock the edit moves there.
 */
async function replaceOpeningSerials(tx: Tx, item: ItemRow, serials: string[], branch: { id: string; name: string }) {
  const { businessId, id } = item;
  const rows = await tx
    .select({ id: itemSerialNumbers.id, serialNo: itemSerialNumbers.serialNo, status: itemSerialNumbers.status, branchId: itemSerialNumbers.branchId })
    .from(itemSerialNumbers)
    .where(and(eq(itemSerialNumbers.businessId, businessId), eq(itemSerialNumbers.itemId, id)))
    .orderBy(asc(itemSerialNumbers.position), asc(itemSerialNumbers.id))
    .for('update');
  const wanted = serials.map((s) => s.toUpperCase());
  const opening = item.hasSerialisation ? rows.slice(0, item.openingStock) : [];
  const openingKeys = new Set(opening.map((r) => r.serialNo.toUpperCase()));
  const dropped = opening.filter((r) => !wanted.includes(r.serialNo.toUpperCase()));
  const gone = dropped.filter((r) => r.status !== 'IN_STOCK' || r.branchId !== branch.id).map((r) => r.serialNo);
  if (gone.length) {
    throw conflict(`${serialsAre(gone, item.name)} no longer in stock at ${branch.name}, so it stays among the opening serial numbers`, 'itemSerialNos');
  }
  const other = rows.filter((r) => !openingKeys.has(r.serialNo.toUpperCase()) && wanted.includes(r.serialNo.toUpperCase())).map((r) => r.serialNo);
  if (other.length) {
    throw conflict(`${serialsAre(other, item.name)} recorded since the opening stock (bought or added), so not an opening one`, 'itemSerialNos');
  }
  if (dropped.length) {
    await tx
      .delete(itemSerialNumbers)
      .where(and(eq(itemSerialNumbers.businessId, businessId), inArray(itemSerialNumbers.id, dropped.map((r) => r.id))));
  }
  await insertSerials(tx, businessId, id, serials, branch.id);
  await tx.execute(sql`
    update item_serial_numbers s set position = o.position
    from (select x.id, row_number() over (order by array_position(${sql.param(wanted)}::text[], upper(x.serial_no)) nulls last, x.position, x.id) as position
          from item_serial_numbers x where x.business_id = ${businessId} and x.item_id = ${id}) o
    where s.id = o.id`);
}

/**
 * What a unit of opening stock cost, in paise: the purchase price without the GST in it (that is input credit, not
 * cost); null when the item has no purchase price.
 */
async function openingUnitCost(tx: Tx, cols: { purchasePrice: string | null; isPurchaseTaxApplicable: boolean; gstRateId: string | null }): Promise<number | null> {
  if (cols.purchasePrice === null) return null;
  const [rate] = cols.gstRateId ? await tx.select({ value: taxRates.value }).from(taxRates).where(eq(taxRates.id, cols.gstRateId)) : [];
  return unitCostWithoutTax(cols.purchasePrice, cols.isPurchaseTaxApplicable, rate?.value ?? null);
}

/** item/create: the item, its serial numbers and images, and its opening stock at the active branch. */
export async function createItem(ctx: ItemContext, v: ItemFormFields, images: UploadedImage[]): Promise<Item> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  assertRules(v, images.length);
  const cols = itemColumnsOf(v, indianDate(now));
  await assertReferences(db, businessId, cols);
  await assertCodeFree(db, businessId, cols);
  const branch = await activeBranch(db, auth);

  const id = await translateConflicts(cols, () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(items)
        .values({ businessId, ...cols, openingBranchId: branch.id, createdAt: now, updatedAt: now })
        .returning({ id: items.id });
      await insertSerials(tx, businessId, row.id, serialsOf(v, cols), branch.id);
      await insertImages(tx, businessId, row.id, images, 0);
      if (cols.openingStock > 0) {
        await applyStockChange(tx, {
          businessId,
          itemId: row.id,
          branch,
          delta: cols.openingStock,
          kind: 'OPENING',
          date: cols.asOfDate,
          reason: 'Opening stock',
          userId: auth.user.id,
          now,
        });
        await postStockChange(tx, {
          businessId,
          branchId: branch.id,
          itemId: row.id,
          deltaMilli: Math.round(cols.openingStock * 1000),
          unitCost: await openingUnitCost(tx, cols),
          counter: 'OPENING_EQUITY',
          date: cols.asOfDate,
          voucherType: 'OPENING_STOCK',
          document: { type: 'ITEM', id: row.id, number: null },
          narration: `Opening stock of ${cols.name}`,
          createdBy: auth.user.id,
          now,
        });
      }
      return row.id;
    }),
  );
  return getItem(db, businessId, branch.id, id);
}

/**
 * item/update-item/:id: every field; removed images are deleted; a changed opening stock moves the stock of the
 * branch it was opened at by the difference (never below 0).
 */
export async function updateItem(
  ctx: ItemContext,
  id: string,
  v: ItemFormFields,
  images: UploadedImage[],
): Promise<Item> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const existing = await findItemRow(db, businessId, id);
  if (!existing) throw notFound(ITEM_NOT_FOUND);
  if (existing.itemType !== v.itemType) throw badRequest(ITEM_MESSAGES.typeChange, 'itemType');

  const current = await db
    .select({ fileName: itemImages.fileName, position: itemImages.position })
    .from(itemImages)
    .where(and(eq(itemImages.businessId, businessId), eq(itemImages.itemId, id)));
  const removeNames = new Set((v.removedImages ?? []).map(imageNameFromUrl));
  const removed = current.filter((c) => removeNames.has(c.fileName)).map((c) => c.fileName);
  const kept = current.length - removed.length;
  if (kept + images.length > MAX_ITEM_IMAGES) throw badRequest(ITEM_MESSAGES.tooManyImages, 'itemImages');

  assertRules(v, kept + images.length);
  const cols = itemColumnsOf(v, existing.asOfDate ?? indianDate(now));
  await assertReferences(db, businessId, cols);
  await assertCodeFree(db, businessId, cols, id);
  const branch = await activeBranch(db, auth);
  const openingBranch = existing.openingBranchId
    ? ((
        await db
          .select({ id: storeBranches.id, name: storeBranches.name })
          .from(storeBranches)
          .where(and(eq(storeBranches.businessId, businessId), eq(storeBranches.id, existing.openingBranchId)))
      )[0] ?? branch)
    : branch;
  const delta = cols.openingStock - existing.openingStock;

  await translateConflicts(cols, () =>
    db.transaction(async (tx) => {
      await tx
        .update(items)
        .set({ ...cols, openingBranchId: openingBranch.id, updatedAt: now })
        .where(and(eq(items.businessId, businessId), eq(items.id, id)));
      if (cols.hasSerialisation) {
        await replaceOpeningSerials(tx, existing, serialsOf(v, cols), openingBranch);
      } else {
        // Serialisation off: the serials in stock go; sold ones belong to their invoices and stay.
        await tx
          .delete(itemSerialNumbers)
          .where(
            and(eq(itemSerialNumbers.businessId, businessId), eq(itemSerialNumbers.itemId, id), eq(itemSerialNumbers.status, 'IN_STOCK')),
          );
      }
      await deleteImages(tx, businessId, id, removed);
      await insertImages(tx, businessId, id, images, Math.max(-1, ...current.map((c) => c.position)) + 1);
      if (delta !== 0) {
        await applyStockChange(tx, {
          businessId,
          itemId: id,
          branch: openingBranch,
          delta,
          kind: 'OPENING_EDIT',
          date: indianDate(now),
          reason: `Opening stock changed from ${existing.openingStock} to ${cols.openingStock}`,
          userId: auth.user.id,
          now,
        });
        await postStockChange(tx, {
          businessId,
          branchId: openingBranch.id,
          itemId: id,
          deltaMilli: Math.round(delta * 1000),
          unitCost: await openingUnitCost(tx, cols),
          counter: 'OPENING_EQUITY',
          date: indianDate(now),
          voucherType: 'OPENING_STOCK',
          document: { type: 'ITEM', id, number: null },
          narration: `Opening stock of ${cols.name} changed from ${existing.openingStock} to ${cols.openingStock}`,
          createdBy: auth.user.id,
          now,
        });
      }
    }),
  );
  return getItem(db, businessId, branch.id, id);
}

/**
 * item/update-item-stock: adds or reduces a product's stock at the active branch, with a date and a reason. A
 * serialised product names one serial per unit, so its quantity stays the count of its serials in stock: added ones
 * come into stock here (new, or sold before and back; 409 when already in stock), reduced ones leave the item (409
 * when not in stock here).
 */
export async function adjustItemStock(
  ctx: ItemContext,
  body: { itemId: string; type: 'ADD' | 'REDUCE'; quantity: number; date: string; reason: string; serialNos?: string[] },
): Promise<Item> {
  const { db, auth, now } = ctx;
  const existing = await findItemRow(db, auth.businessId, body.itemId);
  if (!existing) throw notFound(ITEM_NOT_FOUND);
  if (existing.itemType !== 'PRODUCT') throw badRequest('Only products have stock; a service has none.', 'itemId');
  const serialNos = body.serialNos ?? [];
  if (existing.hasSerialisation) {
    const n = body.quantity;
    if (serialNos.length !== n) {
      throw badRequest(`${existing.name} is serialised: name ${n} serial ${n === 1 ? 'number' : 'numbers'}, one per unit`, 'serialNos');
    }
    if (new Set(serialNos.map((s) => s.toUpperCase())).size !== serialNos.length) throw badRequest(ITEM_MESSAGES.serialsDuplicate, 'serialNos');
  } else if (serialNos.length > 0) {
    throw badRequest(`${existing.name} is not serialised: leave its serial numbers out`, 'serialNos');
  }
  const branch = await activeBranch(db, auth);
  const delta = body.type === 'ADD' ? body.quantity : -body.quantity;
  await db.transaction(async (tx) => {
    await applyStockChange(tx, {
      businessId: auth.businessId,
      itemId: existing.id,
      branch,
      delta,
      kind: body.type,
      date: body.date,
      reason: body.reason,
      userId: auth.user.id,
      now,
    });
    if (serialNos.length > 0) {
      const at = { businessId: auth.businessId, branch, itemId: existing.id, itemName: existing.name, field: 'serialNos' };
      if (body.type === 'ADD') await receiveSerials(tx, at, serialNos);
      else await removeSerials(tx, at, serialNos);
    }
    // At the branch's average cost, against Stock adjustments.
    await postStockChange(tx, {
      businessId: auth.businessId,
      branchId: branch.id,
      itemId: existing.id,
      deltaMilli: Math.round(delta * 1000),
      unitCost: null,
      counter: 'STOCK_ADJUSTMENTS',
      date: body.date,
      voucherType: 'STOCK_ADJUSTMENT',
      document: { type: 'ITEM', id: existing.id, number: null },
      narration: `${existing.name}: ${body.reason}`,
      createdBy: auth.user.id,
      now,
    });
  });
  return getItem(db, auth.businessId, branch.id, existing.id);
}

/** The item (404 otherwise) for the stock screen. */
export async function assertItem(db: Db, businessId: string, id: string): Promise<ItemRow> {
  const row = await findItemRow(db, businessId, id);
  if (!row) throw notFound(ITEM_NOT_FOUND);
  return row;
}
