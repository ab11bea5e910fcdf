/** Pages a login should never return to. */
const AUTH_PATHS = ['/login', '/signup'];

/**
 * The in-app path to return to after login, from `?next=`: only a same-origin absolute path, never another
 * site (`//evil.example`) and never the login pages themselves.
 */
export function safeNextPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const pathname = raw.split(/[?#]/)[0];
  if (AUTH_PATHS.includes(pathname)) return null;
  return raw;
}

export function nextFromSearch(search: string): string | null {
  return safeNextPath(new URLSearchParams(search).get('next'));
}

/** `/login?next=%2Fstore-branch` for a visitor who asked for /store-branch. */
export function authPath(page: '/login' | '/signup', next: string | null | undefined): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `${page}?next=${encodeURIComponent(safe)}` : page;
}
