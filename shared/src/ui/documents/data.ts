import useSWR from 'swr';
import {
  QUOTATION_FUTURE_DAYS,
  accountApi,
  branchApi,
  cacheKey,
  documentDateRange,
  indiaToday,
  itemApi,
  partyApi,
  useSession,
  type DocumentDateRange,
  type PartyType,
} from '@bahi/shared';

/*
 * The look-ups every document screen (sales and purchases) makes: accounts, tax rates, party and item search.
 */


/** The dates a new document may carry (the API's rule): up to today until the business's setting has loaded. */
export function useDocumentDates(kind: 'QUOTATION' | 'OTHER'): DocumentDateRange {
  const { data } = useSWR(cacheKey('branches', 'document-settings'), () => branchApi.documentSettings(), { revalidateOnFocus: false });
  const days = data?.futureDatedDays ?? 0;
  return documentDateRange(indiaToday(), kind === 'QUOTATION' ? Math.max(days, QUOTATION_FUTURE_DAYS) : days);
}

export function useAccounts() {
  return useSWR(cacheKey('accounts', 'list'), () => accountApi.accounts(), { revalidateOnFocus: false });
}

export function useTaxRates() {
  return useSWR(cacheKey('items', 'taxes'), () => itemApi.taxes(), { revalidateOnFocus: false });
}

/** Parties of one type (customers on a sale, suppliers on a purchase; none: every party) matching what was typed, first page. */
export function usePartySearch(q: string, partyType: PartyType | undefined) {
  const query = { q: q.trim() || undefined, partyType, page: 1, pageSize: 20 };
  return useSWR(cacheKey('parties', 'list', query), () => partyApi.list(query), { keepPreviousData: true });
}

/** Items matching name, code, HSN or SAC, with their stock at the active branch (the key carries the branch). */
export function useItemSearch(q: string) {
  const branchId = useSession().activeStoreBranch?.id ?? null;
  const query = { q: q.trim() || undefined, page: 1, pageSize: 20 };
  return useSWR(cacheKey('items', 'list', query, branchId), () => itemApi.list(query), { keepPreviousData: true });
}
