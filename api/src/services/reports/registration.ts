import {
  UNREGISTERED_NO_RETURNS,
  compositionFiles,
  type GstRegistration,
  type UpdateGstRegistrationRequest,
} from '@bahi/shared/contracts';
import { stateCodeFromGstin } from '@bahi/shared/india';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { businesses, storeBranches } from '../../db/schema';
import { HttpError, badRequest } from '../../errors';
import { rate } from '../documents/records';


/**
 * Only a REGULAR registration files GSTR-1 and GSTR-3B (gst-rules.md "Registration types"): an unregistered business
 * files nothing, a composition one files CMP-08. Answered 422 with the reason, which the reports screen shows.
 */
export async function assertFilesReturns(db: Db, businessId: string, gstin: string, form: 'GSTR-1' | 'GSTR-3B'): Promise<void> {
  const [business] = await db
    .select({ gstin: businesses.gstin, registrationType: businesses.registrationType })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!business) return;
  const branches = await db
    .select({ gstin: storeBranches.gstin, registrationType: storeBranches.registrationType })
    .from(storeBranches)
    .where(and(eq(storeBranches.businessId, businessId), isNotNull(storeBranches.gstin)));
  const own = branches.find((b) => b.gstin === gstin);
  const type = own ? (own.registrationType ?? 'REGULAR') : business.gstin === gstin ? business.registrationType : undefined;
  if (business.registrationType === 'UNREGISTERED' && branches.length === 0) throw new HttpError(422, UNREGISTERED_NO_RETURNS, 'gstin');
  if (type === 'COMPOSITION') throw new HttpError(422, compositionFiles(form), 'gstin');
}

/** How the business is registered, what it issues and why it files no GSTR-1/3B when it does not. */
export async function getGstRegistration(db: Db | Tx, businessId: string): Promise<GstRegistration> {
  const [b] = await db
    .select({ gstin: businesses.gstin, registrationType: businesses.registrationType, compositionRate: businesses.compositionRate })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  return {
    gstin: b.gstin,
    registrationType: b.registrationType,
    compositionRate: rate(b.compositionRate),
    documentTitle: b.registrationType === 'REGULAR' ? 'TAX INVOICE' : 'BILL OF SUPPLY',
    returnsNote:
      b.registrationType === 'UNREGISTERED' ? UNREGISTERED_NO_RETURNS : b.registrationType === 'COMPOSITION' ? compositionFiles('GSTR-1 or GSTR-3B') : null,
  };
}

/**
 * Sets the business's GSTIN and registration (the contract pairs them: a GSTIN is REGULAR or COMPOSITION, no GSTIN
 * is UNREGISTERED). The GSTIN's state must be the business's; documents already issued keep what they were.
 */
export async function updateGstRegistration(db: Db, businessId: string, input: z.output<typeof UpdateGstRegistrationRequest>): Promise<GstRegistration> {
  return db.transaction(async (tx) => {
    const [b] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).for('update');
    const gstin = input.gstin ?? null;
    if (gstin && b.stateCode && stateCodeFromGstin(gstin) !== b.stateCode) {
      throw badRequest(`GSTIN starts with ${stateCodeFromGstin(gstin)}, which is not the business's state (${b.stateCode})`, 'gstin');
    }
    await tx
      .update(businesses)
      .set({
        gstin,
        registrationType: input.registrationType,
        stateCode: b.stateCode ?? (gstin ? stateCodeFromGstin(gstin) : null),
        ...(input.compositionRate === undefined ? {} : { compositionRate: input.compositionRate }),
      })
      .where(eq(businesses.id, businessId));
    return getGstRegistration(tx, businessId);
  });
}
