import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAreaBuild, logOutFromMenu, openAbout, signUpViaApi, watchPageErrors } from './support';
import { registryEntry, remotes, restoreEntry, type RegistryEntry } from '../support/registry';
import { serveDirectory, type StaticServer } from '../support/static-server';

/*
 * Independent deploy of one remote, as its team does it: a second build of mf-branches with another version,
 * served from its own server (another port, CORS), published and rolled back through the operators' CLI, and
 * overridden in one browser by an integration tester. The shell is never rebuilt. The registry is put back as
 * it was found, since every spec of the run shares the server.
 */
const NAME = 'mf_branches';
const CANDIDATE_VERSION = '0.2.0-candidate';
const ROOT = path.resolve(__dirname, '..', '..');
const SHELL_INDEX = path.join(ROOT, 'shell', 'dist', 'index.html');

let candidateDir: string;
let server: StaticServer;
let candidateManifest: string;
let before: RegistryEntry;
let shellBuiltAt: number;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  before = await registryEntry(NAME);
  shellBuiltAt = fs.statSync(SHELL_INDEX).mtimeMs;
  candidateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-mf-branches-candidate-'));
  await new Promise<void>((resolve, reject) => {
    execFile(
      path.join(ROOT, 'mf-branches', 'node_modules', '.bin', 'rspack'),
      ['build'],
      {
        cwd: path.join(ROOT, 'mf-branches'),
        env: { ...process.env, NODE_ENV: 'production', BAHI_VERSION: CANDIDATE_VERSION, BAHI_DIST_DIR: candidateDir },
        timeout: 220_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`candidate build failed: ${error.message}\n${stdout}\n${stderr}`)) : resolve()),
    );
  });
  const descriptor = JSON.parse(fs.readFileSync(path.join(candidateDir, 'bahi-remote.json'), 'utf8'));
  expect(descriptor).toMatchObject({ name: NAME, version: CANDIDATE_VERSION });
  server = await serveDirectory(candidateDir);
  candidateManifest = `${server.url}/mf-manifest.json`;
});

test.afterAll(async () => {
  await restoreEntry(before);
  const after = await registryEntry(NAME);
  expect({ url: after.manifestUrl, version: after.version, overridable: after.overridable, origins: after.overrideOrigins }).toEqual({
    url: before.manifestUrl,
    version: before.version,
    overridable: before.overridable,
    origins: before.overrideOrigins,
  });
  await server?.close();
  if (candidateDir) fs.rmSync(candidateDir, { recursive: true, force: true });
  // Nothing in between rebuilt the shell.
  expect(fs.statSync(SHELL_INDEX).mtimeMs).toBe(shellBuiltAt);
});

/** The shell's own script tags; remotes' chunks (loaded on visit or in idle time) come and go with timing. */
const shellScriptsOf = (page: Page) =>
  page.locator('script[src]').evaluateAll((s) => s.map((e) => e.getAttribute('src') ?? '').filter((src) => src.startsWith('/') && !src.startsWith('/remotes/')));
const branchList = (page: Page) => page.getByRole('button', { name: 'Create branch' }).first();
const banner = (page: Page) => page.getByRole('region', { name: 'Overridden areas' });

async function aboutRow(page: Page) {
  const about = await openAbout(page);
  return { about, row: about.locator('tbody tr[data-row-key="mf_branches"]') };
}

async function closeAbout(page: Page) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'About Bahi' })).toBeHidden();
}

test('a new build is published, shows its version in About and on its page, and is rolled back', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/store-branch');
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${before.version}`);
  const shellScripts = await shellScriptsOf(page);

  const published = await remotes('publish', NAME, candidateManifest, CANDIDATE_VERSION);
  expect(published).toMatchObject({ manifestUrl: candidateManifest, version: CANDIDATE_VERSION });

  // The next shell load uses the candidate, from its own server; the shell's own files are the same.
  await page.reload();
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${CANDIDATE_VERSION}`);
  expect(server.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
  expect(server.requests.some((p) => p.startsWith('/__federation_expose_routes'))).toBe(true);
  expect(await shellScriptsOf(page)).toEqual(shellScripts);
  const { about, row } = await aboutRow(page);
  await expect(row).toContainText(CANDIDATE_VERSION);
  await expect(row).toContainText(candidateManifest);
  await expect(row).toContainText('Loaded');
  await about.screenshot({ path: testInfo.outputPath('about-after-publish.png') });
  await closeAbout(page);

  // The new build is fully working: it opens a branch's detail page.
  await page.getByRole('link', { name: 'Main Branch' }).click();
  await expect(page).toHaveURL(/\/store-branch\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Main Branch/ })).toBeVisible();

  const rolledBack = await remotes('rollback', NAME);
  expect(rolledBack).toMatchObject({ manifestUrl: before.manifestUrl, version: before.version });
  const candidateRequests = server.requests.length;
  await page.goto('/store-branch');
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${before.version}`);
  const back = await aboutRow(page);
  await expect(back.row).toContainText(before.version);
  await expect(back.row).not.toContainText(CANDIDATE_VERSION);
  await closeAbout(page);
  expect(server.requests.length).toBe(candidateRequests);
  expect(errors).toEqual([]);
});

const overrideDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Load another build of Store branches?' });
const overrideLink = (url: string) => `/store-branch?bahi-remote.${NAME}=${encodeURIComponent(url)}`;

test('an integration tester confirms an allow-listed override, sees a banner, and clears it', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'on');
  await remotes('override-origins', NAME, server.url);
  await signUpViaApi(page);
  const requestsBefore = server.requests.length;

  // The link alone loads nothing: the shell asks first, showing the URL.
  await page.goto(overrideLink(candidateManifest));
  const dialog = overrideDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('override-url')).toHaveText(candidateManifest);
  await page.screenshot({ path: testInfo.outputPath('override-confirm.png') });
  expect(server.requests.length).toBe(requestsBefore);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();

  await dialog.getByRole('button', { name: 'Load this build' }).click();
  await expect(banner(page)).toContainText(`Store branches (${NAME}) is overridden in this browser`);
  await expect(banner(page)).toContainText(candidateManifest);
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${CANDIDATE_VERSION} (override)`);
  // The parameter left the address bar; the confirmed override survives navigation, with an expiry.
  expect(new URL(page.url()).search).toBe('');
  const kept = JSON.parse((await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)) ?? '{}');
  expect(kept.url).toBe(candidateManifest);
  expect(kept.expiresAt).toBeGreaterThan(Date.now());
  expect(kept.expiresAt).toBeLessThanOrEqual(Date.now() + 4 * 3_600_000);
  await page.screenshot({ path: testInfo.outputPath('override-banner.png') });
  await page.goto('/reports');
  await expect(banner(page)).toBeVisible();
  await page.goto('/store-branch');
  await expectAreaBuild(page, `Store branches · ${NAME} ${CANDIDATE_VERSION} (override)`);
  const { row } = await aboutRow(page);
  await expect(row).toContainText('Override');
  await expect(row).toContainText(candidateManifest);
  await closeAbout(page);

  // Clear override: back to the published build, for good.
  await banner(page).getByRole('button', { name: 'Clear override' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${before.version}`);
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  expect(errors).toEqual([]);
});

test('logging out forgets a confirmed override: the next person on this browser gets the published build', async ({ page }) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'on');
  await remotes('override-origins', NAME, server.url);
  await signUpViaApi(page);
  await page.goto(overrideLink(candidateManifest));
  await overrideDialog(page).getByRole('button', { name: 'Load this build' }).click();
  await expect(banner(page)).toBeVisible();
  await logOutFromMenu(page);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  expect(errors).toEqual([]);
});

test('declining the dialog loads the published build and keeps nothing', async ({ page }) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'on');
  await remotes('override-origins', NAME, server.url);
  await signUpViaApi(page);
  const requestsBefore = server.requests.length;
  await page.goto(overrideLink(candidateManifest));
  await overrideDialog(page).getByRole('button', { name: "Don't load it" }).click();
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${before.version}`);
  await expect(banner(page)).toHaveCount(0);
  expect(server.requests.length).toBe(requestsBefore);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  expect(errors).toEqual([]);
});

/** Warnings the shell prints in the console. */
function watchWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  return warnings;
}

test('a link to an origin that is not on the allow-list loads nothing and asks nothing', async ({ page }) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'on');
  await remotes('override-origins', NAME, 'https://qa.example.com');
  const warnings = watchWarnings(page);
  await signUpViaApi(page);
  const requestsBefore = server.requests.length;
  await page.goto(overrideLink(candidateManifest));
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${before.version}`);
  await expect(overrideDialog(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  expect(warnings.some((w) => w.includes(`${server.url} is not on its override allow-list`))).toBe(true);
  expect(server.requests.length).toBe(requestsBefore);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  // Nor could the page have fetched it: the policy allows only the registry's and the allow-list's origins.
  const csp = (await page.request.get('/store-branch')).headers()['content-security-policy'];
  expect(csp).toContain('https://qa.example.com');
  expect(csp).not.toContain(server.url);
  expect(errors).toEqual([]);
});

test('an override is ignored, with a console warning, where the registry does not allow it', async ({ page }) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'off');
  await remotes('override-origins', NAME, server.url);
  const warnings = watchWarnings(page);
  await signUpViaApi(page);
  const requestsBefore = server.requests.length;
  await page.goto(overrideLink(candidateManifest));
  await expect(branchList(page)).toBeVisible();
  await expectAreaBuild(page, `Store branches · ${NAME} ${before.version}`);
  await expect(overrideDialog(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  expect(warnings.some((w) => w.includes(`override of ${NAME} ignored: the registry does not allow overriding it`))).toBe(true);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  expect(server.requests.length).toBe(requestsBefore);
  expect(errors).toEqual([]);
});
