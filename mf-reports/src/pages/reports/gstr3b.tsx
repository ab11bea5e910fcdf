import { Alert, Card, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatRupees, toPaise, type Gstr3bResponse, type Gstr3bReturn } from '@bahi/shared';
import { PageHeader } from '@bahi/shared/ui';
import { useGstr3b } from './components/data';
import { DownloadJsonButton, GstinSelect, HEAD_TITLES, ReturnBody, ReturnPeriodPicker, TAX_HEADS, portalAmount, rupees, useReturnParams, type TaxHead } from './components/gst-return';
import { ReportFilters, periodLabel } from './components/report-view';

/*
 * reports/gstr3b: GSTR-3B of a GSTIN for a month (GET report/gstr3b): 3.1 outward supplies, 4 eligible ITC,
 * 5 exempt inward supplies and 6.1 the payment of tax (credit used per head, cash). The GSTIN and month live in the address.
 */

type HeadRow = Partial<Record<TaxHead, number>> & { label: string };

/** A section's table: one row per line of the form, a column per tax head; a head the line does not have is '-'. */
function HeadTable({ title, rows, heads, testId }: { title: string; rows: HeadRow[]; heads: TaxHead[]; testId: string }) {
  const columns: TableColumnsType<HeadRow> = [
    { title: 'Details', dataIndex: 'label' },
    ...heads.map((h) => ({ title: HEAD_TITLES[h], key: h, align: 'right' as const, width: 150, render: (_: unknown, r: HeadRow) => portalAmount(r[h]) })),
  ];
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} data-testid={testId}>
      <Table<HeadRow> rowKey="label" columns={columns} dataSource={rows} size="small" pagination={false} scroll={{ x: 700 }} />
    </Card>
  );
}

const ITC_TYPES: Record<string, string> = {
  IMPG: 'Import of goods',
  IMPS: 'Import of services',
  ISRC: 'Inward supplies liable to reverse charge',
  ISD: 'Inward supplies from ISD',
  OTH: 'All other ITC',
  RUL: 'As per rules 38, 42 and 43 and section 17(5)',
};

function outward(s: Gstr3bReturn['sup_details']): HeadRow[] {
  return [
    { label: '(a) Outward taxable supplies (other than zero rated, nil rated and exempted)', ...s.osup_det },
    { label: '(b) Outward taxable supplies (zero rated)', ...s.osup_zero },
    { label: '(c) Other outward supplies (nil rated, exempted)', ...s.osup_nil_exmp },
    { label: '(d) Inward supplies (liable to reverse charge)', ...s.isup_rev },
    { label: '(e) Non-GST outward supplies', ...s.osup_nongst },
  ];
}

function itc(i: Gstr3bReturn['itc_elg']): HeadRow[] {
  return [
    ...i.itc_avl.map((r) => ({ ...r, label: `(A) ${ITC_TYPES[r.ty]}` })),
    ...i.itc_rev.map((r) => ({ ...r, label: `(B) Reversed: ${ITC_TYPES[r.ty]}` })),
    { ...i.itc_net, label: '(C) Net ITC available (A) − (B)' },
    ...i.itc_inelg.map((r) => ({ ...r, label: `(D) Ineligible: ${ITC_TYPES[r.ty]}` })),
  ];
}

function Exempt({ rows }: { rows: Gstr3bReturn['inward_sup']['isup_details'] }) {
  type Row = (typeof rows)[number];
  const columns: TableColumnsType<Row> = [
    { title: 'Nature of supplies', dataIndex: 'ty', render: (ty: string) => (ty === 'GST' ? 'From a supplier under composition scheme, exempt and nil rated' : 'Non-GST supply') },
    { title: 'Inter-state', dataIndex: 'inter', align: 'right', width: 150, render: (v: number) => portalAmount(v) },
    { title: 'Intra-state', dataIndex: 'intra', align: 'right', width: 150, render: (v: number) => portalAmount(v) },
  ];
  return (
    <Card title="5. Exempt, nil-rated and non-GST inward supplies" size="small" style={{ marginBottom: 16 }} data-testid="section-5">
      <Table<Row> rowKey="ty" columns={columns} dataSource={rows} size="small" pagination={false} locale={{ emptyText: 'Nothing in this section' }} />
    </Card>
  );
}

const PAYMENT_HEADS = [
  { key: 'igst', title: 'IGST' },
  { key: 'cgst', title: 'CGST' },
  { key: 'sgst', title: 'SGST' },
  { key: 'cess', title: 'Cess' },
] as const;

/**
 * 6.1 Payment of tax: per head, the forward-charge tax, the credit of each head set off against it, the
 * reverse-charge tax (always in cash) and the cash to pay; the credit left over below.
 */
function Payment({ payment, carried }: { payment: Gstr3bResponse['payment']; carried: Gstr3bResponse['creditCarriedForward'] }) {
  type Row = Gstr3bResponse['payment']['igst'] & { head: string };
  const rows: Row[] = PAYMENT_HEADS.map((h) => ({ head: h.title, ...payment[h.key] }));
  const money = (v: string) => formatRupees(v);
  const columns: TableColumnsType<Row> = [
    { title: 'Head', dataIndex: 'head' },
    { title: 'Tax payable', dataIndex: 'payable', align: 'right', width: 140, render: money },
    {
      title: 'Paid through ITC',
      children: PAYMENT_HEADS.map((h) => ({ title: h.title, key: `itc-${h.key}`, align: 'right' as const, width: 120, render: (_: unknown, r: Row) => money(r.itcUsed[h.key]) })),
    },
    { title: 'Reverse charge', dataIndex: 'reverseCharge', align: 'right', width: 140, render: money },
    { title: 'Paid in cash', dataIndex: 'cash', align: 'right', width: 140, render: money },
  ];
  const cash = rows.reduce((s, r) => s + toPaise(r.cash), 0);
  return (
    <Card title="6.1 Payment of tax" size="small" style={{ marginBottom: 16 }} data-testid="section-6.1">
      <Table<Row>
        rowKey="head"
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 900 }}
        dataSource={rows}
        columns={columns}
        summary={() => (
          <Table.Summary.Row style={{ fontWeight: 600 }}>
            <Table.Summary.Cell index={0} colSpan={7}>
              Total cash
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              {rupees(cash)}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }} data-testid="credit-carried-forward">
        Credit carried forward: {PAYMENT_HEADS.map((h) => `${h.title} ${money(carried[h.key])}`).join(', ')}
      </Typography.Paragraph>
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
        IGST credit is used first against IGST, then against CGST and SGST; CGST and SGST credit against their own head, then IGST,
        never against each other; cess credit only against cess. Reverse-charge tax is always paid in cash.
      </Typography.Text>
    </Card>
  );
}

export default function Gstr3bPage() {
  const { set, gstins, gstin, month: period } = useReturnParams();
  const gstr3b = useGstr3b(gstin ? { gstin, period } : null);
  const answer = gstr3b.data;

  return (
    <>
      <PageHeader
        title="GSTR-3B"
        back="/reports"
        extra={answer ? <DownloadJsonButton json={answer.data} fileName={`GSTR3B_${answer.data.gstin}_${answer.data.ret_period}.json`} /> : null}
      />
      <ReportFilters>
        <GstinSelect value={gstin} gstins={gstins} onChange={(v) => set({ gstin: v })} />
        <ReturnPeriodPicker period={period} onChange={(v) => set({ period: v })} />
      </ReportFilters>
      <ReturnBody gstin={gstin} name="GSTR-3B" result={gstr3b}>
        {(answer) => (
          <>
            <Typography.Paragraph type="secondary">{periodLabel(answer.meta.from, answer.meta.to)}</Typography.Paragraph>
            {answer.meta.itcFromPurchases ? (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title="ITC is read from purchase bills and expenses; blocked credit (section 17(5)) is shown in 4(A) and reversed in 4(B)." />
            ) : null}
            <HeadTable title="3.1 Outward supplies and inward supplies liable to reverse charge" rows={outward(answer.data.sup_details)} heads={TAX_HEADS} testId="section-3.1" />
            <HeadTable title="4. Eligible ITC" rows={itc(answer.data.itc_elg)} heads={['iamt', 'camt', 'samt', 'csamt']} testId="section-4" />
            <Exempt rows={answer.data.inward_sup.isup_details} />
            <Payment payment={answer.payment} carried={answer.creditCarriedForward} />
          </>
        )}
      </ReturnBody>
    </>
  );
}
