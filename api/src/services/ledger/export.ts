import { LEDGER_GROUPS, type AccountLedger, type BalanceSheet, type ProfitLoss, type TrialBalance } from '@bahi/shared/contracts';
import { displayDate } from '../pdf/format';
import type { ExportSheet } from '../reports/export';

type Line = AccountLedger['lines'][number];

/** A ledger as one sheet (xlsx, PDF): an opening line, every line with its running balance, a closing line. */
export function accountLedgerSheet(ledger: AccountLedger): ExportSheet<Line> {
  const edge = (date: string | null, narration: string, balance: string, debit = '', credit = ''): Line => ({
    entryId: '',
    date: date ?? '',
    voucherType: '',
    documentType: null,
    documentId: null,
    documentNumber: null,
    narration,
    partyId: null,
    debit,
    credit,
    balance,
  });
  return {
    name: 'Ledger',
    columns: [
      { header: 'Date', kind: 'text', value: (r) => (r.date ? displayDate(r.date) : null) },
      { header: 'Particulars', kind: 'text', value: (r) => r.narration, width: 40 },
      { header: 'Voucher', kind: 'text', value: (r) => r.documentNumber ?? (r.voucherType || null), width: 18 },
      { header: 'Debit', kind: 'money', value: (r) => r.debit || null },
      { header: 'Credit', kind: 'money', value: (r) => r.credit || null },
      { header: 'Balance (Dr +)', kind: 'money', value: (r) => r.balance || null },
    ],
    rows: [
      [
        edge(ledger.from, 'Opening balance', ledger.opening),
        ...ledger.lines,
        edge(ledger.to, 'Closing balance', ledger.closing, ledger.totals.debit, ledger.totals.credit),
      ],
    ],
  };
}

/** A row of a statement as a file: its particulars and up to three figures. */
export interface StatementRow {
  particulars: string;
  group?: string;
  a?: string;
  b?: string;
  c?: string;
  d?: string;
}

/** The trial balance as one sheet: every ledger's opening, debits, credits and closing (positive = Dr), the totals. */
export function trialBalanceSheet(tb: TrialBalance): ExportSheet<StatementRow> {
  return {
    name: 'Trial balance',
    columns: [
      { header: 'Ledger', kind: 'text', value: (r) => r.particulars, width: 32 },
      { header: 'Group', kind: 'text', value: (r) => r.group ?? null, width: 22 },
      { header: 'Opening (Dr +)', kind: 'money', value: (r) => r.a ?? null },
      { header: 'Debit', kind: 'money', value: (r) => r.b ?? null },
      { header: 'Credit', kind: 'money', value: (r) => r.c ?? null },
      { header: 'Closing (Dr +)', kind: 'money', value: (r) => r.d ?? null },
    ],
    rows: [tb.rows.map((r) => ({ particulars: r.name, group: groupName(r.group), a: r.opening, b: r.debit, c: r.credit, d: r.closing }))],
    totals: { particulars: 'Total', b: tb.totals.debit, c: tb.totals.credit },
  };
}

/** Profit & loss as one sheet: trading account, then the profit & loss account, this period beside the one before. */
export function profitLossSheet(pl: ProfitLoss): ExportSheet<StatementRow> {
  const line = (particulars: string, now: string, before: string): StatementRow => ({ particulars, a: now, b: before });
  const byLedger = (lines: ProfitLoss['incomeLines'], before: ProfitLoss['incomeLines']) =>
    lines.map((l) => line(`    ${l.name}`, l.amount, before.find((x) => x.accountId === l.accountId)?.amount ?? '0.00'));
  const p = pl.previous;
  return {
    name: 'Profit and loss',
    columns: [
      { header: 'Particulars', kind: 'text', value: (r) => r.particulars, width: 40 },
      { header: `${pl.from} to ${pl.to}`, kind: 'money', value: (r) => r.a ?? null },
      { header: `${p.from} to ${p.to}`, kind: 'money', value: (r) => r.b ?? null },
    ],
    rows: [
      [
        line('Sales', pl.sales, p.sales),
        line('Cost of goods sold', pl.costOfGoodsSold, p.costOfGoodsSold),
        line('Other direct expenses', pl.directExpenses, p.directExpenses),
        line('Gross profit', pl.grossProfit, p.grossProfit),
        line('Other income', pl.otherIncome, p.otherIncome),
        ...byLedger(pl.incomeLines.filter((l) => l.group === 'INDIRECT_INCOMES'), p.incomeLines),
        line('Expenses', pl.expenses, p.expenses),
        ...byLedger(pl.expenseLines.filter((l) => l.group === 'INDIRECT_EXPENSES'), p.expenseLines),
      ],
    ],
    totals: line('Net profit', pl.netProfit, p.netProfit),
  };
}

/** The balance sheet as one sheet: assets, then liabilities, capital and the profit to date, group by group. */
export function balanceSheetSheet(bs: BalanceSheet): ExportSheet<StatementRow> {
  const side = (title: string, s: BalanceSheet['assets']): StatementRow[] => [
    { particulars: title, a: s.total },
    ...s.groups.flatMap((g) => [{ particulars: `  ${g.name}`, a: g.total }, ...g.lines.map((l) => ({ particulars: `      ${l.name}`, a: l.amount }))]),
  ];
  return {
    name: 'Balance sheet',
    columns: [
      { header: 'Particulars', kind: 'text', value: (r) => r.particulars, width: 44 },
      { header: `As of ${bs.asOf}`, kind: 'money', value: (r) => r.a ?? null },
    ],
    rows: [[...side('Assets', bs.assets), ...side('Liabilities', bs.liabilities), ...side('Capital', bs.capital), { particulars: 'Profit to date', a: bs.profitToDate }]],
    totals: { particulars: bs.balanced ? 'Balanced: assets = liabilities + capital + profit to date' : 'Not balanced' },
  };
}

const groupName = (code: string) => LEDGER_GROUPS.find((g) => g.code === code)?.name ?? code;
