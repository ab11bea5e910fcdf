import useSWR from 'swr';
import { automatedBillApi, cacheKey, einvoiceApi, quotationApi, saleApi, useRecord, type EInvoiceListQuery, type QuotationListQuery, type ScheduleListQuery, type SaleInvoiceListQuery } from '@bahi/shared';

export function useSaleInvoices(query: SaleInvoiceListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('sales', 'list', query) : null, () => saleApi.list(query), { keepPreviousData: true });
}

export function useQuotations(query: QuotationListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('quotations', 'list', query) : null, () => quotationApi.list(query), { keepPreviousData: true });
}

/** One invoice; a malformed id is never sent (it cannot name an invoice). */
export function useSaleInvoice(id: string | undefined) {
  return useRecord(['sales', 'detail'], id, (key) => saleApi.get(key));
}

export function useQuotation(id: string | undefined) {
  return useRecord(['quotations', 'detail'], id, (key) => quotationApi.get(key));
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
  return useRecord(['sales', 'automated-bill'], id, (key) => automatedBillApi.get(key));
}

/** e-invoicing: whether it is on, from which date. */
export function useEInvoiceSettings() {
  return useSWR(cacheKey('sales', 'einvoice-settings'), () => einvoiceApi.settings());
}

/** The invoices e-invoicing covers, with their status. */
export function useEInvoiceInvoices(query: EInvoiceListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('sales', 'einvoice-list', query) : null, () => einvoiceApi.list(query), { keepPreviousData: true });
}
