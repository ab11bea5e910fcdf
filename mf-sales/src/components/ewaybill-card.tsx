import { useState } from 'react';
import { Alert, Button, Card, Col, Flex, Form, Input, Modal, Row, Tag, Typography } from 'antd';
import { DownloadOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import {
  TRANSPORT_MODE_LABELS,
  einvoiceProblems,
  errorMessage,
  ewayBillApi,
  ewayBillLine,
  type EInvoiceProblem,
  type SaleInvoice,
  type Transport,
} from '@bahi/shared';
import { formatDate, notify, saveFile } from '@bahi/shared/ui';
import { TransportFields, transportDraftOf, transportRequestOf, type TransportDraft } from './transport-section';

const jsonFile = (json: unknown) => new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' });

/** "Road · 150 km · MH12AB1234 · LR 12 dated 05-11-2026". */
export function transportSummary(t: Transport | null): string {
  if (!t) return 'No transport details yet';
  return [
    TRANSPORT_MODE_LABELS[t.mode],
    `${t.distanceKm} km`,
    t.vehicleNo,
    t.transporterName ?? t.transporterId,
    t.transDocNo ? `Doc. ${t.transDocNo}${t.transDocDate ? ` dated ${formatDate(t.transDocDate)}` : ''}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function Problems({ problems }: { problems: EInvoiceProblem[] }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginTop: 12 }}
      title="The e-way bill JSON cannot be made yet"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {problems.map((p) => (
            <li key={p.path}>{p.message}</li>
          ))}
        </ul>
      }
    />
  );
}

function TransportModal({ invoice, onClose }: { invoice: SaleInvoice; onClose: (updated?: SaleInvoice) => void }) {
  const [draft, setDraft] = useState<TransportDraft>(() => transportDraftOf(invoice.transport));
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const body = transportRequestOf(draft);
    if (!body) {
      setError('Give the mode and the distance.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const updated = await ewayBillApi.setTransport(invoice.id, body);
      notify.success(`Transport details saved on invoice ${invoice.invoiceNumber}`);
      onClose(updated);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="Transport details" okText="Save" confirmLoading={saving} onOk={() => void save()} onCancel={() => onClose()} width={760} destroyOnHidden>
      <Form layout="vertical" component="div">
        <TransportFields value={draft} onChange={setDraft} idPrefix="ewb-transport" />
      </Form>
      {error ? <Alert type="error" showIcon title={error} /> : null}
    </Modal>
  );
}

function UploadModal({ invoice, onClose }: { invoice: SaleInvoice; onClose: (updated?: SaleInvoice) => void }) {
  const [ewbNo, setEwbNo] = useState('');
  const [ewbDate, setEwbDate] = useState('');
  const [validUpto, setValidUpto] = useState('');
  const [pasted, setPasted] = useState('');
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const save = async () => {
    let body: Record<string, unknown> | unknown[];
    if (pasted.trim()) {
      try {
        body = JSON.parse(pasted) as Record<string, unknown>;
      } catch {
        setErrors(["The pasted text is not JSON: paste the portal's answer as it is, or fill in the number and dates."]);
        return;
      }
    } else body = { ewbNo: ewbNo.trim(), ewbDate: ewbDate.trim(), validUpto: validUpto.trim() || null };
    setSaving(true);
    setErrors([]);
    try {
      const updated = await ewayBillApi.record(invoice.id, body);
      notify.success(`e-Way bill ${updated.ewayBill.ewbNo} stored on invoice ${invoice.invoiceNumber}`);
      onClose(updated);
    } catch (e) {
      const problems = einvoiceProblems(e);
      setErrors(problems.length ? problems.map((p) => p.message) : [errorMessage(e)]);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="The portal's e-way bill" okText="Save" confirmLoading={saving} onOk={() => void save()} onCancel={() => onClose()} width={640} destroyOnHidden>
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item label="e-Way bill no." htmlFor="ewb-no">
              <Input id="ewb-no" inputMode="numeric" maxLength={12} placeholder="12 digits" value={ewbNo} onChange={(e) => setEwbNo(e.target.value)} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="Generated on" htmlFor="ewb-date">
              <Input id="ewb-date" placeholder="05/11/2026 01:45 PM" value={ewbDate} onChange={(e) => setEwbDate(e.target.value)} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="Valid until" htmlFor="ewb-valid">
              <Input id="ewb-valid" placeholder="06/11/2026 11:59 PM" value={validUpto} onChange={(e) => setValidUpto(e.target.value)} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Or paste the portal's JSON answer" htmlFor="ewb-json">
          <Input.TextArea id="ewb-json" rows={4} value={pasted} onChange={(e) => setPasted(e.target.value)} placeholder='{"ewayBillNo": 331001234567, "ewayBillDate": "05/11/2026 01:45:00 PM", "validUpto": "06/11/2026 11:59:00 PM"}' />
        </Form.Item>
      </Form>
      {errors.length ? (
        <Alert
          type="error"
          showIcon
          title="Not stored"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {errors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
        />
      ) : null}
    </Modal>
  );
}

/**
 * The invoice's e-way bill: its transport details (editable), the portal's JSON to download (its problems listed
 * when it cannot be made), the portal's answer to upload, and the e-way bill number once stored.
 */
export function EWayBillCard({ invoice, onChange }: { invoice: SaleInvoice; onChange: (updated: SaleInvoice) => void }) {
  const [editing, setEditing] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [problems, setProblems] = useState<EInvoiceProblem[]>([]);
  const { ewayBill } = invoice;
  const cancelled = invoice.status === 'CANCELLED';
  const line = ewayBillLine(ewayBill);
  if (cancelled && !line) return null;

  const download = async () => {
    setDownloading(true);
    setProblems([]);
    try {
      const { fileName, json } = await ewayBillApi.get(invoice.id);
      saveFile(jsonFile(json), fileName);
    } catch (e) {
      const found = einvoiceProblems(e);
      if (found.length) setProblems(found);
      else notify.error('No e-way bill JSON', { description: errorMessage(e) });
    } finally {
      setDownloading(false);
    }
  };
  const closed = (updated?: SaleInvoice) => {
    setEditing(false);
    setUploading(false);
    if (updated) {
      setProblems([]);
      onChange(updated);
    }
  };

  return (
    <Card
      title="e-Way bill"
      size="small"
      aria-label="e-Way bill"
      style={{ maxWidth: 880, margin: '16px auto 0' }}
      extra={
        line ? <Tag color="green">Generated</Tag> : ewayBill.needed ? <Tag color="orange">Needed: goods above ₹50,000</Tag> : <Tag>Not needed (₹50,000 or less)</Tag>
      }
    >
      {line ? (
        <Typography.Paragraph strong style={{ marginBottom: 8 }} data-testid="ewaybill-line">
          {line}
        </Typography.Paragraph>
      ) : null}
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Transport: {transportSummary(invoice.transport)}
      </Typography.Paragraph>
      {cancelled ? null : (
        <Flex gap={8} wrap>
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {invoice.transport ? 'Edit transport' : 'Add transport details'}
          </Button>
          <Button icon={<DownloadOutlined />} loading={downloading} onClick={() => void download()}>
            Download JSON
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {line ? 'Update from the portal' : "Upload the portal's answer"}
          </Button>
        </Flex>
      )}
      {problems.length ? <Problems problems={problems} /> : null}
      {editing ? <TransportModal invoice={invoice} onClose={closed} /> : null}
      {uploading ? <UploadModal invoice={invoice} onClose={closed} /> : null}
    </Card>
  );
}
