import type { ItemCategory, ItemCategoryEntry, TaxRate, Unit } from '@bahi/shared/contracts';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { itemCategories, items, taxRates, units } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, conflict, pgErrorCode } from '../../errors';


export const toTaxRate = (row: { id: string; value: string; cessValue: string; validFrom: string | null; validTo: string | null }): TaxRate => ({
  id: row.id,
  value: Number(row.value),
  cessValue: Number(row.cessValue),
  validFrom: row.validFrom,
  validTo: row.validTo,
});

/** Every GST rate with the days it is in force, plain rates first, then the rate-and-cess combinations. */
export async function listTaxRates(db: Db | Tx): Promise<TaxRate[]> {
  const rows = await db.select().from(taxRates).orderBy(asc(taxRates.sortOrder));
  return rows.map(toTaxRate);
}

/** Every GST unit quantity code, the most used first. */
export async function listUnits(db: Db | Tx): Promise<Unit[]> {
  const rows = await db
    .select({ id: units.id, name: units.name, shortName: units.shortName })
    .from(units)
    .orderBy(asc(units.sortOrder));
  return rows;
}

export async function listItemCategories(db: Db, businessId: string): Promise<ItemCategoryEntry[]> {
  const rows = await db
    .select({ id: itemCategories.id, catagory: itemCategories.name, itemCount: count(items.id) })
    .from(itemCategories)
    .leftJoin(items, and(eq(items.businessId, itemCategories.businessId), eq(items.categoryId, itemCategories.id)))
    .where(eq(itemCategories.businessId, businessId))
    .groupBy(itemCategories.id, itemCategories.name)
    .orderBy(asc(sql`lower(${itemCategories.name})`));
  return rows.map((r) => ({ ...r, itemCount: Number(r.itemCount) }));
}

const duplicateCategory = (name: string) => conflict(`An item category named ${name} already exists`, 'catagory');

export async function createItemCategory(db: Db | Tx, businessId: string, name: string): Promise<ItemCategory> {
  const [clash] = await db
    .select({ id: itemCategories.id })
    .from(itemCategories)
    .where(and(eq(itemCategories.businessId, businessId), sql`lower(${itemCategories.name}) = lower(${name})`));
  if (clash) throw duplicateCategory(name);
  try {
    const [row] = await db.insert(itemCategories).values({ businessId, name }).returning();
    return { id: row.id, catagory: row.name };
  } catch (e) {
    if (!(e instanceof HttpError) && pgErrorCode(e) === UNIQUE_VIOLATION) throw duplicateCategory(name);
    throw e;
  }
}
