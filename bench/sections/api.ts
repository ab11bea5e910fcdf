// API: requests per second and p99 of GET /api/store-branch/branches (signed in) against GET /api/health of the
// same server, 20 connections, autocannon in a child process.
import path from 'node:path';
import { BENCH_DIR, log, ms, pct, ratio, recordTarget, runCommand, table, verdict } from '../lib/common';
import type { BahiServer, Session } from '../lib/server';

export const BRANCHES_RPS_TARGET = 0.3;
const CONNECTIONS = 20;
const WARMUP_S = 2;
const DURATION_S = 8;
const AUTOCANNON = path.join(path.dirname(require.resolve('autocannon/package.json', { paths: [BENCH_DIR] })), 'autocannon.js');

interface Cannon {
  rps: number;
  p99: number;
  p50: number;
  total: number;
  non2xx: number;
  errors: number;
}

interface AutocannonJson {
  requests: { average: number; total: number };
  latency: { p99: number; p50: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

async function cannon(url: string, seconds: number, cookie?: string): Promise<Cannon> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`refusing to load-test ${url}: only 127.0.0.1`);
  const args = [AUTOCANNON, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', ...(cookie ? ['-H', `cookie=${cookie}`] : []), url];
  const r = await runCommand(process.execPath, args, { timeoutMs: (seconds + 30) * 1000 });
  const line = r.stdout.trim().split('\n').at(-1) ?? '';
  let out: AutocannonJson;
  try {
    out = JSON.parse(line) as AutocannonJson;
  } catch {
    throw new Error(`autocannon gave no JSON (exit ${r.code}): ${(r.stderr + r.stdout).slice(-1500)}`);
  }
  return {
    rps: out.requests.average,
    p99: out.latency.p99,
    p50: out.latency.p50,
    total: out.requests.total,
    non2xx: out.non2xx,
    errors: out.errors + out.timeouts,
  };
}

async function measure(url: string, cookie?: string): Promise<Cannon> {
  await cannon(url, WARMUP_S, cookie);
  return cannon(url, DURATION_S, cookie);
}

export interface ApiFigures {
  database: string;
  health: Cannon;
  branches: Cannon;
  rows: number;
}

export async function benchApi(server: BahiServer, session: Session, rows: number): Promise<ApiFigures> {
  log(`api (${server.database}): GET /api/health, ${WARMUP_S} s warm-up + ${DURATION_S} s…`);
  const health = await measure(`${server.baseUrl}/api/health`);
  log(`api (${server.database}): GET /api/store-branch/branches, ${WARMUP_S} s warm-up + ${DURATION_S} s…`);
  const branches = await measure(`${server.baseUrl}/api/store-branch/branches`, session.cookieHeader);
  return { database: server.database, health, branches, rows };
}

const rps = (v: number) => `${Math.round(v).toLocaleString('en-US')} req/s`;

export function apiLines(figures: ApiFigures[], skipped: string[]): string[] {
  const rowsOut: string[][] = [];
  const problems: string[] = [];
  const pg = figures.find((f) => f.database === 'PostgreSQL');
  recordTarget({
    figure: 'Branches endpoint req/s on PostgreSQL',
    value: pg ? rps(pg.branches.rps) : 'not measured',
    baseline: pg ? `${pct(pg.branches.rps, pg.health.rps)} of health (${rps(pg.health.rps)})` : skipped.join(' '),
    target: `≥ ${BRANCHES_RPS_TARGET * 100} % of health`,
    verdict: pg ? verdict(pg.branches.rps / pg.health.rps >= BRANCHES_RPS_TARGET) : 'n/a',
  });
  for (const f of figures) {
    const onPg = f.database === 'PostgreSQL';
    const share = f.branches.rps / f.health.rps;
    rowsOut.push(
      [
        `${f.database}: branches, requests per second`,
        rps(f.branches.rps),
        `${rps(f.health.rps)} health`,
        pct(f.branches.rps, f.health.rps),
        onPg ? `≥ ${BRANCHES_RPS_TARGET * 100} % of health` : '',
        onPg ? verdict(share >= BRANCHES_RPS_TARGET) : '',
      ],
      [`${f.database}: branches, p99 latency`, ms(f.branches.p99), `${ms(f.health.p99)} health`, ratio(f.branches.p99, f.health.p99), '', ''],
    );
    for (const [name, c] of [['health', f.health], ['branches', f.branches]] as const) {
      if (c.non2xx || c.errors) problems.push(`${f.database} ${name}: ${c.non2xx} non-2xx answers, ${c.errors} errors/timeouts of ${c.total}`);
    }
  }
  return [
    `## API (${CONNECTIONS} connections, autocannon 9 in a separate process, ${WARMUP_S} s warm-up then ${DURATION_S} s per endpoint)`,
    '',
    ...table(['Figure', 'Value', 'Baseline', 'Ratio', 'Target', ''], rowsOut),
    '',
    `- \`GET /api/store-branch/branches\` signed in as a business signed up through the API (OTP from the outbox file), ` +
      `answering ${figures[0]?.rows ?? '?'} branches; baseline \`GET /api/health\` (no database) of the same server process.`,
    ...figures.map(
      (f) =>
        `- ${f.database} p50: branches ${ms(f.branches.p50)}, health ${ms(f.health.p50)}; requests measured: ` +
        `branches ${f.branches.total.toLocaleString('en-US')}, health ${f.health.total.toLocaleString('en-US')}.`,
    ),
    ...problems.map((p) => `- Warning: ${p}.`),
    ...skipped.map((s) => `- Not measured: ${s}`),
    '',
  ];
}
