import { TRANSACTION_PAGE_SIZE_MAX, accountApi, type Account, type AccountTransaction, type LedgerExportQuery } from '@bahi/shared';
import { downloadFile, saveFile } from '@bahi/shared/ui';
import { TRANSACTION_TYPE_LABELS, formatDate } from '../../components/format';

/** Rows beyond this are not exported (the screen says so): 50 pages of 200. */
export const EXPORT_MAX_ROWS = 10_000;

/** Every transaction of the account in the period (oldest first), read page by page. */
export async function fetchLedger(accountId: string, from?: string, to?: string): Promise<{ rows: AccountTransaction[]; total: number }> {
  const rows: AccountTransaction[] = [];
  let total = 0;
  for (let page = 1; rows.length < EXPORT_MAX_ROWS; page++) {
    const res = await accountApi.transactions({ accountId, from, to, page, pageSize: TRANSACTION_PAGE_SIZE_MAX });
    total = res.meta.total;
    rows.push(...res.data);
    if (res.data.length === 0 || rows.length >= total) break;
  }
  return { rows: rows.reverse(), total };
}

const cell = (v: string | null | undefined) => {
  const s = v ?? '';
  // Quoted, and a leading = + - @ neutralised so a spreadsheet never runs it as a formula.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s) ? `'${s}` : s;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** The ledger as CSV (opens in Excel): one row per transaction with its running balance. */
export function ledgerCsv(account: Account, rows: AccountTransaction[], from?: string, to?: string): string {
  const head = [
    [`Ledger of ${account.displayName}${account.accountNumber ? ` (${account.accountNumber})` : ''}`],
    [`Period: ${from ? formatDate(from) : 'start'} to ${to ? formatDate(to) : 'today'}`],
    [],
    ['Date', 'Type', 'Party', 'Document', 'Reference', 'Note', 'In', 'Out', 'Balance'],
  ];
  const body = rows.map((t) => [
    formatDate(t.date),
    TRANSACTION_TYPE_LABELS[t.type],
    t.partyName,
    t.documentNumber,
    t.reference,
    t.note,
    t.direction === 'IN' ? t.amount : '',
    t.direction === 'OUT' ? t.amount : '',
    t.runningBalance,
  ]);
  // BOM: Excel reads the file as UTF-8 (₹, Hindi names).
  return '\uFEFF' + [...head, ...body].map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** Starts the browser's download of `text` as `fileName`. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The file name of an account's ledger export: ledger-HDFC-Current-2026-05-01-to-2026-05-31.csv */
export function ledgerFileName(account: Account, extension: 'csv' | 'xlsx', from?: string, to?: string): string {
  const name = account.displayName.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'account';
  return `ledger-${name}${from ? `-${from}` : ''}${to ? `-to-${to}` : ''}.${extension}`;
}

/**
 * Downloads the account's ledger for the dates as .xlsx, made by the server (GET account/transactions/export):
 * opening balance, every transaction with debit, credit and running balance, closing balance. Failures reject
 * with the server's message (404 account, 413 too many rows).
 */
export async function downloadLedgerXlsx(account: Account, from?: string, to?: string): Promise<void> {
  const query: LedgerExportQuery = { accountId: account.id, format: 'xlsx', ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const file = await downloadFile(`account/transactions/export?${new URLSearchParams({ ...query })}`);
  saveFile(file, ledgerFileName(account, 'xlsx', from, to));
}
