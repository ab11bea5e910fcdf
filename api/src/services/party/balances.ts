import type { TransactionType } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { moneyOut } from '../accounts';
import { selectRows } from '../documents/rows';

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
];

/**
 * What each party owes the business (negative: what the business owes it): opening balance + sales not cancelled −
 * money received from it (net of reversals) − purchases not cancelled + money paid to it (net of reversals): the
 * transactions of PARTY_BALANCE_TYPES, each once (a payment in settling several invoices is one row). One statement
 * for a page of parties, each figure an index probe (sale_invoices, purchase_invoices and account_transactions by
 * business and party).
 */
export async function partyBalances(db: Db | Tx, businessId: string, partyIds: string[]): Promise<Map<string, string>> {
  if (partyIds.length === 0) return new Map();
  const rows = await selectRows<{ id: string; balance: string }>(
    db,
    sql`
      select p.id,
             (coalesce(p.opening_balance, 0)
              + coalesce((select sum(s.grand_total) from sale_invoices s
                          where s.business_id = p.business_id and s.party_id = p.id and s.status <> 'CANCELLED'), 0)
              - coalesce((select sum(b.grand_total) from purchase_invoices b
                          where b.business_id = p.business_id and b.party_id = p.id and b.status <> 'CANCELLED'), 0)
              - coalesce((select sum(case when t.direction = 'IN' then t.amount else -t.amount end) from account_transactions t
                          where t.business_id = p.business_id and t.party_id = p.id
                            and t.type = any(${sql.param([...PARTY_BALANCE_TYPES])}::text[])), 0))::text as balance
      from parties p
      where p.business_id = ${businessId} and p.id = any(${sql.param(partyIds)}::uuid[])`,
  );
  return new Map(rows.map((r) => [r.id, moneyOut(r.balance)]));
}
