// A remote route: from clicking its sidebar entry to its content visible, cold (never visited, empty cache) and
// preloaded (after hovering the entry and waiting for the preload); baseline: clicking Home (a shell-only route).
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import { log, median, ms, ratio, recordTarget, samples, sleep, table, verdict } from '../lib/common';
import { CLICK_TO_VISIBLE_PROBE, shownFromStartProbe, type VisibleSpec } from '../lib/page-probes';
import type { BahiServer, Session } from '../lib/server';

export const PRELOADED_TARGET_MS = 150;
export const COLD_TARGET_MS = 600;
export const COLD_PAGE_TARGET_MS = 1_000;
const ROUNDS = 5;
const ITEM_NAME = 'Bench soap 100 g';
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

/** A product in the benchmark business, through the API (multipart, as the item dialog sends it). */
async function addItem(server: BahiServer, session: Session, name: string, code: string): Promise<void> {
  const form = new FormData();
  for (const [k, v] of Object.entries({ itemType: 'PRODUCT', itemName: name, itemCode: code, salePrice: '45.00', openingStock: '12' })) {
    form.append(k, v);
  }
  const res = await fetch(`${server.baseUrl}/api/item/create`, {
    method: 'POST',
    headers: { cookie: session.cookieHeader, [CSRF_HEADER]: CSRF_HEADER_VALUE },
    body: form,
  });
  if (!res.ok) throw new Error(`item/create answered ${res.status}: ${await res.text()}`);
}

interface Timing {
  url: string;
  start: number;
  end: number;
}

/** A page load in a new, signed-in context (empty cache): navigation start → `spec` on screen, and what it fetched. */
async function coldLoad(browser: Browser, server: BahiServer, session: Session, pathName: string, spec: VisibleSpec) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    await context.addCookies(session.cookies.map((c) => ({ ...c, url: server.baseUrl })));
    await context.addInitScript(shownFromStartProbe(spec));
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${pathName}`, { waitUntil: 'commit', timeout: 60_000 });
    await page.waitForFunction('window.__benchShown !== undefined', null, { timeout: 30_000 });
    const shown = (await page.evaluate('window.__benchShown')) as number;
    const timings = (await page.evaluate(
      `performance.getEntriesByType('resource').map((e) => ({ url: e.name, start: e.startTime, end: e.responseEnd }))`,
    )) as Timing[];
    return { shown, timings: timings.filter((t) => t.start < shown) };
  } catch {
    return { shown: NaN, timings: [] as Timing[] };
  } finally {
    await context.close();
  }
}

/** "main.js 12→80" for the requests that made up a page load, in the order they started. */
function timeline(timings: Timing[]): string {
  return [...timings]
    .sort((a, b) => a.start - b.start)
    .map((t) => {
      const u = new URL(t.url);
      const name = u.pathname.startsWith('/api/') ? u.pathname : `${u.pathname.split('/').slice(-2, -1)[0] || 'shell'}/${path.posix.basename(u.pathname)}`;
      return `${name} ${Math.round(t.start)}→${Math.round(t.end)}`;
    })
    .join(', ');
}

const sidebarEntry = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Areas' }).getByRole('menuitem', { name });

async function signedInPage(browser: Browser, server: BahiServer, session: Session) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
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

  log('cold page loads: /items and / (signed in, empty cache)…');
  await addItem(server, session, ITEM_NAME, 'BENCH00001');
  const itemsSpec: VisibleSpec = { selector: 'a[href^="/items/inventory/"]', text: ITEM_NAME };
  const homeSpec: VisibleSpec = { selector: 'h2', text: `, ${session.firstName}` };
  const itemsLoads: number[] = [];
  const homeLoads: number[] = [];
  let itemsTimings: Timing[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    log(`cold page loads: round ${i + 1}/${ROUNDS}…`);
    homeLoads.push((await coldLoad(browser, server, session, '/', homeSpec)).shown);
    const items = await coldLoad(browser, server, session, '/items', itemsSpec);
    itemsLoads.push(items.shown);
    if (Number.isFinite(items.shown)) itemsTimings = items.timings;
  }
  const itemsMedian = median(itemsLoads.filter(Number.isFinite));
  const homeLoadMedian = median(homeLoads.filter(Number.isFinite));
  recordTarget({
    figure: 'Cold page load /items, signed in: first row',
    value: ms(itemsMedian),
    baseline: `${ratio(itemsMedian, homeLoadMedian)} a cold load of Home (${ms(homeLoadMedian)})`,
    target: `≤ ${COLD_PAGE_TARGET_MS} ms`,
    verdict: verdict(Number.isFinite(itemsMedian) ? itemsMedian <= COLD_PAGE_TARGET_MS : null),
  });

  const failed = [...homeMs, ...cold, ...preloaded, ...itemsLoads, ...homeLoads].filter((v) => Number.isNaN(v)).length;
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
    `## Remote routes: ${REMOTE.entry} (${REMOTE.folder}) and a cold load of Items, headless Chromium`,
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
        [
          `Cold page load of /items, signed in: navigation → first row (median of ${ok(itemsLoads).length})`,
          ms(itemsMedian),
          `${ms(homeLoadMedian)} cold load of Home`,
          ratio(itemsMedian, homeLoadMedian),
          `≤ ${COLD_PAGE_TARGET_MS} ms`,
          verdict(Number.isFinite(itemsMedian) ? itemsMedian <= COLD_PAGE_TARGET_MS : null),
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
    `- Cold page load: a new context holding only the session cookie opens /items; the clock runs from navigation start to the ` +
      `first frame showing the row link "${ITEM_NAME}" (shell, session check, registry, mf-items manifest and code, antd, the ` +
      'items request). Baseline: the same for / (the home greeting: shell and registry, no remote).',
    `- One cold load of /items, requests in the order they started (ms from navigation start, start→end): ${timeline(itemsTimings)}.`,
    `- Samples (ms): cold ${samples(cold)}; preloaded ${samples(preloaded)}; Home ${samples(homeMs)}; cold load /items ` +
      `${samples(itemsLoads)}; cold load / ${samples(homeLoads)}.`,
    ...(failed ? [`- ${failed} sample(s) timed out (20 s) and are left out of the medians.`] : []),
    ...notes.map((n) => `- Note: ${n}.`),
    '',
  ];
}
