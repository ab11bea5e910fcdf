import { Card, Col, Flex, Row, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage, formatRupees, isApiError, reportUrls, type LedgerEntry } from '@bahi/shared';
import {
  EmptyState,
  ErrorState,
  listPagination,
  PageHeader,
  PartyFilter,
  PeriodFilter,
  SummaryCard,
  TableSkeleton,
  formatDate,
  useDocumentListParams,
} from '@bahi/shared/ui';
import { useLedger } from './components/data';
import { DocumentLink } from './components/document-link';
import { ExportLinks } from './components/export-links';
import { Money, drCr } from './components/money';

type LedgerRow = LedgerEntry & { rowKey: string; opening?: boolean };

const COLUMNS: TableColumnsType<LedgerRow> = [
  { title: 'Date', dataIndex: 'date', width: 110, render: (d: string, r) => (r.opening ? '' : formatDate(d)) },
  {
    title: 'Document',
    key: 'document',
    width: 170,
    render: (_, r) => (r.opening ? '-' : <DocumentLink type={r.documentType} id={r.documentId} number={r.documentNumber} />),
  },
  { title: 'Particulars', dataIndex: 'description' },
  { title: 'Debit', dataIndex: 'debit', align: 'right', width: 140, render: (v: string, r) => (r.opening ? null : <Money value={v} />) },
  { title: 'Credit', dataIndex: 'credit', align: 'right', width: 140, render: (v: string, r) => (r.opening ? null : <Money value={v} />) },
  { title: 'Balance', dataIndex: 'balance', align: 'right', width: 160, render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{drCr(v)}</span> },
];

/**
 * /reports/ledger ('Ledger Report'): a party's statement for a period (GET report/ledger): the opening balance,
 * every sale, purchase, payment and adjustment with debit, credit and the running balance, and the closing
 * balance, which is the balance the party screens show. Party and period live in the address.
 */
export default function LedgerReportPage() {
  const list = useDocumentListParams([]);
  const { query, set, onPage } = list;
  const partyId = query.partyId;
  const filters = partyId ? { partyId, from: query.from, to: query.to } : null;
  const ledger = useLedger(filters && { ...filters, page: query.page, pageSize: query.pageSize });
  const data = ledger.data;

  const exports = filters ? <ExportLinks url={(f) => reportUrls.ledger(filters, f === 'pdf' ? 'pdf' : 'xlsx')} formats={['pdf', 'xlsx']} /> : null;

  let body: React.ReactNode;
  if (!filters) {
    body = <EmptyState title="Choose a party to see its ledger" description="Its statement for the period shows here: opening balance, every entry and the closing balance." />;
  } else if (ledger.error && !data) {
    body =
      isApiError(ledger.error) && ledger.error.status === 404 ? (
        <ErrorState title="Party not found." />
      ) : (
        <ErrorState title="Error loading the ledger" detail={errorMessage(ledger.error)} onRetry={() => void ledger.mutate()} />
      );
  } else if (!data) {
    body = <TableSkeleton rows={8} />;
  } else {
    // Page 1 opens with the opening balance; every entry carries the running balance after it.
    const opening: LedgerRow = {
      rowKey: 'opening',
      opening: true,
      date: data.from,
      type: 'OPENING',
      documentType: null,
      documentId: null,
      documentNumber: null,
      description: 'Opening balance',
      debit: '0.00',
      credit: '0.00',
      balance: data.openingBalance,
    };
    const rows: LedgerRow[] = data.entries.map((e, i) => ({ ...e, rowKey: `${data.meta.page}-${i}` }));
    if (data.meta.page === 1) rows.unshift(opening);
    body = (
      <Table<LedgerRow>
        rowKey="rowKey"
        columns={COLUMNS}
        dataSource={rows}
        loading={ledger.isValidating}
        size="middle"
        scroll={{ x: 800 }}
        pagination={listPagination({ page: query.page, pageSize: query.pageSize, total: data.meta.total, noun: 'entries', hideOnSinglePage: true, onChange: onPage })}
        summary={() => (
          <Table.Summary>
            <Table.Summary.Row style={{ fontWeight: 600 }} data-testid="closing-row">
              <Table.Summary.Cell index={0} colSpan={3}>
                Closing balance on {formatDate(data.to)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <Money value={data.debit} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <Money value={data.credit} />
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                {drCr(data.closingBalance)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          </Table.Summary>
        )}
        locale={{ emptyText: <EmptyState title="No entries in this period" /> }}
      />
    );
  }

  return (
    <>
      <PageHeader title="Ledger Report" subtitle={data ? data.party.name : undefined} extra={exports} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <PartyFilter value={partyId} partyType={null} label="Party" placeholder="Pick a party" width={260} onChange={(v) => set({ partyId: v })} />
          <PeriodFilter list={list} />
        </Flex>
        {data ? (
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
            {[data.party.gstin && `GSTIN ${data.party.gstin}`, data.party.mobileNumber].filter(Boolean).join(' · ')}
          </Typography.Text>
        ) : null}
      </Card>
      {filters ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Opening balance" value={data && drCr(data.openingBalance)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Debit" value={data && formatRupees(data.debit)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Credit" value={data && formatRupees(data.credit)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Closing balance" value={data && drCr(data.closingBalance)} />
          </Col>
        </Row>
      ) : null}
      <Card>{body}</Card>
    </>
  );
}
