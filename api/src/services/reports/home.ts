import { HOME_CHART_DAYS, addDays, type HomeFigures, type HomeFiguresQuery } from '@bahi/shared/contracts';
import { moneyText } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';
import { idMatch } from './filters';
import { stockSummary } from './stock-summary';
import { owedAndHeld, tradeTotals } from './summary';

/*
 * The home screen's figures (GET report/home): the day's sales and purchases, what is owed each way, cash and bank,
 * overdue invoices, low stock and the last 30 days, from the journal (overdue invoices are the invoices' own
 * balances, as their list shows them).
 */
export async function homeFigures(db: Db, businessId: string, q: HomeFiguresQuery, today: string): Promise<HomeFigures> {
  const first = addDays(today, -(HOME_CHART_DAYS - 1));
  const branch = (column: string) => idMatch(sql.raw(column), q.branchId);
  // Sales per day, and money received per day: debits to a cash or bank ledger in entries that credit Sundry
  // debtors (a receipt from a customer; its reversal takes it back on the day of the cancel).
  const days = await selectRows<{ date: string; sales: string; received: string }>(
    db,
    sql`with d as (select generate_series(${first}::date, ${today}::date, interval '1 day')::date as date),
        s as (select t.date, sum(t.amount) as amount from (${tradeTotals(businessId, 'SALE', sql`e.date between ${first} and ${today} and ${branch('e.branch_id')}`)}) t group by t.date),
        r as (select l.date, sum(l.debit - l.credit) as amount
              from journal_lines l
              join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.cash_account_id is not null
              where l.business_id = ${businessId} and l.date between ${first} and ${today} and ${branch('l.branch_id')}
                and exists (select 1 from journal_lines dl
                            join ledger_accounts da on da.business_id = dl.business_id and da.id = dl.account_id and da.code = 'DEBTORS'
                            where dl.business_id = l.business_id and dl.entry_id = l.entry_id)
              group by l.date)
        select to_char(d.date, 'YYYY-MM-DD') as date, coalesce(s.amount, 0)::text as sales, coalesce(r.amount, 0)::text as received
        from d left join s on s.date = d.date left join r on r.date = d.date order by d.date`,
  );
  const [purchases] = await selectRows<{ amount: string }>(
    db,
    sql`select coalesce(sum(t.amount), 0)::text as amount from (${tradeTotals(businessId, 'PURCHASE', sql`e.date = ${today} and ${branch('e.branch_id')}`)}) t`,
  );
  const [overdue] = await selectRows<{ n: number; amount: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(s.grand_total - s.received), 0)::text as amount from sale_invoices s
        where s.business_id = ${businessId} and s.status in ('UNPAID', 'PARTIAL') and s.due_date < ${today} and ${branch('s.branch_id')}`,
  );
  const owed = await owedAndHeld(db, businessId, today);
  const stock = await stockSummary(db, businessId, { branchId: q.branchId, lowStock: 'true', pageSize: 1 });
  const last = days[days.length - 1];
  return {
    date: today,
    branchId: q.branchId ?? null,
    salesToday: moneyText(last?.date === today ? last.sales : '0'),
    purchasesToday: moneyText(purchases.amount),
    toReceive: owed.receivable,
    toPay: owed.payable,
    cashAndBank: owed.cashAndBank.total,
    overdue: { invoices: Number(overdue.n), amount: moneyText(overdue.amount) },
    lowStockItems: stock.branches.reduce((n, b) => n + b.lowStock, 0),
    days: days.map((d) => ({ date: d.date, sales: moneyText(d.sales), received: moneyText(d.received) })),
  };
}
