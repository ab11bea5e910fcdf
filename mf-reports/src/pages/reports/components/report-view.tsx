import type { ReactNode } from 'react';
import { Card, Col, Flex, Row, Table, Typography } from 'antd';
import type { TableColumnType, TableColumnsType, TableProps } from 'antd';
import { errorMessage, isApiError } from '@bahi/shared';
import { ErrorState, SummaryCard, TableSkeleton, formatDate } from '@bahi/shared/ui';
import { Money } from './money';

/*
 * The frame every report screen shares: its states around the report call (error with Retry, a skeleton, then the
 * report), its table with the totals row, the filter card, the figure cards and the period shown.
 */

/** What a report's SWR hook answers, as far as the screen's states go. */
export interface ReportResult<T> {
  data?: T;
  error?: unknown;
  mutate: () => unknown;
}

/**
 * "<errorTitle>" with Retry when the report could not load (and nothing from before is on screen), a skeleton
 * while it loads, then the report. With `notFound`, a 404 says that instead, without Retry.
 */
export function ReportBody<T>({ result, errorTitle, notFound, children }: { result: ReportResult<T>; errorTitle: string; notFound?: string; children: (data: T) => ReactNode }) {
  if (result.error && !result.data) {
    if (notFound && isApiError(result.error) && result.error.status === 404) return <ErrorState title={notFound} />;
    return <ErrorState title={errorTitle} detail={errorMessage(result.error)} onRetry={() => void result.mutate()} />;
  }
  if (!result.data) return <TableSkeleton rows={8} />;
  return <>{children(result.data)}</>;
}

/** A cell of a totals row: what it shows, how many columns it spans (1) and whether it is a figure (right). */
export interface TotalCell {
  content?: ReactNode;
  colSpan?: number;
  align?: 'right';
}

/** A column of money figures (right-aligned; '-' where there is none). */
export const moneyColumn = <R,>(title: string, dataIndex: keyof R & string, width: number): TableColumnType<R> => ({
  title,
  dataIndex,
  align: 'right',
  width,
  render: (v: string | null) => <Money value={v} />,
});

/** A money figure in a totals row. */
export const moneyTotal = (value: string | null | undefined): TotalCell => ({ align: 'right', content: <Money value={value} /> });

/**
 * A report's table: medium rows, the previous answer kept on screen (dimmed) while the next loads, and the totals
 * row (bold; `data-testid` totals-row) under the rows when there are any, or always with `totalsWhenEmpty`.
 */
export function ReportTable<R extends object>(props: {
  rowKey: TableProps<R>['rowKey'];
  columns: TableColumnsType<R>;
  rows: R[];
  loading: boolean;
  scrollX: number;
  pagination: TableProps<R>['pagination'];
  empty: ReactNode;
  totals?: TotalCell[];
  totalsTestId?: string;
  totalsFixed?: boolean;
  totalsWhenEmpty?: boolean;
}) {
  const { rowKey, columns, rows, loading, scrollX, pagination, empty, totals, totalsTestId = 'totals-row', totalsFixed, totalsWhenEmpty } = props;
  // A cell's index is the first column it covers.
  const starts = (totals ?? []).map((_, i) => (totals ?? []).slice(0, i).reduce((s, c) => s + (c.colSpan ?? 1), 0));
  return (
    <Table<R>
      rowKey={rowKey}
      columns={columns}
      dataSource={rows}
      loading={loading}
      size="middle"
      scroll={{ x: scrollX }}
      pagination={pagination}
      summary={() =>
        totals && (rows.length || totalsWhenEmpty) ? (
          <Table.Summary fixed={totalsFixed}>
            <Table.Summary.Row style={{ fontWeight: 600 }} data-testid={totalsTestId}>
              {totals.map((c, i) => (
                <Table.Summary.Cell key={starts[i]} index={starts[i]} colSpan={c.colSpan} align={c.align}>
                  {c.content}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        ) : null
      }
      locale={{ emptyText: empty }}
    />
  );
}

/** The card of a report's filters, in a row that wraps; `below` goes under them (what the filters picked). */
export function ReportFilters({ children, below }: { children: ReactNode; below?: ReactNode }) {
  return (
    <Card style={{ marginBottom: 16 }}>
      <Flex gap={12} wrap>
        {children}
      </Flex>
      {below}
    </Card>
  );
}

/** A line of explanation above a report's table. */
export function ReportNote({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
      {children}
    </Typography.Text>
  );
}

/** The figure cards above a report's table, four to a row on a wide screen. */
export function ReportFigures({ figures, label }: { figures: { key?: string; title: string; value: string | undefined; tone?: 'success' | 'danger' }[]; label?: string }) {
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }} role={label ? 'region' : undefined} aria-label={label}>
      {figures.map((f) => (
        <Col key={f.key ?? f.title} xs={24} sm={12} lg={6}>
          <SummaryCard title={f.title} value={f.value} tone={f.tone} />
        </Col>
      ))}
    </Row>
  );
}

/** "01/05/2026 – 31/05/2026" */
export const periodLabel = (from: string | undefined, to: string | undefined) => `${formatDate(from)} – ${formatDate(to)}`;
