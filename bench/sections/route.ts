// A remote route: from clicking its sidebar entry to its content visible, cold (never visited, empty cache) and
// preloaded (after hovering the entry and waiting for the preload); baseline: clicking Home (a shell-only route).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { log, median, ms, ratio, recordTarget, samples, sleep, table, verdict } from '../lib/common';
import { CLICK_TO_VISIBLE_PROBE } from '../lib/page-probes';
import type { BahiServer, Session } from '../lib/server';

export const PRELOADED_TARGET_MS = 150;
export const COLD_TARGET_MS = 600;
const ROUNDS = 5;
const REMOTE = { entry: 'Store branches', folder: 'mf-branches', path: '/store-branch' };
/** A path no route claims: the shell's own 404 page, so that Home can be clicked. */
const START_PATH = '/bench-no-such-page';

interface Spec {
  selector: string;
  text?: string;
}

/** Counts requests in flight, and whether any went to the remote's folder. */
function watchNetwork(page: Page) {
  const state = { inflight: 0, lastChange: Date.now(), remoteRequests: 0 };
  page.on('request', (r) => {
    state.inflight += 1;
    state.lastChange = Date.now();
    if (r.url().includes(`/remotes/${REMOTE.folder}/`)) state.remoteRequests += 1;
  });
  const done = () => {
    state.inflight = Math.max(0, state.inflight - 1);
    state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return state;
}

/** Clicks `name` in the sidebar and returns the ms from the click event until `spec` is visible (NaN on timeout). */
async function clickToVisible(page: Page, name: string, spec: Spec): Promise<number> {
  await page.evaluate(`window.__benchArm(${JSON.stringify(spec)})`);
  await sidebarEntry(page, name).click();
  try {
    await page.waitForFunction('window.__benchResult !== undefined', null, { timeout: 20_000 });
  } catch {
    return NaN;
  }
  return ((await page.evaluate('window.__benchResult')) as { ms: number }).ms;
}

const sidebarEntry = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Areas' }).getByRole('menuitem', { name });

async function signedInPage(browser: Browser, server: BahiServer, session: Session) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies(session.cookies.map((c) => ({ ...c, url: server.baseUrl })));
  await context.addInitScript(CLICK_TO_VISIBLE_PROBE);
  const page = await context.newPage();
  const net = watchNetwork(page);
  await page.goto(`${server.baseUrl}${START_PATH}`, { waitUntil: 'load', timeout: 60_000 });
  await sidebarEntry(page, REMOTE.entry).waitFor({ state: 'visible', timeout: 30_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  return { context, page, net };
}

/** Waits until the remote's files were requested and the network has been quiet for `quietMs`. */
async function waitForPreload(net: ReturnType<typeof watchNetwork>, quietMs = 500, timeoutMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (net.remoteRequests > 0 && net.inflight === 0 && Date.now() - net.lastChange >= quietMs) return true;
    await sleep(50);
  }
  return false;
}

export async function benchRoute(browser: Browser, server: BahiServer, session: Session, branchName: string): Promise<string[]> {
  const home: Spec = { selector: 'h2', text: `, ${session.firstName}` };
  const remote: Spec = { selector: `a[href^="${REMOTE.path}/"]`, text: branchName };
  const homeMs: number[] = [];
  const cold: number[] = [];
  const preloaded: number[] = [];
  const notes: string[] = [];

  for (let i = 0; i < ROUNDS; i++) {
    log(`remote route: round ${i + 1}/${ROUNDS} (cold)…`);
    {
      const { context, page, net } = await signedInPage(browser, server, session);
      try {
        homeMs.push(await clickToVisible(page, 'Home', home));
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        if (net.remoteRequests > 0) notes.push(`round ${i + 1}: ${REMOTE.folder} was fetched before its entry was clicked`);
        cold.push(await clickToVisible(page, REMOTE.entry, remote));
      } finally {
        await context.close();
      }
    }
    log(`remote route: round ${i + 1}/${ROUNDS} (preloaded)…`);
    {
      const { context, page, net } = await signedInPage(browser, server, session);
      try {
        homeMs.push(await clickToVisible(page, 'Home', home));
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        await sidebarEntry(page, REMOTE.entry).hover();
        if (!(await waitForPreload(net))) notes.push(`round ${i + 1}: hovering ${REMOTE.entry} fetched nothing from ${REMOTE.folder}`);
        preloaded.push(await clickToVisible(page, REMOTE.entry, remote));
      } finally {
        await context.close();
      }
    }
  }

  const failed = [...homeMs, ...cold, ...preloaded].filter((v) => Number.isNaN(v)).length;
  const ok = (v: number[]) => v.filter((x) => !Number.isNaN(x));
  const homeMedian = median(ok(homeMs));
  const coldMedian = median(ok(cold));
  const preMedian = median(ok(preloaded));
  recordTarget({
    figure: `Remote route ${REMOTE.entry}, preloaded`,
    value: ms(preMedian),
    baseline: `${ratio(preMedian, homeMedian)} Home (${ms(homeMedian)})`,
    target: `≤ ${PRELOADED_TARGET_MS} ms`,
    verdict: verdict(Number.isFinite(preMedian) ? preMedian <= PRELOADED_TARGET_MS : null),
  });
  recordTarget({
    figure: `Remote route ${REMOTE.entry}, cold`,
    value: ms(coldMedian),
    baseline: `${ratio(coldMedian, homeMedian)} Home (${ms(homeMedian)})`,
    target: `≤ ${COLD_TARGET_MS} ms`,
    verdict: verdict(Number.isFinite(coldMedian) ? coldMedian <= COLD_TARGET_MS : null),
  });
  return [
    `## Remote route: ${REMOTE.entry} (${REMOTE.folder}), headless Chromium`,
    '',
    ...table(
      ['Figure', 'Value', 'Baseline', 'Ratio', 'Target', ''],
      [
        [
          `Cold: click → content visible (median of ${ok(cold).length})`,
          ms(coldMedian),
          `${ms(homeMedian)} Home`,
          ratio(coldMedian, homeMedian),
          `≤ ${COLD_TARGET_MS} ms`,
          verdict(Number.isFinite(coldMedian) ? coldMedian <= COLD_TARGET_MS : null),
        ],
        [
          `Preloaded: click → content visible (median of ${ok(preloaded).length})`,
          ms(preMedian),
          `${ms(homeMedian)} Home`,
          ratio(preMedian, homeMedian),
          `≤ ${PRELOADED_TARGET_MS} ms`,
          verdict(Number.isFinite(preMedian) ? preMedian <= PRELOADED_TARGET_MS : null),
        ],
      ],
    ),
    '',
    `- Clock: from the click event (captured before the app sees it) to the first animation frame in which the content is ` +
      `visible. Content: the branch list's row link "${branchName}" (remote code loaded, rendered, and its list fetched from ` +
      `the API). Home: the dashboard's greeting heading.`,
    `- Each round opens two new browser contexts (empty cache), signed in with the session cookie, on the shell's own 404 ` +
      `page (${START_PATH}); Home is clicked first (baseline sample), then the entry. Cold: the entry is clicked straight ` +
      `away (Playwright moves the pointer onto it first, so the hover preload starts a few ms before the click, as a real ` +
      `user's would). Preloaded: the pointer rests on the entry until the ${REMOTE.folder} files have been fetched and the ` +
      'network has been quiet for 500 ms, then the entry is clicked.',
    `- Samples (ms): cold ${samples(cold)}; preloaded ${samples(preloaded)}; Home ${samples(homeMs)}.`,
    ...(failed ? [`- ${failed} sample(s) timed out (20 s) and are left out of the medians.`] : []),
    ...notes.map((n) => `- Note: ${n}.`),
    '',
  ];
}
