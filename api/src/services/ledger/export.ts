import {
  LEDGER_GROUPS,
  inChartOrder,
  voucherTypeLabel,
  type AccountLedgerQuery,
  type BalanceSheet,
  type BalanceSheetQuery,
  type ProfitLoss,
  type ProfitLossQuery,
  type TrialBalanceQuery,
} from '@bahi/shared/contracts';
import { financialYearOf } from '@bahi/shared/gst';
import { fromPaise, toPaise } from '@bahi/shared/india';
import type { Db } from '../../db/client';
import { findBranchRow } from '../branches';
import { displayDate } from '../pdf/format';
import type { ExportColumn, ReportFile } from '../reports/export';
import { accountLedger, balanceSheet, profitLoss, trialBalance } from './statements';

/*
 * The books' statements as files (.xlsx or an A4 PDF), laid out as on screen: the trial balance's ledgers with their
 * totals, profit & loss and the balance sheet as statements with headings and subtotals, a ledger's account with its
 * opening and closing balances. Every figure is the JSON answer's, to the paisa.
 */

const GROUP_NAMES = new Map<string, string>(LEDGER_GROUPS.map((g) => [g.code, g.name]));
const groupName = (code: string) => GROUP_NAMES.get(code) ?? code;
const TRADING = new Set<string>(LEDGER_GROUPS.filter((g) => 'trading' in g && g.trading).map((g) => g.code));
/** Profit & loss and the balance sheet print as a statement of three columns, not across the page. */
const STATEMENT_WIDTH = 440;
/** A figure that is nothing is left blank, as on screen. */
const blankIfZero = (v: string | null) => (v === null || toPaise(v) === 0 ? null : v);
const period = (from: string, to: string) => `${displayDate(from)} to ${displayDate(to)}`;

/** 'All branches', or the branch's name (an id that is not the business's branch shows no entries: 'Unknown branch'). */
async function branchLabel(db: Db, businessId: string, branchId: string | undefined) {
  if (!branchId) return 'All branches';
  return (await findBranchRow(db, businessId, branchId))?.name ?? 'Unknown branch';
}

interface TrialRow {
  name: string;
  group: string;
  opening: string | null;
  debit: string;
  credit: string;
  closing: string | null;
}

/** report/trial-balance as a file: each ledger (in the chart's order) with its opening, debit, credit and closing, and the totals of debit and credit. */
export async function trialBalanceFile(db: Db, businessId: string, q: TrialBalanceQuery, now: Date): Promise<ReportFile<TrialRow>> {
  const tb = await trialBalance(db, businessId, q, now);
  const from = q.from ?? financialYearOf(tb.asOf).start;
  const balanced = toPaise(tb.totals.debit) === toPaise(tb.totals.credit);
  const columns: ExportColumn<TrialRow>[] = [
    { header: 'Ledger', kind: 'text', value: (r) => r.name, width: 34 },
    { header: 'Group', kind: 'text', value: (r) => r.group, width: 26, printWidth: 110 },
    { header: 'Opening', kind: 'balance', value: (r) => blankIfZero(r.opening), width: 18 },
    { header: 'Debit', kind: 'money', value: (r) => blankIfZero(r.debit), width: 16 },
    { header: 'Credit', kind: 'money', value: (r) => blankIfZero(r.credit), width: 16 },
    { header: 'Closing', kind: 'balance', value: (r) => r.closing, width: 18 },
  ];
  return {
    name: `Trial-balance-${from}-to-${tb.asOf}`,
    title: 'Trial balance',
    subtitle: [
      period(from, tb.asOf),
      await branchLabel(db, businessId, q.branchId),
      balanced ? 'Balanced: debits equal credits' : `Does not balance: debits and credits differ by ${fromPaise(Math.abs(toPaise(tb.totals.debit) - toPaise(tb.totals.credit)))}`,
    ].join(' · '),
    count: tb.rows.length + 1,
    sheet: {
      name: 'Trial balance',
      columns,
      rows: [inChartOrder(tb.rows).map((r) => ({ ...r, group: groupName(r.group) }))],
      totals: { name: 'Total', group: '', opening: null, debit: tb.totals.debit, credit: tb.totals.credit, closing: null },
    },
  };
}

interface StatementRow {
  label: string;
  /** A heading or a subtotal, printed bold. */
  bold: boolean;
  amount: string | null;
  /** profit & loss: the previous period's figure; balance sheet: a group's or a side's total. */
  other: string | null;
}
const heading = (label: string): StatementRow => ({ label, bold: true, amount: null, other: null });

/** report/profit-loss as a file: the trading account and profit & loss, this period beside the previous one. */
export async function profitLossFile(db: Db, businessId: string, q: ProfitLossQuery, now: Date): Promise<ReportFile<StatementRow>> {
  const pl = await profitLoss(db, businessId, q, now);
  const { previous } = pl;
  type Figures = Omit<ProfitLoss, 'previous'>;
  type Line = Figures['incomeLines'][number];
  // Every ledger either period has, in the order of this period (then the previous one's own).
  const ledgers = (pick: (f: Figures) => Line[], trading: boolean): StatementRow[] => {
    const inPart = (l: Line) => TRADING.has(l.group) === trading;
    const now = pick(pl).filter(inPart);
    const before = pick(previous).filter(inPart);
    return [...new Set([...now, ...before].map((l) => l.accountId))].map((id) => {
      const cur = now.find((l) => l.accountId === id);
      const prev = before.find((l) => l.accountId === id);
      return { label: (cur ?? prev)!.name, bold: false, amount: cur?.amount ?? null, other: prev?.amount ?? null };
    });
  };
  const subtotal = (label: string, pick: (f: Figures) => string): StatementRow => ({ label, bold: true, amount: pick(pl), other: pick(previous) });
  // A loss reads as a positive figure under its own name (the previous period in the same sense).
  const loss = toPaise(pl.netProfit) < 0;
  const net = (f: Figures) => (loss ? fromPaise(-toPaise(f.netProfit)) : f.netProfit);
  const rows: StatementRow[] = [
    heading('Trading account'),
    ...ledgers((f) => f.incomeLines, true),
    subtotal('Total sales', (f) => f.sales),
    ...ledgers((f) => f.expenseLines, true),
    subtotal('Cost of goods sold and direct expenses', (f) => fromPaise(toPaise(f.costOfGoodsSold) + toPaise(f.directExpenses))),
    subtotal('Gross profit', (f) => f.grossProfit),
    heading('Profit & loss'),
    ...ledgers((f) => f.incomeLines, false),
    subtotal('Total other income', (f) => f.otherIncome),
    ...ledgers((f) => f.expenseLines, false),
    subtotal('Total expenses', (f) => f.expenses),
    subtotal(loss ? 'Net loss' : 'Net profit', net),
  ];
  const columns: ExportColumn<StatementRow>[] = [
    { header: 'Particulars', kind: 'text', value: (r) => r.label, width: 44 },
    { header: 'This period', kind: 'money', value: (r) => r.amount, width: 18, printWidth: 80 },
    { header: 'Previous period', kind: 'money', value: (r) => r.other, width: 18, printWidth: 80 },
  ];
  return {
    name: `Profit-and-loss-${pl.from}-to-${pl.to}`,
    title: 'Profit & loss',
    subtitle: [
      period(pl.from, pl.to),
      `previous period ${period(previous.from, previous.to)}`,
      await branchLabel(db, businessId, q.branchId),
    ].join(' · '),
    count: rows.length,
    sheet: { name: 'Profit and loss', columns, rows: [rows], bold: (r) => r.bold, printWidth: STATEMENT_WIDTH },
  };
}

/** report/balance-sheet as a file: liabilities, capital and the profit to date, then the assets; each group's total beside its ledgers. */
export async function balanceSheetFile(db: Db, businessId: string, q: BalanceSheetQuery, now: Date): Promise<ReportFile<StatementRow>> {
  const bs = await balanceSheet(db, businessId, q, now);
  // A group whose one ledger bears its own name (Stock in hand, Sundry debtors) is one line, as on screen.
  const groups = (side: BalanceSheet['assets']): StatementRow[] =>
    side.groups.flatMap((g) => [
      { label: g.name, bold: true, amount: null, other: g.total },
      ...(g.lines.length === 1 && g.lines[0].name === g.name ? [] : g.lines.map((l) => ({ label: l.name, bold: false, amount: l.amount, other: null }))),
    ]);
  const loss = toPaise(bs.profitToDate) < 0;
  const liabilitiesSide = fromPaise(toPaise(bs.liabilities.total) + toPaise(bs.capital.total) + toPaise(bs.profitToDate));
  const rows: StatementRow[] = [
    heading('Liabilities and capital'),
    ...groups(bs.capital),
    { label: loss ? 'Loss to date' : 'Profit to date', bold: true, amount: null, other: bs.profitToDate },
    ...groups(bs.liabilities),
    { label: 'Total liabilities and capital', bold: true, amount: null, other: liabilitiesSide },
    heading('Assets'),
    ...groups(bs.assets),
    { label: 'Total assets', bold: true, amount: null, other: bs.assets.total },
  ];
  const difference = fromPaise(Math.abs(toPaise(bs.assets.total) - toPaise(liabilitiesSide)));
  const columns: ExportColumn<StatementRow>[] = [
    { header: 'Particulars', kind: 'text', value: (r) => r.label, width: 44 },
    { header: 'Amount', kind: 'money', value: (r) => r.amount, width: 18, printWidth: 80 },
    { header: 'Total', kind: 'money', value: (r) => r.other, width: 18, printWidth: 80 },
  ];
  return {
    name: `Balance-sheet-${bs.asOf}`,
    title: 'Balance sheet',
    subtitle: `As of ${displayDate(bs.asOf)} · ${
      bs.balanced ? 'Balanced: assets equal liabilities, capital and profit to date' : `Does not balance: the two sides differ by ${difference}`
    }`,
    count: rows.length,
    sheet: { name: 'Balance sheet', columns, rows: [rows], bold: (r) => r.bold, printWidth: STATEMENT_WIDTH },
  };
}

interface LedgerRow {
  date: string | null;
  voucher: string | null;
  document: string | null;
  particulars: string;
  debit: string | null;
  credit: string | null;
  balance: string;
  bold: boolean;
}

/** ledger/account-ledger/:id as a file: the opening balance, each line with its voucher and running balance, the closing with the period's totals. */
export async function accountLedgerFile(db: Db, businessId: string, id: string, q: AccountLedgerQuery, now: Date): Promise<ReportFile<LedgerRow>> {
  const ledger = await accountLedger(db, businessId, id, q, now);
  const rows: LedgerRow[] = [
    { date: ledger.from, voucher: null, document: null, particulars: 'Opening balance', debit: null, credit: null, balance: ledger.opening, bold: true },
    ...ledger.lines.map((l) => ({
      date: l.date,
      voucher: voucherTypeLabel(l.voucherType),
      document: l.documentNumber,
      particulars: l.narration ?? voucherTypeLabel(l.voucherType),
      debit: blankIfZero(l.debit),
      credit: blankIfZero(l.credit),
      balance: l.balance,
      bold: false,
    })),
    { date: ledger.to, voucher: null, document: null, particulars: 'Closing balance', debit: ledger.totals.debit, credit: ledger.totals.credit, balance: ledger.closing, bold: true },
  ];
  const columns: ExportColumn<LedgerRow>[] = [
    { header: 'Date', kind: 'date', value: (r) => r.date, width: 12 },
    { header: 'Voucher', kind: 'text', value: (r) => r.voucher, width: 18 },
    { header: 'Document', kind: 'text', value: (r) => r.document, width: 18 },
    { header: 'Particulars', kind: 'text', value: (r) => r.particulars, width: 40, flex: true },
    { header: 'Debit', kind: 'money', value: (r) => r.debit, width: 16 },
    { header: 'Credit', kind: 'money', value: (r) => r.credit, width: 16 },
    { header: 'Balance', kind: 'balance', value: (r) => r.balance, width: 18 },
  ];
  const span = ledger.from && ledger.to ? period(ledger.from, ledger.to) : ledger.from ? `From ${displayDate(ledger.from)}` : ledger.to ? `Up to ${displayDate(ledger.to)}` : 'Every entry';
  return {
    name: `Ledger-${ledger.account.name}-${ledger.from ?? 'start'}-to-${ledger.to ?? 'date'}`,
    title: ledger.account.name,
    subtitle: [groupName(ledger.account.group), span, await branchLabel(db, businessId, q.branchId)].join(' · '),
    count: rows.length,
    sheet: { name: 'Ledger', columns, rows: [rows], bold: (r) => r.bold },
  };
}
