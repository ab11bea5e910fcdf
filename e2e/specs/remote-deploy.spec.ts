import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signUpViaApi, watchPageErrors } from './support';
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
  expect({ url: after.manifestUrl, version: after.version, overridable: after.overridable }).toEqual({
    url: before.manifestUrl,
    version: before.version,
    overridable: before.overridable,
  });
  await server?.close();
  if (candidateDir) fs.rmSync(candidateDir, { recursive: true, force: true });
  // Nothing in between rebuilt the shell.
  expect(fs.statSync(SHELL_INDEX).mtimeMs).toBe(shellBuiltAt);
});

const areaBuild = (page: Page) => page.getByTestId('area-build');
const branchList = (page: Page) => page.getByRole('button', { name: 'Create branch' }).first();
const banner = (page: Page) => page.getByRole('region', { name: 'Overridden areas' });

async function aboutRow(page: Page) {
  await page.getByRole('button', { name: /^Account:/ }).click();
  await page.getByRole('menuitem', { name: 'About Bahi' }).click();
  const about = page.getByRole('dialog', { name: 'About Bahi' });
  return { about, row: about.getByRole('row', { name: /mf_branches/ }) };
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
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${before.version}`);
  const shellScripts = await page.locator('script[src]').evaluateAll((s) => s.map((e) => e.getAttribute('src')));

  const published = await remotes('publish', NAME, candidateManifest, CANDIDATE_VERSION);
  expect(published).toMatchObject({ manifestUrl: candidateManifest, version: CANDIDATE_VERSION });

  // The next shell load uses the candidate, from its own server; the shell's own files are the same.
  await page.reload();
  await expect(branchList(page)).toBeVisible();
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${CANDIDATE_VERSION}`);
  expect(server.requests).toEqual(expect.arrayContaining(['/mf-manifest.json', '/remoteEntry.js']));
  expect(server.requests.some((p) => p.startsWith('/__federation_expose_routes'))).toBe(true);
  expect(await page.locator('script[src]').evaluateAll((s) => s.map((e) => e.getAttribute('src')))).toEqual(shellScripts);
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
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${before.version}`);
  const back = await aboutRow(page);
  await expect(back.row).toContainText(before.version);
  await expect(back.row).not.toContainText(CANDIDATE_VERSION);
  await closeAbout(page);
  expect(server.requests.length).toBe(candidateRequests);
  expect(errors).toEqual([]);
});

test('an integration tester overrides the build in one browser, sees a banner, and clears it', async ({ page }, testInfo) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'on');
  await signUpViaApi(page);

  await page.goto(`/store-branch?bahi-remote.${NAME}=${encodeURIComponent(candidateManifest)}`);
  await expect(banner(page)).toContainText(`Store branches (${NAME}) is overridden in this browser`);
  await expect(banner(page)).toContainText(candidateManifest);
  await expect(branchList(page)).toBeVisible();
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${CANDIDATE_VERSION} (override)`);
  // The parameter moved into localStorage: the address is clean and the override survives navigation.
  expect(new URL(page.url()).search).toBe('');
  await page.screenshot({ path: testInfo.outputPath('override-banner.png') });
  await page.goto('/reports');
  await expect(banner(page)).toBeVisible();
  await page.goto('/store-branch');
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${CANDIDATE_VERSION} (override)`);
  const { row } = await aboutRow(page);
  await expect(row).toContainText('Override');
  await expect(row).toContainText(candidateManifest);
  await closeAbout(page);

  // Clear override: back to the published build, for good.
  await banner(page).getByRole('button', { name: 'Clear override' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(branchList(page)).toBeVisible();
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${before.version}`);
  await page.reload();
  await expect(banner(page)).toHaveCount(0);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  expect(errors).toEqual([]);
});

test('an override is ignored, with a console warning, where the registry does not allow it', async ({ page }) => {
  const errors = watchPageErrors(page);
  await remotes('allow-override', NAME, 'off');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning') warnings.push(m.text());
  });
  await signUpViaApi(page);
  const requestsBefore = server.requests.length;
  await page.goto(`/store-branch?bahi-remote.${NAME}=${encodeURIComponent(candidateManifest)}`);
  await expect(branchList(page)).toBeVisible();
  await expect(areaBuild(page)).toHaveText(`Store branches · ${NAME} ${before.version}`);
  await expect(banner(page)).toHaveCount(0);
  expect(warnings.some((w) => w.includes(`override of ${NAME} ignored and removed`))).toBe(true);
  expect(await page.evaluate((n) => localStorage.getItem(`bahi:remote-override:${n}`), NAME)).toBeNull();
  expect(server.requests.length).toBe(requestsBefore);
  expect(errors).toEqual([]);
});
