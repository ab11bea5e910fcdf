import { useParams } from 'react-router-dom';
import { Card, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { Id, formatRupees, reportUrls, toPaise, voucherTypeLabel, type AccountLedger } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, PeriodFilter, formatDate } from '@bahi/shared/ui';
import { BranchFilter } from '../reports/components/branch-filter';
import { DocumentLink } from '../reports/components/document-link';
import { ExportLinks } from '../reports/components/export-links';
import { Money, drCr } from '../reports/components/money';
import { ReportBody, ReportFigures, ReportFilters, ReportTable, moneyTotal } from '../reports/components/report-view';
import { groupName, useAccountLedger } from './data';
import { useStatementParams } from './period';

type Line = AccountLedger['lines'][number];
type Row = Line & { rowKey: string; opening?: boolean };

const Balance = ({ value }: { value: string }) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{drCr(value)}</span>;

/** A line's debit or credit; the side it does not touch stays blank. */
const side = (v: string, r: Row) => (r.opening || toPaise(v) === 0 ? null : <Money value={v} />);

const COLUMNS: TableColumnsType<Row> = [
  { title: 'Date', dataIndex: 'date', width: 110, render: (d: string, r) => (r.opening ? '' : formatDate(d)) },
  { title: 'Voucher', dataIndex: 'voucherType', width: 130, render: (v: string, r) => (r.opening ? '' : voucherTypeLabel(v)) },
  {
    title: 'Document',
    key: 'document',
    width: 140,
    render: (_, r) => (r.opening ? '-' : <DocumentLink type={r.documentType} id={r.documentId} number={r.documentNumber} />),
  },
  { title: 'Particulars', dataIndex: 'narration', render: (v: string | null) => v ?? '-' },
  { title: 'Debit', dataIndex: 'debit', align: 'right', width: 125, render: (v: string, r) => side(v, r) },
  { title: 'Credit', dataIndex: 'credit', align: 'right', width: 125, render: (v: string, r) => side(v, r) },
  { title: 'Balance', dataIndex: 'balance', align: 'right', width: 150, render: (v: string) => <Balance value={v} /> },
];

/**
 * /reports/accounts/:id: one ledger's account for a period (GET ledger/account-ledger/:id): the opening balance,
 * each line with its voucher, its document (linked to the document's screen) and the running balance, and the
 * closing balance. Period and branch live in the address, so a figure of a statement opens it for its own period.
 */
export default function AccountLedgerPage() {
  const { id } = useParams();
  const valid = !!id && Id.safeParse(id).success;
  const { list, from, to, branchId, set } = useStatementParams();
  const ledger = useAccountLedger(valid ? id! : null, { from, to, branchId });
  const data = ledger.data;

  if (!valid) return <ErrorState title="Ledger not found." />;

  return (
    <>
      <PageHeader
        title={data ? data.account.name : 'Account ledger'}
        back="/reports/accounts"
        extra={<ExportLinks permission="books.export" url={(f) => reportUrls.accountLedger(id!, { from, to, branchId }, f === 'pdf' ? 'pdf' : 'xlsx')} formats={['xlsx', 'pdf']} />}
        subtitle={
          data ? (
            <>
              {groupName(data.account.group)} {data.account.isActive ? null : <Tag>Inactive</Tag>}
            </>
          ) : undefined
        }
      />
      <ReportFilters>
        <PeriodFilter list={list} />
        <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
      </ReportFilters>
      <ReportFigures
        label="Ledger figures"
        figures={[
          { title: 'Opening balance', value: data && drCr(data.opening) },
          { title: 'Debit', value: data && formatRupees(data.totals.debit) },
          { title: 'Credit', value: data && formatRupees(data.totals.credit) },
          { title: 'Closing balance', value: data && drCr(data.closing) },
        ]}
      />
      <Card>
        <ReportBody result={ledger} errorTitle="Error loading the ledger" notFound="Ledger not found.">
          {(d) => {
            const opening: Row = {
              rowKey: 'opening',
              opening: true,
              entryId: '',
              date: d.from ?? '',
              voucherType: '',
              documentType: null,
              documentId: null,
              documentNumber: null,
              narration: d.from ? `Opening balance on ${formatDate(d.from)}` : 'Opening balance',
              partyId: null,
              debit: '0.00',
              credit: '0.00',
              balance: d.opening,
            };
            const rows: Row[] = [opening, ...d.lines.map((l, i) => ({ ...l, rowKey: `${l.entryId}-${i}` }))];
            return (
              <ReportTable<Row>
                rowKey="rowKey"
                columns={COLUMNS}
                rows={rows}
                loading={ledger.isValidating}
                scrollX={900}
                pagination={rows.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
                totalsTestId="closing-row"
                totals={[
                  { colSpan: 4, content: d.to ? `Closing balance on ${formatDate(d.to)}` : 'Closing balance' },
                  moneyTotal(d.totals.debit),
                  moneyTotal(d.totals.credit),
                  { align: 'right', content: <Balance value={d.closing} /> },
                ]}
                empty={<EmptyState title="No entries in this period" />}
              />
            );
          }}
        </ReportBody>
      </Card>
    </>
  );
}
