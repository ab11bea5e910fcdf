import { randomUUID } from 'node:crypto';
import { indiaToday, type CreateJournalRequest, type CreateLedgerAccountRequest, type JournalEntry, type LedgerAccount, type UpdateLedgerAccountRequest } from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { UUID } from '../../db/ids';
import { ledgerAccounts } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { JOURNAL_PREFIX, takeNumber } from '../documents/numbering';
import { withIdempotency } from '../idempotency';
import { post } from './journal';
import { postOpeningBalance } from './postings';
import { LEDGER_NOT_FOUND, getLedgerAccount } from './statements';
import { selectRows } from '../../db/rows';
import { checkBooksOpen } from '../documents/dates';

/*
 * What the user does in the books by hand: add a ledger under a group (a loan, a fixed asset, drawings), rename or
 * deactivate one, and post a journal voucher (depreciation, capital introduced, a correction).
 */

export interface LedgerContext {
  db: Db;
  businessId: string;
  userId: string;
  now: Date;
}

/** Groups whose ledgers the books keep themselves: a party's, a cash or bank account's, an item's stock. */
const KEPT_GROUPS: Record<string, string> = {
  CASH_IN_HAND: 'Cash in hand is the business’s cash account',
  BANK_ACCOUNTS: 'Add a bank account under Cash & bank: its ledger comes with it',
  SUNDRY_DEBTORS: 'Every party is its own sub-ledger of Sundry debtors',
  SUNDRY_CREDITORS: 'Every party is its own sub-ledger of Sundry creditors',
  STOCK_IN_HAND: 'Stock in hand moves with purchases, sales and stock entries',
};

async function assertNameFree(tx: Tx, businessId: string, name: string, exceptId?: string) {
  const [clash] = await selectRows<{ id: string }>(
    tx,
    sql`select id from ledger_accounts where business_id = ${businessId} and lower(name) = lower(${name})
        ${exceptId ? sql`and id <> ${exceptId}` : sql``}`,
  );
  if (clash) throw conflict(`A ledger named ${name} already exists`, 'name');
}

/** ledger/create-account: a ledger of the user's under a group, with its opening balance against Opening balance equity. */
export async function createLedgerAccount(ctx: LedgerContext, body: CreateLedgerAccountRequest, key: string | undefined): Promise<LedgerAccount> {
  const { db, businessId, now } = ctx;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'ledger.create-account', body, resourceId: id, now }, async (tx) => {
    if (KEPT_GROUPS[body.group]) throw badRequest(KEPT_GROUPS[body.group], 'group');
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledgers:${businessId}`}))`);
    await assertNameFree(tx, businessId, body.name);
    await tx.insert(ledgerAccounts).values({ businessId, id, name: body.name, groupCode: body.group, createdAt: now, updatedAt: now });
    const opening = toPaise(body.openingBalance ?? '0');
    await postOpeningBalance(tx, {
      businessId,
      ledger: { accountId: id },
      amount: opening,
      date: body.asOfDate ?? indiaToday(now),
      document: { type: 'LEDGER', id, number: null },
      narration: `Opening balance of ${body.name}`,
      createdBy: ctx.userId,
      now,
    });
  });
  return getLedgerAccount(db, businessId, result.resourceId, now);
}

/** ledger/update-account/:id: the user's own ledgers are renamed; any but the books' own may be deactivated. */
export async function updateLedgerAccount(ctx: LedgerContext, id: string, body: UpdateLedgerAccountRequest): Promise<LedgerAccount> {
  const { db, businessId, now } = ctx;
  await db.transaction(async (tx) => {
    const [row] = UUID.test(id)
      ? await tx
          .select()
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.businessId, businessId), eq(ledgerAccounts.id, id)))
          .for('update')
      : [];
    if (!row) throw new HttpError(404, LEDGER_NOT_FOUND);
    const kept = row.code !== null || row.cashAccountId !== null || row.expenseCategoryId !== null;
    if (kept && body.name !== undefined && body.name !== row.name) {
      throw conflict(`${row.name} is named by the books (or by its account or category) and keeps its name`, 'name');
    }
    if (row.code !== null && body.isActive === false) throw conflict(`${row.name} is one of the books’ own ledgers and stays active`, 'isActive');
    if (body.name !== undefined) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ledgers:${businessId}`}))`);
      await assertNameFree(tx, businessId, body.name, id);
    }
    await tx
      .update(ledgerAccounts)
      .set({ ...(body.name !== undefined ? { name: body.name } : {}), ...(body.isActive !== undefined ? { isActive: body.isActive } : {}), updatedAt: now })
      .where(and(eq(ledgerAccounts.businessId, businessId), eq(ledgerAccounts.id, id)));
  });
  return getLedgerAccount(db, businessId, id, now);
}

/**
 * ledger/create-journal: a journal voucher numbered JV/26-27/n. Refused with 400 unless every line has exactly one
 * side and the debits equal the credits. A party goes only on Sundry debtors or creditors; Stock in hand moves only
 * with stock, and a cash or bank account only with its own transactions (its list and the cash-never-below-zero rule
 * read them), so a journal touches neither.
 */
export async function createJournal(ctx: LedgerContext, body: CreateJournalRequest, key: string | undefined): Promise<JournalEntry> {
  const { db, businessId, now } = ctx;
  const date = body.date ?? indiaToday(now);
  const amounts = body.lines.map((l, i) => {
    const debit = l.debit === undefined ? 0 : toPaise(l.debit);
    const credit = l.credit === undefined ? 0 : toPaise(l.credit);
    if ((debit > 0) === (credit > 0)) throw badRequest('Each line has either a debit or a credit, not both and not neither', `lines.${i}.debit`);
    return debit - credit;
  });
  const difference = amounts.reduce((s, a) => s + a, 0);
  if (difference !== 0) {
    throw badRequest(`Debits and credits must be equal: they differ by ₹${fromPaise(Math.abs(difference))}`, 'lines');
  }
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'ledger.create-journal', body, resourceId: id, now }, async (tx) => {
    await checkBooksOpen(tx, businessId, date, 'date');
    const ledgers = await selectRows<{ id: string; name: string; code: string | null; cash_account_id: string | null; is_active: boolean }>(
      tx,
      sql`select id, name, code, cash_account_id, is_active from ledger_accounts
          where business_id = ${businessId} and id = any(${sql.param(body.lines.map((l) => l.accountId))}::uuid[])`,
    );
    const parties = new Set(
      (
        await selectRows<{ id: string }>(
          tx,
          sql`select id from parties where business_id = ${businessId}
              and id = any(${sql.param(body.lines.flatMap((l) => (l.partyId ? [l.partyId] : [])))}::uuid[])`,
        )
      ).map((p) => p.id),
    );
    body.lines.forEach((l, i) => {
      const ledger = ledgers.find((x) => x.id === l.accountId);
      if (!ledger) throw new HttpError(404, LEDGER_NOT_FOUND, `lines.${i}.accountId`);
      if (!ledger.is_active) throw conflict(`${ledger.name} is deactivated: activate it to post to it`, `lines.${i}.accountId`);
      if (ledger.cash_account_id) {
        throw badRequest(`Money into or out of ${ledger.name} is entered under Cash & bank (a payment, a transfer, an adjustment)`, `lines.${i}.accountId`);
      }
      if (ledger.code === 'STOCK') throw badRequest('Stock in hand moves with purchases, sales and stock entries, not by a journal', `lines.${i}.accountId`);
      const partyLedger = ledger.code === 'DEBTORS' || ledger.code === 'CREDITORS';
      if (l.partyId && !partyLedger) throw badRequest('A party goes only on Sundry debtors or Sundry creditors', `lines.${i}.partyId`);
      if (l.partyId && !parties.has(l.partyId)) throw new HttpError(404, 'Party not found', `lines.${i}.partyId`);
    });
    let branchId: string | null = null;
    if (body.branchId) {
      const [branch] = await selectRows<{ id: string }>(tx, sql`select id from store_branches where business_id = ${businessId} and id = ${body.branchId}`);
      if (!branch) throw new HttpError(404, 'Branch not found', 'branchId');
      branchId = branch.id;
    }
    const number = await takeNumber(tx, businessId, { kind: 'JOURNAL', prefix: JOURNAL_PREFIX, date, branchName: 'the business' });
    await post(tx, {
      businessId,
      branchId,
      date,
      voucherType: 'JOURNAL',
      document: { type: 'JOURNAL', id, number: number.number },
      narration: body.narration,
      createdBy: ctx.userId,
      now,
      lines: body.lines.map((l, i) => ({ ledger: { accountId: l.accountId }, amount: amounts[i], partyId: l.partyId ?? null })),
    });
  });
  return getJournal(db, businessId, result.resourceId);
}

/** A journal voucher by its id (the document id its entry carries). */
export async function getJournal(db: Db, businessId: string, id: string): Promise<JournalEntry> {
  const rows = await selectRows<{
    id: string;
    date: string;
    voucher_type: string;
    document_type: string | null;
    document_id: string | null;
    document_number: string | null;
    narration: string | null;
    branch_id: string | null;
    reverses_id: string | null;
    account_id: string;
    account_name: string;
    party_id: string | null;
    debit: string;
    credit: string;
  }>(
    db,
    sql`select e.id, to_char(e.date, 'YYYY-MM-DD') as date, e.voucher_type, e.document_type, e.document_id, e.document_number, e.narration,
               e.branch_id, e.reverses_id, l.account_id, a.name as account_name, l.party_id, l.debit::text as debit, l.credit::text as credit
        from journal_entries e
        join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id
        join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id
        where e.business_id = ${businessId} and e.document_type = 'JOURNAL' and e.document_id = ${id} and e.reverses_id is null
        order by l.line_no`,
  );
  if (rows.length === 0) throw new HttpError(404, 'Journal not found');
  const h = rows[0];
  return {
    id: h.document_id ?? h.id,
    date: h.date,
    voucherType: h.voucher_type,
    documentType: h.document_type,
    documentId: h.document_id,
    documentNumber: h.document_number,
    narration: h.narration,
    branchId: h.branch_id,
    reversesId: h.reverses_id,
    lines: rows.map((r) => ({
      accountId: r.account_id,
      accountName: r.account_name,
      partyId: r.party_id,
      debit: fromPaise(toPaise(r.debit)),
      credit: fromPaise(toPaise(r.credit)),
    })),
  };
}
