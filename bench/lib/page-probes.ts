// In-page probes, as plain JavaScript strings (tsx would otherwise inject helpers into serialised functions).
// Times come from the page's own clock: performance.now() and event.timeStamp count from navigation start.

/** Shared visibility test: laid out, not hidden, not transparent. */
const VISIBLE = `
  const __benchVisible = (el) => {
    if (!el) return false;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0;
  };`;

/** The login page's phone input and the bare page's input share this selector. */
export const PHONE_SELECTOR = 'input[autocomplete="tel-national"]';

/**
 * Init script: from the first frame, checks every animation frame whether the phone field is usable (visible,
 * enabled, editable) and stores the time in `window.__benchPhoneUsable` (ms since navigation start).
 */
export const PHONE_USABLE_PROBE = `(() => {
  ${VISIBLE}
  const tick = () => {
    const el = document.querySelector(${JSON.stringify(PHONE_SELECTOR)});
    if (el && !el.disabled && !el.readOnly && __benchVisible(el)) {
      window.__benchPhoneUsable = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/** What a probe waits for: a visible element matching `selector` whose text includes `text`. */
export interface VisibleSpec {
  selector: string;
  text?: string;
}

const FOUND = `
  const __benchFound = (spec) => {
    for (const el of document.querySelectorAll(spec.selector)) {
      if (spec.text && !(el.textContent || '').includes(spec.text)) continue;
      if (__benchVisible(el)) return true;
    }
    return false;
  };`;

/**
 * Init script: from the first frame of the page, checks every animation frame for `spec` and stores the time it
 * first shows in `window.__benchShown` (ms since navigation start): a cold page load to its content.
 */
export const shownFromStartProbe = (spec: VisibleSpec) => `(() => {
  ${VISIBLE}
  ${FOUND}
  const spec = ${JSON.stringify(spec)};
  const tick = () => {
    if (__benchFound(spec)) {
      window.__benchShown = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

/**
 * Init script defining `window.__benchArm({ selector, text, event })`: the next `event` (click unless named)
 * anywhere starts the clock (event.timeStamp, captured before the app sees it), then every animation frame looks
 * for `spec`; `window.__benchResult = { ms }` once found.
 */
export const CLICK_TO_VISIBLE_PROBE = `(() => {
  ${VISIBLE}
  ${FOUND}
  window.__benchArm = (spec) => {
    window.__benchResult = undefined;
    let t0 = 0;
    const event = spec.event || 'click';
    const tick = () => {
      if (__benchFound(spec)) {
        window.__benchResult = { ms: performance.now() - t0 };
        return;
      }
      requestAnimationFrame(tick);
    };
    const onEvent = (e) => {
      window.removeEventListener(event, onEvent, true);
      t0 = e.timeStamp;
      requestAnimationFrame(tick);
    };
    window.addEventListener(event, onEvent, true);
  };
})();`;

export const BARE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Bare page (benchmark baseline)</title>
  </head>
  <body>
    <label>Mobile number <input autocomplete="tel-national" inputmode="numeric" placeholder="98765 43210" autofocus /></label>
  </body>
</html>
`;
