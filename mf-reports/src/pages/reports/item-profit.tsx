import { Card, Flex, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { reportUrls, type ItemProfitRow } from '@bahi/shared';
import { EmptyState, PageHeader, PeriodFilter, formatQuantity, useDocumentListParams, listPagination } from '@bahi/shared/ui';
import { BranchFilter } from './components/branch-filter';
import { useItemProfit } from './components/data';
import { ExportLinks } from './components/export-links';
import { Money } from './components/money';
import { ReportBody, ReportNote, ReportTable, moneyColumn, moneyTotal, periodLabel } from './components/report-view';

/** A loss reads in red. */
const Profit = ({ value }: { value: string }) => (
  <Typography.Text type={value.startsWith('-') ? 'danger' : undefined}>
    <Money value={value} />
  </Typography.Text>
);

const COLUMNS: TableColumnsType<ItemProfitRow> = [
  { title: 'Item', dataIndex: 'itemName' },
  { title: 'Quantity sold', dataIndex: 'quantity', align: 'right', width: 130, render: (v: string) => formatQuantity(v) },
  moneyColumn('Sale value', 'saleValue', 150),
  moneyColumn('Cost', 'cost', 150),
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

  return (
    <>
      <PageHeader
        title="Item profit"
        back="/reports"
        subtitle={periodLabel(query.from, query.to)}
        extra={<ExportLinks url={(format) => reportUrls.itemProfit({ from: query.from, to: query.to, branchId }, format)} />}
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <PeriodFilter list={list} />
          <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
        </Flex>
        <ReportNote>Sale value is without tax; cost is the quantity at the last purchase price.</ReportNote>
        <ReportBody result={report} errorTitle="Error loading the item profit">
          {(data) => {
            const margin = marginOf(data.totals.profit ?? '0.00', data.totals.saleValue);
            return (
              <ReportTable<ItemProfitRow>
                rowKey="itemId"
                columns={COLUMNS}
                rows={data.rows}
                loading={report.isValidating}
                scrollX={800}
                pagination={listPagination({ page: query.page, pageSize: query.pageSize, total: data.meta.total, noun: 'items', hideOnSinglePage: true, onChange: onPage })}
                totals={[
                  { colSpan: 2, content: 'Total' },
                  moneyTotal(data.totals.saleValue),
                  moneyTotal(data.totals.cost),
                  { align: 'right', content: <Profit value={data.totals.profit ?? '0.00'} /> },
                  { align: 'right', content: margin === null ? '-' : `${margin}%` },
                ]}
                empty={<EmptyState title="No items sold in this period" />}
              />
            );
          }}
        </ReportBody>
      </Card>
    </>
  );
}
