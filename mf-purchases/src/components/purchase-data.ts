import useSWR from 'swr';
import { cacheKey, paymentApi, purchaseApi, useRecord, type PaymentListQuery, type PurchaseInvoiceListQuery } from '@bahi/shared';

export function usePurchaseInvoices(query: PurchaseInvoiceListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('purchases', 'list', query) : null, () => purchaseApi.list(query), { keepPreviousData: true });
}

/** One bill; a malformed id is never sent (it cannot name a bill). */
export function usePurchaseInvoice(id: string | undefined) {
  return useRecord(['purchases', 'detail'], id, (key) => purchaseApi.get(key));
}

/** Payments made to suppliers (GET payment/payments?direction=OUT), one page, with the sums of the filter. */
export function useSupplierPayments(query: Omit<PaymentListQuery, 'direction'>, enabled = true) {
  const q: PaymentListQuery = { ...query, direction: 'OUT' };
  return useSWR(enabled ? cacheKey('purchases', 'payments-out', q) : null, () => paymentApi.list(q), { keepPreviousData: true });
}

/** Our reference the next bill of the branch would get on `date` (the new-purchase header's preview). */
export function useNextPurchaseReference(branchId: string | undefined, date: string) {
  return useSWR(branchId && date ? cacheKey('purchases', 'next-reference', branchId, date) : null, () =>
    purchaseApi.nextReferenceNumber({ branchId, date }),
  );
}
