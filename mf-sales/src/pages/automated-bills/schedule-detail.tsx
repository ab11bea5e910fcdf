import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { App, Button, Drawer, Flex, Table, Tag, Typography } from 'antd';
import {
  describeFrequency,
  errorMessage,
  formatRupees,
  indiaToday,
  newIdempotencyKey,
  revalidateArea,
  automatedBillApi,
  type Schedule,
  type ScheduleRun,
} from '@bahi/shared';
import { DetailRows, ErrorState, LoadingState, notify } from '@bahi/shared/ui';
import { useSchedule } from '../../components/sales-data';
import { formatDate, formatQuantity } from '@bahi/shared/ui';
import { RunStatusTag, ScheduleStatusTag } from './status';

type Action = 'pause' | 'resume' | 'end' | 'run-now';

const DONE: Record<Exclude<Action, 'run-now'>, string> = {
  pause: 'Automated bill paused',
  resume: 'Automated bill resumed',
  end: 'Automated bill ended',
};

/** The outcome of an issue or a retry, as the user needs to hear it. */
function reportRun(run: ScheduleRun) {
  if (run.status === 'ISSUED') notify.success(`Invoice ${run.invoiceNumber} issued, dated ${formatDate(run.runDate)}`);
  else notify.error(`The bill of ${formatDate(run.period)} could not be issued`, { description: run.reason ?? undefined });
}

/** One automated bill: what it bills, when next, and its history of issued invoices and failed runs. */
export function ScheduleDetail({ id, onClose, onEdit }: { id: string; onClose: () => void; onEdit: (schedule: Schedule) => void }) {
  const { data: schedule, error, isLoading, mutate } = useSchedule(id);
  const { modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  /**
   * The key of the issue (or retry) not yet answered: a click after a lost answer sends the same key, so the bill
   * the first click may have issued is answered, not issued twice. A new click after an answer gets a new key.
   */
  const attempt = useRef<{ key: string; target: string } | null>(null);

  const act = async (action: Action, period?: string) => {
    if (busy) return;
    setBusy(period ?? action);
    try {
      if (action === 'run-now') {
        const target = `${id}:${period ?? 'next'}`;
        if (attempt.current?.target !== target) attempt.current = { key: newIdempotencyKey(), target };
        const result = await automatedBillApi.runNow(id, period ? { period } : {}, { idempotencyKey: attempt.current.key });
        attempt.current = null;
        const { run, ...rest } = result;
        await mutate(rest, { revalidate: false });
        reportRun(run);
      } else {
        const updated = await automatedBillApi[action === 'pause' ? 'pause' : action === 'resume' ? 'resume' : 'end'](id);
        await mutate(updated, { revalidate: false });
        notify.success(DONE[action]);
      }
      void revalidateArea('sales');
    } catch (e) {
      notify.error('Could not do that', { description: errorMessage(e) });
    } finally {
      setBusy(null);
    }
  };

  const confirmEnd = () =>
    modal.confirm({
      title: 'End this automated bill?',
      content: 'No more bills will be issued. Invoices already issued stay as they are.',
      okText: 'End',
      okButtonProps: { danger: true },
      onOk: () => act('end'),
    });

  const body = (() => {
    if (isLoading) return <LoadingState />;
    if (error || !schedule) return <ErrorState title="Could not load the automated bill" detail={errorMessage(error)} onRetry={() => void mutate()} />;
    const s = schedule;
    // Issue now bills the period that is due, never one ahead of its date (the API answers 409 for that too).
    const notDue = s.nextRunDate !== null && s.nextRunDate > indiaToday() ? `Nothing is due yet: the next bill is due on ${formatDate(s.nextRunDate)}` : null;
    return (
      <Flex vertical gap={16}>
        <Flex gap={8} wrap>
          {s.status === 'ACTIVE' ? (
            <>
              <Button type="primary" disabled={notDue !== null} loading={busy === 'run-now'} onClick={() => void act('run-now')}>
                Issue now
              </Button>
              <Button loading={busy === 'pause'} onClick={() => void act('pause')}>
                Pause
              </Button>
            </>
          ) : null}
          {s.status === 'PAUSED' ? (
            <Button type="primary" loading={busy === 'resume'} onClick={() => void act('resume')}>
              Resume
            </Button>
          ) : null}
          {s.status !== 'ENDED' ? (
            <>
              <Button onClick={() => onEdit(s)}>Edit</Button>
              <Button danger onClick={confirmEnd}>
                End
              </Button>
            </>
          ) : null}
        </Flex>
        {s.status === 'ACTIVE' && notDue ? <Typography.Text type="secondary">{notDue}</Typography.Text> : null}
        <DetailRows
          rows={[
            { label: 'Status', value: <ScheduleStatusTag status={s.status} /> },
            { label: 'Customer', value: s.partyName },
            { label: 'Branch', value: s.branchName },
            { label: 'Repeats', value: describeFrequency(s.frequency) },
            { label: 'Starts', value: formatDate(s.startDate) },
            { label: 'Ends', value: s.endDate ? formatDate(s.endDate) : s.maxBills ? `After ${s.maxBills} bills` : 'Never' },
            { label: 'Next bill', value: s.nextRunDate ? formatDate(s.nextRunDate) : '-' },
            { label: 'Due', value: s.dueInDays === null ? 'Customer’s credit period' : `${s.dueInDays} days after the bill` },
            { label: 'Bills issued', value: String(s.billsIssued) },
            { label: 'Total billed', value: formatRupees(s.totalBilled) },
            { label: 'Notes', value: s.notes },
          ]}
        />
        <section aria-label="Items billed">
          <Typography.Title level={5}>Items on each bill</Typography.Title>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={s.lines.map((l, key) => ({ ...l, key }))}
            columns={[
              { title: 'Item', render: (_, l) => l.itemName ?? <Typography.Text type="danger">Item deleted</Typography.Text> },
              { title: 'Quantity', render: (_, l) => formatQuantity(l.quantity) },
              { title: 'Price', render: (_, l) => (l.unitPrice === null ? 'Item’s price' : formatRupees(l.unitPrice)) },
            ]}
          />
        </section>
        <section aria-label="History">
          <Typography.Title level={5}>History</Typography.Title>
          <Table
            size="small"
            rowKey="period"
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            dataSource={s.runs}
            locale={{ emptyText: 'No bills yet' }}
            columns={[
              { title: 'Period', render: (_, r) => formatDate(r.period) },
              { title: 'Invoice', render: (_, r) => (r.invoiceId ? <Link to={`/sales/invoice/${r.invoiceId}`}>{r.invoiceNumber}</Link> : '-') },
              { title: 'Dated', render: (_, r) => (r.status === 'ISSUED' ? formatDate(r.runDate) : '-') },
              { title: 'Amount', align: 'right', render: (_, r) => (r.grandTotal ? formatRupees(r.grandTotal) : '-') },
              {
                title: 'Result',
                render: (_, r) => (
                  <Flex vertical>
                    <RunStatusTag status={r.status} />
                    {r.reason ? <Typography.Text type="danger">{r.reason}</Typography.Text> : null}
                  </Flex>
                ),
              },
              {
                render: (_, r) =>
                  r.status === 'FAILED' ? (
                    <Button size="small" loading={busy === r.period} onClick={() => void act('run-now', r.period)} aria-label={`Retry the bill of ${formatDate(r.period)}`}>
                      Retry
                    </Button>
                  ) : null,
              },
            ]}
          />
        </section>
      </Flex>
    );
  })();

  return (
    <Drawer open size={720} title={schedule ? `Automated bill: ${schedule.partyName}` : 'Automated bill'} onClose={onClose} extra={schedule ? <Tag>{describeFrequency(schedule.frequency)}</Tag> : null}>
      {body}
    </Drawer>
  );
}
