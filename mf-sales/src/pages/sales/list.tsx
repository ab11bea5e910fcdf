import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Col, Flex, Row, Tabs, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import {
  QUOTATION_STATUSES,
  SALE_STATUS_FILTERS,
  formatRupees,
  type QuotationListQuery,
  type QuotationStatus,
  type QuotationSummary,
  type SaleInvoiceListQuery,
  type SaleInvoiceSummary,
} from '@bahi/shared';
import {
  DocumentListBody,
  DocumentListFilters,
  PageHeader,
  PaymentsTab,
  QUOTATION_STATUS_LABELS,
  QuotationStatusTag,
  SALE_STATUS_LABELS,
  SaleStatusTag,
  SummaryCard,
  formatDate,
  useDocumentListParams,
} from '@bahi/shared/ui';
import { useQuotations, useSaleInvoices } from '../../components/sales-data';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
type Tab = 'invoices' | 'quotations' | 'payments';

/** Each tab's address; the filters ride along in the query. */
const TAB_PATHS: Record<Tab, string> = { invoices: '/sales', quotations: '/sales/quotations', payments: '/sales/payments' };

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

/** sales/*: invoices, quotations and the payments received, filtered, summed and paged on the server. */
export function SalesListPage() {
  const location = useLocation();
  const pathname = location.pathname.replace(/\/$/, '');
  const tab: Tab = pathname === TAB_PATHS.quotations ? 'quotations' : pathname === TAB_PATHS.payments ? 'payments' : 'invoices';
  const navigate = useNavigate();
  const list = useDocumentListParams(tab === 'quotations' ? QUOTATION_STATUSES : SALE_STATUS_FILTERS);
  const { params, query, filtered, clear, onPage } = list;

  const invoices = useSaleInvoices(query as SaleInvoiceListQuery, tab === 'invoices');
  const quotations = useQuotations(query as QuotationListQuery, tab === 'quotations');
  const active = tab === 'invoices' ? invoices : quotations;
  const meta = active.data?.meta;

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

  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        // Status values differ between the tabs, and payments have neither status nor search; the period and the
        // party carry over.
        const next = new URLSearchParams(params);
        next.delete('status');
        next.delete('page');
        if (key === 'payments') next.delete('q');
        navigate({ pathname: TAB_PATHS[key as Tab], search: next.toString() });
      }}
      items={[
        { key: 'invoices', label: 'Invoices' },
        { key: 'quotations', label: 'Quotations' },
        { key: 'payments', label: 'Payments in' },
      ]}
    />
  );

  if (tab === 'payments') {
    return (
      <>
        <PageHeader title="Sales" extra={createButtons} />
        {tabs}
        <PaymentsTab direction="IN" list={list} create={createButtons} />
      </>
    );
  }

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
    <DocumentListFilters
      list={list}
      statusOptions={statusOptions}
      searchLabel={`Search ${tab}`}
      searchPlaceholder="Number, party or mobile"
    />
  );

  return (
    <>
      <PageHeader title="Sales" extra={createButtons} />
      {tabs}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {summary}
      </Row>
      <Card>
        {filters}
        {tab === 'invoices' ? (
          <DocumentListBody<SaleInvoiceSummary>
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
          <DocumentListBody<QuotationSummary>
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
