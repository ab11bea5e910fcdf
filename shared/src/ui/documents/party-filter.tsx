import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Select } from 'antd';
import { Id, cacheKey, partyApi, type PartyType } from '@bahi/shared';
import { usePartySearch } from './data';

/**
 * A customer (or a supplier, or with `partyType={null}` any party) to filter by, searched on the server as you type;
 * the chosen one keeps its name after a reload.
 */
export function PartyFilter({
  value,
  onChange,
  partyType = 'CUSTOMER',
  label = 'Filter by party',
  placeholder = 'All parties',
  allowClear = true,
  width = 200,
}: {
  value: string | undefined;
  onChange: (partyId: string | undefined) => void;
  partyType?: PartyType | null;
  label?: string;
  placeholder?: string;
  allowClear?: boolean;
  width?: number;
}) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    // Cleared (after a pick): at once, so no search is left pending.
    if (!typed) {
      setQ('');
      return;
    }
    const t = setTimeout(() => setQ(typed), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isLoading } = usePartySearch(q, partyType ?? undefined);
  const valid = !!value && Id.safeParse(value).success;
  const { data: chosen } = useSWR(valid ? cacheKey('parties', 'detail', value) : null, () => partyApi.get(value!));
  const options = (data?.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  if (chosen && !options.some((o) => o.value === chosen.id)) options.unshift({ value: chosen.id, label: chosen.name });

  return (
    <Select
      allowClear={allowClear}
      aria-label={label}
      placeholder={placeholder}
      style={{ width }}
      value={valid ? value : undefined}
      options={options}
      loading={isLoading}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onChange={(v: string | undefined) => {
        setTyped('');
        onChange(v);
      }}
      notFoundContent={
        isLoading ? 'Searching…' : partyType === 'SUPPLIER' ? 'No supplier found' : partyType === 'CUSTOMER' ? 'No customer found' : 'No party found'
      }
    />
  );
}
