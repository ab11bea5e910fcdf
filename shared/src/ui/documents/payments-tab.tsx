import { Fragment, useMemo, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Card, Col, Flex, Row, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import useSWR from 'swr';
import { cacheKey, formatRupees, paymentApi, type PaymentListQuery, type PaymentSummary } from '@bahi/shared';
import { formatDate, PAYMENT_MODE_LABELS } from './format';
import { DocumentListBody, PeriodFilter, SummaryCard, type DocumentListParams } from './list';
import { PartyFilter } from './party-filter';
import { VoucherLink } from './payments-card';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const tabular = { fontVariantNumeric: 'tabular-nums' } as const;

/** What differs between money received from customers (IN, sales) and paid to suppliers (OUT, purchases). */
const SIDES = {
  IN: {
    area: 'sales',
    key: 'payments-in',
    partyType: 'CUSTOMER',
    party: 'Customer',
    parties: 'customers',
    unnamed: 'Walk-in customer',
    standalone: 'Payment in',
    withDocument: 'Received on the invoice',
    documents: 'Invoices settled',
    documentPath: '/sales/invoice/',
    documentCancelled: 'Invoice cancelled',
    reversed: 'The invoice was cancelled: this payment went back out of the account',
    sum: 'Received',
    advance: 'Advance from customers',
  },
  OUT: {
    area: 'purchases',
    key: 'payments-out',
    partyType: 'SUPPLIER',
    party: 'Supplier',
    parties: 'suppliers',
    unnamed: '—',
    standalone: 'Payment out',
    withDocument: 'Paid on the bill',
    documents: 'Bills settled',
    documentPath: '/purchases/invoice/',
    documentCancelled: 'Bill cancelled',
    reversed: 'The bill was cancelled: this payment came back into the account',
    sum: 'Paid out',
    advance: 'Advance with suppliers',
  },
} as const;
type Direction = keyof typeof SIDES;

/** Payments received from customers (IN) or made to suppliers (OUT), one page, with the sums of the filter. */
export function usePartyPayments(direction: Direction, query: Omit<PaymentListQuery, 'direction'>, enabled = true) {
  const q: PaymentListQuery = { ...query, direction };
  const { area, key } = SIDES[direction];
  return useSWR(enabled ? cacheKey(area, key, q) : null, () => paymentApi.list(q), { keepPreviousData: true });
}

function paymentColumns(direction: Direction): TableColumnsType<PaymentSummary> {
  const side = SIDES[direction];
  return [
    { title: 'Date', dataIndex: 'date', width: 110, render: formatDate },
    {
      title: side.party,
      key: 'party',
      render: (_, r) => (
        <Flex vertical>
          <span>{r.partyName ?? side.unnamed}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.type === 'PAYMENT_IN' || r.type === 'PAYMENT_OUT' ? side.standalone : side.withDocument}
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
          {r.paymentVoucherNumber ? (
            <span style={{ fontSize: 12 }}>
              <VoucherLink id={r.id} number={r.paymentVoucherNumber} />
            </span>
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
          <Tooltip title={side.reversed}>
            <Typography.Text delete type="secondary" style={tabular}>
              {formatRupees(v)}
            </Typography.Text>
          </Tooltip>
        ) : (
          <span style={tabular}>{formatRupees(v)}</span>
        ),
    },
    {
      title: side.documents,
      key: 'documents',
      render: (_, r) =>
        r.allocations.length === 0 ? (
          <Typography.Text type="secondary">None</Typography.Text>
        ) : (
          <Flex vertical gap={2}>
            {r.allocations.map((a) => (
              <Flex key={a.documentId} gap={6} align="baseline" wrap>
                <Link to={`${side.documentPath}${a.documentId}`} style={mono} onClick={(e) => e.stopPropagation()}>
                  {a.documentNumber}
                </Link>
                <Typography.Text type="secondary" delete={a.cancelled} style={{ fontSize: 12, ...tabular }}>
                  {formatRupees(a.amount)}
                </Typography.Text>
                {a.cancelled && !r.reversed ? <Tag>{side.documentCancelled}</Tag> : null}
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
}

/**
 * The payments tab of a document list: sales' "Payments in" (money received from customers — with an invoice,
 * recorded against one, or a payment in with the invoices it settled) or purchases' "Payments out" (the same for
 * suppliers and their bills) in the period, the period's total, filters and paging on the server.
 */
export function PaymentsTab({ direction, list, create }: { direction: Direction; list: DocumentListParams; create: ReactNode }) {
  const navigate = useNavigate();
  const side = SIDES[direction];
  const columns = useMemo(() => paymentColumns(direction), [direction]);
  const { query, set, onPage } = list;
  const filter = { partyId: query.partyId, from: query.from, to: query.to, page: query.page, pageSize: query.pageSize };
  const payments = usePartyPayments(direction, filter);
  const meta = payments.data?.meta;
  const filtered = !!query.partyId;

  return (
    <Fragment>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <SummaryCard title="Payments" value={meta ? new Intl.NumberFormat('en-IN').format(meta.total) : undefined} />
        </Col>
        <Col xs={24} sm={8}>
          <SummaryCard title={side.sum} tone="success" value={meta && formatRupees(meta.sums.amount)} />
        </Col>
        <Col xs={24} sm={8}>
          <SummaryCard title={side.advance} value={meta && formatRupees(meta.sums.advance)} />
        </Col>
      </Row>
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <PeriodFilter list={list} />
          <PartyFilter
            value={query.partyId}
            partyType={side.partyType}
            label={`Filter by ${side.party.toLowerCase()}`}
            placeholder={`All ${side.parties}`}
            onChange={(v) => set({ partyId: v })}
          />
        </Flex>
        <DocumentListBody<PaymentSummary>
          noun={{ one: 'payment', many: 'payments' }}
          columns={columns}
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
