import { useMemo } from 'react';
import { DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { formatRupees, useSession } from '@bahi/shared';
import { useBranches } from './data';

/*
 * What the GST return screens (GSTR-1, GSTR-3B) share: the GSTIN and month pickers and the portal's amounts.
 */

/** The portal's amounts are JSON numbers with two decimals: they are summed in paise, never as floats. */
export const paise = (n: number | undefined) => Math.round((n ?? 0) * 100);
export const rupees = (p: number) => formatRupees((p / 100).toFixed(2));
export const portalAmount = (n: number | undefined) => (n === undefined ? '-' : rupees(paise(n)));

/** MMYYYY of the month before `today`: the return usually filed. */
export const lastMonth = (today: string) => dayjs(today).subtract(1, 'month').format('MMYYYY');
export const isReturnPeriod = (v: string | null): v is string => !!v && /^(0[1-9]|1[0-2])20\d\d$/.test(v);

/** The GSTINs of the business's branches, the signed-in store branch's first (the default). */
export function useGstins(): string[] {
  const { activeStoreBranch } = useSession();
  const branches = useBranches();
  return useMemo(() => {
    const all = [activeStoreBranch?.gstin, ...(branches.data ?? []).map((b) => b.gstin)].filter((g): g is string => !!g);
    return Array.from(new Set(all));
  }, [activeStoreBranch, branches.data]);
}

export function GstinSelect({ value, gstins, onChange }: { value: string | undefined; gstins: string[]; onChange: (gstin: string) => void }) {
  return <Select aria-label="GSTIN" style={{ width: 220 }} value={value} options={gstins.map((g) => ({ value: g, label: g }))} onChange={onChange} />;
}

/** A return period (MMYYYY) picked as a month. */
export function ReturnPeriodPicker({ period, onChange }: { period: string; onChange: (period: string | undefined) => void }) {
  return (
    <DatePicker
      aria-label="Return period"
      picker="month"
      format="MMM YYYY"
      allowClear={false}
      value={dayjs(`${period.slice(2)}-${period.slice(0, 2)}-01`)}
      onChange={(d) => onChange(d ? d.format('MMYYYY') : undefined)}
    />
  );
}

/** Saves the portal's JSON exactly as the API answered it. */
export function downloadJson(json: unknown, fileName: string) {
  const blob = new Blob([JSON.stringify(json)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}
