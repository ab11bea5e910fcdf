import { CASH_ACCOUNT_NAME, indiaToday, type UpdateAccountRequest } from '@bahi/shared/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accountTransactions, accounts } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, pgErrorCode } from '../../errors';
import { retireCashLedger } from '../ledger/journal';
import { ACCOUNT_NOT_FOUND, getAccount } from './index';
import { UUID } from '../../db/ids';


/*
 * Cash & bank: editing an account (its name and bank details), deactivating and reactivating it, and deleting one
 * never used.
 */

export interface AccountContext {
  db: Db;
  businessId: string;
  userId: string;
  now: Date;
}

async function lockAccount(tx: Tx, businessId: string, id: string) {
  if (!UUID.test(id)) throw new HttpError(404, ACCOUNT_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(accounts)
    .where(and(eq(accounts.businessId, businessId), eq(accounts.id, id)))
    .for('update');
  if (!row) throw new HttpError(404, ACCOUNT_NOT_FOUND);
  return row;
}

/** account/update-account/:id: a bank account's name and bank details; Cash in hand keeps its name (400). */
export async function updateAccount(ctx: AccountContext, id: string, input: z.output<typeof UpdateAccountRequest>) {
  const { db, businessId, now } = ctx;
  await db.transaction(async (tx) => {
    const row = await lockAccount(tx, businessId, id);
    if (row.type === 'CASH') {
      const field = (['displayName', 'bankName', 'accountNumber', 'ifsc', 'upiId'] as const).find((f) => input[f] !== undefined);
      throw badRequest(`${CASH_ACCOUNT_NAME} has no bank details and keeps its name`, field);
    }
    if (input.displayName !== undefined) {
      const [clash] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.businessId, businessId), sql`lower(${accounts.displayName}) = lower(${input.displayName})`, sql`${accounts.id} <> ${id}`));
      if (clash) throw conflict(`An account named ${input.displayName} already exists`, 'displayName');
    }
    try {
      await tx
        .update(accounts)
        .set({
          ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
          ...(input.bankName !== undefined ? { bankName: input.bankName } : {}),
          ...(input.accountNumber !== undefined ? { accountNumber: input.accountNumber } : {}),
          ...(input.ifsc !== undefined ? { ifsc: input.ifsc } : {}),
          ...(input.upiId !== undefined ? { upiId: input.upiId } : {}),
          updatedAt: now,
        })
        .where(and(eq(accounts.businessId, businessId), eq(accounts.id, id)));
    } catch (e) {
      if (pgErrorCode(e) === UNIQUE_VIOLATION) throw conflict(`An account named ${input.displayName} already exists`, 'displayName');
      throw e;
    }
  });
  return getAccount(db, businessId, id, indiaToday(now));
}

/**
 * account/deactivate/:id and account/activate/:id. A deactivated account keeps its transactions and balance and
 * is still listed, but takes no new ones. Cash in hand cannot be deactivated (409). There is no delete: an account
 * once used is part of the books.
 */
export async function setAccountActive(ctx: AccountContext, id: string, active: boolean) {
  const { db, businessId, now } = ctx;
  await db.transaction(async (tx) => {
    const row = await lockAccount(tx, businessId, id);
    if (!active && row.type === 'CASH') throw conflict(`${CASH_ACCOUNT_NAME} cannot be deactivated`);
    await tx
      .update(accounts)
      .set({ isActive: active, updatedAt: now })
      .where(and(eq(accounts.businessId, businessId), eq(accounts.id, id)));
  });
  return getAccount(db, businessId, id, indiaToday(now));
}

/** account/delete-account/:id: only a bank account never used (409 otherwise: deactivate it instead). */
export async function deleteAccount(ctx: AccountContext, id: string): Promise<string> {
  const { db, businessId } = ctx;
  return db.transaction(async (tx) => {
    const row = await lockAccount(tx, businessId, id);
    if (row.type === 'CASH') throw conflict(`${CASH_ACCOUNT_NAME} cannot be deleted`);
    const [used] = await tx
      .select({ id: accountTransactions.id })
      .from(accountTransactions)
      .where(and(eq(accountTransactions.businessId, businessId), eq(accountTransactions.accountId, id)))
      .limit(1);
    if (used) throw conflict(`${row.displayName} has transactions, so it cannot be deleted: deactivate it instead`);
    await retireCashLedger(tx, businessId, id, { date: indiaToday(ctx.now), createdBy: ctx.userId, now: ctx.now });
    await tx.delete(accounts).where(and(eq(accounts.businessId, businessId), eq(accounts.id, id)));
    return `${row.displayName} deleted`;
  });
}
