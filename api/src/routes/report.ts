import {
  DayBookQuery,
  DayBookResponse,
  ItemProfitQuery,
  ItemProfitResponse,
  HomeFiguresQuery,
  HomeFiguresResponse,
  ReportSummaryQuery,
  ReportSummaryResponse,
  StockSummaryQuery,
  StockSummaryResponse,
  GstSettingsResponse,
  UpdateGstSettingsRequest,
  GstRegistrationResponse,
  UpdateGstRegistrationRequest,
  Cmp08Query,
  Cmp08Response,
  Gstr1Query,
  Gstr3bQuery,
  Gstr3bResponse,
  Gstr1Response,
  LedgerQuery,
  LedgerResponse,
  PurchaseReportQuery,
  PurchaseReportResponse,
  SaleReportQuery,
  SaleReportResponse,
  type SaleReport,
  indiaToday,
} from '@bahi/shared/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { readDb } from '../plugins/read-replica';
import { displayDate } from '../services/pdf/format';
import { PDF_ROWS_MAX, assertExportable, safeName, sendPdf, sendReportFile, sendXlsx, type FileFormat, type ReportFile } from '../services/reports/export';
import { gstr1, gstr1Sheets } from '../services/reports/gstr1';
import { gstr3b } from '../services/reports/gstr3b';
import { ledgerSheet, partyLedger } from '../services/reports/ledger';
import { dayBook, dayBookExport } from '../services/reports/day-book';
import { itemProfit, itemProfitExport } from '../services/reports/item-profit';
import { stockSummary, stockSummaryExport } from '../services/reports/stock-summary';
import { homeFigures } from '../services/reports/home';
import { reportSummary } from '../services/reports/summary';
import { PURCHASE_SOURCE, SALE_SOURCE, asPurchase, documentReport, documentReportExport, type ReportSource } from '../services/reports/document-report';
import { cmp08, getGstRegistration, updateGstRegistration } from '../services/reports/registration';
import { getGstSettings, updateGstSettings } from '../services/reports/settings';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const FILE_TYPES = ['application/json', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv', 'application/pdf'];
const isFile = (format: string | undefined): format is FileFormat => format === 'xlsx' || format === 'csv' || format === 'pdf';
const FILE_DESCRIPTION =
  'format=xlsx or csv answers a file with every row (at most the export limit; 413 above it), with a totals row; format=pdf an A4 landscape print of up to 5,000 rows.';

/**
 * Reports and GST returns, for the session's business only: the seed's `sale/sale-reports` and
 * everything under `report/`. Registered under /api.
 */
export function reportRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));
  const today = () => indiaToday(deps.clock());

  /** A report call: its JSON answer, or with format=xlsx|csv|pdf the file of every row. */
  const jsonOrFile =
    <Q extends { format?: string }, T, R>(json: (db: Db, businessId: string, q: Q) => Promise<T>, file: (db: Db, businessId: string, q: Q) => Promise<ReportFile<R>>) =>
    async (request: FastifyRequest<{ Querystring: Q }>, reply: FastifyReply) => {
      const { businessId } = authOf(request);
      const q = request.query as Q;
      const db = readDb(request, deps);
      if (isFile(q.format)) return sendReportFile(reply, q.format, await file(db, businessId, q));
      return { success: true as const, data: await json(db, businessId, q) };
    };

  /** The sale and the purchase report: one handler over their sources (JSON, or a file of every row). */
  const documentReportHandler =
    <T>(src: ReportSource, answer: (r: SaleReport) => T) =>
    async (request: FastifyRequest<{ Querystring: SaleReportQuery }>, reply: FastifyReply) => {
      const { businessId } = authOf(request);
      const q = request.query;
      if (isFile(q.format)) {
        const x = await documentReportExport(readDb(request, deps), src, businessId, q, today());
        const title = `${src.words.document === 'Bill' ? 'Purchase' : 'Sale'} report`;
        return sendReportFile(reply, q.format, {
          name: `${title.replace(' ', '-')}-${x.groupBy}-${x.f.from}-to-${x.f.to}`,
          title,
          subtitle: `${displayDate(x.f.from)} to ${displayDate(x.f.to)} · by ${x.groupBy}${q.status ? ` · ${q.status}` : ''}`,
          count: x.count,
          sheet: { name: title, columns: x.columns, rows: x.rows, totals: x.totals },
        });
      }
      return { success: true as const, data: answer(await documentReport(readDb(request, deps), src, businessId, q, today())) };
    };
  const reportDescription = (documents: string, settled: string) =>
    `Answers { rows (one page), totals (every match, summed by the database), meta (paging, from, to) }. Cancelled ${documents} ` +
    `are left out unless status=CANCELLED. Document-level groupings sum the ${documents} (round-off, grand total, ${settled}, ` +
    'balance); item and hsn groupings, and any item filter, sum the lines. format=xlsx or csv answers a file with every row ' +
    '(at most the export limit; 413 above it); format=pdf an A4 landscape print of up to 5,000 rows.';

  app.get('/sale/sale-reports', {
    config: { readReplica: true },
    schema: {
      tags: ['sale', 'report'],
      summary: 'Sale report: a period (preset or from/to), filters, grouped by invoice, day, month, party, item or HSN',
      description: reportDescription('invoices', 'received'),
      security: SESSION_SECURITY,
      querystring: SaleReportQuery,
      produces: FILE_TYPES,
      response: { 200: SaleReportResponse, ...errorResponses(400, 401, 413) },
    },
    handler: documentReportHandler(SALE_SOURCE, (r) => r),
  });

  app.get('/purchase/purchase-reports', {
    config: { readReplica: true },
    schema: {
      tags: ['purchase', 'report'],
      summary: 'Purchase report: a period (preset or from/to), filters, grouped by bill, day, month, supplier, item or HSN',
      description: `${reportDescription('bills', 'paid')} groupBy=invoice lists bills, labelled with the supplier’s bill number.`,
      security: SESSION_SECURITY,
      querystring: PurchaseReportQuery,
      produces: FILE_TYPES,
      response: { 200: PurchaseReportResponse, ...errorResponses(400, 401, 413) },
    },
    handler: documentReportHandler(PURCHASE_SOURCE, (r) => ({ ...r, rows: r.rows.map(asPurchase), totals: asPurchase(r.totals) })),
  });

  app.get('/report/ledger', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: "Ledger Report: a party's statement (opening balance, every sale and payment, running balance, closing)",
      description:
        'Default period: this financial year. The closing balance is the balance the party screens show (same definition). ' +
        'Debit: what raises what the party owes (a sale, money paid to them); credit: money received from them. ' +
        'format=xlsx answers the statement as a workbook, format=pdf as an A4 print.',
      security: SESSION_SECURITY,
      querystring: LedgerQuery,
      produces: FILE_TYPES,
      response: { 200: LedgerResponse, ...errorResponses(400, 401, 404, 413) },
    },
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const q = request.query;
      if (q.format === 'xlsx' || q.format === 'pdf') {
        const head = await partyLedger(readDb(request, deps), businessId, { ...q, page: 1, pageSize: 1 }, today());
        assertExportable(head.meta.total, q.format === 'pdf' ? PDF_ROWS_MAX : undefined);
        const ledger = await partyLedger(readDb(request, deps), businessId, { ...q, page: 1, pageSize: Math.max(1, head.meta.total) }, today());
        const name = safeName(`Ledger-${ledger.party.name}-${ledger.from}-to-${ledger.to}`);
        const sheet = ledgerSheet(ledger);
        if (q.format === 'pdf') {
          const who = [ledger.party.name, ledger.party.gstin ? `GSTIN ${ledger.party.gstin}` : null].filter(Boolean).join(' · ');
          return sendPdf(reply, name, 'Ledger Report', `${who} · ${displayDate(ledger.from)} to ${displayDate(ledger.to)}`, sheet);
        }
        return sendXlsx(reply, name, [sheet]);
      }
      return { success: true as const, data: await partyLedger(readDb(request, deps), businessId, q, today()) };
    },
  });

  app.get('/report/gstr1', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'GSTR-1 for a GSTIN and a month (or quarter), in the GST portal’s JSON, with the problems the portal would refuse',
      description:
        '`data` is the file the portal takes ({gstin, fp, b2b, b2cl, b2cs, hsn {hsn_b2b, hsn_b2c}, doc_issue}); amounts are ' +
        'JSON numbers with two decimals. Branches that share the GSTIN are one return. Cancelled invoices appear only ' +
        'in doc_issue. problems lists what to fix (party GSTIN invalid, HSN missing, place of supply missing). ' +
        '404 for a GSTIN that is not the business’s. format=xlsx answers one sheet per section.',
      security: SESSION_SECURITY,
      querystring: Gstr1Query,
      produces: FILE_TYPES,
      response: { 200: Gstr1Response, ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      const report = await gstr1(readDb(request, deps), authOf(request).businessId, request.query);
      if (request.query.format === 'xlsx') return sendXlsx(reply, `GSTR1-${request.query.gstin}-${request.query.period}`, gstr1Sheets(report));
      return { success: true as const, ...report };
    },
  });

  app.get('/report/summary', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'The reports home: sales of the period, receivable, payable, cash and bank, stock value, sales by month of the financial year',
      security: SESSION_SECURITY,
      querystring: ReportSummaryQuery,
      response: { 200: ReportSummaryResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, data: await reportSummary(readDb(request, deps), authOf(request).businessId, request.query, today()) }),
  });

  app.get('/report/home', {
    config: { readCache: true },
    schema: {
      tags: ['report'],
      summary:
        'The home screen: sales and purchases today (at branchId, or every branch), to receive, to pay, cash and bank, ' +
        'overdue invoices, low-stock products and the last 30 days of sales and money received',
      security: SESSION_SECURITY,
      querystring: HomeFiguresQuery,
      response: { 200: HomeFiguresResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({ success: true as const, data: await homeFigures(deps.db, authOf(request).businessId, request.query, today()) }),
  });

  app.get('/report/stock-summary', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'Stock per branch: quantity, unit cost (purchase price without tax) and value of every product; low-stock products',
      description: FILE_DESCRIPTION,
      security: SESSION_SECURITY,
      querystring: StockSummaryQuery,
      produces: FILE_TYPES,
      response: { 200: StockSummaryResponse, ...errorResponses(400, 401, 413) },
    },
    handler: jsonOrFile(
      (db, businessId, q: StockSummaryQuery) => stockSummary(db, businessId, q),
      async (db, businessId, q) => {
        const x = await stockSummaryExport(db, businessId, q);
        const branch = q.branchId ? x.summary.branches[0]?.branchName : undefined;
        const what = [branch ?? (q.branchId ? 'One branch' : 'All branches'), q.lowStock === 'true' ? 'low stock only' : null].filter(Boolean).join(' · ');
        return { name: `Stock-summary-${today()}`, title: 'Stock summary', subtitle: `${what} · as on ${displayDate(today())}`, count: x.count, sheet: x.sheet };
      },
    ),
  });

  app.get('/report/day-book', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'Day book: every sale, quotation and money movement of a day (default today), in the order recorded',
      description: FILE_DESCRIPTION,
      security: SESSION_SECURITY,
      querystring: DayBookQuery,
      produces: FILE_TYPES,
      response: { 200: DayBookResponse, ...errorResponses(400, 401, 413) },
    },
    handler: jsonOrFile(
      (db, businessId, q: DayBookQuery) => dayBook(db, businessId, q, today()),
      async (db, businessId, q) => {
        const x = await dayBookExport(db, businessId, q, today());
        return { name: `Day-book-${x.book.date}`, title: 'Day book', subtitle: displayDate(x.book.date), count: x.count, sheet: x.sheet };
      },
    ),
  });

  app.get('/report/item-profit', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'Item-wise profit for a period: sale value (taxable) − cost (quantity × unit cost), most profitable first',
      description: FILE_DESCRIPTION,
      security: SESSION_SECURITY,
      querystring: ItemProfitQuery,
      produces: FILE_TYPES,
      response: { 200: ItemProfitResponse, ...errorResponses(400, 401, 413) },
    },
    handler: jsonOrFile(
      (db, businessId, q: ItemProfitQuery) => itemProfit(db, businessId, q, today()),
      async (db, businessId, q) => {
        const x = await itemProfitExport(db, businessId, q, today());
        const { from, to } = x.report.meta;
        return { name: `Item-profit-${from}-to-${to}`, title: 'Item-wise profit', subtitle: `${displayDate(from)} to ${displayDate(to)}`, count: x.count, sheet: x.sheet };
      },
    ),
  });

  app.get('/report/gstr3b', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary: 'GSTR-3B for a GSTIN and a month, in the GST portal’s JSON: 3.1 and 3.2 from the sales, 4 ITC, and 6.1 the payment of tax',
      description:
        'ITC (section 4) and reverse-charge inward supplies (3.1 d) come from purchases and expenses; blocked credit is in 4(A) ' +
        'and reversed in 4(B)(1). `payment` is table 6.1: per head the forward-charge tax, the credit used against it ' +
        '(s.49(5), Rule 88A), the reverse-charge tax (cash only) and the cash; `creditCarriedForward` what credit is left. ' +
        '404 for a GSTIN that is not the business’s.',
      security: SESSION_SECURITY,
      querystring: Gstr3bQuery,
      response: { 200: Gstr3bResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request) => ({ success: true as const, ...(await gstr3b(readDb(request, deps), authOf(request).businessId, request.query)) }),
  });

  app.get('/report/gst-settings', {
    schema: {
      tags: ['report'],
      summary: 'GST return settings: the GSTR-1 b2cl threshold (default ₹1,00,000) and the letter of undertaking (LUT) for zero-rated supplies',
      security: SESSION_SECURITY,
      response: { 200: GstSettingsResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getGstSettings(deps.db, authOf(request).businessId) }),
  });

  app.put('/report/gst-settings', {
    schema: {
      tags: ['report'],
      summary: 'Change the GST return settings (GSTR-1 reads the b2cl threshold from here unless a request gives b2clLimit; sales to SEZ and overseas parties read the LUT); a field left out is kept',
      security: SESSION_SECURITY,
      body: UpdateGstSettingsRequest,
      response: { 200: GstSettingsResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateGstSettings(deps.db, authOf(request).businessId, request.body, deps.clock()),
    }),
  });

  app.get('/report/gst-registration', {
    schema: {
      tags: ['report'],
      summary: 'How the business is registered under GST: its GSTIN, REGULAR, COMPOSITION or UNREGISTERED, what it issues',
      security: SESSION_SECURITY,
      response: { 200: GstRegistrationResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getGstRegistration(deps.db, authOf(request).businessId) }),
  });

  app.put('/report/gst-registration', {
    schema: {
      tags: ['report'],
      summary:
        'Set the business’s GSTIN and registration: a GSTIN is REGULAR (tax invoices, GST charged) or COMPOSITION ' +
        '(bills of supply, no tax, CMP-08); UNREGISTERED has no GSTIN. Documents already issued keep their title and tax.',
      security: SESSION_SECURITY,
      body: UpdateGstRegistrationRequest,
      response: { 200: GstRegistrationResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateGstRegistration(deps.db, authOf(request).businessId, request.body),
    }),
  });

  app.get('/report/cmp08', {
    config: { readReplica: true },
    schema: {
      tags: ['report'],
      summary:
        'CMP-08 of a composition business for a quarter (MMYYYY of its last month): turnover × the composition rate, ' +
        'half CGST and half SGST, plus the tax on inward supplies under reverse charge; 422 for any other registration',
      security: SESSION_SECURITY,
      querystring: Cmp08Query,
      response: { 200: Cmp08Response, ...errorResponses(400, 401, 422) },
    },
    handler: async (request) => ({ success: true as const, data: await cmp08(readDb(request, deps), authOf(request).businessId, request.query) }),
  });
}
