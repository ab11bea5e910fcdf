// The spreadsheet parser's thread (started by sheet.ts). Plain Node runs it, under jest as under `tsx`, so tsx's
// require hook compiles the TypeScript it loads.
require('tsx/cjs/api').register();
require('./parse-worker.ts');
