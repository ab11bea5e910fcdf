import { useState } from 'react';
import { Card, Col, Flex, Row, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage, formatIndianNumber, formatRupees, reportUrls, type StockSummaryRow } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, SummaryCard, TableSkeleton, formatQuantity, listPagination } from '@bahi/shared/ui';
import { BranchFilter } from './components/branch-filter';
import { useStockSummary } from './components/data';
import { ExportLinks } from './components/export-links';
import { Money } from './components/money';
import { useReportParams } from './components/report-params';

const COLUMNS: TableColumnsType<StockSummaryRow> = [
  { title: 'Item', key: 'item', render: (_, r) => r.itemName },
  { title: 'Code', dataIndex: 'itemCode', width: 120 },
  { title: 'Branch', dataIndex: 'branchName', width: 160 },
  {
    title: 'Quantity',
    key: 'quantity',
    align: 'right',
    width: 140,
    render: (_, r) => (
      <Flex gap={6} justify="end" align="center">
        {r.lowStock ? <Tag color="red">Low stock</Tag> : null}
        <span>
          {formatQuantity(r.quantity)}
          {r.unit ? ` ${r.unit}` : ''}
        </span>
      </Flex>
    ),
  },
  { title: 'Unit cost', dataIndex: 'unitCost', align: 'right', width: 130, render: (v: string) => <Money value={v} /> },
  { title: 'Value', dataIndex: 'value', align: 'right', width: 150, render: (v: string) => <Money value={v} /> },
];

/**
 * /reports/stock-summary ('Stock summary'): every item's quantity and value per branch (GET report/stock-summary),
 * items at or below their low-stock quantity marked, the totals over every branch the filter matches. The branch
 * lives in the address.
 */
export default function StockSummaryPage() {
  const { params, set } = useReportParams();
  const branchId = params.get('branchId') || undefined;
  const [page, setPage] = useState({ page: 1, pageSize: 50 });
  const report = useStockSummary({ branchId, ...page });
  const data = report.data;

  let body: React.ReactNode;
  if (report.error && !data) {
    body = <ErrorState title="Error loading the stock summary" detail={errorMessage(report.error)} onRetry={() => void report.mutate()} />;
  } else if (!data) {
    body = <TableSkeleton rows={8} />;
  } else {
    body = (
      <Table<StockSummaryRow>
        rowKey={(r) => `${r.branchId}-${r.itemId}`}
        columns={COLUMNS}
        dataSource={data.rows}
        loading={report.isValidating}
        size="middle"
        scroll={{ x: 900 }}
        pagination={listPagination({ page: page.page, pageSize: page.pageSize, total: data.meta.total, noun: 'items', hideOnSinglePage: true, onChange: (p, pageSize) => setPage({ page: pageSize === page.pageSize ? p : 1, pageSize }) })}
        summary={() =>
          data.rows.length ? (
            <Table.Summary>
              <Table.Summary.Row style={{ fontWeight: 600 }} data-testid="totals-row">
                <Table.Summary.Cell index={0} colSpan={3}>
                  Total
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  {formatIndianNumber(data.totals.lowStock)} low
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} />
                <Table.Summary.Cell index={5} align="right">
                  <Money value={data.totals.value} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
        locale={{ emptyText: <EmptyState title={branchId ? 'No stock in this branch' : 'No stock yet'} /> }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Stock summary"
        back="/reports"
        extra={<ExportLinks url={(format) => reportUrls.stockSummary({ branchId }, format)} formats={['xlsx', 'csv', 'pdf']} />}
      />
      <Card style={{ marginBottom: 16 }}>
        <BranchFilter
          value={branchId}
          onChange={(v) => {
            setPage((p) => ({ ...p, page: 1 }));
            set({ branchId: v });
          }}
        />
      </Card>
      {data ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }} role="region" aria-label="Stock per branch">
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Stock value" value={formatRupees(data.totals.value)} />
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <SummaryCard title="Low stock items" tone={data.totals.lowStock ? 'danger' : undefined} value={formatIndianNumber(data.totals.lowStock)} />
          </Col>
          {data.branches.map((b) => (
            <Col key={b.branchId} xs={24} sm={12} lg={6}>
              <SummaryCard title={b.branchName} value={formatRupees(b.value)} />
            </Col>
          ))}
        </Row>
      ) : null}
      <Card>{body}</Card>
    </>
  );
}
