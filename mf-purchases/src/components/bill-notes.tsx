import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Flex, Table, Tag, Typography } from 'antd';
import { PURCHASE_NOTE_REASON_LABELS, formatRupees, type PurchaseDebitNoteSummary, type PurchaseInvoice } from '@bahi/shared';
import { formatDate, formatQuantity, linesLeft, noteSourceLines } from '@bahi/shared/ui';
import { useBillNotes } from './notes-data';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(v)}</span>;

/** The bill's debit notes, and what of its goods is still left to return. */
export function BillNotesCard({ bill }: { bill: PurchaseInvoice }) {
  const { data, error } = useBillNotes(bill.id);
  const lefts = useMemo(() => (data ? linesLeft(noteSourceLines(bill.lines), data.issued) : null), [data, bill]);
  const anyReturned = lefts?.some((l) => l.quantityMilli < Math.round(Number(l.line.quantity) * 1000));
  return (
    <Card title="Returns and debit notes" size="small" style={{ marginTop: 16 }} aria-label="Debit notes">
      {error && !data ? <Alert type="error" showIcon title="Could not load the bill’s debit notes" /> : null}
      <Table<PurchaseDebitNoteSummary>
        rowKey="id"
        size="small"
        pagination={false}
        loading={!data && !error}
        dataSource={data?.notes ?? []}
        locale={{ emptyText: 'No debit note on this bill' }}
        columns={[
          { title: 'Date', dataIndex: 'noteDate', width: 110, render: formatDate },
          {
            title: 'Number',
            dataIndex: 'noteNumber',
            render: (n: string, r) => (
              <Link to={`/purchases/debit-note/${r.id}`} style={mono}>
                {n}
              </Link>
            ),
          },
          { title: 'Reason', dataIndex: 'reason', render: (r: keyof typeof PURCHASE_NOTE_REASON_LABELS) => PURCHASE_NOTE_REASON_LABELS[r] },
          { title: 'Refunded', dataIndex: 'refunded', align: 'right', width: 120, render: money },
          {
            title: 'Total',
            dataIndex: 'grandTotal',
            align: 'right',
            width: 150,
            render: (v: string, r) => (
              <Flex justify="flex-end" gap={6}>
                {r.status === 'CANCELLED' ? <Tag>Cancelled</Tag> : null}
                <span style={{ textDecoration: r.status === 'CANCELLED' ? 'line-through' : undefined }}>{money(v)}</span>
              </Flex>
            ),
          },
        ]}
      />
      {lefts && anyReturned ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }} data-testid="left-to-return">
          {lefts.every((l) => l.quantityMilli <= 0 || l.line.itemType === 'SERVICE') ? 'Everything has been returned.' : 'Left to return: '}
          {lefts
            .filter((l) => l.line.itemType !== 'SERVICE' && l.quantityMilli > 0)
            .map((l) => `${l.line.itemName} ${formatQuantity(l.quantityMilli / 1000)} of ${formatQuantity(l.line.quantity)}${l.line.unit ? ` ${l.line.unit}` : ''}`)
            .join(' · ')}
        </Typography.Paragraph>
      ) : null}
    </Card>
  );
}
