import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Flex, Table, Tag, Typography } from 'antd';
import { SALE_NOTE_REASON_LABELS, formatRupees, type SaleInvoice, type SaleNoteSummary } from '@bahi/shared';
import { formatDate, formatQuantity, linesLeft, noteSourceLines } from '@bahi/shared/ui';
import { NOTE_SLUG, useInvoiceNotes } from './notes-data';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(v)}</span>;
const reasonLabel = (r: string) => SALE_NOTE_REASON_LABELS[r as keyof typeof SALE_NOTE_REASON_LABELS] ?? r;

/** The invoice's credit and debit notes, and what of its goods is still left to return. */
export function InvoiceNotesCard({ invoice }: { invoice: SaleInvoice }) {
  const { data, error } = useInvoiceNotes(invoice.id);
  const lefts = useMemo(() => (data ? linesLeft(noteSourceLines(invoice.lines), data.issued) : null), [data, invoice]);
  const returned = lefts?.filter((l) => l.quantityMilli < Math.round(Number(l.line.quantity) * 1000)) ?? [];

  return (
    <Card title="Credit and debit notes" size="small" style={{ maxWidth: 880, margin: '16px auto 0' }} aria-label="Credit and debit notes">
      {error && !data ? <Alert type="error" showIcon title="Could not load the invoice’s notes" /> : null}
      <Table<SaleNoteSummary>
        rowKey="id"
        size="small"
        pagination={false}
        loading={!data && !error}
        dataSource={data?.notes ?? []}
        locale={{ emptyText: 'No credit or debit note on this invoice' }}
        columns={[
          { title: 'Date', dataIndex: 'noteDate', width: 110, render: formatDate },
          {
            title: 'Number',
            dataIndex: 'noteNumber',
            render: (n: string, r) => (
              <Link to={`/sales/${NOTE_SLUG[r.noteType]}/${r.id}`} style={mono}>
                {n}
              </Link>
            ),
          },
          { title: 'Kind', dataIndex: 'noteType', width: 110, render: (t: string) => (t === 'CREDIT' ? 'Credit note' : 'Debit note') },
          { title: 'Reason', dataIndex: 'reason', render: reasonLabel },
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
      {lefts && returned.length ? (
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
