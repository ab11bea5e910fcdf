import { useState } from 'react';
import { Card, Flex, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatIndianNumber, formatRupees, reportUrls, type StockSummaryRow } from '@bahi/shared';
import { EmptyState, PageHeader, formatQuantity, listPagination } from '@bahi/shared/ui';
import { BranchFilter } from './components/branch-filter';
import { useStockSummary } from './components/data';
import { ExportLinks } from './components/export-links';
import { useReportParams } from './components/report-params';
import { ReportBody, ReportFigures, ReportFilters, ReportTable, moneyColumn, moneyTotal } from './components/report-view';

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
  moneyColumn('Unit cost', 'unitCost', 130),
  moneyColumn('Value', 'value', 150),
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

  return (
    <>
      <PageHeader
        title="Stock summary"
        back="/reports"
        extra={<ExportLinks url={(format) => reportUrls.stockSummary({ branchId }, format)} />}
      />
      <ReportFilters>
        <BranchFilter
          value={branchId}
          onChange={(v) => {
            setPage((p) => ({ ...p, page: 1 }));
            set({ branchId: v });
          }}
        />
      </ReportFilters>
      {data ? (
        <ReportFigures
          label="Stock per branch"
          figures={[
            { title: 'Stock value', value: formatRupees(data.totals.value) },
            { title: 'Low stock items', tone: data.totals.lowStock ? 'danger' : undefined, value: formatIndianNumber(data.totals.lowStock) },
            ...data.branches.map((b) => ({ key: b.branchId, title: b.branchName, value: formatRupees(b.value) })),
          ]}
        />
      ) : null}
      <Card>
        <ReportBody result={report} errorTitle="Error loading the stock summary">
          {(data) => (
            <ReportTable<StockSummaryRow>
              rowKey={(r) => `${r.branchId}-${r.itemId}`}
              columns={COLUMNS}
              rows={data.rows}
              loading={report.isValidating}
              scrollX={900}
              pagination={listPagination({ page: page.page, pageSize: page.pageSize, total: data.meta.total, noun: 'items', hideOnSinglePage: true, onChange: (p, pageSize) => setPage({ page: pageSize === page.pageSize ? p : 1, pageSize }) })}
              totals={[
                { colSpan: 3, content: 'Total' },
                { align: 'right', content: `${formatIndianNumber(data.totals.lowStock)} low` },
                {},
                moneyTotal(data.totals.value),
              ]}
              empty={<EmptyState title={branchId ? 'No stock in this branch' : 'No stock yet'} />}
            />
          )}
        </ReportBody>
      </Card>
    </>
  );
}
