import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { openPgliteDatabase } from './client';
import { DataDirLockedError, acquireDataDirLock, type LockOwner } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-lock-'));
  dirs.push(dir);
  return dir;
};
const lockFile = (dir: string) => path.join(dir, 'bahi.lock');
const ownerOf = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as LockOwner;

const TSX = require.resolve('tsx/cjs');
const CHILD = path.join(__dirname, '..', 'test', 'lock-child.ts');
const API_MAIN = path.join(__dirname, '..', 'main.ts');
/** Bounds for child processes on a loaded 2-core machine, not expectations. */
const ANSWER_WITHIN_MS = 60_000;
const SLOW_TEST_MS = 180_000;

/** Every child a test starts, killed after it whatever happened. */
const spawned: ChildProcess[] = [];
function start(command: string, args: string[], options: Parameters<typeof spawn>[2] = {}) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'], ...options });
  spawned.push(child);
  return child;
}
const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve(child.exitCode) : child.on('exit', resolve)));
afterEach(async () => {
  const children = spawned.splice(0);
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(children.map(exitOf));
});

/** Polls a condition the test can observe (a file's heartbeat, a process's output) until it holds, or fails. */
async function until(what: string, holds: () => boolean, withinMs = ANSWER_WITHIN_MS) {
  const deadline = Date.now() + withinMs;
  while (!holds()) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A child process (lock-child.ts) that takes the lock when asked; in a container of its own when named. */
class LockChild {
  private readonly lines: string[] = [];
  private readonly waiting: ((line: string) => void)[] = [];
  private stderr = '';
  readonly exited: Promise<number | null>;

  private constructor(readonly process: ChildProcess) {
    readline.createInterface({ input: process.stdout! }).on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter) waiter(line);
      else this.lines.push(line);
    });
    process.stderr!.on('data', (d) => (this.stderr += d));
    this.exited = exitOf(process);
  }

  /** Started and ready: answers its `ready` line. */
  static async start(container?: string): Promise<{ child: LockChild; ready: string }> {
    const node = [globalThis.process.execPath, '--require', TSX, CHILD];
    // A second "container": its own pid namespace (it is pid 1 there) and host name, the same volume.
    const argv = container
      ? ['unshare', '--fork', '--kill-child=SIGKILL', '--pid', '--mount-proc', '--uts', 'sh', '-c', 'hostname "$0" && exec "$@"', container, ...node]
      : node;
    const child = new LockChild(start(argv[0], argv.slice(1)));
    return { child, ready: await child.next() };
  }

  next(): Promise<string> {
    const line = this.lines.shift();
    if (line !== undefined) return Promise.resolve(line);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`No answer from the child; its stderr: ${this.stderr}`)), ANSWER_WITHIN_MS);
      this.waiting.push((l) => {
        clearTimeout(timer);
        resolve(l);
      });
    });
  }

  ask(command: string): Promise<string> {
    this.process.stdin!.write(`${command}\n`);
    return this.next();
  }

  async kill() {
    this.process.kill('SIGKILL');
    await this.exited;
  }
}

afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the data directory lock', () => {
  it('names its owner: host, boot, pid namespace, pid and start time; one holder per process too', () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir);
    const owner = ownerOf(dir);
    expect(owner).toMatchObject({ host: os.hostname(), pid: process.pid, token: lock.owner.token });
    expect(owner.bootId).toBe(fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    expect(owner.pidNamespace).toBe(fs.readlinkSync('/proc/self/ns/pid'));
    expect(owner.startTime).toMatch(/^\d+$/);
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    acquireDataDirLock(dir).release();
  });

  it('keeps the heartbeat going, and tells its owner when the lock is taken from it', async () => {
    const dir = tempDir();
    let lost: (e: Error) => void = () => undefined;
    const lostLock = new Promise<Error>((resolve) => (lost = resolve));
    const lock = acquireDataDirLock(dir, { staleMs: 600, onLost: lost });
    const firstBeat = fs.statSync(lockFile(dir)).mtimeMs;
    await until('the heartbeat to refresh the lock', () => fs.statSync(lockFile(dir)).mtimeMs > firstBeat);
    fs.rmSync(lockFile(dir));
    expect((await lostLock).message).toBe(`The lock file ${lockFile(dir)} was removed or taken over by another process.`);
    lock.release();
  });

  it("reads an older version's lock (a bare pid): refused while fresh, taken over once its time is older than the timeout", () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(`Another Bahi process (pid ${process.ppid}) is already using the data directory ${dir}`);
    // As if its last write were a minute ago: no heartbeat has kept it fresh.
    const minuteAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(dir), minuteAgo, minuteAgo);
    const lock = acquireDataDirLock(dir);
    expect(ownerOf(dir).pid).toBe(process.pid);
    lock.release();
  });

  it('opens PGlite on disk once; a second open of the same directory is refused until the first closes', async () => {
    const dir = tempDir();
    const first = await openPgliteDatabase(dir);
    try {
      expect(ownerOf(dir).pid).toBe(process.pid);
      await expect(openPgliteDatabase(dir)).rejects.toThrow(`Another Bahi process (pid ${process.pid} on ${os.hostname()}`);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    const again = await openPgliteDatabase(dir);
    await again.close();
  }, SLOW_TEST_MS);

  it('lets exactly one of several processes started at the same moment take it, round after round', async () => {
    const children = await Promise.all([1, 2, 3].map(async () => (await LockChild.start()).child));
    for (let round = 0; round < 8; round++) {
      const dir = tempDir();
      const answers = await Promise.all(children.map((c) => c.ask(`acquire ${dir} 30000`)));
      expect(answers.filter((a) => a === 'acquired')).toHaveLength(1);
      expect(answers.filter((a) => a.startsWith('refused Another Bahi process (pid '))).toHaveLength(2);
      expect(await children[answers.indexOf('acquired')].ask('release')).toBe('released');
    }
  }, SLOW_TEST_MS);

  it("takes over at once a lock whose owner died on this machine, and only one of several racing takes it", async () => {
    const dir = tempDir();
    const { child: owner } = await LockChild.start();
    expect(await owner.ask(`acquire ${dir} 600000`)).toBe('acquired');
    await owner.kill();
    // Its heartbeat is fresh and would hold for ten minutes: the dead pid is what frees the lock.
    const racers = await Promise.all([1, 2, 3].map(async () => (await LockChild.start()).child));
    const answers = await Promise.all(racers.map((c) => c.ask(`acquire ${dir} 600000`)));
    expect(answers.filter((a) => a === 'acquired')).toHaveLength(1);
    expect(ownerOf(dir).pid).toBe(racers[answers.indexOf('acquired')].process.pid);
  }, SLOW_TEST_MS);

  it('`npm start` on a DATA_DIR another process holds stops at once with a clear message', async () => {
    const dir = tempDir();
    const { child: holder } = await LockChild.start();
    expect(await holder.ask(`acquire ${dir} 30000`)).toBe('acquired');
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: '0', OTP_SENDER: 'console' };
    delete env.DATABASE_URL;
    const server = start(process.execPath, ['--require', TSX, API_MAIN], { env });
    let stderr = '';
    server.stderr!.on('data', (d) => (stderr += d));
    expect(await exitOf(server)).toBe(1);
    const [said, heartbeatAge] = /^(.*); its last heartbeat was (\d+) s ago\. /.exec(stderr)?.slice(1) ?? [];
    expect(said).toBe(
      `Bahi cannot start: Another Bahi process (pid ${holder.process.pid} on ${os.hostname()}, started ${ownerOf(dir).startedAt}) ` +
        `is already using the data directory ${dir}`,
    );
    expect(Number(heartbeatAge)).toBeLessThan(30);
    expect(stderr).toMatch(/ Stop that process first, or set DATA_DIR to a different folder\. A lock whose heartbeat has stopped for 30 s is taken over\.\n$/);
    // The holder's lock is left alone.
    expect(ownerOf(dir).pid).toBe(holder.process.pid);
  }, SLOW_TEST_MS);
});

const canMakeContainers =
  process.getuid?.() === 0 && spawnSync('unshare', ['--fork', '--pid', '--mount-proc', '--uts', 'true']).status === 0;

(canMakeContainers ? describe : describe.skip)('two containers on one volume (unshare as root)', () => {
  const STALE_MS = 5_000;

  it('refuses the second container while the first lives, though both are pid 1; takes over once its heartbeat stops', async () => {
    const dir = tempDir();
    const { child: first, ready } = await LockChild.start('box-a');
    expect(ready).toBe('ready pid 1 on box-a');
    expect(await first.ask(`acquire ${dir} ${STALE_MS}`)).toBe('acquired');
    const acquiredAt = fs.statSync(lockFile(dir)).mtimeMs;

    const { child: second, ready: secondReady } = await LockChild.start('box-b');
    expect(secondReady).toBe('ready pid 1 on box-b');
    expect(await second.ask(`acquire ${dir} ${STALE_MS}`)).toMatch(/^refused Another Bahi process \(pid 1 on box-a, /);

    // Longer than the timeout later, the living owner's heartbeat still holds the lock.
    await until('a heartbeat after the stale timeout', () => fs.statSync(lockFile(dir)).mtimeMs > acquiredAt + STALE_MS);
    expect(await second.ask(`acquire ${dir} ${STALE_MS}`)).toMatch(/^refused /);

    // Killed, the owner leaves its lock behind: refused until its heartbeat is stale, then taken over.
    await first.kill();
    expect(ownerOf(dir).host).toBe('box-a');
    expect(await second.ask(`acquire ${dir} ${STALE_MS}`)).toMatch(/^refused /);
    await until('the heartbeat to go stale', () => Date.now() - fs.statSync(lockFile(dir)).mtimeMs > STALE_MS);
    expect(await second.ask(`acquire ${dir} ${STALE_MS}`)).toBe('acquired');
    expect(ownerOf(dir)).toMatchObject({ host: 'box-b', pid: 1 });
  }, SLOW_TEST_MS);
});
