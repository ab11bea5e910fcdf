// Run by PrerenderPagesPlugin in its own process: prints {"/login": "<!doctype html>…", …} for the index.html given
// on stdin. The components import their stylesheets, which the build has already bundled: here they are nothing.
require.extensions['.css'] = () => {};
require('tsx/cjs');
const { PRERENDERED_PAGES, pageHtml } = require('./render-pages.tsx');

const indexHtml = require('node:fs').readFileSync(0, 'utf8');
const pages = Object.fromEntries(Object.keys(PRERENDERED_PAGES).map((path) => [PRERENDERED_PAGES[path], pageHtml(indexHtml, path)]));
process.stdout.write(JSON.stringify(pages));
