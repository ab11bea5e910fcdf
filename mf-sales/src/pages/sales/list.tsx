import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Col, DatePicker, Flex, Input, Row, Select, Skeleton, Table, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileAddOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  QUOTATION_STATUSES,
  SALE_STATUS_FILTERS,
  errorMessage,
  formatRupees,
  indiaToday,
  type QuotationListQuery,
  type QuotationStatus,
  type QuotationSummary,
  type SaleInvoiceListQuery,
  type SaleInvoiceSummary,
} from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@bahi/shared/ui';
import { PartyFilter } from '../../components/party-filter';
import { QUOTATION_STATUS_LABELS, SALE_STATUS_LABELS, formatDate } from '../../components/format';
import { QuotationStatusTag, SaleStatusTag } from '../../components/status-tag';
import { useQuotations, useSaleInvoices } from '../../components/sales-data';
import { DEFAULT_PERIOD, PERIODS, isPeriod, periodRange, type Period } from './periods';

const PAGE_SIZES = [20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
type Tab = 'invoices' | 'quotations';

/** The filters live in the address: a filtered list can be shared, and survives a reload and the back button. */
function useListParams(tab: Tab) {
  const [params, setParams] = useSearchParams();
  const period: Period = isPeriod(params.get('period')) ? (params.get('period') as Period) : DEFAULT_PERIOD;
  const range = periodRange(period, indiaToday(), { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined });
  const statuses: readonly string[] = tab === 'invoices' ? SALE_STATUS_FILTERS : QUOTATION_STATUSES;
  const status = statuses.find((s) => s === params.get('status'));
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : DEFAULT_PAGE_SIZE;
  const query = {
    q: params.get('q') ?? undefined,
    partyId: params.get('partyId') ?? undefined,
    status,
    ...range,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize,
  };
  const set = (patch: Record<string, string | number | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        // Any change but turning the page starts again at page 1.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, period, query, set };
}

function SummaryCard({ title, value, tone }: { title: string; value: string | undefined; tone?: 'success' | 'danger' }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {/* A fixed height, so nothing moves when the figures arrive. */}
      <div style={{ height: 32, marginTop: 4, display: 'flex', alignItems: 'center' }}>
        {value === undefined ? (
          <Skeleton.Input active size="small" style={{ width: 120 }} />
        ) : (
          <Typography.Text strong type={tone} style={{ fontSize: 22, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}

const partyCell = (name: string | null, mobile: string | null) => (
  <Flex vertical>
    <span>{name ?? 'Walk-in customer'}</span>
    {mobile ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{mobile}</Typography.Text> : null}
  </Flex>
);
const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(v)}</span>;

const INVOICE_COLUMNS: TableColumnsType<SaleInvoiceSummary> = [
  { title: 'Date', dataIndex: 'invoiceDate', width: 110, render: formatDate },
  {
    title: 'Number',
    dataIndex: 'invoiceNumber',
    width: 160,
    render: (n: string, r) => (
      <Link to={`/sales/invoice/${r.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
        {n}
      </Link>
    ),
  },
  { title: 'Party', key: 'party', render: (_, r) => partyCell(r.partyName, r.partyMobile) },
  { title: 'Total', dataIndex: 'grandTotal', align: 'right', width: 140, render: money },
  { title: 'Received', dataIndex: 'received', align: 'right', width: 140, render: money },
  { title: 'Balance', dataIndex: 'balance', align: 'right', width: 140, render: money },
  { title: 'Status', key: 'status', width: 120, render: (_, r) => <SaleStatusTag status={r.status} isOverdue={r.isOverdue} /> },
];

const QUOTATION_COLUMNS: TableColumnsType<QuotationSummary> = [
  { title: 'Date', dataIndex: 'quotationDate', width: 110, render: formatDate },
  {
    title: 'Number',
    dataIndex: 'quotationNumber',
    width: 160,
    render: (n: string, r) => (
      <Link to={`/sales/quotation/${r.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
        {n}
      </Link>
    ),
  },
  { title: 'Party', key: 'party', render: (_, r) => partyCell(r.partyName, r.partyMobile) },
  { title: 'Total', dataIndex: 'grandTotal', align: 'right', width: 140, render: money },
  { title: 'Valid until', dataIndex: 'validUntil', width: 120, render: formatDate },
  { title: 'Status', key: 'status', width: 120, render: (_, r) => <QuotationStatusTag status={r.status} /> },
];

interface ListBodyProps<Row> {
  noun: { one: string; many: string };
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  total: number | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
  filtered: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (row: Row) => void;
  onClear: () => void;
  create: ReactNode;
}

function ListBody<Row extends { id: string }>(p: ListBodyProps<Row>) {
  if (p.error && !p.rows) {
    return <ErrorState title={`Error loading ${p.noun.many}`} detail={errorMessage(p.error)} onRetry={p.retry} />;
  }
  if (!p.rows) return <TableSkeleton rows={8} />;
  return (
    <Table<Row>
      rowKey="id"
      columns={p.columns}
      dataSource={p.rows}
      loading={p.loading}
      size="middle"
      scroll={{ x: 900 }}
      onRow={(row) => ({ onClick: () => p.onOpen(row), style: { cursor: 'pointer' } })}
      pagination={{
        current: p.page,
        pageSize: p.pageSize,
        total: p.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: PAGE_SIZES,
        showTotal: (total, [from, to]) => `${from}-${to} of ${new Intl.NumberFormat('en-IN').format(total)} ${p.noun.many}`,
        onChange: p.onPage,
      }}
      locale={{
        emptyText: p.filtered ? (
          <EmptyState title={`No ${p.noun.one} matches these filters`} action={<Button onClick={p.onClear}>Clear filters</Button>} />
        ) : (
          <EmptyState title={`No ${p.noun.many} in this period`} action={p.create} />
        ),
      }}
    />
  );
}

/** sales/*: invoices and quotations, filtered, summed and paged on the server. */
export function SalesListPage() {
  const location = useLocation();
  const tab: Tab = /^\/sales\/quotations\/?$/.test(location.pathname) ? 'quotations' : 'invoices';
  const navigate = useNavigate();
  const { params, period, query, set } = useListParams(tab);
  const [search, setSearch] = useState(query.q ?? '');

  // Type freely; the list follows 300 ms after the last key.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((query.q ?? '') !== search.trim()) set({ q: search.trim() });
    }, 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const invoices = useSaleInvoices(query as SaleInvoiceListQuery, tab === 'invoices');
  const quotations = useQuotations(query as QuotationListQuery, tab === 'quotations');
  const active = tab === 'invoices' ? invoices : quotations;
  const meta = active.data?.meta;

  const filtered = !!(query.q || query.partyId || query.status);
  const clear = () => {
    setSearch('');
    set({ q: undefined, partyId: undefined, status: undefined });
  };
  const onPage = (page: number, pageSize: number) =>
    set({ page: page > 1 && pageSize === query.pageSize ? page : undefined, pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize });

  const createButtons = (
    <>
      <Button icon={<FileAddOutlined />} onClick={() => navigate('/sales/create-quotation')}>
        Create quotation
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/sales/create-invoice')}>
        Create invoice
      </Button>
    </>
  );

  const statusOptions = useMemo<{ value: string; label: string }[]>(
    () =>
      tab === 'invoices'
        ? SALE_STATUS_FILTERS.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }))
        : QUOTATION_STATUSES.map((s) => ({ value: s, label: QUOTATION_STATUS_LABELS[s as QuotationStatus] })),
    [tab],
  );

  const count = meta ? new Intl.NumberFormat('en-IN').format(meta.total) : undefined;
  const summary =
    tab === 'invoices' ? (
      <>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title="Invoices" value={count} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title="Total sales" value={meta && formatRupees(meta.grandTotal)} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title="Received" tone="success" value={invoices.data && formatRupees(invoices.data.meta.received)} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title="Due" tone="danger" value={invoices.data && formatRupees(invoices.data.meta.balance)} />
        </Col>
      </>
    ) : (
      <>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title="Quotations" value={count} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title="Total quoted" value={meta && formatRupees(meta.grandTotal)} />
        </Col>
      </>
    );

  const filters = (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label="Period"
        style={{ width: 170 }}
        value={period}
        options={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
        onChange={(v: Period) => {
          if (v === 'custom') set({ period: v, from: query.from, to: query.to });
          else set({ period: v === DEFAULT_PERIOD ? undefined : v, from: undefined, to: undefined });
        }}
      />
      {period === 'custom' ? (
        <DatePicker.RangePicker
          aria-label="Custom dates"
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
          onChange={(range) =>
            set({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
      ) : (
        <Typography.Text type="secondary" style={{ alignSelf: 'center', minWidth: 190 }}>
          {formatDate(query.from)} – {formatDate(query.to)}
        </Typography.Text>
      )}
      <Select
        allowClear
        aria-label="Filter by status"
        placeholder="All statuses"
        style={{ width: 150 }}
        value={query.status ?? null}
        options={statusOptions}
        onChange={(v: string | undefined) => set({ status: v })}
      />
      <PartyFilter value={query.partyId} onChange={(v) => set({ partyId: v })} />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder="Number, party or mobile"
        aria-label={`Search ${tab}`}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ flex: '1 1 200px', maxWidth: 320 }}
      />
    </Flex>
  );

  return (
    <>
      <PageHeader title="Sales" extra={createButtons} />
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          // Status values differ between the tabs; the period and the party carry over.
          const next = new URLSearchParams(params);
          next.delete('status');
          next.delete('page');
          navigate({ pathname: key === 'quotations' ? '/sales/quotations' : '/sales', search: next.toString() });
        }}
        items={[
          { key: 'invoices', label: 'Invoices' },
          { key: 'quotations', label: 'Quotations' },
        ]}
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {summary}
      </Row>
      <Card>
        {filters}
        {tab === 'invoices' ? (
          <ListBody<SaleInvoiceSummary>
            noun={{ one: 'invoice', many: 'invoices' }}
            columns={INVOICE_COLUMNS}
            rows={invoices.data?.data}
            total={invoices.data?.meta.total}
            error={invoices.error}
            loading={invoices.isLoading}
            retry={() => void invoices.mutate()}
            filtered={filtered}
            page={query.page}
            pageSize={query.pageSize}
            onPage={onPage}
            onOpen={(r) => navigate(`/sales/invoice/${r.id}`)}
            onClear={clear}
            create={createButtons}
          />
        ) : (
          <ListBody<QuotationSummary>
            noun={{ one: 'quotation', many: 'quotations' }}
            columns={QUOTATION_COLUMNS}
            rows={quotations.data?.data}
            total={quotations.data?.meta.total}
            error={quotations.error}
            loading={quotations.isLoading}
            retry={() => void quotations.mutate()}
            filtered={filtered}
            page={query.page}
            pageSize={query.pageSize}
            onPage={onPage}
            onOpen={(r) => navigate(`/sales/quotation/${r.id}`)}
            onClear={clear}
            create={createButtons}
          />
        )}
      </Card>
    </>
  );
}

export default SalesListPage;
