const path = require('node:path');
const preset = require('@bahi/shared/jest');

module.exports = {
  ...preset,
  displayName: 'mf-items',
  // antd's selects and modals in jsdom make a whole-dialog test take seconds.
  testTimeout: 30000,
  setupFiles: [...(preset.setupFiles ?? []), path.join(__dirname, 'jest.setup.cjs')],
};
