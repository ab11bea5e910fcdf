import { IDLE_PRELOAD_DELAY_MS, sidebarRemotes, startIdlePreload } from './idle-preload';
import { buildRouteTable } from './route-table';
import { REGISTRY } from '../test/fixtures';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A loader whose loads the test settles by hand. */
function manualLoader() {
  const settle = new Map<string, { resolve: () => void; reject: (e: unknown) => void }>();
  const load = jest.fn(
    (name: string) =>
      new Promise<void>((resolve, reject) => {
        settle.set(name, { resolve, reject });
      }),
  );
  return { load, settle };
}

const flush = () => jest.advanceTimersByTimeAsync(250);

describe('startIdlePreload', () => {
  it('waits a few seconds, then preloads one remote at a time, in sidebar order', async () => {
    const { load, settle } = manualLoader();
    startIdlePreload(['mf_parties', 'mf_reports'], { load, untouched: () => true });
    await jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS - 1);
    expect(load).not.toHaveBeenCalled();
    await flush();
    expect(load.mock.calls).toEqual([['mf_parties']]);
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    settle.get('mf_parties')!.resolve();
    await flush();
    expect(load.mock.calls).toEqual([['mf_parties'], ['mf_reports']]);
  });

  it('swallows a failed preload and goes on with the next remote', async () => {
    const { load, settle } = manualLoader();
    startIdlePreload(['mf_branches', 'mf_reports'], { load, untouched: () => true });
    await jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 250);
    settle.get('mf_branches')!.reject(new Error('RUNTIME-003'));
    await flush();
    expect(load.mock.calls).toEqual([['mf_branches'], ['mf_reports']]);
  });

  it('leaves alone a remote that is already loaded, loading or failed', async () => {
    const { load } = manualLoader();
    startIdlePreload(['mf_parties', 'mf_reports'], { load, untouched: (name) => name === 'mf_reports' });
    await jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 250);
    expect(load.mock.calls).toEqual([['mf_reports']]);
  });

  it('stops when cancelled (logout, a new registry)', async () => {
    const { load, settle } = manualLoader();
    const stop = startIdlePreload(['mf_parties', 'mf_reports'], { load, untouched: () => true });
    await jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 250);
    stop();
    settle.get('mf_parties')!.resolve();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);

    const before = startIdlePreload(['mf_parties'], { load, untouched: () => true });
    before();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('waits for the browser to be idle when it can tell', async () => {
    const idle = jest.fn((cb: IdleRequestCallback) => setTimeout(() => cb({ didTimeout: false, timeRemaining: () => 50 }), 1_000) as unknown as number);
    window.requestIdleCallback = idle;
    window.cancelIdleCallback = jest.fn();
    try {
      const { load } = manualLoader();
      startIdlePreload(['mf_parties'], { load, untouched: () => true });
      await jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 500);
      expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: expect.any(Number) });
      expect(load).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(500);
      expect(load).toHaveBeenCalledWith('mf_parties');
    } finally {
      delete (window as Partial<Window>).requestIdleCallback;
      delete (window as Partial<Window>).cancelIdleCallback;
    }
  });
});

describe('sidebarRemotes', () => {
  it('names each remote of the sidebar once, in sidebar order, and never an unavailable one', () => {
    expect(sidebarRemotes(buildRouteTable(REGISTRY))).toEqual(['mf_parties', 'mf_reports']);
  });
});
