import { Link } from 'react-router-dom';
import { Alert, Button, Card, Flex, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { formatRupees, reportUrls, type Gstr1Problem, type Gstr1Query, type Gstr1Return } from '@bahi/shared';
import { PageHeader } from '@bahi/shared/ui';
import { useGstr1 } from './components/data';
import { DownloadJsonButton, GstinSelect, HEAD_TITLES, ReturnBody, ReturnPeriodPicker, TAX_HEADS, paise, portalAmount, rupees, useReturnParams, type TaxHead } from './components/gst-return';
import { GstSettingsButton } from './components/gst-settings';
import { ReportFilters, periodLabel } from './components/report-view';

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

/** The tax head columns of a section, in the portal's order; `amount` reads a head of a row. */
const taxCols = <R,>(amount: (r: R, head: TaxHead) => number | undefined, heads: TaxHead[] = TAX_HEADS): Col<R>[] =>
  heads.map((h) => ({ title: HEAD_TITLES[h], value: (r: R) => amount(r, h), money: true }));
/** A head of a row that carries it itself (B2C small, HSN). */
const ownHead = <R extends Partial<Record<TaxHead, number>>,>(r: R, h: TaxHead) => r[h];
/** A head summed over an invoice's items, in paise. */
const itemsHead = (items: Partial<Record<TaxHead, number>>[], h: TaxHead) => items.reduce((s, i) => s + paise(i[h]), 0) / 100;
const portalDate = (d: string) => d.replaceAll('-', '/');

type B2b = Gstr1Return['b2b'][number]['inv'][number] & { ctin: string };
type B2cl = Gstr1Return['b2cl'][number]['inv'][number] & { pos: string };
type B2cs = Gstr1Return['b2cs'][number];
type Exp = Gstr1Return['exp'][number]['inv'][number] & { exp_typ: Gstr1Return['exp'][number]['exp_typ'] };
type Hsn = Gstr1Return['hsn']['hsn_b2b'][number];
type Nil = Gstr1Return['nil']['inv'][number];
const NIL_SUPPLY: Record<Nil['sply_ty'], string> = {
  INTRB2B: 'Inter-state, registered',
  INTRAB2B: 'Intra-state, registered',
  INTRB2C: 'Inter-state, unregistered',
  INTRAB2C: 'Intra-state, unregistered',
};
type Doc = Gstr1Return['doc_issue']['doc_det'][number]['docs'][number] & { doc_typ: string };

/** The columns every invoice section has (B2B, B2C large, exports). */
const invoiceNo: Col<{ inum: string }> = { title: 'Invoice no.', value: (r) => r.inum };
const invoiceDate: Col<{ idt: string }> = { title: 'Date', value: (r) => portalDate(r.idt) };
const invoiceValue: Col<{ val: number }> = { title: 'Invoice value', value: (r) => r.val, money: true };
const rate: Col<{ rt: number }> = { title: 'Rate %', value: (r) => r.rt };

const hsnCols: Col<Hsn>[] = [
  { title: 'HSN/SAC', value: (r) => r.hsn_sc },
  { title: 'Description', value: (r) => r.desc },
  { title: 'UQC', value: (r) => r.uqc },
  { title: 'Quantity', value: (r) => r.qty },
  rate,
  ...taxCols<Hsn>(ownHead),
];

function Sections({ ret }: { ret: Gstr1Return }) {
  const b2b: B2b[] = ret.b2b.flatMap((p) => p.inv.map((i) => ({ ...i, ctin: p.ctin })));
  const b2cl: B2cl[] = ret.b2cl.flatMap((p) => p.inv.map((i) => ({ ...i, pos: p.pos })));
  const exp: Exp[] = ret.exp.flatMap((e) => e.inv.map((i) => ({ ...i, exp_typ: e.exp_typ })));
  const docs: Doc[] = ret.doc_issue.doc_det.flatMap((d) => d.docs.map((x) => ({ ...x, doc_typ: d.doc_typ })));
  return (
    <>
      <Section<B2b>
        title="B2B invoices"
        rows={b2b}
        cols={[
          { title: 'Buyer GSTIN', value: (r) => r.ctin },
          invoiceNo,
          invoiceDate,
          { title: 'Place of supply', value: (r) => r.pos },
          { title: 'Reverse charge', value: (r) => r.rchrg },
          invoiceValue,
          ...taxCols<B2b>((r, h) => itemsHead(r.itms.map((i) => i.itm_det), h)),
        ]}
      />
      <Section<B2cl>
        title="B2C large invoices"
        rows={b2cl}
        cols={[
          { title: 'Place of supply', value: (r) => r.pos },
          invoiceNo,
          invoiceDate,
          invoiceValue,
          ...taxCols<B2cl>((r, h) => itemsHead(r.itms.map((i) => i.itm_det), h), ['txval', 'iamt', 'csamt']),
        ]}
      />
      <Section<B2cs>
        title="B2C small"
        rows={ret.b2cs}
        cols={[
          { title: 'Supply', value: (r) => (r.sply_ty === 'INTER' ? 'Inter-state' : 'Intra-state') },
          { title: 'Place of supply', value: (r) => r.pos },
          rate,
          ...taxCols<B2cs>(ownHead),
        ]}
      />
      {exp.length ? (
        <Section<Exp>
          title="Exports"
          rows={exp}
          cols={[
            { title: 'Type', value: (r) => (r.exp_typ === 'WPAY' ? 'With IGST' : 'Under LUT') },
            invoiceNo,
            invoiceDate,
            invoiceValue,
            ...taxCols<Exp>((r, h) => itemsHead(r.itms, h), ['txval', 'iamt']),
          ]}
        />
      ) : null}
      {ret.nil.inv.length ? (
        <Section<Nil>
          title="Nil-rated, exempt and non-GST"
          rows={ret.nil.inv}
          cols={[
            { title: 'Supply', value: (r) => NIL_SUPPLY[r.sply_ty] },
            { title: 'Nil rated', value: (r) => r.nil_amt, money: true },
            { title: 'Exempt', value: (r) => r.expt_amt, money: true },
            { title: 'Non-GST', value: (r) => r.ngsup_amt, money: true },
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
  const { params, set, gstins, gstin, month } = useReturnParams();
  const filing: 'MONTHLY' | 'QUARTERLY' = params.get('filing') === 'QUARTERLY' ? 'QUARTERLY' : 'MONTHLY';
  // A quarterly return is named by the quarter's last month (03, 06, 09, 12).
  const period = filing === 'QUARTERLY' ? `${String(Math.ceil(Number(month.slice(0, 2)) / 3) * 3).padStart(2, '0')}${month.slice(2)}` : month;
  const query: Omit<Gstr1Query, 'format'> | null = gstin ? { gstin, period, ...(filing === 'QUARTERLY' ? { filing } : {}) } : null;
  const gstr1 = useGstr1(query);
  const answer = gstr1.data;

  const extra = (
    <>
      <GstSettingsButton />
      {answer ? (
        <>
          <DownloadJsonButton json={answer.data} fileName={`GSTR1_${answer.data.gstin}_${answer.data.fp}.json`} />
          <Button icon={<FileExcelOutlined />} href={reportUrls.gstr1(query!)} target="_blank" rel="noopener" download>
            Excel
          </Button>
        </>
      ) : null}
    </>
  );

  return (
    <>
      <PageHeader title="GSTR-1" back="/reports" extra={extra} />
      <ReportFilters>
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
      </ReportFilters>
      <ReturnBody gstin={gstin} name="GSTR-1" result={gstr1}>
        {(answer) => (
          <>
            <Typography.Paragraph type="secondary">
              {periodLabel(answer.meta.from, answer.meta.to)} · B2C large above {formatRupees(answer.meta.b2clLimit)}
            </Typography.Paragraph>
            <Problems problems={answer.problems} />
            <Sections ret={answer.data} />
          </>
        )}
      </ReturnBody>
    </>
  );
}
