import { SYSTEM_LEDGERS, type SystemLedgerCode } from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { booksOpened, journalEntries, journalLines, ledgerAccounts } from '../../db/schema';
import { selectRows } from '../documents/rows';

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
  const codes = [...new Set(keys.flatMap((k) => ('code' in k ? [k.code] : [])))];
  const cash = [...new Set(keys.flatMap((k) => ('cashAccountId' in k ? [k.cashAccountId] : [])))];
  const categories = [...new Set(keys.flatMap((k) => ('expenseCategoryId' in k ? [k.expenseCategoryId] : [])))];
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

/**
 * Posts one entry: its lines (0-amount ones left out) must balance, else UnbalancedEntryError. Stock in hand lines
 * that name an item move that item's stock at cost at the entry's branch. Answers the entry's id, or null when
 * nothing was left to post (a document of ₹0).
 */
export async function post(tx: Tx, entry: NewEntry): Promise<string | null> {
  // Every ledger named exists afterwards, also one a line of 0 names (a new bank account without opening balance).
  const ids = await resolveLedgers(tx, entry.businessId, [...entry.lines.map((l) => l.ledger), ...(entry.lines.some((l) => l.itemId) ? [{ code: 'STOCK' } as const] : [])]);
  const lines = entry.lines.filter((l) => l.amount !== 0);
  if (lines.length === 0) return null;
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amount)) throw new UnbalancedEntryError(`Not a whole number of paise: ${l.amount}`);
  }
  const total = lines.reduce((s, l) => s + l.amount, 0);
  if (total !== 0 || lines.length < 2) {
    throw new UnbalancedEntryError(`${entry.voucherType} ${entry.document?.number ?? ''}: debits and credits differ by ${fromPaise(total)}`);
  }
  const [row] = await tx
    .insert(journalEntries)
    .values({
      businessId: entry.businessId,
      branchId: entry.branchId,
      date: entry.date,
      voucherType: entry.voucherType,
      documentType: entry.document?.type ?? null,
      documentId: entry.document?.id ?? null,
      documentNumber: entry.document?.number ?? null,
      transactionId: entry.transactionId ?? null,
      narration: entry.narration ?? null,
      reversesId: entry.reversesId ?? null,
      createdBy: entry.createdBy ?? null,
      createdAt: entry.now,
    })
    .returning({ id: journalEntries.id, seq: journalEntries.seq });
  await tx.insert(journalLines).values(
    lines.map((l, i) => {
      const accountId = ids.get(keyOf(l.ledger));
      if (!accountId) throw new Error(`No ledger ${keyOf(l.ledger)} for business ${entry.businessId}`);
      return {
        businessId: entry.businessId,
        entryId: row.id,
        lineNo: i + 1,
        accountId,
        partyId: l.partyId ?? null,
        itemId: l.itemId ?? null,
        quantity: l.quantityMilli === undefined ? null : (l.quantityMilli / 1000).toFixed(3),
        date: entry.date,
        branchId: entry.branchId,
        entrySeq: row.seq,
        debit: fromPaise(Math.max(l.amount, 0)),
        credit: fromPaise(Math.max(-l.amount, 0)),
      };
    }),
  );
  const stockLedger = ids.get('code:STOCK');
  const stock = lines.filter((l) => l.itemId && ids.get(keyOf(l.ledger)) === stockLedger);
  if (stock.length) {
    if (!entry.branchId) throw new Error('Stock at cost moves at a branch');
    await tx.execute(sql`
      insert into stock_costs as s (business_id, branch_id, item_id, quantity, value, updated_at)
      select ${entry.businessId}::uuid, ${entry.branchId}::uuid, w.item_id, sum(w.milli) / 1000.0, sum(w.paise) / 100.0, ${entry.now}
      from unnest(${sql.param(stock.map((l) => l.itemId!))}::uuid[], ${sql.param(stock.map((l) => l.quantityMilli ?? 0))}::bigint[],
                  ${sql.param(stock.map((l) => l.amount))}::bigint[]) as w(item_id, milli, paise)
      group by w.item_id
      on conflict (business_id, branch_id, item_id)
      do update set quantity = s.quantity + excluded.quantity, value = s.value + excluded.value, updated_at = excluded.updated_at`);
    await writeOffStockResidue(tx, entry, [...new Set(stock.map((l) => l.itemId!))]);
  }
  return row.id;
}

/**
 * Goods returned at what they cost (a cancelled purchase) can take more value out than the average left on the shelf:
 * what would leave a negative value, or a value without quantity, goes to Cost of goods sold, so stock at cost never
 * holds less than nothing.
 */
async function writeOffStockResidue(tx: Tx, entry: NewEntry, itemIds: string[]) {
  const off = await selectRows<{ item_id: string; value: string }>(
    tx,
    sql`select item_id, value::text as value from stock_costs
        where business_id = ${entry.businessId} and branch_id = ${entry.branchId} and item_id = any(${sql.param(itemIds)}::uuid[])
          and (value < 0 or (quantity <= 0 and value <> 0))`,
  );
  if (off.length === 0) return;
  const residue = off.reduce((sum, o) => sum + toPaise(o.value), 0);
  await post(tx, {
    ...entry,
    voucherType: 'STOCK_REVALUATION',
    transactionId: null,
    reversesId: null,
    narration: 'Stock at cost written off to what is left on the shelf',
    lines: [
      ...off.map((o) => ({ ledger: { code: 'STOCK' } as const, amount: -toPaise(o.value), itemId: o.item_id, quantityMilli: 0 })),
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
  const open = await selectRows<{ id: string }>(
    tx,
    sql`select e.id from journal_entries e
        where e.business_id = ${businessId} and e.document_type = ${document.type} and e.document_id = ${document.id}
          and e.transaction_id is null and e.reverses_id is null
          and not exists (select 1 from journal_entries r where r.business_id = e.business_id and r.reverses_id = e.id)
        order by e.seq`,
  );
  for (const e of open) await reverse(tx, businessId, e.id, o);
  return open.length;
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
