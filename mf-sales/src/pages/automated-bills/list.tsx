import { useSearchParams } from 'react-router-dom';
import { Button, Flex, Segmented, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SCHEDULE_STATUSES, describeFrequency, errorMessage, formatRupees, type Schedule, type ScheduleStatus, type ScheduleSummary } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@bahi/shared/ui';
import { useSchedule, useSchedules } from '../../components/sales-data';
import { formatDate } from '@bahi/shared/ui';
import { ScheduleDetail } from './schedule-detail';
import { ScheduleForm } from './schedule-form';
import { RunStatusTag, SCHEDULE_STATUS_LABELS, ScheduleStatusTag } from './status';

const PAGE_SIZE = 20;
const NEW = 'new';

function LastResult({ s }: { s: ScheduleSummary }) {
  if (!s.lastRun) return <Typography.Text type="secondary">No bill yet</Typography.Text>;
  return (
    <Flex vertical>
      <span>
        <RunStatusTag status={s.lastRun.status} /> {formatDate(s.lastRun.period)}
      </span>
      {s.lastRun.reason ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {s.lastRun.reason}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

const COLUMNS: TableColumnsType<ScheduleSummary> = [
  { title: 'Customer', key: 'party', render: (_, s) => s.partyName },
  { title: 'Repeats', key: 'frequency', render: (_, s) => describeFrequency(s.frequency) },
  { title: 'Next bill', key: 'next', width: 120, render: (_, s) => (s.status === 'ACTIVE' ? formatDate(s.nextRunDate) : '-') },
  { title: 'Last result', key: 'last', render: (_, s) => <LastResult s={s} /> },
  { title: 'Bills', dataIndex: 'billsIssued', align: 'right', width: 80 },
  {
    title: 'Total billed',
    key: 'billed',
    align: 'right',
    width: 150,
    render: (_, s) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(s.totalBilled)}</span>,
  },
  { title: 'Status', key: 'status', width: 100, render: (_, s) => <ScheduleStatusTag status={s.status} /> },
];

/** The form of `?edit=<id>`: waits for the schedule it edits. */
function EditSchedule({ id, onClose, onSaved }: { id: string; onClose: () => void; onSaved: (s: Schedule) => void }) {
  const { data } = useSchedule(id);
  return data ? <ScheduleForm schedule={data} onClose={onClose} onSaved={onSaved} /> : null;
}

/**
 * automated-bills: recurring invoices. The list shows each schedule's next bill, last result and total billed;
 * `?schedule=<id>` opens one with its history, `?edit=new` or `?edit=<id>` the form (links survive a reload).
 */
export function AutomatedBillsPage() {
  const [params, setParams] = useSearchParams();
  const status = SCHEDULE_STATUSES.find((s) => s === params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = { status, page, pageSize: PAGE_SIZE };
  const { data, error, isLoading, mutate } = useSchedules(query);
  const open = params.get('schedule');
  const edit = params.get('edit');

  const setParam = (patch: Record<string, string | undefined>) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setParam({ edit: NEW })}>
      New automated bill
    </Button>
  );

  const body = (() => {
    if (error && !data) return <ErrorState title="Error loading automated bills" detail={errorMessage(error)} onRetry={() => void mutate()} />;
    if (!data) return <TableSkeleton rows={6} />;
    return (
      <>
        <Typography.Paragraph type="secondary">
          {data.meta.total} automated {data.meta.total === 1 ? 'bill' : 'bills'} · {formatRupees(data.meta.totalBilled)} billed in all
        </Typography.Paragraph>
        <Table<ScheduleSummary>
          rowKey="id"
          columns={COLUMNS}
          dataSource={data.data}
          loading={isLoading}
          size="middle"
          scroll={{ x: 900 }}
          onRow={(s) => ({ onClick: () => setParam({ schedule: s.id }), style: { cursor: 'pointer' } })}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: data.meta.total, hideOnSinglePage: true, onChange: (p) => setParam({ page: String(p) }) }}
          locale={{
            emptyText: status ? (
              <EmptyState title={`No ${SCHEDULE_STATUS_LABELS[status].toLowerCase()} automated bills`} />
            ) : (
              <EmptyState title="No automated bills yet" description="Bill rent, AMC, tuition or subscriptions on a schedule." action={create} />
            ),
          }}
        />
      </>
    );
  })();

  return (
    <>
      <PageHeader title="Automated bills" extra={create} />
      <Flex vertical gap={12}>
        <Segmented<ScheduleStatus | 'ALL'>
          aria-label="Status"
          value={status ?? 'ALL'}
          options={[{ value: 'ALL', label: 'All' }, ...SCHEDULE_STATUSES.map((s) => ({ value: s, label: SCHEDULE_STATUS_LABELS[s] }))]}
          onChange={(v) => setParam({ status: v === 'ALL' ? undefined : v, page: undefined })}
        />
        {body}
      </Flex>
      {open && !edit ? (
        <ScheduleDetail id={open} onClose={() => setParam({ schedule: undefined })} onEdit={(s) => setParam({ edit: s.id })} />
      ) : null}
      {edit === NEW ? (
        <ScheduleForm schedule={null} onClose={() => setParam({ edit: undefined })} onSaved={(s) => setParam({ edit: undefined, schedule: s.id })} />
      ) : edit ? (
        <EditSchedule id={edit} onClose={() => setParam({ edit: undefined })} onSaved={(s) => setParam({ edit: undefined, schedule: s.id })} />
      ) : null}
    </>
  );
}

export default AutomatedBillsPage;
