import { execFile } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

/**
 * The operators' CLI (`pnpm remotes ...`) against the e2e server, exactly as an operator runs it, plus a way to
 * put a remote back as a spec found it: every spec shares one server, so each leaves the registry unchanged.
 */
const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(ROOT, 'api', 'src', 'cli', 'remotes.ts');

export interface RegistryEntry {
  name: string;
  folder: string;
  manifestUrl: string;
  version: string;
  overridable: boolean;
  overrideOrigins: string[];
  flag: { mode: 'on' | 'off' | 'businesses' | 'percentage'; businesses: string[]; percentage: number | null };
  previous: { manifestUrl: string; version: string } | null;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function remotesCli(args: string[]): Promise<CliResult> {
  const env = {
    ...process.env,
    DATA_DIR: path.join(process.env.BAHI_E2E_RUN_DIR!, 'data'),
    PORT: String(process.env.E2E_PORT ?? 8181),
    NODE_ENV: 'production',
  };
  return new Promise((resolve) => {
    execFile(TSX, [CLI, ...args, '--by', 'e2e'], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Runs a command that must succeed; its --json answer. */
export async function remotes<T = RegistryEntry>(...args: string[]): Promise<T> {
  const r = await remotesCli([...args, '--json']);
  expect(r.code, `remotes ${args.join(' ')}\n${r.stderr}${r.stdout}`).toBe(0);
  return JSON.parse(r.stdout) as T;
}

export async function registryEntry(name: string): Promise<RegistryEntry> {
  const all = await remotes<RegistryEntry[]>('list');
  const entry = all.find((r) => r.name === name);
  if (!entry) throw new Error(`${name} is not in the registry: ${all.map((r) => r.name).join(', ')}`);
  return entry;
}

/** Puts a remote's flag, override permission and allow-list, and build back to what `before` recorded, changing only what differs. */
export async function restoreEntry(before: RegistryEntry): Promise<void> {
  const now = await registryEntry(before.name);
  if (now.manifestUrl !== before.manifestUrl || now.version !== before.version) {
    if (now.previous?.manifestUrl === before.manifestUrl && now.previous.version === before.version) {
      await remotes('rollback', before.name);
    } else {
      await remotes('publish', before.name, before.manifestUrl, before.version);
    }
  }
  const sameFlag =
    now.flag.mode === before.flag.mode &&
    now.flag.percentage === before.flag.percentage &&
    [...now.flag.businesses].sort().join() === [...before.flag.businesses].sort().join();
  if (!sameFlag) {
    if (before.flag.mode === 'on') await remotes('enable', before.name);
    else if (before.flag.mode === 'off') await remotes('disable', before.name);
    else if (before.flag.mode === 'businesses') await remotes('enable-for', before.name, ...before.flag.businesses);
    else await remotes('rollout', before.name, String(before.flag.percentage ?? 0));
  }
  if (now.overridable !== before.overridable) await remotes('allow-override', before.name, before.overridable ? 'on' : 'off');
  if (now.overrideOrigins.join() !== before.overrideOrigins.join()) await remotes('override-origins', before.name, ...before.overrideOrigins);
}

/** The signed-in business's id, as operators name it in `enable-for`. */
export async function businessIdOf(page: Page): Promise<string> {
  const res = await page.request.get('/api/auth/profile');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data.user.business.id as string;
}
