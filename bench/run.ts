/**
 * `pnpm bench` (node scripts/bahi.mjs bench → tsx bench/run.ts): measures the benchmark figures, each against a
 * baseline measured in the same run, prints them as markdown and writes them to bench/RESULTS.md.
 *
 *   build   every frontend package for production (2 at a time) and mf-branches alone, vs a trivial rspack build
 *   login   login page JS (gzip bytes) and time to a usable phone field, vs a bare one-input page, same server
 *   route   sidebar click → remote content visible, cold and preloaded, vs clicking Home (shell-only)
 *   api     req/s and p99 of GET /api/store-branch/branches vs GET /api/health, PGlite and PostgreSQL
 *   areas   area benchmarks written by other engineers (see below)
 *
 * `pnpm bench -- --only build,api` runs some sections; only a full run rewrites RESULTS.md.
 *
 * Area benchmarks (the convention; details in bench/README.md): every `bench/*.bench.ts`, plus the known files
 * `bench/parties-import.ts` and `bench/items.ts`, runs after the sections above, each in its own child process
 * (`tsx bench/lib/area-runner.ts <file>`, killed after BENCH_AREA_TIMEOUT_S, default 240 s). The file either
 *   - exports `async function run(ctx: AreaContext): Promise<string[]>` (types in bench/lib/area.ts): the returned
 *     markdown lines are appended to the report, or
 *   - is a plain script: whatever it prints to stdout is appended (stderr is progress, shown on the console).
 * ctx (also in the env: BENCH_CONTEXT as JSON, and BENCH_BASE_URL, BENCH_COOKIE, BENCH_DATABASE, BENCH_OUTBOX,
 * BENCH_TMP_DIR) gives running servers (PostgreSQL first when available, then PGlite), each with a freshly signed-up
 * business's cookie, a temp dir, and Chromium's path and flags. Servers, databases and temp dirs are cleaned up here.
 * The books (bench/books.bench.ts: the statements at 1,00,000 invoices + payments, create-sale against the commit
 * before the books) is one of them, with a longer timeout (sections/areas.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  BENCH_DIR,
  FRONTENDS,
  ROOT,
  log,
  machine,
  runCleanups,
  table,
  targets,
  tempDir,
} from './lib/common';
import { launchChromium } from './lib/chromium';
import { BARE_PAGE } from './lib/page-probes';
import { throwawayDatabase } from './lib/postgres';
import { addBranches, branchNames, signUp, startServer, type BahiServer, type Session } from './lib/server';
import { apiLines, benchApi, type ApiFigures } from './sections/api';
import { benchAreas } from './sections/areas';
import { benchBuild } from './sections/build';
import { BARE_PAGE_PATH, benchLogin } from './sections/login';
import { benchRoute } from './sections/route';

const SECTIONS = ['build', 'login', 'route', 'api', 'areas'] as const;
type Section = (typeof SECTIONS)[number];
/** Branches of the benchmark business: the one made at sign-up plus these. */
const EXTRA_BRANCHES = 9;

function parseOnly(argv: string[]): Set<Section> | null {
  const i = argv.indexOf('--only');
  const raw = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
  if (raw === undefined) return null;
  const picked = raw.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = picked.filter((s) => !SECTIONS.includes(s as Section));
  if (unknown.length) throw new Error(`unknown section(s) ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
  return new Set(picked as Section[]);
}

/** Copies the workspace's production builds (without source maps) when this run did not build its own. */
function snapshotWorkspaceBuilds(): string {
  const appsRoot = tempDir('apps');
  for (const pkg of FRONTENDS) {
    const dist = path.join(ROOT, pkg, 'dist');
    if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error(`${pkg} has no production build; run \`pnpm build\``);
    fs.cpSync(dist, path.join(appsRoot, pkg, 'dist'), { recursive: true, filter: (src) => !src.endsWith('.map') });
  }
  return appsRoot;
}

interface Seeded {
  server: BahiServer;
  session: Session;
  branch: string;
  rows: number;
}

async function seededServer(label: string, appsRoot: string, databaseUrl?: string): Promise<Seeded> {
  const server = await startServer({ label, appsRoot, databaseUrl });
  const session = await signUp(server, 'Bench');
  const [branch] = await addBranches(server, session, EXTRA_BRANCHES);
  const rows = (await branchNames(server, session)).length;
  return { server, session, branch, rows };
}

async function main(): Promise<number> {
  const only = parseOnly(process.argv.slice(2));
  const want = (s: Section) => !only || only.has(s);
  const started = Date.now();
  const m = machine();
  const report: string[] = [];
  const failures: string[] = [];

  /** Runs a step; a failure is logged, noted in the report, and gives null so the other sections still run. */
  const attempt = async <T>(name: string, fn: () => Promise<T>): Promise<T | null> => {
    try {
      return await fn();
    } catch (e) {
      log(`${name} failed: ${(e as Error).stack ?? String(e)}`);
      failures.push(name);
      report.push(`## ${name}`, '', `- **Failed**: ${(e as Error).message.split('\n')[0]}`, '');
      return null;
    }
  };
  const section = async (name: string, fn: () => Promise<string[]>) => {
    const lines = await attempt(name, fn);
    if (lines) report.push(...lines);
  };

  let appsRoot: string | null = null;
  if (want('build')) {
    const built = await attempt('Build', benchBuild);
    if (built) {
      report.push(...built.lines);
      appsRoot = built.appsRoot;
    }
  }

  const needServers = want('login') || want('route') || want('api') || want('areas');
  const apps = needServers
    ? await attempt('Production builds to serve', async () => {
        const root = appsRoot ?? snapshotWorkspaceBuilds();
        fs.writeFileSync(path.join(root, 'shell', 'dist', BARE_PAGE_PATH.slice(1)), BARE_PAGE);
        return root;
      })
    : null;
  const pglite = apps ? await attempt('Server (PGlite)', () => seededServer('pglite', apps)) : null;

  if (pglite && (want('login') || want('route'))) {
    const { server, session, branch } = pglite;
    const browser = await launchChromium();
    try {
      if (want('login')) await section('Login page', () => benchLogin(browser, server));
      if (want('route')) await section('Remote route', () => benchRoute(browser, server, session, branch));
    } finally {
      await browser.close();
    }
  }

  let postgres: Seeded | null = null;
  if (apps && (want('api') || want('areas'))) {
    const apiFigures: ApiFigures[] = [];
    const skipped: string[] = [];
    if (pglite && want('api')) {
      const f = await attempt('API (PGlite)', () => benchApi(pglite.server, pglite.session, pglite.rows));
      if (f) apiFigures.push(f);
    }
    const db = await attempt('PostgreSQL database', throwawayDatabase);
    if (db && 'skipped' in db) skipped.push(`PostgreSQL: ${db.skipped}`);
    else if (db) postgres = await attempt('Server (PostgreSQL)', () => seededServer('postgres', apps, db.url));
    if (postgres && want('api')) {
      const pg = postgres;
      const f = await attempt('API (PostgreSQL)', () => benchApi(pg.server, pg.session, pg.rows));
      if (f) apiFigures.push(f);
    }
    if (want('api')) report.push(...apiLines(apiFigures, skipped));
  }

  if (want('areas')) {
    const servers = [postgres as Seeded | null, pglite].filter((s): s is Seeded => s !== null).map((s) => s.server);
    if (servers.length) await section('Area benchmarks', () => benchAreas(servers));
    else report.push('## Area benchmarks', '', '- Not run: no server could be started.', '');
  }

  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  const head = [
    '# Bahi benchmarks',
    '',
    `- Date: ${new Date(started).toISOString()}`,
    `- Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} memory, Node ${m.node}, ${m.os}`,
    `- Load average at start (1 / 5 / 15 min): ${m.load}; other work on the machine makes absolute figures noisy, so ` +
      'each figure comes with a baseline measured in the same run.',
    `- Command: \`pnpm bench${only ? ` -- --only ${[...only].join(',')}` : ''}\`; took ${minutes} min.`,
    ...(failures.length ? [`- **Sections that failed**: ${failures.join(', ')}.`] : []),
    '',
    '## Targets (reported, not enforced)',
    '',
    ...table(
      ['Figure', 'Value', 'Against the baseline', 'Target', ''],
      targets.map((t) => [t.figure, t.value, t.baseline, t.target, t.verdict]),
    ),
    '',
  ];
  const text = [...head, ...report].join('\n').replace(/\n{3,}/g, '\n\n');
  process.stdout.write(`${text}\n`);
  if (!only) {
    fs.writeFileSync(path.join(BENCH_DIR, 'RESULTS.md'), `${text}\n`);
    log('wrote bench/RESULTS.md');
  } else {
    log('partial run (--only): bench/RESULTS.md left as it was');
  }
  return failures.length ? 1 : 0;
}

let cleaningUp = false;
async function finish(code: number) {
  if (cleaningUp) return;
  cleaningUp = true;
  await runCleanups();
  process.exit(code);
}
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    log(`${sig}: stopping servers and removing temp files…`);
    void finish(130);
  });
}
main().then(
  (code) => finish(code),
  (e: unknown) => {
    log(`failed: ${(e as Error).stack ?? String(e)}`);
    void finish(1);
  },
);
