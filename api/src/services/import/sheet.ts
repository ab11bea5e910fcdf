/**
 * Reads an uploaded spreadsheet in a worker thread of its own, so that a hostile file can cost the server no more
 * than that thread's heap (`resourceLimits`) and time (a time limit that ends it), and the memory goes back when
 * the thread ends. The parsing itself is `parse.ts`.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../errors';
import { SHEET_MESSAGES, type SheetLimits } from './limits';
import type { Sheet } from './parse';
import type { WorkerAnswer } from './parse-worker';

export type { Sheet, SheetRow } from './parse';

export interface SheetWorkerLimits {
  /** The thread is ended after this long (413). */
  timeoutMs: number;
  /** Its V8 heap (old generation); beyond it the thread dies (413). */
  heapMb: number;
}

export const SHEET_WORKER_LIMITS: SheetWorkerLimits = { timeoutMs: 20_000, heapMb: 160 };

/** Parser threads at once; more uploads wait their turn, so many at once cannot multiply the memory. */
const MAX_PARSERS = 2;

const WORKER_ENTRY = path.join(__dirname, 'worker.cjs');

let running = 0;
const waiting: (() => void)[] = [];

async function takeTurn(): Promise<void> {
  if (running < MAX_PARSERS) {
    running++;
    return;
  }
  // The one who ends hands its turn over (running stays the same).
  await new Promise<void>((resolve) => waiting.push(resolve));
}

function endTurn() {
  const next = waiting.shift();
  if (next) next();
  else running--;
}

function parseInWorker(data: Buffer, limits: SheetLimits, worker: SheetWorkerLimits): Promise<Sheet> {
  return new Promise((resolve, reject) => {
    const thread = new Worker(WORKER_ENTRY, {
      workerData: { data, limits },
      // Not the parent's flags (tsx's loaders, --inspect): worker.cjs sets up what it needs.
      execArgv: [],
      resourceLimits: { maxOldGenerationSizeMb: worker.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    let outcome: (() => void) | undefined;
    const settle = (then: () => void) => {
      if (outcome) return;
      outcome = then;
      clearTimeout(timer);
      void thread.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new HttpError(413, SHEET_MESSAGES.tooSlow))), worker.timeoutMs);
    thread.on('message', (answer: WorkerAnswer) =>
      settle(() => (answer.ok ? resolve(answer.sheet) : reject(new HttpError(answer.status, answer.message)))),
    );
    thread.on('error', (e: Error & { code?: string }) =>
      settle(() => reject(e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new HttpError(413, SHEET_MESSAGES.tooMuchMemory) : e)),
    );
    // Answer once the thread is gone, so its memory is free before the next one starts.
    thread.on('exit', (code) => {
      settle(() => reject(new Error(`The spreadsheet parser stopped with exit code ${code} and no answer`)));
      outcome!();
    });
  });
}

/**
 * The first sheet's non-blank rows, the header included, read in a worker within `limits`. A file the import cannot
 * take rejects with HttpError: 415 (not .xlsx or .csv), 413 (beyond a limit, too slow, too much memory), 400.
 */
export async function readSheet(data: Buffer, limits: SheetLimits, worker = SHEET_WORKER_LIMITS): Promise<Sheet> {
  await takeTurn();
  try {
    return await parseInWorker(data, limits, worker);
  } finally {
    endTurn();
  }
}
