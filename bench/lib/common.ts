// Small helpers shared by the benchmark sections: paths, statistics, formatting, child processes, cleanup.
import { spawn, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEV_PORTS } from '@bahi/shared/mf';

export const BENCH_DIR = path.resolve(__dirname, '..');
export const ROOT = path.resolve(BENCH_DIR, '..');
/** Every frontend package, as `node scripts/bahi.mjs build` lists them: the shell, then the remotes. */
export const FRONTENDS = ['shell', ...Object.keys(DEV_PORTS).filter((f) => f.startsWith('mf-'))];
export const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const ms = (v: number) => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');
export const secs = (v: number) => (Number.isFinite(v) ? `${(v / 1000).toFixed(1)} s` : 'n/a');
export const kb = (bytes: number) => (Number.isFinite(bytes) ? `${(bytes / 1000).toFixed(1)} KB` : 'n/a');
export const ratio = (a: number, b: number) => (Number.isFinite(a / b) && b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');
export const pct = (a: number, b: number) => (Number.isFinite(a / b) && b > 0 ? `${((100 * a) / b).toFixed(0)} %` : 'n/a');
export const verdict = (ok: boolean | null) => (ok === null ? 'n/a' : ok ? 'PASS' : 'MISS');
export const samples = (values: number[], unit: (v: number) => string = ms) =>
  values.map((v) => unit(v).replace(/ (ms|s|KB)$/, '')).join(', ');

/** A markdown table: a header row and rows of cells. */
export function table(header: string[], rows: string[][]): string[] {
  const line = (cells: string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)];
}

export function log(message: string) {
  process.stderr.write(`\x1b[36m[bench]\x1b[0m ${message}\n`);
}

export function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bahi-bench-${prefix}-`));
  onCleanup(`remove ${dir}`, () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function canConnect(host: string, port: number, timeoutMs = 1500): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: timeoutMs }, () => {
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

export const sleep = (msecs: number) => new Promise((r) => setTimeout(r, msecs));

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
  timedOut: boolean;
}

/**
 * Runs a command in its own process group and collects its output; past `timeoutMs` the whole group is killed.
 * `echo` copies the child's stderr to ours as it comes.
 */
export function runCommand(
  cmd: string,
  args: string[],
  opts: SpawnOptions & { timeoutMs?: number; echoStderr?: boolean } = {},
): Promise<RunResult> {
  const { timeoutMs = 300_000, echoStderr = false, ...spawnOpts } = opts;
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(cmd, args, { cwd: ROOT, ...spawnOpts, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (echoStderr) process.stderr.write(d);
    });
    const kill = () => killGroup(child.pid);
    const remove = onCleanup(`stop ${path.basename(cmd)} (pid ${child.pid})`, kill);
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, timeoutMs);
    child.on('error', (e) => {
      clearTimeout(timer);
      remove();
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      remove();
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started, timedOut });
    });
  });
}

/** Ends a process group this benchmark started (children were spawned detached, so the pid is the group id). */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL') {
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

type Cleanup = { label: string; fn: () => unknown };
const cleanups: Cleanup[] = [];

/** Registers something to undo at the end of the run (or on failure, or Ctrl-C); returns a function to drop it. */
export function onCleanup(label: string, fn: () => unknown): () => void {
  const entry = { label, fn };
  cleanups.push(entry);
  return () => {
    const i = cleanups.indexOf(entry);
    if (i >= 0) cleanups.splice(i, 1);
  };
}

/** Runs every registered cleanup, newest first; a failing one is reported and the rest still run. */
export async function runCleanups() {
  while (cleanups.length) {
    const { label, fn } = cleanups.pop()!;
    try {
      await fn();
    } catch (e) {
      log(`cleanup "${label}" failed: ${(e as Error).message}`);
    }
  }
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model?.trim() ?? 'unknown',
    cores: cpus.length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / '),
  };
}

export interface TargetRow {
  figure: string;
  value: string;
  baseline: string;
  target: string;
  verdict: string;
}
/** Every figure that has a target, for the summary at the top of the report. */
export const targets: TargetRow[] = [];
export function recordTarget(row: TargetRow) {
  targets.push(row);
}
