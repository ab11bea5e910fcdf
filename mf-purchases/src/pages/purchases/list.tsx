import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Col, Flex, Row, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PURCHASE_NOTE_REASON_LABELS,
  PURCHASE_NOTE_STATUSES,
  PURCHASE_STATUS_FILTERS,
  formatRupees,
  type PurchaseDebitNoteListQuery,
  type PurchaseDebitNoteSummary,
  type PurchaseInvoiceListQuery,
  type PurchaseInvoiceSummary,
  useCan,
} from '@bahi/shared';
import {
  DocumentListBody,
  DocumentListFilters,
  PageHeader,
  PaymentsTab,
  PurchaseStatusTag,
  SALE_STATUS_LABELS,
  SummaryCard,
  formatDate,
  useDocumentListParams,
} from '@bahi/shared/ui';
import { usePurchaseInvoices } from '../../components/purchase-data';
import { usePurchaseNotes } from '../../components/notes-data';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(v)}</span>;

const COLUMNS: TableColumnsType<PurchaseInvoiceSummary> = [
  { title: 'Bill date', dataIndex: 'billDate', width: 110, render: formatDate },
  {
    title: 'Our ref.',
    dataIndex: 'referenceNumber',
    width: 150,
    render: (n: string, r) => (
      <Link to={`/purchases/invoice/${r.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
        {n}
      </Link>
    ),
  },
  {
    title: 'Bill no.',
    dataIndex: 'billNumber',
    width: 140,
    render: (n: string, r) => (
      <Flex gap={6} align="center">
        <span style={mono}>{n}</span>
        {r.hasAttachment ? (
          <Tooltip title="Bill attached">
            <PaperClipOutlined aria-label="Bill attached" />
          </Tooltip>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Supplier',
    key: 'party',
    render: (_, r) => (
      <Flex vertical>
        <span>{r.partyName}</span>
        {r.partyMobile ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.partyMobile}</Typography.Text> : null}
      </Flex>
    ),
  },
  { title: 'Total', dataIndex: 'grandTotal', align: 'right', width: 130, render: money },
  { title: 'ITC', dataIndex: 'itcAmount', align: 'right', width: 120, render: money },
  { title: 'Paid', dataIndex: 'paid', align: 'right', width: 130, render: money },
  { title: 'Balance', dataIndex: 'balance', align: 'right', width: 130, render: money },
  {
    title: 'Status',
    key: 'status',
    width: 150,
    render: (_, r) => (
      <Flex gap={4} wrap>
        <PurchaseStatusTag status={r.status} isOverdue={r.isOverdue} />
        {r.reverseCharge ? <Tag color="purple">RCM</Tag> : null}
      </Flex>
    ),
  },
];

const RETURN_COLUMNS: TableColumnsType<PurchaseDebitNoteSummary> = [
  { title: 'Date', dataIndex: 'noteDate', width: 110, render: formatDate },
  {
    title: 'Note no.',
    dataIndex: 'noteNumber',
    width: 130,
    render: (n: string, r) => (
      <Link to={`/purchases/debit-note/${r.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
        {n}
      </Link>
    ),
  },
  {
    title: 'Purchase',
    key: 'purchase',
    width: 140,
    render: (_, r) => (
      <Flex vertical>
        <Link to={`/purchases/invoice/${r.purchase.id}`} style={mono} onClick={(e) => e.stopPropagation()}>
          {r.purchase.referenceNumber}
        </Link>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          Bill {r.purchase.billNumber}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Supplier',
    key: 'party',
    render: (_, r) => (
      <Flex vertical>
        <span>{r.partyName}</span>
        {r.supplierNoteNumber ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>Their note {r.supplierNoteNumber}</Typography.Text> : null}
      </Flex>
    ),
  },
  { title: 'Reason', dataIndex: 'reason', width: 150, render: (r: keyof typeof PURCHASE_NOTE_REASON_LABELS) => PURCHASE_NOTE_REASON_LABELS[r] },
  { title: 'Total', dataIndex: 'grandTotal', align: 'right', width: 115, render: money },
  { title: 'ITC given up', dataIndex: 'itcAmount', align: 'right', width: 115, render: money },
  { title: 'Refunded', dataIndex: 'refunded', align: 'right', width: 110, render: money },
  { title: 'Status', dataIndex: 'status', width: 95, render: (st: string) => (st === 'CANCELLED' ? <Tag>Cancelled</Tag> : <Tag color="blue">Issued</Tag>) },
];
const RETURN_STATUS_OPTIONS = [
  { value: 'ISSUED', label: 'Issued' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

type Tab = 'bills' | 'returns' | 'payments';

/**
 * purchases/*: the supplier bills, and (`?tab=payments`) the payments made to suppliers — each tab filtered, summed
 * and paged on the server; the period and the supplier carry over between the tabs.
 */
export function PurchasesListPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const tab: Tab = searchParams.get('tab') === 'payments' ? 'payments' : searchParams.get('tab') === 'returns' ? 'returns' : 'bills';
  const list = useDocumentListParams(tab === 'returns' ? PURCHASE_NOTE_STATUSES : PURCHASE_STATUS_FILTERS);
  const { query, filtered, clear, onPage } = list;
  const bills = usePurchaseInvoices(query as PurchaseInvoiceListQuery, tab === 'bills');
  const returns = usePurchaseNotes(query as PurchaseDebitNoteListQuery, tab === 'returns');
  const meta = bills.data?.meta;
  const statusOptions = useMemo(() => PURCHASE_STATUS_FILTERS.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] })), []);

  // Only for a role that may record purchases.
  const canCreate = useCan('purchases.create');
  const create = canCreate ? (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/purchase/create-invoice')}>
      Add purchase
    </Button>
  ) : null;

  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        // The bills' status and search mean nothing to payments; the period and the supplier carry over.
        const next = new URLSearchParams(list.params);
        for (const k of ['status', 'q', 'page', 'tab']) next.delete(k);
        if (key !== 'bills') next.set('tab', key);
        navigate({ search: next.toString() });
      }}
      items={[
        { key: 'bills', label: 'Bills' },
        { key: 'returns', label: 'Returns' },
        { key: 'payments', label: 'Payments out' },
      ]}
    />
  );

  if (tab === 'payments') {
    return (
      <>
        <PageHeader title="Purchases" extra={create} />
        {tabs}
        <PaymentsTab direction="OUT" list={list} create={create} />
      </>
    );
  }

  if (tab === 'returns') {
    const rmeta = returns.data?.meta;
    return (
      <>
        <PageHeader title="Purchases" extra={create} />
        {tabs}
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Debit notes" value={rmeta ? new Intl.NumberFormat('en-IN').format(rmeta.total) : undefined} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Total returned" value={rmeta && formatRupees(rmeta.grandTotal)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Refunded by suppliers" value={rmeta && formatRupees(rmeta.refunded)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="ITC given up" tone="danger" value={rmeta && formatRupees(rmeta.itcAmount)} />
          </Col>
        </Row>
        <Card>
          <DocumentListFilters
            list={list}
            statusOptions={RETURN_STATUS_OPTIONS}
            partyType="SUPPLIER"
            searchLabel="Search returns"
            searchPlaceholder="Note no., supplier’s note no., supplier or mobile"
          />
          <DocumentListBody<PurchaseDebitNoteSummary>
            noun={{ one: 'debit note', many: 'debit notes' }}
            columns={RETURN_COLUMNS}
            rows={returns.data?.data}
            total={rmeta?.total}
            error={returns.error}
            loading={returns.isLoading}
            retry={() => void returns.mutate()}
            filtered={filtered}
            page={query.page}
            pageSize={query.pageSize}
            onPage={onPage}
            onOpen={(r) => navigate(`/purchases/debit-note/${r.id}`)}
            onClear={clear}
            create={<Typography.Text type="secondary">A return is made from its bill: open the bill and choose Return / debit note.</Typography.Text>}
          />
        </Card>
      </>
    );
  }

  return (
    <>
      <PageHeader title="Purchases" extra={create} />
      {tabs}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={12} lg={5}>
          <SummaryCard title="Bills" value={meta ? new Intl.NumberFormat('en-IN').format(meta.total) : undefined} />
        </Col>
        <Col xs={24} sm={12} lg={5}>
          <SummaryCard title="Total purchases" value={meta && formatRupees(meta.grandTotal)} />
        </Col>
        <Col xs={24} sm={12} lg={5}>
          <SummaryCard title="Paid" tone="success" value={meta && formatRupees(meta.paid)} />
        </Col>
        <Col xs={24} sm={12} lg={5}>
          <SummaryCard title="To pay" tone="danger" value={meta && formatRupees(meta.balance)} />
        </Col>
        <Col xs={24} sm={12} lg={4}>
          <SummaryCard title="Input tax credit" value={meta && formatRupees(meta.itcAmount)} />
        </Col>
      </Row>
      <Card>
        <DocumentListFilters
          list={list}
          statusOptions={statusOptions}
          partyType="SUPPLIER"
          searchLabel="Search bills"
          searchPlaceholder="Ref., bill no., supplier or mobile"
        />
        <DocumentListBody<PurchaseInvoiceSummary>
          noun={{ one: 'bill', many: 'bills' }}
          columns={COLUMNS}
          rows={bills.data?.data}
          total={meta?.total}
          error={bills.error}
          loading={bills.isLoading}
          retry={() => void bills.mutate()}
          filtered={filtered}
          page={query.page}
          pageSize={query.pageSize}
          onPage={onPage}
          onOpen={(r) => navigate(`/purchases/invoice/${r.id}`)}
          onClear={clear}
          create={create}
        />
      </Card>
    </>
  );
}

export default PurchasesListPage;
