import useSWR from 'swr';
import { branchApi, cacheKey, stateName, useRecord, type Branch } from '@bahi/shared';

/** Every branch of the business. Search is client-side: a business has a handful of branches. */
export function useBranches() {
  return useSWR(cacheKey('branches', 'list'), () => branchApi.list());
}

/** One branch; a malformed id is never sent (it cannot name a branch). */
export function useBranch(id: string | undefined) {
  return useRecord(['branches', 'detail'], id, (key) => branchApi.get(key));
}

/** "27 - Maharashtra", as the state select shows it. */
export function stateLabel(code: string, name: string): string {
  return `${code} - ${name}`;
}

/** "Pune, Maharashtra" — whatever part of the place is known. */
export function branchPlace(b: Branch): string | undefined {
  const parts = [b.address.city, stateName(b.address.stateCode)].filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

/** The address as printed on a letter: street; city - PIN; state. Empty when nothing is known. */
export function addressLines(b: Branch): string[] {
  const { street, city, pin, stateCode } = b.address;
  const cityLine = [city, pin].filter(Boolean).join(' - ');
  return [street, cityLine, stateName(stateCode)].filter((l): l is string => !!l);
}

/** Matches a branch against a search: name, place, GSTIN, phone, email or invoice prefix. */
export function branchMatches(b: Branch, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  // "+91 98220 12345" finds the stored 9822012345.
  const digits = q.replace(/[\s+-]/g, '').replace(/^91(?=[0-9]{10}$)/, '');
  const haystack = [
    b.name,
    b.address.city,
    b.address.street,
    b.address.pin,
    stateName(b.address.stateCode),
    b.gstin,
    b.email,
    b.invoicePrefix,
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();
  return haystack.includes(q) || (!!b.phone && /^[0-9]+$/.test(digits) && b.phone.includes(digits));
}

const DATE_TIME = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' });

export function formatDateTime(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : DATE_TIME.format(d);
}
