import { randomUUID } from 'node:crypto';
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
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, notFound, pgErrorCode } from '../../errors';
import { UUID } from '../../db/ids';
import { postOpeningBalance, postTransaction, type PostedTransaction } from '../ledger/postings';
import { selectRows } from '../../db/rows';
import { selectPrepared } from '../../db/prepared';

export const ACCOUNT_NOT_FOUND = 'Account not found';

type AccountRow = typeof accounts.$inferSelect;

/** numeric as answers carry it ('1500.00'), whatever form the driver handed back, exact for a sum of any size. */

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
    openingBalance: moneyText(row.openingBalance),
    asOfDate: row.asOfDate,
    balance: moneyText(balance),
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
 * Locks the accounts a transaction will move money on, in one order (by id), so two transactions that both touch
 * two accounts (transfers either way, cancellations) wait for each other instead of deadlocking.
 */
export async function lockAccounts(tx: Tx, businessId: string, accountIds: string[]): Promise<void> {
  for (const id of [...new Set(accountIds)].sort()) {
    await tx.execute(sql`select 1 from ${accounts} where business_id = ${businessId} and id = ${id} for update`);
  }
}

/**
 * What each open database transaction has moved on each account so far (paise, signed, by date). The journal's day
 * totals take an entry in only when its transaction commits, so the checks below add these to them.
 */
const movedHere = new WeakMap<Tx, Array<{ accountId: string; date: string; amount: number }>>();

/** An account's row as a movement locks it: its type and its ledger's id (none before its first posting). */
interface LockedAccount extends Record<string, unknown> {
  type: 'CASH' | 'BANK';
  ledger_id: string | null;
}

/** What the checks read of an account's ledger: its day totals, summed. */
interface DaySums extends Record<string, unknown> {
  today: string;
  at_date: string;
  ins: string;
  outs: string;
  later: boolean;
}

/** The sums of the account's ledger's day totals the checks need, as one row (numbers as text). */
const daySumsSql = (t: NewTransaction, ledgerId: string) => sql`
  select coalesce(sum(d.debit - d.credit) filter (where d.date <= ${indiaToday(t.now)}::date), 0)::text as today,
         coalesce(sum(d.debit - d.credit) filter (where d.date <= ${t.date}::date), 0)::text as at_date,
         coalesce(sum(d.debit), 0)::text as ins, coalesce(sum(d.credit), 0)::text as outs,
         coalesce(bool_or(d.date > ${t.date}::date), false) as later
  from journal_day_totals d where d.business_id = ${t.businessId}::uuid and d.account_id = ${ledgerId}::uuid`;

/**
 * The checks on every movement of money, against the account's ledger in the journal, under one lock of the account's
 * row (held until the caller's transaction ends, so concurrent movements are checked one after another, each seeing
 * what the one before committed):
 * - Cash in hand never goes below zero — neither now nor, for a back-dated entry, on any day since. A bank account may
 *   go negative.
 * - Every balance an account shows fits the money format (numeric(14,2): ±999,999,999,999.99), on the movement's date
 *   and on every later day (a back-dated entry moves all of them).
 * The balances are read from journal_day_totals (a row per day, not every movement), by a statement that starts after
 * the lock is taken (`days`: read with the movement's own entry, which the totals take in only at commit, or here);
 * the running balance after each line is read only for the days after a back-dated movement, and only when a limit
 * could be reached at all. A refusal throws, and the caller's transaction rolls back whatever the movement wrote.
 */
async function checkMovement(tx: Tx, t: NewTransaction, account: LockedAccount, read: DaySums | undefined): Promise<void> {
  const today = indiaToday(t.now);
  const field = t.field ?? 'amount';
  const signed = t.direction === 'IN' ? t.amount : -t.amount;
  const here = (movedHere.get(tx) ?? []).filter((m) => m.accountId === t.accountId);
  const hereSum = (keep: (m: (typeof here)[number]) => boolean) => here.filter(keep).reduce((n, m) => n + m.amount, 0);
  const days = read ?? (account.ledger_id ? (await selectPrepared<DaySums>(tx, 'account_day_sums', daySumsSql(t, account.ledger_id)))[0] : undefined);
  const paise = (v: string | undefined) => toPaise(moneyText(v ?? '0'));
  // `balance`: what the account shows today (money dated later is not in hand yet); `atDate`: on the movement's date.
  const balance = paise(days?.today) + hereSum((m) => m.date <= today);
  const atDate = paise(days?.at_date) + hereSum((m) => m.date <= t.date);
  const later = Boolean(days?.later) || here.some((m) => m.date > t.date);
  // The lowest and highest running balance after each line dated after the movement's (this transaction's lines
  // among them, which the journal shows it before it commits).
  const afterDate = async (): Promise<number[]> => {
    if (!later || !account.ledger_id) return [];
    const [run] = await selectRows<{ lo: string | null; hi: string | null }>(
      tx,
      sql`select min(x.running)::text as lo, max(x.running)::text as hi from (
            select ${fromPaise(atDate)}::numeric + sum(l.debit - l.credit) over (order by l.date, l.entry_seq, l.line_no rows unbounded preceding) as running
            from journal_lines l
            where l.business_id = ${t.businessId} and l.account_id = ${account.ledger_id} and l.date > ${t.date}) x`,
    );
    return [run.lo, run.hi].filter((v): v is string => v !== null).map((v) => paise(v));
  };

  if (t.direction === 'OUT' && account.type === 'CASH') {
    // A back-dated entry lowers every balance after it: the lowest of them is what it can take.
    const available = Math.min(atDate, ...(await afterDate()));
    if (t.amount > available) {
      const then = available < balance ? ` (₹${fromPaise(available)} from ${t.date} on)` : '';
      throw conflict(
        `Not enough cash: ${CASH_ACCOUNT_NAME} has ₹${fromPaise(balance)}${then}, so ₹${fromPaise(t.amount)} cannot be paid from it. Cash never goes below 0.`,
        field,
      );
    }
  }

  // No balance of the account was ever above every debit to its ledger, or below minus every credit.
  const highest = paise(days?.ins) + hereSum((m) => m.amount > 0) + Math.max(signed, 0);
  const lowest = -paise(days?.outs) + hereSum((m) => m.amount < 0) + Math.min(signed, 0);
  if (highest <= MONEY_MAX_PAISE && lowest >= -MONEY_MAX_PAISE) return;
  const balances = [atDate, ...(await afterDate())].map((v) => v + signed);
  if (balances.every((v) => Math.abs(v) <= MONEY_MAX_PAISE)) return;
  throw badRequest(
    `This would take the account's balance ${signed > 0 ? 'above ' : 'below −'}${formatRupees(MONEY_MAX)}, the largest amount the books can hold`,
    field,
  );
}

/**
 * One movement of money: every payment, reversal, expense or transfer half is one of these rows. The account's row is
 * locked first; the transaction's row is then written by the statement that posts its journal entry, which also
 * reads the account's day totals for the checks (`checkMovement`): a refusal rolls both back with the caller's
 * transaction. Three round trips: the lock, the entry, and the commit's.
 */
export async function recordTransaction(tx: Tx, t: NewTransaction): Promise<string> {
  // Prepared: every movement of the account waits for the one before from here to its commit.
  const [account] = await selectPrepared<LockedAccount>(
    tx,
    'account_lock',
    sql`select a.type, la.id as ledger_id from ${accounts} a
        left join ledger_accounts la on la.business_id = a.business_id and la.cash_account_id = a.id
        where a.business_id = ${t.businessId} and a.id = ${t.accountId}
        for update of a`,
  );
  const id = randomUUID();
  const insert = (when: SQL) => sql`
    insert into ${accountTransactions} (business_id, id, account_id, date, type, direction, amount, mode, party_id, document_type,
                                        document_id, document_number, group_id, reverses_id, reference, note, created_by, created_at)
    select ${t.businessId}::uuid, ${id}::uuid, ${t.accountId}::uuid, ${t.date}::date, ${t.type}::text, ${t.direction}::text,
           ${fromPaise(t.amount)}::numeric, ${t.mode}::text, ${t.partyId}::uuid, ${t.document?.type ?? null}::text,
           ${t.document?.id ?? null}::uuid, ${t.document?.number ?? null}::text, ${t.groupId ?? null}::uuid, ${t.reversesId ?? null}::uuid,
           ${t.reference}::text, ${t.note}::text, ${t.createdBy}::uuid, ${t.now}::timestamptz
    where ${when}`;
  let days: DaySums | undefined;
  const answer = account?.ledger_id
    ? { sql: sql`(select row_to_json(s)::text from (${daySumsSql(t, account.ledger_id)}) s)`, take: (v: string | null) => (days = v ? (JSON.parse(v) as DaySums) : undefined) }
    : undefined;
  await postTransaction(tx, { ...t, id, document: t.document ?? null }, { name: 'txn', insert, answer });
  if (account) await checkMovement(tx, t, account, days);
  movedHere.set(tx, [...(movedHere.get(tx) ?? []), { accountId: t.accountId, date: t.date, amount: t.direction === 'IN' ? t.amount : -t.amount }]);
  return id;
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
 * Where each transaction of `ids` stands in its account's ledger in the journal: the ledger, and the date and entry
 * of the line it posted there. A transfer posts both halves in one entry (with its OUT half), so the IN half's line
 * is found through its group. SQL rows (id, ledger_id, date, entry_seq).
 */
export function transactionLines(businessId: string, ids: SQL): SQL {
  return sql`
    select t.id, p.ledger_id, p.date, p.entry_seq
    from ${accountTransactions} t
    join lateral (
      select l.account_id as ledger_id, l.date, l.entry_seq
      from ledger_accounts la
      join journal_entries e on e.business_id = la.business_id
                            and e.transaction_id = any(array(select g.id from ${accountTransactions} g
                                                             where g.business_id = t.business_id
                                                               and (g.id = t.id or (t.group_id is not null and g.group_id = t.group_id))))
      join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id and l.account_id = la.id
      where la.business_id = t.business_id and la.cash_account_id = t.account_id
      order by e.transaction_id = t.id desc
      limit 1
    ) p on true
    where t.business_id = ${businessId} and t.id = any(${ids})`;
}

/**
 * The balance of each account after each of `rows`: its ledger in the journal up to the line the transaction posted
 * (everything dated before it, then as posted), whatever filter picked the rows — so the newest line of an account
 * shows the balance the account shows. Per account: the day totals before the page's oldest day and a running sum
 * over the page's stretch of the ledger.
 */
async function runningBalances(db: Db, businessId: string, rows: TransactionRow[]): Promise<Map<string, string>> {
  const running = new Map<string, string>();
  if (rows.length === 0) return running;
  const placed = await selectRows<{ id: string; ledger_id: string; date: string; entry_seq: string }>(
    db,
    sql`select x.id, x.ledger_id, to_char(x.date, 'YYYY-MM-DD') as date, x.entry_seq::text as entry_seq
        from (${transactionLines(businessId, sql`${sql.param(rows.map((r) => r.id))}::uuid[]`)}) x`,
  );
  const byLedger = new Map<string, typeof placed>();
  for (const p of placed) byLedger.set(p.ledger_id, [...(byLedger.get(p.ledger_id) ?? []), p]);
  for (const [ledgerId, mine] of byLedger) {
    const first = mine.reduce((a, b) => (b.date < a.date ? b : a)).date;
    const last = mine.reduce((a, b) => (b.date > a.date ? b : a)).date;
    const found = await selectRows<{ date: string; entry_seq: string; running: string }>(
      db,
      sql`
      select to_char(x.date, 'YYYY-MM-DD') as date, x.entry_seq::text as entry_seq, x.running::text as running from (
        select l.date, l.entry_seq,
               coalesce((select sum(d.debit - d.credit) from journal_day_totals d
                         where d.business_id = ${businessId} and d.account_id = ${ledgerId} and d.date < ${first}), 0)
               + sum(l.debit - l.credit) over (order by l.date, l.entry_seq, l.line_no rows unbounded preceding) as running
        from journal_lines l
        where l.business_id = ${businessId} and l.account_id = ${ledgerId} and l.date between ${first} and ${last}
      ) x
      where (x.date, x.entry_seq) in (select * from unnest(${sql.param(mine.map((p) => p.date))}::date[], ${sql.param(mine.map((p) => p.entry_seq))}::bigint[]))`,
    );
    const at = new Map(found.map((f) => [`${f.date} ${f.entry_seq}`, f.running]));
    for (const p of mine) {
      const v = at.get(`${p.date} ${p.entry_seq}`);
      if (v !== undefined) running.set(p.id, v);
    }
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
      amount: moneyText(r.amount),
      runningBalance: moneyText(running.get(r.id) ?? '0'),
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

