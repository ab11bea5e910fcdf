import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { DocumentDateRange } from '../contracts';

/**
 * A required calendar date as the API carries it ('2026-05-04'), shown and typed the Indian way (04/05/2026). It
 * cannot be cleared: a form that needs "no date" uses antd's DatePicker itself. With `range`, the days outside it
 * cannot be picked.
 */
export function DateField({ id, value, onChange, range }: { id?: string; value: string; onChange: (date: string) => void; range?: DocumentDateRange }) {
  return (
    <DatePicker
      id={id}
      disabledDate={range ? (d) => d.format('YYYY-MM-DD') < range.min || d.format('YYYY-MM-DD') > range.max : undefined}
      format="DD/MM/YYYY"
      allowClear={false}
      style={{ width: '100%' }}
      value={value ? dayjs(value) : null}
      onChange={(d) => d && onChange(d.format('YYYY-MM-DD'))}
    />
  );
}
