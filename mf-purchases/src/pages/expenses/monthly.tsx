import { Card, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatRupees, fromPaise, indiaToday, toPaise } from '@bahi/shared';
import { ErrorState, TableSkeleton } from '@bahi/shared/ui';
import { useMonthlySums, type MonthSums } from './data';

const MONTHS = 6;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (ym: string) => `${MONTH_NAMES[Number(ym.slice(5, 7)) - 1]} ${ym.slice(2, 4)}`;

interface Line {
  key: string;
  name: string;
  /** Per month, YYYY-MM → amount. */
  amounts: Record<string, string>;
  total: string;
}

/** Category lines (largest over the months first) and a total line, from the server's sums of each month. */
export function monthlyLines(months: MonthSums[]): Line[] {
  const byCategory = new Map<string, Line>();
  for (const m of months) {
    for (const c of m.byCategory) {
      const line = byCategory.get(c.categoryId) ?? { key: c.categoryId, name: c.categoryName, amounts: {}, total: '0.00' };
      line.amounts[m.month] = c.amount;
      line.total = fromPaise(toPaise(line.total) + toPaise(c.amount));
      byCategory.set(c.categoryId, line);
    }
  }
  const lines = [...byCategory.values()].sort((a, b) => toPaise(b.total) - toPaise(a.total));
  const total: Line = {
    key: 'total',
    name: 'Total',
    amounts: Object.fromEntries(months.map((m) => [m.month, m.total])),
    total: fromPaise(months.reduce((s, m) => s + toPaise(m.total), 0)),
  };
  return lines.length ? [...lines, total] : [];
}

/**
 * Expenses by category over the last six months, as a compact table (no chart library is in the catalog).
 * Follows the category and account filters of the list, not its period.
 */
export function MonthlyExpenses({ categoryId, accountId }: { categoryId?: string; accountId?: string }) {
  const sums = useMonthlySums(indiaToday(), MONTHS, { categoryId, accountId });
  const months = sums.data;
  const cell = (v: string | undefined) => (
    <span style={{ fontVariantNumeric: 'tabular-nums', color: v ? undefined : 'rgba(0,0,0,0.35)' }}>{v ? formatRupees(v) : '-'}</span>
  );
  const columns: TableColumnsType<Line> = [
    { title: 'Category', dataIndex: 'name', fixed: 'left', width: 170, render: (n: string, l) => (l.key === 'total' ? <strong>{n}</strong> : n) },
    ...(months ?? []).map((m) => ({
      title: monthLabel(m.month),
      key: m.month,
      align: 'right' as const,
      width: 120,
      render: (_: unknown, l: Line) => cell(l.amounts[m.month]),
    })),
    { title: `${MONTHS} months`, key: 'total', align: 'right', width: 130, render: (_, l) => <strong>{cell(l.total)}</strong> },
  ];
  return (
    <Card title="By month" size="small" extra={<Typography.Text type="secondary">Last {MONTHS} months</Typography.Text>}>
      {sums.error && !months ? (
        <ErrorState title="Error loading the months" onRetry={() => void sums.mutate()} />
      ) : !months ? (
        <TableSkeleton rows={4} />
      ) : (
        <Table<Line>
          aria-label="Expenses by month"
          rowKey="key"
          size="small"
          columns={columns}
          dataSource={monthlyLines(months)}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: 'No expenses in these months' }}
        />
      )}
    </Card>
  );
}
