import { isRateInForce, type MoveTaxRatesRequest, type WithdrawnRateItem } from '@bahi/shared/contracts';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { items, taxRates } from '../../db/schema';
import { HttpError, badRequest } from '../../errors';
import { ITEM_NOT_FOUND } from './items';
import { toTaxRate } from './reference';
import { UUID } from '../../db/ids';

/*
 * Rates withdrawn by the law (12 %, 28 % and compensation cess from 22-09-2025): which items still carry one, and
 * moving them to the rates their owner picks. Nothing moves on its own.
 */

/** The business's items whose GST rate is no longer in force on `today`, except those the law keeps at it. */
export async function listWithdrawnRateItems(db: Db, businessId: string, today: string): Promise<WithdrawnRateItem[]> {
  const rows = await db
    .select({ id: items.id, name: items.name, itemType: items.itemType, rate: taxRates })
    .from(items)
    .innerJoin(taxRates, eq(taxRates.id, items.gstRateId))
    .where(and(eq(items.businessId, businessId), eq(items.keepsWithdrawnRate, false), lt(taxRates.validTo, today)))
    .orderBy(asc(sql`lower(${items.name})`), asc(items.id));
  return rows.map((r) => ({ id: r.id, itemName: r.name, itemType: r.itemType, gstRate: toTaxRate(r.rate) }));
}

/**
 * item/move-tax-rates: each named item takes the rate picked for it, one in force today, all or none. An item that
 * is not taxable stays at GST @ 0%.
 */
export async function moveTaxRates(
  db: Db,
  businessId: string,
  body: z.output<typeof MoveTaxRatesRequest>,
  today: string,
  now: Date,
): Promise<{ moved: number }> {
  const rates = new Map((await db.select().from(taxRates)).map((r) => [r.id, r]));
  const seen = new Set<string>();
  return db.transaction(async (tx) => {
    for (const [i, move] of body.moves.entries()) {
      const field = (name: string) => `moves.${i}.${name}`;
      if (seen.has(move.itemId)) throw badRequest('Each item can be moved once', field('itemId'));
      seen.add(move.itemId);
      const rate = rates.get(move.taxId);
      if (!rate) throw badRequest('Choose a GST rate from the list', field('taxId'));
      if (!isRateInForce(rate, today)) throw badRequest(`GST @ ${Number(rate.value)}% is not in force today: choose another`, field('taxId'));
      const [item] = UUID.test(move.itemId)
        ? await tx
            .select({ taxability: items.taxability })
            .from(items)
            .where(and(eq(items.businessId, businessId), eq(items.id, move.itemId)))
            .for('update')
        : [];
      if (!item) throw new HttpError(404, ITEM_NOT_FOUND, field('itemId'));
      if (item.taxability !== 'TAXABLE' && Number(rate.value) !== 0) {
        throw badRequest('A nil-rated, exempt or non-GST item is at GST @ 0%', field('taxId'));
      }
      await tx
        .update(items)
        .set({ gstRateId: move.taxId, updatedAt: now })
        .where(and(eq(items.businessId, businessId), eq(items.id, move.itemId)));
    }
    return { moved: body.moves.length };
  });
}
