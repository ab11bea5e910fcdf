// jsdom with the WHATWG fetch classes of Node (jsdom has none), so the API client runs unmodified in tests.
const { TestEnvironment } = require('jest-environment-jsdom');

class BahiDomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['fetch', 'Response', 'Request', 'Headers', 'AbortController', 'AbortSignal', 'structuredClone']) {
      if (typeof globalThis[name] !== 'undefined') this.global[name] = globalThis[name];
    }
  }
}

module.exports = BahiDomEnvironment;
