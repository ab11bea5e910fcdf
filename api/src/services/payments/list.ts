import {
  PARTY_PAYMENT_TYPES,
  PAYMENT_LIST_PAGE_SIZE_DEFAULT,
  type PaymentListMeta,
  type PaymentListQuery,
  type PaymentSummary,
} from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { requireAccount } from '../accounts';
import { UUID } from '../../db/ids';
import { voucherNumbers } from './vouchers';
import { selectRows } from '../../db/rows';

/**
 * The bills a payment settled: for a payment with or against one bill, that bill (the whole amount); for a payment
 * not tied to one, its allocations. Each with the bill's number and whether it has been cancelled since.
 */
const settledSql = (businessId: string) => sql`
  select t.id as transaction_id, t.document_type, t.document_id, t.document_number, t.amount,
         coalesce(s.status, p.status) = 'CANCELLED' as cancelled, coalesce(s.created_at, p.created_at) as doc_created
  from account_transactions t
  left join sale_invoices s on t.document_type = 'SALE' and s.business_id = t.business_id and s.id = t.document_id
  left join purchase_invoices p on t.document_type = 'PURCHASE' and p.business_id = t.business_id and p.id = t.document_id
  where t.business_id = ${businessId} and t.document_id is not null
  union all
  select a.transaction_id, a.document_type, a.document_id, coalesce(s.invoice_number, p.reference_number, ''), a.amount,
         coalesce(s.status, p.status) = 'CANCELLED', coalesce(s.created_at, p.created_at)
  from payment_allocations a
  left join sale_invoices s on a.document_type = 'SALE' and s.business_id = a.business_id and s.id = a.document_id
  left join purchase_invoices p on a.document_type = 'PURCHASE' and p.business_id = a.business_id and p.id = a.document_id
  where a.business_id = ${businessId}`;

interface PaymentRow extends Record<string, unknown> {
  id: string;
  type: PaymentSummary['type'];
  direction: 'IN' | 'OUT';
  date: string;
  party_id: string | null;
  party_name: string | null;
  amount: string;
  mode: PaymentSummary['mode'];
  account_id: string;
  account_name: string;
  reference: string | null;
  note: string | null;
  reversed: boolean;
  created_at: string;
}

/**
 * payment/payments: the payments to (OUT) or from (IN) parties, newest first — a payment made with a bill or
 * recorded against it, and one not tied to a bill with its allocations — with what each settled and what of it is
 * still an advance. A reversal (a cancelled bill's payment coming back) is not a row: its payment is `reversed`.
 */
export async function listPayments(
  db: Db,
  businessId: string,
  q: z.output<typeof PaymentListQuery>,
): Promise<{ data: PaymentSummary[]; meta: PaymentListMeta }> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? PAYMENT_LIST_PAGE_SIZE_DEFAULT;
  const none = { data: [], meta: { total: 0, page, pageSize, sums: { amount: '0.00', advance: '0.00' } } };
  if (q.accountId) await requireAccount(db, businessId, q.accountId);
  if ((q.partyId && !UUID.test(q.partyId)) || (q.createdBy && !UUID.test(q.createdBy))) return none;

  const types = PARTY_PAYMENT_TYPES[q.direction];
  const where: SQL[] = [
    sql`t.business_id = ${businessId}`,
    sql`t.type in (${sql.join(types.map((t) => sql`${t}`), sql`, `)})`,
    sql`t.reverses_id is null`,
  ];
  if (q.partyId) where.push(sql`t.party_id = ${q.partyId}`);
  if (q.accountId) where.push(sql`t.account_id = ${q.accountId}`);
  if (q.createdBy) where.push(sql`t.created_by = ${q.createdBy}`);
  if (q.from) where.push(sql`t.date >= ${q.from}`);
  if (q.to) where.push(sql`t.date <= ${q.to}`);

  // Each payment with whether it was reversed and what of it (one not tied to a bill) settles bills not cancelled.
  const matching = sql`
    select t.*,
           exists (select 1 from account_transactions r where r.business_id = t.business_id and r.reverses_id = t.id) as reversed,
           coalesce((
             select sum(al.amount) from payment_allocations al
             left join sale_invoices s on al.document_type = 'SALE' and s.business_id = al.business_id and s.id = al.document_id
             left join purchase_invoices p on al.document_type = 'PURCHASE' and p.business_id = al.business_id and p.id = al.document_id
             where al.business_id = t.business_id and al.transaction_id = t.id and coalesce(s.status, p.status, '') <> 'CANCELLED'), 0) as settled
    from account_transactions t
    where ${sql.join(where, sql` and `)}`;

  const rows = await selectRows<PaymentRow & { settled: string }>(
    db,
    sql`
    select m.id, m.type, m.direction, to_char(m.date, 'YYYY-MM-DD') as date, m.party_id, p.name as party_name,
           m.amount::text as amount, m.mode, m.account_id, a.display_name as account_name, m.reference, m.note,
           m.reversed, m.settled::text as settled,
           to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
    from (${matching}) m
    join accounts a on a.business_id = m.business_id and a.id = m.account_id
    left join parties p on p.business_id = m.business_id and p.id = m.party_id
    order by m.date desc, m.seq desc
    limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const [sums] = await selectRows<{ total: number; amount: string; advance: string }>(
    db,
    sql`
    select count(*)::int as total,
           coalesce(sum(m.amount) filter (where not m.reversed), 0)::text as amount,
           coalesce(sum(m.amount - m.settled) filter (where not m.reversed and m.type in ('PAYMENT_IN', 'PAYMENT_OUT')), 0)::text as advance
    from (${matching}) m`,
  );

  const settled = rows.length
    ? await selectRows<{
        transaction_id: string;
        document_type: PaymentSummary['allocations'][number]['documentType'];
        document_id: string;
        document_number: string | null;
        amount: string;
        cancelled: boolean | null;
      }>(
        db,
        sql`
        select x.transaction_id, x.document_type, x.document_id, x.document_number, x.amount::text as amount, x.cancelled
        from (${settledSql(businessId)}) x
        where x.transaction_id = any(${sql.param(rows.map((r) => r.id))}::uuid[])
        order by x.doc_created, x.document_number`,
      )
    : [];

  const vouchers = await voucherNumbers(db, businessId, rows.map((r) => r.id));
  return {
    data: rows.map((r) => {
      const isPartyPayment = r.type === 'PAYMENT_IN' || r.type === 'PAYMENT_OUT';
      return {
        id: r.id,
        type: r.type,
        direction: r.direction,
        date: r.date,
        partyId: r.party_id,
        partyName: r.party_name,
        amount: moneyText(r.amount),
        mode: r.mode,
        accountId: r.account_id,
        accountName: r.account_name,
        reference: r.reference,
        note: r.note,
        allocations: settled
          .filter((s) => s.transaction_id === r.id)
          .map((s) => ({
            documentType: s.document_type,
            documentId: s.document_id,
            documentNumber: s.document_number ?? '',
            amount: moneyText(s.amount),
            cancelled: Boolean(s.cancelled),
          })),
        // A payment with a bill has no advance: cancelling the bill gives the money back (reversed).
        advance: isPartyPayment && !r.reversed ? fromPaise(toPaise(moneyText(r.amount)) - toPaise(moneyText(r.settled))) : '0.00',
        reversed: Boolean(r.reversed),
        paymentVoucherNumber: vouchers.get(r.id) ?? null,
        createdAt: r.created_at,
      };
    }),
    meta: { total: Number(sums.total), page, pageSize, sums: { amount: moneyText(sums.amount), advance: moneyText(sums.advance) } },
  };
}
