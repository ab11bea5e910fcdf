import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Col, Flex, Row, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { PURCHASE_STATUS_FILTERS, formatRupees, type PurchaseInvoiceListQuery, type PurchaseInvoiceSummary } from '@bahi/shared';
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

type Tab = 'bills' | 'payments';

/**
 * purchases/*: the supplier bills, and (`?tab=payments`) the payments made to suppliers — each tab filtered, summed
 * and paged on the server; the period and the supplier carry over between the tabs.
 */
export function PurchasesListPage() {
  const navigate = useNavigate();
  const list = useDocumentListParams(PURCHASE_STATUS_FILTERS);
  const tab: Tab = list.params.get('tab') === 'payments' ? 'payments' : 'bills';
  const { query, filtered, clear, onPage } = list;
  const bills = usePurchaseInvoices(query as PurchaseInvoiceListQuery, tab === 'bills');
  const meta = bills.data?.meta;
  const statusOptions = useMemo(() => PURCHASE_STATUS_FILTERS.map((s) => ({ value: s, label: SALE_STATUS_LABELS[s] })), []);

  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/purchase/create-invoice')}>
      Add purchase
    </Button>
  );

  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={(key) => {
        // The bills' status and search mean nothing to payments; the period and the supplier carry over.
        const next = new URLSearchParams(list.params);
        for (const k of ['status', 'q', 'page', 'tab']) next.delete(k);
        if (key === 'payments') next.set('tab', 'payments');
        navigate({ search: next.toString() });
      }}
      items={[
        { key: 'bills', label: 'Bills' },
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
