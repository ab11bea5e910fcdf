import { expect, test, type Browser, type Page } from '@playwright/test';
import { openAbout, signUpViaApi, watchPageErrors } from './support';
import { businessIdOf, registryEntry, remotes, restoreEntry, type RegistryEntry } from '../support/registry';

/*
 * Operators switch the Store branches remote (mf_branches) per business through the CLI; each business sees the
 * answer at its next shell load. The server is shared by every spec of the run: the flag is put back at the end.
 */
const NAME = 'mf_branches';
const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Areas' });
const branchesEntry = (page: Page) => sidebar(page).getByRole('link', { name: 'Store branches', exact: true });

let before: RegistryEntry;
test.beforeAll(async () => {
  before = await registryEntry(NAME);
});
test.afterAll(async () => {
  await restoreEntry(before);
  expect((await registryEntry(NAME)).flag).toEqual(before.flag);
});

async function newBusiness(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signUpViaApi(page);
  return { page, id: await businessIdOf(page), close: () => context.close() };
}

/** Loads the shell and waits for the sidebar built from the registry; true when Store branches is in it. */
async function seesBranches(page: Page): Promise<boolean> {
  await expect(sidebar(page).getByRole('link', { name: 'Reports', exact: true })).toBeVisible();
  return (await branchesEntry(page).count()) > 0;
}

test('an area switched off for one business: no entry and "not available" there, untouched for another', async ({ page, browser }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  const a = await businessIdOf(page);
  const b = await newBusiness(browser);
  const branchFiles: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/mf-branches/')) branchFiles.push(r.url());
  });

  // On only for B: every business not listed, A among them, is off.
  const flagged = await remotes('enable-for', NAME, b.id);
  expect(flagged.flag).toMatchObject({ mode: 'businesses', businesses: [b.id] });
  expect(flagged.flag.businesses).not.toContain(a);

  // Business A: no sidebar entry; its routes say so (not the 404 page); its code is never fetched.
  await page.goto('/');
  expect(await seesBranches(page)).toBe(false);
  for (const path of ['/store-branch', '/store-branch/8f0d2c1e-3b7a-4c55-9d1e-2a6b4f0e9c11']) {
    await page.goto(path);
    await expect(page.getByText('This area is not available for your business')).toBeVisible();
    await expect(page.getByText('Page not found')).toHaveCount(0);
  }
  // Idle preloading runs on every signed-in page: it loads the other areas, never this one.
  const about = await openAbout(page);
  await expect(about.getByRole('row', { name: /mf_reports/ })).toContainText('Loaded', { timeout: 20_000 });
  await expect(about.getByRole('row', { name: /mf_parties/ })).toContainText('Loaded');
  await expect(about.getByText(NAME, { exact: true })).toHaveCount(0);
  expect(branchFiles).toEqual([]);

  // Business B still has it, and it works.
  await b.page.goto('/');
  expect(await seesBranches(b.page)).toBe(true);
  await branchesEntry(b.page).click();
  await expect(b.page.getByRole('button', { name: 'Create branch' }).first()).toBeVisible();

  // Switched back on: A has it at its next load.
  await remotes('enable', NAME);
  await page.reload();
  expect(await seesBranches(page)).toBe(true);
  await b.close();
  expect(errors).toEqual([]);
});

test('a 50 % rollout: the businesses that see the area stay the same across reloads', async ({ browser }) => {
  test.setTimeout(240_000);
  await remotes('rollout', NAME, '50');
  const businesses: Array<Awaited<ReturnType<typeof newBusiness>> & { sees: boolean }> = [];
  try {
    // Eight businesses, more if chance put them all on one side (1 in 128), so both sides are checked.
    while (businesses.length < 8 || (businesses.length < 16 && new Set(businesses.map((x) => x.sees)).size < 2)) {
      const business = await newBusiness(browser);
      await business.page.goto('/');
      businesses.push({ ...business, sees: await seesBranches(business.page) });
    }
    const seeing = businesses.filter((x) => x.sees).length;
    expect(seeing, 'some businesses see it').toBeGreaterThan(0);
    expect(seeing, 'some businesses do not').toBeLessThan(businesses.length);

    for (let round = 0; round < 2; round++) {
      for (const business of businesses) {
        await business.page.reload();
        expect(await seesBranches(business.page), `business ${business.id}, reload ${round + 1}`).toBe(business.sees);
      }
    }
    // Those outside the rollout get "not available", those inside the area itself.
    const outside = businesses.find((x) => !x.sees)!;
    await outside.page.goto('/store-branch');
    await expect(outside.page.getByText('This area is not available for your business')).toBeVisible();
    const inside = businesses.find((x) => x.sees)!;
    await inside.page.goto('/store-branch');
    await expect(inside.page.getByRole('button', { name: 'Create branch' }).first()).toBeVisible();
  } finally {
    for (const business of businesses) await business.close();
  }
});
