// Jest preset for every browser package (shared, shell, remotes): @swc/jest, jsdom, Testing Library.
const path = require('node:path');

module.exports = {
  testEnvironment: path.join(__dirname, 'jest.env.cjs'),
  transform: {
    '^.+\\.[cm]?[jt]sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  setupFiles: [path.join(__dirname, 'jest.polyfills.cjs')],
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.cjs')],
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  // Screens render antd in jsdom with React's development build: seconds of CPU per test, more on two cores shared
  // with other work. A time-out is a hang detector here, not a speed test (benchmarks measure speed).
  testTimeout: 30_000,
  // @ant-design/icons' CommonJS build requires the ESM-only '@ant-design/colors/es/generate'; use its CommonJS twin.
  moduleNameMapper: {
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    '^@ant-design/icons$': path.join(__dirname, 'jest.icons.cjs'),
    // One instance of each entry point, also when shared's own modules import it by name (self-reference).
    '^@bahi/shared$': path.join(__dirname, 'src', 'index.ts'),
    '^@bahi/shared/(ui|testing|contracts|india|gst)$': path.join(__dirname, 'src', '$1', 'index.ts'),
  },
  modulePathIgnorePatterns: ['<rootDir>/dist/'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  globals: { __BAHI_VERSION__: '0.0.0-test', __BAHI_BUILT_AT__: '2026-01-01T00:00:00.000Z' },
};
