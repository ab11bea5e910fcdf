#!/usr/bin/env node
// The workspace's one entry point: `npm start`, `npm test`, ... all come here. It needs nothing but Node 20 and
// npm: it installs the workspace with pnpm (through npx) on first use, then builds and runs what was asked.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PNPM = ['-y', 'pnpm@10.34.9'];
const FRONTENDS = ['shell', 'mf-parties', 'mf-items', 'mf-sales', 'mf-purchases', 'mf-reports', 'mf-branches'];
const RESULTS_DIR = path.join(ROOT, 'test-results');

function log(msg) {
  console.log(`\x1b[36m[bahi]\x1b[0m ${msg}`);
}

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  if (r.error) throw r.error;
  return r.status ?? 1;
}

function must(cmd, args, opts) {
  const status = run(cmd, args, opts);
  if (status !== 0) {
    console.error(`[bahi] failed: ${cmd} ${args.join(' ')} (exit ${status})`);
    process.exit(status);
  }
}

const pnpm = (args, opts) => must('npx', [...PNPM, ...args], opts);
const bin = (name) => path.join(ROOT, 'node_modules', '.bin', name);

/** Installs the workspace when node_modules is missing or older than the lockfile. */
function ensureInstalled() {
  const marker = path.join(ROOT, 'node_modules', '.modules.yaml');
  const lock = path.join(ROOT, 'pnpm-lock.yaml');
  if (fs.existsSync(marker) && fs.statSync(marker).mtimeMs >= fs.statSync(lock).mtimeMs) return;
  log('installing dependencies (pnpm 10 through npx)…');
  pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
}

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** A frontend needs a build when its dist is missing or older than its sources or the shared package. */
function needsBuild(pkg) {
  const stamp = path.join(ROOT, pkg, 'dist', 'index.html');
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const sources = Math.max(
    newestMtime(path.join(ROOT, pkg, 'src')),
    newestMtime(path.join(ROOT, 'shared', 'src')),
    fs.statSync(path.join(ROOT, pkg, 'package.json')).mtimeMs,
  );
  return sources > built;
}

function build({ force = false } = {}) {
  const stale = force ? FRONTENDS : FRONTENDS.filter(needsBuild);
  if (stale.length === 0) return log('every app is built and up to date');
  log(`building ${stale.join(', ')} for production…`);
  const filters = stale.flatMap((p) => ['--filter', p]);
  pnpm(['-r', '--workspace-concurrency=2', ...filters, 'run', 'build'], { env: { NODE_ENV: 'production' } });
}

function serveEnv(extra = {}) {
  return { NODE_ENV: 'production', SERVE_APPS: '1', APPS_ROOT: ROOT, ...extra };
}

function start() {
  ensureInstalled();
  build();
  const child = spawn(bin('tsx'), [path.join(ROOT, 'api', 'src', 'main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    // A person reads this terminal: readable lines, not JSON, unless LOG_FORMAT says otherwise.
    env: { ...process.env, ...serveEnv({ LOG_FORMAT: process.env.LOG_FORMAT || 'pretty' }) },
  });
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
  child.on('exit', (code) => process.exit(code ?? 0));
}

function dev() {
  ensureInstalled();
  const origins = Object.values({ shell: 3000, a: 3001, b: 3002, c: 3003, d: 3004, e: 3005, f: 3006 })
    .map((p) => `http://localhost:${p}`)
    .join(',');
  const cmds = [
    `"${bin('tsx')}" watch api/src/main.ts`,
    ...FRONTENDS.map((f) => `npx ${PNPM.join(' ')} --filter ${f} run dev`),
  ];
  must(bin('concurrently'), ['--kill-others-on-fail', '--names', ['api', ...FRONTENDS].join(','), ...cmds], {
    env: { REMOTES_DEV: '1', ALLOWED_ORIGINS: origins },
  });
}

function canConnect(host, port) {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 1500 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
    s.on('timeout', () => {
      s.destroy();
      resolve(false);
    });
  });
}

/** Runs one jest suite and returns its pass/fail counts from the JSON report. */
function jestSuite(name, args, env = {}) {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `jest-${name}.json`);
  fs.rmSync(out, { force: true });
  log(`running ${name} tests…`);
  const status = run(bin('jest'), [...args, '--json', `--outputFile=${out}`], { env: { CI: 'true', ...env } });
  if (!fs.existsSync(out)) return { name, passed: 0, failed: 1, status: status || 1 };
  const r = JSON.parse(fs.readFileSync(out, 'utf8'));
  return { name, passed: r.numPassedTests, failed: r.numFailedTests + r.numRuntimeErrorTestSuites, status };
}

function e2eSuite() {
  const out = path.join(RESULTS_DIR, 'e2e.json');
  fs.rmSync(out, { force: true });
  log('running end-to-end tests in headless Chromium…');
  const status = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (!fs.existsSync(out)) return { name: 'e2e', passed: 0, failed: 1, status: status || 1 };
  const s = JSON.parse(fs.readFileSync(out, 'utf8')).stats;
  // A test that passed only on a retry failed once: retries stay to collect traces, but it counts as failed.
  if (s.flaky) log(`${s.flaky} end-to-end test(s) passed only on a retry: counted as failed`);
  return { name: 'e2e', passed: s.expected, failed: s.unexpected + s.flaky, status };
}

async function test(which) {
  ensureInstalled();
  const results = [];
  if (which === 'all' || which === 'unit') results.push(jestSuite('unit', ['-c', 'jest.config.cjs', '--maxWorkers=2']));
  if (which === 'all' || which === 'api') {
    results.push(jestSuite('api-pglite', ['-c', 'api/jest.config.cjs', '--maxWorkers=2'], { DATABASE_URL: '' }));
    const pgUrl = process.env.BAHI_TEST_DATABASE_URL;
    if (pgUrl) results.push(jestSuite('api-postgres', ['-c', 'api/jest.config.cjs', '--maxWorkers=2'], { DATABASE_URL: pgUrl }));
    else if (await canConnect('127.0.0.1', 5432)) {
      results.push(
        jestSuite('api-postgres', ['-c', 'api/jest.config.cjs', '--maxWorkers=2'], {
          DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test',
        }),
      );
    } else log('no PostgreSQL on 127.0.0.1:5432 and no BAHI_TEST_DATABASE_URL: API suite ran on PGlite only');
  }
  if (which === 'all' || which === 'cluster') {
    // A real primary and standby, HAProxy and three API instances (scripts/cluster/): skipped, saying why, where
    // the PostgreSQL server binaries or haproxy are missing.
    results.push(jestSuite('cluster', ['-c', 'scripts/cluster/jest.config.cjs', '--runInBand']));
  }
  if (which === 'all' || which === 'e2e') {
    build();
    results.push(e2eSuite());
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failed = results.reduce((n, r) => n + r.failed, 0);
  console.log('');
  for (const r of results) console.log(`  ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed${r.status ? ` (exit ${r.status})` : ''}`);
  const ok = results.every((r) => r.status === 0) && failed === 0 && passed > 0;
  console.log(`Total: ${passed} passed, ${failed} failed`);
  process.exit(ok ? 0 : 1);
}

function typecheck() {
  ensureInstalled();
  let failed = false;
  for (const pkg of ['shared', 'api', ...FRONTENDS, 'e2e', 'scripts/cluster']) {
    const cfg = path.join(ROOT, pkg, 'tsconfig.json');
    if (!fs.existsSync(cfg)) continue;
    log(`typecheck ${pkg}`);
    if (run(bin('tsc'), ['-p', cfg]) !== 0) failed = true;
  }
  process.exit(failed ? 1 : 0);
}

const [command = 'start', ...rest] = process.argv.slice(2);
switch (command) {
  case 'start':
    start();
    break;
  case 'dev':
    dev();
    break;
  case 'build':
    ensureInstalled();
    build({ force: rest.includes('--force') });
    break;
  case 'test':
    await test('all');
    break;
  case 'test:unit':
    await test('unit');
    break;
  case 'test:api':
    await test('api');
    break;
  case 'test:cluster':
    await test('cluster');
    break;
  case 'test:e2e':
    await test('e2e');
    break;
  case 'typecheck':
    typecheck();
    break;
  case 'lint':
    ensureInstalled();
    must(bin('eslint'), ['.', '--max-warnings=0']);
    break;
  case 'remotes':
    ensureInstalled();
    process.exit(run(bin('tsx'), [path.join(ROOT, 'api', 'src', 'cli', 'remotes.ts'), ...rest]));
    break;
  case 'bench':
    ensureInstalled();
    build();
    must(bin('tsx'), [path.join(ROOT, 'bench', 'run.ts'), ...rest]);
    break;
  default:
    console.error(`unknown command ${command}; try start, dev, build, test, test:e2e, bench, lint, typecheck`);
    process.exit(2);
}
