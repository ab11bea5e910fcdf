import type { AccountLedger } from '@bahi/shared/contracts';
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
