import { StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client';

/** The attribute the build's prerender puts on #root: the path whose page the HTML already holds. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** What React renders at the root, in the browser and in the build's prerender alike (hydration needs both equal). */
export const appTree = (app: ReactNode) => <StrictMode>{app}</StrictMode>;

/**
 * Starts React in `container`. When the server answered a prerendered page for this very path (/login, /signup),
 * React hydrates it: it keeps the HTML a person may already be typing into (their text, focus and caret stay; the
 * inputs hand what they hold to React's state), so nothing flashes or jumps. Anything else (index.html, or a
 * prerendered page reached at another path, e.g. /login.html) renders from scratch.
 */
export function takeOver(container: HTMLElement, app: ReactNode, options: RootOptions = {}, pathname = window.location.pathname) {
  const tree = appTree(app);
  const prerendered = container.getAttribute(PRERENDERED_ATTRIBUTE);
  container.removeAttribute(PRERENDERED_ATTRIBUTE);
  if (prerendered !== null && prerendered === pathname && container.firstElementChild) return hydrateRoot(container, tree, options);
  container.replaceChildren();
  const root = createRoot(container, options);
  root.render(tree);
  return root;
}
