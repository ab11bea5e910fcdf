import { PAYMENT_MODE_LABELS, TRANSACTION_TYPE_LABELS, type LedgerExportQuery, type PaymentMode, type TransactionType } from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accountTransactions } from '../../db/schema';
import { INR_NUMBER_FORMAT, assertExportable, sendXlsx, type ExportColumn } from '../reports/export';
import { getAccount } from '.';
import { selectRows } from '../../db/rows';

/** One line of the exported ledger: the opening balance, a transaction, or the closing balance. */
interface LedgerLine {
  date: string;
  particulars: string;
  party: string | null;
  document: string | null;
  mode: string | null;
  reference: string | null;
  note: string | null;
  /** Money into the account (paise), on the debit side of its ledger. */
  debit: number | null;
  /** Money out of it. */
  credit: number | null;
  balance: number;
}

const money = (paise: number | null) => (paise === null ? null : fromPaise(paise));

const COLUMNS: ExportColumn<LedgerLine>[] = [
  { header: 'Date', kind: 'date', value: (l) => l.date, width: 12 },
  { header: 'Particulars', kind: 'text', value: (l) => l.particulars, width: 26 },
  { header: 'Party', kind: 'text', value: (l) => l.party, width: 28 },
  { header: 'Document', kind: 'text', value: (l) => l.document, width: 18 },
  { header: 'Mode', kind: 'text', value: (l) => l.mode, width: 14 },
  { header: 'Reference', kind: 'text', value: (l) => l.reference, width: 18 },
  { header: 'Note', kind: 'text', value: (l) => l.note, width: 30 },
  { header: 'Debit (in)', kind: 'money', numFmt: INR_NUMBER_FORMAT, value: (l) => money(l.debit), width: 16 },
  { header: 'Credit (out)', kind: 'money', numFmt: INR_NUMBER_FORMAT, value: (l) => money(l.credit), width: 16 },
  { header: 'Balance', kind: 'money', numFmt: INR_NUMBER_FORMAT, value: (l) => money(l.balance), width: 18 },
];

/** Rows read from the database per chunk while the file streams. */
const CHUNK = 2000;

interface Row extends Record<string, unknown> {
  date: string;
  seq: string;
  line_no: number;
  type: string;
  debit: string;
  credit: string;
  mode: PaymentMode | null;
  party_name: string | null;
  document_number: string | null;
  reference: string | null;
  note: string | null;
}

/**
 * GET account/transactions/export: streams the account's ledger in the journal from `from` to `to` (default today)
 * as an .xlsx: the opening balance on `from` (everything dated before it, and the account's own opening balance when
 * it is dated in the range), each line after it oldest first with its running balance, and the closing balance — the
 * account's balance as account/bank-accounts answers it when `to` is today or later. Each line shows the movement
 * of money that posted it (type, party, mode, reference, note). 404 for an account that is not the business's; 413
 * above the export row cap.
 */
export async function sendLedgerXlsx(
  reply: FastifyReply,
  db: Db,
  businessId: string,
  q: z.output<typeof LedgerExportQuery>,
  today: string,
) {
  const account = await getAccount(db, businessId, q.accountId, today);
  const to = q.to ?? (q.from && q.from > today ? q.from : today);
  const ledger = sql`select la.id from ledger_accounts la where la.business_id = ${businessId} and la.cash_account_id = ${account.id}`;
  // Without `from`: the whole ledger, from the account's opening date or its first line when that is earlier.
  const [first] = q.from
    ? []
    : await selectRows<{ date: string | null }>(
        db,
        sql`select to_char(min(l.date), 'YYYY-MM-DD') as date from journal_lines l where l.business_id = ${businessId} and l.account_id = (${ledger})`,
      );
  const from = q.from ?? (first?.date && first.date < account.asOfDate ? first.date : account.asOfDate);
  // The account's opening balance (and its reversal, when a never-used account was deleted) opens the ledger.
  const opening = sql`e.voucher_type = 'OPENING_BALANCE' and e.document_type = 'ACCOUNT'`;
  const where = sql`l.business_id = ${businessId} and l.account_id = (${ledger}) and l.date between ${from} and ${to}`;
  const [head] = await selectRows<{ rows: number; before: string }>(
    db,
    sql`select count(*) filter (where not (${opening}))::int as rows,
               (coalesce((select sum(b.debit - b.credit) from journal_lines b
                          where b.business_id = ${businessId} and b.account_id = (${ledger}) and b.date < ${from}), 0)
                + coalesce(sum(l.debit - l.credit) filter (where ${opening}), 0))::text as before
        from journal_lines l
        join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id
        where ${where}`,
  );
  assertExportable(Number(head.rows) + 2);
  const openingBalance = toPaise(moneyText(head.before));

  async function* lines(): AsyncIterable<LedgerLine[]> {
    let balance = openingBalance;
    yield [{ date: from, particulars: 'Opening balance', party: null, document: null, mode: null, reference: null, note: null, debit: null, credit: null, balance }];
    let after: { date: string; seq: string; line_no: number } | null = null;
    for (;;) {
      const rows: Row[] = await selectRows<Row>(
        db,
        sql`select to_char(l.date, 'YYYY-MM-DD') as date, l.entry_seq::text as seq, l.line_no, e.voucher_type as type,
                   l.debit::text as debit, l.credit::text as credit, t.mode, p.name as party_name,
                   coalesce(t.document_number, e.document_number) as document_number, t.reference, coalesce(t.note, e.narration) as note
            from journal_lines l
            join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id
            left join ${accountTransactions} o on o.business_id = e.business_id and o.id = e.transaction_id
            left join ${accountTransactions} t on t.business_id = e.business_id and t.account_id = ${account.id}
                                               and (t.id = o.id or (o.group_id is not null and t.group_id = o.group_id))
            left join parties p on p.business_id = t.business_id and p.id = t.party_id
            where ${where} and not (${opening})${after ? sql` and (l.date, l.entry_seq, l.line_no) > (${after.date}::date, ${after.seq}::bigint, ${after.line_no}::int)` : sql``}
            order by l.date, l.entry_seq, l.line_no
            limit ${CHUNK}`,
      );
      if (rows.length === 0) break;
      yield rows.map((r) => {
        const debit = toPaise(moneyText(r.debit));
        const credit = toPaise(moneyText(r.credit));
        balance += debit - credit;
        return {
          date: r.date,
          particulars: TRANSACTION_TYPE_LABELS[r.type as TransactionType] ?? r.type,
          party: r.party_name,
          document: r.document_number,
          mode: r.mode ? PAYMENT_MODE_LABELS[r.mode] ?? r.mode : null,
          reference: r.reference,
          note: r.note,
          debit: debit > 0 ? debit : null,
          credit: credit > 0 ? credit : null,
          balance,
        };
      });
      if (rows.length < CHUNK) break;
      after = rows[rows.length - 1];
    }
    yield [{ date: to, particulars: 'Closing balance', party: null, document: null, mode: null, reference: null, note: null, debit: null, credit: null, balance }];
  }

  const name = account.displayName.replace(/[^\w-]+/g, '-').replace(/^-|-$/g, '') || 'account';
  return sendXlsx(reply, `ledger-${name}-${from}-to-${to}`, [{ name: `Ledger ${account.displayName}`.replace(/[*?:\\/[\]]/g, ' '), columns: COLUMNS, rows: lines() }]);
}
