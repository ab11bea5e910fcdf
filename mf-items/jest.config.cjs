const path = require('node:path');
const preset = require('@bahi/shared/jest');

module.exports = {
  ...preset,
  displayName: 'mf-items',
  setupFiles: [...(preset.setupFiles ?? []), path.join(__dirname, 'jest.setup.cjs')],
};
