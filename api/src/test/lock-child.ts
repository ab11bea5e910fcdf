/**
 * A process that takes and releases the data directory's lock when told, for lock.test.ts. Commands on stdin,
 * one answer line each on stdout: `acquire <dir> <staleMs>` -> `acquired` | `refused <message>`; `release` ->
 * `released`. Says `ready` first, and `lost <message>` if it loses a lock it holds.
 */
import os from 'node:os';
import readline from 'node:readline';
import { DataDirLockedError, acquireDataDirLock, type DataDirLock } from '../db/lock';

let held: DataDirLock | undefined;
const say = (line: string) => process.stdout.write(`${line}\n`);

readline.createInterface({ input: process.stdin }).on('line', (line) => {
  const [command, dir, staleMs] = line.split(' ');
  if (command === 'acquire') {
    try {
      held = acquireDataDirLock(dir, { staleMs: Number(staleMs), onLost: (e) => say(`lost ${e.message}`) });
      say('acquired');
    } catch (e) {
      if (!(e instanceof DataDirLockedError)) throw e;
      say(`refused ${e.message}`);
    }
  } else if (command === 'release') {
    held?.release();
    held = undefined;
    say('released');
  }
});
say(`ready pid ${process.pid} on ${os.hostname()}`);
