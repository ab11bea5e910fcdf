import { Select } from 'antd';
import { useBranches } from './data';

/** 'Filter by branch': every branch of the business, cleared for all branches. */
export function BranchFilter({ value, onChange }: { value: string | undefined; onChange: (branchId: string | undefined) => void }) {
  const branches = useBranches();
  return (
    <Select
      allowClear
      aria-label="Filter by branch"
      placeholder="All branches"
      style={{ width: 180 }}
      value={value ?? null}
      loading={branches.isLoading}
      options={(branches.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
      onChange={(v: string | undefined) => onChange(v ?? undefined)}
    />
  );
}
