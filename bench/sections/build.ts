// Build: every frontend package for production, 2 at a time as `bahi.mjs build --force` runs them, and one remote
// alone; baseline: a trivial one-file rspack project built by the same rspack in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { FRONTENDS, ROOT, kb, log, median, ratio, recordTarget, runCommand, samples, secs, table, tempDir, verdict } from '../lib/common';

export const BUILD_TARGET_MS = 60_000;
const ONE_REMOTE = 'mf-branches';
const rspackBin = (pkg: string) => path.join(ROOT, pkg, 'node_modules', '.bin', 'rspack');

function rspackCoreVersion(): string {
  try {
    const file = require.resolve('@rspack/core/package.json', { paths: [path.join(ROOT, ONE_REMOTE)] });
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return '?';
  }
}

async function buildPackage(pkg: string, outDir: string): Promise<number> {
  const r = await runCommand(rspackBin(pkg), ['build'], {
    cwd: path.join(ROOT, pkg),
    env: { ...process.env, NODE_ENV: 'production', BAHI_DIST_DIR: outDir },
    timeoutMs: 300_000,
  });
  if (r.code !== 0) {
    throw new Error(`building ${pkg} failed (exit ${r.code ?? r.signal}${r.timedOut ? ', timed out' : ''}):\n${(r.stderr + r.stdout).slice(-3000)}`);
  }
  return r.ms;
}

/** Builds `pkgs` with at most `concurrency` at once (pnpm -r --workspace-concurrency); the wall time. */
async function buildAll(pkgs: string[], appsRoot: string, concurrency: number): Promise<number> {
  const started = performance.now();
  const queue = [...pkgs];
  const worker = async () => {
    for (let pkg = queue.shift(); pkg; pkg = queue.shift()) {
      await buildPackage(pkg, path.join(appsRoot, pkg, 'dist'));
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - started;
}

/** A one-file project in a temp dir, built in production mode by the workspace's rspack CLI and @rspack/core. */
function trivialProject(): string {
  const dir = tempDir('trivial-rspack');
  fs.writeFileSync(path.join(dir, 'index.js'), 'document.body.textContent = "hello";\n');
  fs.writeFileSync(
    path.join(dir, 'rspack.config.mjs'),
    `export default { mode: 'production', context: ${JSON.stringify(dir)}, entry: './index.js', ` +
      `output: { path: ${JSON.stringify(path.join(dir, 'dist'))}, clean: true } };\n`,
  );
  return dir;
}

async function buildTrivial(dir: string): Promise<number> {
  const r = await runCommand(rspackBin(ONE_REMOTE), ['build', '-c', path.join(dir, 'rspack.config.mjs')], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production' },
    timeoutMs: 60_000,
  });
  if (r.code !== 0) throw new Error(`trivial rspack build failed: ${(r.stderr + r.stdout).slice(-2000)}`);
  return r.ms;
}

interface ManifestAssets {
  js: { sync: string[]; async: string[] };
}
interface RemoteManifest {
  metaData: { remoteEntry: { name: string } };
  shared: Array<{ name: string; assets: ManifestAssets }>;
  exposes: Array<{ path: string; assets: ManifestAssets }>;
}

/** A file's size as the server sends it to a browser that accepts brotli: its .br twin, else the file itself. */
function servedBytes(dist: string, file: string): number {
  const br = path.join(dist, `${file}.br`);
  return fs.statSync(fs.existsSync(br) ? br : path.join(dist, file)).size;
}

/**
 * What each remote adds to a page of its own, from its mf-manifest.json: the entry, the exposed routes module and
 * its lazily loaded pages, as served. Its copies of the shared singletons are left out (the shell provides those;
 * they are listed apart as what the remote ships but a composed page does not load).
 */
function remoteOwnJs(appsRoot: string): string[] {
  const rows: string[][] = [];
  for (const pkg of FRONTENDS.filter((f) => f.startsWith('mf-'))) {
    const dist = path.join(appsRoot, pkg, 'dist');
    const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as RemoteManifest;
    const shared = new Set(manifest.shared.flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]));
    const own = (files: string[]) => [...new Set(files)].filter((f) => !shared.has(f)).reduce((n, f) => n + servedBytes(dist, f), 0);
    const entry = own([manifest.metaData.remoteEntry.name]);
    const routes = own(manifest.exposes.flatMap((e) => e.assets.js.sync));
    const pages = own(manifest.exposes.flatMap((e) => e.assets.js.async));
    const fallbacks = [...shared].reduce((n, f) => n + servedBytes(dist, f), 0);
    rows.push([pkg, kb(entry), kb(routes), kb(pages), kb(entry + routes + pages), kb(fallbacks)]);
  }
  return [
    '### Each remote\'s own JavaScript (as served, brotli)',
    '',
    ...table(['Remote', 'remoteEntry.js', 'Routes module', 'Pages (lazy)', 'Own in all', 'Shared copies, not loaded in the shell'], rows),
    '',
    '- From each build\'s mf-manifest.json: a composed page of the area loads its remoteEntry.js, the `./routes` module and ' +
      'the page\'s own chunk; the shared singletons (React, antd, @bahi/shared, …) come from the shell. The last column is ' +
      'what the remote ships for running alone (its standalone mode), never fetched inside the shell.',
    '',
  ];
}

export interface BuildResult {
  lines: string[];
  /** An APPS_ROOT holding the fresh production builds (shell/dist, mf-*\/dist) when every build succeeded. */
  appsRoot: string | null;
}

export async function benchBuild(): Promise<BuildResult> {
  const trivial = trivialProject();
  const baseline: number[] = [];
  log('build: trivial rspack project (baseline)…');
  baseline.push(await buildTrivial(trivial));

  const appsRoot = tempDir('apps');
  log(`build: all ${FRONTENDS.length} frontend packages, 2 at a time…`);
  const all = await buildAll(FRONTENDS, appsRoot, 2);
  baseline.push(await buildTrivial(trivial));

  const one: number[] = [];
  const oneOut = tempDir('one-remote');
  for (let i = 0; i < 2; i++) {
    log(`build: ${ONE_REMOTE} alone (${i + 1}/2)…`);
    one.push(await buildPackage(ONE_REMOTE, oneOut));
    baseline.push(await buildTrivial(trivial));
  }
  const base = median(baseline);
  const oneMedian = median(one);

  recordTarget({
    figure: `Build all ${FRONTENDS.length} frontend packages`,
    value: secs(all),
    baseline: `${ratio(all, base)} a trivial rspack build`,
    target: `≤ ${secs(BUILD_TARGET_MS)}`,
    verdict: verdict(all <= BUILD_TARGET_MS),
  });
  const lines = [
    '## Build (production)',
    '',
    ...table(
      ['Figure', 'Value', 'Baseline', 'Ratio', 'Target', ''],
      [
        [
          `All ${FRONTENDS.length} frontend packages (shell + ${FRONTENDS.length - 1} remotes), 2 at a time`,
          secs(all),
          `${secs(base)} trivial project`,
          ratio(all, base),
          `≤ ${secs(BUILD_TARGET_MS)}`,
          verdict(all <= BUILD_TARGET_MS),
        ],
        [`One remote alone (${ONE_REMOTE}), median of ${one.length}`, secs(oneMedian), `${secs(base)} trivial project`, ratio(oneMedian, base), '', ''],
      ],
    ),
    '',
    `- Each package runs \`rspack build\` with NODE_ENV=production, at most 2 at once, as \`node scripts/bahi.mjs build --force\` ` +
      `does through \`pnpm -r --workspace-concurrency=2\` (pnpm's own start-up, ~1–2 s, is not included). Output goes to a ` +
      'temp dir (BAHI_DIST_DIR) so the workspace\'s dist folders stay untouched; the browser figures below are served from it.',
    `- Baseline: a one-file project built by the workspace's rspack CLI (@rspack/core ${rspackCoreVersion()}) in production mode, ` +
      `median of ${baseline.length} builds spread through the section: ${samples(baseline)} ms. ${ONE_REMOTE} samples: ${samples(one)} ms.`,
    '',
    ...remoteOwnJs(appsRoot),
  ];
  return { lines, appsRoot };
}
