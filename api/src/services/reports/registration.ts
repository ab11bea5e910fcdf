import {
  UNREGISTERED_NO_RETURNS,
  compositionFiles,
  type Cmp08,
  type GstRegistration,
  type UpdateGstRegistrationRequest,
} from '@bahi/shared/contracts';
import { divHalfUp } from '@bahi/shared/gst';
import { fromPaise, stateCodeFromGstin, toPaise } from '@bahi/shared/india';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { businesses, storeBranches } from '../../db/schema';
import { HttpError, badRequest } from '../../errors';
import { rate } from '../documents/records';
import { returnRange } from './gstr1';
import { selectRows } from '../../db/rows';


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

/**
 * CMP-08 for a quarter (gst-rules.md "Registration types"): tax on the turnover of the business's bills of supply
 * issued under its composition registration, half CGST and half SGST, each rounded half-up, plus the reverse-charge
 * tax of the quarter's purchase bills. Only a composition business files it (422 otherwise).
 */
export async function cmp08(db: Db, businessId: string, q: { quarter: string }): Promise<Cmp08> {
  const reg = await getGstRegistration(db, businessId);
  if (reg.registrationType !== 'COMPOSITION') {
    throw new HttpError(422, 'CMP-08 is filed by a composition taxpayer only', 'quarter');
  }
  const { from, to } = returnRange(q.quarter, true);
  const [sales] = await selectRows<{ turnover: string }>(
    db,
    sql`select coalesce(sum(s.taxable_value), 0)::text as turnover from sale_invoices s
        where s.business_id = ${businessId} and s.invoice_date between ${from} and ${to} and s.status <> 'CANCELLED'
          and (s.branch_snapshot->>'registrationType') = 'COMPOSITION'`,
  );
  const [inward] = await selectRows<{ taxable: string; cgst: string; sgst: string; igst: string; cess: string }>(
    db,
    sql`select coalesce(sum(p.taxable_value), 0)::text as taxable, coalesce(sum(p.cgst), 0)::text as cgst,
          coalesce(sum(p.sgst), 0)::text as sgst, coalesce(sum(p.igst), 0)::text as igst, coalesce(sum(p.cess), 0)::text as cess
        from purchase_invoices p
        where p.business_id = ${businessId} and p.bill_date between ${from} and ${to} and p.status <> 'CANCELLED' and p.reverse_charge`,
  );
  const turnover = BigInt(toPaise(sales.turnover));
  // The rate in thousandths of a per cent; each half at half the rate, as a line's CGST and SGST are.
  const rateMilli = BigInt(Math.round(Number(reg.compositionRate) * 1000));
  const half = Number(divHalfUp(turnover * rateMilli, 200_000n));
  const rc = { cgst: toPaise(inward.cgst), sgst: toPaise(inward.sgst), igst: toPaise(inward.igst), cess: toPaise(inward.cess) };
  return {
    gstin: reg.gstin,
    from,
    to,
    compositionRate: reg.compositionRate,
    outward: { turnover: fromPaise(Number(turnover)), cgst: fromPaise(half), sgst: fromPaise(half), igst: '0.00', cess: '0.00' },
    reverseCharge: {
      taxableValue: fromPaise(toPaise(inward.taxable)),
      cgst: fromPaise(rc.cgst),
      sgst: fromPaise(rc.sgst),
      igst: fromPaise(rc.igst),
      cess: fromPaise(rc.cess),
    },
    totalTax: fromPaise(2 * half + rc.cgst + rc.sgst + rc.igst + rc.cess),
  };
}
