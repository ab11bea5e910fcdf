import useSWR from 'swr';
import {
  Id,
  cacheKey,
  isApiError,
  itemApi,
  useSession,
  type ItemListParams,
  type ItemType,
} from '@bahi/shared';

/** Stock depends on the active branch: keys carry it so a switch never shows another branch's numbers. */
function useBranchId() {
  return useSession().activeStoreBranch?.id ?? null;
}

export function useItems(params: ItemListParams) {
  const branchId = useBranchId();
  return useSWR(cacheKey('items', 'list', params, branchId), () => itemApi.list(params), { keepPreviousData: true });
}

/** One item; a malformed id is never sent (it cannot name an item). */
export function useItem(id: string | undefined, itemType: ItemType) {
  const branchId = useBranchId();
  const valid = !!id && Id.safeParse(id).success;
  const swr = useSWR(valid ? cacheKey('items', 'detail', id, itemType, branchId) : null, () => itemApi.get(id!, itemType), {
    shouldRetryOnError: (e: unknown) => !(isApiError(e) && e.status < 500),
  });
  return { ...swr, invalidId: !valid };
}

export function useItemStock(id: string | undefined, enabled = true) {
  const branchId = useBranchId();
  return useSWR(id && enabled ? cacheKey('items', 'stock', id, branchId) : null, () => itemApi.stock(id!));
}

export function useItemCategories() {
  return useSWR(cacheKey('items', 'categories'), () => itemApi.categories());
}

export function useTaxRates() {
  return useSWR(cacheKey('items', 'taxes'), () => itemApi.taxes(), { revalidateOnFocus: false });
}

export function useUnits() {
  return useSWR(cacheKey('items', 'units'), () => itemApi.units(), { revalidateOnFocus: false });
}

/** '01 Apr 2025' for a YYYY-MM-DD date. */
export function formatDate(date: string | null | undefined): string | undefined {
  if (!date) return undefined;
  const d = new Date(`${date.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

/** The path of an item's detail page (seed: /items/inventory/{id}?itemType=). */
export const itemPath = (item: { id: string; itemType: ItemType }) => `/items/inventory/${item.id}?itemType=${item.itemType}`;

/** The server's own `message` of a failed call, if it sent one; not the client's wording. */
export function serverMessage(e: unknown): string | undefined {
  if (!isApiError(e)) return undefined;
  const body = e.body;
  if (body && typeof body === 'object' && !(body instanceof Error) && typeof (body as { message?: unknown }).message === 'string') {
    return (body as { message: string }).message;
  }
  return undefined;
}
