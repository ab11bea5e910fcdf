import { Link } from 'react-router-dom';
import { Alert, Button, Card, Flex, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import { errorMessage, formatRupees, indiaToday, reportUrls, type Gstr1Problem, type Gstr1Query, type Gstr1Return } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton, formatDate } from '@bahi/shared/ui';
import { useGstr1 } from './components/data';
import { GstinSelect, ReturnPeriodPicker, downloadJson, isReturnPeriod, lastMonth, paise, portalAmount, rupees, useGstins } from './components/gst-return';
import { useReportParams } from './components/report-params';

/*
 * reports/gstr1: GSTR-1 of a GSTIN for a month or a quarter (GET report/gstr1). `data` is the portal's JSON, shown
 * section by section with totals and downloaded as is; the problems the portal would refuse come first, each with
 * a link to what to fix. The GSTIN and the return period live in the address.
 */

interface Col<R> {
  title: string;
  value: (r: R) => string | number | undefined;
  money?: boolean;
  /** Summed in the totals row (amounts and counts). */
  sum?: boolean;
}

function Section<R>({ title, rows, cols }: { title: string; rows: R[]; cols: Col<R>[] }) {
  const columns: TableColumnsType<R> = cols.map((c, i) => ({
    key: String(i),
    title: c.title,
    align: c.money || c.sum ? 'right' : undefined,
    render: (_: unknown, r: R) => {
      const v = c.value(r);
      return c.money ? portalAmount(v as number | undefined) : (v ?? '-');
    },
  }));
  return (
    <Card title={`${title} (${rows.length})`} size="small" style={{ marginBottom: 16 }}>
      <Table<R & { rowKey: number }>
        rowKey="rowKey"
        columns={columns as TableColumnsType<R & { rowKey: number }>}
        dataSource={rows.map((r, i) => ({ ...r, rowKey: i }))}
        size="small"
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 900 }}
        locale={{ emptyText: 'Nothing in this section' }}
        summary={() =>
          rows.length ? (
            <Table.Summary.Row style={{ fontWeight: 600 }} data-testid={`total-${title}`}>
              {cols.map((c, i) => (
                <Table.Summary.Cell key={i} index={i} align={c.money || c.sum ? 'right' : undefined}>
                  {i === 0
                    ? 'Total'
                    : c.money
                      ? rupees(rows.reduce((s, r) => s + paise(c.value(r) as number), 0))
                      : c.sum
                        ? rows.reduce((s, r) => s + Number(c.value(r) ?? 0), 0)
                        : null}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}

type Items = { itm_det: { txval: number; iamt?: number; camt?: number; samt?: number; csamt: number } }[];
const itemSum = (itms: Items, k: 'txval' | 'iamt' | 'camt' | 'samt' | 'csamt') => itms.reduce((s, i) => s + paise(i.itm_det[k]), 0) / 100;
const taxCols = <R extends { itms: Items }>(): Col<R>[] => [
  { title: 'Taxable value', value: (r) => itemSum(r.itms, 'txval'), money: true },
  { title: 'IGST', value: (r) => itemSum(r.itms, 'iamt'), money: true },
  { title: 'CGST', value: (r) => itemSum(r.itms, 'camt'), money: true },
  { title: 'SGST', value: (r) => itemSum(r.itms, 'samt'), money: true },
  { title: 'Cess', value: (r) => itemSum(r.itms, 'csamt'), money: true },
];
const portalDate = (d: string) => d.replaceAll('-', '/');

type B2b = Gstr1Return['b2b'][number]['inv'][number] & { ctin: string };
type B2cl = Gstr1Return['b2cl'][number]['inv'][number] & { pos: string };
type Hsn = Gstr1Return['hsn']['hsn_b2b'][number];
type Doc = Gstr1Return['doc_issue']['doc_det'][number]['docs'][number] & { doc_typ: string };

const hsnCols: Col<Hsn>[] = [
  { title: 'HSN/SAC', value: (r) => r.hsn_sc },
  { title: 'Description', value: (r) => r.desc },
  { title: 'UQC', value: (r) => r.uqc },
  { title: 'Quantity', value: (r) => r.qty },
  { title: 'Rate %', value: (r) => r.rt },
  { title: 'Taxable value', value: (r) => r.txval, money: true },
  { title: 'IGST', value: (r) => r.iamt, money: true },
  { title: 'CGST', value: (r) => r.camt, money: true },
  { title: 'SGST', value: (r) => r.samt, money: true },
  { title: 'Cess', value: (r) => r.csamt, money: true },
];

function Sections({ ret }: { ret: Gstr1Return }) {
  const b2b: B2b[] = ret.b2b.flatMap((p) => p.inv.map((i) => ({ ...i, ctin: p.ctin })));
  const b2cl: B2cl[] = ret.b2cl.flatMap((p) => p.inv.map((i) => ({ ...i, pos: p.pos })));
  const exp = ret.exp.flatMap((e) => e.inv.map((i) => ({ ...i, exp_typ: e.exp_typ })));
  const docs: Doc[] = ret.doc_issue.doc_det.flatMap((d) => d.docs.map((x) => ({ ...x, doc_typ: d.doc_typ })));
  return (
    <>
      <Section<B2b>
        title="B2B invoices"
        rows={b2b}
        cols={[
          { title: 'Buyer GSTIN', value: (r) => r.ctin },
          { title: 'Invoice no.', value: (r) => r.inum },
          { title: 'Date', value: (r) => portalDate(r.idt) },
          { title: 'Place of supply', value: (r) => r.pos },
          { title: 'Reverse charge', value: (r) => r.rchrg },
          { title: 'Invoice value', value: (r) => r.val, money: true },
          ...taxCols<B2b>(),
        ]}
      />
      <Section<B2cl>
        title="B2C large invoices"
        rows={b2cl}
        cols={[
          { title: 'Place of supply', value: (r) => r.pos },
          { title: 'Invoice no.', value: (r) => r.inum },
          { title: 'Date', value: (r) => portalDate(r.idt) },
          { title: 'Invoice value', value: (r) => r.val, money: true },
          ...taxCols<B2cl>().filter((c) => c.title !== 'CGST' && c.title !== 'SGST'),
        ]}
      />
      <Section
        title="B2C small"
        rows={ret.b2cs}
        cols={[
          { title: 'Supply', value: (r) => (r.sply_ty === 'INTER' ? 'Inter-state' : 'Intra-state') },
          { title: 'Place of supply', value: (r) => r.pos },
          { title: 'Rate %', value: (r) => r.rt },
          { title: 'Taxable value', value: (r) => r.txval, money: true },
          { title: 'IGST', value: (r) => r.iamt, money: true },
          { title: 'CGST', value: (r) => r.camt, money: true },
          { title: 'SGST', value: (r) => r.samt, money: true },
          { title: 'Cess', value: (r) => r.csamt, money: true },
        ]}
      />
      {exp.length ? (
        <Section
          title="Exports"
          rows={exp}
          cols={[
            { title: 'Type', value: (r) => (r.exp_typ === 'WPAY' ? 'With IGST' : 'Under LUT') },
            { title: 'Invoice no.', value: (r) => r.inum },
            { title: 'Date', value: (r) => portalDate(r.idt) },
            { title: 'Invoice value', value: (r) => r.val, money: true },
            { title: 'Taxable value', value: (r) => r.itms.reduce((s, i) => s + paise(i.txval), 0) / 100, money: true },
            { title: 'IGST', value: (r) => r.itms.reduce((s, i) => s + paise(i.iamt), 0) / 100, money: true },
          ]}
        />
      ) : null}
      <Section<Hsn> title="HSN summary, B2B" rows={ret.hsn.hsn_b2b} cols={hsnCols} />
      <Section<Hsn> title="HSN summary, B2C" rows={ret.hsn.hsn_b2c} cols={hsnCols} />
      <Section<Doc>
        title="Documents issued"
        rows={docs}
        cols={[
          { title: 'Series', value: (r) => r.doc_typ },
          { title: 'From', value: (r) => r.from },
          { title: 'To', value: (r) => r.to },
          { title: 'Issued', value: (r) => r.totnum, sum: true },
          { title: 'Cancelled', value: (r) => r.cancel, sum: true },
          { title: 'Net issued', value: (r) => r.net_issue, sum: true },
        ]}
      />
    </>
  );
}

/** Where to fix a problem: the party's GSTIN or state, the item's HSN, else the invoice. */
function fixLink(p: Gstr1Problem): string {
  if (p.code === 'PARTY_GSTIN_INVALID' || p.code === 'PLACE_OF_SUPPLY_MISSING') return p.partyId ? `/party/${p.partyId}` : `/sales/invoice/${p.documentId}`;
  if (p.itemId) return `/items/inventory/${p.itemId}`;
  return `/sales/invoice/${p.documentId}`;
}

function Problems({ problems }: { problems: Gstr1Problem[] }) {
  if (!problems.length) return <Alert type="success" showIcon title="Nothing the portal would refuse" style={{ marginBottom: 16 }} />;
  return (
    <Card title={`Fix before filing (${problems.length})`} size="small" style={{ marginBottom: 16, borderColor: '#ffa39e' }}>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {problems.map((p) => (
          <li key={`${p.code}-${p.documentId}-${p.itemId ?? ''}`} style={{ padding: '8px 0', borderBottom: '1px solid #f0f0f0' }}>
            <Flex justify="space-between" gap={12} align="start">
              <div>
                <Link to={`/sales/invoice/${p.documentId}`} style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
                  {p.documentNumber}
                </Link>
                <div>{p.message}</div>
                <Typography.Text type="secondary">{p.fix}</Typography.Text>
              </div>
              <Link to={fixLink(p)}>Fix</Link>
            </Flex>
          </li>
        ))}
      </ul>
    </Card>
  );
}

export default function Gstr1Page() {
  const { params, set } = useReportParams();
  const gstins = useGstins();
  const gstin = params.get('gstin') || gstins[0];
  const filing: 'MONTHLY' | 'QUARTERLY' = params.get('filing') === 'QUARTERLY' ? 'QUARTERLY' : 'MONTHLY';
  const month = isReturnPeriod(params.get('period')) ? params.get('period')! : lastMonth(indiaToday());
  // A quarterly return is named by the quarter's last month (03, 06, 09, 12).
  const period = filing === 'QUARTERLY' ? `${String(Math.ceil(Number(month.slice(0, 2)) / 3) * 3).padStart(2, '0')}${month.slice(2)}` : month;
  const query: Omit<Gstr1Query, 'format'> | null = gstin ? { gstin, period, ...(filing === 'QUARTERLY' ? { filing } : {}) } : null;
  const gstr1 = useGstr1(query);
  const answer = gstr1.data;

  const extra = answer ? (
    <>
      <Button type="primary" icon={<DownloadOutlined />} onClick={() => downloadJson(answer.data, `GSTR1_${answer.data.gstin}_${answer.data.fp}.json`)}>
        Download JSON
      </Button>
      <Button icon={<FileExcelOutlined />} href={reportUrls.gstr1(query!)} target="_blank" rel="noopener" download>
        Excel
      </Button>
    </>
  ) : null;

  let body: React.ReactNode;
  if (!query) body = <EmptyState title="No GSTIN to file for" description="Set the GSTIN of a store branch first." />;
  else if (gstr1.error && !answer) body = <ErrorState title="Error loading GSTR-1" detail={errorMessage(gstr1.error)} onRetry={() => void gstr1.mutate()} />;
  else if (!answer) body = <TableSkeleton rows={8} />;
  else
    body = (
      <>
        <Typography.Paragraph type="secondary">
          {formatDate(answer.meta.from)} – {formatDate(answer.meta.to)} · B2C large above {formatRupees(answer.meta.b2clLimit)}
        </Typography.Paragraph>
        <Problems problems={answer.problems} />
        <Sections ret={answer.data} />
      </>
    );

  return (
    <>
      <PageHeader title="GSTR-1" back="/reports" extra={extra} />
      <Card style={{ marginBottom: 16 }}>
        <Flex gap={12} wrap>
          <GstinSelect value={gstin} gstins={gstins} onChange={(v) => set({ gstin: v })} />
          <Select
            aria-label="Filing"
            style={{ width: 150 }}
            value={filing}
            options={[
              { value: 'MONTHLY', label: 'Monthly' },
              { value: 'QUARTERLY', label: 'Quarterly' },
            ]}
            onChange={(v: string) => set({ filing: v === 'QUARTERLY' ? v : undefined })}
          />
          <ReturnPeriodPicker period={period} onChange={(v) => set({ period: v })} />
        </Flex>
      </Card>
      {body}
    </>
  );
}
