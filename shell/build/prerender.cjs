// Run by PrerenderPagesPlugin in its own process: prints {"login.html": "<!doctype html>…", …} for the index.html
// and stylesheets given on stdin as {"index": "…", "styles": {"/742.055a9577.css": "…"}}. The components import their stylesheets, which the build has already bundled: here they are nothing.
require.extensions['.css'] = () => {};
require('tsx/cjs');
const { PRERENDERED_PAGES, pageHtml } = require('./render-pages.tsx');

const { index, styles } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const pages = Object.fromEntries(Object.keys(PRERENDERED_PAGES).map((path) => [PRERENDERED_PAGES[path], pageHtml(index, path, styles)]));
process.stdout.write(JSON.stringify(pages));
