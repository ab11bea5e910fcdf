import { Fragment, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Card, Col, Flex, Row, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatRupees, type PaymentSummary } from '@bahi/shared';
import {
  DocumentListBody,
  PAYMENT_MODE_LABELS,
  PartyFilter,
  PeriodFilter,
  SummaryCard,
  formatDate,
  type DocumentListParams,
} from '@bahi/shared/ui';
import { useSupplierPayments } from '../../components/purchase-data';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

const COLUMNS: TableColumnsType<PaymentSummary> = [
  { title: 'Date', dataIndex: 'date', width: 110, render: formatDate },
  {
    title: 'Supplier',
    key: 'party',
    render: (_, r) => (
      <Flex vertical>
        <span>{r.partyName}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.type === 'PAYMENT_OUT' ? 'Payment out' : 'Paid on the bill'}
        </Typography.Text>
      </Flex>
    ),
  },
  {
    title: 'Mode / account',
    key: 'mode',
    width: 230,
    render: (_, r) => (
      <Flex vertical>
        <span>
          {r.mode ? PAYMENT_MODE_LABELS[r.mode] : '—'} · {r.accountName}
        </span>
        {r.reference ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, ...mono }}>
            {r.reference}
          </Typography.Text>
        ) : null}
      </Flex>
    ),
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    align: 'right',
    width: 130,
    render: (v: string, r) =>
      r.reversed ? (
        <Tooltip title="The bill was cancelled: this payment came back into the account">
          <Typography.Text delete type="secondary" style={tabular}>
            {formatRupees(v)}
          </Typography.Text>
        </Tooltip>
      ) : (
        <span style={tabular}>{formatRupees(v)}</span>
      ),
  },
  {
    title: 'Bills settled',
    key: 'bills',
    render: (_, r) =>
      r.allocations.length === 0 ? (
        <Typography.Text type="secondary">None</Typography.Text>
      ) : (
        <Flex vertical gap={2}>
          {r.allocations.map((a) => (
            <Flex key={a.documentId} gap={6} align="baseline" wrap>
              <Link to={`/purchases/invoice/${a.documentId}`} style={mono} onClick={(e) => e.stopPropagation()}>
                {a.documentNumber}
              </Link>
              <Typography.Text type="secondary" delete={a.cancelled} style={{ fontSize: 12, ...tabular }}>
                {formatRupees(a.amount)}
              </Typography.Text>
              {a.cancelled && !r.reversed ? <Tag>Bill cancelled</Tag> : null}
            </Flex>
          ))}
        </Flex>
      ),
  },
  {
    title: 'Advance left',
    dataIndex: 'advance',
    align: 'right',
    width: 130,
    render: (v: string, r) =>
      r.reversed ? (
        <Tag color="default">Reversed</Tag>
      ) : v === '0.00' ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <Typography.Text type="warning" style={tabular}>
          {formatRupees(v)}
        </Typography.Text>
      ),
  },
];

/**
 * The "Payments out" tab of purchases/*: every payment made to suppliers in the period — with a bill, recorded
 * against one, or a payment out with the bills it settled — the period's total, filters and paging on the server.
 */
export function PaymentsOutTab({ list, create }: { list: DocumentListParams; create: ReactNode }) {
  const navigate = useNavigate();
  const { query, set, onPage } = list;
  const filter = { partyId: query.partyId, from: query.from, to: query.to, page: query.page, pageSize: query.pageSize };
  const payments = useSupplierPayments(filter);
  const meta = payments.data?.meta;
  const filtered = !!query.partyId;

  return (
    <Fragment>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <SummaryCard title="Payments" value={meta ? new Intl.NumberFormat('en-IN').format(meta.total) : undefined} />
        </Col>
        <Col xs={24} sm={8}>
          <SummaryCard title="Paid out" tone="success" value={meta && formatRupees(meta.sums.amount)} />
        </Col>
        <Col xs={24} sm={8}>
          <SummaryCard title="Advance with suppliers" value={meta && formatRupees(meta.sums.advance)} />
        </Col>
      </Row>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <PeriodFilter list={list} />
          <PartyFilter
            value={query.partyId}
            partyType="SUPPLIER"
            label="Filter by supplier"
            placeholder="All suppliers"
            onChange={(v) => set({ partyId: v })}
          />
        </Flex>
        <DocumentListBody<PaymentSummary>
          noun={{ one: 'payment', many: 'payments' }}
          columns={COLUMNS}
          rows={payments.data?.data}
          total={meta?.total}
          error={payments.error}
          loading={payments.isLoading}
          retry={() => void payments.mutate()}
          filtered={filtered}
          page={query.page}
          pageSize={query.pageSize}
          onPage={onPage}
          onOpen={(r) => r.partyId && navigate(`/party/${r.partyId}`)}
          onClear={() => set({ partyId: undefined })}
          create={create}
        />
      </Card>
    </Fragment>
  );
}
