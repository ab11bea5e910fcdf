import { randomUUID } from 'node:crypto';
import { indiaToday, type PartyPayment, type PartyPaymentRequest } from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accountTransactions, accounts, parties, paymentAllocations } from '../../db/schema';
import { HttpError } from '../../errors';
import { paymentAccount, recordTransaction } from '../accounts';
import { activeOrDefaultBranch, type DocumentContext } from '../documents/prepare';
import { documentDate } from '../documents/dates';
import { withIdempotency } from '../idempotency';
import { PARTY_NOT_FOUND } from '../party';
import { partyBalances } from '../party/balances';
import { allocate } from './allocation';
import { ALLOCATION_KINDS } from './kinds';
import { voucherNumbers } from './vouchers';
import { UUID } from '../../db/ids';
import type { PartyPaymentType } from './kinds';

export type { PartyPaymentType } from './kinds';

export const PAYMENT_NOT_FOUND = 'Payment not found';

/**
 * payment/payment-in and payment/payment-out, in one transaction: one transaction row on the account (with the
 * party: its balance counts it once), its allocations to the party's open bills (each bill's paid amount and status
 * updated), the rest left as the party's advance. Cash in hand never goes below zero (recordTransaction).
 */
export async function recordPartyPayment(
  ctx: DocumentContext,
  type: PartyPaymentType,
  body: z.output<typeof PartyPaymentRequest>,
  key: string | undefined,
): Promise<PartyPayment> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: `payment.${type}`, body, resourceId: id, now }, async (tx) => {
    const [party] = UUID.test(body.partyId)
      ? await tx
          .select({ id: parties.id })
          .from(parties)
          .where(and(eq(parties.businessId, businessId), eq(parties.id, body.partyId)))
      : [];
    if (!party) throw new HttpError(404, PARTY_NOT_FOUND, 'partyId');
    const account = await paymentAccount(tx, businessId, body.mode, body.accountId, 'accountId');
    const amount = toPaise(body.amount);
    const date = await documentDate(tx, businessId, now, body.date, 'date', 'Payment date');
    const allocations = await allocate(tx, ALLOCATION_KINDS[type], {
      businessId,
      partyId: party.id,
      amount,
      date,
      requested: body.allocations?.map((a) => ({ documentId: a.documentId, amount: toPaise(a.amount) })),
    });
    const transactionId = await recordTransaction(tx, {
      businessId,
      accountId: account.id,
      date,
      type,
      direction: type === 'PAYMENT_IN' ? 'IN' : 'OUT',
      amount,
      mode: body.mode,
      partyId: party.id,
      document: null,
      reference: body.reference ?? null,
      note: body.note ?? null,
      groupId: id,
      createdBy: auth.user.id,
      now,
      // Money a party pays or is paid is taken in at the session's branch.
      branchId: (await activeOrDefaultBranch(tx, auth))?.id ?? null,
    });
    for (const a of allocations) {
      const kind = ALLOCATION_KINDS[type].find((k) => k.type === a.doc.type)!;
      await kind.settle(tx, businessId, a.doc, a.amount, now);
      await tx.insert(paymentAllocations).values({
        businessId,
        transactionId,
        documentType: a.doc.type,
        documentId: a.doc.id,
        amount: fromPaise(a.amount),
        createdAt: now,
      });
    }
    // What paying each kind of bill issues (a payment voucher for bills under reverse charge).
    for (const kind of ALLOCATION_KINDS[type]) {
      const settled = allocations.filter((a) => a.doc.type === kind.type).map((a) => ({ documentId: a.doc.id, amount: a.amount }));
      if (settled.length && kind.afterPayment) await kind.afterPayment(tx, businessId, { transactionId, date, now }, settled);
    }
  });
  return getPartyPayment(db, businessId, result.resourceId, indiaToday(now));
}

/** A payment in or out by its group id (a retry finds it by the same), with its allocations as they are now. */
async function getPartyPayment(db: Db, businessId: string, groupId: string, today: string): Promise<PartyPayment> {
  const [row] = await db
    .select({ t: accountTransactions, accountName: accounts.displayName, partyName: parties.name })
    .from(accountTransactions)
    .innerJoin(accounts, and(eq(accounts.businessId, accountTransactions.businessId), eq(accounts.id, accountTransactions.accountId)))
    .innerJoin(parties, and(eq(parties.businessId, accountTransactions.businessId), eq(parties.id, accountTransactions.partyId)))
    .where(and(eq(accountTransactions.businessId, businessId), eq(accountTransactions.groupId, groupId)));
  if (!row) throw new HttpError(404, PAYMENT_NOT_FOUND);
  const type = row.t.type as PartyPaymentType;
  const allocations = await db
    .select({ a: paymentAllocations })
    .from(paymentAllocations)
    .where(and(eq(paymentAllocations.businessId, businessId), eq(paymentAllocations.transactionId, row.t.id)))
    .orderBy(asc(paymentAllocations.createdAt), asc(paymentAllocations.id));
  const docs = new Map<string, { number: string; date: string; due: number }>();
  for (const kind of ALLOCATION_KINDS[type]) {
    const ids = allocations.filter((x) => x.a.documentType === kind.type).map((x) => x.a.documentId);
    // Its own short transaction: findDocuments locks what it reads.
    const found = ids.length ? await db.transaction((tx) => kind.findDocuments(tx, businessId, ids)) : [];
    for (const d of found) docs.set(d.id, { number: d.number, date: d.date, due: d.cancelled ? 0 : d.due });
  }
  const allocated = allocations.reduce((sum, x) => sum + toPaise(moneyText(x.a.amount)), 0);
  const amount = toPaise(moneyText(row.t.amount));
  // The balance after the payment: on its date when it is dated ahead, else today.
  const asOf = row.t.date > today ? row.t.date : today;
  const balance = (await partyBalances(db, businessId, [row.t.partyId!], asOf)).get(row.t.partyId!) ?? '0.00';
  return {
    id: row.t.id,
    type,
    partyId: row.t.partyId!,
    partyName: row.partyName,
    amount: fromPaise(amount),
    mode: row.t.mode as PartyPayment['mode'],
    accountId: row.t.accountId,
    accountName: row.accountName,
    date: row.t.date,
    reference: row.t.reference,
    note: row.t.note,
    // Oldest bill first, as they were settled.
    allocations: allocations.map((x) => {
      const d = docs.get(x.a.documentId);
      return {
        documentType: x.a.documentType as PartyPayment['allocations'][number]['documentType'],
        documentId: x.a.documentId,
        documentNumber: d?.number ?? '',
        documentDate: d?.date ?? '',
        amount: moneyText(x.a.amount),
        balanceDue: fromPaise(d?.due ?? 0),
      };
    }).sort((x, y) => (x.documentDate < y.documentDate ? -1 : x.documentDate > y.documentDate ? 1 : x.documentNumber < y.documentNumber ? -1 : 1)),
    allocated: fromPaise(allocated),
    advance: fromPaise(amount - allocated),
    partyBalance: balance,
    paymentVoucherNumber: (await voucherNumbers(db, businessId, [row.t.id])).get(row.t.id) ?? null,
    createdAt: row.t.createdAt.toISOString(),
  };
}
