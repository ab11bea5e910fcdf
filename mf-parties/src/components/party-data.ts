import useSWR from 'swr';
import { PARTY_TYPE_LABELS, cacheKey, formatRupees, partyApi, useRecord, type Party, type PartyAddress, type PartyListQuery } from '@bahi/shared';

/** One page of the list (server-side search, filters and paging; the previous page stays while the next loads). */
export function usePartyPage(query: PartyListQuery) {
  return useSWR(cacheKey('parties', 'list', query), () => partyApi.list(query), { keepPreviousData: true });
}

/** One party; a malformed id is never sent (it cannot name a party). */
export function useParty(id: string | undefined) {
  return useRecord(['parties', 'detail'], id, (key) => partyApi.get(key));
}

export function usePartyCategories() {
  return useSWR(cacheKey('parties', 'categories'), () => partyApi.categories());
}

export function usePartyLocations() {
  return useSWR(cacheKey('parties', 'locations'), () => partyApi.locations(), { revalidateOnFocus: false });
}

/** 'Customer', 'Supplier' or 'Customer & Supplier'. */
export const partyTypeLabel = (type: Party['partyType']) => PARTY_TYPE_LABELS[type];

/** Street, state and PIN joined by commas, or '-' when missing. */
export function formatAddress(address: PartyAddress | null | undefined): string {
  if (!address) return '-';
  const { ad, st, pin } = address.miscData;
  const parts = [ad, st, pin].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length ? parts.join(', ') : '-';
}

/** One combined row when billing and shipping share an id or the billing address serves both. */
export function sharesOneAddress(party: Pick<Party, 'billingAddress' | 'shippingAddress'>): boolean {
  return party.billingAddress?.id === party.shippingAddress?.id || party.billingAddress?.type === 'BOTH';
}

/** The rupee sign and the amount, 0 when empty. */
export const openingBalanceText = (amount: string | null) => formatRupees(amount ?? 0);
/** The rupee sign and the amount, or '-'. */
export const creditLimitText = (amount: string | null) => (amount === null ? '-' : formatRupees(amount));
/** Days, 0 when empty. */
export const creditPeriodText = (days: number | null) => `${days ?? 0} ${days === 1 ? 'day' : 'days'}`;
