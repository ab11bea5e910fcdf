import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False while React renders on the server (the prerendered /login and /signup) and while it takes over that HTML
 * in the browser, true from the render after: what the page shows first must be exactly what the server sent, so
 * anything that depends on the browser (the URL's `?next=`, history state, whether the code can be sent) waits for
 * it. A page rendered by the browser alone (createRoot) is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
