import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAreaBuild, openAbout, signUpViaApi, watchPageErrors } from './support';

/*
 * Each way a remote can fail, on the Store branches remote (mf-branches), simulated in the browser with
 * page.route: the registry and the server are untouched, so nothing needs restoring. Each failure must show that
 * area's fallback while every other area and the shell keep working, with no uncaught error in the page, and
 * Retry must recover once the remote is healthy again.
 */
const BRANCHES_FILES = '**/remotes/mf-branches/**';
const FALLBACK = /^Store branches (could not be loaded|is taking too long|ran into a problem)$/;

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Areas' });
const fallback = (page: Page) => page.getByText(FALLBACK);
const branchList = (page: Page) => page.getByRole('button', { name: 'Create branch' }).first();

async function openDashboard(page: Page) {
  await signUpViaApi(page);
  await page.goto('/');
  await expect(sidebar(page).getByRole('link', { name: 'Store branches', exact: true })).toBeVisible();
}

async function openArea(page: Page, label: string) {
  await sidebar(page).getByRole('link', { name: label, exact: true }).click();
}

/** The shell (header, sidebar, home) and another remote still work while Store branches is down. */
async function expectTheRestWorks(page: Page) {
  await openArea(page, 'Reports');
  await expect(page).toHaveURL(/\/reports$/);
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
  await expectAreaBuild(page, 'mf_reports', 'contains');
  await expect(fallback(page)).toHaveCount(0);
  await openArea(page, 'Home');
  await expect(page.getByText(/Good (morning|afternoon|evening)/)).toBeVisible();
  await expect(page.locator('header').first()).toContainText('Main Branch');
}

/** Visits Store branches again (still failing), heals it, and Retry brings the real page. */
async function expectRetryRecovers(page: Page, heal: () => void) {
  await openArea(page, 'Store branches');
  await expect(fallback(page)).toBeVisible({ timeout: 8_000 });
  heal();
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(branchList(page)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Main Branch' })).toBeVisible();
  await expectAreaBuild(page, 'mf_branches', 'contains');
}

test.describe('a failing remote shows its own fallback; the shell and the other areas keep working', () => {
  test('its manifest is unreachable', async ({ page }, testInfo) => {
    const errors = watchPageErrors(page);
    let healthy = false;
    await page.route('**/remotes/mf-branches/mf-manifest.json*', (route) =>
      healthy ? route.fallback() : route.abort('connectionrefused'),
    );
    await openDashboard(page);
    await openArea(page, 'Store branches');
    await expect(page.getByText('Store branches could not be loaded')).toBeVisible({ timeout: 8_000 });
    await expect(page.getByText(/Store branches is unreachable right now/)).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('fallback-unreachable.png') });
    await expectTheRestWorks(page);
    await expectRetryRecovers(page, () => (healthy = true));
    expect(errors).toEqual([]);
  });

  test('its entry script answers 500', async ({ page }) => {
    const errors = watchPageErrors(page);
    let healthy = false;
    let served500 = 0;
    await page.route('**/remotes/mf-branches/remoteEntry.js*', (route) => {
      if (healthy) return route.fallback();
      served500 += 1;
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    await openDashboard(page);
    await openArea(page, 'Store branches');
    await expect(page.getByText('Store branches could not be loaded')).toBeVisible({ timeout: 8_000 });
    // Layer 1 tried again before giving up.
    expect(served500).toBeGreaterThan(1);
    await expectTheRestWorks(page);
    await expectRetryRecovers(page, () => (healthy = true));
    expect(errors).toEqual([]);
  });

  test('its code throws while rendering', async ({ page }, testInfo) => {
    const errors = watchPageErrors(page);
    let healthy = false;
    // The exposed module is swapped for one whose pages throw: what a broken deploy of the remote would do.
    await page.route('**/remotes/mf-branches/__federation_expose_routes*.js', async (route) => {
      if (healthy) return route.fallback();
      const original = await (await route.fetch()).text();
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: throwingRoutesChunk(original) });
    });
    await openDashboard(page);
    await openArea(page, 'Store branches');
    await expect(page.getByText('Store branches ran into a problem')).toBeVisible({ timeout: 8_000 });
    await expect(page.getByText('Branch list exploded while rendering')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('fallback-render-error.png') });
    await expectTheRestWorks(page);
    await expectRetryRecovers(page, () => (healthy = true));
    expect(errors).toEqual([]);
  });

  test('its server hangs: the fallback shows within 5 seconds', async ({ page }) => {
    const errors = watchPageErrors(page);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let healthy = false;
    await page.route(BRANCHES_FILES, async (route: Route) => {
      if (healthy) return route.fallback();
      await released;
      await route.abort('timedout').catch(() => undefined);
    });
    await openDashboard(page);
    const clicked = Date.now();
    await openArea(page, 'Store branches');
    await expect(fallback(page)).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - clicked).toBeLessThanOrEqual(5_500);
    await expectTheRestWorks(page);
    await expectRetryRecovers(page, () => {
      healthy = true;
      release();
    });
    expect(errors).toEqual([]);
  });
});

test('with every remote registered, one unreachable manifest breaks none of the others', async ({ page }) => {
  const errors = watchPageErrors(page);
  await page.route(BRANCHES_FILES, (route) => route.abort('connectionrefused'));
  await openDashboard(page);
  // Idle preloading touches every remote of the sidebar, the broken one among them: the others still load...
  const about = await openAbout(page);
  for (const name of ['mf_parties', 'mf_items', 'mf_sales', 'mf_purchases', 'mf_reports']) {
    await expect(about.locator(`tbody tr[data-row-key="${name}"]`)).toContainText('Loaded', { timeout: 30_000 });
  }
  await expect(about.locator('tbody tr[data-row-key="mf_branches"]')).toContainText('Failed');
  await page.keyboard.press('Escape');
  // ...nothing was shown for the failed preload, and every other area opens.
  await expect(fallback(page)).toHaveCount(0);
  const others: Array<[string, string]> = [
    ['Parties', 'mf_parties'],
    ['Items', 'mf_items'],
    ['Sales', 'mf_sales'],
    ['Purchases', 'mf_purchases'],
    ['Expenses', 'mf_purchases'],
    ['Cash & Bank', 'mf_reports'],
    ['Reports', 'mf_reports'],
    ['E-invoicing', 'mf_sales'],
    ['Automated bills', 'mf_sales'],
  ];
  for (const [label, remote] of others) {
    await openArea(page, label);
    await expectAreaBuild(page, remote, 'contains');
    await expect(page.getByRole('button', { name: 'Retry' }), label).toHaveCount(0);
  }
  // The broken one, opened now, shows its fallback (a fresh attempt, not the preload's leftovers).
  await openArea(page, 'Store branches');
  await expect(page.getByText('Store branches could not be loaded')).toBeVisible({ timeout: 8_000 });
  expect(errors).toEqual([]);
});

test('the login page fetches no remote code', async ({ page }) => {
  const remoteFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/')) remoteFiles.push(r.url());
  });
  await page.goto('/login');
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  // Longer than the idle preload's pause: nothing is preloaded before sign-in.
  await page.waitForTimeout(5_000);
  expect(remoteFiles).toEqual([]);
});

/**
 * The exposed `./routes` chunk rewritten so both pages throw when rendered. It keeps the chunk's id and module
 * id (read from the original), so the remote's runtime installs it exactly where the real one would go.
 */
function throwingRoutesChunk(original: string): string {
  const head = /^([\s\S]*?\.push\(\[\[[^\]]*\],\{)("?[\w./-]+"?)\(/.exec(original);
  if (!head) throw new Error(`unexpected shape of the exposed chunk: ${original.slice(0, 200)}`);
  const [, prefix, moduleId] = head;
  return (
    `${prefix}${moduleId}(module,exports,require){require.r(exports);` +
    `function BranchesThatThrow(){throw new Error("Branch list exploded while rendering")}` +
    `exports.routes={"/store-branch":BranchesThatThrow,"/store-branch/:id":BranchesThatThrow};}}]);`
  );
}
