import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import { App } from '../src/app';
import { PRERENDERED_ATTRIBUTE, appTree } from '../src/takeover';

/** The pages the server answers as HTML with their form in it, so it is usable before the JavaScript has run. */
export const PRERENDERED_PAGES = { '/login': 'login.html', '/signup': 'signup.html' } as const;

/** React's markup of the shell at `path`: the same components and tree the browser then hydrates. */
export function renderPage(path: string): string {
  return renderToString(appTree(<App createRouter={(routes) => createMemoryRouter(routes, { initialEntries: [path] })} />));
}

/**
 * index.html with `path`'s page inside #root (marked with the path, so the browser hydrates it only there), and the
 * start chunks' stylesheets, which index.html only preloads, applied from the head: the page looks as it will once
 * React runs. Nothing is inlined (the Content-Security-Policy allows no inline script).
 */
export function pageHtml(indexHtml: string, path: string, markup = renderPage(path)): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  const styled = indexHtml.replace(/<link([^>]*?)\bas="style"([^>]*?)\brel="preload"/g, '<link$1rel="stylesheet"$2');
  if (styled === indexHtml) throw new Error('index.html preloads no stylesheet; the prerendered page would be unstyled');
  return styled.replace(root, `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${markup}</div>`);
}
