import useSWR from 'swr';
import { Id } from '../contracts/common';
import { cacheKey, type CacheArea } from './index';

/**
 * One record of an area by the id in the URL, as every detail screen loads it: a malformed id is never sent (it
 * cannot name a record) and answers `invalidId`; retries follow the provider's rule (a 4xx is not retried).
 */
export function useRecord<T>(
  [area, kind, ...key]: [CacheArea, string, ...unknown[]],
  id: string | null | undefined,
  fetch: (id: string) => Promise<T>,
) {
  const valid = !!id && Id.safeParse(id).success;
  const swr = useSWR(valid ? cacheKey(area, kind, id, ...key) : null, () => fetch(id!));
  return { ...swr, invalidId: !valid };
}
