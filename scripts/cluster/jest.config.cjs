// The cluster's failure tests (scripts/cluster/*.cluster.test.ts): real PostgreSQL servers, HAProxy and API
// processes, so one file at a time (`--runInBand`) and long time-outs; each test bounds its own load.
module.exports = {
  displayName: 'cluster',
  testEnvironment: 'node',
  rootDir: __dirname,
  transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  testMatch: ['<rootDir>/*.cluster.test.ts'],
  moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
  testTimeout: 180_000,
  maxWorkers: 1,
};
