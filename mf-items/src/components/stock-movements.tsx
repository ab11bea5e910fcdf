import { Card, Flex, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { errorMessage, formatQuantity, type StockMovement } from '@bahi/shared';
import { ErrorState, TableSkeleton } from '@bahi/shared/ui';
import { formatDate, useItemStock } from './item-data';

const KIND_LABELS: Record<string, string> = {
  OPENING: 'Opening stock',
  OPENING_EDIT: 'Opening stock edited',
  ADD: 'Stock added',
  REDUCE: 'Stock reduced',
};
export const movementLabel = (kind: string) =>
  KIND_LABELS[kind] ?? kind.charAt(0) + kind.slice(1).toLowerCase().replace(/_/g, ' ');

const columns: TableColumnsType<StockMovement> = [
  { title: 'Date', dataIndex: 'date', width: 120, render: (d: string) => formatDate(d) },
  { title: 'Movement', dataIndex: 'kind', width: 190, render: (k: string) => movementLabel(k) },
  { title: 'Branch', dataIndex: 'branchName', width: 160 },
  {
    title: 'Quantity',
    dataIndex: 'quantity',
    align: 'right',
    width: 100,
    render: (q: number) => (
      <Typography.Text type={q < 0 ? 'danger' : 'success'} strong>
        {q > 0 ? `+${formatQuantity(q)}` : formatQuantity(q)}
      </Typography.Text>
    ),
  },
  { title: 'Stock After', dataIndex: 'balanceAfter', align: 'right', width: 110, render: (q: number) => formatQuantity(q) },
  { title: 'Reason', dataIndex: 'reason', render: (r: string | null) => r ?? '-' },
  { title: 'By', dataIndex: 'createdBy', width: 140, render: (b: string | null) => b ?? '-' },
];

/** Stock at every branch and the movements that explain it. */
export function StockMovements({ itemId }: { itemId: string }) {
  const { data, error, isLoading, mutate } = useItemStock(itemId);
  return (
    <Card title="Stock Movements">
      {error && !data ? (
        <ErrorState title="Could not load the stock movements" detail={errorMessage(error)} onRetry={() => mutate()} />
      ) : isLoading || !data ? (
        <TableSkeleton rows={3} />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={8} wrap aria-label="Stock by branch" role="list">
            {data.branches.map((b) => (
              <Tag key={b.branchId} color={b.isActive ? 'blue' : undefined} role="listitem" style={{ padding: '2px 8px', fontSize: 13 }}>
                {b.branchName}: <strong>{formatQuantity(b.quantity)}</strong>
                {b.isActive ? ' (active)' : ''}
              </Tag>
            ))}
          </Flex>
          <Table<StockMovement>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={data.movements}
            scroll={{ x: 900 }}
            pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
            locale={{ emptyText: 'No stock movements yet' }}
          />
        </Flex>
      )}
    </Card>
  );
}
