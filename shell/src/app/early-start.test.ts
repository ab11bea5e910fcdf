import { waitFor } from '@testing-library/react';
import { getInstance } from '@module-federation/enhanced/runtime';
import { startSignedInApp, takeEarlyProfile } from './early-start';
import { resetFederationStateForTests } from '../remotes/federation';
import { confirmOverride } from '../remotes/overrides';
import { mockApi, ok, type ApiAnswer } from '../test/api-mock';
import { PROFILE, REGISTRY } from '../test/fixtures';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));
// The signed-in app's code is fetched too; its content is not under test here.
jest.mock('./signed-in-root', () => ({ __esModule: true, default: () => null, warmUpStyles: () => undefined }));

const runtime = { registerRemotes: jest.fn(), loadRemote: jest.fn(), preloadRemote: jest.fn() };
const realFetch = globalThis.fetch;

beforeEach(() => {
  resetFederationStateForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset().mockResolvedValue({ routes: {} });
  runtime.preloadRemote.mockReset().mockResolvedValue(undefined);
  jest.mocked(getInstance).mockReturnValue(runtime as never);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
});

/** An answer the test releases when it wants to. */
function held() {
  let release: (answer: ApiAnswer) => void = () => undefined;
  const answer = new Promise<ApiAnswer>((resolve) => (release = resolve));
  return { handler: () => answer, release };
}

describe('a page load on an inner page', () => {
  it('asks for the profile and the registry at once, then loads the code of the remote being opened', async () => {
    const profile = held();
    const registry = held();
    const api = mockApi({ 'GET auth/profile': profile.handler, 'GET shell/remotes': registry.handler });

    startSignedInApp('/reports/sales');
    expect(api.callsTo('GET', 'auth/profile')).toHaveLength(1);
    expect(api.callsTo('GET', 'shell/remotes')).toHaveLength(1);

    registry.release(ok(REGISTRY));
    await waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledWith('mf_reports/routes'));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(1);

    // The session check of the first mount takes the request already under way, and only the first.
    const early = takeEarlyProfile();
    expect(early).not.toBeNull();
    expect(takeEarlyProfile()).toBeNull();
    profile.release(ok(PROFILE));
    await expect(early).resolves.toEqual(PROFILE);
  });

  it('loads no remote code for a page of the shell itself', async () => {
    mockApi({ 'GET auth/profile': () => ok(PROFILE), 'GET shell/remotes': () => ok(REGISTRY) });
    startSignedInApp('/');
    await waitFor(() => expect(runtime.registerRemotes).toHaveBeenCalled());
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('leaves an overridden remote to its route', async () => {
    const candidate = 'http://127.0.0.1:9100/mf-manifest.json';
    confirmOverride('mf_reports', candidate, 4);
    const overridable = {
      ...REGISTRY,
      remotes: REGISTRY.remotes.map((r) => ({ ...r, overridable: true, overrideOrigins: ['http://127.0.0.1:9100'] })),
    };
    mockApi({
      'GET auth/profile': () => ok(PROFILE),
      'GET shell/remotes': () => ok(overridable),
      'GET /bahi-remote.json': () => [200, { name: 'mf_reports', folder: 'mf-reports', version: '2.0.0', title: 'Reports', routes: REGISTRY.remotes[0].routes, nav: REGISTRY.remotes[0].nav }],
    });
    startSignedInApp('/reports');
    await waitFor(() => expect(runtime.registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'mf_reports', entry: candidate }])));
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });
});
