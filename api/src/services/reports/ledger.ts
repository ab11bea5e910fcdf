import { resolvePeriod, type Ledger, type LedgerEntry, type LedgerQuery } from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parties } from '../../db/schema';
import { notFound } from '../../errors';
import { displayDate } from '../pdf/format';
import type { ExportSheet } from './export';
import { UUID } from '../../db/ids';
import { selectRows } from '../../db/rows';

export const PARTY_NOT_FOUND = 'Party not found';
const LEDGER_PAGE_SIZE_DEFAULT = 200;

const DESCRIPTIONS: Record<string, (n: string | null) => string> = {
  SALE: (n) => `Sale invoice ${n ?? ''}`.trim(),
  PURCHASE: (n) => `Purchase bill ${n ?? ''}`.trim(),
  PURCHASE_DEBIT_NOTE: (n) => `Debit note ${n ?? ''}`.trim(),
  PURCHASE_NOTE_REFUND: (n) => (n ? `Refund received against debit note ${n}` : 'Refund received'),
  PURCHASE_NOTE_REFUND_REVERSAL: (n) => (n ? `Refund reversed: debit note ${n} cancelled` : 'Refund reversed'),
  SALE_PAYMENT: (n) => (n ? `Payment received against ${n}` : 'Payment received'),
  SALE_PAYMENT_REVERSAL: (n) => (n ? `Payment reversed: invoice ${n} cancelled` : 'Payment reversed'),
  PURCHASE_PAYMENT: (n) => (n ? `Payment made against ${n}` : 'Payment made'),
  PURCHASE_PAYMENT_REVERSAL: (n) => (n ? `Payment reversed: bill ${n} cancelled` : 'Payment reversed'),
  PAYMENT_IN: () => 'Payment received',
  PAYMENT_OUT: () => 'Payment made',
  CREDIT_NOTE: (n) => `Credit note ${n ?? ''}`.trim(),
  DEBIT_NOTE: (n) => `Debit note ${n ?? ''}`.trim(),
  SALE_REFUND: (n) => (n ? `Refund on credit note ${n}` : 'Refund'),
  SALE_REFUND_REVERSAL: (n) => (n ? `Refund reversed: credit note ${n} cancelled` : 'Refund reversed'),
  OPENING_BALANCE: () => 'Opening balance',
  JOURNAL: (n) => `Journal ${n ?? ''}`.trim(),
};
const describe = (kind: string, number: string | null) =>
  DESCRIPTIONS[kind]?.(number) ?? `${kind.charAt(0)}${kind.slice(1).toLowerCase().replace(/_/g, ' ')}${number ? ` ${number}` : ''}`;

interface EntryRow extends Record<string, unknown> {
  date: string;
  kind: string;
  document_type: string | null;
  document_id: string | null;
  document_number: string | null;
  debit: string;
  credit: string;
  balance: string;
}

/**
 * A party's lines in the journal up to `to` (its sub-ledger of Sundry debtors and creditors), each with its voucher.
 * A cancelled invoice, bill or debit note and its reversal are left out together (they sum to nothing, so every balance stays
 * the journal's); the reversal of a payment stays, as the money did move back.
 */
const partyLines = (businessId: string, partyId: string, to: string) => sql`
  select l.date, l.entry_seq as seq, l.line_no, e.voucher_type as kind, e.document_type, e.document_id, e.document_number, l.debit, l.credit
  from journal_lines l
  join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id
  where l.business_id = ${businessId} and l.party_id = ${partyId} and l.date <= ${to}
    and not (e.voucher_type in ('SALE', 'PURCHASE', 'PURCHASE_DEBIT_NOTE', 'CREDIT_NOTE', 'DEBIT_NOTE') and e.transaction_id is null
             and (e.reverses_id is not null
                  or exists (select 1 from journal_entries r where r.business_id = e.business_id and r.reverses_id = e.id)))`;

/**
 * GET report/ledger: a party's statement for a period, read from its sub-ledger in the journal (what the party
 * balance sums), so the closing balance at the last line is the balance the party screens show. The running balance
 * is a window sum in SQL; a page of lines is read, never the whole history.
 */
export async function partyLedger(db: Db, businessId: string, q: LedgerQuery, today: string): Promise<Ledger> {
  const party = UUID.test(q.partyId)
    ? (
        await db
          .select({ id: parties.id, name: parties.name, gstin: parties.gstin, mobileNumber: parties.mobileNumber })
          .from(parties)
          .where(and(eq(parties.businessId, businessId), eq(parties.id, q.partyId)))
      )[0]
    : undefined;
  if (!party) throw notFound(PARTY_NOT_FOUND);
  const { from, to } = resolvePeriod({ ...q, period: q.period ?? (q.from || q.to ? undefined : 'THIS_FY') }, today);
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? LEDGER_PAGE_SIZE_DEFAULT;
  const movements = partyLines(businessId, party.id, to);

  const [sums] = await selectRows<{ opening: string; debit: string; credit: string; n: number }>(
    db,
    sql`select coalesce(sum(m.debit - m.credit) filter (where m.date < ${from}), 0)::text as opening,
               coalesce(sum(m.debit) filter (where m.date >= ${from}), 0)::text as debit,
               coalesce(sum(m.credit) filter (where m.date >= ${from}), 0)::text as credit,
               (count(*) filter (where m.date >= ${from}))::int as n
        from (${movements}) m`,
  );
  const rows = await selectRows<EntryRow>(
    db,
    sql`select m.date::text as date, m.kind, m.document_type, m.document_id::text as document_id, m.document_number,
               m.debit::text as debit, m.credit::text as credit,
               (${sums.opening}::numeric + sum(m.debit - m.credit) over (order by m.date, m.seq, m.line_no rows unbounded preceding))::text as balance
        from (${movements}) m
        where m.date >= ${from}
        order by m.date, m.seq, m.line_no
        limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const opening = moneyText(sums.opening);
  const entries: LedgerEntry[] = rows.map((r) => ({
    date: r.date,
    type: r.kind,
    documentType: r.document_type,
    documentId: r.document_id,
    documentNumber: r.document_number,
    description: describe(r.kind, r.document_number),
    debit: moneyText(r.debit),
    credit: moneyText(r.credit),
    balance: moneyText(r.balance),
  }));
  return {
    party: { id: party.id, name: party.name, gstin: party.gstin, mobileNumber: party.mobileNumber },
    from,
    to,
    openingBalance: opening,
    debit: moneyText(sums.debit),
    credit: moneyText(sums.credit),
    closingBalance: fromPaise(toPaise(opening) + toPaise(moneyText(sums.debit)) - toPaise(moneyText(sums.credit))),
    entries,
    meta: { total: Number(sums.n), page, pageSize },
  };
}

/** The statement as one sheet (xlsx, PDF): an opening line, every entry, and a closing line with the period's sums. */
export function ledgerSheet(ledger: Ledger): ExportSheet<LedgerEntry> {
  const opening: LedgerEntry = {
    date: ledger.from,
    type: '',
    documentType: null,
    documentId: null,
    documentNumber: null,
    description: 'Opening balance',
    debit: '',
    credit: '',
    balance: ledger.openingBalance,
  };
  const closing: LedgerEntry = { ...opening, date: ledger.to, description: 'Closing balance', debit: ledger.debit, credit: ledger.credit, balance: ledger.closingBalance };
  return {
    name: 'Ledger',
    columns: [
      { header: 'Date', kind: 'text', value: (r) => displayDate(r.date) },
      { header: 'Particulars', kind: 'text', value: (r) => r.description, width: 40 },
      { header: 'Document', kind: 'text', value: (r) => r.documentNumber },
      { header: 'Debit', kind: 'money', value: (r) => r.debit || null },
      { header: 'Credit', kind: 'money', value: (r) => r.credit || null },
      { header: 'Balance', kind: 'money', value: (r) => r.balance || null },
    ],
    rows: [[opening, ...ledger.entries, closing]],
  };
}
