import { moneyText } from '@bahi/shared/india';
import { GSTR1_B2CL_LIMIT_DEFAULT, type GstSettings, type Lut } from '@bahi/shared/contracts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { gstSettings } from '../../db/schema';

/** The business's GST return settings; the defaults when it has never changed them. */
export async function getGstSettings(db: Db | Tx, businessId: string): Promise<GstSettings> {
  const [row] = await db.select().from(gstSettings).where(eq(gstSettings.businessId, businessId));
  const lut: Lut | null =
    row?.lutNumber && row.lutValidFrom && row.lutValidTo ? { number: row.lutNumber, validFrom: row.lutValidFrom, validTo: row.lutValidTo } : null;
  return { b2clLimit: moneyText(row?.b2clLimit ?? GSTR1_B2CL_LIMIT_DEFAULT), lut };
}

/** The business's letter of undertaking, if it has one recorded (valid or not). */
export const businessLut = async (db: Db | Tx, businessId: string): Promise<Lut | null> => (await getGstSettings(db, businessId)).lut;

/** Changes what is sent; a field left out keeps its value, `lut: null` removes the LUT. */
export async function updateGstSettings(
  db: Db,
  businessId: string,
  input: { b2clLimit?: string; lut?: Lut | null },
  now: Date,
): Promise<GstSettings> {
  const set = {
    ...(input.b2clLimit === undefined ? {} : { b2clLimit: input.b2clLimit }),
    ...(input.lut === undefined
      ? {}
      : { lutNumber: input.lut?.number ?? null, lutValidFrom: input.lut?.validFrom ?? null, lutValidTo: input.lut?.validTo ?? null }),
    updatedAt: now,
  };
  await db
    .insert(gstSettings)
    .values({ businessId, ...set })
    .onConflictDoUpdate({ target: gstSettings.businessId, set });
  return getGstSettings(db, businessId);
}
