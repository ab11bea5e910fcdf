import workerThreads from 'node:worker_threads';
import { HttpError } from '../../errors';
import { SHEET_LIMITS, SHEET_MESSAGES } from './limits';
import { SHEET_WORKER_LIMITS, readSheet } from './sheet';
import { csvOf } from './testing';

const LIMITS = { ...SHEET_LIMITS, maxRows: 10_000 };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: HttpError) => ({ status: e.statusCode, message: e.message }),
  );
const big = csvOf([['Name', 'City'], ...Array.from({ length: 10_000 }, (_, i) => [`Party ${i}`, 'Pune'])]);

describe('reading a spreadsheet in a worker thread', () => {
  it('answers the rows the parser read', async () => {
    const sheet = await readSheet(csvOf([['Name'], ['Asha']]), LIMITS);
    expect(sheet).toEqual({ kind: 'csv', rows: [{ rowNumber: 1, cells: ['Name'] }, { rowNumber: 2, cells: ['Asha'] }] });
  });

  it("answers the parser's refusal with its status", async () => {
    expect(await refusal(readSheet(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0]), LIMITS))).toEqual({ status: 415, message: SHEET_MESSAGES.notSpreadsheet });
  });

  it('ends the thread at its time limit: 413', async () => {
    // No thread starts, loads and parses within a millisecond.
    expect(await refusal(readSheet(big, LIMITS, { ...SHEET_WORKER_LIMITS, timeoutMs: 1 }))).toEqual({ status: 413, message: SHEET_MESSAGES.tooSlow });
  });

  it('holds the thread to its heap: past it the thread dies, the request gets 413', async () => {
    expect(await refusal(readSheet(big, LIMITS, { ...SHEET_WORKER_LIMITS, heapMb: 4 }))).toEqual({ status: 413, message: SHEET_MESSAGES.tooMuchMemory });
    // And the next file reads as usual.
    expect((await readSheet(big, LIMITS)).rows).toHaveLength(10_001);
  });

  it('runs at most two parser threads at once; the others wait their turn', async () => {
    const RealWorker = workerThreads.Worker;
    let live = 0;
    let most = 0;
    const spy = jest.spyOn(workerThreads, 'Worker').mockImplementation((...args: ConstructorParameters<typeof RealWorker>) => {
      const thread = new RealWorker(...args);
      most = Math.max(most, ++live);
      thread.on('exit', () => live--);
      return thread;
    });
    try {
      const sheets = await Promise.all(Array.from({ length: 5 }, (_, i) => readSheet(csvOf([['Name'], [`Party ${i}`]]), LIMITS)));
      expect(sheets.map((s) => s.rows[1].cells[0])).toEqual(['Party 0', 'Party 1', 'Party 2', 'Party 3', 'Party 4']);
      expect(spy).toHaveBeenCalledTimes(5);
      expect(most).toBe(2);
    } finally {
      spy.mockRestore();
    }
  });
});
