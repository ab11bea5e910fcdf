import { useMemo } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Button, Card, Col, Flex, Row, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileAddOutlined, PlusOutlined } from '@ant-design/icons';
import {
  QUOTATION_STATUSES,
  SALE_NOTE_REASON_LABELS,
  SALE_NOTE_STATUSES,
  SALE_STATUS_FILTERS,
  formatRupees,
  useCan,
  type QuotationListQuery,
  type QuotationStatus,
  type QuotationSummary,
  type SaleInvoiceListQuery,
  type SaleInvoiceSummary,
  type SaleNoteListQuery,
  type SaleNoteSummary,
  type SaleNoteType,
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
import { NOTE_SLUG, useSaleNotes } from '../../components/notes-data';
import { ReminderButton } from '../../components/reminder-button';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
type Tab = 'invoices' | 'quotations' | 'credit-notes' | 'debit-notes' | 'payments';

/** Each tab's address; the filters ride along in the query. */
const TAB_PATHS: Record<Tab, string> = {
  invoices: '/sales',
  quotations: '/sales/quotations',
  'credit-notes': '/sales/credit-notes',
  'debit-notes': '/sales/debit-notes',
  payments: '/sales/payments',
};
const tabAt = (pathname: string): Tab => (Object.entries(TAB_PATHS).find(([, p]) => p === pathname)?.[0] as Tab | undefined) ?? 'invoices';
const NOTE_STATUS_OPTIONS = [
  { value: 'ISSUED', label: 'Issued' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

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
  { title: '', key: 'remind', width: 150, render: (_, r) => <ReminderButton invoice={r} /> },
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

const noteColumns = (type: SaleNoteType): TableColumnsType<SaleNoteSummary> => [
  { title: 'Date', dataIndex: 'noteDate', width: 110, render: formatDate },
  {
    title: 'Number',
    dataIndex: 'noteNumber',
    width: 140,
    render: (n: string, r) => (
      <Link to={`/sales/${NOTE_SLUG[type]}/${r.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
        {n}
      </Link>
    ),
  },
  {
    title: 'Invoice',
    key: 'invoice',
    width: 140,
    render: (_, r) => (
      <Link to={`/sales/invoice/${r.invoice.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
        {r.invoice.invoiceNumber}
      </Link>
    ),
  },
  { title: 'Party', key: 'party', render: (_, r) => partyCell(r.partyName, r.partyMobile) },
  { title: 'Reason', dataIndex: 'reason', width: 150, render: (v: string) => SALE_NOTE_REASON_LABELS[v as keyof typeof SALE_NOTE_REASON_LABELS] ?? v },
  { title: 'Total', dataIndex: 'grandTotal', align: 'right', width: 120, render: money },
  ...(type === 'CREDIT'
    ? ([
        { title: 'Refunded', dataIndex: 'refunded', align: 'right', width: 120, render: money },
        { title: 'Adjusted', dataIndex: 'adjusted', align: 'right', width: 120, render: money },
      ] as TableColumnsType<SaleNoteSummary>)
    : []),
  {
    title: 'Status',
    dataIndex: 'status',
    width: 110,
    render: (st: string) => (st === 'CANCELLED' ? <Tag>Cancelled</Tag> : <Tag color="blue">Issued</Tag>),
  },
];
const CREDIT_NOTE_COLUMNS = noteColumns('CREDIT');
const DEBIT_NOTE_COLUMNS = noteColumns('DEBIT');

/** sales/*: invoices, quotations, credit and debit notes and the payments received, filtered, summed and paged on the server. */
export function SalesListPage() {
  const location = useLocation();
  const pathname = location.pathname.replace(/\/$/, '');
  const tab = tabAt(pathname);
  const noteType: SaleNoteType | null = tab === 'credit-notes' ? 'CREDIT' : tab === 'debit-notes' ? 'DEBIT' : null;
  const navigate = useNavigate();
  const list = useDocumentListParams(tab === 'quotations' ? QUOTATION_STATUSES : noteType ? SALE_NOTE_STATUSES : SALE_STATUS_FILTERS);
  const { params, query, filtered, clear, onPage } = list;

  const invoices = useSaleInvoices(query as SaleInvoiceListQuery, tab === 'invoices');
  const quotations = useQuotations(query as QuotationListQuery, tab === 'quotations');
  const creditNotes = useSaleNotes('CREDIT', query as SaleNoteListQuery, tab === 'credit-notes');
  const debitNotes = useSaleNotes('DEBIT', query as SaleNoteListQuery, tab === 'debit-notes');
  const notes = noteType === 'DEBIT' ? debitNotes : creditNotes;
  const meta = tab === 'invoices' ? invoices.data?.meta : tab === 'quotations' ? quotations.data?.meta : notes.data?.meta;

  // Only what the user's role may create.
  const canQuote = useCan('quotations.create');
  const canBill = useCan('sales.create');
  const createButtons = (
    <>
      {canQuote ? (
        <Button icon={<FileAddOutlined />} onClick={() => navigate('/sales/create-quotation')}>
          Create quotation
        </Button>
      ) : null}
      {canBill ? (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/sales/create-invoice')}>
          Create invoice
        </Button>
      ) : null}
    </>
  );

  const statusOptions = useMemo<{ value: string; label: string }[]>(
    () =>
      tab === 'invoices'
        ? SALE_STATUS_FILTERS.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] }))
        : tab === 'quotations'
          ? QUOTATION_STATUSES.map((s) => ({ value: s, label: QUOTATION_STATUS_LABELS[s as QuotationStatus] }))
          : NOTE_STATUS_OPTIONS,
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
        { key: 'credit-notes', label: 'Credit notes' },
        { key: 'debit-notes', label: 'Debit notes' },
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
    ) : noteType ? (
      <>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title={noteType === 'CREDIT' ? 'Credit notes' : 'Debit notes'} value={count} />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <SummaryCard title={noteType === 'CREDIT' ? 'Total credited' : 'Total debited'} value={meta && formatRupees(meta.grandTotal)} />
        </Col>
        {noteType === 'CREDIT' ? (
          <>
            <Col xs={24} sm={12} lg={6}>
              <SummaryCard title="Refunded" value={notes.data && formatRupees(notes.data.meta.refunded)} />
            </Col>
            <Col xs={24} sm={12} lg={6}>
              <SummaryCard title="Adjusted against dues" value={notes.data && formatRupees(notes.data.meta.adjusted)} />
            </Col>
          </>
        ) : null}
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
      searchLabel={`Search ${tab.replace('-', ' ')}`}
      searchPlaceholder={noteType ? 'Note or invoice no., party or mobile' : 'Number, party or mobile'}
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
        ) : noteType ? (
          <DocumentListBody<SaleNoteSummary>
            noun={noteType === 'CREDIT' ? { one: 'credit note', many: 'credit notes' } : { one: 'debit note', many: 'debit notes' }}
            columns={noteType === 'CREDIT' ? CREDIT_NOTE_COLUMNS : DEBIT_NOTE_COLUMNS}
            rows={notes.data?.data}
            total={notes.data?.meta.total}
            error={notes.error}
            loading={notes.isLoading}
            retry={() => void notes.mutate()}
            filtered={filtered}
            page={query.page}
            pageSize={query.pageSize}
            onPage={onPage}
            onOpen={(r) => navigate(`/sales/${NOTE_SLUG[noteType]}/${r.id}`)}
            onClear={clear}
            create={
              <Typography.Text type="secondary">
                A {noteType === 'CREDIT' ? 'credit' : 'debit'} note is issued from its invoice: open the invoice and choose{' '}
                {noteType === 'CREDIT' ? 'Return / credit note' : 'More → Debit note'}.
              </Typography.Text>
            }
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
