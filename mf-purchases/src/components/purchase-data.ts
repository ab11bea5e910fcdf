import useSWR from 'swr';
import { cacheKey, purchaseApi, useRecord, type PurchaseInvoiceListQuery } from '@bahi/shared';

export function usePurchaseInvoices(query: PurchaseInvoiceListQuery) {
  return useSWR(cacheKey('purchases', 'list', query), () => purchaseApi.list(query), { keepPreviousData: true });
}

/** One bill; a malformed id is never sent (it cannot name a bill). */
export function usePurchaseInvoice(id: string | undefined) {
  return useRecord(['purchases', 'detail'], id, (key) => purchaseApi.get(key));
}
