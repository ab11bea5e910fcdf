import useSWR from 'swr';
import { Id, cacheKey, partyApi, type PartyType } from '@bahi/shared';
import { usePartySearch } from './data';
import { SearchFilterSelect } from './search-filter';
import { useTypedSearch } from './typed-search';

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
  const search = useTypedSearch(250);
  const { data, isLoading } = usePartySearch(search.q, partyType ?? undefined);
  const valid = !!value && Id.safeParse(value).success;
  const { data: chosen } = useSWR(valid ? cacheKey('parties', 'detail', value) : null, () => partyApi.get(value!));
  return (
    <SearchFilterSelect
      label={label}
      placeholder={placeholder}
      width={width}
      allowClear={allowClear}
      value={value}
      options={(data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
      chosen={chosen ? { value: chosen.id, label: chosen.name } : undefined}
      loading={isLoading}
      search={search}
      onChange={onChange}
      notFound={partyType === 'SUPPLIER' ? 'No supplier found' : partyType === 'CUSTOMER' ? 'No customer found' : 'No party found'}
    />
  );
}
