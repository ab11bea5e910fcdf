// API suite: node environment, a real database per test file (PGlite in memory, or PostgreSQL with DATABASE_URL).
const swc = (syntax) => ['@swc/jest', { jsc: { parser: { syntax }, target: 'es2022' }, module: { type: 'commonjs' } }];

const TRANSFORMED = [
  'content-disposition',
  'cookie',
  '@fastify[+/]cookie',
  '@electric-sql[+/]pglite',
  // file-type 21 (ESM-only, loaded with import()) and its ESM dependencies.
  'file-type',
  'strtok3',
  'token-types',
  '@tokenizer[+/]inflate',
  'uint8array-extras',
  '@borewit[+/]text-codec',
  // pdf-parse (tests) loads pdfjs-dist's ES modules and its worker with import().
  'pdf-parse',
  'pdfjs-dist',
];

module.exports = {
  displayName: 'api',
  testEnvironment: 'node',
  transform: {
    '^.+\\.[cm]?ts$': swc('typescript'),
    '^.+\\.[cm]?js$': swc('ecmascript'),
  },
  // Compiled to CommonJS for jest, which cannot load ES modules or run `import()` without
  // --experimental-vm-modules: ESM-only packages (content-disposition, cookie 2) and CommonJS packages that
  // `import()` at run time (PGlite, @fastify/cookie). Node itself loads them natively.
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/)?(${TRANSFORMED.join('|')})[@/])`],
  // file-type's main export has only "import" conditions; its ./node subpath is the same module for require().
  moduleNameMapper: { '^file-type$': 'file-type/node' },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'cjs', 'mjs', 'json'],
  testTimeout: 30000,
  // A worker ends by itself once its last file is done (nothing of the app keeps it alive), but the process's own
  // teardown (freeing a heap of ~800 MB and PGlite's WebAssembly memory) measured 450–550 ms on two loaded cores:
  // past jest's default 500 ms, which then kills it and reports a leak that is not there. A real leak still shows.
  workerGracefulExitTimeout: 10_000,
};
