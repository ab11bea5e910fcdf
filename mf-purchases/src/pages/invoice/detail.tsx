import { useState, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { DollarOutlined, FilePdfOutlined, PaperClipOutlined, RollbackOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import {
  errorMessage,
  formatRupees,
  pdfUrls,
  purchaseApi,
  purchaseAttachmentPath,
  revalidateArea,
  type PurchaseInvoice,
  type PurchaseLine,
  useCan,
} from '@bahi/shared';
import {
  CancelModal,
  EditDocumentButton,
  PageHeader,
  PaymentsCard,
  PurchaseStatusTag,
  RecordLoader,
  RecordPaymentModal,
  formatDate,
  formatQuantity,
  editRefusal,
  notify,
  placeOfSupplyLabel,
  WithHistoryTab,
  useLockedUntil,
} from '@bahi/shared/ui';
import { usePurchaseInvoice } from '../../components/purchase-data';
import { attachmentProblem } from '../create/purchase-model';
import { BillNotesCard } from '../../components/bill-notes';
import { useBillNotes } from '../../components/notes-data';

const num = { fontVariantNumeric: 'tabular-nums' as const };
const amount = (v: string) => <span style={num}>{formatRupees(v)}</span>;

function linesColumns(inter: boolean): TableColumnsType<PurchaseLine> {
  const tax: TableColumnsType<PurchaseLine> = inter
    ? [{ title: 'IGST', dataIndex: 'igst', align: 'right', render: amount }]
    : [
        { title: 'CGST', dataIndex: 'cgst', align: 'right', render: amount },
        { title: 'SGST', dataIndex: 'sgst', align: 'right', render: amount },
      ];
  return [
    { title: '#', dataIndex: 'lineNo', width: 40 },
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
    { title: 'HSN/SAC', dataIndex: 'hsnSac', render: (h: string | null) => h ?? '-' },
    { title: 'Qty', key: 'qty', align: 'right', render: (_, l) => `${formatQuantity(l.quantity)}${l.unit ? ` ${l.unit}` : ''}` },
    { title: 'Rate', dataIndex: 'unitPrice', align: 'right', render: amount },
    { title: 'Taxable', dataIndex: 'taxableValue', align: 'right', render: amount },
    { title: 'GST', dataIndex: 'gstRate', align: 'right', render: (r: string) => `${Number(r)}%` },
    ...tax,
    { title: 'ITC', key: 'itc', align: 'right', render: (_, l) => (l.itcEligible ? amount(l.itcAmount) : <Tag>Not eligible</Tag>) },
    { title: 'Total', dataIndex: 'total', align: 'right', render: amount },
  ];
}

function Figure({ label, value, strong, testId }: { label: ReactNode; value: string; strong?: boolean; testId?: string }) {
  return (
    <Flex justify="space-between" style={{ minHeight: 26, fontSize: strong ? 16 : undefined }}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} style={num} data-testid={testId}>
        {formatRupees(value)}
      </Typography.Text>
    </Flex>
  );
}

function Totals({ bill }: { bill: PurchaseInvoice }) {
  const t = bill.totals;
  const inter = bill.supplyType === 'INTER';
  return (
    <section aria-label="Totals">
      <Figure label="Taxable value" value={t.taxableValue} />
      {inter ? (
        <Figure label="IGST" value={t.igst} testId="bill-igst" />
      ) : (
        <>
          <Figure label="CGST" value={t.cgst} testId="bill-cgst" />
          <Figure label={bill.sgstLabel} value={t.sgst} testId="bill-sgst" />
        </>
      )}
      {Number(t.cess) > 0 ? <Figure label="Cess" value={t.cess} /> : null}
      <Figure label="Round off" value={t.roundOff} />
      <Figure label="Grand total" value={t.grandTotal} strong testId="bill-grand" />
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t.amountInWords}
      </Typography.Paragraph>
      {bill.reverseCharge ? <Figure label="Tax payable by you (reverse charge)" value={bill.reverseChargeTax} testId="bill-rcm" /> : null}
      <Figure label="Input tax credit (ITC)" value={bill.itcAmount} testId="bill-itc" />
      <Figure label="Paid" value={bill.paid} />
      <Figure label="Balance" value={bill.balance} strong testId="bill-balance" />
    </section>
  );
}

/** The supplier's bill as attached: a preview, a link to open it, and attach or replace. */
function Attachment({ bill, onChange }: { bill: PurchaseInvoice; onChange: (updated: PurchaseInvoice) => void }) {
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const a = bill.attachment;
  const href = purchaseAttachmentPath(bill.id);
  const upload = async (file: File) => {
    const bad = attachmentProblem(file);
    setProblem(bad);
    if (bad) return;
    setUploading(true);
    try {
      onChange(await purchaseApi.attachBill(bill.id, file, file.name));
      notify.success('Bill attached');
      void revalidateArea('purchases');
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setUploading(false);
    }
  };
  return (
    <Card
      title="Supplier's bill"
      size="small"
      extra={
        <Upload
          accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(f) => {
            void upload(f);
            return false;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={uploading}>
            {a ? 'Replace' : 'Attach bill'}
          </Button>
        </Upload>
      }
    >
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginBottom: 8 }} /> : null}
      {a ? (
        <>
          <Typography.Link href={href} target="_blank" rel="noopener noreferrer">
            <PaperClipOutlined /> {a.fileName}
          </Typography.Link>
          <Typography.Text type="secondary"> · {Math.max(1, Math.round(a.size / 1024))} KB</Typography.Text>
          <div style={{ marginTop: 8 }}>
            {a.contentType === 'application/pdf' ? (
              <iframe title="Supplier's bill" src={href} style={{ width: '100%', height: 420, border: '1px solid #f0f0f0' }} />
            ) : (
              <img alt="Supplier's bill" src={href} style={{ maxWidth: '100%', maxHeight: 420, border: '1px solid #f0f0f0' }} />
            )}
          </div>
        </>
      ) : (
        <Typography.Text type="secondary">No bill attached</Typography.Text>
      )}
    </Card>
  );
}

function PurchaseDetail({ bill, onChange }: { bill: PurchaseInvoice; onChange: (updated: PurchaseInvoice) => void }) {
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  // Buttons only for what the user's role may do: a stock keeper records purchases but pays none.
  const canReturn = useCan('purchases.create');
  const canPay = useCan('payments-out.create');
  const canCancel = useCan('purchases.cancel');
  const navigate = useNavigate();
  const cancelled = bill.status === 'CANCELLED';
  const inter = bill.supplyType === 'INTER';
  const lockedUntil = useLockedUntil();
  const notes = useBillNotes(bill.id);
  const refusal = bill.selfInvoiceNumber
    ? `It has self-invoice ${bill.selfInvoiceNumber}: cancel it and enter the bill again`
    : editRefusal({
        cancelled,
        notes: notes.data?.notes.filter((n) => n.status === 'ISSUED').length ?? 0,
        noteWord: 'debit notes',
        date: bill.billDate,
        lockedUntil,
      });

  return (
    <>
      <PageHeader
        back="/purchases"
        title={
          <Flex align="center" gap={8} wrap>
            <span>Purchase {bill.referenceNumber}</span>
            <PurchaseStatusTag status={bill.status} isOverdue={bill.isOverdue} />
            {bill.reverseCharge ? <Tag color="purple">Reverse charge</Tag> : null}
          </Flex>
        }
        subtitle={`Bill ${bill.billNumber} of ${bill.party.name}`}
        extra={
          <>
            {bill.selfInvoiceNumber ? (
              <Button icon={<FilePdfOutlined />} href={pdfUrls.selfInvoice(bill.id)}>
                Self-invoice PDF
              </Button>
            ) : null}
            <EditDocumentButton refusal={refusal} onClick={() => navigate(`/purchases/invoice/${bill.id}/edit`)} />
            {cancelled ? null : (
              <>
                {canReturn ? (
                  <Button icon={<RollbackOutlined />} onClick={() => navigate(`/purchases/invoice/${bill.id}/debit-note`)}>
                    Return / debit note
                  </Button>
                ) : null}
                {canPay && Number(bill.balance) > 0 ? (
                  <Button type="primary" icon={<DollarOutlined />} onClick={() => setPaying(true)}>
                    Record payment
                  </Button>
                ) : null}
                {canCancel ? (
                  <Button danger icon={<StopOutlined />} onClick={() => setCancelling(true)}>
                    Cancel purchase
                  </Button>
                ) : null}
              </>
            )}
          </>
        }
      />
      {cancelled ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Cancelled${bill.cancelledAt ? ` on ${formatDate(bill.cancelledAt)}` : ''}`}
          description={bill.cancelReason ? `Reason: ${bill.cancelReason}` : undefined}
        />
      ) : null}
      <WithHistoryTab entityId={bill.id} area="purchases" label="Bill">
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            <Card size="small">
              <Descriptions
                size="small"
                column={{ xs: 1, md: 2 }}
                items={[
                  {
                    key: 'supplier',
                    label: 'Supplier',
                    children: (
                      <Flex vertical>
                        <span>{bill.party.name}</span>
                        {bill.party.gstin ? <Typography.Text type="secondary">GSTIN {bill.party.gstin}</Typography.Text> : null}
                      </Flex>
                    ),
                  },
                  { key: 'bill', label: "Supplier's bill no.", children: bill.billNumber },
                  { key: 'date', label: 'Bill date', children: formatDate(bill.billDate) },
                  { key: 'due', label: 'Due date', children: formatDate(bill.dueDate) },
                  { key: 'branch', label: 'Received at', children: bill.branch.name },
                  { key: 'pos', label: 'Place of supply', children: placeOfSupplyLabel(bill.placeOfSupply, bill.placeOfSupplyName) },
                  { key: 'supply', label: 'Tax', children: inter ? 'Inter-state: IGST' : 'Intra-state: CGST + SGST' },
                  { key: 'rcm', label: 'Reverse charge', children: bill.reverseCharge ? 'Yes' : 'No' },
                  ...(bill.selfInvoiceNumber
                    ? [{ key: 'self', label: 'Self-invoice', children: <span data-testid="self-invoice-number">{bill.selfInvoiceNumber}</span> }]
                    : []),
                ]}
              />
              <Table<PurchaseLine>
                aria-label="Lines"
                style={{ marginTop: 12 }}
                rowKey="lineNo"
                size="small"
                pagination={false}
                scroll={{ x: 800 }}
                dataSource={bill.lines}
                columns={linesColumns(inter)}
              />
              {bill.notes ? (
                <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
                  Notes: {bill.notes}
                </Typography.Paragraph>
              ) : null}
            </Card>
          </Col>
          <Col xs={24} xl={8}>
            <Card size="small">
              <Totals bill={bill} />
            </Card>
            <div style={{ marginTop: 16 }}>
              <Attachment bill={bill} onChange={onChange} />
            </div>
          </Col>
        </Row>
        <BillNotesCard bill={bill} />
        <PaymentsCard payments={bill.payments} emptyText="No payment made yet" />
      </WithHistoryTab>
      <RecordPaymentModal
        open={paying}
        document={{ number: bill.referenceNumber, balance: bill.balance, grandTotal: bill.totals.grandTotal }}
        record={(body, opts) => purchaseApi.recordPayment(bill.id, body, opts)}
        revalidate={['purchases', 'accounts', 'parties']}
        onClose={(updated) => {
          setPaying(false);
          if (updated) onChange(updated);
        }}
      />
      <CancelModal
        open={cancelling}
        title={`Cancel purchase ${bill.referenceNumber}?`}
        consequence="Our reference stays taken. The stock this bill brought in leaves the branch and the payments made are reversed."
        cancel={async (reason) => {
          const updated = await purchaseApi.cancel(bill.id, { reason });
          onChange(updated);
          notify.success(`Purchase ${bill.referenceNumber} cancelled`);
          void revalidateArea('purchases', 'items', 'accounts', 'parties');
        }}
        onClose={() => setCancelling(false)}
      />
    </>
  );
}

/** /purchases/invoice/:id: the supplier's bill as entered, with its attachment, payments and actions. */
export function PurchaseDetailPage() {
  const { id } = useParams();
  const result = usePurchaseInvoice(id);
  return (
    <RecordLoader noun="purchase bill" back="/purchases" result={result}>
      {(data) => <PurchaseDetail bill={data} onChange={(updated) => void result.mutate(updated, { revalidate: false })} />}
    </RecordLoader>
  );
}

export default PurchaseDetailPage;
