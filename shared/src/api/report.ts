import {
  DayBookResponse,
  ItemProfitResponse,
  HomeFiguresResponse,
  ReportSummaryResponse,
  StockSummaryResponse,
  type DayBookQuery,
  type ItemProfitQuery,
  type HomeFiguresQuery,
  type ReportSummaryQuery,
  type StockSummaryQuery,
  Gstr1Response,
  PurchaseReportResponse,
  type PurchaseReportQuery,
  GstSettingsResponse,
  type UpdateGstSettingsRequest,
  GstRegistrationResponse,
  type UpdateGstRegistrationRequest,
  Gstr3bResponse,
  type Gstr3bQuery,
  Cmp08Response,
  type Cmp08Query,
  LedgerResponse,
  SaleReportResponse,
  type Gstr1Query,
  type LedgerQuery,
  type SaleReportQuery,
  type AccountLedgerQuery,
  type BalanceSheetQuery,
  type ProfitLossQuery,
  type TrialBalanceQuery,
} from '../contracts';
import { apiBase, apiRequest, type Query } from './client';

const data = async <T>(p: Promise<{ data: T }>) => (await p).data;

/** One typed function per report call. Files (xlsx, csv) download from `reportUrls`. */
export const reportApi = {
  /** GET sale/sale-reports: a page of rows, the totals of every match, and paging. */
  saleReport: (query: Omit<SaleReportQuery, 'format'> = {}) =>
    data(apiRequest('sale/sale-reports', { query: query as Query, schema: SaleReportResponse })),
  /** GET purchase/purchase-reports: the same over purchase bills (`paid` for `received`). */
  purchaseReport: (query: Omit<PurchaseReportQuery, 'format'> = {}) =>
    data(apiRequest('purchase/purchase-reports', { query: query as Query, schema: PurchaseReportResponse })),
  /** GET report/ledger ('Ledger Report'): a party's statement for a period. */
  ledger: (query: Omit<LedgerQuery, 'format'>) => data(apiRequest('report/ledger', { query: query as unknown as Query, schema: LedgerResponse })),
  /** GET report/gstr1: `data` is the portal's JSON (save it as the file to upload); `problems` what to fix first. */
  gstr1: (query: Omit<Gstr1Query, 'format'>) => apiRequest('report/gstr1', { query: query as unknown as Query, schema: Gstr1Response }),
  /** GET report/gstr3b: `data` is the portal's JSON; `payment` table 6.1 (credit used and cash per head); `liability` the cash per head. */
  gstr3b: (query: Gstr3bQuery) => apiRequest('report/gstr3b', { query: query as unknown as Query, schema: Gstr3bResponse }),
  /** GET report/cmp08: a composition taxpayer's quarter (turnover × its rate; tax on inward supplies under reverse charge). */
  cmp08: (query: Cmp08Query) => data(apiRequest('report/cmp08', { query: query as unknown as Query, schema: Cmp08Response })),
  gstSettings: () => data(apiRequest('report/gst-settings', { schema: GstSettingsResponse })),
  updateGstSettings: (body: UpdateGstSettingsRequest) =>
    data(apiRequest('report/gst-settings', { method: 'PUT', body, schema: GstSettingsResponse })),
  /** GET report/gst-registration: the business's GSTIN, REGULAR / COMPOSITION / UNREGISTERED, what it issues. */
  gstRegistration: () => data(apiRequest('report/gst-registration', { schema: GstRegistrationResponse })),
  /** PUT report/gst-registration: a GSTIN comes with its type (REGULAR or COMPOSITION). */
  updateGstRegistration: (body: UpdateGstRegistrationRequest) =>
    data(apiRequest('report/gst-registration', { method: 'PUT', body, schema: GstRegistrationResponse })),
  /** GET report/home: the home screen's figures, for a branch or every branch. */
  home: (query: HomeFiguresQuery = {}) => data(apiRequest('report/home', { query: query as Query, schema: HomeFiguresResponse })),
  /** GET report/summary: the reports home's figures and the sales of each month of the financial year. */
  summary: (query: ReportSummaryQuery = {}) => data(apiRequest('report/summary', { query: query as Query, schema: ReportSummaryResponse })),
  stockSummary: (query: Omit<StockSummaryQuery, 'format'> = {}) => data(apiRequest('report/stock-summary', { query: query as Query, schema: StockSummaryResponse })),
  dayBook: (query: Omit<DayBookQuery, 'format'> = {}) => data(apiRequest('report/day-book', { query: query as Query, schema: DayBookResponse })),
  itemProfit: (query: Omit<ItemProfitQuery, 'format'> = {}) => data(apiRequest('report/item-profit', { query: query as Query, schema: ItemProfitResponse })),
};

const withQuery = (path: string, query: object) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return `${apiBase()}/${path}?${params.toString()}`;
};

/**
 * Where a report's file downloads from, for a link or `window.open`: a plain GET that carries the session cookie,
 * answered as an attachment.
 */
export const reportUrls = {
  saleReport: (query: Omit<SaleReportQuery, 'format' | 'page' | 'pageSize'>, format: 'xlsx' | 'csv' | 'pdf') =>
    withQuery('sale/sale-reports', { ...query, format }),
  purchaseReport: (query: Omit<PurchaseReportQuery, 'format' | 'page' | 'pageSize'>, format: 'xlsx' | 'csv' | 'pdf') =>
    withQuery('purchase/purchase-reports', { ...query, format }),
  ledger: (query: Omit<LedgerQuery, 'format' | 'page' | 'pageSize'>, format: 'xlsx' | 'pdf' = 'xlsx') => withQuery('report/ledger', { ...query, format }),
  gstr1: (query: Omit<Gstr1Query, 'format'>) => withQuery('report/gstr1', { ...query, format: 'xlsx' }),
  stockSummary: (query: Omit<StockSummaryQuery, 'format' | 'page' | 'pageSize'>, format: 'xlsx' | 'csv' | 'pdf') =>
    withQuery('report/stock-summary', { ...query, format }),
  dayBook: (query: Omit<DayBookQuery, 'format'>, format: 'xlsx' | 'csv' | 'pdf') => withQuery('report/day-book', { ...query, format }),
  itemProfit: (query: Omit<ItemProfitQuery, 'format' | 'page' | 'pageSize'>, format: 'xlsx' | 'csv' | 'pdf') =>
    withQuery('report/item-profit', { ...query, format }),
  trialBalance: (query: TrialBalanceQuery, format: 'xlsx' | 'pdf') => withQuery('report/trial-balance', { ...query, format }),
  profitLoss: (query: ProfitLossQuery, format: 'xlsx' | 'pdf') => withQuery('report/profit-loss', { ...query, format }),
  balanceSheet: (query: BalanceSheetQuery, format: 'xlsx' | 'pdf') => withQuery('report/balance-sheet', { ...query, format }),
  accountLedger: (accountId: string, query: AccountLedgerQuery, format: 'xlsx' | 'pdf') =>
    withQuery(`ledger/account-ledger/${encodeURIComponent(accountId)}`, { ...query, format }),
};
