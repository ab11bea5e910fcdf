import useSWR from 'swr';
import {
  branchApi,
  cacheKey,
  reportApi,
  type Cmp08Query,
  type DayBookQuery,
  type Gstr1Query,
  type Gstr3bQuery,
  type ItemProfitQuery,
  type PurchaseReport,
  type SaleReport,
  type LedgerQuery,
  type ReportSummaryQuery,
  type SaleReportQuery,
  type StockSummaryQuery,
} from '@bahi/shared';

/*
 * The report calls of mf-reports, cached under 'reports' (the shell refreshes that area when the branch changes).
 * A report keeps its previous answer on screen while the next page or filter loads.
 */

export type ReportSide = 'SALE' | 'PURCHASE';
export type DocumentReportQuery = Omit<SaleReportQuery, 'format'>;

export function useDocumentReport(side: ReportSide, query: DocumentReportQuery) {
  return useSWR<SaleReport | PurchaseReport>(
    cacheKey('reports', side === 'SALE' ? 'sale' : 'purchase', query),
    () => (side === 'SALE' ? reportApi.saleReport(query) : reportApi.purchaseReport(query)),
    { keepPreviousData: true },
  );
}

export function useLedger(query: Omit<LedgerQuery, 'format'> | null) {
  return useSWR(query ? cacheKey('reports', 'ledger', query) : null, () => reportApi.ledger(query!), {
    keepPreviousData: true,
  });
}

export function useReportSummary(query: ReportSummaryQuery) {
  return useSWR(cacheKey('reports', 'summary', query), () => reportApi.summary(query));
}

export function useGstr1(query: Omit<Gstr1Query, 'format'> | null) {
  return useSWR(query ? cacheKey('reports', 'gstr1', query) : null, () => reportApi.gstr1(query!));
}

export function useBranches() {
  return useSWR(cacheKey('branches', 'list'), () => branchApi.list(), { revalidateOnFocus: false });
}

export function useStockSummary(query: StockSummaryQuery) {
  return useSWR(cacheKey('reports', 'stock-summary', query), () => reportApi.stockSummary(query), { keepPreviousData: true });
}

export function useDayBook(query: DayBookQuery) {
  return useSWR(cacheKey('reports', 'day-book', query), () => reportApi.dayBook(query), { keepPreviousData: true });
}

export function useItemProfit(query: ItemProfitQuery) {
  return useSWR(cacheKey('reports', 'item-profit', query), () => reportApi.itemProfit(query), { keepPreviousData: true });
}

export function useCmp08(query: Cmp08Query) {
  return useSWR(cacheKey('reports', 'cmp08', query), () => reportApi.cmp08(query), { keepPreviousData: true });
}

export function useGstr3b(query: Gstr3bQuery | null) {
  return useSWR(query ? cacheKey('reports', 'gstr3b', query) : null, () => reportApi.gstr3b(query!));
}
