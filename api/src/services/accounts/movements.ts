import { randomUUID } from 'node:crypto';
import {
  CASH_ACCOUNT_NAME,
  indiaToday,
  type AdjustRequest,
  type AdjustResult,
  type TransferRequest,
  type TransferResult,
  type UpdateAccountRequest,
} from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accountTransactions, accounts } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, pgErrorCode } from '../../errors';
import { documentDate } from '../documents/dates';
import { withIdempotency } from '../idempotency';
import { retireCashLedger } from '../ledger/journal';
import { ACCOUNT_NOT_FOUND, activeAccount, getAccount, listTransactions, lockAccounts, recordTransaction } from './index';
import { UUID } from '../../db/ids';

/*
 * Cash & bank: editing and deactivating accounts, and the movements that are not payments — transfers
 * between the business's own accounts and balance adjustments. Every movement is a row of account_transactions
 * written by recordTransaction, which also keeps Cash in hand from going below zero.
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

/**
 * account/transfer: the OUT half on the from-account, then the IN half on the to-account, sharing a group id.
 * Cash → bank is a DEPOSIT, bank → cash a WITHDRAWAL, bank → bank a TRANSFER.
 */
export async function transfer(ctx: AccountContext, body: z.output<typeof TransferRequest>, key: string | undefined): Promise<TransferResult> {
  const { db, businessId, userId, now } = ctx;
  const groupId = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'account.transfer', body, resourceId: groupId, now }, async (tx) => {
    if (body.fromAccountId === body.toAccountId) throw badRequest('Choose two different accounts', 'toAccountId');
    const from = await activeAccount(tx, businessId, body.fromAccountId, 'fromAccountId');
    const to = await activeAccount(tx, businessId, body.toAccountId, 'toAccountId');
    await lockAccounts(tx, businessId, [from.id, to.id]);
    const type = from.type === 'CASH' ? 'DEPOSIT' : to.type === 'CASH' ? 'WITHDRAWAL' : 'TRANSFER';
    const base = {
      businessId,
      date: await documentDate(tx, businessId, now, body.date, 'date', 'Date'),
      type,
      amount: toPaise(body.amount),
      mode: null,
      partyId: null,
      document: null,
      reference: null,
      groupId,
      createdBy: userId,
      now,
    } as const;
    // One journal entry for both halves, posted with the first: Dr the to-account, Cr the from-account.
    await recordTransaction(tx, {
      ...base,
      accountId: from.id,
      direction: 'OUT',
      note: body.note ?? `To ${to.displayName}`,
      counter: [{ ledger: { cashAccountId: to.id }, amount: base.amount }],
    });
    await recordTransaction(tx, { ...base, accountId: to.id, direction: 'IN', note: body.note ?? `From ${from.displayName}`, counter: 'NONE' });
  });
  const page = await listTransactions(db, businessId, { groupId: result.resourceId, pageSize: 2 });
  const halves = [...page.data].sort((a, b) => (a.direction === b.direction ? 0 : a.direction === 'OUT' ? -1 : 1));
  if (halves.length !== 2) throw new HttpError(404, 'Transfer not found');
  const [fromAccount, toAccount] = await Promise.all([getAccount(db, businessId, halves[0].accountId, indiaToday(now)), getAccount(db, businessId, halves[1].accountId, indiaToday(now))]);
  return { groupId: result.resourceId, type: halves[0].type as TransferResult['type'], transactions: halves, from: fromAccount, to: toAccount };
}

/** account/adjust: one ADJUSTMENT transaction, IN for a positive amount, OUT for a negative one, noted with the reason. */
export async function adjust(ctx: AccountContext, body: z.output<typeof AdjustRequest>, key: string | undefined): Promise<AdjustResult> {
  const { db, businessId, userId, now } = ctx;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'account.adjust', body, resourceId: id, now }, async (tx) => {
    const account = await activeAccount(tx, businessId, body.accountId, 'accountId');
    const signed = toPaise(body.amount);
    const date = await documentDate(tx, businessId, now, body.date, 'date', 'Date');
    // Its own group id finds it again (with its running balance) for the answer and for a retry.
    await recordTransaction(tx, {
      businessId,
      accountId: account.id,
      date,
      type: 'ADJUSTMENT',
      direction: signed > 0 ? 'IN' : 'OUT',
      amount: Math.abs(signed),
      mode: null,
      partyId: null,
      document: null,
      reference: null,
      note: body.reason,
      groupId: id,
      createdBy: userId,
      now,
    });
  });
  const page = await listTransactions(db, businessId, { groupId: result.resourceId, pageSize: 1 });
  const [transaction] = page.data;
  if (!transaction) throw new HttpError(404, 'Adjustment not found');
  return { transaction, account: await getAccount(db, businessId, transaction.accountId, indiaToday(now)) };
}
