import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, openPgliteDatabase } from './client';
import { DataDirLockedError, acquireDataDirLock } from './lock';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('the data directory lock', () => {
  let other: ChildProcess;
  beforeAll(() => {
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  });
  afterAll(() => {
    other.kill();
  });

  it('refuses a data directory another live process holds, naming its pid', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bahi.lock'), `${other.pid}\n`);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `Another Bahi process (pid ${other.pid}) is already using the data directory ${dir}.`,
    );
    // The other process's lock is left alone.
    expect(fs.readFileSync(path.join(dir, 'bahi.lock'), 'utf8').trim()).toBe(String(other.pid));
  });

  it('takes over a stale lock whose process is gone', () => {
    const dir = tempDir();
    const gone = spawn(process.execPath, ['-e', '0']);
    const pid = gone.pid!;
    return new Promise<void>((resolve) => {
      gone.on('exit', () => {
        fs.writeFileSync(path.join(dir, 'bahi.lock'), `${pid}\n`);
        const lock = acquireDataDirLock(dir);
        expect(fs.readFileSync(lock.file, 'utf8').trim()).toBe(String(process.pid));
        lock.release();
        expect(fs.existsSync(lock.file)).toBe(false);
        resolve();
      });
    });
  });

  it('opens PGlite on disk once; a second open of the same directory is refused until the first closes', async () => {
    const dir = tempDir();
    const first = await openPgliteDatabase(dir);
    try {
      expect(fs.readFileSync(path.join(dir, 'bahi.lock'), 'utf8').trim()).toBe(String(process.pid));
      await expect(openPgliteDatabase(dir)).rejects.toThrow(`(pid ${process.pid})`);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dir, 'bahi.lock'))).toBe(false);
    const again = await openPgliteDatabase(dir);
    await again.close();
  });
});
