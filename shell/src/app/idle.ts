/** requestIdleCallback's deadline: on a busy page the work still starts eventually. */
const IDLE_TIMEOUT_MS = 2_000;

export type IdleHandle = { cancel(): void };

/** Runs `run` when the browser has nothing better to do (a short timer where requestIdleCallback is missing). */
export function whenIdle(run: () => void): IdleHandle {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 200);
  return { cancel: () => window.clearTimeout(id) };
}

/** Data-saver users download code when they need it, not before. */
export function savesData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}
