import { Card, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { formatRupees, reportUrls, type LedgerEntry } from '@bahi/shared';
import { EmptyState, listPagination, PageHeader, PartyFilter, PeriodFilter, formatDate, useDocumentListParams } from '@bahi/shared/ui';
import { useLedger } from './components/data';
import { DocumentLink } from './components/document-link';
import { ExportLinks } from './components/export-links';
import { Money, drCr } from './components/money';
import { ReportBody, ReportFigures, ReportFilters, ReportTable, moneyTotal } from './components/report-view';

type LedgerRow = LedgerEntry & { rowKey: string; opening?: boolean };

const COLUMNS: TableColumnsType<LedgerRow> = [
  { title: 'Date', dataIndex: 'date', width: 110, render: (d: string, r) => (r.opening ? '' : formatDate(d)) },
  {
    title: 'Document',
    key: 'document',
    width: 170,
    render: (_, r) => (r.opening ? '-' : <DocumentLink type={r.documentType} id={r.documentId} number={r.documentNumber} />),
  },
  { title: 'Particulars', dataIndex: 'description' },
  { title: 'Debit', dataIndex: 'debit', align: 'right', width: 140, render: (v: string, r) => (r.opening ? null : <Money value={v} />) },
  { title: 'Credit', dataIndex: 'credit', align: 'right', width: 140, render: (v: string, r) => (r.opening ? null : <Money value={v} />) },
  { title: 'Balance', dataIndex: 'balance', align: 'right', width: 160, render: (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{drCr(v)}</span> },
];

/**
 * /reports/ledger ('Ledger Report'): a party's statement for a period (GET report/ledger): the opening balance,
 * every sale, purchase, payment and adjustment with debit, credit and the running balance, and the closing
 * balance, which is the balance the party screens show. Party and period live in the address.
 */
export default function LedgerReportPage() {
  const list = useDocumentListParams([]);
  const { query, set, onPage } = list;
  const partyId = query.partyId;
  const filters = partyId ? { partyId, from: query.from, to: query.to } : null;
  const ledger = useLedger(filters && { ...filters, page: query.page, pageSize: query.pageSize });
  const data = ledger.data;

  const exports = filters ? <ExportLinks url={(f) => reportUrls.ledger(filters, f === 'pdf' ? 'pdf' : 'xlsx')} formats={['pdf', 'xlsx']} /> : null;

  const body = !filters ? (
    <EmptyState title="Choose a party to see its ledger" description="Its statement for the period shows here: opening balance, every entry and the closing balance." />
  ) : (
    <ReportBody result={ledger} errorTitle="Error loading the ledger" notFound="Party not found.">
      {(data) => {
        // Page 1 opens with the opening balance; every entry carries the running balance after it.
        const opening: LedgerRow = {
          rowKey: 'opening',
          opening: true,
          date: data.from,
          type: 'OPENING',
          documentType: null,
          documentId: null,
          documentNumber: null,
          description: 'Opening balance',
          debit: '0.00',
          credit: '0.00',
          balance: data.openingBalance,
        };
        const rows: LedgerRow[] = data.entries.map((e, i) => ({ ...e, rowKey: `${data.meta.page}-${i}` }));
        if (data.meta.page === 1) rows.unshift(opening);
        return (
          <ReportTable<LedgerRow>
            rowKey="rowKey"
            columns={COLUMNS}
            rows={rows}
            loading={ledger.isValidating}
            scrollX={800}
            pagination={listPagination({ page: query.page, pageSize: query.pageSize, total: data.meta.total, noun: 'entries', hideOnSinglePage: true, onChange: onPage })}
            totalsTestId="closing-row"
            totalsWhenEmpty
            totals={[
              { colSpan: 3, content: `Closing balance on ${formatDate(data.to)}` },
              moneyTotal(data.debit),
              moneyTotal(data.credit),
              { align: 'right', content: drCr(data.closingBalance) },
            ]}
            empty={<EmptyState title="No entries in this period" />}
          />
        );
      }}
    </ReportBody>
  );

  return (
    <>
      <PageHeader title="Ledger Report" subtitle={data ? data.party.name : undefined} extra={exports} />
      <ReportFilters
        below={
          data ? (
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
              {[data.party.gstin && `GSTIN ${data.party.gstin}`, data.party.mobileNumber].filter(Boolean).join(' · ')}
            </Typography.Text>
          ) : null
        }
      >
        <PartyFilter value={partyId} partyType={null} label="Party" placeholder="Pick a party" width={260} onChange={(v) => set({ partyId: v })} />
        <PeriodFilter list={list} />
      </ReportFilters>
      {filters ? (
        <ReportFigures
          figures={[
            { title: 'Opening balance', value: data && drCr(data.openingBalance) },
            { title: 'Debit', value: data && formatRupees(data.debit) },
            { title: 'Credit', value: data && formatRupees(data.credit) },
            { title: 'Closing balance', value: data && drCr(data.closingBalance) },
          ]}
        />
      ) : null}
      <Card>{body}</Card>
    </>
  );
}
