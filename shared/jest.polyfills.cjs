// jsdom lacks what react-router 7 and antd expect from a browser.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
if (typeof window !== 'undefined') {
  window.matchMedia ??= (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  window.scrollTo = () => {};
}

if (typeof window !== 'undefined') {
  // jsdom has no MessageChannel; antd's Form.useWatch posts a message to run a macro task. A timer does the same.
  if (typeof globalThis.MessageChannel === 'undefined') {
    globalThis.MessageChannel = class MessageChannel {
      constructor() {
        const port1 = { onmessage: null };
        this.port1 = port1;
        this.port2 = { postMessage: (data) => setTimeout(() => port1.onmessage && port1.onmessage({ data }), 0) };
      }
    };
  }

  // jsdom matches every CSS-in-JS rule antd injected on each getComputedStyle call (user-event, rc-motion and
  // TextArea autosize call it constantly), which made a form test take seconds. No test depends on stylesheet
  // rules, so the computed style is the element's inline style.
  window.getComputedStyle = (elt) => elt.style;
}
