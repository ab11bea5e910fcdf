import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { businessProfileApi, cacheKey, type BusinessProfile } from '@bahi/shared';

/** The business profile (names, images, bank, defaults) every document screen prints with; null until loaded. */
export function useBusinessProfile(): BusinessProfile | null {
  const { data } = useSWR(cacheKey('session', 'business-profile'), () => businessProfileApi.get(), { revalidateOnFocus: false, shouldRetryOnError: false });
  return data ?? null;
}

/**
 * A new bill starts with the business profile's default notes and terms: once, when the profile has loaded, and
 * only into a bill whose notes and terms are both still blank (a duplicate or a converted quotation keeps its own).
 */
export function useProfileDefaults(draft: { notes: string; terms: string }, update: (patch: { notes?: string; terms?: string }) => void) {
  const data = useBusinessProfile();
  const applied = useRef(false);
  useEffect(() => {
    if (!data || applied.current) return;
    applied.current = true;
    if (draft.notes || draft.terms || (!data.notes && !data.terms)) return;
    update({ notes: data.notes ?? '', terms: data.terms ?? '' });
  }, [data, draft.notes, draft.terms, update]);
}
