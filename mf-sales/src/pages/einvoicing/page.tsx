import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import { Alert, Button, Card, DatePicker, Flex, Modal, Segmented, Switch, Table, Tag, Typography, Upload } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import {
  EINVOICE_STATUS_FILTERS,
  einvoiceApi,
  einvoiceProblems,
  errorMessage,
  formatRupees,
  useSession,
  type EInvoiceListItem,
  type EInvoiceProblem,
  type EInvoiceSettings,
  type EInvoiceStatus,
} from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton, formatDate, notify, saveFile } from '@bahi/shared/ui';
import { sellerRegistrationOf } from '../create/sale-bill';
import { useEInvoiceInvoices, useEInvoiceSettings } from '../../components/sales-data';


const PAGE_SIZE = 20;

export const EINVOICE_STATUS_LABELS: Record<EInvoiceStatus, string> = {
  NOT_GENERATED: 'Not generated',
  JSON_READY: 'JSON ready',
  IRN_RECEIVED: 'IRN received',
  CANCELLED: 'Cancelled',
};
const STATUS_COLORS: Record<EInvoiceStatus, string> = { NOT_GENERATED: 'default', JSON_READY: 'blue', IRN_RECEIVED: 'green', CANCELLED: 'red' };
/** Its JSON can be (re)downloaded and the IRP's response uploaded: no IRN yet. */
const awaitingIrn = (r: EInvoiceListItem) => r.einvoice.status === 'NOT_GENERATED' || r.einvoice.status === 'JSON_READY';

/** What keeps invoices from the IRP: one invoice's problems, or several invoices' (bulk). */
interface Problems {
  title: string;
  groups: { invoiceNumber: string; message: string; errors: EInvoiceProblem[] }[];
}

const jsonFile = (json: unknown) => new Blob([JSON.stringify(json, null, 2)], { type: 'application/json' });

function SettingsCard({ settings, onSaved }: { settings: EInvoiceSettings; onSaved: (s: EInvoiceSettings) => void }) {
  const [enabled, setEnabled] = useState(settings.enabled);
  const [fromDate, setFromDate] = useState<string | null>(settings.fromDate);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    if (enabled && !fromDate) {
      setError('Give the date e-invoicing starts from');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const saved = await einvoiceApi.saveSettings({ enabled, fromDate: enabled ? fromDate : null });
      notify.success(saved.enabled ? `E-invoicing on from ${formatDate(saved.fromDate!)}` : 'E-invoicing off');
      onSaved(saved);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card size="small" title="Settings">
      <Flex gap={16} align="center" wrap>
        <label htmlFor="einvoice-enabled">
          <Flex gap={8} align="center">
            <Switch id="einvoice-enabled" checked={enabled} onChange={setEnabled} aria-label="E-invoicing on" />
            E-invoicing on
          </Flex>
        </label>
        <Flex gap={8} align="center">
          <label htmlFor="einvoice-from">From</label>
          <DatePicker
            id="einvoice-from"
            aria-label="From date"
            format="DD/MM/YYYY"
            disabled={!enabled}
            value={fromDate ? dayjs(fromDate) : null}
            onChange={(d) => setFromDate(d ? d.format('YYYY-MM-DD') : null)}
          />
        </Flex>
        <Button type="primary" loading={saving} onClick={save}>
          Save
        </Button>
      </Flex>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        B2B invoices dated on or after this date are reported to the Invoice Registration Portal (IRP): download each
        invoice's JSON, upload it on the portal, then upload the portal's response here to print the IRN and QR code.
      </Typography.Paragraph>
    </Card>
  );
}

/**
 * e-invoicing: the settings, and the B2B invoices e-invoicing covers with their status. Each invoice's JSON is
 * checked by the API before it downloads (its problems are listed, with how to fix each); the IRP's response file
 * is uploaded back on its row.
 */
export function EInvoicingPage() {
  const [params, setParams] = useSearchParams();
  const status = EINVOICE_STATUS_FILTERS.find((s) => s === params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { user, activeStoreBranch } = useSession();
  const registration = sellerRegistrationOf(activeStoreBranch, user?.business ?? null);
  const settings = useEInvoiceSettings();
  const enabled = settings.data?.enabled ?? false;
  const list = useEInvoiceInvoices({ status, page, pageSize: PAGE_SIZE }, enabled && registration === 'REGULAR');
  const [selected, setSelected] = useState<string[]>([]);
  const [problems, setProblems] = useState<Problems | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const setParam = (patch: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const download = async (row: EInvoiceListItem) => {
    setBusy(row.id);
    try {
      const { fileName, json } = await einvoiceApi.get(row.id);
      saveFile(jsonFile([json]), fileName);
      // The invoice is now JSON ready.
      void list.mutate();
    } catch (e) {
      const errors = einvoiceProblems(e);
      if (errors.length) setProblems({ title: `Invoice ${row.invoiceNumber} cannot be e-invoiced yet`, groups: [{ invoiceNumber: row.invoiceNumber, message: errorMessage(e), errors }] });
      else notify.error('No e-invoice JSON', { description: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  const downloadSelected = async () => {
    setBusy('bulk');
    const numbers = new Map(list.data?.data.map((r) => [r.id, r.invoiceNumber]));
    try {
      const result = await einvoiceApi.bulk(selected);
      saveFile(jsonFile(result.json), result.fileName);
      void list.mutate();
      if (result.failed.length) {
        setProblems({
          title: `${result.failed.length} of ${selected.length} invoices left out of the file`,
          groups: result.failed.map((f) => ({ invoiceNumber: f.invoiceNumber ?? numbers.get(f.id) ?? f.id, message: f.message, errors: f.errors })),
        });
      }
    } catch (e) {
      notify.error('No e-invoice file', { description: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  const upload = async (row: EInvoiceListItem, file: File) => {
    setBusy(row.id);
    try {
      const invoice = await einvoiceApi.uploadIrn(row.id, file, file.name);
      notify.success(`IRN stored on invoice ${row.invoiceNumber}`, { description: `Ack No. ${invoice.einvoice.ackNo}` });
      void list.mutate();
    } catch (e) {
      const errors = einvoiceProblems(e);
      notify.error(`The response was not stored on invoice ${row.invoiceNumber}`, {
        description: errors.length ? errors.map((p) => p.message).join('; ') : errorMessage(e),
        duration: 0,
      });
    } finally {
      setBusy(null);
    }
  };

  const columns: TableColumnsType<EInvoiceListItem> = [
    { title: 'Invoice', key: 'number', render: (_, r) => <Link to={`/sales/invoice/${r.id}`}>{r.invoiceNumber}</Link> },
    { title: 'Date', key: 'date', width: 110, render: (_, r) => formatDate(r.invoiceDate) },
    {
      title: 'Party',
      key: 'party',
      render: (_, r) => (
        <Flex vertical>
          <span>{r.partyName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.partyGstin}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: 'Amount', key: 'amount', align: 'right', width: 130, render: (_, r) => formatRupees(r.grandTotal) },
    {
      title: 'e-Invoice',
      key: 'status',
      render: (_, r) => (
        <Flex vertical>
          <span>
            <Tag color={STATUS_COLORS[r.einvoice.status]}>{EINVOICE_STATUS_LABELS[r.einvoice.status]}</Tag>
          </span>
          {r.einvoice.ackNo ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Ack No. {r.einvoice.ackNo} · {r.einvoice.ackDate}
            </Typography.Text>
          ) : null}
        </Flex>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 260,
      render: (_, r) =>
        awaitingIrn(r) ? (
          <Flex gap={8}>
            <Button size="small" icon={<DownloadOutlined />} loading={busy === r.id} onClick={() => void download(r)} aria-label={`Download JSON of ${r.invoiceNumber}`}>
              JSON
            </Button>
            <Upload
              accept=".json,application/json"
              showUploadList={false}
              beforeUpload={(file) => {
                void upload(r, file);
                return false;
              }}
            >
              <Button size="small" icon={<UploadOutlined />} aria-label={`Upload IRP response of ${r.invoiceNumber}`}>
                IRP response
              </Button>
            </Upload>
          </Flex>
        ) : null,
    },
  ];

  const body = (() => {
    // Only tax invoices are e-invoiced: a composition or unregistered seller issues bills of supply.
    if (registration !== 'REGULAR') {
      return (
        <EmptyState
          title="No e-invoicing for bills of supply"
          description={`${registration === 'COMPOSITION' ? 'A composition taxpayer' : 'An unregistered business'} issues bills of supply, which are not reported to the IRP.`}
        />
      );
    }
    if (settings.error) return <ErrorState title="Could not load the e-invoicing settings" detail={errorMessage(settings.error)} onRetry={() => void settings.mutate()} />;
    if (!settings.data) return <TableSkeleton />;
    if (!enabled) return <EmptyState title="E-invoicing is off" description="Turn it on from the date your business must report B2B invoices to the IRP." />;
    if (list.error) return <ErrorState title="Could not load the invoices" detail={errorMessage(list.error)} onRetry={() => void list.mutate()} />;
    if (!list.data) return <TableSkeleton />;
    return (
      <Flex vertical gap={8}>
        <Flex gap={12} align="center" wrap>
          <Segmented<EInvoiceStatus | 'ALL'>
            aria-label="e-Invoice status"
            value={status ?? 'ALL'}
            options={[{ value: 'ALL', label: 'All' }, ...EINVOICE_STATUS_FILTERS.map((s) => ({ value: s, label: EINVOICE_STATUS_LABELS[s] }))]}
            onChange={(v) => setParam({ status: v === 'ALL' ? undefined : v, page: undefined })}
          />
          <Button icon={<DownloadOutlined />} disabled={selected.length === 0} loading={busy === 'bulk'} onClick={() => void downloadSelected()}>
            Download JSON of {selected.length} selected
          </Button>
        </Flex>
        <Table<EInvoiceListItem>
          rowKey="id"
          columns={columns}
          dataSource={list.data.data}
          size="middle"
          scroll={{ x: 900 }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (r) => ({ disabled: !awaitingIrn(r), 'aria-label': `Select ${r.invoiceNumber}` }),
          }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data.meta.total, hideOnSinglePage: true, onChange: (p) => setParam({ page: String(p) }) }}
          locale={{ emptyText: <EmptyState title="No B2B invoices to report" description={`Invoices to parties with a GSTIN dated on or after ${formatDate(settings.data.fromDate!)} appear here.`} /> }}
        />
      </Flex>
    );
  })();

  return (
    <>
      <PageHeader title="E-invoicing" />
      <Flex vertical gap={12}>
        {settings.data ? <SettingsCard key={`${settings.data.enabled}-${settings.data.fromDate}`} settings={settings.data} onSaved={(s) => void settings.mutate(s, { revalidate: false })} /> : null}
        {body}
      </Flex>
      <Modal open={problems !== null} title={problems?.title} footer={<Button onClick={() => setProblems(null)}>Close</Button>} onCancel={() => setProblems(null)} width={720}>
        <Alert type="warning" showIcon title="The IRP would refuse this JSON, so no file was made for it. Fix each field below, then download again." style={{ marginBottom: 12 }} />
        {problems?.groups.map((g) => (
          <div key={g.invoiceNumber}>
            {problems.groups.length > 1 ? <Typography.Title level={5}>{g.invoiceNumber}</Typography.Title> : null}
            {g.errors.length ? (
              <ul aria-label={`Problems of ${g.invoiceNumber}`} style={{ paddingLeft: 18 }}>
                {g.errors.map((p) => (
                  <li key={p.path} style={{ marginBottom: 8 }}>
                    <Typography.Text code>{p.path}</Typography.Text>
                    <div>{p.message}</div>
                  </li>
                ))}
              </ul>
            ) : (
              <Typography.Paragraph>{g.message}</Typography.Paragraph>
            )}
          </div>
        ))}
      </Modal>
    </>
  );
}

export default EInvoicingPage;
