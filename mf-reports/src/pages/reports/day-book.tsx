import { Alert, Card, DatePicker, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { formatRupees, indiaToday, reportUrls, voucherTypeLabel, type DayBookEntry } from '@bahi/shared';
import { EmptyState, PageHeader, formatDate } from '@bahi/shared/ui';
import { BranchFilter } from './components/branch-filter';
import { useDayBook } from './components/data';
import { DocumentLink } from './components/document-link';
import { ExportLinks } from './components/export-links';
import { useReportParams } from './components/report-params';
import { ReportBody, ReportFilters, ReportTable, moneyColumn, moneyTotal } from './components/report-view';

/** The time of day in India (24-hour). */
const timeOf = (at: string) => new Date(at).toLocaleTimeString('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

type Row = DayBookEntry & { rowKey: number };

const COLUMNS: TableColumnsType<Row> = [
  { title: 'Time', dataIndex: 'at', width: 80, render: (v: string) => timeOf(v) },
  {
    title: 'Type',
    dataIndex: 'type',
    width: 170,
    render: (v: string, r) => (
      <>
        {voucherTypeLabel(v)} {r.status === 'CANCELLED' ? <Tag color="red">Cancelled</Tag> : null}
      </>
    ),
  },
  { title: 'Document', key: 'document', width: 150, render: (_, r) => <DocumentLink type={r.documentType} id={r.documentId} number={r.documentNumber} /> },
  { title: 'Particulars', key: 'particulars', render: (_, r) => [r.partyName, r.description, r.accountName].filter(Boolean).join(' · ') || '-' },
  moneyColumn('Amount', 'amount', 140),
  moneyColumn('Money in', 'moneyIn', 140),
  moneyColumn('Money out', 'moneyOut', 140),
];

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();

/**
 * /reports/day-book ('Day book'): every transaction of a day (GET report/day-book): documents, money in and out,
 * stock changes, with the day's sales and money totals. The date (today by default) and branch live in the address.
 */
export default function DayBookPage() {
  const { params, set } = useReportParams();
  const today = indiaToday();
  const date = isDate(params.get('date')) ? params.get('date')! : today;
  const branchId = params.get('branchId') || undefined;
  const book = useDayBook({ date, branchId });

  return (
    <>
      <PageHeader
        title="Day book"
        back="/reports"
        subtitle={formatDate(date)}
        extra={<ExportLinks url={(format) => reportUrls.dayBook({ date, branchId }, format)} formats={['xlsx', 'csv', 'pdf']} />}
      />
      <ReportFilters>
        <DatePicker
          aria-label="Date"
          format="DD/MM/YYYY"
          allowClear={false}
          value={dayjs(date)}
          disabledDate={(d) => d.format('YYYY-MM-DD') > today}
          onChange={(d) => set({ date: d && d.format('YYYY-MM-DD') !== today ? d.format('YYYY-MM-DD') : undefined })}
        />
        <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
      </ReportFilters>
      <Card>
        <ReportBody result={book} errorTitle="Error loading the day book">
          {(data) => (
            <>
              {data.truncated ? (
                <Alert type="warning" showIcon style={{ marginBottom: 12 }} title="This day has more transactions than fit; the first ones are listed. The totals are the whole day's." />
              ) : null}
              <ReportTable<Row>
                rowKey="rowKey"
                columns={COLUMNS}
                rows={data.entries.map((e, i) => ({ ...e, rowKey: i }))}
                loading={book.isValidating}
                scrollX={1000}
                pagination={data.entries.length > 100 ? { pageSize: 100, showSizeChanger: false } : false}
                totals={[
                  { colSpan: 4, content: `Total of ${formatDate(data.date)} (sales ${formatRupees(data.totals.sales)})` },
                  {},
                  moneyTotal(data.totals.moneyIn),
                  moneyTotal(data.totals.moneyOut),
                ]}
                empty={<EmptyState title="No transactions on this day" />}
              />
            </>
          )}
        </ReportBody>
      </Card>
    </>
  );
}
