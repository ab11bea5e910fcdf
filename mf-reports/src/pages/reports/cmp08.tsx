import { Button, Card, Select, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { formatRupees, indiaToday, isApiError, type Cmp08 } from '@bahi/shared';
import { EmptyState, PageHeader, formatDate } from '@bahi/shared/ui';
import { downloadText } from '../cash-bank/ledger-export';
import { useCmp08 } from './components/data';
import { useReportParams } from './components/report-params';
import { ReportBody, ReportFilters } from './components/report-view';

/*
 * reports/cmp08: a composition taxpayer's quarterly statement (GET report/cmp08): the tax on the quarter's turnover
 * at its composition rate, half CGST and half SGST, and the tax it pays on inward supplies under reverse charge.
 * The quarter (MMYYYY of its last month) lives in the address.
 */

const QUARTER = /^(03|06|09|12)20\d\d$/;

/** MMYYYY of the last month of the quarter before the one `today` is in: the statement usually filed. */
export function lastQuarter(today: string): string {
  const d = dayjs(today);
  const end = d.subtract(d.month() % 3, 'month').subtract(1, 'month');
  return end.format('MMYYYY');
}

/** The last eight quarters, newest first, as 'Apr–Jun 2026'. */
function quarterOptions(today: string) {
  const options: { value: string; label: string }[] = [];
  let end = dayjs(`${lastQuarter(today).slice(2)}-${lastQuarter(today).slice(0, 2)}-01`);
  for (let i = 0; i < 8; i++) {
    const start = end.subtract(2, 'month');
    options.push({ value: end.format('MMYYYY'), label: `${start.format('MMM')}–${end.format('MMM YYYY')}` });
    end = end.subtract(3, 'month');
  }
  return options;
}

interface Row {
  key: string;
  label: string;
  value: string;
  cgst: string;
  sgst: string;
  igst: string;
  cess: string;
}

function rowsOf(c: Cmp08): Row[] {
  return [
    { key: 'outward', label: `Outward supplies (turnover) at ${Number(c.compositionRate)}%`, value: c.outward.turnover, ...c.outward },
    { key: 'reverse', label: 'Inward supplies liable to reverse charge', value: c.reverseCharge.taxableValue, ...c.reverseCharge },
  ];
}

const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(v)}</span>;
const COLUMNS: TableColumnsType<Row> = [
  { title: 'Details', dataIndex: 'label' },
  { title: 'Value', dataIndex: 'value', align: 'right', width: 150, render: money },
  { title: 'CGST', dataIndex: 'cgst', align: 'right', width: 130, render: money },
  { title: 'SGST/UTGST', dataIndex: 'sgst', align: 'right', width: 130, render: money },
  { title: 'IGST', dataIndex: 'igst', align: 'right', width: 130, render: money },
  { title: 'Cess', dataIndex: 'cess', align: 'right', width: 110, render: money },
];

/** The statement as CSV, one row per line of the form and the total. */
function csvOf(c: Cmp08): string {
  const lines = [
    ['Details', 'Value', 'CGST', 'SGST/UTGST', 'IGST', 'Cess'],
    ...rowsOf(c).map((r) => [r.label, r.value, r.cgst, r.sgst, r.igst, r.cess]),
    ['Total tax payable', '', '', '', '', c.totalTax],
  ];
  return lines.map((l) => l.map((v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v)).join(',')).join('\n');
}

export default function Cmp08Page() {
  const { params, set } = useReportParams();
  const today = indiaToday();
  const asked = params.get('quarter');
  const quarter = asked && QUARTER.test(asked) ? asked : lastQuarter(today);
  const result = useCmp08({ quarter });
  const answer = result.data;

  return (
    <>
      <PageHeader
        title="CMP-08"
        subtitle="Quarterly statement of a composition taxpayer"
        back="/reports"
        extra={
          answer ? (
            <Button icon={<DownloadOutlined />} onClick={() => downloadText(csvOf(answer), `CMP08_${answer.gstin ?? 'business'}_${quarter}.csv`)}>
              CSV
            </Button>
          ) : null
        }
      />
      <ReportFilters>
        <Select aria-label="Quarter" style={{ width: 200 }} value={quarter} options={quarterOptions(today)} onChange={(v) => set({ quarter: v })} />
      </ReportFilters>
      {isApiError(result.error) && result.error.status === 422 ? (
        <EmptyState title="No CMP-08 to file" description={result.error.message} />
      ) : (
        <ReportBody result={result} errorTitle="Error loading CMP-08">
          {(c) => (
            <Card size="small">
              <Typography.Paragraph type="secondary">
                {c.gstin ? `GSTIN ${c.gstin} · ` : ''}
                {formatDate(c.from)} – {formatDate(c.to)}
              </Typography.Paragraph>
              <Table<Row>
                aria-label="CMP-08"
                rowKey="key"
                size="small"
                pagination={false}
                scroll={{ x: 800 }}
                dataSource={rowsOf(c)}
                columns={COLUMNS}
                summary={() => (
                  <Table.Summary.Row style={{ fontWeight: 600 }}>
                    <Table.Summary.Cell index={0} colSpan={5}>
                      Total tax payable
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      <span data-testid="cmp08-total">{formatRupees(c.totalTax)}</span>
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                )}
              />
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                A composition taxpayer pays tax on its turnover at the composition rate, without input tax credit, and pays the
                tax on supplies it receives under reverse charge in cash.
              </Typography.Text>
            </Card>
          )}
        </ReportBody>
      )}
    </>
  );
}
