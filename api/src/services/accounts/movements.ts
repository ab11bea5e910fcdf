import { randomUUID } from 'node:crypto';
import { indiaToday, type AdjustRequest, type AdjustResult, type TransferRequest, type TransferResult } from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import type { z } from 'zod';
import { HttpError, badRequest } from '../../errors';
import { documentDate } from '../documents/dates';
import { withIdempotency } from '../idempotency';
import { activeAccount, getAccount, listTransactions, lockAccounts, recordTransaction } from './index';

import type { AccountContext } from './edit';

/*
 * Cash & bank: the movements that are not payments — transfers between the business's own accounts and balance
 * adjustments. Every movement is a row of account_transactions written by recordTransaction, which also keeps Cash
 * in hand from going below zero.
 */

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
