import { REPORT_PAGE_SIZE_DEFAULT, resolvePeriod, type ItemProfit, type ItemProfitQuery, type ItemProfitRow } from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inChunks, type ExportSheet } from './export';
import { selectRows } from '../../db/rows';
import { idMatch } from './filters';

/*
 * Item-wise profit (GET report/item-profit): what each item sold for and what it cost, both from the journal. Every
 * figure is summed by the database.
 */

/** One page of item-wise profit, most profitable first. */
async function profitRows(db: Db, grouped: SQL, limit: number, offset: number): Promise<ItemProfitRow[]> {
  const rows = await selectRows<{ item_id: string; item_name: string; quantity: string; sale_value: string; cost: string }>(
    db,
    sql`select g.item_id::text as item_id, g.item_name, g.quantity::text as quantity, g.sale_value::text as sale_value, g.cost::text as cost
        from (${grouped}) g order by g.sale_value - g.cost desc, lower(g.item_name), g.item_id
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => {
    const sale = toPaise(moneyText(r.sale_value));
    const profit = sale - toPaise(moneyText(r.cost));
    return {
      itemId: r.item_id,
      itemName: r.item_name,
      quantity: Number(r.quantity).toFixed(3),
      saleValue: moneyText(r.sale_value),
      cost: moneyText(r.cost),
      profit: fromPaise(profit),
      marginPercent: sale > 0 ? ((profit * 100) / sale).toFixed(2) : null,
    };
  });
}

export async function itemProfit(db: Db, businessId: string, q: ItemProfitQuery, today: string): Promise<ItemProfit> {
  return (await itemProfitWithRows(db, businessId, q, today)).report;
}

async function itemProfitWithRows(db: Db, businessId: string, q: ItemProfitQuery, today: string) {
  const { from, to } = resolvePeriod(q, today);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? REPORT_PAGE_SIZE_DEFAULT;
  // From the journal, item by item: the sale value is what SALE vouchers credited to Sales for the item, the cost
  // what they credited to Stock in hand for it (its moving average cost at the branch that day), each net of the
  // reversals of cancelled sales, which count on the day of the cancel (an item whose sales were all cancelled in
  // the period is left out). Quantity: what Sales names (a line at ₹0 posts no Sales line: then what left the shelf).
  const grouped = sql`
    select sold.item_id, i.name as item_name, sum(sold.quantity) as quantity, sum(sold.sale_value) as sale_value, sum(sold.cost) as cost
    from (
      select l.item_id,
             coalesce(-sum(l.quantity) filter (where a.code = 'SALES'), -sum(l.quantity) filter (where a.code = 'STOCK'), 0) as quantity,
             coalesce(sum(l.credit - l.debit) filter (where a.code = 'SALES'), 0) as sale_value,
             coalesce(sum(l.credit - l.debit) filter (where a.code = 'STOCK'), 0) as cost
      from journal_entries e
      join journal_lines l on l.business_id = e.business_id and l.entry_id = e.id and l.item_id is not null
      join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.code in ('SALES', 'STOCK')
      where e.business_id = ${businessId} and e.voucher_type = 'SALE' and e.document_type = 'SALE' and e.transaction_id is null
        and e.date between ${from} and ${to} and ${idMatch(sql.raw('e.branch_id'), q.branchId)} and ${idMatch(sql.raw('l.item_id'), q.itemId)}
      group by e.id, l.item_id
    ) sold
    join items i on i.business_id = ${businessId} and i.id = sold.item_id
    group by sold.item_id, i.name
    having sum(sold.quantity) <> 0 or sum(sold.sale_value) <> 0 or sum(sold.cost) <> 0`;
  const rows = await profitRows(db, grouped, pageSize, (page - 1) * pageSize);
  const [totals] = await selectRows<{ n: number; sale_value: string; cost: string }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(g.sale_value), 0)::text as sale_value, coalesce(sum(g.cost), 0)::text as cost from (${grouped}) g`,
  );
  const profitOf = (sale: string, cost: string) => fromPaise(toPaise(moneyText(sale)) - toPaise(moneyText(cost)));
  const report: ItemProfit = {
    rows,
    totals: { saleValue: moneyText(totals.sale_value), cost: moneyText(totals.cost), profit: profitOf(totals.sale_value, totals.cost) },
    meta: { total: Number(totals.n), page, pageSize, from, to },
  };
  return { report, read: (limit: number, offset: number) => profitRows(db, grouped, limit, offset) };
}

type ProfitTotals = ItemProfit['totals'];
const isProfitRow = (r: ItemProfitRow | ProfitTotals): r is ItemProfitRow => 'itemId' in r;

/** Item-wise profit as a file: every item sold in the period, the totals row. */
export async function itemProfitExport(db: Db, businessId: string, q: ItemProfitQuery, today: string) {
  const { report, read } = await itemProfitWithRows(db, businessId, { ...q, page: 1, pageSize: 1 }, today);
  const sheet: ExportSheet<ItemProfitRow | ProfitTotals> = {
    name: 'Item profit',
    columns: [
      { header: 'Item', kind: 'text', value: (r) => (isProfitRow(r) ? r.itemName : null), width: 28 },
      { header: 'Quantity', kind: 'quantity', value: (r) => (isProfitRow(r) ? r.quantity : null) },
      { header: 'Sale value', kind: 'money', value: (r) => r.saleValue },
      { header: 'Cost', kind: 'money', value: (r) => r.cost ?? null },
      { header: 'Profit', kind: 'money', value: (r) => r.profit ?? null },
      { header: 'Margin %', kind: 'count', value: (r) => (isProfitRow(r) ? (r.marginPercent ?? null) : null) },
    ],
    rows: inChunks(report.meta.total, read),
    totals: report.totals,
  };
  return { count: report.meta.total, sheet, report };
}
