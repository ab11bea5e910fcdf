// Login page: JavaScript transferred (gzip bytes) and time until the phone field is usable, empty cache, against a
// bare one-input HTML page served by the same server.
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { kb, log, median, ms, ratio, recordTarget, samples, table, verdict } from '../lib/common';
import { PHONE_USABLE_PROBE } from '../lib/page-probes';
import type { BahiServer } from '../lib/server';

export const LOGIN_JS_TARGET_BYTES = 250_000;
export const PHONE_RATIO_TARGET = 2;
export const BARE_PAGE_PATH = '/bench-bare.html';
const ROUNDS = 5;

interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  /** Bytes on the wire for the body, as Chromium counted them. */
  transferred: number;
  encoding: string;
}

interface Visit {
  usableMs: number;
  js: JsFile[];
}

const isJs = (res: Response) =>
  res.request().resourceType() === 'script' || /javascript|ecmascript/i.test(res.headers()['content-type'] ?? '');

/** One visit in a new context (empty cache): the time the phone field became usable and every JS response. */
async function visit(browser: Browser, url: string): Promise<Visit> {
  const context = await browser.newContext();
  try {
    await context.addInitScript(PHONE_USABLE_PROBE);
    const page = await context.newPage();
    const pending: Array<Promise<JsFile | null>> = [];
    page.on('response', (res) => {
      if (!isJs(res)) return;
      pending.push(
        (async () => {
          const body = await res.body().catch(() => null);
          if (!body) return null;
          const sizes = await res.request().sizes().catch(() => null);
          const encoding = (res.headers()['content-encoding'] ?? 'identity').toLowerCase();
          return {
            url: res.url(),
            raw: body.length,
            gzip: encoding === 'gzip' && sizes ? sizes.responseBodySize : zlib.gzipSync(body, { level: 6 }).length,
            transferred: sizes?.responseBodySize ?? body.length,
            encoding,
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction('window.__benchPhoneUsable !== undefined', null, { timeout: 60_000 });
    const usableMs = (await page.evaluate('window.__benchPhoneUsable')) as number;
    // Lazy chunks the page asks for after first render count too.
    await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
    const js = (await Promise.all(pending)).filter((f): f is JsFile => f !== null);
    return { usableMs, js };
  } finally {
    await context.close();
  }
}

export async function benchLogin(browser: Browser, server: BahiServer): Promise<string[]> {
  const loginUrl = `${server.baseUrl}/login`;
  const bareUrl = `${server.baseUrl}${BARE_PAGE_PATH}`;
  log('login page: warm-up visit…');
  await visit(browser, bareUrl);
  const first = await visit(browser, loginUrl);

  const login: number[] = [];
  const bare: number[] = [];
  let files = first.js;
  for (let i = 0; i < ROUNDS; i++) {
    log(`login page: round ${i + 1}/${ROUNDS}…`);
    bare.push((await visit(browser, bareUrl)).usableMs);
    const v = await visit(browser, loginUrl);
    login.push(v.usableMs);
    files = v.js;
  }

  const gzip = files.reduce((n, f) => n + f.gzip, 0);
  const raw = files.reduce((n, f) => n + f.raw, 0);
  const serverGzips = files.length > 0 && files.every((f) => f.encoding === 'gzip');
  const encodings = [...new Set(files.map((f) => f.encoding))].join(', ');
  const largest = [...files]
    .sort((a, b) => b.gzip - a.gzip)
    .map((f) => `${path.posix.basename(new URL(f.url).pathname)} ${kb(f.gzip)}`)
    .join(', ');
  const loginMedian = median(login);
  const bareMedian = median(bare);

  recordTarget({
    figure: 'Login page JavaScript (gzip)',
    value: kb(gzip),
    baseline: `bare page: no JS; ${ratio(gzip, LOGIN_JS_TARGET_BYTES)} the target (${kb(raw)} uncompressed)`,
    target: `≤ ${kb(LOGIN_JS_TARGET_BYTES)}`,
    verdict: verdict(gzip <= LOGIN_JS_TARGET_BYTES),
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
          `JavaScript transferred, gzip (${files.length} files)`,
          kb(gzip),
          'bare page: 0 KB',
          `${ratio(gzip, LOGIN_JS_TARGET_BYTES)} target`,
          `≤ ${kb(LOGIN_JS_TARGET_BYTES)}`,
          verdict(gzip <= LOGIN_JS_TARGET_BYTES),
        ],
        [
          `Phone field usable (median of ${ROUNDS})`,
          ms(loginMedian),
          `${ms(bareMedian)} bare page`,
          ratio(loginMedian, bareMedian),
          `≤ ${PHONE_RATIO_TARGET}× bare`,
          verdict(loginMedian <= PHONE_RATIO_TARGET * bareMedian),
        ],
      ],
    ),
    '',
    serverGzips
      ? '- The server sent every JS file gzip-encoded: the figure is the encoded body size Chromium received.'
      : `- The server does not compress static files (JS came with content-encoding: ${encodings}; Bahi's static serving has ` +
        'no gzip/brotli and no pre-compressed files), so the figure is the gzip size (zlib level 6) of each JS body ' +
        `Chromium received, computed here. Bytes actually on the wire: ${kb(files.reduce((n, f) => n + f.transferred, 0))}.`,
    `- JS files, largest first (gzip): ${largest}; ${kb(raw)} uncompressed in all.`,
    '- "Usable": the first animation frame, counted from navigation start, in which `input[autocomplete="tel-national"]` is ' +
      'laid out, visible, enabled and editable (an init script checks every frame). Each visit is a new browser context ' +
      '(empty cache); visits alternate bare / login.',
    `- Baseline: ${BARE_PAGE_PATH}, one \`<input>\` and no script, served by the same Bahi server process: it is written into ` +
      'the shell build the server serves (APPS_ROOT is the bench\'s fresh production build, see Build), so it goes through the ' +
      'same @fastify/static handler and cache headers as the login page.',
    `- Samples (ms): login ${samples(login)}; bare ${samples(bare)}.`,
    '',
  ];
}
