import useSWR from 'swr';
import {
  Id,
  accountApi,
  automatedBillApi,
  cacheKey,
  einvoiceApi,
  isApiError,
  itemApi,
  partyApi,
  quotationApi,
  saleApi,
  useSession,
  type EInvoiceListQuery,
  type QuotationListQuery,
  type ScheduleListQuery,
  type SaleInvoiceListQuery,
} from '@bahi/shared';

/** A 4xx will not change by asking again (a 404 stays a 404); only server trouble is retried. */
const retryServerErrors = { shouldRetryOnError: (e: unknown) => !(isApiError(e) && e.status < 500) };

export function useSaleInvoices(query: SaleInvoiceListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('sales', 'list', query) : null, () => saleApi.list(query), { keepPreviousData: true });
}

export function useQuotations(query: QuotationListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('quotations', 'list', query) : null, () => quotationApi.list(query), { keepPreviousData: true });
}

/** One invoice; a malformed id is never sent (it cannot name an invoice). */
export function useSaleInvoice(id: string | undefined) {
  const valid = !!id && Id.safeParse(id).success;
  const swr = useSWR(valid ? cacheKey('sales', 'detail', id) : null, () => saleApi.get(id!), retryServerErrors);
  return { ...swr, invalidId: !valid };
}

export function useQuotation(id: string | undefined) {
  const valid = !!id && Id.safeParse(id).success;
  const swr = useSWR(valid ? cacheKey('quotations', 'detail', id) : null, () => quotationApi.get(id!), retryServerErrors);
  return { ...swr, invalidId: !valid };
}

export function useAccounts() {
  return useSWR(cacheKey('accounts', 'list'), () => accountApi.accounts(), { revalidateOnFocus: false });
}

export function useTaxRates() {
  return useSWR(cacheKey('items', 'taxes'), () => itemApi.taxes(), { revalidateOnFocus: false });
}

/** Customers matching what was typed (name, mobile, GSTIN), first page. */
export function useCustomerSearch(q: string) {
  const query = { q: q.trim() || undefined, partyType: 'CUSTOMER' as const, page: 1, pageSize: 20 };
  return useSWR(cacheKey('parties', 'list', query), () => partyApi.list(query), { keepPreviousData: true });
}

/** Items matching name, code, HSN or SAC, with their stock at the active branch (the key carries the branch). */
export function useItemSearch(q: string) {
  const branchId = useSession().activeStoreBranch?.id ?? null;
  const query = { q: q.trim() || undefined, page: 1, pageSize: 20 };
  return useSWR(cacheKey('items', 'list', query, branchId), () => itemApi.list(query), { keepPreviousData: true });
}

/** The number the next invoice of the active branch would get on this date (nothing is reserved). */
export function useNextInvoiceNumber(branchId: string | undefined, date: string, enabled: boolean) {
  return useSWR(enabled && branchId ? cacheKey('sales', 'next-number', branchId, date) : null, () =>
    saleApi.nextNumber({ branchId, date }),
  );
}

export function useSchedules(query: ScheduleListQuery) {
  return useSWR(cacheKey('sales', 'automated-bills', query), () => automatedBillApi.list(query), { keepPreviousData: true });
}

/** One automated bill with its runs; a malformed id is never sent. */
export function useSchedule(id: string | undefined) {
  const valid = !!id && Id.safeParse(id).success;
  const swr = useSWR(valid ? cacheKey('sales', 'automated-bill', id) : null, () => automatedBillApi.get(id!), retryServerErrors);
  return { ...swr, invalidId: !valid };
}

/** e-invoicing: whether it is on, from which date. */
export function useEInvoiceSettings() {
  return useSWR(cacheKey('sales', 'einvoice-settings'), () => einvoiceApi.settings(), retryServerErrors);
}

/** The invoices e-invoicing covers, with their status. */
export function useEInvoiceInvoices(query: EInvoiceListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('sales', 'einvoice-list', query) : null, () => einvoiceApi.list(query), { keepPreviousData: true });
}
