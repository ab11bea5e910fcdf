import {
  CASH_ACCOUNT_NAME,
  MONEY_MAX,
  MONEY_MAX_PAISE,
  indiaToday,
  TRANSACTION_PAGE_SIZE_DEFAULT,
  maskAccountNumber,
  type Account,
  type AccountTransaction,
  type AddBankAccountRequest,
  type DocumentType,
  type PaymentMode,
  type TransactionDirection,
  type TransactionListQuery,
  type TransactionType,
} from '@bahi/shared/contracts';
import { formatRupees, fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accountTransactions, accounts } from '../../db/schema';
import { selectRows } from '../documents/rows';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, notFound, pgErrorCode } from '../../errors';
import { UUID } from '../../db/ids';
import { postOpeningBalance, postTransaction, type PostedTransaction } from '../ledger/postings';

export const ACCOUNT_NOT_FOUND = 'Account not found';

type AccountRow = typeof accounts.$inferSelect;

/** numeric as answers carry it ('1500.00'), whatever form the driver handed back, exact for a sum of any size. */
export const moneyOut = moneyText;

/**
 * The balance on `today` of the account's ledger in the journal (its opening balance and every movement posted to
 * it dated up to today), in SQL, as text (columns written out: drizzle leaves them unqualified here). Money dated in
 * the future is not in hand yet.
 */
const balanceSql = (today: string) => sql<string>`(coalesce((
  select sum(l.debit - l.credit)
  from ledger_accounts la
  join journal_lines l on l.business_id = la.business_id and l.account_id = la.id
  where la.business_id = accounts.business_id and la.cash_account_id = accounts.id and l.date <= ${today}), 0))::text`;

/** It has a transaction: then it can be deactivated but never deleted. */
const usedSql = sql<boolean>`exists (select 1 from account_transactions t where t.business_id = accounts.business_id and t.account_id = accounts.id)`;

function toAccount(row: AccountRow, balance: string, isUsed: boolean): Account {
  return {
    id: row.id,
    type: row.type,
    displayName: row.displayName,
    bankName: row.bankName,
    accountNumber: row.accountNumber ? maskAccountNumber(row.accountNumber) : null,
    ifsc: row.ifsc,
    upiId: row.upiId,
    openingBalance: moneyOut(row.openingBalance),
    asOfDate: row.asOfDate,
    balance: moneyOut(balance),
    isActive: row.isActive,
    isUsed: Boolean(isUsed),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Sign-up: the business's "Cash in hand", in the sign-up's transaction. */
export async function createCashAccount(tx: Tx, businessId: string, now: Date): Promise<void> {
  await tx
    .insert(accounts)
    .values({ businessId, type: 'CASH', displayName: CASH_ACCOUNT_NAME, asOfDate: indiaToday(now), createdAt: now, updatedAt: now })
    .onConflictDoNothing();
}

/** Every account with its balance on `today`: Cash in hand first, then bank accounts by name. */
export async function listAccounts(db: Db | Tx, businessId: string, today: string): Promise<Account[]> {
  const rows = await db
    .select({ account: accounts, balance: balanceSql(today), isUsed: usedSql })
    .from(accounts)
    .where(eq(accounts.businessId, businessId))
    .orderBy(asc(sql`${accounts.type} = 'BANK'`), asc(sql`lower(${accounts.displayName})`));
  return rows.map((r) => toAccount(r.account, r.balance, r.isUsed));
}

/** An account of the business with its balance on `today`; another business's answers 404. */
export async function getAccount(db: Db | Tx, businessId: string, id: string, today: string): Promise<Account> {
  if (!UUID.test(id)) throw notFound(ACCOUNT_NOT_FOUND);
  const [row] = await db
    .select({ account: accounts, balance: balanceSql(today), isUsed: usedSql })
    .from(accounts)
    .where(and(eq(accounts.businessId, businessId), eq(accounts.id, id)));
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
  return toAccount(row.account, row.balance, row.isUsed);
}

/** 404 unless `id` is an account of the business. */
export async function requireAccount(db: Db | Tx, businessId: string, id: string): Promise<void> {
  const [row] = UUID.test(id) ? await db.select({ id: accounts.id }).from(accounts).where(and(eq(accounts.businessId, businessId), eq(accounts.id, id))) : [];
  if (!row) throw notFound(ACCOUNT_NOT_FOUND);
}

const duplicateName = (name: string) => conflict(`An account named ${name} already exists`, 'displayName');

/** account/add-bank-account, in the caller's transaction (the idempotency key's). */
export async function addBankAccount(
  tx: Tx,
  businessId: string,
  id: string,
  input: z.output<typeof AddBankAccountRequest>,
  today: string,
  now: Date,
): Promise<void> {
  const [clash] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.businessId, businessId), sql`lower(${accounts.displayName}) = lower(${input.displayName})`));
  if (clash) throw duplicateName(input.displayName);
  try {
    await tx.insert(accounts).values({
      businessId,
      id,
      type: 'BANK',
      displayName: input.displayName,
      bankName: input.bankName,
      accountNumber: input.accountNumber,
      ifsc: input.ifsc,
      upiId: input.upiId ?? null,
      openingBalance: input.openingBalance ?? '0.00',
      asOfDate: input.asOfDate ?? today,
      createdAt: now,
      updatedAt: now,
    });
  } catch (e) {
    if (pgErrorCode(e) === UNIQUE_VIOLATION) throw duplicateName(input.displayName);
    throw e;
  }
  await postOpeningBalance(tx, {
    businessId,
    ledger: { cashAccountId: id },
    amount: toPaise(input.openingBalance ?? '0'),
    date: input.asOfDate ?? today,
    document: { type: 'ACCOUNT', id, number: null },
    narration: `Opening balance of ${input.displayName}`,
    createdBy: null,
    now,
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Payments: which account, and the transaction row

export interface AccountRef {
  id: string;
  type: 'CASH' | 'BANK';
  displayName: string;
}

/**
 * The account a payment goes into or comes from. Cash is Cash in hand; any other mode is a bank account — the one
 * named, or the business's only one. `field` names the request field in the answer ('payment.accountId').
 */
export async function paymentAccount(
  tx: Tx,
  businessId: string,
  mode: PaymentMode,
  accountId: string | undefined,
  field: string,
): Promise<AccountRef> {
  const select = () =>
    tx.select({ id: accounts.id, type: accounts.type, displayName: accounts.displayName }).from(accounts);
  if (accountId !== undefined) {
    const row = await activeAccount(tx, businessId, accountId, field);
    if (mode === 'CASH' && row.type !== 'CASH') throw badRequest(`A cash payment goes into ${CASH_ACCOUNT_NAME}`, field);
    if (mode !== 'CASH' && row.type !== 'BANK') throw badRequest(`A ${modeLabel(mode)} payment goes into a bank account`, field);
    return row;
  }
  const rows = await select().where(
    and(eq(accounts.businessId, businessId), eq(accounts.type, mode === 'CASH' ? 'CASH' : 'BANK'), eq(accounts.isActive, true)),
  );
  if (rows.length === 1) return rows[0];
  if (mode === 'CASH') throw conflict(`${CASH_ACCOUNT_NAME} is missing for this business`, field);
  if (rows.length === 0) throw badRequest(`Add a bank account first to take ${modeLabel(mode)} payments`, field);
  throw badRequest(`Choose the bank account the ${modeLabel(mode)} payment goes into`, field);
}

/** An account of the business that takes transactions: 404 when there is none with this id, 409 when deactivated. */
export async function activeAccount(tx: Tx, businessId: string, accountId: string, field: string): Promise<AccountRef> {
  const [row] = UUID.test(accountId)
    ? await tx
        .select({ id: accounts.id, type: accounts.type, displayName: accounts.displayName, isActive: accounts.isActive })
        .from(accounts)
        .where(and(eq(accounts.businessId, businessId), eq(accounts.id, accountId)))
    : [];
  if (!row) throw new HttpError(404, ACCOUNT_NOT_FOUND, field);
  if (!row.isActive) throw conflict(`${row.displayName} is deactivated: activate it to use it`, field);
  return { id: row.id, type: row.type, displayName: row.displayName };
}

const modeLabel = (mode: PaymentMode) => (mode === 'BANK_TRANSFER' ? 'bank transfer' : mode === 'CHEQUE' ? 'cheque' : mode);

export interface NewTransaction {
  businessId: string;
  accountId: string;
  date: string;
  type: TransactionType;
  direction: TransactionDirection;
  /** Integer paise, > 0. */
  amount: number;
  mode: PaymentMode | null;
  partyId: string | null;
  document: { type: DocumentType; id: string; number: string } | null;
  reference: string | null;
  note: string | null;
  groupId?: string | null;
  reversesId?: string | null;
  createdBy: string | null;
  now: Date;
  /** The request field a refusal names (Cash in hand below zero); default 'amount'. */
  field?: string;
  /** The journal's other side (ledger/postings): default by type. */
  counter?: PostedTransaction['counter'];
  /** The branch the journal entry belongs to (the document's). */
  branchId?: string | null;
}

/**
 * The one rule on money going out: Cash in hand never goes below zero — neither now nor, for a back-dated entry, on
 * any day since. The cash account's row is locked until the caller's transaction ends, so concurrent withdrawals
 * are checked one after another (each sees what the one before committed). A bank account may go negative.
 */
async function guardCashOut(tx: Tx, businessId: string, accountId: string, date: string, today: string, amount: number, field: string): Promise<void> {
  const [cash] = await selectRows<{ opening: string }>(
    tx,
    sql`select opening_balance::text as opening from ${accounts}
        where business_id = ${businessId} and id = ${accountId} and type = 'CASH' for update`,
  );
  if (!cash) return;
  const [sums] = await selectRows<{ balance: string; at_date: string; later: boolean }>(
    tx,
    // `balance` is what the cash account shows today: money dated later is not in hand yet.
    sql`select (${cash.opening}::numeric + coalesce(sum(case when direction = 'IN' then amount else -amount end) filter (where date <= ${today}), 0))::text as balance,
               (${cash.opening}::numeric + coalesce(sum(case when direction = 'IN' then amount else -amount end) filter (where date <= ${date}), 0))::text as at_date,
               coalesce(bool_or(date > ${date}), false) as later
        from ${accountTransactions} where business_id = ${businessId} and account_id = ${accountId}`,
  );
  const balance = toPaise(String(sums.balance));
  let available = toPaise(String(sums.at_date));
  if (sums.later) {
    // A back-dated entry lowers every balance after it: the lowest of them is what it can take.
    const [low] = await selectRows<{ low: string | null }>(
      tx,
      sql`select min(running)::text as low from (
            select date, ${cash.opening}::numeric + sum(case when direction = 'IN' then amount else -amount end) over (order by date, seq) as running
            from ${accountTransactions} where business_id = ${businessId} and account_id = ${accountId}) x
          where x.date > ${date}`,
    );
    if (low.low !== null) available = Math.min(available, toPaise(String(low.low)));
  }
  if (amount <= available) return;
  const then = available < balance ? ` (₹${fromPaise(available)} from ${date} on)` : '';
  throw conflict(
    `Not enough cash: ${CASH_ACCOUNT_NAME} has ₹${fromPaise(balance)}${then}, so ₹${fromPaise(amount)} cannot be paid from it. Cash never goes below 0.`,
    field,
  );
}

/**
 * Locks the accounts a transaction will move money on, in one order (by id), so two transactions that both touch
 * two accounts (transfers either way, cancellations) wait for each other instead of deadlocking.
 */
export async function lockAccounts(tx: Tx, businessId: string, accountIds: string[]): Promise<void> {
  for (const id of [...new Set(accountIds)].sort()) {
    await tx.execute(sql`select 1 from ${accounts} where business_id = ${businessId} and id = ${id} for update`);
  }
}

/**
 * Every balance an account shows fits the money format (numeric(14,2): ±999,999,999,999.99), on the movement's date
 * and on every later day (a back-dated entry moves all of them). The account's row is locked until the caller's
 * transaction ends, so concurrent movements are checked one after another. The exact running balances are worked
 * out only when the account's gross flows could reach the bound at all.
 */
async function guardBalanceBound(tx: Tx, t: NewTransaction): Promise<void> {
  await lockAccounts(tx, t.businessId, [t.accountId]);
  const signed = t.direction === 'IN' ? t.amount : -t.amount;
  const where = sql`business_id = ${t.businessId} and account_id = ${t.accountId}`;
  const [gross] = await selectRows<{ opening: string; ins: string; outs: string }>(
    tx,
    sql`select (select opening_balance::text from ${accounts} where business_id = ${t.businessId} and id = ${t.accountId}) as opening,
               coalesce(sum(amount) filter (where direction = 'IN'), 0)::text as ins,
               coalesce(sum(amount) filter (where direction = 'OUT'), 0)::text as outs
        from ${accountTransactions} where ${where}`,
  );
  if (!gross?.opening) return;
  const opening = toPaise(String(gross.opening));
  // No balance of the account was ever above opening + every IN, or below opening − every OUT.
  const highest = opening + toPaise(String(gross.ins)) + Math.max(signed, 0);
  const lowest = opening - toPaise(String(gross.outs)) + Math.min(signed, 0);
  if (highest <= MONEY_MAX_PAISE && lowest >= -MONEY_MAX_PAISE) return;
  const [b] = await selectRows<{ at_date: string; hi: string | null; lo: string | null }>(
    tx,
    sql`select (${gross.opening}::numeric + coalesce(sum(s) filter (where date <= ${t.date}), 0))::text as at_date,
               max(running) filter (where date > ${t.date})::text as hi,
               min(running) filter (where date > ${t.date})::text as lo
        from (select date, case when direction = 'IN' then amount else -amount end as s,
                     ${gross.opening}::numeric + sum(case when direction = 'IN' then amount else -amount end) over (order by date, seq) as running
              from ${accountTransactions} where ${where}) x`,
  );
  const balances = [b.at_date, b.hi, b.lo].filter((v): v is string => v !== null).map((v) => toPaise(String(v)) + signed);
  if (balances.every((v) => Math.abs(v) <= MONEY_MAX_PAISE)) return;
  throw badRequest(
    `This would take the account's balance ${signed > 0 ? 'above ' : 'below −'}${formatRupees(MONEY_MAX)}, the largest amount the books can hold`,
    t.field ?? 'amount',
  );
}

/** One movement of money: every payment, reversal, expense or transfer half is one of these rows. */
export async function recordTransaction(tx: Tx, t: NewTransaction): Promise<string> {
  if (t.direction === 'OUT') await guardCashOut(tx, t.businessId, t.accountId, t.date, indiaToday(t.now), t.amount, t.field ?? 'amount');
  await guardBalanceBound(tx, t);
  const [row] = await tx
    .insert(accountTransactions)
    .values({
      businessId: t.businessId,
      accountId: t.accountId,
      date: t.date,
      type: t.type,
      direction: t.direction,
      amount: fromPaise(t.amount),
      mode: t.mode,
      partyId: t.partyId,
      documentType: t.document?.type ?? null,
      documentId: t.document?.id ?? null,
      documentNumber: t.document?.number ?? null,
      groupId: t.groupId ?? null,
      reversesId: t.reversesId ?? null,
      reference: t.reference,
      note: t.note,
      createdBy: t.createdBy,
      createdAt: t.now,
    })
    .returning({ id: accountTransactions.id });
  await postTransaction(tx, { ...t, id: row.id, document: t.document ?? null });
  return row.id;
}

/**
 * Reverses every not yet reversed transaction of a document with an opposite one of `type` (a cancelled invoice's
 * payments), dated `date`, or the reversed one's own date when that is later. Answers the total reversed, in paise.
 */
export async function reverseDocumentTransactions(
  tx: Tx,
  params: { businessId: string; document: { type: DocumentType; id: string }; type: TransactionType; date: string; note: string; createdBy: string | null; now: Date },
): Promise<number> {
  const open = await selectRows<{
    id: string;
    account_id: string;
    date: string;
    direction: 'IN' | 'OUT';
    amount: string;
    mode: PaymentMode | null;
    party_id: string | null;
    document_number: string | null;
    reference: string | null;
  }>(
    tx,
    sql`
    select t.id, t.account_id, t.date::text as date, t.direction, t.amount::text as amount, t.mode, t.party_id, t.document_number, t.reference
    from ${accountTransactions} t
    where t.business_id = ${params.businessId} and t.document_type = ${params.document.type} and t.document_id = ${params.document.id}
      and t.reverses_id is null
      and not exists (select 1 from ${accountTransactions} r where r.business_id = t.business_id and r.reverses_id = t.id)
    order by t.seq`,
  );
  await lockAccounts(tx, params.businessId, open.map((t) => t.account_id));
  let total = 0;
  for (const t of open) {
    const amount = toPaise(String(t.amount));
    await recordTransaction(tx, {
      businessId: params.businessId,
      accountId: t.account_id,
      // Never dated before what it reverses: money dated ahead comes back on its own date, not today.
      date: t.date > params.date ? t.date : params.date,
      type: params.type,
      direction: t.direction === 'IN' ? 'OUT' : 'IN',
      amount,
      mode: t.mode,
      partyId: t.party_id,
      document: { ...params.document, number: t.document_number ?? '' },
      reference: t.reference,
      note: params.note,
      reversesId: t.id,
      createdBy: params.createdBy,
      now: params.now,
    });
    total += t.direction === 'IN' ? amount : -amount;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------------------
// The transaction list

export interface TransactionPage {
  data: AccountTransaction[];
  meta: { total: number; page: number; pageSize: number };
}

interface TransactionRow extends Record<string, unknown> {
  id: string;
  account_id: string;
  account_name: string;
  date: string;
  seq: string;
  type: TransactionType;
  direction: TransactionDirection;
  amount: string;
  mode: PaymentMode | null;
  party_id: string | null;
  party_name: string | null;
  document_type: DocumentType | null;
  document_id: string | null;
  document_number: string | null;
  group_id: string | null;
  reverses_id: string | null;
  reference: string | null;
  note: string | null;
  created_at: string;
}

/**
 * The balance of each account after each of `rows` (opening balance + every transaction of the account up to it, in
 * date order, then as written), whatever filter picked the rows. Per account: one sum of what comes before the page's
 * oldest row (an index-only scan) and a running sum over the page's stretch of the ledger.
 */
async function runningBalances(db: Db, businessId: string, rows: TransactionRow[]): Promise<Map<string, string>> {
  const byAccount = new Map<string, TransactionRow[]>();
  for (const r of rows) byAccount.set(r.account_id, [...(byAccount.get(r.account_id) ?? []), r]);
  const running = new Map<string, string>();
  for (const [accountId, mine] of byAccount) {
    // Rows come newest first: the last is the oldest.
    const newest = mine[0];
    const oldest = mine[mine.length - 1];
    const found = await selectRows<{ id: string; running: string }>(
      db,
      sql`
      select x.id, x.running::text as running from (
        select t.id,
               a.opening_balance
               + coalesce((select sum(case when b.direction = 'IN' then b.amount else -b.amount end)
                           from ${accountTransactions} b
                           where b.business_id = ${businessId} and b.account_id = ${accountId}
                             and (b.date, b.seq) < (${oldest.date}::date, ${oldest.seq}::bigint)), 0)
               + sum(case when t.direction = 'IN' then t.amount else -t.amount end) over (order by t.date, t.seq) as running
        from ${accountTransactions} t
        join ${accounts} a on a.business_id = t.business_id and a.id = t.account_id
        where t.business_id = ${businessId} and t.account_id = ${accountId}
          and (t.date, t.seq) >= (${oldest.date}::date, ${oldest.seq}::bigint)
          and (t.date, t.seq) <= (${newest.date}::date, ${newest.seq}::bigint)
      ) x
      where x.id = any(${sql.param(mine.map((r) => r.id))}::uuid[])`,
    );
    for (const r of found) running.set(r.id, r.running);
  }
  return running;
}

/**
 * account/transactions: newest first (by date, then as written), each with its account's balance after it — the
 * balance counts every transaction of the account, so filters on type, party or dates never change it.
 */
export async function listTransactions(
  db: Db,
  businessId: string,
  q: z.output<typeof TransactionListQuery>,
): Promise<TransactionPage> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? TRANSACTION_PAGE_SIZE_DEFAULT;
  if (q.accountId) await requireAccount(db, businessId, q.accountId);
  if (q.partyId && !UUID.test(q.partyId)) return { data: [], meta: { total: 0, page, pageSize } };
  if (q.groupId && !UUID.test(q.groupId)) return { data: [], meta: { total: 0, page, pageSize } };

  const where: SQL[] = [sql`t.business_id = ${businessId}`];
  if (q.accountId) where.push(sql`t.account_id = ${q.accountId}`);
  if (q.from) where.push(sql`t.date >= ${q.from}`);
  if (q.to) where.push(sql`t.date <= ${q.to}`);
  if (q.type) where.push(sql`t.type = ${q.type}`);
  if (q.direction) where.push(sql`t.direction = ${q.direction}`);
  if (q.partyId) where.push(sql`t.party_id = ${q.partyId}`);
  if (q.groupId) where.push(sql`t.group_id = ${q.groupId}`);
  const condition = sql.join(where, sql` and `);

  const rows = await selectRows<TransactionRow>(
    db,
    sql`
    select t.id, t.account_id, a.display_name as account_name, to_char(t.date, 'YYYY-MM-DD') as date, t.seq::text as seq,
           t.type, t.direction, t.amount::text as amount, t.mode, t.party_id, p.name as party_name,
           t.document_type, t.document_id, t.document_number, t.group_id, t.reverses_id, t.reference, t.note,
           to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from ${accountTransactions} t
    join ${accounts} a on a.business_id = t.business_id and a.id = t.account_id
    left join parties p on p.business_id = t.business_id and p.id = t.party_id
    where ${condition}
    order by t.date desc, t.seq desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const running = await runningBalances(db, businessId, rows);
  const [{ total }] = await selectRows<{ total: number }>(db, sql`select count(*)::int as total from ${accountTransactions} t where ${condition}`);

  return {
    data: rows.map((r) => ({
      id: r.id,
      accountId: r.account_id,
      accountName: r.account_name,
      date: r.date,
      type: r.type,
      direction: r.direction,
      amount: moneyOut(r.amount),
      runningBalance: moneyOut(running.get(r.id) ?? '0'),
      mode: r.mode,
      partyId: r.party_id,
      partyName: r.party_name,
      documentType: r.document_type,
      documentId: r.document_id,
      documentNumber: r.document_number,
      groupId: r.group_id,
      reversesId: r.reverses_id,
      reference: r.reference,
      note: r.note,
      createdAt: r.created_at,
    })),
    meta: { total: Number(total), page, pageSize },
  };
}

/** Newest first by date, for the transactions of one document (an invoice's payments). */
export async function documentTransactions(db: Db | Tx, businessId: string, documentType: DocumentType, documentIds: string[]) {
  if (documentIds.length === 0) return [];
  return db
    .select({ t: accountTransactions, accountName: accounts.displayName })
    .from(accountTransactions)
    .innerJoin(accounts, and(eq(accounts.businessId, accountTransactions.businessId), eq(accounts.id, accountTransactions.accountId)))
    .where(
      and(
        eq(accountTransactions.businessId, businessId),
        eq(accountTransactions.documentType, documentType),
        sql`${accountTransactions.documentId} = any(${sql.param(documentIds)}::uuid[])`,
      ),
    )
    .orderBy(asc(accountTransactions.date), asc(accountTransactions.seq));
}

