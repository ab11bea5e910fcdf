import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { LEDGER_GROUPS, formatRupees, fromPaise, reportUrls, toPaise, type ProfitLoss } from '@bahi/shared';
import { PageHeader, PeriodFilter } from '@bahi/shared/ui';
import { BranchFilter } from '../reports/components/branch-filter';
import { ExportLinks } from '../reports/components/export-links';
import { Money } from '../reports/components/money';
import { ReportBody, ReportFigures, ReportFilters, ReportTable, periodLabel } from '../reports/components/report-view';
import { ledgerPath, sumMoney, useProfitLoss } from './data';
import { useStatementParams } from './period';

type Figures = Omit<ProfitLoss, 'previous'>;
type Line = Figures['incomeLines'][number];

interface Row {
  key: string;
  label: ReactNode;
  /** A heading, a ledger's line (indented, linked), or a subtotal (bold). */
  kind: 'heading' | 'line' | 'subtotal';
  current?: ReactNode;
  previous?: ReactNode;
}

const TRADING = new Set<string>(LEDGER_GROUPS.filter((g) => 'trading' in g && g.trading).map((g) => g.code));

/** Net profit, or a loss under its own name as a positive figure (the other period in the same sense). */
const isLoss = (netProfit: string) => toPaise(netProfit) < 0;
const netLabel = (netProfit: string) => (isLoss(netProfit) ? 'Net loss' : 'Net profit');
const netFigure = (netProfit: string, loss: boolean) => (loss ? fromPaise(-toPaise(netProfit)) : netProfit);

/**
 * The statement's rows: the trading account (sales, cost of goods sold and direct expenses, gross profit), then
 * profit & loss (other income, expenses by ledger, net profit), each ledger's line beside the same ledger's line of
 * the previous period; each figure opens its ledger's account for its own period and branch.
 */
function statementRows(pl: ProfitLoss, branchId: string | undefined): Row[] {
  const { previous } = pl;
  const linked = (line: Line | undefined, of: Figures) =>
    line ? (
      <Link to={ledgerPath(line.accountId, { from: of.from, to: of.to, branchId })}>
        <Money value={line.amount} />
      </Link>
    ) : (
      <Money value={null} />
    );
  // Every ledger either period has, in the order of this period (then the previous one's own).
  const ledgers = (pick: (f: Figures) => Line[], trading: boolean): Row[] => {
    const inPart = (l: Line) => TRADING.has(l.group) === trading;
    const now = pick(pl).filter(inPart);
    const before = pick(previous).filter(inPart);
    const ids = [...new Set([...now, ...before].map((l) => l.accountId))];
    return ids.map((id) => {
      const cur = now.find((l) => l.accountId === id);
      const prev = before.find((l) => l.accountId === id);
      return { key: `line-${id}`, kind: 'line', label: (cur ?? prev)!.name, current: linked(cur, pl), previous: linked(prev, previous) };
    });
  };
  const subtotal = (key: string, label: string, pick: (f: Figures) => string): Row => ({
    key,
    kind: 'subtotal',
    label,
    current: <Money value={pick(pl)} />,
    previous: <Money value={pick(previous)} />,
  });
  return [
    { key: 'trading', kind: 'heading', label: 'Trading account' },
    ...ledgers((f) => f.incomeLines, true),
    subtotal('sales', 'Total sales', (f) => f.sales),
    ...ledgers((f) => f.expenseLines, true),
    subtotal('cost', 'Cost of goods sold and direct expenses', (f) => sumMoney([f.costOfGoodsSold, f.directExpenses])),
    subtotal('gross', 'Gross profit', (f) => f.grossProfit),
    { key: 'pl', kind: 'heading', label: 'Profit & loss' },
    ...ledgers((f) => f.incomeLines, false),
    subtotal('other-income', 'Total other income', (f) => f.otherIncome),
    ...ledgers((f) => f.expenseLines, false),
    subtotal('expenses', 'Total expenses', (f) => f.expenses),
  ];
}

/**
 * /reports/profit-loss ('Profit & loss'): the trading account and profit & loss of a period (GET
 * report/profit-loss) with the previous period beside it; net profit stands out at the top and at the foot.
 */
export default function ProfitLossPage() {
  const { list, from, to, branchId, set } = useStatementParams();
  const pl = useProfitLoss({ from, to, branchId });
  const data = pl.data;

  const columns: TableColumnsType<Row> = [
    {
      title: 'Particulars',
      dataIndex: 'label',
      render: (label: ReactNode, r) =>
        r.kind !== 'line' ? (
          <Typography.Text strong>{label}</Typography.Text>
        ) : (
          <span style={{ paddingLeft: 16 }}>{label}</span>
        ),
    },
    { title: data ? periodLabel(data.from, data.to) : 'This period', dataIndex: 'current', align: 'right', width: 200 },
    { title: data ? periodLabel(data.previous.from, data.previous.to) : 'Previous period', dataIndex: 'previous', align: 'right', width: 200 },
  ];

  return (
    <>
      <PageHeader
        title="Profit & loss"
        back="/reports"
        subtitle={data ? periodLabel(data.from, data.to) : undefined}
        extra={<ExportLinks permission="books.export" url={(f) => reportUrls.profitLoss({ from, to, branchId }, f === 'pdf' ? 'pdf' : 'xlsx')} formats={['xlsx', 'pdf']} />}
      />
      <ReportFilters>
        <PeriodFilter list={list} />
        <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
      </ReportFilters>
      <ReportFigures
        label="Profit and loss figures"
        figures={[
          { title: 'Sales', value: data && formatRupees(data.sales) },
          { title: 'Gross profit', value: data && formatRupees(data.grossProfit) },
          { title: 'Expenses', value: data && formatRupees(data.expenses) },
          {
            key: 'net',
            title: data ? netLabel(data.netProfit) : 'Net profit',
            value: data && formatRupees(netFigure(data.netProfit, isLoss(data.netProfit))),
            tone: data && isLoss(data.netProfit) ? 'danger' : 'success',
          },
        ]}
      />
      <Card>
        <ReportBody result={pl} errorTitle="Error loading profit & loss">
          {(d) => (
            <ReportTable<Row>
              rowKey="key"
              columns={columns}
              rows={statementRows(d, branchId)}
              loading={pl.isValidating}
              scrollX={700}
              pagination={false}
              totalsTestId="net-profit-row"
              totals={[
                { content: netLabel(d.netProfit) },
                { align: 'right', content: <Money value={netFigure(d.netProfit, isLoss(d.netProfit))} /> },
                { align: 'right', content: <Money value={netFigure(d.previous.netProfit, isLoss(d.netProfit))} /> },
              ]}
              empty={null}
            />
          )}
        </ReportBody>
      </Card>
    </>
  );
}
