import retryPlugin, { RETRY_DELAYS_MS, fetchWithRetry } from './retry';
import errorLoadRemotePlugin from './error-load-remote';
import versionSkewPlugin, { RemoteVersionSkewError, singletonMismatches } from './version-skew';
import { clearRemoteProblem, remoteProblem } from '../remotes/diagnostics';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const answer = (status: number) => ({ ok: status >= 200 && status < 300, status, json: async () => ({}) }) as Response;

describe('retry plugin', () => {
  it('retries a manifest fetch that fails with 5xx or a network error, with back-off', async () => {
    jest.useFakeTimers();
    const fetchMock = jest
      .fn()
      .mockResolvedValueOnce(answer(503))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(answer(200));
    globalThis.fetch = fetchMock;
    const result = fetchWithRetry('https://cdn.example/mf-manifest.json');
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[0]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS[1]);
    await expect(result).resolves.toMatchObject({ status: 200 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last try, and does not retry a 404', async () => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn().mockResolvedValue(answer(500));
    const failing = fetchWithRetry('https://cdn.example/mf-manifest.json').catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(RETRY_DELAYS_MS.reduce((a, b) => a + b, 0));
    expect(await failing).toMatchObject({ message: expect.stringContaining('HTTP 500') });
    expect(globalThis.fetch).toHaveBeenCalledTimes(RETRY_DELAYS_MS.length + 1);

    globalThis.fetch = jest.fn().mockResolvedValue(answer(404));
    await expect(fetchWithRetry('https://cdn.example/gone.json')).rejects.toThrow('HTTP 404');
    expect(globalThis.fetch).toHaveBeenCalledTimes(1);
  });

  it('only takes over manifest fetches, and shortens the entry script time-out', () => {
    const plugin = retryPlugin();
    const fetchHook = plugin.fetch!;
    expect(fetchHook('https://cdn.example/chunk.js', {}, undefined, undefined)).toBeUndefined();
    expect(plugin.createScript!({ url: 'https://cdn.example/remoteEntry.js', attrs: {} })).toEqual({ timeout: expect.any(Number) });
  });
});

describe('errorLoadRemote plugin', () => {
  it('records the failure for the boundary and lets the load reject', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    clearRemoteProblem('mf_items');
    const plugin = errorLoadRemotePlugin();
    const result = plugin.errorLoadRemote!({
      id: 'mf_items/routes',
      error: new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008'),
      from: 'runtime',
      lifecycle: 'onLoad',
      origin: {} as never,
    });
    expect(result).toBeUndefined();
    expect(remoteProblem('mf_items')).toMatchObject({ kind: 'script' });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('mf_items could not be loaded'));
  });

  it('skips a broken remote met while sharing modules, so the remote asked for still loads', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    clearRemoteProblem('mf_branches');
    const plugin = errorLoadRemotePlugin();
    const result = plugin.errorLoadRemote!({
      id: 'mf_branches',
      error: new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'),
      from: 'runtime',
      lifecycle: 'beforeLoadShare',
      remote: { name: 'mf_branches', entry: 'http://localhost/remotes/mf-branches/mf-manifest.json' } as never,
      origin: {} as never,
    });
    // Nothing returned: the runtime leaves that remote out of the share scope instead of failing the load.
    expect(result).toBeUndefined();
    expect(remoteProblem('mf_branches')).toMatchObject({ kind: 'manifest' });
  });
});

describe('version skew', () => {
  const host = {
    react: [{ version: '19.3.1', shareConfig: { singleton: true } }],
    antd: [{ version: '6.6.8', shareConfig: { singleton: true } }],
  };

  it('names a singleton the remote needs in another major', () => {
    expect(
      singletonMismatches(
        [
          { name: 'react', singleton: true, requiredVersion: '^18.2.0' },
          { name: 'antd', singleton: true, requiredVersion: '^6.0.0' },
          { name: 'left-pad', singleton: true, requiredVersion: '^1.0.0' },
        ],
        host,
      ),
    ).toEqual(['react ^18.2.0 needed, 19.3.1 here']);
  });

  it('fails the load from the manifest, before any of the remote code runs', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const plugin = versionSkewPlugin();
    expect(() =>
      plugin.afterLoadManifest!({
        manifestUrl: 'https://cdn.example/mf-manifest.json',
        moduleInfo: { name: 'mf_old', entry: 'https://cdn.example/mf-manifest.json' },
        manifestJson: { shared: [{ name: 'react', singleton: true, requiredVersion: '^18.2.0' }] } as never,
        origin: { options: { shared: host } } as never,
      }),
    ).toThrow(RemoteVersionSkewError);
    expect(remoteProblem('mf_old')).toMatchObject({ kind: 'version' });
  });
});
