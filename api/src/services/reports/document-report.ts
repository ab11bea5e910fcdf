import { moneyText } from '@bahi/shared/india';
import {
  REPORT_PAGE_SIZE_DEFAULT,
  resolvePeriod,
  type SaleReport,
  type SaleReportGroup,
  type SaleReportQuery,
  type SaleReportRow,
  type SaleReportTotals,
} from '@bahi/shared/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inChunks, type ExportColumn } from './export';
import { UUID } from '../../db/ids';
import { selectRows } from '../../db/rows';

type Query = SaleReportQuery;

/*
 * The sale and purchase reports (GET sale/sale-reports, purchase/purchase-reports): one SQL statement for a page of
 * groups, one for their count and one for the totals; nothing is summed in JavaScript. Document-level groupings
 * read the headers (covered by the list indexes, e.g. sale_invoices_business_date_idx); line-level ones (item, hsn,
 * or an item filter) join the lines. The two reports differ only in their `ReportSource`.
 */

/** The tables and columns a document report reads (header alias s, lines alias l), and its words. */
export interface ReportSource {
  header: SQL;
  lines: SQL;
  number: SQL;
  date: SQL;
  /** Money settled so far: received for a sale, paid for a purchase. */
  settled: SQL;
  words: { document: string; settled: string; noParty: string };
}

/** The header and line columns every document report reads; the money figures a note takes off or adds. */
const HEADER_COLUMNS = 'business_id, id, branch_id, party_id, party_name, status, created_at';
const HEADER_FIGURES = ['taxable_value', 'cgst', 'sgst', 'igst', 'cess', 'subtotal', 'round_off_amount', 'grand_total'];
const LINE_COLUMNS = ['business_id', 'document_id', 'line_no', 'item_id', 'hsn_sac', 'gst_rate'];
const LINE_FIGURES = ['quantity', 'taxable_value', 'cgst', 'sgst', 'igst', 'cess', 'total'];

/**
 * Sale invoices, net of the credit and debit notes on sales: an invoice labelled by its number and dated by its
 * date; a note by its own number and date, a credit note's every figure (and a returned quantity) taken off, a
 * debit note's added. What a credit note settled (refunded, or set against invoices) counts as received taken back,
 * so a credit note's balance is the credit it still holds for the party.
 */
const NOTE_SIGN = "(case n.note_type when 'CREDIT' then -1 else 1 end)";
export const SALE_SOURCE: ReportSource = {
  header: sql.raw(`(select ${HEADER_COLUMNS}, ${HEADER_FIGURES.join(', ')}, invoice_number, invoice_date, received from sale_invoices
    union all
    select ${HEADER_COLUMNS.split(', ').map((c) => `n.${c}`).join(', ')}, ${HEADER_FIGURES.map((c) => `${NOTE_SIGN} * n.${c}`).join(', ')},
           n.note_number, n.note_date, ${NOTE_SIGN} * (n.refunded + n.adjusted) from sale_notes n)`),
  lines: sql.raw(`(select ${LINE_COLUMNS.join(', ')}, ${LINE_FIGURES.join(', ')} from sale_invoice_lines
    union all
    select ${LINE_COLUMNS.map((c) => `l.${c}`).join(', ')}, ${LINE_FIGURES.map((c) => `${NOTE_SIGN} * l.${c}`).join(', ')}
    from sale_note_lines l join sale_notes n on n.business_id = l.business_id and n.id = l.document_id)`),
  number: sql.raw('s.invoice_number'),
  date: sql.raw('s.invoice_date'),
  settled: sql.raw('s.received'),
  words: { document: 'Invoice', settled: 'Received', noParty: 'Walk-in customers' },
};

/**
 * Purchase bills, net of the debit notes against them: a bill labelled by the supplier's bill number and dated by
 * the bill date; a debit note by our note number and its date, every figure (and a returned quantity) taken off.
 */
export const PURCHASE_SOURCE: ReportSource = {
  header: sql.raw(`(select ${HEADER_COLUMNS}, ${HEADER_FIGURES.join(', ')}, bill_number, bill_date, paid from purchase_invoices
    union all
    select ${HEADER_COLUMNS}, ${HEADER_FIGURES.map((c) => `-${c}`).join(', ')},
           note_number, note_date, -(refunded + adjusted) from purchase_debit_notes)`),
  lines: sql.raw(`(select ${LINE_COLUMNS.join(', ')}, ${LINE_FIGURES.join(', ')} from purchase_invoice_lines
    union all
    select ${LINE_COLUMNS.join(', ')}, ${LINE_FIGURES.map((c) => `-${c}`).join(', ')} from purchase_debit_note_lines)`),
  number: sql.raw('s.bill_number'),
  date: sql.raw('s.bill_date'),
  settled: sql.raw('s.paid'),
  words: { document: 'Bill', settled: 'Paid', noParty: 'No supplier' },
};

interface Filter {
  businessId: string;
  from: string;
  to: string;
  partyId?: string;
  itemId?: string;
  branchId?: string;
  status?: string;
}

const idMatch = (column: SQL, id: string | undefined) => (id === undefined ? undefined : UUID.test(id) ? sql`${column} = ${id}` : sql`false`);

function where(src: ReportSource, f: Filter, lineLevel: boolean): SQL {
  const parts: (SQL | undefined)[] = [
    sql`s.business_id = ${f.businessId}`,
    sql`${src.date} between ${f.from} and ${f.to}`,
    f.status ? sql`s.status = ${f.status}` : sql`s.status <> 'CANCELLED'`,
    idMatch(sql.raw('s.party_id'), f.partyId),
    idMatch(sql.raw('s.branch_id'), f.branchId),
    lineLevel ? idMatch(sql.raw('l.item_id'), f.itemId) : undefined,
  ];
  return sql.join(
    parts.filter((p): p is SQL => p !== undefined),
    sql` and `,
  );
}

const from = (src: ReportSource, lineLevel: boolean) =>
  lineLevel
    ? sql`${src.header} s join ${src.lines} l on l.business_id = s.business_id and l.document_id = s.id`
    : sql`${src.header} s`;

const headerMeasures = (src: ReportSource) => sql`count(*)::int as invoices, null::text as quantity,
  sum(s.taxable_value)::text as taxable_value, sum(s.cgst)::text as cgst, sum(s.sgst)::text as sgst,
  sum(s.igst)::text as igst, sum(s.cess)::text as cess, sum(s.subtotal)::text as subtotal,
  sum(s.round_off_amount)::text as round_off, sum(s.grand_total)::text as grand_total, sum(${src.settled})::text as received,
  sum(case when s.status = 'CANCELLED' then 0 else s.grand_total - ${src.settled} end)::text as balance`;
const LINE_MEASURES = sql.raw(`count(distinct s.id)::int as invoices, sum(l.quantity)::text as quantity,
  sum(l.taxable_value)::text as taxable_value, sum(l.cgst)::text as cgst, sum(l.sgst)::text as sgst,
  sum(l.igst)::text as igst, sum(l.cess)::text as cess, sum(l.total)::text as subtotal,
  null::text as round_off, null::text as grand_total, null::text as received, null::text as balance`);

interface Grouping {
  key: SQL;
  label: SQL;
  extra: SQL;
  joins: SQL;
  groupBy: SQL;
  orderBy: SQL;
}

function grouping(src: ReportSource, groupBy: SaleReportGroup): Grouping {
  const none = sql``;
  const noExtra = sql.raw(`, null::text as gst_rate, null::text as invoice_date, null::text as party_name, null::text as branch_name, null::text as status`);
  switch (groupBy) {
    case 'invoice':
      return {
        key: sql`s.id::text`,
        label: sql`min(${src.number})`,
        extra: sql`, null::text as gst_rate, min(${src.date})::text as invoice_date, min(s.party_name) as party_name, min(b.name) as branch_name, min(s.status) as status`,
        joins: sql` join store_branches b on b.business_id = s.business_id and b.id = s.branch_id`,
        groupBy: sql`s.business_id, s.id`,
        orderBy: sql`min(${src.date}), min(s.created_at), s.id`,
      };
    case 'day':
      return { key: sql`${src.date}::text`, label: sql`${src.date}::text`, extra: noExtra, joins: none, groupBy: sql`${src.date}`, orderBy: sql`1` };
    case 'month': {
      const month = sql`to_char(${src.date}, 'YYYY-MM')`;
      return { key: month, label: month, extra: noExtra, joins: none, groupBy: month, orderBy: sql`1` };
    }
    case 'party':
      return {
        key: sql`coalesce(s.party_id::text, '')`,
        label: sql`coalesce(p.name, ${src.words.noParty})`,
        extra: noExtra,
        joins: sql` left join parties p on p.business_id = s.business_id and p.id = s.party_id`,
        groupBy: sql`s.party_id, p.name`,
        orderBy: sql`s.party_id is null, lower(p.name), 1`,
      };
    case 'item':
      return {
        key: sql`l.item_id::text`,
        label: sql`i.name`,
        extra: noExtra,
        joins: sql` join items i on i.business_id = l.business_id and i.id = l.item_id`,
        groupBy: sql`l.item_id, i.name`,
        orderBy: sql`lower(i.name), 1`,
      };
    case 'hsn':
      return {
        key: sql`coalesce(l.hsn_sac, '') || '|' || (l.gst_rate::float8)::text`,
        label: sql`coalesce(l.hsn_sac, '')`,
        extra: sql.raw(`, (l.gst_rate::float8)::text as gst_rate, null::text as invoice_date, null::text as party_name, null::text as branch_name, null::text as status`),
        joins: none,
        groupBy: sql`l.hsn_sac, l.gst_rate`,
        orderBy: sql`2, l.gst_rate`,
      };
  }
}

interface RawRow extends Record<string, unknown> {
  key: string;
  label: string;
  invoices: number;
  quantity: string | null;
  gst_rate: string | null;
  taxable_value: string | null;
  cgst: string | null;
  sgst: string | null;
  igst: string | null;
  cess: string | null;
  subtotal: string | null;
  round_off: string | null;
  grand_total: string | null;
  received: string | null;
  balance: string | null;
  invoice_date: string | null;
  party_name: string | null;
  branch_name: string | null;
  status: string | null;
}

const m = (v: string | null) => moneyText(v ?? '0');
const mn = (v: string | null, on: boolean) => (on ? m(v) : null);
const qty = (v: string | null) => (v === null ? null : Number(v).toFixed(3));

function totalsOf(r: RawRow, documentLevel: boolean): SaleReportTotals {
  return {
    invoices: Number(r.invoices),
    taxableValue: m(r.taxable_value),
    cgst: m(r.cgst),
    sgst: m(r.sgst),
    igst: m(r.igst),
    cess: m(r.cess),
    subtotal: m(r.subtotal),
    roundOff: mn(r.round_off, documentLevel),
    grandTotal: mn(r.grand_total, documentLevel),
    received: mn(r.received, documentLevel),
    balance: mn(r.balance, documentLevel),
  };
}

function rowOf(r: RawRow, documentLevel: boolean): SaleReportRow {
  return {
    key: r.key,
    label: r.label,
    quantity: qty(r.quantity),
    gstRate: r.gst_rate,
    ...totalsOf(r, documentLevel),
    invoiceDate: r.invoice_date,
    partyName: r.party_name,
    branchName: r.branch_name,
    status: r.status,
  };
}

/** The three statements of a report over one source, for a page or for an export. */
export function reportQueries(db: Db, src: ReportSource, f: Filter, groupBy: SaleReportGroup) {
  const lineLevel = groupBy === 'item' || groupBy === 'hsn' || f.itemId !== undefined;
  const g = grouping(src, groupBy);
  const body = sql`from ${from(src, lineLevel)}${g.joins} where ${where(src, f, lineLevel)}`;
  return {
    /** Row figures are the lines' when line-level; the invoices' otherwise. */
    documentLevel: !lineLevel,
    page: async (limit: number, offset: number) =>
      (
        await selectRows<RawRow>(
          db,
          sql`select ${g.key} as key, ${g.label} as label, ${lineLevel ? LINE_MEASURES : headerMeasures(src)}${g.extra}
              ${body} group by ${g.groupBy} order by ${g.orderBy} limit ${limit} offset ${offset}`,
        )
      ).map((r) => rowOf(r, !lineLevel)),
    count: async () => {
      // One row per invoice: a plain count, without grouping.
      const counted = groupBy === 'invoice' && !lineLevel ? sql`select count(*)::int as n ${body}` : sql`select count(*)::int as n from (select 1 ${body} group by ${g.groupBy}) g`;
      const [r] = await selectRows<{ n: number }>(db, counted);
      return Number(r.n);
    },
    /** Over the invoices when no item filter narrows them to some lines (then round-off and grand total are known). */
    totals: async () => {
      const byLines = f.itemId !== undefined;
      const [r] = await selectRows<RawRow>(
        db,
        sql`select ${byLines ? LINE_MEASURES : headerMeasures(src)} from ${from(src, byLines)} where ${where(src, f, byLines)}`,
      );
      return totalsOf(r, !byLines);
    },
  };
}

function filterOf(businessId: string, q: Query, today: string): Filter {
  const { from: start, to: end } = resolvePeriod(q, today);
  return { businessId, from: start, to: end, partyId: q.partyId, itemId: q.itemId, branchId: q.branchId, status: q.status };
}

export async function documentReport(db: Db, src: ReportSource, businessId: string, q: Query, today: string): Promise<SaleReport> {
  const f = filterOf(businessId, q, today);
  const groupBy = q.groupBy ?? 'invoice';
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? REPORT_PAGE_SIZE_DEFAULT;
  const r = reportQueries(db, src, f, groupBy);
  const rows = await r.page(pageSize, (page - 1) * pageSize);
  const total = await r.count();
  const totals = await r.totals();
  return { groupBy, rows, totals, meta: { total, page, pageSize, from: f.from, to: f.to } };
}

/** A sale report's row or totals as the purchase report names them. */
export function asPurchase<T extends { received: string | null }>(row: T): Omit<T, 'received'> & { paid: string | null } {
  const { received, ...rest } = row;
  return { ...rest, paid: received };
}

/** Every row of the report for a file, read in chunks as the file is written. */
export async function documentReportExport(db: Db, src: ReportSource, businessId: string, q: Query, today: string) {
  const f = filterOf(businessId, q, today);
  const groupBy = q.groupBy ?? 'invoice';
  const r = reportQueries(db, src, f, groupBy);
  const count = await r.count();
  const totals = await r.totals();
  return { count, totals, rows: inChunks(count, (limit, offset) => r.page(limit, offset)), columns: reportColumns(src, groupBy, r.documentLevel), f, groupBy };
}

const FIRST: Record<SaleReportGroup, string> = { invoice: '', day: 'Date', month: 'Month', party: 'Party', item: 'Item', hsn: 'HSN/SAC' };

/** The columns of an exported report (totals row included: SaleReportTotals has the money fields of a row). */
export function reportColumns(src: ReportSource, groupBy: SaleReportGroup, documentLevel: boolean): ExportColumn<SaleReportRow | SaleReportTotals>[] {
  const row = (fn: (r: SaleReportRow) => string | number | null) => (r: SaleReportRow | SaleReportTotals) => ('key' in r ? fn(r) : null);
  const money = (header: string, key: keyof SaleReportTotals): ExportColumn<SaleReportRow | SaleReportTotals> => ({
    header,
    kind: 'money',
    value: (r) => r[key] as string | null,
  });
  const cols: ExportColumn<SaleReportRow | SaleReportTotals>[] = [{ header: FIRST[groupBy] || src.words.document, kind: 'text', value: row((r) => r.label), width: 22 }];
  if (groupBy === 'invoice') {
    cols.push(
      { header: 'Date', kind: 'text', value: row((r) => r.invoiceDate) },
      { header: 'Party', kind: 'text', value: row((r) => r.partyName), width: 28 },
      { header: 'Branch', kind: 'text', value: row((r) => r.branchName) },
      { header: 'Status', kind: 'text', value: row((r) => r.status) },
    );
  }
  if (groupBy === 'hsn') cols.push({ header: 'GST rate %', kind: 'count', value: row((r) => r.gstRate) });
  if (groupBy !== 'invoice') cols.push({ header: 'Invoices', kind: 'count', value: (r) => r.invoices });
  if (!documentLevel) cols.push({ header: 'Quantity', kind: 'quantity', value: row((r) => r.quantity) });
  cols.push(
    money('Taxable value', 'taxableValue'),
    money('CGST', 'cgst'),
    money('SGST/UTGST', 'sgst'),
    money('IGST', 'igst'),
    money('Cess', 'cess'),
    money(documentLevel ? 'Subtotal' : 'Amount', 'subtotal'),
  );
  if (documentLevel) cols.push(money('Round-off', 'roundOff'), money('Grand total', 'grandTotal'), money(src.words.settled, 'received'), money('Balance', 'balance'));
  return cols;
}
