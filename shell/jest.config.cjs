const preset = require('@bahi/shared/jest');

module.exports = {
  ...preset,
  displayName: 'shell',
  testMatch: [...preset.testMatch, '<rootDir>/build/**/*.test.{ts,tsx}'],
  // Stylesheets are imported next to the components they style; tests do not need them.
  moduleNameMapper: { ...preset.moduleNameMapper, '\\.css$': '<rootDir>/src/test/no-styles.ts' },
};
