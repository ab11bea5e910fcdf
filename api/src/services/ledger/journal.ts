import { SYSTEM_LEDGERS, type SystemLedgerCode } from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { selectPrepared } from '../../db/prepared';
import { booksOpened, journalEntries, journalLines, ledgerAccounts } from '../../db/schema';
import { selectRows } from '../../db/rows';

/*
 * The journal: every document that moves money, tax or stock posts one balanced entry through `post`, in the
 * transaction that saves it; a cancel posts `reverse`. This module knows ledgers and entries, never documents: each
 * document service hands it the lines to post. The database checks the balance again when the transaction commits
 * (migration 0030), and refuses any update or delete of a posted entry.
 */

/** Which ledger a line goes to: one of the books' own, a cash or bank account's, an expense category's, or by id. */
export type LedgerKey = { code: SystemLedgerCode } | { cashAccountId: string } | { expenseCategoryId: string } | { accountId: string };

export interface PostingLine {
  ledger: LedgerKey;
  /** Integer paise, signed: positive = debit, negative = credit. A line of 0 is left out. */
  amount: number;
  /** On Sundry debtors or creditors: whose sub-ledger. */
  partyId?: string | null;
  /** On Stock in hand: the item and the quantity in thousandths (+ in, − out, the sign of the amount). */
  itemId?: string;
  quantityMilli?: number;
}

export interface NewEntry {
  businessId: string;
  branchId: string | null;
  date: string;
  voucherType: string;
  document?: { type: string; id: string; number: string | null } | null;
  transactionId?: string | null;
  narration?: string | null;
  reversesId?: string | null;
  createdBy?: string | null;
  now: Date;
  lines: PostingLine[];
  /**
   * Stock that leaves the entry's branch at the average cost there, worked out and posted with the entry: Cr Stock in
   * hand each item (in order; the same item twice takes from what the first left) and Dr `counter` their cost, after
   * `lines`. Goods without cost at the branch post nothing (stock-cost.ts says how a cost is taken).
   */
  costOut?: { counter: LedgerKey; items: Array<{ itemId: string; quantityMilli: number }> };
  /**
   * The row the entry stands for (an account transaction), inserted by the entry's own statement so both cost one
   * round trip: `insert` answers the insert given the condition under which the statement writes (`when`), so the row
   * is written exactly once, with the entry. `name` goes into the prepared statement's name: one name, one text.
   */
  writeWith?: EntryRow;
}

/**
 * A row written with an entry: `insert(when)` is an `insert … select … where when` of fixed text. `answer`, a scalar
 * subquery (text) the statement answers too, read in the statement's snapshot (its writes not seen), is handed to
 * `take` when the row was written with the entry (not when the entry had nothing to post).
 */
export interface EntryRow {
  name: string;
  insert: (when: SQL) => SQL;
  answer?: { sql: SQL; take: (value: string | null) => void };
}

/** A posting whose lines do not balance: a fault of the code that built it, never of the user's request. */
export class UnbalancedEntryError extends Error {}

const keyOf = (k: LedgerKey) =>
  'code' in k ? `code:${k.code}` : 'cashAccountId' in k ? `cash:${k.cashAccountId}` : 'expenseCategoryId' in k ? `cat:${k.expenseCategoryId}` : `id:${k.accountId}`;

/**
 * The ledger ids of `keys`. The books' own ledgers, and the ledger of a cash or bank account or of an expense
 * category, are made when first needed (a business keeps the chart it was seeded with; new accounts and categories
 * get theirs here).
 */
export async function resolveLedgers(tx: Tx, businessId: string, keys: LedgerKey[]): Promise<Map<string, string>> {
  const { codes, cash, categories } = ledgersNamed(keys);
  const find = () =>
    selectRows<{ id: string; code: string | null; cash_account_id: string | null; expense_category_id: string | null }>(
      tx,
      sql`select id, code, cash_account_id, expense_category_id from ${ledgerAccounts}
          where business_id = ${businessId}
            and (code = any(${sql.param(codes)}::text[]) or cash_account_id = any(${sql.param(cash)}::uuid[])
                 or expense_category_id = any(${sql.param(categories)}::uuid[]))`,
    );
  let rows = await find();
  const have = (pick: (r: (typeof rows)[number]) => string | null, want: string[]) => want.every((w) => rows.some((r) => pick(r) === w));
  if (!have((r) => r.code, codes) || !have((r) => r.cash_account_id, cash) || !have((r) => r.expense_category_id, categories)) {
    await ensureLedgers(tx, businessId, { codes, cash, categories });
    rows = await find();
  }
  const ids = new Map<string, string>();
  for (const r of rows) {
    if (r.code) ids.set(`code:${r.code}`, r.id);
    if (r.cash_account_id) ids.set(`cash:${r.cash_account_id}`, r.id);
    if (r.expense_category_id) ids.set(`cat:${r.expense_category_id}`, r.id);
  }
  for (const k of keys) if ('accountId' in k) ids.set(`id:${k.accountId}`, k.accountId);
  return ids;
}

/** Makes the ledgers named that the business does not have yet (its own rows, so a retry is harmless). */
async function ensureLedgers(tx: Tx, businessId: string, want: { codes: string[]; cash: string[]; categories: string[] }) {
  const system = SYSTEM_LEDGERS.filter((l) => want.codes.includes(l.code));
  if (system.length) {
    await tx
      .insert(ledgerAccounts)
      .values(system.map((l) => ({ businessId, name: l.name, groupCode: l.group, code: l.code })))
      .onConflictDoNothing();
  }
  if (want.cash.length) {
    await tx.execute(sql`
      insert into ${ledgerAccounts} (business_id, name, group_code, cash_account_id)
      select a.business_id, a.display_name, case when a.type = 'CASH' then 'CASH_IN_HAND' else 'BANK_ACCOUNTS' end, a.id
      from accounts a where a.business_id = ${businessId} and a.id = any(${sql.param(want.cash)}::uuid[])
      on conflict do nothing`);
  }
  if (want.categories.length) {
    await tx.execute(sql`
      insert into ${ledgerAccounts} (business_id, name, group_code, expense_category_id)
      select c.business_id, c.name, 'INDIRECT_EXPENSES', c.id
      from expense_categories c where c.business_id = ${businessId} and c.id = any(${sql.param(want.categories)}::uuid[])
      on conflict do nothing`);
  }
}

/**
 * Sign-up: the chart of a new business (the books' own ledgers and its cash account's), in the sign-up's
 * transaction; its books are open from the start (nothing to backfill).
 */
export async function seedChart(tx: Tx, businessId: string): Promise<void> {
  await tx.insert(booksOpened).values({ businessId }).onConflictDoNothing();
  const cash = await selectRows<{ id: string }>(tx, sql`select id from accounts where business_id = ${businessId}`);
  const categories = await selectRows<{ id: string }>(tx, sql`select id from expense_categories where business_id = ${businessId}`);
  await ensureLedgers(tx, businessId, {
    codes: SYSTEM_LEDGERS.map((l) => l.code),
    cash: cash.map((r) => r.id),
    categories: categories.map((r) => r.id),
  });
}

/** A ledger key as the posting statement reads it: what kind of key, and its value. */
const keyParts = (k: LedgerKey): [kind: 'code' | 'cash' | 'cat' | 'id', value: string] =>
  'code' in k ? ['code', k.code] : 'cashAccountId' in k ? ['cash', k.cashAccountId] : 'expenseCategoryId' in k ? ['cat', k.expenseCategoryId] : ['id', k.accountId];

/** What one posting statement answers: the entry's id (none when nothing was posted), missing ledgers, stock residue. */
interface Posted extends Record<string, unknown> {
  id: string | null;
  missing: number;
  residue: string | null;
  answer?: string | null;
}

/**
 * Posts one entry: its lines (0-amount ones left out) must balance, else UnbalancedEntryError; stock leaving at
 * average cost (`costOut`) balances by itself. Stock in hand lines that name an item move that item's stock at cost
 * at the entry's branch. Answers the entry's id, or null when nothing was left to post (a document of ₹0).
 *
 * One statement does it all, whatever the number of lines: it finds each ledger by its key, takes the stock leaving
 * at its average cost (the rows locked), inserts the entry, its lines and the change of stock at cost, and answers
 * the items that change leaves holding less than nothing (written off by a second entry). When a ledger named does
 * not exist yet the statement writes nothing; the ledgers are made and it runs again.
 */
export async function post(tx: Tx, entry: NewEntry): Promise<string | null> {
  const lines = entry.lines.filter((l) => l.amount !== 0);
  const out = entry.costOut?.items.length ? entry.costOut : undefined;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new UnbalancedEntryError(`Not a whole number of paise: ${l.amount}`);
  }
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (total !== 0 || lines.length === 1) {
    throw new UnbalancedEntryError(`${entry.voucherType} ${entry.document?.number ?? ''}: debits and credits differ by ${fromPaise(total)}`);
  }
  if (lines.length === 0 && !out) {
    // Every ledger named exists afterwards, also one a line of 0 names (a new bank account without opening balance).
    await resolveLedgers(tx, entry.businessId, entry.lines.map((l) => l.ledger));
    if (entry.writeWith) await tx.execute(entry.writeWith.insert(sql`true`));
    return null;
  }
  const moveStock = lines.some((l) => l.itemId) || !!out;
  if (moveStock && !entry.branchId) throw new Error('Stock at cost moves at a branch');
  // The distinct ledgers named (lines of 0 too, so they exist afterwards), Stock in hand when an item moves.
  const named = [...entry.lines.map((l) => l.ledger), ...(out ? [out.counter] : []), ...(moveStock ? [{ code: 'STOCK' } as const] : [])];
  const keys = [...new Map(named.map((k) => [keyOf(k), k])).values()];
  const keyNo = new Map(keys.map((k, i) => [keyOf(k), i + 1]));
  const col = <T>(pick: (l: PostingLine) => T) => sql.param(lines.map(pick));
  const b = entry.businessId;
  const shape = `${moveStock ? 's' : ''}${out ? 'c' : ''}`;
  // The stock leaving, at the branch's average cost: each item's rows in order, each taking from what the one before left.
  const costing = out
    ? sql`, h as materialized (
      select item_id, round(quantity * 1000)::bigint as milli, round(value * 100)::bigint as paise from stock_costs
      where business_id = ${b} and branch_id = ${entry.branchId} and item_id = any(${sql.param(out.items.map((i) => i.itemId))}::uuid[])
      order by item_id for update
    ), w as (
      select w.item_id, w.milli, w.n, row_number() over (partition by w.item_id order by w.n) as r
      from unnest(${sql.param(out.items.map((i) => i.itemId))}::uuid[], ${sql.param(out.items.map((i) => i.quantityMilli))}::bigint[])
           with ordinality as w(item_id, milli, n)
    ), c as (
      select w.item_id, w.r, w.n, t.took, t.cost, held.held_milli - t.took as left_milli, held.held_paise - t.cost as left_paise
      from w left join h using (item_id)
           cross join lateral (select coalesce(h.milli, 0) as held_milli, coalesce(h.paise, 0) as held_paise) held
           cross join lateral ${takeAtAverage(sql`w.milli`, sql`held.held_milli`, sql`held.held_paise`)} t
      where w.r = 1
      union all
      select w.item_id, w.r, w.n, t.took, t.cost, c.left_milli - t.took, c.left_paise - t.cost
      from c join w on w.item_id = c.item_id and w.r = c.r + 1
           cross join lateral ${takeAtAverage(sql`w.milli`, sql`c.left_milli`, sql`c.left_paise`)} t
    ), x as (
      select f.key, f.party_id, f.item_id, f.milli, f.paise, row_number() over (order by f.part, f.n) as n
      from (select x.*, 0 as part from unnest(${col((l) => keyNo.get(keyOf(l.ledger))!)}::int[], ${col((l) => l.partyId ?? null)}::uuid[],
                                              ${col((l) => l.itemId ?? null)}::uuid[], ${col((l) => l.quantityMilli ?? null)}::bigint[],
                                              ${col((l) => l.amount)}::bigint[]) with ordinality as x(key, party_id, item_id, milli, paise, n)
            union all
            select ${keyNo.get(keyOf(out.counter))!}::int, null, null, null, sum(c.cost)::bigint, 0, 1 from c having sum(c.cost) <> 0
            union all
            select ${keyNo.get('code:STOCK')!}::int, null, c.item_id, -c.took, -c.cost, c.n, 1 from c where c.took > 0 and c.cost <> 0) f
    )`
    : sql`, x as (
      select * from unnest(${col((l) => keyNo.get(keyOf(l.ledger))!)}::int[], ${col((l) => l.partyId ?? null)}::uuid[], ${col((l) => l.itemId ?? null)}::uuid[],
                           ${col((l) => l.quantityMilli ?? null)}::bigint[], ${col((l) => l.amount)}::bigint[])
                    with ordinality as x(key, party_id, item_id, milli, paise, n)
    )`;
  const statement = sql`
    with ${out ? sql`recursive ` : sql``}k as (
      select k.n, case k.kind
          when 'code' then (select a.id from ${ledgerAccounts} a where a.business_id = ${b} and a.code = k.value)
          when 'cash' then (select a.id from ${ledgerAccounts} a where a.business_id = ${b} and a.cash_account_id = k.value::uuid)
          when 'cat' then (select a.id from ${ledgerAccounts} a where a.business_id = ${b} and a.expense_category_id = k.value::uuid)
          else k.value::uuid end as id
      from unnest(${sql.param(keys.map((k) => keyParts(k)[0]))}::text[], ${sql.param(keys.map((k) => keyParts(k)[1]))}::text[]) with ordinality as k(kind, value, n)
    )${costing}${
      entry.writeWith ? sql`, r as (${entry.writeWith.insert(sql`not exists (select 1 from k where k.id is null)`)})` : sql``
    }, e as (
      insert into ${journalEntries} (business_id, branch_id, date, voucher_type, document_type, document_id, document_number,
                                     transaction_id, narration, reverses_id, created_by, created_at)
      select ${b}::uuid, ${entry.branchId}::uuid, ${entry.date}::date, ${entry.voucherType}::text, ${entry.document?.type ?? null}::text,
             ${entry.document?.id ?? null}::uuid, ${entry.document?.number ?? null}::text, ${entry.transactionId ?? null}::uuid, ${entry.narration ?? null}::text,
             ${entry.reversesId ?? null}::uuid, ${entry.createdBy ?? null}::uuid, ${entry.now}::timestamptz
      where not exists (select 1 from k where k.id is null) and exists (select 1 from x)
      returning id, seq
    ), l as (
      insert into ${journalLines} (business_id, entry_id, line_no, account_id, party_id, item_id, quantity, date, branch_id, entry_seq, debit, credit)
      select ${b}::uuid, e.id, x.n, k.id, x.party_id, x.item_id, x.milli / 1000.0, ${entry.date}::date, ${entry.branchId}::uuid, e.seq,
             greatest(x.paise, 0) / 100.0, greatest(-x.paise, 0) / 100.0
      from e cross join x join k on k.n = x.key
    )${
      moveStock
        ? sql`, s as (
      insert into stock_costs as s (business_id, branch_id, item_id, quantity, value, updated_at)
      select ${b}::uuid, ${entry.branchId}::uuid, x.item_id, sum(coalesce(x.milli, 0)) / 1000.0, sum(x.paise) / 100.0, ${entry.now}::timestamptz
      from e cross join x join k on k.n = x.key
      where x.item_id is not null and k.id = (select id from k where n = ${keyNo.get('code:STOCK') ?? 0}::int)
      group by x.item_id
      on conflict (business_id, branch_id, item_id)
      do update set quantity = s.quantity + excluded.quantity, value = s.value + excluded.value, updated_at = excluded.updated_at
      returning item_id, quantity, value
    )`
        : sql``
    }
    select (select id from e) as id, (select count(*) from k where k.id is null)::int as missing,
           ${
             moveStock
               ? sql`(select json_agg(json_build_object('itemId', item_id, 'value', value::text) order by item_id)::text from s
                      where value < 0 or (quantity <= 0 and value <> 0))`
               : sql`null::text`
           } as residue${entry.writeWith?.answer ? sql`, ${entry.writeWith.answer.sql} as answer` : sql``}`;
  const name = `journal_post${shape ? `_${shape}` : ''}${entry.writeWith ? `_${entry.writeWith.name}${entry.writeWith.answer ? '_a' : ''}` : ''}`;
  const run = () => selectPrepared<Posted>(tx, name, statement);
  let [row] = await run();
  if (Number(row.missing) > 0) {
    await ensureLedgers(tx, b, ledgersNamed(keys));
    [row] = await run();
    if (Number(row.missing) > 0) throw new Error(`A ledger of ${entry.voucherType} ${entry.document?.number ?? ''} is missing for business ${b}`);
  }
  entry.writeWith?.answer?.take(row.answer ?? null);
  if (row.residue) await writeOffStockResidue(tx, entry, JSON.parse(row.residue) as Array<{ itemId: string; value: string }>);
  return row.id;
}

/**
 * Taking `want` thousandths of a unit out of `milli` held at `paise`, in SQL (integers): as much as is held at most,
 * at `paise × took / milli` rounded half away from zero; the last unit takes whatever value is left, so no paisa
 * stays behind on an empty shelf. Answers a row of (took, cost).
 */
function takeAtAverage(want: SQL, milli: SQL, paise: SQL): SQL {
  return sql`(select took, case when took = 0 then 0::bigint when took = ${milli} then ${paise}
                                else (case when ${paise} < 0 then -1 else 1 end * div(abs(${paise})::numeric * took * 2 + ${milli}, 2 * ${milli}::numeric))::bigint end as cost
              from (select greatest(0, least(${want}, ${milli}))::bigint as took) q)`;
}

/** The books' own ledgers, cash and bank accounts and expense categories that `keys` name. */
function ledgersNamed(keys: LedgerKey[]) {
  return {
    codes: [...new Set(keys.flatMap((k) => ('code' in k ? [k.code] : [])))],
    cash: [...new Set(keys.flatMap((k) => ('cashAccountId' in k ? [k.cashAccountId] : [])))],
    categories: [...new Set(keys.flatMap((k) => ('expenseCategoryId' in k ? [k.expenseCategoryId] : [])))],
  };
}

/**
 * Goods returned at what they cost (a cancelled purchase) can take more value out than the average left on the shelf:
 * what would leave a negative value, or a value without quantity (`off`, as the posting left them), goes to Cost of
 * goods sold, so stock at cost never holds less than nothing.
 */
async function writeOffStockResidue(tx: Tx, entry: NewEntry, off: Array<{ itemId: string; value: string }>) {
  const residue = off.reduce((sum, o) => sum + toPaise(o.value), 0);
  await post(tx, {
    ...entry,
    voucherType: 'STOCK_REVALUATION',
    writeWith: undefined,
    transactionId: null,
    reversesId: null,
    narration: 'Stock at cost written off to what is left on the shelf',
    lines: [
      ...off.map((o) => ({ ledger: { code: 'STOCK' } as const, amount: -toPaise(o.value), itemId: o.itemId, quantityMilli: 0 })),
      { ledger: { code: 'COGS' }, amount: residue },
    ],
  });
}

interface StoredLine extends Record<string, unknown> {
  account_id: string;
  party_id: string | null;
  item_id: string | null;
  quantity: string | null;
  debit: string;
  credit: string;
}

/**
 * Posts the reversal of an entry, dated `date` (the day of the cancel): every line on its other side. An entry is
 * reversed at most once (a unique key holds it). Answers the reversal's id.
 */
export async function reverse(
  tx: Tx,
  businessId: string,
  entryId: string,
  o: { date: string; narration: string | null; voucherType?: string; transactionId?: string | null; createdBy: string | null; now: Date },
): Promise<string | null> {
  const [head] = await selectRows<{ branch_id: string | null; voucher_type: string; document_type: string | null; document_id: string | null; document_number: string | null }>(
    tx,
    sql`select branch_id, voucher_type, document_type, document_id, document_number from journal_entries
        where business_id = ${businessId} and id = ${entryId}`,
  );
  if (!head) throw new Error(`No journal entry ${entryId}`);
  const lines = await selectRows<StoredLine>(
    tx,
    sql`select account_id, party_id, item_id, quantity::text as quantity, debit::text as debit, credit::text as credit
        from journal_lines where business_id = ${businessId} and entry_id = ${entryId} order by line_no`,
  );
  return post(tx, {
    businessId,
    branchId: head.branch_id,
    date: o.date,
    voucherType: o.voucherType ?? head.voucher_type,
    document: head.document_type && head.document_id ? { type: head.document_type, id: head.document_id, number: head.document_number } : null,
    transactionId: o.transactionId ?? null,
    narration: o.narration,
    reversesId: entryId,
    createdBy: o.createdBy,
    now: o.now,
    lines: lines.map((l) => ({
      ledger: { accountId: l.account_id },
      amount: toPaise(l.credit) - toPaise(l.debit),
      partyId: l.party_id,
      ...(l.item_id ? { itemId: l.item_id, quantityMilli: -Math.round(Number(l.quantity ?? 0) * 1000) } : {}),
    })),
  });
}

/** The ledger id of one of the books' own ledgers (made when missing). */
export async function systemLedgerId(tx: Tx, businessId: string, code: SystemLedgerCode): Promise<string> {
  return (await resolveLedgers(tx, businessId, [{ code }])).get(`code:${code}`)!;
}

/**
 * Reverses every entry a document posted by itself and that is not reversed yet (its payments are reversed with
 * their transactions), dated `date`. Answers how many.
 */
export async function reverseDocumentEntries(
  tx: Tx,
  businessId: string,
  document: { type: string; id: string },
  o: { date: string; narration: string; createdBy: string | null; now: Date },
): Promise<number> {
  const open = await openDocumentEntries(tx, businessId, document);
  for (const id of open) await reverse(tx, businessId, id, o);
  return open.length;
}

/** The entries a document posted by itself (not its payments) that are not reversed yet, in the order posted. */
export async function openDocumentEntries(tx: Tx, businessId: string, document: { type: string; id: string }): Promise<string[]> {
  const open = await selectRows<{ id: string }>(
    tx,
    sql`select e.id from journal_entries e
        where e.business_id = ${businessId} and e.document_type = ${document.type} and e.document_id = ${document.id}
          and e.transaction_id is null and e.reverses_id is null
          and not exists (select 1 from journal_entries r where r.business_id = e.business_id and r.reverses_id = e.id)
        order by e.seq`,
  );
  return open.map((e) => e.id);
}

/**
 * A bank account deleted before it was ever used: its opening balance is reversed (dated `date`) and its ledger
 * removed, or, when the opening balance left lines in the books, kept deactivated.
 */
export async function retireCashLedger(tx: Tx, businessId: string, accountId: string, o: { date: string; createdBy: string | null; now: Date }) {
  await reverseDocumentEntries(tx, businessId, { type: 'ACCOUNT', id: accountId }, { ...o, narration: 'Account deleted' });
  await tx.execute(sql`
    delete from ledger_accounts a where a.business_id = ${businessId} and a.cash_account_id = ${accountId}
      and not exists (select 1 from journal_lines l where l.business_id = a.business_id and l.account_id = a.id)`);
  await tx.execute(sql`update ledger_accounts set is_active = false where business_id = ${businessId} and cash_account_id = ${accountId}`);
}
