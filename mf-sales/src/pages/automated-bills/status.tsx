import { Tag } from 'antd';
import type { RunStatus, ScheduleStatus } from '@bahi/shared';

export const SCHEDULE_STATUS_LABELS: Record<ScheduleStatus, string> = { ACTIVE: 'Active', PAUSED: 'Paused', ENDED: 'Ended' };
const SCHEDULE_COLORS: Record<ScheduleStatus, string> = { ACTIVE: 'green', PAUSED: 'gold', ENDED: 'default' };

export function ScheduleStatusTag({ status }: { status: ScheduleStatus }) {
  return <Tag color={SCHEDULE_COLORS[status]}>{SCHEDULE_STATUS_LABELS[status]}</Tag>;
}

/** Issued, or Failed in red: a failed run waits for the user's retry. */
export function RunStatusTag({ status }: { status: RunStatus }) {
  return status === 'ISSUED' ? <Tag color="green">Issued</Tag> : <Tag color="red">Failed</Tag>;
}
