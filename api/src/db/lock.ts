import fs from 'node:fs';
import path from 'node:path';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another Bahi process (pid ${pid}) is already using the data directory ${dataDir}. ` +
        `Stop that process first, or set DATA_DIR to a different folder.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export const LOCK_FILE = 'bahi.lock';

/** Directories this process holds, so a second open inside the same process is refused as well. */
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: the process exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(file: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/**
 * PGlite does not lock its directory and two processes on one directory silently lose rows, so the API holds
 * `<dataDir>/bahi.lock` with its pid. A lock whose process is gone (a crash) is taken over.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  if (heldByThisProcess.has(dir)) throw new DataDirLockedError(dir, process.pid);

  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      heldByThisProcess.add(dir);
      const release = () => {
        if (!heldByThisProcess.delete(dir)) return;
        if (readPid(file) === process.pid) fs.rmSync(file, { force: true });
      };
      process.once('exit', release);
      return { file, release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const pid = readPid(file);
    // Our own pid in a file we do not hold is a leftover from an earlier run that got the same pid (containers).
    if (pid !== null && pid !== process.pid && isAlive(pid)) throw new DataDirLockedError(dir, pid);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`Could not take the lock file ${file}; remove it if no Bahi process is running.`);
}
