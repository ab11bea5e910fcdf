import { z } from 'zod';
import { CalendarDate, Gstin, PageMeta, PageNumber, PageSize, ok, optional } from './common';
import { MONEY_MAX, Money, MoneyString, MoneySumString } from './money';
import { SALE_STATUSES } from './sales';

/*
 * Reports and GST returns.
 *
 * Decisions of this contract:
 * - A report is for a period: a preset (`period`, resolved against today in India) or `from`/`to` (both
 *   inclusive); neither means this month. A preset and dates together are refused.
 * - Money is a two-decimal string as everywhere else; the GSTR-1 answer alone carries plain JSON numbers with at
 *   most two decimals, because that is the GST portal's own format.
 * - Totals are computed by the database over everything the filter matches, never from the page of rows.
 * - Exports (`format=xlsx|csv`) answer a file with every row (no paging), up to REPORT_EXPORT_ROWS_MAX rows; a
 *   PDF (`format=pdf`, for printing: sale and purchase reports, stock summary, day book, item profit) up to 5,000 rows.
 */

export const REPORT_PERIODS = ['TODAY', 'YESTERDAY', 'THIS_WEEK', 'THIS_MONTH', 'LAST_MONTH', 'THIS_QUARTER', 'THIS_FY', 'LAST_FY'] as const;
export const ReportPeriod = z.enum(REPORT_PERIODS, { error: `period must be one of ${REPORT_PERIODS.join(', ')}` });
export type ReportPeriod = z.infer<typeof ReportPeriod>;

export const REPORT_PAGE_SIZE_MAX = 500;
export const REPORT_PAGE_SIZE_DEFAULT = 50;
/** An export holds at most this many rows; a larger one asks for a shorter period (413). */
export const REPORT_EXPORT_ROWS_MAX = 100_000;
/** GSTR-1 b2cl: an inter-state invoice to an unregistered buyer above this value (₹1,00,000 by default). */
export const GSTR1_B2CL_LIMIT_DEFAULT = '100000.00';

const ymd = (d: Date) => d.toISOString().slice(0, 10);
const utc = (date: string) => new Date(`${date}T00:00:00Z`);

/** The first and last day of a preset period around `today` (India, 'YYYY-MM-DD'); weeks start on Monday. */
export function periodRange(period: ReportPeriod, today: string): { from: string; to: string } {
  const t = utc(today);
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth();
  const fyStart = m >= 3 ? y : y - 1;
  switch (period) {
    case 'TODAY':
      return { from: today, to: today };
    case 'YESTERDAY': {
      const d = ymd(new Date(Date.UTC(y, m, t.getUTCDate() - 1)));
      return { from: d, to: d };
    }
    case 'THIS_WEEK': {
      const back = (t.getUTCDay() + 6) % 7;
      return { from: ymd(new Date(Date.UTC(y, m, t.getUTCDate() - back))), to: ymd(new Date(Date.UTC(y, m, t.getUTCDate() - back + 6))) };
    }
    case 'THIS_MONTH':
      return { from: ymd(new Date(Date.UTC(y, m, 1))), to: ymd(new Date(Date.UTC(y, m + 1, 0))) };
    case 'LAST_MONTH':
      return { from: ymd(new Date(Date.UTC(y, m - 1, 1))), to: ymd(new Date(Date.UTC(y, m, 0))) };
    case 'THIS_QUARTER': {
      // Financial-year quarters: Apr–Jun, Jul–Sep, Oct–Dec, Jan–Mar.
      const q = Math.floor((((m - 3) % 12) + 12) % 12 / 3);
      const startMonth = 3 + q * 3;
      return { from: ymd(new Date(Date.UTC(fyStart, startMonth, 1))), to: ymd(new Date(Date.UTC(fyStart, startMonth + 3, 0))) };
    }
    case 'THIS_FY':
      return { from: `${fyStart}-04-01`, to: `${fyStart + 1}-03-31` };
    case 'LAST_FY':
      return { from: `${fyStart - 1}-04-01`, to: `${fyStart}-03-31` };
  }
}

/** The period fields every report takes. */
export const periodFields = {
  period: optional(ReportPeriod),
  from: optional(CalendarDate('From')),
  to: optional(CalendarDate('To')),
};
export interface PeriodQuery {
  period?: ReportPeriod;
  from?: string;
  to?: string;
}
export function refinePeriod(q: PeriodQuery, ctx: z.RefinementCtx) {
  if (q.period && (q.from || q.to)) ctx.addIssue({ code: 'custom', path: ['period'], message: 'Give a period or from/to, not both' });
  if (q.from && q.to && q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To must be on or after From' });
}

/** From/to of a report query: the dates given (a missing end is the preset's), else the preset, else this month. */
export function resolvePeriod(q: PeriodQuery, today: string): { from: string; to: string } {
  const month = periodRange(q.period ?? 'THIS_MONTH', today);
  if (q.from || q.to) return { from: q.from ?? '2000-01-01', to: q.to ?? '2099-12-31' };
  return month;
}

export const REPORT_FORMATS = ['json', 'xlsx', 'csv', 'pdf'] as const;
/** An optional `format` query field of a report, one of `formats`. */
export const Format = <const T extends readonly [string, ...string[]]>(formats: T) =>
  optional(z.enum(formats, { error: `format must be one of ${formats.join(', ')}` }));
const IdFilter = (label: string) => optional(z.string().trim().max(40, `${label} is not an id`));

// ---------------------------------------------------------------------------------------------------------------
// Sale report (GET sale/sale-reports)

export const SALE_REPORT_GROUPS = ['invoice', 'day', 'month', 'party', 'item', 'hsn'] as const;
export const SaleReportGroup = z.enum(SALE_REPORT_GROUPS, { error: `groupBy must be one of ${SALE_REPORT_GROUPS.join(', ')}` });
export type SaleReportGroup = z.infer<typeof SaleReportGroup>;

export const SaleReportQuery = z
  .object({
    ...periodFields,
    partyId: IdFilter('Party'),
    itemId: IdFilter('Item'),
    branchId: IdFilter('Branch'),
    /** Default: every invoice that is not cancelled; CANCELLED shows the cancelled ones alone. */
    status: optional(z.enum(SALE_STATUSES, { error: `status must be one of ${SALE_STATUSES.join(', ')}` })),
    groupBy: optional(SaleReportGroup),
    page: optional(PageNumber),
    pageSize: optional(PageSize(REPORT_PAGE_SIZE_MAX)),
    format: Format(REPORT_FORMATS),
  })
  .superRefine(refinePeriod);
export interface SaleReportQuery extends PeriodQuery {
  partyId?: string;
  itemId?: string;
  branchId?: string;
  status?: (typeof SALE_STATUSES)[number];
  groupBy?: SaleReportGroup;
  page?: number;
  pageSize?: number;
  format?: (typeof REPORT_FORMATS)[number];
}

/**
 * One row of the sale report. Invoice-level groupings (invoice, day, month, party without an item filter) sum the
 * invoices: round-off, grand total, received and balance are set. Line-level ones (item, hsn, or any grouping with
 * an item filter) sum the lines: `quantity` is set, and the invoice-only figures are null.
 */
export const SaleReportRow = z.object({
  /** The invoice id, 'YYYY-MM-DD', 'YYYY-MM', the party id ('' for walk-in sales), the item id, or 'hsn|rate'. */
  key: z.string(),
  /** The invoice number, the date, the month, the party, item name or HSN code. */
  label: z.string(),
  invoices: z.number().int(),
  quantity: z.string().nullable(),
  /** hsn grouping: the GST rate of the row. */
  gstRate: z.string().nullable(),
  taxableValue: MoneySumString,
  cgst: MoneySumString,
  sgst: MoneySumString,
  igst: MoneySumString,
  cess: MoneySumString,
  /** Taxable value + taxes (the invoices' subtotals, or the lines' totals). */
  subtotal: MoneySumString,
  roundOff: MoneySumString.nullable(),
  grandTotal: MoneySumString.nullable(),
  received: MoneySumString.nullable(),
  balance: MoneySumString.nullable(),
  /** invoice grouping only. */
  invoiceDate: z.string().nullable(),
  partyName: z.string().nullable(),
  branchName: z.string().nullable(),
  status: z.string().nullable(),
});
export type SaleReportRow = z.infer<typeof SaleReportRow>;

/** The sums of everything the filter matches. Invoice-only figures are null when an item filter is set. */
export const SaleReportTotals = z.object({
  invoices: z.number().int(),
  taxableValue: MoneySumString,
  cgst: MoneySumString,
  sgst: MoneySumString,
  igst: MoneySumString,
  cess: MoneySumString,
  subtotal: MoneySumString,
  roundOff: MoneySumString.nullable(),
  grandTotal: MoneySumString.nullable(),
  received: MoneySumString.nullable(),
  balance: MoneySumString.nullable(),
});
export type SaleReportTotals = z.infer<typeof SaleReportTotals>;

export const ReportMeta = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  from: z.string(),
  to: z.string(),
});
export type ReportMeta = z.infer<typeof ReportMeta>;

export const SaleReport = z.object({
  groupBy: SaleReportGroup,
  rows: z.array(SaleReportRow),
  totals: SaleReportTotals,
  meta: ReportMeta,
});
export type SaleReport = z.infer<typeof SaleReport>;
export const SaleReportResponse = ok(SaleReport);

// ---------------------------------------------------------------------------------------------------------------
// Purchase report (GET purchase/purchase-reports): the sale report's query and shape over purchase bills, with
// `paid` for `received`; the invoice grouping is by bill (labelled with the supplier's bill number, dated by the
// bill date).

export const PurchaseReportQuery = SaleReportQuery;
export type PurchaseReportQuery = SaleReportQuery;
export const PurchaseReportRow = SaleReportRow.omit({ received: true }).extend({ paid: MoneySumString.nullable() });
export type PurchaseReportRow = z.infer<typeof PurchaseReportRow>;
export const PurchaseReportTotals = SaleReportTotals.omit({ received: true }).extend({ paid: MoneySumString.nullable() });
export const PurchaseReport = z.object({
  groupBy: SaleReportGroup,
  rows: z.array(PurchaseReportRow),
  totals: PurchaseReportTotals,
  meta: ReportMeta,
});
export type PurchaseReport = z.infer<typeof PurchaseReport>;
export const PurchaseReportResponse = ok(PurchaseReport);

// ---------------------------------------------------------------------------------------------------------------
// Ledger (GET report/ledger)

export const LEDGER_PAGE_SIZE_MAX = 1000;

export const LedgerQuery = z
  .object({
    partyId: z.string({ error: 'partyId is required' }).trim().min(1, 'partyId is required').max(40, 'partyId is not an id'),
    ...periodFields,
    page: optional(PageNumber),
    pageSize: optional(PageSize(LEDGER_PAGE_SIZE_MAX)),
    format: Format(['json', 'xlsx', 'pdf']),
  })
  .superRefine(refinePeriod);
export interface LedgerQuery extends PeriodQuery {
  partyId: string;
  page?: number;
  pageSize?: number;
  format?: 'json' | 'xlsx' | 'pdf';
}

/** What a ledger line is: a sale (debit), money received (credit), money paid or a reversal (debit), ... */
export const LedgerEntry = z.object({
  date: z.string(),
  /** SALE, or the account transaction's type (SALE_PAYMENT, SALE_PAYMENT_REVERSAL, PAYMENT_IN, ...). */
  type: z.string(),
  documentType: z.string().nullable(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  description: z.string(),
  debit: MoneyString,
  credit: MoneyString,
  /** What the party owes after this line (negative: what the business owes it). */
  balance: MoneySumString,
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;

export const Ledger = z.object({
  party: z.object({ id: z.string(), name: z.string(), gstin: z.string().nullable(), mobileNumber: z.string().nullable() }),
  from: z.string(),
  to: z.string(),
  openingBalance: MoneySumString,
  debit: MoneySumString,
  credit: MoneySumString,
  closingBalance: MoneySumString,
  entries: z.array(LedgerEntry),
  meta: z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});
export type Ledger = z.infer<typeof Ledger>;
export const LedgerResponse = ok(Ledger);

// ---------------------------------------------------------------------------------------------------------------
// GSTR-1 (GET report/gstr1), in the GST portal's JSON

/** MMYYYY, a real month from July 2017 (GST began) to 2099. */
export const ReturnPeriod = z
  .string({ error: 'period is required (MMYYYY)' })
  .trim()
  .regex(/^(0[1-9]|1[0-2])(20[1-9][0-9])$/, 'period must be a month written MMYYYY, e.g. 042026')
  .refine((p) => `${p.slice(2)}${p.slice(0, 2)}` >= '201707', 'GST returns start from July 2017 (072017)');

export const Gstr1Query = z.object({
  gstin: z.string({ error: 'gstin is required' }).pipe(Gstin),
  period: ReturnPeriod,
  /** QUARTERLY (QRMP): period is the quarter's last month (06, 09, 12, 03) and the return covers its 3 months. */
  filing: optional(z.enum(['MONTHLY', 'QUARTERLY'], { error: 'filing must be MONTHLY or QUARTERLY' })),
  /** Default GSTR1_B2CL_LIMIT_DEFAULT. */
  b2clLimit: optional(
    z.coerce
      .number({ error: 'b2clLimit must be an amount' })
      .min(0, 'b2clLimit cannot be negative')
      .max(Number(MONEY_MAX), 'b2clLimit is too large'),
  ),
  format: Format(['json', 'xlsx']),
})
  .superRefine((q, ctx) => {
    if (q.filing === 'QUARTERLY' && !['03', '06', '09', '12'].includes(q.period.slice(0, 2))) {
      ctx.addIssue({ code: 'custom', path: ['period'], message: 'A quarterly return is named by the quarter’s last month (03, 06, 09 or 12)' });
    }
  });
export interface Gstr1Query {
  gstin: string;
  period: string;
  filing?: 'MONTHLY' | 'QUARTERLY';
  b2clLimit?: number;
  format?: 'json' | 'xlsx';
}

const Amount = z.number();
export const Gstr1ItemDetail = z.object({
  rt: Amount,
  txval: Amount,
  iamt: Amount.optional(),
  camt: Amount.optional(),
  samt: Amount.optional(),
  csamt: Amount,
});
export const Gstr1Item = z.object({ num: z.number().int(), itm_det: Gstr1ItemDetail });
export const Gstr1B2bInvoice = z.object({
  inum: z.string(),
  idt: z.string(),
  val: Amount,
  pos: z.string(),
  rchrg: z.enum(['Y', 'N']),
  /** R (regular), SEWP / SEWOP (to an SEZ with / without payment of IGST). */
  inv_typ: z.string(),
  itms: z.array(Gstr1Item),
});
export const Gstr1B2clInvoice = z.object({ inum: z.string(), idt: z.string(), val: Amount, itms: z.array(Gstr1Item) });
export const Gstr1B2cs = z.object({
  sply_ty: z.enum(['INTRA', 'INTER']),
  pos: z.string(),
  typ: z.literal('OE'),
  rt: Amount,
  txval: Amount,
  iamt: Amount.optional(),
  camt: Amount.optional(),
  samt: Amount.optional(),
  csamt: Amount,
});
export const Gstr1HsnRow = z.object({
  num: z.number().int(),
  hsn_sc: z.string(),
  desc: z.string(),
  uqc: z.string(),
  qty: Amount,
  rt: Amount,
  txval: Amount,
  iamt: Amount,
  camt: Amount,
  samt: Amount,
  csamt: Amount,
});
export const Gstr1DocIssue = z.object({
  doc_det: z.array(
    z.object({
      doc_num: z.number().int(),
      doc_typ: z.string(),
      docs: z.array(
        z.object({ num: z.number().int(), from: z.string(), to: z.string(), totnum: z.number().int(), cancel: z.number().int(), net_issue: z.number().int() }),
      ),
    }),
  ),
});

/** A credit or debit note to a registered buyer (cdnr): amounts positive for both kinds; `num` = rate × 100 + 1. */
export const Gstr1Note = z.object({
  ntty: z.enum(['C', 'D']),
  nt_num: z.string(),
  nt_dt: z.string(),
  val: Amount,
  pos: z.string(),
  rchrg: z.enum(['Y', 'N']),
  inv_typ: z.string(),
  itms: z.array(Gstr1Item),
});
/** A note to an unregistered buyer reported on its own (cdnur): large inter-state (B2CL) or export; IGST only. */
export const Gstr1UnregisteredNote = z.object({
  typ: z.enum(['B2CL', 'EXPWP', 'EXPWOP']),
  ntty: z.enum(['C', 'D']),
  nt_num: z.string(),
  nt_dt: z.string(),
  val: Amount,
  pos: z.string(),
  itms: z.array(Gstr1Item),
});

/** The return as the portal takes it (the file the accountant uploads). */
export const Gstr1Return = z.object({
  gstin: z.string(),
  fp: z.string(),
  b2b: z.array(z.object({ ctin: z.string(), inv: z.array(Gstr1B2bInvoice) })),
  b2cl: z.array(z.object({ pos: z.string(), inv: z.array(Gstr1B2clInvoice) })),
  b2cs: z.array(Gstr1B2cs),
  /** Exports (place of supply 96): with payment of IGST (WPAY) or without (WOPAY, under LUT). */
  exp: z.array(
    z.object({
      exp_typ: z.enum(['WPAY', 'WOPAY']),
      /** The shipping bill (port code, number, date dd-mm-yyyy) is there once it is known. */
      inv: z.array(
        z.object({
          inum: z.string(),
          idt: z.string(),
          val: Amount,
          sbpcode: z.string().optional(),
          sbnum: z.string().optional(),
          sbdt: z.string().optional(),
          itms: z.array(z.object({ txval: Amount, rt: Amount, iamt: Amount, csamt: Amount })),
        }),
      ),
    }),
  ),
  /**
   * Nil-rated, exempt and non-GST supplies (not in b2b, b2cl or b2cs), per inter/intra-state and registered or not:
   * INTRB2B, INTRAB2B, INTRB2C, INTRAB2C.
   */
  nil: z.object({
    inv: z.array(
      z.object({ sply_ty: z.enum(['INTRB2B', 'INTRAB2B', 'INTRB2C', 'INTRAB2C']), nil_amt: Amount, expt_amt: Amount, ngsup_amt: Amount }),
    ),
  }),
  hsn: z.object({ hsn_b2b: z.array(Gstr1HsnRow), hsn_b2c: z.array(Gstr1HsnRow) }),
  doc_issue: Gstr1DocIssue,
  /** Credit and debit notes to registered buyers, per buyer GSTIN. */
  cdnr: z.array(z.object({ ctin: z.string(), nt: z.array(Gstr1Note) })).default([]),
  /** Credit and debit notes to unregistered buyers that are B2CL-type or exports (the rest are netted into b2cs). */
  cdnur: z.array(Gstr1UnregisteredNote).default([]),
});
export type Gstr1Return = z.infer<typeof Gstr1Return>;

export const GSTR1_PROBLEM_CODES = ['PARTY_GSTIN_INVALID', 'HSN_MISSING', 'HSN_INVALID', 'PLACE_OF_SUPPLY_MISSING'] as const;
/** Something the portal would refuse, with the document and what to fix. */
export const Gstr1Problem = z.object({
  code: z.enum(GSTR1_PROBLEM_CODES),
  documentType: z.literal('SALE'),
  documentId: z.string(),
  documentNumber: z.string(),
  partyId: z.string().nullable(),
  itemId: z.string().nullable(),
  message: z.string(),
  fix: z.string(),
});
export type Gstr1Problem = z.infer<typeof Gstr1Problem>;

export const Gstr1Meta = z.object({ from: z.string(), to: z.string(), b2clLimit: MoneyString, branchIds: z.array(z.string()) });
/** `data` is exactly the file the portal takes; `problems` and `meta` sit beside it. */
export const Gstr1Response = ok(Gstr1Return).extend({ problems: z.array(Gstr1Problem), meta: Gstr1Meta });
export type Gstr1Response = z.infer<typeof Gstr1Response>;

// ---------------------------------------------------------------------------------------------------------------
// Reports home (GET report/summary)

export const ReportSummaryQuery = z.object({ ...periodFields }).superRefine(refinePeriod);
export type ReportSummaryQuery = PeriodQuery;

export const ReportSummary = z.object({
  from: z.string(),
  to: z.string(),
  /**
   * The period's sales in the journal: invoices' grand totals, less those of invoices cancelled in the period (a
   * cancel counts on its own day). `invoices`: the invoices dated in the period and not cancelled.
   */
  sales: z.object({ invoices: z.number().int(), grandTotal: MoneySumString }),
  /** Purchase bills the same way. */
  purchases: z.object({ bills: z.number().int(), grandTotal: MoneySumString }),
  /** What customers owe now: positive party balances and unpaid walk-in invoices. */
  receivable: MoneySumString,
  /** What the business owes parties now (negative party balances, as a positive amount). */
  payable: MoneySumString,
  cashAndBank: z.object({ cash: MoneySumString, bank: MoneySumString, total: MoneySumString }),
  /** Every branch's stock at its unit cost (see stock-summary). Absent for a role without "see cost and margin". */
  stockValue: MoneySumString.optional(),
  /** Sales of each month of the financial year that holds `to`, April first; months without sales are 0.00. */
  /** With each month's purchases (as `purchases` above). */
  salesByMonth: z.array(z.object({ month: z.string(), invoices: z.number().int(), grandTotal: MoneySumString, purchases: MoneySumString })),
});
export type ReportSummary = z.infer<typeof ReportSummary>;
export const ReportSummaryResponse = ok(ReportSummary);

// ---------------------------------------------------------------------------------------------------------------
// Stock summary (GET report/stock-summary)

export const StockSummaryQuery = z.object({
  branchId: IdFilter('Branch'),
  /** Only products at or below their low-stock quantity. */
  lowStock: optional(z.enum(['true', 'false'], { error: 'lowStock must be true or false' })),
  page: optional(PageNumber),
  pageSize: optional(PageSize(REPORT_PAGE_SIZE_MAX)),
  format: Format(REPORT_FORMATS),
});
export interface StockSummaryQuery {
  branchId?: string;
  lowStock?: 'true' | 'false';
  page?: number;
  pageSize?: number;
  format?: (typeof REPORT_FORMATS)[number];
}

export const StockSummaryRow = z.object({
  branchId: z.string(),
  branchName: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  itemCode: z.string(),
  unit: z.string().nullable(),
  quantity: z.string(),
  /** Without tax: the last purchase bill's taxable value per unit, else the item's purchase price. Absent for a role without "see cost and margin". */
  unitCost: MoneyString.optional(),
  /** Absent for a role without "see cost and margin". */
  value: MoneySumString.optional(),
  alertQuantity: z.number().int().nullable(),
  lowStock: z.boolean(),
});
export type StockSummaryRow = z.infer<typeof StockSummaryRow>;

export const StockSummary = z.object({
  rows: z.array(StockSummaryRow),
  /** `value`: Absent for a role without "see cost and margin". */
  branches: z.array(z.object({ branchId: z.string(), branchName: z.string(), items: z.number().int(), value: MoneySumString.optional(), lowStock: z.number().int() })),
  totals: z.object({ value: MoneySumString.optional(), lowStock: z.number().int() }),
  meta: PageMeta,
});
export type StockSummary = z.infer<typeof StockSummary>;
export const StockSummaryResponse = ok(StockSummary);

// ---------------------------------------------------------------------------------------------------------------
// Day book (GET report/day-book)

export const DayBookQuery = z.object({ date: optional(CalendarDate('Date')), branchId: IdFilter('Branch'), format: Format(REPORT_FORMATS) });
export interface DayBookQuery {
  date?: string;
  branchId?: string;
  format?: (typeof REPORT_FORMATS)[number];
}

export const DayBookEntry = z.object({
  /** When it was recorded (ISO time). */
  at: z.string(),
  /** SALE, PURCHASE, QUOTATION, SALE_CANCELLED / PURCHASE_CANCELLED (a document cancelled that day, its grand total taken back as a negative amount), the account transaction's type (SALE_PAYMENT, TRANSFER, ...), or STOCK_<kind> for a stock change not made by a document (STOCK_ADD, STOCK_REDUCE, STOCK_OPENING, ...). */
  type: z.string(),
  /** What a stock change was: the item and the quantity ('Shirt: +5'), with its reason. */
  description: z.string().nullable(),
  documentType: z.string().nullable(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  partyName: z.string().nullable(),
  /** The document's total (sales, quotations; negative for a cancel); null for money movements. */
  amount: MoneyString.nullable(),
  moneyIn: MoneyString.nullable(),
  moneyOut: MoneyString.nullable(),
  accountName: z.string().nullable(),
  /** A document's status (CANCELLED shows it was cancelled). */
  status: z.string().nullable(),
});
export type DayBookEntry = z.infer<typeof DayBookEntry>;

export const DayBook = z.object({
  date: z.string(),
  entries: z.array(DayBookEntry),
  totals: z.object({ sales: MoneySumString, moneyIn: MoneySumString, moneyOut: MoneySumString }),
  /** More than DAY_BOOK_MAX entries: the first ones are listed (the totals are still the whole day's). */
  truncated: z.boolean(),
});
export type DayBook = z.infer<typeof DayBook>;
export const DayBookResponse = ok(DayBook);
/** A day book lists at most this many entries (a day of a very busy shop); `truncated` is not needed below it. */
export const DAY_BOOK_MAX = 5000;

// ---------------------------------------------------------------------------------------------------------------
// Item-wise profit (GET report/item-profit)

export const ItemProfitQuery = z
  .object({
    ...periodFields,
    branchId: IdFilter('Branch'),
    itemId: IdFilter('Item'),
    page: optional(PageNumber),
    pageSize: optional(PageSize(REPORT_PAGE_SIZE_MAX)),
    format: Format(REPORT_FORMATS),
  })
  .superRefine(refinePeriod);
export interface ItemProfitQuery extends PeriodQuery {
  branchId?: string;
  itemId?: string;
  page?: number;
  pageSize?: number;
  format?: (typeof REPORT_FORMATS)[number];
}

export const ItemProfitRow = z.object({
  itemId: z.string(),
  itemName: z.string(),
  quantity: z.string(),
  /** Taxable value of the lines sold (tax is not income). */
  saleValue: MoneySumString,
  /** Quantity × unit cost (the last purchase's, without tax; see stock summary). Cost, profit and margin: absent for a role without "see cost and margin". */
  cost: MoneySumString.optional(),
  profit: MoneySumString.optional(),
  /** Profit ÷ sale value, per cent with two decimals; null when nothing was sold for money. */
  marginPercent: z.string().nullable().optional(),
});
export type ItemProfitRow = z.infer<typeof ItemProfitRow>;
export const ItemProfit = z.object({
  rows: z.array(ItemProfitRow),
  totals: z.object({ saleValue: MoneySumString, cost: MoneySumString.optional(), profit: MoneySumString.optional() }),
  meta: ReportMeta,
});
export type ItemProfit = z.infer<typeof ItemProfit>;
export const ItemProfitResponse = ok(ItemProfit);

// ---------------------------------------------------------------------------------------------------------------
// GSTR-3B (GET report/gstr3b), in the GST portal's JSON

export const Gstr3bQuery = z.object({
  gstin: z.string({ error: 'gstin is required' }).pipe(Gstin),
  period: ReturnPeriod,
});
export interface Gstr3bQuery {
  gstin: string;
  period: string;
}

const TaxHeads = z.object({ txval: Amount, iamt: Amount, camt: Amount, samt: Amount, csamt: Amount });
const ItcHeads = z.object({ iamt: Amount, camt: Amount, samt: Amount, csamt: Amount });
export const Gstr3bReturn = z.object({
  gstin: z.string(),
  ret_period: z.string(),
  sup_details: z.object({
    /** 3.1(a) outward taxable supplies (not zero-rated, nil or exempt). */
    osup_det: TaxHeads,
    /** 3.1(b) zero-rated (exports, POS 96). */
    osup_zero: z.object({ txval: Amount, iamt: Amount, csamt: Amount }),
    /** 3.1(c) nil-rated and exempt. */
    osup_nil_exmp: z.object({ txval: Amount }),
    /** 3.1(d) inward supplies liable to reverse charge (from purchases). */
    isup_rev: TaxHeads,
    /** 3.1(e) non-GST outward supplies. */
    osup_nongst: z.object({ txval: Amount }),
  }),
  /** 3.2 inter-state supplies to unregistered persons, per place of supply. */
  inter_sup: z.object({
    unreg_details: z.array(z.object({ pos: z.string(), txval: Amount, iamt: Amount })),
    comp_details: z.array(z.object({ pos: z.string(), txval: Amount, iamt: Amount })),
    uin_details: z.array(z.object({ pos: z.string(), txval: Amount, iamt: Amount })),
  }),
  /** 4 eligible ITC (from purchases and expenses). */
  itc_elg: z.object({
    itc_avl: z.array(ItcHeads.extend({ ty: z.enum(['IMPG', 'IMPS', 'ISRC', 'ISD', 'OTH']) })),
    itc_rev: z.array(ItcHeads.extend({ ty: z.enum(['RUL', 'OTH']) })),
    itc_net: ItcHeads,
    itc_inelg: z.array(ItcHeads.extend({ ty: z.enum(['RUL', 'OTH']) })),
  }),
  /** 5 exempt, nil-rated and non-GST inward supplies. */
  inward_sup: z.object({ isup_details: z.array(z.object({ ty: z.enum(['GST', 'NONGST']), inter: Amount, intra: Amount })) }),
});
export type Gstr3bReturn = z.infer<typeof Gstr3bReturn>;

const Gstr3bHeads = z.object({ igst: MoneySumString, cgst: MoneySumString, sgst: MoneySumString, cess: MoneySumString });
/** Tax to pay in cash per head: the `cash` of each head of `payment`. */
export const Gstr3bLiability = Gstr3bHeads;
/**
 * One head of table 6.1 (payment of tax): `payable` the forward-charge output tax (3.1 a + b), `reverseCharge` the
 * reverse-charge tax (3.1 d), `itcUsed` the credit of each head set off against `payable` (s.49(5), Rule 88A, in
 * the order of gst-rules.md), `cash` = payable − credit used + reverseCharge (reverse-charge tax is never paid
 * with credit, s.49(4)).
 */
export const Gstr3bHeadPayment = z.object({ payable: MoneySumString, reverseCharge: MoneySumString, itcUsed: Gstr3bHeads, cash: MoneySumString });
export const Gstr3bResponse = ok(Gstr3bReturn).extend({
  liability: Gstr3bLiability,
  payment: z.object({ igst: Gstr3bHeadPayment, cgst: Gstr3bHeadPayment, sgst: Gstr3bHeadPayment, cess: Gstr3bHeadPayment }),
  /** Net ITC (4 C) left after the set-off, per head. */
  creditCarriedForward: Gstr3bHeads,
  /** itcFromPurchases: section 4 is read from the purchase bills and expenses. */
  meta: z.object({ from: z.string(), to: z.string(), itcFromPurchases: z.boolean() }),
});
export type Gstr3bResponse = z.infer<typeof Gstr3bResponse>;

// ---------------------------------------------------------------------------------------------------------------
// GST return settings (GET / PUT report/gst-settings)

/**
 * The business's letter of undertaking (Rule 96A): while it is valid, zero-rated supplies (to an SEZ, exports) go
 * without payment of IGST. Its ARN or reference number as the portal gave it, and the days it covers (a financial
 * year, usually).
 */
export const Lut = z.object({ number: z.string(), validFrom: z.string(), validTo: z.string() });
export type Lut = z.infer<typeof Lut>;
export const LUT_NUMBER_MAX = 30;
export const LutRequest = z
  .strictObject({
    number: z
      .string({ error: 'LUT number is required' })
      .trim()
      .toUpperCase()
      .min(1, 'LUT number is required')
      .max(LUT_NUMBER_MAX, `LUT number must be at most ${LUT_NUMBER_MAX} characters`)
      .regex(/^[0-9A-Z/-]+$/, 'LUT number is letters, digits, "/" and "-"'),
    validFrom: CalendarDate('LUT valid from'),
    validTo: CalendarDate('LUT valid to'),
  })
  .refine((l) => l.validFrom <= l.validTo, { path: ['validTo'], message: 'LUT valid to cannot be before valid from' });
export interface LutRequest {
  number: string;
  validFrom: string;
  validTo: string;
}

/** Whether an LUT covers a date (YYYY-MM-DD). */
export const lutValidOn = (lut: Lut | null | undefined, date: string): boolean => !!lut && lut.validFrom <= date && date <= lut.validTo;

export const GstSettings = z.object({
  /** GSTR-1 b2cl threshold: inter-state invoices to unregistered buyers above it are listed one by one. */
  b2clLimit: MoneyString,
  /** The letter of undertaking; null when none is recorded. */
  lut: Lut.nullable(),
});
export type GstSettings = z.infer<typeof GstSettings>;
export const GstSettingsResponse = ok(GstSettings);

/** PUT report/gst-settings: a field left out is kept as it is; `lut: null` removes the LUT. */
export const UpdateGstSettingsRequest = z
  .strictObject({ b2clLimit: optional(Money('B2CL limit')), lut: LutRequest.nullable().optional() })
  .refine((b) => b.b2clLimit !== undefined || b.lut !== undefined, { message: 'Send b2clLimit or lut' });
export interface UpdateGstSettingsRequest {
  b2clLimit?: string | number;
  lut?: LutRequest | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Home figures (GET report/home)

export const HomeFiguresQuery = z.object({ branchId: IdFilter('Branch') });
export interface HomeFiguresQuery {
  branchId?: string;
}

/** The days the home chart shows, today included. */
export const HOME_CHART_DAYS = 30;

export const HomeFigures = z.object({
  /** Today in India. */
  date: z.string(),
  /** The branch the branch figures are of; null: every branch. */
  branchId: z.string().nullable(),
  /** The day's sales at the branch from the journal (grand totals, less invoices cancelled today). */
  salesToday: MoneySumString,
  /** The day's purchase bills at the branch, the same way. */
  purchasesToday: MoneySumString,
  /** What customers owe the business now (every branch: a party owes the business). */
  toReceive: MoneySumString,
  /** What the business owes its parties now. */
  toPay: MoneySumString,
  /** Every cash and bank account's balance now. */
  cashAndBank: MoneySumString,
  /** Sale invoices at the branch unpaid or part paid after their due date: how many and their balance. */
  overdue: z.object({ invoices: z.number().int(), amount: MoneySumString }),
  /** Products at the branch at or below their low-stock quantity (a product low at two branches counts twice). */
  lowStockItems: z.number().int(),
  /** The last HOME_CHART_DAYS days, oldest first: sales and money received from customers into cash or bank. */
  days: z.array(z.object({ date: z.string(), sales: MoneySumString, received: MoneySumString })),
});
export type HomeFigures = z.infer<typeof HomeFigures>;
export const HomeFiguresResponse = ok(HomeFigures);
