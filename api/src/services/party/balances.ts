import { moneyText } from '@bahi/shared/india';
import type { TransactionType } from '@bahi/shared/contracts';
import { sql, type Column, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { selectRows } from '../../db/rows';

/**
 * The transactions a party's balance counts: money received from it or paid to it against its bills or not tied to
 * one (payment/payment-in, payment/payment-out), and their reversals. An expense paid to a party is not among them:
 * no bill of the party stands behind it, so it changes what neither side owes.
 */
export const PARTY_BALANCE_TYPES: readonly TransactionType[] = [
  'SALE_PAYMENT',
  'SALE_PAYMENT_REVERSAL',
  'PURCHASE_PAYMENT',
  'PURCHASE_PAYMENT_REVERSAL',
  'PAYMENT_IN',
  'PAYMENT_OUT',
  'PURCHASE_NOTE_REFUND',
  'PURCHASE_NOTE_REFUND_REVERSAL',
  'SALE_REFUND',
  'SALE_REFUND_REVERSAL',
];

/**
 * The one definition of what moves a party's balance, as rows (business_id, party_id, date, at, seq, kind,
 * document_type, document_id, document_number, debit, credit): a sale not cancelled is a debit (they owe more); a
 * purchase bill not cancelled is a credit (the business owes the supplier more), a purchase debit note not cancelled
 * a debit (it owes the supplier less); money received from them is a
 * credit, money paid to them (and the reversal of a payment received) a debit — the transactions of
 * PARTY_BALANCE_TYPES, each once (a payment in settling several invoices is one row); a credit note on a sale not
 * cancelled is a credit, a debit note a debit. The balance is opening balance + Σ debit − Σ credit.
 *
 * `filter` narrows every source by its own columns (business, party, date).
 */
export function partyMovements(filter: (c: { businessId: SQL; partyId: SQL; date: SQL }) => SQL): SQL {
  const sales = filter({ businessId: sql.raw('s.business_id'), partyId: sql.raw('s.party_id'), date: sql.raw('s.invoice_date') });
  const purchases = filter({ businessId: sql.raw('b.business_id'), partyId: sql.raw('b.party_id'), date: sql.raw('b.bill_date') });
  const debitNotes = filter({ businessId: sql.raw('n.business_id'), partyId: sql.raw('n.party_id'), date: sql.raw('n.note_date') });
  const notes = filter({ businessId: sql.raw('n.business_id'), partyId: sql.raw('n.party_id'), date: sql.raw('n.note_date') });
  const money = filter({ businessId: sql.raw('t.business_id'), partyId: sql.raw('t.party_id'), date: sql.raw('t.date') });
  return sql`
    select s.business_id, s.party_id, s.invoice_date as date, s.created_at as at, 0::bigint as seq, 'SALE' as kind,
           'SALE' as document_type, s.id as document_id, s.invoice_number as document_number,
           s.grand_total as debit, 0::numeric as credit
    from sale_invoices s
    where s.status <> 'CANCELLED' and ${sales}
    union all
    select b.business_id, b.party_id, b.bill_date, b.created_at, 0::bigint, 'PURCHASE',
           'PURCHASE', b.id, b.reference_number, 0::numeric, b.grand_total
    from purchase_invoices b
    where b.status <> 'CANCELLED' and ${purchases}
    union all
    select n.business_id, n.party_id, n.note_date, n.created_at, 0::bigint, 'PURCHASE_DEBIT_NOTE',
           'PURCHASE_DEBIT_NOTE', n.id, n.note_number, n.grand_total, 0::numeric
    from purchase_debit_notes n
    where n.status <> 'CANCELLED' and ${debitNotes}
    union all
    select n.business_id, n.party_id, n.note_date, n.created_at, 0::bigint, n.note_type || '_NOTE',
           n.note_type || '_NOTE', n.id, n.note_number,
           case when n.note_type = 'DEBIT' then n.grand_total else 0 end, case when n.note_type = 'CREDIT' then n.grand_total else 0 end
    from sale_notes n
    where n.status <> 'CANCELLED' and ${notes}
    union all
    select t.business_id, t.party_id, t.date, t.created_at as at, t.seq, t.type as kind,
           t.document_type, t.document_id, t.document_number,
           case when t.direction = 'OUT' then t.amount else 0 end as debit,
           case when t.direction = 'IN' then t.amount else 0 end as credit
    from account_transactions t
    where t.type = any(${sql.param([...PARTY_BALANCE_TYPES])}::text[]) and ${money}`;
}

/**
 * A party's balance on `today` as a SQL expression over its row's columns, as text: the sum of its sub-ledger in the
 * journal (its lines on Sundry debtors and Sundry creditors, its opening balance among them) dated up to `today` —
 * an invoice or payment dated later is not owed yet — positive when the party owes the business. A column of the
 * party's own query, so a page of parties with their balances is one statement, each an index-only probe of
 * journal_lines by business, party and date.
 */
export function partyBalanceSql(p: { businessId: Column | SQL; id: Column | SQL; today: string | SQL }): SQL<string> {
  return sql<string>`(coalesce((select sum(l.debit - l.credit) from journal_lines l
    where l.business_id = ${p.businessId} and l.party_id = ${p.id} and l.date <= ${p.today}::date), 0))::text`;
}

/** What each party owes the business on `today` (negative: what the business owes it), for parties read without that column. */
export async function partyBalances(db: Db | Tx, businessId: string, partyIds: string[], today: string): Promise<Map<string, string>> {
  if (partyIds.length === 0) return new Map();
  const balance = partyBalanceSql({ businessId: sql.raw('p.business_id'), id: sql.raw('p.id'), today });
  const rows = await selectRows<{ id: string; balance: string }>(
    db,
    sql`select p.id, ${balance} as balance from parties p
        where p.business_id = ${businessId} and p.id = any(${sql.param(partyIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, moneyText(r.balance)]));
}

/**
 * What the documents alone say each party owes (opening balance + the movements above), for the check of the books
 * against the documents they were posted from (ledger-backfill).
 */
export async function documentPartyBalances(db: Db | Tx, businessId: string): Promise<Map<string, string>> {
  const movements = partyMovements((c) => sql`${c.businessId} = p.business_id and ${c.partyId} = p.id`);
  const rows = await selectRows<{ id: string; balance: string }>(
    db,
    sql`select p.id, (coalesce(p.opening_balance, 0) + coalesce((select sum(m.debit - m.credit) from (${movements}) m), 0))::text as balance
        from parties p where p.business_id = ${businessId}`,
  );
  return new Map(rows.map((r) => [r.id, moneyText(r.balance)]));
}
