import { resolvePeriod, type PeriodQuery, type ReportSummary } from '@bahi/shared/contracts';
import { financialYearOf } from '@bahi/shared/gst';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listAccounts } from '../accounts';
import { selectRows } from '../../db/rows';


/*
 * The reports home (GET report/summary): sales and purchases of the period from the journal, what is owed each way,
 * * cash and bank, stock at cost, and the financial year month by month. Every figure is summed by the database.
 */

/**
 * What the journal says was sold (bought) on each day, rows (date, branch_id, amount): the party side of every SALE
 * (PURCHASE) voucher — Dr Sundry debtors (Cr Sundry creditors) the document's grand total, round-off included — and
 * of its reversal, which takes it back on the day of the cancel. `where` narrows the entries (alias e).
 */
export function tradeTotals(businessId: string, kind: 'SALE' | 'PURCHASE', where: SQL): SQL {
  return sql`
    select e.date, e.branch_id, ${kind === 'SALE' ? sql`l.debit - l.credit` : sql`l.credit - l.debit`} as amount
    from journal_entries e
    join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id
    join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.code = ${kind === 'SALE' ? 'DEBTORS' : 'CREDITORS'}
    where e.business_id = ${businessId} and e.voucher_type = ${kind} and e.document_type = ${kind} and e.transaction_id is null and ${where}`;
}

export async function reportSummary(db: Db, businessId: string, q: PeriodQuery, today: string): Promise<ReportSummary> {
  const { from, to } = resolvePeriod(q, today);
  const fy = financialYearOf(to);
  // Money from the journal: sales and purchases of each day of the financial year and of the period (the period may
  // reach outside the year). The counts are of the documents dated in the period and not cancelled.
  const lo = from < fy.start ? from : fy.start;
  const hi = to > fy.end ? to : fy.end;
  const traded = await selectRows<{ kind: string; month: string; period: string; year: string }>(
    db,
    sql`select t.kind, to_char(t.date, 'YYYY-MM') as month,
               coalesce(sum(t.amount) filter (where t.date between ${from} and ${to}), 0)::text as period,
               coalesce(sum(t.amount) filter (where t.date between ${fy.start} and ${fy.end}), 0)::text as year
        from (select 'SALE' as kind, s.* from (${tradeTotals(businessId, 'SALE', sql`e.date between ${lo} and ${hi}`)}) s
              union all
              select 'PURCHASE', p.* from (${tradeTotals(businessId, 'PURCHASE', sql`e.date between ${lo} and ${hi}`)}) p) t
        group by 1, 2`,
  );
  const periodTotal = (kind: string) => fromPaise(traded.filter((r) => r.kind === kind).reduce((n, r) => n + toPaise(moneyText(r.period)), 0));
  const [counts] = await selectRows<{ sales: number; bills: number }>(
    db,
    sql`select (select count(*)::int from sale_invoices s
                where s.business_id = ${businessId} and s.invoice_date between ${from} and ${to} and s.status <> 'CANCELLED') as sales,
               (select count(*)::int from purchase_invoices b
                where b.business_id = ${businessId} and b.bill_date between ${from} and ${to} and b.status <> 'CANCELLED') as bills`,
  );
  const owed = await owedAndHeld(db, businessId, today);
  const months = await selectRows<{ month: string; n: number }>(
    db,
    sql`select to_char(s.invoice_date, 'YYYY-MM') as month, count(*)::int as n
        from sale_invoices s
        where s.business_id = ${businessId} and s.invoice_date between ${fy.start} and ${fy.end} and s.status <> 'CANCELLED'
        group by 1`,
  );
  const invoicesByMonth = new Map(months.map((r) => [r.month, Number(r.n)]));
  const yearOf = (kind: string, month: string) => moneyText(traded.find((r) => r.kind === kind && r.month === month)?.year ?? '0');
  const salesByMonth = Array.from({ length: 12 }, (_, i) => {
    const y = Number(fy.start.slice(0, 4)) + (i >= 9 ? 1 : 0);
    const month = `${y}-${String(((i + 3) % 12) + 1).padStart(2, '0')}`;
    return { month, invoices: invoicesByMonth.get(month) ?? 0, grandTotal: yearOf('SALE', month), purchases: yearOf('PURCHASE', month) };
  });
  return {
    from,
    to,
    sales: { invoices: Number(counts.sales), grandTotal: periodTotal('SALE') },
    purchases: { bills: Number(counts.bills), grandTotal: periodTotal('PURCHASE') },
    receivable: owed.receivable,
    payable: owed.payable,
    cashAndBank: owed.cashAndBank,
    stockValue: owed.stockValue,
    salesByMonth,
  };
}

/**
 * What is owed each way and what is held now, from the journal: each party's sub-ledger (what it owes, or is owed),
 * what walk-in customers owe (Sundry debtors without a party), every cash and bank account, and Stock in hand at
 * cost, all as of today (money dated later is not owed yet).
 */
export async function owedAndHeld(db: Db, businessId: string, today: string) {
  const [owed] = await selectRows<{ receivable: string; payable: string; walkin: string; stock: string }>(
    db,
    sql`select coalesce(sum(greatest(b.balance, 0)), 0)::text as receivable, coalesce(sum(greatest(-b.balance, 0)), 0)::text as payable,
               (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l
                join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.code = 'DEBTORS'
                where l.business_id = ${businessId} and l.party_id is null and l.date <= ${today})::text as walkin,
               (select coalesce(sum(l.debit - l.credit), 0) from journal_lines l
                join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.code = 'STOCK'
                where l.business_id = ${businessId})::text as stock
        from (select sum(l.debit - l.credit) as balance from journal_lines l
              where l.business_id = ${businessId} and l.party_id is not null and l.date <= ${today} group by l.party_id) b`,
  );
  const accounts = await listAccounts(db, businessId, today);
  const cash = accounts.filter((x) => x.type === 'CASH').reduce((n, x) => n + toPaise(x.balance), 0);
  const bank = accounts.filter((x) => x.type === 'BANK').reduce((n, x) => n + toPaise(x.balance), 0);
  return {
    receivable: fromPaise(toPaise(moneyText(owed.receivable)) + toPaise(moneyText(owed.walkin))),
    payable: moneyText(owed.payable),
    cashAndBank: { cash: fromPaise(cash), bank: fromPaise(bank), total: fromPaise(cash + bank) },
    stockValue: moneyText(owed.stock),
  };
}
