import {
  LEDGER_GROUPS,
  addDays,
  indiaToday,
  type AccountLedger,
  type BalanceSheet,
  type LedgerAccount,
  type LedgerNature,
  type LedgerTree,
  type ProfitLoss,
  type TrialBalance,
} from '@bahi/shared/contracts';
import { financialYearOf } from '@bahi/shared/gst';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { UUID } from '../../db/ids';
import { HttpError, badRequest } from '../../errors';
import { selectRows } from '../../db/rows';

/*
 * Everything the books show is read from the journal: a ledger's balance is the sum of its lines (positive = Dr),
 * the statements group those sums by the chart's groups. No document table is read here.
 */

export const LEDGER_NOT_FOUND = 'Ledger not found';

const GROUP = new Map<string, (typeof LEDGER_GROUPS)[number]>(LEDGER_GROUPS.map((g) => [g.code, g]));
const natureOf = (group: string): LedgerNature => GROUP.get(group)?.nature ?? 'ASSET';

interface LedgerRow extends Record<string, unknown> {
  id: string;
  name: string;
  group_code: string;
  code: string | null;
  cash_account_id: string | null;
  expense_category_id: string | null;
  is_active: boolean;
}

const toLedger = (r: LedgerRow, balance: number): LedgerAccount => ({
  id: r.id,
  name: r.name,
  group: r.group_code,
  nature: natureOf(r.group_code),
  code: r.code,
  cashAccountId: r.cash_account_id,
  expenseCategoryId: r.expense_category_id,
  isActive: Boolean(r.is_active),
  balance: fromPaise(balance),
});

/** A branch filter on journal lines `l`; a branch id that is not one matches nothing. */
const branchFilter = (branchId: string | undefined): SQL =>
  branchId === undefined ? sql`` : UUID.test(branchId) ? sql` and l.branch_id = ${branchId}` : sql` and false`;

interface Sums extends LedgerRow {
  before: string;
  debit: string;
  credit: string;
}

/**
 * Every ledger of the business with, over its lines up to `to` (and of `branchId`): the net before `from`, and the
 * debits and credits from `from` on. One grouped scan of the journal's day totals (migration 0040: each ledger's
 * lines summed by day and branch as they are posted), a few thousand rows a year however many lines.
 */
async function ledgerSums(db: Db | Tx, businessId: string, o: { from?: string; to: string; branchId?: string }): Promise<Sums[]> {
  const from = o.from ?? '0001-01-01';
  return selectRows<Sums>(
    db,
    sql`
    select a.id, a.name, a.group_code, a.code, a.cash_account_id, a.expense_category_id, a.is_active,
           coalesce(s.before, 0)::text as before, coalesce(s.debit, 0)::text as debit, coalesce(s.credit, 0)::text as credit
    from ledger_accounts a
    left join (
      select l.account_id,
             sum(l.debit - l.credit) filter (where l.date < ${from}) as before,
             sum(l.debit) filter (where l.date >= ${from}) as debit,
             sum(l.credit) filter (where l.date >= ${from}) as credit
      from journal_day_totals l
      where l.business_id = ${businessId} and l.date <= ${o.to}${branchFilter(o.branchId)}
      group by l.account_id
    ) s on s.account_id = a.id
    where a.business_id = ${businessId}
    order by a.group_code, lower(a.name)`,
  );
}

const net = (r: Sums) => toPaise(r.before) + toPaise(r.debit) - toPaise(r.credit);

/** ledger/accounts: the chart, group by group, each ledger with its balance as of `asOf` (today by default). */
export async function ledgerTree(db: Db, businessId: string, q: { asOf?: string; branchId?: string }, now: Date): Promise<LedgerTree> {
  const rows = await ledgerSums(db, businessId, { to: q.asOf ?? indiaToday(now), branchId: q.branchId });
  return {
    groups: LEDGER_GROUPS.map((g) => {
      const mine = rows.filter((r) => r.group_code === g.code);
      return {
        code: g.code,
        name: g.name,
        nature: g.nature,
        balance: fromPaise(mine.reduce((s, r) => s + net(r), 0)),
        ledgers: mine.map((r) => toLedger(r, net(r))),
      };
    }),
  };
}

/** One ledger with its balance today. */
export async function getLedgerAccount(db: Db | Tx, businessId: string, id: string, now: Date): Promise<LedgerAccount> {
  if (!UUID.test(id)) throw new HttpError(404, LEDGER_NOT_FOUND);
  const [row] = await selectRows<LedgerRow & { balance: string }>(
    db,
    sql`select a.id, a.name, a.group_code, a.code, a.cash_account_id, a.expense_category_id, a.is_active,
               coalesce((select sum(l.debit - l.credit) from journal_lines l
                         where l.business_id = a.business_id and l.account_id = a.id and l.date <= ${indiaToday(now)}), 0)::text as balance
        from ledger_accounts a where a.business_id = ${businessId} and a.id = ${id}`,
  );
  if (!row) throw new HttpError(404, LEDGER_NOT_FOUND);
  return toLedger(row, toPaise(row.balance));
}

const checkRange = (from: string | undefined, to: string | undefined) => {
  if (from && to && from > to) throw badRequest('From date cannot be after the to date', 'from');
};

/** ledger/account-ledger/:id: the opening balance before `from`, each line with its running balance, the closing. */
export async function accountLedger(
  db: Db,
  businessId: string,
  id: string,
  q: { from?: string; to?: string; branchId?: string },
  now: Date,
): Promise<AccountLedger> {
  checkRange(q.from, q.to);
  const account = await getLedgerAccount(db, businessId, id, now);
  const branch = branchFilter(q.branchId);
  const [open] = q.from
    ? await selectRows<{ opening: string }>(
        db,
        sql`select coalesce(sum(l.debit - l.credit), 0)::text as opening from journal_lines l
            where l.business_id = ${businessId} and l.account_id = ${id} and l.date < ${q.from}${branch}`,
      )
    : [{ opening: '0' }];
  const lines = await selectRows<{
    entry_id: string;
    date: string;
    voucher_type: string;
    document_type: string | null;
    document_id: string | null;
    document_number: string | null;
    narration: string | null;
    party_id: string | null;
    debit: string;
    credit: string;
  }>(
    db,
    sql`select l.entry_id, to_char(l.date, 'YYYY-MM-DD') as date, e.voucher_type, e.document_type, e.document_id, e.document_number,
               e.narration, l.party_id, l.debit::text as debit, l.credit::text as credit
        from journal_lines l
        join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id
        where l.business_id = ${businessId} and l.account_id = ${id}
          ${q.from ? sql`and l.date >= ${q.from}` : sql``} ${q.to ? sql`and l.date <= ${q.to}` : sql``}${branch}
        order by l.date, l.entry_seq, l.line_no`,
  );
  const opening = toPaise(open.opening);
  let running = opening;
  let debit = 0;
  let credit = 0;
  return {
    account,
    from: q.from ?? null,
    to: q.to ?? null,
    opening: fromPaise(opening),
    lines: lines.map((l) => {
      const d = toPaise(l.debit);
      const c = toPaise(l.credit);
      running += d - c;
      debit += d;
      credit += c;
      return {
        entryId: l.entry_id,
        date: l.date,
        voucherType: l.voucher_type,
        documentType: l.document_type,
        documentId: l.document_id,
        documentNumber: l.document_number,
        narration: l.narration,
        partyId: l.party_id,
        debit: fromPaise(d),
        credit: fromPaise(c),
        balance: fromPaise(running),
      };
    }),
    closing: fromPaise(running),
    totals: { debit: fromPaise(debit), credit: fromPaise(credit) },
  };
}

/**
 * report/trial-balance: every ledger with a balance or a movement, with its opening (before `from`, by default the
 * start of the financial year of `asOf`), the period's debits and credits, and its closing; the totals of debits and
 * of credits are equal because every entry is.
 */
export async function trialBalance(db: Db, businessId: string, q: { from?: string; asOf?: string; branchId?: string }, now: Date): Promise<TrialBalance> {
  const asOf = q.asOf ?? indiaToday(now);
  const from = q.from ?? financialYearOf(asOf).start;
  checkRange(from, asOf);
  const rows = (await ledgerSums(db, businessId, { from, to: asOf, branchId: q.branchId })).filter(
    (r) => toPaise(r.before) !== 0 || toPaise(r.debit) !== 0 || toPaise(r.credit) !== 0,
  );
  let debit = 0;
  let credit = 0;
  const out = rows.map((r) => {
    debit += toPaise(r.debit);
    credit += toPaise(r.credit);
    return {
      accountId: r.id,
      name: r.name,
      group: r.group_code,
      opening: fromPaise(toPaise(r.before)),
      debit: fromPaise(toPaise(r.debit)),
      credit: fromPaise(toPaise(r.credit)),
      closing: fromPaise(net(r)),
    };
  });
  return { asOf, rows: out, totals: { debit: fromPaise(debit), credit: fromPaise(credit) } };
}

/** The period's movement of each income and expense ledger: income as credit − debit, expenses as debit − credit. */
async function profitAndLoss(db: Db, businessId: string, from: string, to: string, branchId: string | undefined) {
  const rows = await ledgerSums(db, businessId, { from, to, branchId });
  const period = (r: Sums) => toPaise(r.debit) - toPaise(r.credit);
  const lines = (groups: string[], sign: 1 | -1) =>
    rows
      .filter((r) => groups.includes(r.group_code) && period(r) !== 0)
      .map((r) => ({ accountId: r.id, name: r.name, group: r.group_code, amount: sign * period(r) }));
  const sum = (ls: Array<{ amount: number }>) => ls.reduce((s, l) => s + l.amount, 0);
  const income = lines(['SALES_ACCOUNTS', 'INDIRECT_INCOMES'], -1);
  const expenses = lines(['DIRECT_EXPENSES', 'INDIRECT_EXPENSES'], 1);
  const sales = sum(income.filter((l) => l.group === 'SALES_ACCOUNTS'));
  const cogs = sum(expenses.filter((l) => rows.find((r) => r.id === l.accountId)?.code === 'COGS'));
  const direct = sum(expenses.filter((l) => l.group === 'DIRECT_EXPENSES')) - cogs;
  const grossProfit = sales - cogs - direct;
  const otherIncome = sum(income.filter((l) => l.group === 'INDIRECT_INCOMES'));
  const indirect = sum(expenses.filter((l) => l.group === 'INDIRECT_EXPENSES'));
  const money = (ls: typeof income) => ls.map((l) => ({ ...l, amount: fromPaise(l.amount) }));
  return {
    from,
    to,
    sales: fromPaise(sales),
    costOfGoodsSold: fromPaise(cogs),
    directExpenses: fromPaise(direct),
    grossProfit: fromPaise(grossProfit),
    otherIncome: fromPaise(otherIncome),
    expenses: fromPaise(indirect),
    netProfit: fromPaise(grossProfit + otherIncome - indirect),
    incomeLines: money(income),
    expenseLines: money(expenses),
  };
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The first day of the month `months` after (or, negative, before) the month of `date`. */
function monthStart(date: string, months: number): string {
  const [y, m] = date.split('-').map(Number);
  const index = y * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}
const monthsBetween = (from: string, to: string) => {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return ty * 12 + tm - (fy * 12 + fm) + 1;
};
const lastDayOfMonth = (date: string) => addDays(monthStart(date, 1), -1);
const sameDayYearBefore = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  const last = Number(lastDayOfMonth(`${y - 1}-${String(m).padStart(2, '0')}-01`).slice(8));
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
};

/**
 * The period a profit & loss account is compared with, as an accountant reads it: whole months against the same
 * number of months just before (November against October, a quarter against the quarter before); the financial year,
 * or the year to date, against the same dates of the year before; any other period
 * against the days of the same length just before it.
 */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  if (from === financialYearOf(to).start) return { from: sameDayYearBefore(from), to: sameDayYearBefore(to) };
  if (from.endsWith('-01') && to === lastDayOfMonth(to)) {
    const n = monthsBetween(from, to);
    return { from: monthStart(from, -n), to: addDays(from, -1) };
  }
  const previousTo = addDays(from, -1);
  return { from: addDays(previousTo, -daysBetween(from, to)), to: previousTo };
}

/**
 * report/profit-loss: the trading account (sales, cost of goods sold, gross profit) and the profit & loss account
 * (other income, expenses by ledger, net profit) of the period (this financial year to date by default), beside the
 * period before it (`previousPeriod`).
 */
export async function profitLoss(db: Db, businessId: string, q: { from?: string; to?: string; branchId?: string }, now: Date): Promise<ProfitLoss> {
  const to = q.to ?? indiaToday(now);
  const from = q.from ?? financialYearOf(to).start;
  checkRange(from, to);
  const before = previousPeriod(from, to);
  const [current, previous] = [await profitAndLoss(db, businessId, from, to, q.branchId), await profitAndLoss(db, businessId, before.from, before.to, q.branchId)];
  return { ...current, previous };
}

/**
 * report/balance-sheet: assets against liabilities, capital and the profit to date (every income less every
 * expense up to `asOf`, not yet carried to capital); `balanced` when the two sides are equal.
 */
export async function balanceSheet(db: Db, businessId: string, q: { asOf?: string }, now: Date): Promise<BalanceSheet> {
  const asOf = q.asOf ?? indiaToday(now);
  const rows = await ledgerSums(db, businessId, { to: asOf });
  const side = (nature: LedgerNature, sign: 1 | -1) => {
    const groups = LEDGER_GROUPS.filter((g) => g.nature === nature).map((g) => {
      const lines = rows
        .filter((r) => r.group_code === g.code && net(r) !== 0)
        .map((r) => ({ accountId: r.id, name: r.name, group: r.group_code, amount: sign * net(r) }));
      return { code: g.code, name: g.name, total: lines.reduce((s, l) => s + l.amount, 0), lines };
    });
    const total = groups.reduce((s, g) => s + g.total, 0);
    return {
      total,
      answer: {
        total: fromPaise(total),
        groups: groups
          .filter((g) => g.lines.length > 0)
          .map((g) => ({ ...g, total: fromPaise(g.total), lines: g.lines.map((l) => ({ ...l, amount: fromPaise(l.amount) })) })),
      },
    };
  };
  const assets = side('ASSET', 1);
  const liabilities = side('LIABILITY', -1);
  const capital = side('CAPITAL', -1);
  const profit = -rows.filter((r) => ['INCOME', 'EXPENSE'].includes(natureOf(r.group_code))).reduce((s, r) => s + net(r), 0);
  return {
    asOf,
    assets: assets.answer,
    liabilities: liabilities.answer,
    capital: capital.answer,
    profitToDate: fromPaise(profit),
    balanced: assets.total === liabilities.total + capital.total + profit,
  };
}
