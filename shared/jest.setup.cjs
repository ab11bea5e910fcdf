require('@testing-library/jest-dom');
const { format } = require('node:util');
const { configure } = require('@testing-library/dom');

// A screen rendered with antd in jsdom can take seconds to appear on two busy cores: findBy*/waitFor wait up to
// 10 s for what a user would see (a wrong screen still fails, only later), not the 1 s default.
configure({ asyncUtilTimeout: 10_000 });
// And a whole test gets 30 s, not jest's 5 s (`testTimeout` in a project's config is not applied when the workspace
// runs every project at once; this is).
jest.setTimeout(30_000);

/**
 * A test fails on console.error or console.warn it did not expect (React's act() warnings, antd deprecations,
 * failed prop types...). A test that expects one spies on the console itself. Only what every test may print
 * is allowed here, each with the reason.
 */
const ALLOWED = [
  // jsdom does no layout, so antd's auto-sizing TextArea computes a NaN height.
  /NaN.* is an invalid value for the .*height.* css style property/,
  // antd's own internals (form fields validating asynchronously, animations) settle in a promise or timer of their
  // own; on a loaded machine that lands between two awaited steps of a test, outside act(). What the user sees is
  // still asserted with findBy/waitFor; an act() warning about one of Bahi's own components still fails the test.
  /^An update to (Field|InternalFormItem|ForwardRef|CSSMotion|DomWrapper|Popup|Trigger|List|Upload|Form) inside a test was not wrapped in act/,
];

const unexpected = [];
for (const level of ['error', 'warn']) {
  console[level] = (...args) => {
    const text = format(...args);
    if (!ALLOWED.some((re) => re.test(text))) unexpected.push(`console.${level}: ${text}`);
  };
}

afterEach(() => {
  if (unexpected.length === 0) return;
  const seen = unexpected.splice(0).map((t) => (t.length > 1500 ? `${t.slice(0, 1500)}…` : t));
  throw new Error(`Unexpected console output during this test:\n\n${seen.join('\n\n')}`);
});
