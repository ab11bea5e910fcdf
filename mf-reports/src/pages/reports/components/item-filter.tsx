import useSWR from 'swr';
import { ApiError, Id, cacheKey, itemApi } from '@bahi/shared';
import { SearchFilterSelect, itemMatches, useItemSearch, useTypedSearch } from '@bahi/shared/ui';

/** The chosen item after a reload: it may be a product or a service (item/get-item asks which). */
async function chosenItem(id: string) {
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
  const search = useTypedSearch(250);
  const { data, isLoading } = useItemSearch(search.q);
  const valid = !!value && Id.safeParse(value).success;
  const { data: chosen } = useSWR(valid ? cacheKey('items', 'detail', value) : null, () => chosenItem(value!), { shouldRetryOnError: false });
  return (
    <SearchFilterSelect
      label="Filter by item"
      placeholder="All items"
      width={width}
      value={value}
      // The server searches; an earlier answer that no longer matches what is typed is hidden meanwhile.
      options={(data?.data ?? []).filter((i) => itemMatches(i, search.typed)).map((i) => ({ value: i.id, label: i.itemName }))}
      chosen={chosen ? { value: chosen.id, label: chosen.itemName } : undefined}
      loading={isLoading}
      search={search}
      onChange={onChange}
      notFound="No item found"
    />
  );
}
