import { Card, Flex, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage, reportUrls, type ItemProfitRow } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, PeriodFilter, TableSkeleton, formatDate, formatQuantity, useDocumentListParams, listPagination } from '@bahi/shared/ui';
import { BranchFilter } from './components/branch-filter';
import { useItemProfit } from './components/data';
import { ExportLinks } from './components/export-links';
import { Money } from './components/money';

/** A loss reads in red. */
const Profit = ({ value }: { value: string }) => (
  <Typography.Text type={value.startsWith('-') ? 'danger' : undefined}>
    <Money value={value} />
  </Typography.Text>
);

const COLUMNS: TableColumnsType<ItemProfitRow> = [
  { title: 'Item', dataIndex: 'itemName' },
  { title: 'Quantity sold', dataIndex: 'quantity', align: 'right', width: 130, render: (v: string) => formatQuantity(v) },
  { title: 'Sale value', dataIndex: 'saleValue', align: 'right', width: 150, render: (v: string) => <Money value={v} /> },
  { title: 'Cost', dataIndex: 'cost', align: 'right', width: 150, render: (v: string) => <Money value={v} /> },
  { title: 'Profit', dataIndex: 'profit', align: 'right', width: 150, render: (v: string) => <Profit value={v} /> },
  { title: 'Margin', dataIndex: 'marginPercent', align: 'right', width: 100, render: (v: string | null) => (v === null ? '-' : `${v}%`) },
];

/** Profit ÷ sale value of the totals, per cent with two decimals, in paise (never floats of rupees). */
function marginOf(profit: string, saleValue: string): string | null {
  const sale = Math.round(Number(saleValue) * 100);
  if (sale === 0) return null;
  return ((Math.round(Number(profit) * 100) * 100) / sale).toFixed(2);
}

/**
 * /reports/item-profit ('Item profit'): per item, the quantity sold in a period, its sale value without tax, its
 * cost at the last purchase price, the profit and the margin (GET report/item-profit); the totals are over every
 * item, not only this page. Period and branch live in the address.
 */
export default function ItemProfitPage() {
  const list = useDocumentListParams([]);
  const { params, query, set, onPage } = list;
  const branchId = params.get('branchId') || undefined;
  const report = useItemProfit({ from: query.from, to: query.to, branchId, page: query.page, pageSize: query.pageSize });
  const data = report.data;

  let body: React.ReactNode;
  if (report.error && !data) {
    body = <ErrorState title="Error loading the item profit" detail={errorMessage(report.error)} onRetry={() => void report.mutate()} />;
  } else if (!data) {
    body = <TableSkeleton rows={8} />;
  } else {
    const margin = marginOf(data.totals.profit, data.totals.saleValue);
    body = (
      <Table<ItemProfitRow>
        rowKey="itemId"
        columns={COLUMNS}
        dataSource={data.rows}
        loading={report.isValidating}
        size="middle"
        scroll={{ x: 800 }}
        pagination={listPagination({ page: query.page, pageSize: query.pageSize, total: data.meta.total, noun: 'items', hideOnSinglePage: true, onChange: onPage })}
        summary={() =>
          data.rows.length ? (
            <Table.Summary>
              <Table.Summary.Row style={{ fontWeight: 600 }} data-testid="totals-row">
                <Table.Summary.Cell index={0} colSpan={2}>
                  Total
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Money value={data.totals.saleValue} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Money value={data.totals.cost} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={4} align="right">
                  <Profit value={data.totals.profit} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  {margin === null ? '-' : `${margin}%`}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
        locale={{ emptyText: <EmptyState title="No items sold in this period" /> }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Item profit"
        back="/reports"
        subtitle={`${formatDate(query.from)} – ${formatDate(query.to)}`}
        extra={<ExportLinks url={(format) => reportUrls.itemProfit({ from: query.from, to: query.to, branchId }, format)} formats={['xlsx', 'csv', 'pdf']} />}
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <PeriodFilter list={list} />
          <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
        </Flex>
        <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
          Sale value is without tax; cost is the quantity at the last purchase price.
        </Typography.Text>
        {body}
      </Card>
    </>
  );
}
