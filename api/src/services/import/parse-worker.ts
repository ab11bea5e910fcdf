/** Inside the parser's worker thread: parses the upload it is given and posts the sheet, or the refusal, back. */
import { parentPort, workerData } from 'node:worker_threads';
import { SheetError, type SheetLimits } from './limits';
import { parseSheet, type Sheet } from './parse';

export type WorkerAnswer = { ok: true; sheet: Sheet } | { ok: false; status: SheetError['status']; message: string };

const { data, limits } = workerData as { data: Uint8Array; limits: SheetLimits };
const post = (answer: WorkerAnswer) => parentPort!.postMessage(answer);

parseSheet(Buffer.from(data.buffer, data.byteOffset, data.byteLength), limits).then(
  (sheet) => post({ ok: true, sheet }),
  (e: unknown) => {
    // Anything else is a bug: it crashes the thread and the request answers 500.
    if (!(e instanceof SheetError)) throw e;
    post({ ok: false, status: e.status, message: e.message });
  },
);
