import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/**
 * A required calendar date as the API carries it ('2026-05-04'), shown and typed the Indian way (04/05/2026). It
 * cannot be cleared: a form that needs "no date" uses antd's DatePicker itself.
 */
export function DateField({ id, value, onChange }: { id?: string; value: string; onChange: (date: string) => void }) {
  return (
    <DatePicker
      id={id}
      format="DD/MM/YYYY"
      allowClear={false}
      style={{ width: '100%' }}
      value={dayjs(value)}
      onChange={(d) => d && onChange(d.format('YYYY-MM-DD'))}
    />
  );
}
