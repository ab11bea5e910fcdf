import { getInstance } from '@module-federation/enhanced/runtime';
import {
  REMOTE_LOAD_TIMEOUT_MS,
  RemoteLoadError,
  loadRemoteRoutes,
  registerShellRemotes,
  remoteStatuses,
  resetFederationStateForTests,
  resetRemote,
  resolveManifestUrl,
  subscribeRemoteStatuses,
} from './federation';
import { reportRemoteProblem } from './diagnostics';
import { PARTIES, REPORTS } from '../test/fixtures';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const runtime = { registerRemotes: jest.fn(), loadRemote: jest.fn(), preloadRemote: jest.fn() };

beforeEach(() => {
  resetFederationStateForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.preloadRemote.mockReset().mockResolvedValue(undefined);
  jest.mocked(getInstance).mockReturnValue(runtime as never);
});

describe('resolveManifestUrl', () => {
  it('resolves a path against the shell origin and keeps absolute URLs', () => {
    expect(resolveManifestUrl('/remotes/mf-items/mf-manifest.json', 'https://bahi.example')).toBe(
      'https://bahi.example/remotes/mf-items/mf-manifest.json',
    );
    expect(resolveManifestUrl('https://cdn.example/items/mf-manifest.json', 'https://bahi.example')).toBe(
      'https://cdn.example/items/mf-manifest.json',
    );
  });
});

describe('registerShellRemotes', () => {
  it('registers each remote once with its absolute manifest URL, fetching nothing', () => {
    registerShellRemotes([REPORTS, PARTIES]);
    registerShellRemotes([REPORTS, PARTIES]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_reports', entry: 'http://localhost/remotes/mf-reports/mf-manifest.json' },
      { name: 'mf_parties', entry: 'http://localhost/remotes/mf-parties/mf-manifest.json' },
    ]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('re-registers with force a remote whose URL changed (rolled forward or back)', () => {
    registerShellRemotes([REPORTS]);
    registerShellRemotes([{ ...REPORTS, manifestUrl: 'https://cdn.example/reports/2.0.0/mf-manifest.json' }]);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_reports', entry: 'https://cdn.example/reports/2.0.0/mf-manifest.json' }],
      { force: true },
    );
  });

  it("forgets a moved remote's old chunks, so the new build's files are fetched, not the old modules reused", () => {
    registerShellRemotes([REPORTS]);
    (window as unknown as Record<string, unknown>).rspackChunkmf_reports = [[[91], {}]];
    registerShellRemotes([{ ...REPORTS, manifestUrl: 'https://cdn.example/reports/2.0.0/mf-manifest.json' }]);
    expect('rspackChunkmf_reports' in window).toBe(false);
  });

  it('marks the remotes this browser overrides, for About and the footer', () => {
    registerShellRemotes([REPORTS, { ...PARTIES, manifestUrl: 'http://127.0.0.1:9100/mf-manifest.json' }], new Set(['mf_parties']));
    expect(remoteStatuses().map((s) => [s.name, s.overridden, s.url])).toEqual([
      ['mf_reports', false, 'http://localhost/remotes/mf-reports/mf-manifest.json'],
      ['mf_parties', true, 'http://127.0.0.1:9100/mf-manifest.json'],
    ]);
  });
});

describe('remote status subscription', () => {
  it('tells listeners, after the current task, when a remote registers, loads or fails', async () => {
    const listener = jest.fn();
    subscribeRemoteStatuses(listener);
    registerShellRemotes([REPORTS]);
    expect(listener).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(1);

    runtime.loadRemote.mockResolvedValueOnce({ routes: {} });
    await loadRemoteRoutes('mf_reports');
    await Promise.resolve();
    expect(listener.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(remoteStatuses()[0].status).toBe('loaded');

    const calls = listener.mock.calls.length;
    resetRemote('mf_reports');
    await Promise.resolve();
    expect(listener).toHaveBeenCalledTimes(calls + 1);
    expect(remoteStatuses()[0].status).toBe('failed');
  });
});

describe('loadRemoteRoutes', () => {
  const module = { routes: { reports: () => null } };

  it('loads `<name>/routes` once and shares it', async () => {
    registerShellRemotes([REPORTS]);
    runtime.loadRemote.mockResolvedValue(module);
    await expect(loadRemoteRoutes('mf_reports')).resolves.toBe(module);
    await expect(loadRemoteRoutes('mf_reports')).resolves.toBe(module);
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_reports/routes');
    expect(remoteStatuses()[0]).toMatchObject({ name: 'mf_reports', status: 'loaded', version: '1.0.0' });
  });

  it("fetches every chunk of the remote's routes, its pages too, beside the entry", async () => {
    registerShellRemotes([REPORTS]);
    runtime.loadRemote.mockResolvedValue(module);
    await loadRemoteRoutes('mf_reports');
    expect(runtime.preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'mf_reports', exposes: ['./routes'], resourceCategory: 'all' }]);
  });

  it('after a failure, drops the runtime cache (force re-register) and loads again', async () => {
    registerShellRemotes([REPORTS]);
    runtime.loadRemote.mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));
    const failure = await loadRemoteRoutes('mf_reports').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RemoteLoadError);
    expect(failure).toMatchObject({ kind: 'unreachable', message: 'Reports could not be reached' });
    expect(remoteStatuses()[0].status).toBe('failed');

    runtime.loadRemote.mockResolvedValueOnce(module);
    await expect(loadRemoteRoutes('mf_reports')).resolves.toBe(module);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'mf_reports', entry: 'http://localhost/remotes/mf-reports/mf-manifest.json' }],
      { force: true },
    );
  });

  it('resetRemote makes a loaded remote load afresh (Retry after a render crash)', async () => {
    registerShellRemotes([REPORTS]);
    runtime.loadRemote.mockResolvedValue(module);
    await loadRemoteRoutes('mf_reports');
    // What the remote's own webpack runtime leaves on the page: its chunks, the page that threw among them.
    (window as unknown as Record<string, unknown>).rspackChunkmf_reports = [[[91], {}]];
    resetRemote('mf_reports');
    await loadRemoteRoutes('mf_reports');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'mf_reports' })], { force: true });
    expect('rspackChunkmf_reports' in window).toBe(false);
  });

  it('gives up after the time-out when the remote does not answer', async () => {
    jest.useFakeTimers();
    try {
      registerShellRemotes([REPORTS]);
      runtime.loadRemote.mockReturnValue(new Promise(() => undefined));
      const result = loadRemoteRoutes('mf_reports').catch((e: unknown) => e);
      jest.advanceTimersByTime(REMOTE_LOAD_TIMEOUT_MS - 1);
      await Promise.resolve();
      jest.advanceTimersByTime(1);
      await expect(result).resolves.toMatchObject({ kind: 'timeout' });
    } finally {
      jest.useRealTimers();
    }
  });

  it('names version skew reported by the runtime plugin', async () => {
    registerShellRemotes([REPORTS]);
    runtime.loadRemote.mockImplementation(async () => {
      reportRemoteProblem('mf_reports', 'version', 'mf_reports was built for other versions of shared libraries: react ^18.2.0 needed, 19.3.1 here');
      throw new Error('[ Federation Runtime ]: something');
    });
    await expect(loadRemoteRoutes('mf_reports')).rejects.toMatchObject({ kind: 'version', message: expect.stringContaining('react ^18.2.0') });
  });

  it('rejects a module without routes', async () => {
    registerShellRemotes([REPORTS]);
    runtime.loadRemote.mockResolvedValue({});
    await expect(loadRemoteRoutes('mf_reports')).rejects.toMatchObject({ kind: 'invalid' });
  });

  it('rejects an unknown remote without touching the runtime', async () => {
    await expect(loadRemoteRoutes('mf_nowhere')).rejects.toBeInstanceOf(RemoteLoadError);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
