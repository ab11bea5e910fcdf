import { PAYMENT_MODE_LABELS, TRANSACTION_TYPE_LABELS, type LedgerExportQuery, type PaymentMode, type TransactionType } from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { accountTransactions } from '../../db/schema';
import { selectRows } from '../documents/rows';
import { INR_NUMBER_FORMAT, assertExportable, sendXlsx, type ExportColumn } from '../reports/export';
import { getAccount } from '.';

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
  type: TransactionType;
  direction: 'IN' | 'OUT';
  amount: string;
  mode: PaymentMode | null;
  party_name: string | null;
  document_number: string | null;
  reference: string | null;
  note: string | null;
}

/**
 * GET account/transactions/export: streams the account's ledger from `from` to `to` (default today) as an .xlsx:
 * the opening balance on `from` (the account's opening balance + everything before), each transaction oldest first
 * with its running balance, and the closing balance — the account's balance as account/bank-accounts answers it when
 * `to` is today or later. 404 for an account that is not the business's; 413 above the export row cap.
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
  const where = sql`t.business_id = ${businessId} and t.account_id = ${account.id} and t.date <= ${to}${q.from ? sql` and t.date >= ${q.from}` : sql``}`;
  const [head] = await selectRows<{ rows: number; before: string }>(
    db,
    sql`select (select count(*)::int from ${accountTransactions} t where ${where}) as rows,
               coalesce((select sum(case when b.direction = 'IN' then b.amount else -b.amount end)
                         from ${accountTransactions} b
                         where b.business_id = ${businessId} and b.account_id = ${account.id}
                           and ${q.from ? sql`b.date < ${q.from}` : sql`false`}), 0)::text as before`,
  );
  assertExportable(Number(head.rows) + 2);
  const opening = toPaise(account.openingBalance) + toPaise(String(head.before));
  const from = q.from ?? account.asOfDate;

  async function* lines(): AsyncIterable<LedgerLine[]> {
    let balance = opening;
    yield [{ date: from, particulars: 'Opening balance', party: null, document: null, mode: null, reference: null, note: null, debit: null, credit: null, balance }];
    let after: { date: string; seq: string } | null = null;
    for (;;) {
      const rows: Row[] = await selectRows<Row>(
        db,
        sql`select to_char(t.date, 'YYYY-MM-DD') as date, t.seq::text as seq, t.type, t.direction, t.amount::text as amount, t.mode,
                   p.name as party_name, t.document_number, t.reference, t.note
            from ${accountTransactions} t
            left join parties p on p.business_id = t.business_id and p.id = t.party_id
            where ${where}${after ? sql` and (t.date, t.seq) > (${after.date}::date, ${after.seq}::bigint)` : sql``}
            order by t.date, t.seq
            limit ${CHUNK}`,
      );
      if (rows.length === 0) break;
      yield rows.map((r) => {
        const amount = toPaise(String(r.amount));
        balance += r.direction === 'IN' ? amount : -amount;
        return {
          date: r.date,
          particulars: TRANSACTION_TYPE_LABELS[r.type] ?? r.type,
          party: r.party_name,
          document: r.document_number,
          mode: r.mode ? PAYMENT_MODE_LABELS[r.mode] ?? r.mode : null,
          reference: r.reference,
          note: r.note,
          debit: r.direction === 'IN' ? amount : null,
          credit: r.direction === 'OUT' ? amount : null,
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
