import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { Select } from 'antd';
import { ApiError, Id, cacheKey, itemApi } from '@bahi/shared';
import { itemMatches, useItemSearch } from '@bahi/shared/ui';

/** The chosen item's name after a reload: it may be a product or a service (item/get-item asks which). */
async function itemName(id: string) {
  try {
    return (await itemApi.get(id, 'PRODUCT')).data;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return (await itemApi.get(id, 'SERVICE')).data;
    throw e;
  }
}

/**
 * 'Filter by item': a product or service to filter a report by, searched on the server (name, code, HSN) as you
 * type through the items API the billing screens use; the chosen one keeps its name after a reload.
 */
export function ItemFilter({ value, onChange, width = 220 }: { value: string | undefined; onChange: (itemId: string | undefined) => void; width?: number }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    if (!typed) {
      setQ('');
      return;
    }
    const t = setTimeout(() => setQ(typed), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isLoading } = useItemSearch(q);
  const valid = !!value && Id.safeParse(value).success;
  const { data: chosen } = useSWR(valid ? cacheKey('items', 'detail', value) : null, () => itemName(value!), { shouldRetryOnError: false });
  // The server searches; an earlier answer that no longer matches what is typed is hidden meanwhile.
  const options = (data?.data ?? []).filter((i) => itemMatches(i, typed)).map((i) => ({ value: i.id, label: i.itemName }));
  if (chosen && !options.some((o) => o.value === chosen.id)) options.unshift({ value: chosen.id, label: chosen.itemName });

  return (
    <Select
      allowClear
      aria-label="Filter by item"
      placeholder="All items"
      style={{ width }}
      value={valid ? value : undefined}
      options={options}
      loading={isLoading}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onChange={(v: string | undefined) => {
        setTyped('');
        onChange(v);
      }}
      notFoundContent={isLoading ? 'Searching…' : 'No item found'}
    />
  );
}
