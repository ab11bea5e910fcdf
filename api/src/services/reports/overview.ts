import {
  DAY_BOOK_MAX,
  REPORT_PAGE_SIZE_DEFAULT,
  resolvePeriod,
  type DayBook,
  type DayBookEntry,
  type DayBookQuery,
  type ItemProfit,
  type ItemProfitQuery,
  type ItemProfitRow,
  type PeriodQuery,
  type ReportSummary,
  type StockSummary,
  type StockSummaryQuery,
  type StockSummaryRow,
  voucherTypeLabel,
} from '@bahi/shared/contracts';
import { financialYearOf } from '@bahi/shared/gst';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listAccounts } from '../accounts';
import { inChunks, type ExportSheet } from './export';
import { UUID } from '../../db/ids';
import { selectRows } from '../../db/rows';

/*
 * The reports home, stock summary, day book and item-wise profit. Every figure is summed by the
 * database.
 */

const idMatch = (column: SQL, id: string | undefined) => (id === undefined ? sql`true` : UUID.test(id) ? sql`${column} = ${id}` : sql`false`);

// ---------------------------------------------------------------------------------------------------------------
// GET report/summary

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
  // From the journal: each party's sub-ledger (what it owes, or is owed), what walk-in customers owe (Sundry debtors
  // without a party), and Stock in hand at cost, all as of today (money dated later is not owed yet).
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
    receivable: fromPaise(toPaise(moneyText(owed.receivable)) + toPaise(moneyText(owed.walkin))),
    payable: moneyText(owed.payable),
    cashAndBank: { cash: fromPaise(cash), bank: fromPaise(bank), total: fromPaise(cash + bank) },
    stockValue: moneyText(owed.stock),
    salesByMonth,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// GET report/stock-summary

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
      { header: 'Unit cost', kind: 'money', value: stockCell((r) => r.unitCost) },
      { header: 'Value', kind: 'money', value: (r) => r.value },
      { header: 'Low stock', kind: 'text', value: stockCell((r) => (r.lowStock ? 'Yes' : null)) },
    ],
    rows: inChunks(summary.meta.total, read),
    totals: summary.totals,
  };
  return { count: summary.meta.total, sheet, summary };
}

// ---------------------------------------------------------------------------------------------------------------
// GET report/day-book

/** A sale note's type in the day book (its journal's document type), and the sign of its amount there. */
const noteType = (alias: string) => sql.raw(`case ${alias}.note_type when 'CREDIT' then 'CREDIT_NOTE' else 'DEBIT_NOTE' end`);
const noteSign = (alias: string) => sql.raw(`(case ${alias}.note_type when 'CREDIT' then -1 else 1 end)`);

export async function dayBook(db: Db, businessId: string, q: DayBookQuery, today: string): Promise<DayBook> {
  const date = q.date ?? today;
  const branch = idMatch(sql.raw('d.branch_id'), q.branchId);
  // Money movements belong to the branch of their journal entry (a payment against a document: the document's; a
  // party's payment: the branch it was taken at; an expense: its own); without a branch filter, every one of the day.
  const moneyBranch =
    q.branchId === undefined
      ? sql`true`
      : sql`exists (select 1 from journal_entries j where j.business_id = t.business_id and j.transaction_id = t.id and ${idMatch(sql.raw('j.branch_id'), q.branchId)})`;
  // Expenses are listed by their payment (an EXPENSE account transaction). Stock changes made by a document are that
  // document's (the sale or bill is listed), so only the others are listed here. A sale or bill cancelled on this day
  // is listed again on it as SALE_CANCELLED (PURCHASE_CANCELLED), its grand total taken back: its reversal in the
  // journal is dated the day of the cancel, so the day's listed amounts add up to the journal's. Credit and debit
  // notes are listed on their date with their grand total, taken off for what goes back (a credit note on a sale, a
  // purchase debit note) and added for a debit note on a sale; their stock movements and refunds are theirs (the
  // refund is listed as its movement of money), and a note cancelled on this day is listed again, taken back.
  const reversalBranch = idMatch(sql.raw('e.branch_id'), q.branchId);
  const rows = await selectRows<Record<string, string | null>>(
    db,
    sql`select * from (
          select d.created_at as at, 'SALE' as type, 'SALE' as document_type, d.id::text as document_id, d.invoice_number as document_number,
                 d.party_name, d.grand_total::text as amount, null::text as money_in, null::text as money_out, null::text as account_name, d.status,
                 0::bigint as seq, null::text as description
          from sale_invoices d where d.business_id = ${businessId} and d.invoice_date = ${date} and ${branch}
          union all
          select d.created_at, 'PURCHASE', 'PURCHASE', d.id::text, d.reference_number, d.party_name, d.grand_total::text, null, null, null, d.status, 0,
                 'Bill ' || d.bill_number
          from purchase_invoices d where d.business_id = ${businessId} and d.bill_date = ${date} and ${branch}
          union all
          select d.created_at, ${noteType('d')}, ${noteType('d')}, d.id::text, d.note_number, d.party_name, (${noteSign('d')} * d.grand_total)::text,
                 null, null, null, d.status, 0, 'On invoice ' || d.invoice_number
          from sale_notes d where d.business_id = ${businessId} and d.note_date = ${date} and ${branch}
          union all
          select d.created_at, 'PURCHASE_DEBIT_NOTE', 'PURCHASE_DEBIT_NOTE', d.id::text, d.note_number, d.party_name, (-d.grand_total)::text,
                 null, null, null, d.status, 0, 'Against bill ' || b.bill_number
          from purchase_debit_notes d
          join purchase_invoices b on b.business_id = d.business_id and b.id = d.purchase_id
          where d.business_id = ${businessId} and d.note_date = ${date} and ${branch}
          union all
          select e.created_at, e.voucher_type || '_CANCELLED', e.document_type, e.document_id::text, e.document_number,
                 coalesce(s.party_name, b.party_name, n.party_name, pn.party_name),
                 (-coalesce(s.grand_total, b.grand_total, ${noteSign('n')} * n.grand_total, -pn.grand_total))::text,
                 null, null, null, 'CANCELLED', e.seq,
                 coalesce(s.cancel_reason, b.cancel_reason, n.cancel_reason, pn.cancel_reason)
          from journal_entries e
          left join sale_invoices s on e.document_type = 'SALE' and s.business_id = e.business_id and s.id = e.document_id
          left join purchase_invoices b on e.document_type = 'PURCHASE' and b.business_id = e.business_id and b.id = e.document_id
          left join sale_notes n on e.document_type in ('CREDIT_NOTE', 'DEBIT_NOTE') and n.business_id = e.business_id and n.id = e.document_id
          left join purchase_debit_notes pn on e.document_type = 'PURCHASE_DEBIT_NOTE' and pn.business_id = e.business_id and pn.id = e.document_id
          where e.business_id = ${businessId} and e.date = ${date} and e.reverses_id is not null and e.transaction_id is null
            and e.voucher_type in ('SALE', 'PURCHASE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'PURCHASE_DEBIT_NOTE') and e.document_type = e.voucher_type and ${reversalBranch}
          union all
          select d.created_at, 'QUOTATION', 'QUOTATION', d.id::text, d.quotation_number, d.party_name, d.grand_total::text, null, null, null, d.status, 0, null
          from quotations d where d.business_id = ${businessId} and d.quotation_date = ${date} and ${branch}
          union all
          select t.created_at, t.type, t.document_type, t.document_id::text, t.document_number, p.name,
                 null, case when t.direction = 'IN' then t.amount::text end, case when t.direction = 'OUT' then t.amount::text end,
                 a.display_name, null, t.seq, t.note
          from account_transactions t
          join accounts a on a.business_id = t.business_id and a.id = t.account_id
          left join parties p on p.business_id = t.business_id and p.id = t.party_id
          where t.business_id = ${businessId} and t.date = ${date} and ${moneyBranch}
          union all
          select m.created_at, 'STOCK_' || m.kind, null, null, null, null, null, null, null, null, null, m.seq,
                 i.name || ': ' || case when m.quantity > 0 then '+' else '' end || (m.quantity::float8)::text || coalesce(' (' || m.reason || ')', '')
          from stock_movements m
          join items i on i.business_id = m.business_id and i.id = m.item_id
          where m.business_id = ${businessId} and m.date = ${date} and m.document_type is null and ${idMatch(sql.raw('m.branch_id'), q.branchId)}
        ) e order by e.at, e.seq limit ${DAY_BOOK_MAX + 1}`,
  );
  // The day's sales: what the journal's SALE vouchers of the day and their reversals moved (tradeTotals). Money in
  // and out: the debits and credits of the cash and bank ledgers (an account's opening balance moved no money that
  // day). Both at the branch of their journal entry when a branch is asked for.
  const [totals] = await selectRows<{ sales: string; money_in: string; money_out: string }>(
    db,
    sql`select (select coalesce(sum(t.amount), 0) from (${tradeTotals(businessId, 'SALE', sql`e.date = ${date} and ${reversalBranch}`)}) t)::text as sales,
               coalesce(sum(l.debit), 0)::text as money_in,
               coalesce(sum(l.credit), 0)::text as money_out
        from journal_lines l
        join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.cash_account_id is not null
        join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id and e.voucher_type <> 'OPENING_BALANCE'
        where l.business_id = ${businessId} and l.date = ${date} and ${idMatch(sql.raw('l.branch_id'), q.branchId)}`,
  );
  const m = (v: string | null) => (v === null ? null : moneyText(v));
  return {
    date,
    entries: rows.slice(0, DAY_BOOK_MAX).map((r) => ({
      at: new Date(String(r.at)).toISOString(),
      type: String(r.type),
      description: r.description,
      documentType: r.document_type,
      documentId: r.document_id,
      documentNumber: r.document_number,
      partyName: r.party_name,
      amount: m(r.amount),
      moneyIn: m(r.money_in),
      moneyOut: m(r.money_out),
      accountName: r.account_name,
      status: r.status,
    })),
    totals: { sales: moneyText(totals.sales), moneyIn: moneyText(totals.money_in), moneyOut: moneyText(totals.money_out) },
    truncated: rows.length > DAY_BOOK_MAX,
  };
}

const TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
type DayBookTotals = DayBook['totals'];
const isEntry = (r: DayBookEntry | DayBookTotals): r is DayBookEntry => 'at' in r;
const entryCell = (fn: (r: DayBookEntry) => string | null) => (r: DayBookEntry | DayBookTotals) => (isEntry(r) ? fn(r) : null);

/** The day book as a file: every entry of the day (at most DAY_BOOK_MAX), money in and out totalled. */
export async function dayBookExport(db: Db, businessId: string, q: DayBookQuery, today: string) {
  const book = await dayBook(db, businessId, q, today);
  const sheet: ExportSheet<DayBookEntry | DayBookTotals> = {
    name: 'Day book',
    columns: [
      { header: 'Time', kind: 'text', value: entryCell((r) => TIME.format(new Date(r.at))) },
      { header: 'Type', kind: 'text', value: entryCell((r) => voucherTypeLabel(r.type)), width: 16 },
      { header: 'Number', kind: 'text', value: entryCell((r) => r.documentNumber), width: 18 },
      { header: 'Party', kind: 'text', value: entryCell((r) => r.partyName), width: 24 },
      { header: 'Particulars', kind: 'text', value: entryCell((r) => r.description), width: 28 },
      { header: 'Account', kind: 'text', value: entryCell((r) => r.accountName) },
      { header: 'Status', kind: 'text', value: entryCell((r) => r.status) },
      { header: 'Amount', kind: 'money', value: entryCell((r) => r.amount) },
      { header: 'Money in', kind: 'money', value: (r) => r.moneyIn },
      { header: 'Money out', kind: 'money', value: (r) => r.moneyOut },
    ],
    rows: [book.entries],
    totals: book.totals,
  };
  return { count: book.entries.length, sheet, book };
}

// ---------------------------------------------------------------------------------------------------------------
// GET report/item-profit

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
      { header: 'Cost', kind: 'money', value: (r) => r.cost },
      { header: 'Profit', kind: 'money', value: (r) => r.profit },
      { header: 'Margin %', kind: 'count', value: (r) => (isProfitRow(r) ? r.marginPercent : null) },
    ],
    rows: inChunks(report.meta.total, read),
    totals: report.totals,
  };
  return { count: report.meta.total, sheet, report };
}
