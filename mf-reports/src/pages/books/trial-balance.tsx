import { Link } from 'react-router-dom';
import { Alert, Card, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatRupees, fromPaise, inChartOrder, reportUrls, toPaise, type TrialBalance } from '@bahi/shared';
import { EmptyState, PageHeader, PeriodFilter, formatDate } from '@bahi/shared/ui';
import { BranchFilter } from '../reports/components/branch-filter';
import { ExportLinks } from '../reports/components/export-links';
import { Money, drCr } from '../reports/components/money';
import { ReportBody, ReportFigures, ReportFilters, ReportTable, moneyTotal } from '../reports/components/report-view';
import { groupName, ledgerPath, useTrialBalance } from './data';
import { useStatementParams } from './period';

type Row = TrialBalance['rows'][number];

/** "Balanced", or by how much and which side is short. */
function BalanceCheck({ debit, credit }: { debit: string; credit: string }) {
  const diff = toPaise(debit) - toPaise(credit);
  if (diff === 0) return <Tag color="green">Balanced: debits equal credits</Tag>;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      title={`Does not balance: ${diff > 0 ? 'debits exceed credits' : 'credits exceed debits'} by ${formatRupees(fromPaise(Math.abs(diff)))}`}
    />
  );
}

/**
 * /reports/trial-balance ('Trial balance'): every ledger in the chart's order with its opening balance, the period's debits and credits,
 * and its closing balance (GET report/trial-balance), the totals, and whether debits equal credits. Each figure
 * opens the ledger's account for the same period and branch.
 */
export default function TrialBalancePage() {
  const { list, from, to, branchId, set } = useStatementParams();
  const tb = useTrialBalance({ from, asOf: to, branchId });
  const data = tb.data;
  const drill = (r: Row, content: React.ReactNode) => <Link to={ledgerPath(r.accountId, { from, to, branchId })}>{content}</Link>;
  const figure = (v: string, r: Row, show: (v: string) => React.ReactNode) => (toPaise(v) === 0 ? <Money value={null} /> : drill(r, show(v)));

  const columns: TableColumnsType<Row> = [
    { title: 'Group', dataIndex: 'group', width: 170, render: (g: string) => groupName(g) },
    { title: 'Ledger', dataIndex: 'name', render: (name: string, r) => drill(r, name) },
    { title: 'Opening', dataIndex: 'opening', align: 'right', width: 160, render: (v: string, r) => figure(v, r, drCr) },
    { title: 'Debit', dataIndex: 'debit', align: 'right', width: 150, render: (v: string, r) => figure(v, r, (x) => <Money value={x} />) },
    { title: 'Credit', dataIndex: 'credit', align: 'right', width: 150, render: (v: string, r) => figure(v, r, (x) => <Money value={x} />) },
    { title: 'Closing', dataIndex: 'closing', align: 'right', width: 160, render: (v: string, r) => figure(v, r, drCr) },
  ];

  // The closing balances on each side, which equal each other when the books balance.
  const closingDr = data ? fromPaise(data.rows.reduce((s, r) => s + Math.max(0, toPaise(r.closing)), 0)) : undefined;
  const closingCr = data ? fromPaise(data.rows.reduce((s, r) => s + Math.max(0, -toPaise(r.closing)), 0)) : undefined;

  return (
    <>
      <PageHeader
        title="Trial balance"
        back="/reports"
        subtitle={data ? `As of ${formatDate(data.asOf)}` : undefined}
        extra={<ExportLinks permission="books.export" url={(f) => reportUrls.trialBalance({ from, asOf: to, branchId }, f === 'pdf' ? 'pdf' : 'xlsx')} formats={['xlsx', 'pdf']} />}
      />
      <ReportFilters>
        <PeriodFilter list={list} />
        <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
      </ReportFilters>
      <ReportFigures
        label="Trial balance totals"
        figures={[
          { title: 'Total debit', value: data && formatRupees(data.totals.debit) },
          { title: 'Total credit', value: data && formatRupees(data.totals.credit) },
          { title: 'Closing debit balances', value: closingDr && formatRupees(closingDr) },
          { title: 'Closing credit balances', value: closingCr && formatRupees(closingCr) },
        ]}
      />
      <Card>
        <ReportBody result={tb} errorTitle="Error loading the trial balance">
          {(d) => (
            <>
              <div style={{ marginBottom: 12 }}>
                <BalanceCheck debit={d.totals.debit} credit={d.totals.credit} />
              </div>
              <ReportTable<Row>
                rowKey="accountId"
                columns={columns}
                rows={inChartOrder(d.rows)}
                loading={tb.isValidating}
                scrollX={900}
                pagination={false}
                totals={[{ colSpan: 3, content: 'Total' }, moneyTotal(d.totals.debit), moneyTotal(d.totals.credit), {}]}
                empty={<EmptyState title="No entries in the books yet" />}
              />
            </>
          )}
        </ReportBody>
      </Card>
    </>
  );
}
