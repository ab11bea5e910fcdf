import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Descriptions, Dropdown, Flex, Row, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, StopOutlined } from '@ant-design/icons';
import {
  PURCHASE_NOTE_REASON_LABELS,
  formatRupees,
  pdfUrls,
  purchaseNoteApi,
  revalidateArea,
  type PurchaseDebitNote,
  type PurchaseDebitNoteLine,
} from '@bahi/shared';
import { CancelModal, HistorySection, PageHeader, PaymentsCard, RecordLoader, formatDate, formatQuantity, notify, placeOfSupplyLabel } from '@bahi/shared/ui';
import { usePurchaseNote } from '../../components/notes-data';

const num = { fontVariantNumeric: 'tabular-nums' as const };
const amount = (v: string) => <span style={num}>{formatRupees(v)}</span>;

function columns(inter: boolean): TableColumnsType<PurchaseDebitNoteLine> {
  return [
    { title: 'Bill line', dataIndex: 'purchaseLineNo', width: 80 },
    {
      title: 'Item',
      dataIndex: 'itemName',
      render: (n: string, l) => (
        <Flex vertical>
          <span>{n}</span>
          {l.serialNos.length ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{l.serialNos.join(', ')}</Typography.Text> : null}
        </Flex>
      ),
    },
    {
      title: 'Returned',
      key: 'qty',
      align: 'right',
      render: (_, l) => (l.kind === 'RETURN' ? `${formatQuantity(l.quantity)}${l.unit ? ` ${l.unit}` : ''}` : <Tag>Price only</Tag>),
    },
    { title: 'Taxable', dataIndex: 'taxableValue', align: 'right', render: amount },
    ...(inter
      ? ([{ title: 'IGST', dataIndex: 'igst', align: 'right', render: amount }] as TableColumnsType<PurchaseDebitNoteLine>)
      : ([
          { title: 'CGST', dataIndex: 'cgst', align: 'right', render: amount },
          { title: 'SGST', dataIndex: 'sgst', align: 'right', render: amount },
        ] as TableColumnsType<PurchaseDebitNoteLine>)),
    { title: 'ITC given up', dataIndex: 'itcAmount', align: 'right', render: amount },
    { title: 'Total', dataIndex: 'total', align: 'right', render: amount },
  ];
}

function Figure({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" style={{ minHeight: 26, fontSize: strong ? 16 : undefined }}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} style={num}>
        {formatRupees(value)}
      </Typography.Text>
    </Flex>
  );
}

function NoteDetail({ note, onChange }: { note: PurchaseDebitNote; onChange: (updated: PurchaseDebitNote) => void }) {
  const [cancelling, setCancelling] = useState(false);
  const cancelled = note.status === 'CANCELLED';
  const inter = note.supplyType === 'INTER';
  const t = note.totals;
  return (
    <>
      <PageHeader
        back="/purchases?tab=returns"
        title={
          <Flex align="center" gap={8} wrap>
            <span>Debit note {note.noteNumber}</span>
            {cancelled ? <Tag>Cancelled</Tag> : <Tag color="blue">Issued</Tag>}
          </Flex>
        }
        subtitle={
          <>
            Against purchase <Link to={`/purchases/invoice/${note.purchase.id}`}>{note.purchase.referenceNumber}</Link> (bill {note.purchase.billNumber} of{' '}
            {formatDate(note.purchase.billDate)})
          </>
        }
        extra={
          <>
            <Button icon={<DownloadOutlined />} href={pdfUrls.purchaseDebitNote(note.id)}>
              Download PDF
            </Button>
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'thermal80', label: 'Thermal 80 mm' },
                  { key: 'thermal58', label: 'Thermal 58 mm' },
                ],
                onClick: ({ key }) => window.open(pdfUrls.purchaseDebitNote(note.id, key as 'thermal80' | 'thermal58'), '_blank'),
              }}
            >
              <Button icon={<DownloadOutlined />}>Thermal PDF</Button>
            </Dropdown>
            {cancelled ? null : (
              <Button danger icon={<StopOutlined />} onClick={() => setCancelling(true)}>
                Cancel debit note
              </Button>
            )}
          </>
        }
      />
      {cancelled ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Cancelled${note.cancelledAt ? ` on ${formatDate(note.cancelledAt)}` : ''}`}
          description={note.cancelReason ? `Reason: ${note.cancelReason}` : undefined}
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card size="small">
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'supplier', label: 'Supplier', children: note.party.gstin ? `${note.party.name} · GSTIN ${note.party.gstin}` : note.party.name },
                { key: 'date', label: 'Note date', children: formatDate(note.noteDate) },
                { key: 'reason', label: 'Reason', children: PURCHASE_NOTE_REASON_LABELS[note.reason] },
                { key: 'supplierNote', label: 'Supplier’s note no.', children: note.supplierNoteNumber ?? '-' },
                { key: 'branch', label: 'Branch', children: note.branch.name },
                { key: 'pos', label: 'Place of supply', children: placeOfSupplyLabel(note.placeOfSupply, note.placeOfSupplyName) },
              ]}
            />
            <Table<PurchaseDebitNoteLine>
              aria-label="Lines"
              style={{ marginTop: 12 }}
              rowKey="lineNo"
              size="small"
              pagination={false}
              scroll={{ x: 800 }}
              dataSource={note.lines}
              columns={columns(inter)}
            />
            {note.notes ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                Notes: {note.notes}
              </Typography.Paragraph>
            ) : null}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card size="small">
            <section aria-label="Totals">
              <Figure label="Taxable value" value={t.taxableValue} />
              {inter ? (
                <Figure label="IGST" value={t.igst} />
              ) : (
                <>
                  <Figure label="CGST" value={t.cgst} />
                  <Figure label={note.sgstLabel} value={t.sgst} />
                </>
              )}
              {Number(t.cess) > 0 ? <Figure label="Cess" value={t.cess} /> : null}
              <Figure label="Round off" value={t.roundOff} />
              <Figure label="Debit note total" value={t.grandTotal} strong />
              <Figure label="Input tax credit given up" value={note.itcAmount} />
              <Figure label="Refunded by the supplier" value={note.refunded} />
              <Figure label="Set against bills" value={note.adjusted} />
            </section>
            {note.adjustments.length ? (
              <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
                Set against:{' '}
                {note.adjustments.map((a) => `${a.referenceNumber} (${formatRupees(a.amount)})`).join(', ')}
              </Typography.Paragraph>
            ) : null}
          </Card>
        </Col>
      </Row>
      {note.refund ? <PaymentsCard payments={[note.refund]} emptyText="No refund" /> : null}
      <HistorySection entityId={note.id} area="purchases" />
      <CancelModal
        open={cancelling}
        title={`Cancel debit note ${note.noteNumber}?`}
        consequence="The number stays taken. The returned goods come back into stock, the refund goes back, and the bills it was set against are owed again."
        cancel={async (reason) => {
          const updated = await purchaseNoteApi.cancel(note.id, { reason });
          onChange(updated);
          notify.success(`Debit note ${note.noteNumber} cancelled`);
          void revalidateArea('purchases', 'items', 'accounts', 'parties', 'reports');
        }}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}

/** /purchases/debit-note/:id: a return to the supplier or a price they reduced, with its PDF and cancel. */
export function PurchaseNoteDetailPage() {
  const { id } = useParams();
  const result = usePurchaseNote(id);
  return (
    <RecordLoader noun="debit note" back="/purchases?tab=returns" result={result}>
      {(data) => <NoteDetail note={data} onChange={(updated) => void result.mutate(updated, { revalidate: false })} />}
    </RecordLoader>
  );
}

export default PurchaseNoteDetailPage;
