import {
  OVERRIDE_KEY_PREFIX,
  applyOverrides,
  captureOverridesFromUrl,
  clearAllOverrides,
  clearOverride,
  confirmOverride,
  declineOverride,
  manifestOrigin,
  requestedOverrides,
  storedOverrides,
} from './overrides';
import { mockApi } from '../test/api-mock';
import { REGISTRY, REPORTS, remote } from '../test/fixtures';

const realFetch = globalThis.fetch;
const QA = 'http://127.0.0.1:9100';
const CANDIDATE = `${QA}/mf-manifest.json`;
const BRANCHES = remote({
  name: 'mf_branches',
  title: 'Store branches',
  routes: ['/store-branch', '/store-branch/:id'],
  nav: [{ path: '/store-branch', label: 'Store branches', icon: 'ShopOutlined', order: 100 }],
  overridable: true,
  overrideOrigins: [QA],
});
const registry = { ...REGISTRY, remotes: [...REGISTRY.remotes, BRANCHES] };
const HOUR = 3_600_000;

/** What a confirmed override looks like in localStorage. */
const stored = (url: string, expiresAt = Date.now() + HOUR) => JSON.stringify({ url, expiresAt });

beforeEach(() => {
  localStorage.clear();
  clearAllOverrides();
  window.history.replaceState(null, '', '/');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

describe('captureOverridesFromUrl', () => {
  it('holds ?bahi-remote.<name>=<url> in memory only, by container name, and takes it out of the address bar', () => {
    window.history.replaceState(null, '', `/store-branch?tab=all&bahi-remote.mf-branches=${encodeURIComponent(CANDIDATE)}#top`);
    captureOverridesFromUrl();
    expect(requestedOverrides()).toEqual(new Map([['mf_branches', CANDIDATE]]));
    expect(localStorage.length).toBe(0);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/store-branch?tab=all#top');
  });

  it('clears a stored override with an empty value', () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_branches`, stored(CANDIDATE));
    window.history.replaceState(null, '', '/?bahi-remote.mf_branches=');
    captureOverridesFromUrl();
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)).toBeNull();
    expect(requestedOverrides().size).toBe(0);
    expect(window.location.search).toBe('');
  });

  it('refuses a URL that is not http(s), and leaves other query parameters alone', () => {
    window.history.replaceState(null, '', '/login?next=%2Fparties&bahi-remote.mf_parties=javascript:alert(1)');
    captureOverridesFromUrl();
    expect(requestedOverrides().size).toBe(0);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('not an http(s) URL'));
    expect(window.location.search).toBe('?next=%2Fparties');
  });

  it('does nothing without override parameters', () => {
    const replace = jest.spyOn(window.history, 'replaceState');
    window.history.pushState(null, '', '/parties?page=2');
    captureOverridesFromUrl();
    expect(replace).not.toHaveBeenCalled();
    expect(window.location.search).toBe('?page=2');
  });
});

describe('manifestOrigin', () => {
  it('gives the origin of http(s) URLs and paths on this origin only', () => {
    expect(manifestOrigin('http://127.0.0.1:9000/mf-manifest.json')).toBe('http://127.0.0.1:9000');
    expect(manifestOrigin('/remotes/mf-items/mf-manifest.json')).toBe('http://localhost');
    expect(manifestOrigin('data:text/javascript,alert(1)')).toBeNull();
    expect(manifestOrigin('javascript:alert(1)')).toBeNull();
  });
});

describe('confirmed overrides', () => {
  it('are kept with an expiry and forgotten once it has passed', () => {
    const now = Date.now();
    confirmOverride('mf_branches', CANDIDATE, 4, now);
    expect(JSON.parse(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)!)).toEqual({ url: CANDIDATE, expiresAt: now + 4 * HOUR });
    expect(storedOverrides(now + 4 * HOUR - 1)).toEqual(new Map([['mf_branches', CANDIDATE]]));
    expect(storedOverrides(now + 4 * HOUR).size).toBe(0);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)).toBeNull();
  });

  it('are dropped when stored without an expiry (a hand-set or old-style value)', () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_branches`, CANDIDATE);
    expect(storedOverrides().size).toBe(0);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)).toBeNull();
  });

  it('are all cleared at logout, with any request a link made', () => {
    confirmOverride('mf_branches', CANDIDATE, 4);
    localStorage.setItem('bahi.sider-collapsed', '1');
    window.history.replaceState(null, '', `/?bahi-remote.mf_reports=${encodeURIComponent(CANDIDATE)}`);
    captureOverridesFromUrl();
    clearAllOverrides();
    expect(storedOverrides().size).toBe(0);
    expect(requestedOverrides().size).toBe(0);
    expect(localStorage.getItem('bahi.sider-collapsed')).toBe('1');
  });

  it('clearOverride forgets one', () => {
    confirmOverride('mf_branches', CANDIDATE, 4);
    clearOverride('mf_branches');
    expect(storedOverrides().size).toBe(0);
  });
});

describe('applyOverrides', () => {
  const descriptor = {
    name: 'mf_branches',
    folder: 'mf-branches',
    version: '0.2.0-candidate',
    title: 'Store branches',
    routes: ['/store-branch', '/store-branch/:id', '/store-branch/:id/stock'],
    nav: BRANCHES.nav,
  };
  const none = new Map<string, string>();

  it('leaves the registry as it is when nothing is overridden, fetching nothing', async () => {
    const api = mockApi({});
    await expect(applyOverrides(registry, none, none)).resolves.toEqual({ registry, overrides: [], requests: [] });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("asks before a link's override is used, fetching nothing from its URL", async () => {
    const api = mockApi({});
    const { registry: applied, overrides, requests } = await applyOverrides(registry, none, new Map([['mf_branches', CANDIDATE]]));
    expect(requests).toEqual([
      { name: 'mf_branches', title: 'Store branches', manifestUrl: CANDIDATE, publishedUrl: BRANCHES.manifestUrl, hours: 4 },
    ]);
    expect(overrides).toEqual([]);
    expect(applied).toEqual(registry);
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['another origin', 'mf_branches', 'https://evil.example/mf-manifest.json', 'https://evil.example is not on its override allow-list'],
    ['a path on the shell itself', 'mf_branches', '/remotes/other/mf-manifest.json', 'http://localhost is not on its override allow-list'],
    ['a remote that does not allow overrides', 'mf_reports', CANDIDATE, 'the registry does not allow overriding it'],
    ['an area this business does not have', 'mf_sales', CANDIDATE, 'there is no such area for your business'],
  ])("drops a link's override for %s, loading and asking nothing", async (_what, name, url, why) => {
    const api = mockApi({});
    const { registry: applied, requests } = await applyOverrides(registry, none, new Map([[name, url]]));
    expect(requests).toEqual([]);
    expect(applied).toEqual(registry);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining(why));
  });

  it('does not ask again for an override already confirmed with the same URL', async () => {
    mockApi({ 'GET /bahi-remote.json': () => [200, descriptor] });
    const { requests, overrides } = await applyOverrides(registry, new Map([['mf_branches', CANDIDATE]]), new Map([['mf_branches', CANDIDATE]]));
    expect(requests).toEqual([]);
    expect(overrides).toHaveLength(1);
  });

  it("points an overridable remote at a confirmed URL, with the candidate build's own version and routes", async () => {
    const api = mockApi({ 'GET /bahi-remote.json': () => [200, descriptor] });
    const { registry: applied, overrides } = await applyOverrides(registry, new Map([['mf_branches', CANDIDATE]]), none);
    expect(api.fetchMock).toHaveBeenCalledWith(`${QA}/bahi-remote.json`, expect.anything());
    expect(applied.remotes.find((r) => r.name === 'mf_branches')).toEqual({
      ...BRANCHES,
      manifestUrl: CANDIDATE,
      version: '0.2.0-candidate',
      routes: descriptor.routes,
    });
    expect(applied.remotes.find((r) => r.name === 'mf_reports')).toBe(REPORTS);
    expect(overrides).toEqual([
      { name: 'mf_branches', title: 'Store branches', manifestUrl: CANDIDATE, publishedUrl: BRANCHES.manifestUrl, publishedVersion: '1.0.0' },
    ]);
  });

  it('still overrides when the candidate does not describe itself, with its version unknown', async () => {
    mockApi({});
    const { registry: applied, overrides } = await applyOverrides(registry, new Map([['mf_branches', CANDIDATE]]), none);
    expect(applied.remotes.find((r) => r.name === 'mf_branches')).toMatchObject({ manifestUrl: CANDIDATE, version: 'unknown', routes: BRANCHES.routes });
    expect(overrides).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('no usable bahi-remote.json'));
  });

  it('refuses a descriptor of another remote', async () => {
    mockApi({ 'GET /bahi-remote.json': () => [200, { ...descriptor, name: 'mf_items', folder: 'mf-items' }] });
    const { registry: applied } = await applyOverrides(registry, new Map([['mf_branches', CANDIDATE]]), none);
    expect(applied.remotes.find((r) => r.name === 'mf_branches')).toMatchObject({ version: 'unknown', routes: BRANCHES.routes });
  });

  it('ignores and removes a stored override the registry no longer accepts: not overridable, or its origin left the list', async () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_reports`, stored(CANDIDATE));
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_branches`, stored('https://old-qa.example/mf-manifest.json'));
    const api = mockApi({});
    const { registry: applied, overrides } = await applyOverrides(registry, storedOverrides(), none);
    expect(applied).toEqual(registry);
    expect(overrides).toEqual([]);
    expect(api.fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_reports`)).toBeNull();
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('mf_reports ignored and removed'));
  });

  it('keeps, unused, an override of an area switched off for this business; drops one of an unknown area', async () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_sales`, stored(CANDIDATE));
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_nowhere`, stored(CANDIDATE));
    const { registry: applied, overrides } = await applyOverrides(registry, storedOverrides(), none);
    expect(applied.remotes).toEqual(registry.remotes);
    expect(overrides).toEqual([]);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_sales`)).not.toBeNull();
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_nowhere`)).toBeNull();
  });

  it('declineOverride forgets a request', () => {
    window.history.replaceState(null, '', `/?bahi-remote.mf_branches=${encodeURIComponent(CANDIDATE)}`);
    captureOverridesFromUrl();
    declineOverride('mf_branches');
    expect(requestedOverrides().size).toBe(0);
  });
});
