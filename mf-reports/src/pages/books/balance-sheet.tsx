import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Card, Col, DatePicker, Row as GridRow, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatRupees, fromPaise, indiaToday, reportUrls, toPaise, type BalanceSheet } from '@bahi/shared';
import { EmptyState, PageHeader, formatDate } from '@bahi/shared/ui';
import { ExportLinks } from '../reports/components/export-links';
import { Money } from '../reports/components/money';
import { useReportParams } from '../reports/components/report-params';
import { ReportBody, ReportFigures, ReportFilters, ReportTable, moneyTotal } from '../reports/components/report-view';
import { ledgerPath, sumMoney, useBalanceSheet } from './data';

type Side = BalanceSheet['assets'];

interface Row {
  key: string;
  label: ReactNode;
  amount: ReactNode;
  /** A group (bold, its total) or a ledger under it (indented, linked). */
  group?: boolean;
}

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();

const COLUMNS: TableColumnsType<Row> = [
  {
    title: 'Particulars',
    dataIndex: 'label',
    render: (label: ReactNode, r) => (r.group ? <Typography.Text strong>{label}</Typography.Text> : <span style={{ paddingLeft: 16 }}>{label}</span>),
  },
  { title: 'Amount', dataIndex: 'amount', align: 'right', width: 180 },
];

/**
 * A side's groups, each with its total and its ledgers; each ledger's figure opens its account up to `asOf`. A group
 * whose one ledger bears its own name (Stock in hand, Sundry debtors) is one line: its total opens that ledger.
 */
function sideRows(side: Side, asOf: string): Row[] {
  const linked = (l: Side['groups'][number]['lines'][number]) => (
    <Link to={ledgerPath(l.accountId, { to: asOf })}>
      <Money value={l.amount} />
    </Link>
  );
  return side.groups.flatMap((g) => {
    const [only] = g.lines;
    if (g.lines.length === 1 && only.name === g.name) return [{ key: `group-${g.code}`, group: true, label: g.name, amount: linked(only) }];
    return [
      { key: `group-${g.code}`, group: true, label: g.name, amount: <Money value={g.total} /> },
      ...g.lines.map((l) => ({ key: `line-${l.accountId}`, label: l.name, amount: linked(l) })),
    ];
  });
}

function SideTable({ title, rows, total, testId }: { title: string; rows: Row[]; total: string; testId: string }) {
  return (
    <Card title={title} style={{ height: '100%' }}>
      <ReportTable<Row>
        rowKey="key"
        columns={COLUMNS}
        rows={rows}
        loading={false}
        scrollX={400}
        pagination={false}
        totalsTestId={testId}
        totalsWhenEmpty
        totals={[{ content: 'Total' }, moneyTotal(total)]}
        empty={<EmptyState title="Nothing on this side yet" />}
      />
    </Card>
  );
}

/**
 * /reports/balance-sheet ('Balance sheet'): the whole business on a date (today by default): liabilities, capital
 * and the profit to date against the assets (GET report/balance-sheet), and whether the two sides agree. Each
 * ledger's figure opens its account up to that date.
 */
export default function BalanceSheetPage() {
  const { params, set } = useReportParams();
  const today = indiaToday();
  const asOf = isDate(params.get('asOf')) ? params.get('asOf')! : today;
  const bs = useBalanceSheet({ asOf });
  const data = bs.data;

  return (
    <>
      <PageHeader
        title="Balance sheet"
        back="/reports"
        subtitle={`As of ${formatDate(data?.asOf ?? asOf)}`}
        extra={<ExportLinks permission="books.export" url={(f) => reportUrls.balanceSheet({ asOf }, f === 'pdf' ? 'pdf' : 'xlsx')} formats={['xlsx', 'pdf']} />}
      />
      <ReportFilters>
        <DatePicker
          aria-label="As of date"
          format="DD/MM/YYYY"
          allowClear={false}
          value={dayjs(asOf)}
          onChange={(d) => set({ asOf: d && d.format('YYYY-MM-DD') !== today ? d.format('YYYY-MM-DD') : undefined })}
        />
      </ReportFilters>
      <ReportBody result={bs} errorTitle="Error loading the balance sheet">
        {(d) => {
          const liabilitiesSide = sumMoney([d.liabilities.total, d.capital.total, d.profitToDate]);
          const difference = toPaise(d.assets.total) - toPaise(liabilitiesSide);
          const loss = toPaise(d.profitToDate) < 0;
          return (
            <>
              <ReportFigures
                label="Balance sheet figures"
                figures={[
                  { title: 'Assets', value: formatRupees(d.assets.total) },
                  { title: 'Liabilities', value: formatRupees(d.liabilities.total) },
                  { title: 'Capital', value: formatRupees(d.capital.total) },
                  { title: loss ? 'Loss to date' : 'Profit to date', value: formatRupees(loss ? fromPaise(-toPaise(d.profitToDate)) : d.profitToDate), tone: loss ? 'danger' : 'success' },
                ]}
              />
              {d.balanced ? (
                <Tag color="green" style={{ marginBottom: 12 }}>
                  Balanced: assets equal liabilities, capital and profit to date
                </Tag>
              ) : (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={`Does not balance: the two sides differ by ${formatRupees(fromPaise(Math.abs(difference)))}`}
                />
              )}
              <GridRow gutter={[16, 16]}>
                <Col xs={24} lg={12}>
                  <SideTable
                    title="Liabilities and capital"
                    testId="liabilities-total"
                    total={liabilitiesSide}
                    rows={[
                      ...sideRows(d.capital, d.asOf),
                      // A loss is taken from the side as a deduction: 'Less: loss to date', the figure without its sign.
                      {
                        key: 'profit',
                        group: true,
                        label: loss ? 'Less: loss to date' : 'Profit to date',
                        amount: <Money value={loss ? fromPaise(-toPaise(d.profitToDate)) : d.profitToDate} />,
                      },
                      ...sideRows(d.liabilities, d.asOf),
                    ]}
                  />
                </Col>
                <Col xs={24} lg={12}>
                  <SideTable title="Assets" testId="assets-total" total={d.assets.total} rows={sideRows(d.assets, d.asOf)} />
                </Col>
              </GridRow>
            </>
          );
        }}
      </ReportBody>
    </>
  );
}
