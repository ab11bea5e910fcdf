import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Flex, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  SALE_REPORT_GROUPS,
  SALE_STATUSES,
  formatIndianNumber,
  reportUrls,
  type PurchaseReportRow,
  type SaleReportGroup,
  type SaleReportRow,
} from '@bahi/shared';
import {
  EmptyState,
  listPagination,
  PageHeader,
  PartyFilter,
  PeriodFilter,
  SALE_STATUS_LABELS,
  formatDate,
  formatQuantity,
  useDocumentListParams,
} from '@bahi/shared/ui';
import { BranchFilter } from './branch-filter';
import { useDocumentReport, type DocumentReportQuery, type ReportSide } from './data';
import { ExportLinks } from './export-links';
import { ItemFilter } from './item-filter';
import { Money } from './money';
import { ReportBody, ReportNote, ReportTable, periodLabel } from './report-view';

/*
 * The sale report (GET sale/sale-reports) and the purchase report (GET purchase/purchase-reports): one screen over
 * the two calls, which share their query and shape (`paid` on bills for `received` on invoices). The filters live
 * in the address; rows are paged and the totals are the server's, over everything the filter matches.
 */

type Row = SaleReportRow | PurchaseReportRow;
type Totals = { invoices: number; taxableValue: string; cgst: string; sgst: string; igst: string; cess: string; subtotal: string; grandTotal: string | null; balance: string | null; received?: string | null; paid?: string | null };
type MoneyKey = 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'cess' | 'subtotal' | 'grandTotal' | 'settled' | 'balance';

const settledOf = (r: { received?: string | null; paid?: string | null }) => ('received' in r ? r.received : r.paid) ?? null;

export const GROUP_LABELS: Record<SaleReportGroup, string> = {
  invoice: 'Invoice',
  day: 'Day',
  month: 'Month',
  party: 'Party',
  item: 'Item',
  hsn: 'HSN',
};

const WORDS = {
  SALE: { title: 'Sale report', document: 'Invoice', documents: 'Invoices', settled: 'Received', party: 'Customer', partyType: 'CUSTOMER', detail: '/sales/invoice/' },
  PURCHASE: { title: 'Purchase report', document: 'Bill', documents: 'Bills', settled: 'Paid', party: 'Supplier', partyType: 'SUPPLIER', detail: '/purchases/invoice/' },
} as const;

const monthLabel = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
};

interface Column {
  key: string;
  title: string;
  align?: 'right';
  render: (r: Row) => React.ReactNode;
  /** What the totals row shows under this column. */
  total?: (t: Totals) => React.ReactNode;
}

/** The columns of a grouping: documents show their date, party and status; lines their quantity; all the taxes. */
function columnsOf(side: ReportSide, groupBy: SaleReportGroup, documentLevel: boolean): Column[] {
  const w = WORDS[side];
  const money = (key: MoneyKey, title: string): Column => ({
    key,
    title,
    align: 'right',
    render: (r) => <Money value={key === 'settled' ? settledOf(r) : r[key]} />,
    total: (t) => <Money value={key === 'settled' ? settledOf(t) : t[key]} />,
  });
  const cols: Column[] = [];
  if (groupBy === 'invoice') {
    cols.push(
      { key: 'date', title: 'Date', render: (r) => formatDate(r.invoiceDate) },
      {
        key: 'label',
        title: `${w.document} no.`,
        render: (r) => (
          <Link to={`${w.detail}${r.key}`} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
            {r.label}
          </Link>
        ),
      },
      { key: 'party', title: w.party, render: (r) => r.partyName ?? '-' },
      { key: 'status', title: 'Status', render: (r) => (r.status ? (SALE_STATUS_LABELS[r.status as keyof typeof SALE_STATUS_LABELS] ?? r.status) : '-') },
    );
  } else {
    const label =
      groupBy === 'day'
        ? (r: Row) => formatDate(r.key)
        : groupBy === 'month'
          ? (r: Row) => monthLabel(r.key)
          : groupBy === 'party'
            ? (r: Row) => r.label || (side === 'SALE' ? 'Walk-in sales' : '-')
            : (r: Row) => r.label || '-';
    cols.push({ key: 'label', title: groupBy === 'party' ? w.party : GROUP_LABELS[groupBy], render: label });
    if (groupBy === 'hsn') cols.push({ key: 'rate', title: 'GST rate', align: 'right', render: (r) => (r.gstRate === null ? '-' : `${Number(r.gstRate)}%`) });
    if (groupBy === 'item' || groupBy === 'hsn')
      cols.push({ key: 'quantity', title: 'Quantity', align: 'right', render: (r) => (r.quantity === null ? '-' : formatQuantity(r.quantity)) });
    cols.push({
      key: 'invoices',
      title: w.documents,
      align: 'right',
      render: (r) => formatIndianNumber(r.invoices),
      total: (t) => formatIndianNumber(t.invoices),
    });
  }
  cols.push(money('taxableValue', 'Taxable value'), money('cgst', 'CGST'), money('sgst', 'SGST'), money('igst', 'IGST'), money('cess', 'Cess'));
  if (documentLevel) cols.push(money('grandTotal', 'Total'), money('settled', w.settled), money('balance', 'Balance'));
  else cols.push(money('subtotal', 'Value'));
  return cols;
}

const isGroup = (v: string | null): v is SaleReportGroup => SALE_REPORT_GROUPS.includes(v as SaleReportGroup);

export function DocumentReport({ side }: { side: ReportSide }) {
  const w = WORDS[side];
  const list = useDocumentListParams(SALE_STATUSES);
  const { params, query, set, filtered, onPage } = list;
  const groupBy: SaleReportGroup = isGroup(params.get('groupBy')) ? (params.get('groupBy') as SaleReportGroup) : 'invoice';
  const branchId = params.get('branchId') || undefined;
  const itemId = params.get('itemId') || undefined;
  const filters = {
    from: query.from,
    to: query.to,
    partyId: query.partyId,
    itemId,
    branchId,
    status: query.status as DocumentReportQuery['status'],
    groupBy,
  };
  const report = useDocumentReport(side, { ...filters, page: query.page, pageSize: query.pageSize });
  const data = report.data;
  // Line-level answers (item, hsn) carry no document figures: the totals say which kind this is.
  const documentLevel = data ? data.totals.grandTotal !== null : !(groupBy === 'item' || groupBy === 'hsn');
  const columns = useMemo(() => columnsOf(side, data?.groupBy ?? groupBy, documentLevel), [side, data?.groupBy, groupBy, documentLevel]);
  const tableColumns: TableColumnsType<Row> = columns.map((c) => ({ key: c.key, title: c.title, align: c.align, render: (_: unknown, r: Row) => c.render(r) }));
  const url = (format: 'xlsx' | 'csv' | 'pdf') =>
    side === 'SALE' ? reportUrls.saleReport(filters, format) : reportUrls.purchaseReport(filters, format);
  const noun = w.documents.toLowerCase();

  return (
    <>
      <PageHeader title={w.title} subtitle={periodLabel(query.from, query.to)} extra={<ExportLinks url={url} print />} />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <PeriodFilter list={list} />
          <Select
            aria-label="Group by"
            style={{ width: 150 }}
            value={groupBy}
            options={SALE_REPORT_GROUPS.map((g) => ({ value: g, label: `By ${GROUP_LABELS[g].toLowerCase()}` }))}
            onChange={(v: SaleReportGroup) => set({ groupBy: v === 'invoice' ? undefined : v })}
          />
          <PartyFilter value={query.partyId} partyType={w.partyType} onChange={(v) => set({ partyId: v })} />
          <ItemFilter value={itemId} onChange={(v) => set({ itemId: v })} />
          <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
          <Select
            allowClear
            aria-label="Filter by status"
            placeholder="All but cancelled"
            style={{ width: 170 }}
            value={query.status ?? null}
            options={SALE_STATUSES.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }))}
            onChange={(v: string | undefined) => set({ status: v })}
          />
        </Flex>
        {data && data.rows.length ? <ReportNote>Totals are over every {w.document.toLowerCase()} the filters match, not only this page.</ReportNote> : null}
        <ReportBody result={report} errorTitle={`Error loading the ${w.title.toLowerCase()}`}>
          {(data) => (
            <ReportTable<Row>
              rowKey="key"
              columns={tableColumns}
              rows={data.rows}
              loading={report.isValidating}
              scrollX={1100}
              pagination={listPagination({ page: query.page, pageSize: query.pageSize, total: data.meta.total, noun: 'rows', onChange: onPage })}
              totalsFixed
              totals={columns.map((c, i) => ({ align: c.align, content: i === 0 ? 'Total' : c.total ? c.total(data.totals) : null }))}
              empty={
                filtered || branchId || itemId ? (
                  <EmptyState
                    title={`No ${noun} match these filters`}
                    action={<Button onClick={() => set({ q: undefined, partyId: undefined, itemId: undefined, status: undefined, branchId: undefined })}>Clear filters</Button>}
                  />
                ) : (
                  <EmptyState title={`No ${noun} in this period`} />
                )
              }
            />
          )}
        </ReportBody>
      </Card>
    </>
  );
}
