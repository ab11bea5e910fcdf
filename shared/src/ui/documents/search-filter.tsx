import { Select } from 'antd';
import { Id } from '@bahi/shared';
import type { useTypedSearch } from './typed-search';

interface Option {
  value: string;
  label: string;
}

/**
 * The select of a filter searched on the server as you type (PartyFilter, the reports' item filter): `search` holds
 * what is typed, `options` the server's answer, and the chosen record (`chosen`, read by its id) stays listed so the
 * filter keeps its name after a reload. A value that is no id shows as no filter.
 */
export function SearchFilterSelect({
  label,
  placeholder,
  width,
  allowClear = true,
  value,
  options,
  chosen,
  loading,
  search,
  onChange,
  notFound,
}: {
  label: string;
  placeholder: string;
  width: number;
  allowClear?: boolean;
  value: string | undefined;
  options: Option[];
  chosen: Option | undefined;
  loading: boolean;
  search: ReturnType<typeof useTypedSearch>;
  onChange: (id: string | undefined) => void;
  notFound: string;
}) {
  const list = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;
  return (
    <Select
      allowClear={allowClear}
      aria-label={label}
      placeholder={placeholder}
      style={{ width }}
      value={value && Id.safeParse(value).success ? value : undefined}
      options={list}
      loading={loading}
      showSearch={{ filterOption: false, onSearch: search.setTyped, searchValue: search.typed }}
      onChange={(v: string | undefined) => {
        search.setTyped('');
        onChange(v);
      }}
      notFoundContent={loading ? 'Searching…' : notFound}
    />
  );
}
