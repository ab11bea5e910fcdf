import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/**
 * PGlite does not lock its directory, and two processes on one directory silently lose rows. So the API holds
 * `<dataDir>/bahi.lock`, naming its owner, and keeps the file's modification time fresh (the heartbeat) for as long
 * as it lives. Another process — beside it, in another container on the same volume, or on another machine — is
 * refused while the owner lives. A lock is taken over when its owner is known dead (same kernel and pid namespace,
 * and its pid is gone or belongs to a newer process), or else only when its heartbeat is older than `staleMs`.
 */
export const LOCK_FILE = 'bahi.lock';
export const DEFAULT_STALE_MS = 30_000;

/** Who holds a lock: enough to tell whether it still lives, from anywhere that sees the file. */
export interface LockOwner {
  /** Tells this holding from any other, even of the same process. */
  token: string;
  host: string;
  /** The kernel's boot id: another boot, or another machine, has another. */
  bootId: string | null;
  /** The pid namespace (`/proc/self/ns/pid`): every container has its own, where pid 1 is someone else. */
  pidNamespace: string | null;
  pid: number;
  /** Clock ticks after boot when the process started: a pid reused by a later process has another. */
  startTime: string | null;
  startedAt: string;
}

const ageSeconds = (ms: number) => Math.max(0, Math.round(ms / 1000));

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  readonly owner: LockOwner | null;
  /** The owner's pid, in its own pid namespace (undefined when the lock file does not say). */
  readonly pid: number | undefined;

  constructor(
    readonly dataDir: string,
    seen: Pick<SeenLock, 'owner' | 'pid' | 'heartbeatAgeMs'> | null,
    staleMs: number,
  ) {
    const owner = seen?.owner ?? null;
    const who = owner
      ? `Another Bahi process (pid ${owner.pid} on ${owner.host}, started ${owner.startedAt})`
      : seen?.pid
        ? `Another Bahi process (pid ${seen.pid})`
        : 'Another process';
    const heartbeatAgeMs = seen?.heartbeatAgeMs ?? 0;
    super(
      `${who} is already using the data directory ${dataDir}; its last heartbeat was ${ageSeconds(heartbeatAgeMs)} s ago. ` +
        'Stop that process first, or set DATA_DIR to a different folder. ' +
        `A lock whose heartbeat has stopped for ${ageSeconds(staleMs)} s is taken over.`,
    );
    this.name = 'DataDirLockedError';
    this.owner = owner;
    this.pid = owner?.pid ?? seen?.pid;
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

function readLink(file: string): string | null {
  try {
    return fs.readlinkSync(file);
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
function startTimeOf(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function whoAmI(): LockOwner {
  return {
    token: randomUUID(),
    host: os.hostname(),
    bootId: readText('/proc/sys/kernel/random/boot_id'),
    pidNamespace: readLink('/proc/self/ns/pid'),
    pid: process.pid,
    startTime: startTimeOf(process.pid),
    startedAt: new Date().toISOString(),
  };
}

function parseOwner(text: string): LockOwner | null {
  try {
    const owner = JSON.parse(text) as Partial<LockOwner>;
    return typeof owner.token === 'string' && typeof owner.pid === 'number' && typeof owner.host === 'string' ? (owner as LockOwner) : null;
  } catch {
    return null;
  }
}

interface SeenLock {
  text: string;
  /** Unreadable (an older version's bare pid, a torn file): only its heartbeat tells. */
  owner: LockOwner | null;
  /** The owner's pid, also from an older version's lock (which held only that). */
  pid: number | undefined;
  heartbeatAgeMs: number;
}

function look(file: string): SeenLock | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const { mtimeMs } = fs.statSync(file);
    const owner = parseOwner(text);
    const pid = owner?.pid ?? (/^\d+\s*$/.test(text) ? Number(text) : undefined);
    return { text, owner, pid, heartbeatAgeMs: Date.now() - mtimeMs };
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

function processLives(pid: number, startTime: string | null): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return startTime === null || startTimeOf(pid) === startTime;
}

/** Whether the lock's owner may still be using the directory. */
function holderLives(seen: SeenLock, me: LockOwner, staleMs: number): boolean {
  const owner = seen.owner;
  // Its pid means the same process to us only on the same kernel boot and in the same pid namespace.
  const visible = owner && owner.bootId !== null && owner.bootId === me.bootId && owner.pidNamespace !== null && owner.pidNamespace === me.pidNamespace;
  if (visible) return processLives(owner.pid, owner.startTime);
  return seen.heartbeatAgeMs < staleMs;
}

/**
 * Refreshes the lock's modification time in a thread of its own, so that a main thread busy for long (a big
 * PGlite query runs on it) does not make a live owner look dead. Reports when the file is no longer ours.
 */
const HEARTBEAT = `
const { parentPort, workerData: { file, token, intervalMs } } = require('node:worker_threads');
const fs = require('node:fs');
setInterval(() => {
  let text = null;
  try { text = fs.readFileSync(file, 'utf8'); } catch {}
  if (text === null || !text.includes(token)) {
    parentPort.postMessage('The lock file ' + file + ' was removed or taken over by another process.');
    process.exit(0);
  }
  const now = new Date();
  try { fs.utimesSync(file, now, now); } catch {}
}, intervalMs);
`;

export interface DataDirLock {
  file: string;
  owner: LockOwner;
  release(): void;
}

export interface DataDirLockOptions {
  /** A lock whose heartbeat is older than this is taken over when its owner cannot be seen. */
  staleMs?: number;
  /** Called when this process finds that it no longer holds the lock; by default it stops the process. */
  onLost?: (error: Error) => void;
}

/** Going on without the lock could corrupt the database: stop. */
function stopProcess(error: Error) {
  process.stderr.write(`Bahi stops: ${error.message}\n`);
  process.exit(1);
}

/** Directories this process holds, so a second open inside the same process is refused as well. */
const heldByThisProcess = new Set<string>();

/** A replacement takes milliseconds: a gate older than this was left by a process that died meanwhile. */
const GATE_STALE_MS = 10_000;
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removes a dead owner's lock, holding `bahi.lock.gate` meanwhile so that, of several processes taking over at
 * once, only one removes it (another could otherwise remove the lock the first has just put in its place).
 */
function removeDeadLock(file: string, draft: string, seen: SeenLock, me: LockOwner, staleMs: number) {
  const gate = `${file}.gate`;
  try {
    fs.linkSync(draft, gate);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    if ((look(gate)?.heartbeatAgeMs ?? 0) > GATE_STALE_MS) fs.rmSync(gate, { force: true });
    pause(20);
    return;
  }
  try {
    const now = look(file);
    if (now && now.text === seen.text && !holderLives(now, me, staleMs)) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(gate, { force: true });
  }
}

/**
 * Takes `<dataDir>/bahi.lock` or throws DataDirLockedError. The file appears whole or not at all (written aside,
 * then hard-linked into place, which fails when one exists), so of two processes started at the same moment
 * exactly one gets it.
 */
export function acquireDataDirLock(dataDir: string, options: DataDirLockOptions = {}): DataDirLock {
  const staleMs = options.staleMs ?? DEFAULT_STALE_MS;
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const me = whoAmI();
  if (heldByThisProcess.has(dir)) {
    throw new DataDirLockedError(dir, look(file), staleMs);
  }

  const draft = `${file}.${me.token}`;
  fs.writeFileSync(draft, `${JSON.stringify(me, null, 2)}\n`, { flag: 'wx' });
  try {
    for (let attempt = 0; attempt < 100; attempt++) {
      try {
        fs.linkSync(draft, file);
        return hold(dir, file, me, staleMs, options.onLost ?? stopProcess);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const seen = look(file);
      if (!seen) continue;
      if (holderLives(seen, me, staleMs)) throw new DataDirLockedError(dir, seen, staleMs);
      removeDeadLock(file, draft, seen, me, staleMs);
    }
  } finally {
    fs.rmSync(draft, { force: true });
  }
  throw new Error(`Could not take the lock file ${file}: other processes keep changing it. Try again.`);
}

function hold(dir: string, file: string, me: LockOwner, staleMs: number, onLost: (error: Error) => void): DataDirLock {
  heldByThisProcess.add(dir);
  const heartbeat = new Worker(HEARTBEAT, {
    eval: true,
    workerData: { file, token: me.token, intervalMs: Math.max(100, Math.floor(staleMs / 6)) },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  heartbeat.unref();
  let held = true;
  let reason = 'The heartbeat of the data directory lock stopped.';
  heartbeat.on('message', (message: string) => (reason = message));
  heartbeat.on('error', (e) => (reason = `The heartbeat of the data directory lock failed: ${e.message}`));
  heartbeat.on('exit', () => {
    if (held) onLost(new Error(reason));
  });
  const release = () => {
    if (!held) return;
    held = false;
    heldByThisProcess.delete(dir);
    process.off('exit', release);
    void heartbeat.terminate();
    if (readText(file)?.includes(me.token)) fs.rmSync(file, { force: true });
  };
  process.on('exit', release);
  return { file, owner: me, release };
}
