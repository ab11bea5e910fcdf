import useSWR from 'swr';
import { Id, cacheKey, purchaseApi, type PurchaseInvoiceListQuery } from '@bahi/shared';
import { retryServerErrors } from '@bahi/shared/ui';

export function usePurchaseInvoices(query: PurchaseInvoiceListQuery) {
  return useSWR(cacheKey('purchases', 'list', query), () => purchaseApi.list(query), { keepPreviousData: true });
}

/** One bill; a malformed id is never sent (it cannot name a bill). */
export function usePurchaseInvoice(id: string | undefined) {
  const valid = !!id && Id.safeParse(id).success;
  const swr = useSWR(valid ? cacheKey('purchases', 'detail', id) : null, () => purchaseApi.get(id!), retryServerErrors);
  return { ...swr, invalidId: !valid };
}
