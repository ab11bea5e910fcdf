// Login page: JavaScript it transfers as served and the time until its phone field is usable, empty cache, against
// a bare one-input HTML page served by the same server; then signing in: code entered → first inner page.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { kb, log, median, ms, ratio, recordTarget, samples, table, verdict } from '../lib/common';
import { CLICK_TO_VISIBLE_PROBE, PHONE_USABLE_PROBE } from '../lib/page-probes';
import { otpFor, signUp, type BahiServer } from '../lib/server';

/** The performance mark the shell sets once the signed-in app's code is loaded (shell/src/app/signed-in-loader.ts). */
const SIGNED_IN_APP_MARK = 'bahi:signed-in-app';
const APP_LOADED = `performance.getEntriesByName('${SIGNED_IN_APP_MARK}').length > 0`;

export const LOGIN_JS_TARGET_BYTES = 250_000;
export const PHONE_RATIO_TARGET = 2;
export const BARE_PAGE_PATH = '/bench-bare.html';
const ROUNDS = 5;
const SIGN_IN_ROUNDS = 3;

interface JsFile {
  url: string;
  /** Body bytes as they came over the wire (the server's .br/.gz twin when the browser accepts it). */
  encoded: number;
  decoded: number;
  /** Requested before the phone field was usable: the login page's own; after it: the idle prefetch. */
  beforeUsable: boolean;
}

interface Visit {
  usableMs: number;
  js: JsFile[];
  encodings: string[];
}

/** Every script the page fetched, from the page's own Resource Timing (same clock as the probe). */
const SCRIPTS = `performance.getEntriesByType('resource')
  .filter((e) => e.initiatorType === 'script' || /\\.js(\\?|$)/.test(e.name))
  .map((e) => ({ url: e.name, start: e.startTime, encoded: e.encodedBodySize, decoded: e.decodedBodySize }))`;

/**
 * One visit in a new context (empty cache): when the phone field became usable and every script fetched. On the
 * login page that includes, once it is idle, the signed-in app (until the shell marks it loaded).
 */
async function visit(browser: Browser, url: string, prefetches = false): Promise<Visit> {
  // The probes are evaluated by Playwright, which the app's Content-Security-Policy (no eval) would refuse.
  const context = await browser.newContext({ bypassCSP: true });
  try {
    await context.addInitScript(PHONE_USABLE_PROBE);
    const page = await context.newPage();
    const encodings = new Set<string>();
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') encodings.add(res.headers()['content-encoding'] ?? 'identity');
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction('window.__benchPhoneUsable !== undefined', null, { timeout: 60_000 });
    const usableMs = (await page.evaluate('window.__benchPhoneUsable')) as number;
    // What the page fetches in the background once it is usable counts too, reported apart.
    if (prefetches) await page.waitForFunction(APP_LOADED, null, { timeout: 60_000 });
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const scripts = (await page.evaluate(SCRIPTS)) as Array<{ url: string; start: number; encoded: number; decoded: number }>;
    const js = scripts.map((s) => ({ url: s.url, encoded: s.encoded, decoded: s.decoded, beforeUsable: s.start < usableMs }));
    return { usableMs, js, encodings: [...encodings] };
  } finally {
    await context.close();
  }
}

/**
 * A person signing in: phone, Send code, then (the SMS takes a while, the idle prefetch is done) the 6-digit code.
 * The clock runs from the input event that completes the code to the home dashboard's greeting on screen.
 */
async function signInToHome(browser: Browser, server: BahiServer, phone: string): Promise<{ ms: number; prefetchedAt: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await context.addInitScript(CLICK_TO_VISIBLE_PROBE);
    const page: Page = await context.newPage();
    await page.goto(`${server.baseUrl}/login`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByLabel('Mobile number').fill(phone);
    await page.getByRole('button', { name: 'Send code' }).click();
    const code = page.getByLabel('One-time code');
    await code.waitFor({ state: 'visible', timeout: 30_000 });
    // A person reads the SMS meanwhile: the code goes in once the signed-in app has been fetched in the background.
    await page.waitForFunction(APP_LOADED, null, { timeout: 60_000 });
    const prefetchedAt = (await page.evaluate(`performance.getEntriesByName('${SIGNED_IN_APP_MARK}')[0].startTime`)) as number;
    const otp = await otpFor(server.outbox, phone, 'login');
    await page.evaluate(`window.__benchArm(${JSON.stringify({ selector: 'h2', text: 'Good ', event: 'input' })})`);
    await code.fill(otp);
    await page.waitForFunction('window.__benchResult !== undefined', null, { timeout: 30_000 });
    return { ms: ((await page.evaluate('window.__benchResult')) as { ms: number }).ms, prefetchedAt };
  } finally {
    await context.close();
  }
}

const sum = (files: JsFile[], key: 'encoded' | 'decoded') => files.reduce((n, f) => n + f[key], 0);
const names = (files: JsFile[]) =>
  [...files]
    .sort((a, b) => b.encoded - a.encoded)
    .map((f) => `${path.posix.basename(new URL(f.url).pathname)} ${kb(f.encoded)}`)
    .join(', ');

export async function benchLogin(browser: Browser, server: BahiServer): Promise<string[]> {
  const loginUrl = `${server.baseUrl}/login`;
  const bareUrl = `${server.baseUrl}${BARE_PAGE_PATH}`;
  log('login page: warm-up visit…');
  await visit(browser, bareUrl);
  const first = await visit(browser, loginUrl, true);

  const login: number[] = [];
  const bare: number[] = [];
  let last = first;
  for (let i = 0; i < ROUNDS; i++) {
    log(`login page: round ${i + 1}/${ROUNDS}…`);
    bare.push((await visit(browser, bareUrl)).usableMs);
    last = await visit(browser, loginUrl, true);
    login.push(last.usableMs);
  }

  const { phone } = await signUp(server, 'Login');
  const signIns: number[] = [];
  const prefetched: number[] = [];
  for (let i = 0; i < SIGN_IN_ROUNDS; i++) {
    log(`login page: signing in ${i + 1}/${SIGN_IN_ROUNDS}…`);
    const signIn = await signInToHome(browser, server, phone);
    signIns.push(signIn.ms);
    prefetched.push(signIn.prefetchedAt);
  }

  const own = last.js.filter((f) => f.beforeUsable);
  const background = last.js.filter((f) => !f.beforeUsable);
  const ownBytes = sum(own, 'encoded');
  const loginMedian = median(login);
  const bareMedian = median(bare);
  const signInMedian = median(signIns);

  recordTarget({
    figure: 'Login page JavaScript (as served)',
    value: kb(ownBytes),
    baseline: `bare page: no JS; ${ratio(ownBytes, LOGIN_JS_TARGET_BYTES)} the target (${kb(sum(own, 'decoded'))} uncompressed)`,
    target: `≤ ${kb(LOGIN_JS_TARGET_BYTES)}`,
    verdict: verdict(ownBytes <= LOGIN_JS_TARGET_BYTES),
  });
  recordTarget({
    figure: 'Login page: phone field usable',
    value: ms(loginMedian),
    baseline: `${ratio(loginMedian, bareMedian)} the bare page (${ms(bareMedian)})`,
    target: `≤ ${PHONE_RATIO_TARGET}× bare`,
    verdict: verdict(loginMedian <= PHONE_RATIO_TARGET * bareMedian),
  });
  return [
    '## Login page (headless Chromium, empty cache)',
    '',
    ...table(
      ['Figure', 'Value', 'Baseline', 'Ratio', 'Target', ''],
      [
        [
          `JavaScript the page needs, as served (${own.length} files)`,
          kb(ownBytes),
          'bare page: 0 KB',
          `${ratio(ownBytes, LOGIN_JS_TARGET_BYTES)} target`,
          `≤ ${kb(LOGIN_JS_TARGET_BYTES)}`,
          verdict(ownBytes <= LOGIN_JS_TARGET_BYTES),
        ],
        [
          `Phone field usable (median of ${ROUNDS})`,
          ms(loginMedian),
          `${ms(bareMedian)} bare page`,
          ratio(loginMedian, bareMedian),
          `≤ ${PHONE_RATIO_TARGET}× bare`,
          verdict(loginMedian <= PHONE_RATIO_TARGET * bareMedian),
        ],
        [
          `Signed-in app prefetched once idle, as served (${background.length} files)`,
          kb(sum(background, 'encoded')),
          '',
          '',
          '',
          '',
        ],
        [
          `Sign-in: code entered → home dashboard (median of ${SIGN_IN_ROUNDS})`,
          ms(signInMedian),
          `${ms(bareMedian)} bare page`,
          ratio(signInMedian, bareMedian),
          '',
          '',
        ],
      ],
    ),
    '',
    `- Bytes as served: each script's encoded body (Resource Timing \`encodedBodySize\`) in the encoding the server ` +
      `chose (${last.encodings.join(', ') || 'none'}; the builds ship .br/.gz twins). The page's own scripts are those requested ` +
      'before its phone field was usable; what it fetches once idle (the signed-in app: antd, @bahi/shared/ui, the layout) ' +
      'is reported apart.',
    `- Login page JS, largest first: ${names(own)}; ${kb(sum(own, 'decoded'))} uncompressed.`,
    `- Prefetched once idle: ${names(background) || 'nothing'}.`,
    '- "Usable": the first animation frame, counted from navigation start, in which `input[autocomplete="tel-national"]` is ' +
      'laid out, visible, enabled and editable (an init script checks every frame). Each visit is a new browser context ' +
      '(empty cache); visits alternate bare / login.',
    `- Baseline: ${BARE_PAGE_PATH}, one \`<input>\` and no script, served by the same Bahi server process: it is written into ` +
      "the shell build the server serves, so it goes through the same @fastify/static handler and cache headers as the login page.",
    '- Sign-in: a new context opens /login, types the number of a business signed up for this and sends the code; the code goes ' +
      `in once the page has fetched the signed-in app in the background (the \`${SIGNED_IN_APP_MARK}\` performance mark: a person ` +
      `is reading the SMS meanwhile; it came ${samples(prefetched)} ms after navigation start). The clock runs from the input ` +
      'event that completes the code to the first frame showing the home greeting (verify, session check, registry, layout).',
    `- Samples (ms): login ${samples(login)}; bare ${samples(bare)}; sign-in ${samples(signIns)}.`,
    '',
  ];
}
