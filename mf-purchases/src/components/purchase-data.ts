import useSWR from 'swr';
import { cacheKey, purchaseApi, useRecord, type PurchaseInvoiceListQuery } from '@bahi/shared';

export function usePurchaseInvoices(query: PurchaseInvoiceListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('purchases', 'list', query) : null, () => purchaseApi.list(query), { keepPreviousData: true });
}

/** One bill; a malformed id is never sent (it cannot name a bill). */
export function usePurchaseInvoice(id: string | undefined) {
  return useRecord(['purchases', 'detail'], id, (key) => purchaseApi.get(key));
}

/** Our reference the next bill of the branch would get on `date` (the new-purchase header's preview). */
export function useNextPurchaseReference(branchId: string | undefined, date: string) {
  return useSWR(branchId && date ? cacheKey('purchases', 'next-reference', branchId, date) : null, () =>
    purchaseApi.nextReferenceNumber({ branchId, date }),
  );
}
