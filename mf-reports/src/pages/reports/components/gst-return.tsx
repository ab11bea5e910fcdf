import { useMemo, type ReactNode } from 'react';
import { Button, DatePicker, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { UNREGISTERED_NO_RETURNS, formatRupees, indiaToday, isApiError, useSession } from '@bahi/shared';
import { EmptyState } from '@bahi/shared/ui';
import { downloadText } from '../../cash-bank/ledger-export';
import { useBranches } from './data';
import { AddGstinForm } from './gst-registration';
import { useReportParams } from './report-params';
import { ReportBody, type ReportResult } from './report-view';

/*
 * What the GST return screens (GSTR-1, GSTR-3B) share: the GSTIN and month in the address and their pickers, the
 * portal's amounts and tax heads, the return's states and the JSON download.
 */

/** The portal's tax heads (its field names) and their column titles. */
export type TaxHead = 'txval' | 'iamt' | 'camt' | 'samt' | 'csamt';
export const TAX_HEADS: TaxHead[] = ['txval', 'iamt', 'camt', 'samt', 'csamt'];
export const HEAD_TITLES: Record<TaxHead, string> = { txval: 'Taxable value', iamt: 'IGST', camt: 'CGST', samt: 'SGST', csamt: 'Cess' };

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

/**
 * The GSTIN and month of a return kept in the address: the GSTIN picked, else the signed-in store branch's; the
 * month (MMYYYY) picked, else last month.
 */
export function useReturnParams() {
  const { params, set } = useReportParams();
  const gstins = useGstins();
  const gstin: string | undefined = params.get('gstin') || gstins[0];
  const month = isReturnPeriod(params.get('period')) ? params.get('period')! : lastMonth(indiaToday());
  return { params, set, gstins, gstin, month };
}

/** A return's states: nothing to file without a GSTIN, then "Error loading <name>" with Retry, a skeleton, the return. */
export function ReturnBody<T>({ gstin, name, result, children }: { gstin: string | undefined; name: string; result: ReportResult<T>; children: (data: T) => ReactNode }) {
  const { user } = useSession();
  if (!gstin) {
    const unregistered = user?.business.registrationType === 'UNREGISTERED';
    return (
      <EmptyState
        title="No GSTIN to file for"
        description={unregistered ? UNREGISTERED_NO_RETURNS : 'Set the GSTIN of a store branch first.'}
        action={unregistered ? <AddGstinForm /> : undefined}
      />
    );
  }
  // A composition or unregistered registration files no such return: the API says why.
  if (isApiError(result.error) && result.error.status === 422) return <EmptyState title={`No ${name} to file`} description={result.error.message} />;
  return (
    <ReportBody result={result} errorTitle={`Error loading ${name}`}>
      {children}
    </ReportBody>
  );
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
export function DownloadJsonButton({ json, fileName }: { json: unknown; fileName: string }) {
  return (
    <Button type="primary" icon={<DownloadOutlined />} onClick={() => downloadText(JSON.stringify(json), fileName, 'application/json')}>
      Download JSON
    </Button>
  );
}
