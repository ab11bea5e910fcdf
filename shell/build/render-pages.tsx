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
 * index.html with `path`'s page inside #root (marked with the path, so the browser hydrates it only there). The start
 * chunks' stylesheets, which index.html preloads, are in the head as `<style>` (their text, from `styles` by href),
 * so the page is styled in its first frame without waiting for another request, exactly as it will be once React
 * runs; and linked at the end of the body, where they block nothing above them and the chunk loader finds them.
 * No script is inlined (the Content-Security-Policy allows none).
 */
export function pageHtml(indexHtml: string, path: string, styles: Record<string, string>, markup = renderPage(path)): string {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) throw new Error(`index.html has no ${root}`);
  const hrefs: string[] = [];
  const styled = indexHtml.replace(/<link[^>]*?\bas="style"[^>]*?>/g, (link) => {
    const href = /\bhref="([^"]+)"/.exec(link)?.[1] ?? '';
    if (!(href in styles) || styles[href].includes('</')) throw new Error(`no text to inline for the stylesheet ${href}`);
    hrefs.push(href);
    return `<style>${styles[href].replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '')}</style>`;
  });
  if (hrefs.length === 0) throw new Error('index.html preloads no stylesheet; the prerendered page would be unstyled');
  return styled
    .replace(root, `<div id="root" ${PRERENDERED_ATTRIBUTE}="${path}">${markup}</div>`)
    .replace('</body>', `${hrefs.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</body>`);
}
