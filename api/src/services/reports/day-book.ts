import { DAY_BOOK_MAX, type DayBook, type DayBookEntry, type DayBookQuery, voucherTypeLabel } from '@bahi/shared/contracts';
import { moneyText } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ExportSheet } from './export';
import { selectRows } from '../../db/rows';
import { idMatch } from './filters';
import { tradeTotals } from './summary';

/*
 * The day book (GET report/day-book): every document and money movement of a day; money in and out from the
 * journal. Every figure is summed by the database.
 */

/** A sale note's type in the day book (its journal's document type), and the sign of its amount there. */
const noteType = (alias: string) => sql.raw(`case ${alias}.note_type when 'CREDIT' then 'CREDIT_NOTE' else 'DEBIT_NOTE' end`);
const noteSign = (alias: string) => sql.raw(`(case ${alias}.note_type when 'CREDIT' then -1 else 1 end)`);

export async function dayBook(db: Db, businessId: string, q: DayBookQuery, today: string): Promise<DayBook> {
  const date = q.date ?? today;
  const branch = idMatch(sql.raw('d.branch_id'), q.branchId);
  // Money movements belong to the branch of their journal entry (a payment against a document: the document's; a
  // party's payment: the branch it was taken at; an expense: its own); without a branch filter, every one of the day.
  const moneyBranch =
    q.branchId === undefined
      ? sql`true`
      : sql`exists (select 1 from journal_entries j where j.business_id = t.business_id and j.transaction_id = t.id and ${idMatch(sql.raw('j.branch_id'), q.branchId)})`;
  // Expenses are listed by their payment (an EXPENSE account transaction). Stock changes made by a document are that
  // document's (the sale or bill is listed), so only the others are listed here. A sale or bill cancelled on this day
  // is listed again on it as SALE_CANCELLED (PURCHASE_CANCELLED), its grand total taken back: its reversal in the
  // journal is dated the day of the cancel, so the day's listed amounts add up to the journal's. Credit and debit
  // notes are listed on their date with their grand total, taken off for what goes back (a credit note on a sale, a
  // purchase debit note) and added for a debit note on a sale; their stock movements and refunds are theirs (the
  // refund is listed as its movement of money), and a note cancelled on this day is listed again, taken back. An
  // edited sale or bill is listed once, as it now is, on its date: its old entry and the reversal are both dated as it was.
  const reversalBranch = idMatch(sql.raw('e.branch_id'), q.branchId);
  const rows = await selectRows<Record<string, string | null>>(
    db,
    sql`select * from (
          select d.created_at as at, 'SALE' as type, 'SALE' as document_type, d.id::text as document_id, d.invoice_number as document_number,
                 d.party_name, d.grand_total::text as amount, null::text as money_in, null::text as money_out, null::text as account_name, d.status,
                 0::bigint as seq, null::text as description
          from sale_invoices d where d.business_id = ${businessId} and d.invoice_date = ${date} and ${branch}
          union all
          select d.created_at, 'PURCHASE', 'PURCHASE', d.id::text, d.reference_number, d.party_name, d.grand_total::text, null, null, null, d.status, 0,
                 'Bill ' || d.bill_number
          from purchase_invoices d where d.business_id = ${businessId} and d.bill_date = ${date} and ${branch}
          union all
          select d.created_at, ${noteType('d')}, ${noteType('d')}, d.id::text, d.note_number, d.party_name, (${noteSign('d')} * d.grand_total)::text,
                 null, null, null, d.status, 0, 'On invoice ' || d.invoice_number
          from sale_notes d where d.business_id = ${businessId} and d.note_date = ${date} and ${branch}
          union all
          select d.created_at, 'PURCHASE_DEBIT_NOTE', 'PURCHASE_DEBIT_NOTE', d.id::text, d.note_number, d.party_name, (-d.grand_total)::text,
                 null, null, null, d.status, 0, 'Against bill ' || b.bill_number
          from purchase_debit_notes d
          join purchase_invoices b on b.business_id = d.business_id and b.id = d.purchase_id
          where d.business_id = ${businessId} and d.note_date = ${date} and ${branch}
          union all
          select e.created_at, e.voucher_type || '_CANCELLED', e.document_type, e.document_id::text, e.document_number,
                 coalesce(s.party_name, b.party_name, n.party_name, pn.party_name),
                 (-coalesce(s.grand_total, b.grand_total, ${noteSign('n')} * n.grand_total, -pn.grand_total))::text,
                 null, null, null, 'CANCELLED', e.seq,
                 coalesce(s.cancel_reason, b.cancel_reason, n.cancel_reason, pn.cancel_reason)
          from journal_entries e
          left join sale_invoices s on e.document_type = 'SALE' and s.business_id = e.business_id and s.id = e.document_id
          left join purchase_invoices b on e.document_type = 'PURCHASE' and b.business_id = e.business_id and b.id = e.document_id
          left join sale_notes n on e.document_type in ('CREDIT_NOTE', 'DEBIT_NOTE') and n.business_id = e.business_id and n.id = e.document_id
          left join purchase_debit_notes pn on e.document_type = 'PURCHASE_DEBIT_NOTE' and pn.business_id = e.business_id and pn.id = e.document_id
          where e.business_id = ${businessId} and e.date = ${date} and e.reverses_id is not null and e.transaction_id is null
            and e.voucher_type in ('SALE', 'PURCHASE', 'CREDIT_NOTE', 'DEBIT_NOTE', 'PURCHASE_DEBIT_NOTE') and e.document_type = e.voucher_type and ${reversalBranch}
            -- An edit posts the reversal together with the document's new entry: the document is listed as it now is.
            and not exists (select 1 from journal_entries x where x.business_id = e.business_id and x.document_type = e.document_type
                             and x.document_id = e.document_id and x.voucher_type = e.voucher_type and x.reverses_id is null
                             and x.transaction_id is null and x.created_at = e.created_at)
          union all
          select d.created_at, 'QUOTATION', 'QUOTATION', d.id::text, d.quotation_number, d.party_name, d.grand_total::text, null, null, null, d.status, 0, null
          from quotations d where d.business_id = ${businessId} and d.quotation_date = ${date} and ${branch}
          union all
          select t.created_at, t.type, t.document_type, t.document_id::text, t.document_number, p.name,
                 null, case when t.direction = 'IN' then t.amount::text end, case when t.direction = 'OUT' then t.amount::text end,
                 a.display_name, null, t.seq, t.note
          from account_transactions t
          join accounts a on a.business_id = t.business_id and a.id = t.account_id
          left join parties p on p.business_id = t.business_id and p.id = t.party_id
          where t.business_id = ${businessId} and t.date = ${date} and ${moneyBranch}
          union all
          select m.created_at, 'STOCK_' || m.kind, null, null, null, null, null, null, null, null, null, m.seq,
                 i.name || ': ' || case when m.quantity > 0 then '+' else '' end || (m.quantity::float8)::text || coalesce(' (' || m.reason || ')', '')
          from stock_movements m
          join items i on i.business_id = m.business_id and i.id = m.item_id
          where m.business_id = ${businessId} and m.date = ${date} and m.document_type is null and ${idMatch(sql.raw('m.branch_id'), q.branchId)}
        ) e order by e.at, e.seq limit ${DAY_BOOK_MAX + 1}`,
  );
  // The day's sales: what the journal's SALE vouchers of the day and their reversals moved (tradeTotals). Money in
  // and out: the debits and credits of the cash and bank ledgers (an account's opening balance moved no money that
  // day). Both at the branch of their journal entry when a branch is asked for.
  const [totals] = await selectRows<{ sales: string; money_in: string; money_out: string }>(
    db,
    sql`select (select coalesce(sum(t.amount), 0) from (${tradeTotals(businessId, 'SALE', sql`e.date = ${date} and ${reversalBranch}`)}) t)::text as sales,
               coalesce(sum(l.debit), 0)::text as money_in,
               coalesce(sum(l.credit), 0)::text as money_out
        from journal_lines l
        join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id and a.cash_account_id is not null
        join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id and e.voucher_type <> 'OPENING_BALANCE'
        where l.business_id = ${businessId} and l.date = ${date} and ${idMatch(sql.raw('l.branch_id'), q.branchId)}`,
  );
  const m = (v: string | null) => (v === null ? null : moneyText(v));
  return {
    date,
    entries: rows.slice(0, DAY_BOOK_MAX).map((r) => ({
      at: new Date(String(r.at)).toISOString(),
      type: String(r.type),
      description: r.description,
      documentType: r.document_type,
      documentId: r.document_id,
      documentNumber: r.document_number,
      partyName: r.party_name,
      amount: m(r.amount),
      moneyIn: m(r.money_in),
      moneyOut: m(r.money_out),
      accountName: r.account_name,
      status: r.status,
    })),
    totals: { sales: moneyText(totals.sales), moneyIn: moneyText(totals.money_in), moneyOut: moneyText(totals.money_out) },
    truncated: rows.length > DAY_BOOK_MAX,
  };
}

const TIME = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
type DayBookTotals = DayBook['totals'];
const isEntry = (r: DayBookEntry | DayBookTotals): r is DayBookEntry => 'at' in r;
const entryCell = (fn: (r: DayBookEntry) => string | null) => (r: DayBookEntry | DayBookTotals) => (isEntry(r) ? fn(r) : null);

/** The day book as a file: every entry of the day (at most DAY_BOOK_MAX), money in and out totalled. */
export async function dayBookExport(db: Db, businessId: string, q: DayBookQuery, today: string) {
  const book = await dayBook(db, businessId, q, today);
  const sheet: ExportSheet<DayBookEntry | DayBookTotals> = {
    name: 'Day book',
    columns: [
      { header: 'Time', kind: 'text', value: entryCell((r) => TIME.format(new Date(r.at))) },
      { header: 'Type', kind: 'text', value: entryCell((r) => voucherTypeLabel(r.type)), width: 16 },
      { header: 'Number', kind: 'text', value: entryCell((r) => r.documentNumber), width: 18 },
      { header: 'Party', kind: 'text', value: entryCell((r) => r.partyName), width: 24 },
      { header: 'Particulars', kind: 'text', value: entryCell((r) => r.description), width: 28 },
      { header: 'Account', kind: 'text', value: entryCell((r) => r.accountName) },
      { header: 'Status', kind: 'text', value: entryCell((r) => r.status) },
      { header: 'Amount', kind: 'money', value: entryCell((r) => r.amount) },
      { header: 'Money in', kind: 'money', value: (r) => r.moneyIn },
      { header: 'Money out', kind: 'money', value: (r) => r.moneyOut },
    ],
    rows: [book.entries],
    totals: book.totals,
  };
  return { count: book.entries.length, sheet, book };
}
