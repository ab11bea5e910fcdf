import { REPORT_PAGE_SIZE_DEFAULT, type StockSummary, type StockSummaryQuery, type StockSummaryRow } from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inChunks, type ExportSheet } from './export';
import { selectRows } from '../../db/rows';
import { idMatch } from './filters';

/*
 * The stock summary (GET report/stock-summary): every product at every branch, its quantity and its value at cost.
 * Every figure is summed by the database.
 */

/** One page of the stock summary's rows (branch, then item name). */
async function stockRows(db: Db, filtered: SQL, limit: number, offset: number): Promise<StockSummaryRow[]> {
  const rows = await selectRows<Record<string, string | number | boolean | null>>(
    db,
    sql`select x.*, x.quantity::text as quantity, x.unit_cost::text as unit_cost, x.value::text as value
        from (${filtered}) x order by lower(x.branch_name), lower(x.item_name), x.item_id limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    branchId: String(r.branch_id),
    branchName: String(r.branch_name),
    itemId: String(r.item_id),
    itemName: String(r.item_name),
    itemCode: String(r.item_code),
    unit: r.unit === null ? null : String(r.unit),
    quantity: Number(r.quantity).toFixed(3),
    unitCost: moneyText(String(r.unit_cost)),
    value: moneyText(String(r.value)),
    alertQuantity: r.alert_quantity === null ? null : Number(r.alert_quantity),
    lowStock: Boolean(r.low_stock),
  }));
}

export async function stockSummary(db: Db, businessId: string, q: StockSummaryQuery): Promise<StockSummary> {
  return (await stockSummaryWithRows(db, businessId, q)).summary;
}

/** The stock summary (its first page) and a reader of any page of its rows, for an export. */
async function stockSummaryWithRows(db: Db, businessId: string, q: StockSummaryQuery) {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? REPORT_PAGE_SIZE_DEFAULT;
  // Every product at every branch (no stock row: 0 there); services hold no stock. Value and average cost are the
  // branch's stock at cost (moving weighted average, what the journal's Stock in hand holds for the item there).
  const base = sql`
    select b.id as branch_id, b.name as branch_name, i.id as item_id, i.name as item_name, i.code as item_code, i.unit_id as unit,
           coalesce(st.quantity, 0) as quantity,
           case when coalesce(sc.quantity, 0) > 0 then round(sc.value / sc.quantity, 2) else 0 end as unit_cost,
           coalesce(sc.value, 0) as value, i.alert_quantity,
           (i.is_alert_enabled and i.alert_quantity is not null and coalesce(st.quantity, 0) <= i.alert_quantity) as low_stock
    from items i
    join store_branches b on b.business_id = i.business_id
    left join item_stock st on st.business_id = i.business_id and st.item_id = i.id and st.branch_id = b.id
    left join stock_costs sc on sc.business_id = i.business_id and sc.item_id = i.id and sc.branch_id = b.id
    where i.business_id = ${businessId} and i.item_type = 'PRODUCT' and ${idMatch(sql.raw('b.id'), q.branchId)}`;
  const filtered = sql`select * from (${base}) x where ${q.lowStock === 'true' ? sql`x.low_stock` : sql`true`}`;
  const rows = await stockRows(db, filtered, pageSize, (page - 1) * pageSize);
  const branches = await selectRows<{ branch_id: string; branch_name: string; items: number; value: string; low: number }>(
    db,
    sql`select x.branch_id, x.branch_name, count(*)::int as items, coalesce(sum(x.value), 0)::text as value,
               (count(*) filter (where x.low_stock))::int as low
        from (${filtered}) x group by x.branch_id, x.branch_name order by lower(x.branch_name)`,
  );
  const total = branches.reduce((n, b) => n + Number(b.items), 0);
  const summary: StockSummary = {
    rows,
    branches: branches.map((b) => ({ branchId: b.branch_id, branchName: b.branch_name, items: Number(b.items), value: moneyText(b.value), lowStock: Number(b.low) })),
    totals: {
      value: fromPaise(branches.reduce((n, b) => n + toPaise(moneyText(b.value)), 0)),
      lowStock: branches.reduce((n, b) => n + Number(b.low), 0),
    },
    meta: { total, page, pageSize },
  };
  return { summary, read: (limit: number, offset: number) => stockRows(db, filtered, limit, offset) };
}

type StockTotals = StockSummary['totals'];
const isStockRow = (r: StockSummaryRow | StockTotals): r is StockSummaryRow => 'itemId' in r;
const stockCell = (fn: (r: StockSummaryRow) => string | null) => (r: StockSummaryRow | StockTotals) => (isStockRow(r) ? fn(r) : null);

/** The stock summary as a file: every row (not a page), the value total. */
export async function stockSummaryExport(db: Db, businessId: string, q: StockSummaryQuery) {
  const { summary, read } = await stockSummaryWithRows(db, businessId, { ...q, page: 1, pageSize: 1 });
  const sheet: ExportSheet<StockSummaryRow | StockTotals> = {
    name: 'Stock summary',
    columns: [
      { header: 'Item', kind: 'text', value: stockCell((r) => r.itemName), width: 28 },
      { header: 'Code', kind: 'text', value: stockCell((r) => r.itemCode) },
      { header: 'Branch', kind: 'text', value: stockCell((r) => r.branchName), width: 20 },
      { header: 'Unit', kind: 'text', value: stockCell((r) => r.unit) },
      { header: 'Quantity', kind: 'quantity', value: stockCell((r) => r.quantity) },
      { header: 'Unit cost', kind: 'money', value: stockCell((r) => r.unitCost ?? null) },
      { header: 'Value', kind: 'money', value: (r) => r.value ?? null },
      { header: 'Low stock', kind: 'text', value: stockCell((r) => (r.lowStock ? 'Yes' : null)) },
    ],
    rows: inChunks(summary.meta.total, read),
    totals: summary.totals,
  };
  return { count: summary.meta.total, sheet, summary };
}
