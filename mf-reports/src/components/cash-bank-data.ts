import useSWR from 'swr';
import {
  accountApi,
  cacheKey,
  partyApi,
  purchaseApi,
  saleApi,
  type TransactionListQuery,
} from '@bahi/shared';
import type { OpenBill, PaymentDirection } from '../pages/cash-bank/allocation';

/** Every account (Cash in hand first) with its balance. */
export function useAccounts() {
  return useSWR(cacheKey('accounts', 'list'), () => accountApi.accounts());
}

/** One page of an account's ledger, newest first, each row with the running balance. */
export function useTransactions(query: TransactionListQuery, enabled = true) {
  return useSWR(enabled ? cacheKey('accounts', 'transactions', query) : null, () => accountApi.transactions(query), {
    keepPreviousData: true,
  });
}

/** Parties matching what was typed (name, mobile, GSTIN), first page. */
export function usePartySearch(q: string) {
  const query = { q: q.trim() || undefined, page: 1, pageSize: 20 };
  return useSWR(cacheKey('parties', 'list', query), () => partyApi.list(query), { keepPreviousData: true });
}

/** At most this many pages of each status are read for the allocation preview (100 bills a page). */
const MAX_PAGES = 5;
const PAGE_SIZE = 100;

/**
 * The party's open bills — unpaid and part-paid sale invoices for a payment in, purchase bills for a payment out —
 * oldest first, as the server allocates them.
 */
export async function fetchOpenBills(direction: PaymentDirection, partyId: string): Promise<OpenBill[]> {
  const bills: OpenBill[] = [];
  for (const status of ['UNPAID', 'PARTIAL'] as const) {
    for (let page = 1; page <= MAX_PAGES; page++) {
      const query = { partyId, status, page, pageSize: PAGE_SIZE };
      if (direction === 'IN') {
        const res = await saleApi.list(query);
        for (const s of res.data) {
          bills.push({ id: s.id, number: s.invoiceNumber, date: s.invoiceDate, createdAt: s.createdAt, total: s.grandTotal, balance: s.balance });
        }
        if (page * PAGE_SIZE >= res.meta.total) break;
      } else {
        const res = await purchaseApi.list(query);
        for (const p of res.data) {
          bills.push({ id: p.id, number: p.billNumber, date: p.billDate, createdAt: p.createdAt, total: p.grandTotal, balance: p.balance });
        }
        if (page * PAGE_SIZE >= res.meta.total) break;
      }
    }
  }
  return bills.sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt));
}

export function useOpenBills(direction: PaymentDirection, partyId: string | undefined) {
  return useSWR(partyId ? cacheKey(direction === 'IN' ? 'sales' : 'purchases', 'open-bills', partyId) : null, () =>
    fetchOpenBills(direction, partyId!),
  );
}
