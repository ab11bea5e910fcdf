import {
  OVERRIDE_KEY_PREFIX,
  applyOverrides,
  captureOverridesFromUrl,
  clearOverride,
  isAcceptableManifestUrl,
  storedOverrides,
} from './overrides';
import { mockApi } from '../test/api-mock';
import { REGISTRY, REPORTS, remote } from '../test/fixtures';

const realFetch = globalThis.fetch;
const CANDIDATE = 'https://cdn.example/reports/2.0.0-rc/mf-manifest.json';
const BRANCHES = remote({
  name: 'mf_branches',
  title: 'Store branches',
  routes: ['/store-branch', '/store-branch/:id'],
  nav: [{ path: '/store-branch', label: 'Store branches', icon: 'ShopOutlined', order: 100 }],
  overridable: true,
});

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

describe('captureOverridesFromUrl', () => {
  it('stores ?bahi-remote.<name>=<url> by container name and takes it out of the address bar', () => {
    window.history.replaceState(null, '', `/store-branch?tab=all&bahi-remote.mf-branches=${encodeURIComponent(CANDIDATE)}#top`);
    captureOverridesFromUrl();
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)).toBe(CANDIDATE);
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/store-branch?tab=all#top');
  });

  it('clears a stored override with an empty value', () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_branches`, CANDIDATE);
    window.history.replaceState(null, '', '/?bahi-remote.mf_branches=');
    captureOverridesFromUrl();
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_branches`)).toBeNull();
    expect(window.location.search).toBe('');
  });

  it('refuses a URL that is not http(s), and leaves other query parameters alone', () => {
    window.history.replaceState(null, '', '/login?next=%2Fparties&bahi-remote.mf_parties=javascript:alert(1)');
    captureOverridesFromUrl();
    expect(storedOverrides().size).toBe(0);
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

describe('isAcceptableManifestUrl', () => {
  it('takes http(s) URLs and paths on this origin only', () => {
    expect(isAcceptableManifestUrl('http://127.0.0.1:9000/mf-manifest.json')).toBe(true);
    expect(isAcceptableManifestUrl('/remotes/mf-items/mf-manifest.json')).toBe(true);
    expect(isAcceptableManifestUrl('data:text/javascript,alert(1)')).toBe(false);
    expect(isAcceptableManifestUrl('javascript:alert(1)')).toBe(false);
  });
});

describe('applyOverrides', () => {
  const registry = { ...REGISTRY, remotes: [...REGISTRY.remotes, BRANCHES] };
  const descriptor = {
    name: 'mf_branches',
    folder: 'mf-branches',
    version: '0.2.0-candidate',
    title: 'Store branches',
    routes: ['/store-branch', '/store-branch/:id', '/store-branch/:id/stock'],
    nav: BRANCHES.nav,
  };

  it('leaves the registry as it is when nothing is overridden, fetching nothing', async () => {
    const api = mockApi({});
    await expect(applyOverrides(registry, new Map())).resolves.toEqual({ registry, overrides: [] });
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it("points an overridable remote at the URL, with the candidate build's own version and routes", async () => {
    const url = 'http://127.0.0.1:9100/mf-manifest.json';
    const api = mockApi({ 'GET /bahi-remote.json': () => [200, descriptor] });
    const { registry: applied, overrides } = await applyOverrides(registry, new Map([['mf_branches', url]]));
    expect(api.fetchMock).toHaveBeenCalledWith('http://127.0.0.1:9100/bahi-remote.json', expect.anything());
    expect(applied.remotes.find((r) => r.name === 'mf_branches')).toEqual({
      ...BRANCHES,
      manifestUrl: url,
      version: '0.2.0-candidate',
      routes: descriptor.routes,
    });
    expect(applied.remotes.find((r) => r.name === 'mf_reports')).toBe(REPORTS);
    expect(overrides).toEqual([
      {
        name: 'mf_branches',
        title: 'Store branches',
        manifestUrl: url,
        publishedUrl: BRANCHES.manifestUrl,
        publishedVersion: '1.0.0',
      },
    ]);
  });

  it('still overrides when the candidate does not describe itself, with its version unknown', async () => {
    mockApi({});
    const url = 'http://127.0.0.1:9100/mf-manifest.json';
    const { registry: applied, overrides } = await applyOverrides(registry, new Map([['mf_branches', url]]));
    expect(applied.remotes.find((r) => r.name === 'mf_branches')).toMatchObject({ manifestUrl: url, version: 'unknown', routes: BRANCHES.routes });
    expect(overrides).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('no usable bahi-remote.json'));
  });

  it('refuses a descriptor of another remote', async () => {
    mockApi({ 'GET /bahi-remote.json': () => [200, { ...descriptor, name: 'mf_items', folder: 'mf-items' }] });
    const { registry: applied } = await applyOverrides(registry, new Map([['mf_branches', 'http://127.0.0.1:9100/mf-manifest.json']]));
    expect(applied.remotes.find((r) => r.name === 'mf_branches')).toMatchObject({ version: 'unknown', routes: BRANCHES.routes });
  });

  it('ignores and removes an override of a remote the registry does not let be overridden', async () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_reports`, CANDIDATE);
    const { registry: applied, overrides } = await applyOverrides(registry);
    expect(applied.remotes.find((r) => r.name === 'mf_reports')).toBe(REPORTS);
    expect(overrides).toEqual([]);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_reports`)).toBeNull();
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('mf_reports ignored and removed'));
  });

  it('keeps, unused, an override of an area switched off for this business; drops one of an unknown area', async () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_sales`, CANDIDATE);
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_nowhere`, CANDIDATE);
    const { registry: applied, overrides } = await applyOverrides(registry);
    expect(applied.remotes).toEqual(registry.remotes);
    expect(overrides).toEqual([]);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_sales`)).toBe(CANDIDATE);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_nowhere`)).toBeNull();
  });

  it('clearOverride forgets the stored URL', () => {
    localStorage.setItem(`${OVERRIDE_KEY_PREFIX}mf_branches`, CANDIDATE);
    clearOverride('mf_branches');
    expect(storedOverrides().size).toBe(0);
  });
});
