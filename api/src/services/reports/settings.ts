import { GSTR1_B2CL_LIMIT_DEFAULT, type GstSettings } from '@bahi/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { gstSettings } from '../../db/schema';
import { moneyOut } from '../accounts';

/** The business's GST return settings; the defaults when it has never changed them. */
export async function getGstSettings(db: Db, businessId: string): Promise<GstSettings> {
  const [row] = await db.select({ b2clLimit: gstSettings.b2clLimit }).from(gstSettings).where(eq(gstSettings.businessId, businessId));
  return { b2clLimit: moneyOut(row?.b2clLimit ?? GSTR1_B2CL_LIMIT_DEFAULT) };
}

export async function updateGstSettings(db: Db, businessId: string, input: { b2clLimit: string }, now: Date): Promise<GstSettings> {
  await db
    .insert(gstSettings)
    .values({ businessId, b2clLimit: input.b2clLimit, updatedAt: now })
    .onConflictDoUpdate({ target: gstSettings.businessId, set: { b2clLimit: input.b2clLimit, updatedAt: now } });
  return getGstSettings(db, businessId);
}
