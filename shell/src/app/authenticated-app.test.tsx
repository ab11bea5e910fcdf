import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInstance } from '@module-federation/enhanced/runtime';
import useSWR, { useSWRConfig } from 'swr';
import { useLocation } from 'react-router-dom';
import { renderScreen } from '@bahi/shared/testing';
import type { SignInState } from '../auth/return-path';
import { apiRequest, cacheKey, getSession, swrCache } from '@bahi/shared';
import AuthenticatedApp from './authenticated-app';
import { resetFederationStateForTests } from '../remotes/federation';
import { IDLE_PRELOAD_DELAY_MS } from '../remotes/idle-preload';
import { OVERRIDE_KEY_PREFIX, captureOverridesFromUrl, clearAllOverrides, confirmOverride, storedOverrides } from '../remotes/overrides';
import { browserPage } from './override-banner';
import { fail, mockApi, ok } from '../test/api-mock';
import { GODOWN, MAIN_BRANCH, PROFILE, REGISTRY } from '../test/fixtures';
import { renderAt, resetAppState } from '../test/render';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

// The whole signed-in layout renders with antd: on two busy cores a screen can take seconds to appear.

const runtime = { registerRemotes: jest.fn(), loadRemote: jest.fn(), preloadRemote: jest.fn() };
const realFetch = globalThis.fetch;

/** A registry that lets mf_reports be overridden from the candidate's origin. */
const CANDIDATE = 'http://127.0.0.1:9100/mf-manifest.json';
const overridable = {
  ...REGISTRY,
  remotes: REGISTRY.remotes.map((r) => (r.name === 'mf_reports' ? { ...r, overridable: true, overrideOrigins: ['http://127.0.0.1:9100'] } : r)),
};
const candidateDescriptor = {
  name: 'mf_reports',
  folder: 'mf-reports',
  version: '2.0.0-rc.1',
  title: 'Reports',
  routes: REGISTRY.remotes[0].routes,
  nav: REGISTRY.remotes[0].nav,
};

const HOME_FIGURES = {
  date: '2026-11-28',
  branchId: null,
  salesToday: '0.00',
  purchasesToday: '0.00',
  toReceive: '0.00',
  toPay: '0.00',
  cashAndBank: '0.00',
  overdue: { invoices: 0, amount: '0.00' },
  lowStockItems: 0,
  days: [],
};
// The home chart (recharts) draws nothing measurable in jsdom; its panel is tested in home/home-figures.test.tsx.
jest.mock('./home/home-chart', () => ({ __esModule: true, default: () => null }));

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET auth/profile': () => ok(PROFILE),
    'GET shell/remotes': () => ok(REGISTRY),
    'GET store-branch/branches': () => ok([MAIN_BRANCH, GODOWN]),
    'GET report/home': () => ok(HOME_FIGURES),
    ...extra,
  });
}

beforeEach(() => {
  resetAppState();
  clearAllOverrides();
  resetFederationStateForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.preloadRemote.mockReset().mockResolvedValue(undefined);
  jest.mocked(getInstance).mockReturnValue(runtime as never);
});
afterEach(() => {
  globalThis.fetch = realFetch;
  localStorage.clear();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

const sidebar = () => within(screen.getByRole('navigation', { name: 'Areas' }));

describe('routes and sidebar built from the registry', () => {
  it('lists Home first, then every area by its order, without loading any remote code', async () => {
    signedIn();
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByRole('menuitem', { name: 'Reports' });
    expect(sidebar().getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Home', 'Parties', 'Cash & Bank', 'Reports']);
    expect(runtime.registerRemotes).toHaveBeenCalledWith([
      { name: 'mf_reports', entry: 'http://localhost/remotes/mf-reports/mf-manifest.json' },
      { name: 'mf_parties', entry: 'http://localhost/remotes/mf-parties/mf-manifest.json' },
    ]);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('shows the dashboard with quick actions to each area for a signed-in user', async () => {
    signedIn();
    renderAt(<AuthenticatedApp />, '/');
    expect(await screen.findByText(/Good (morning|afternoon|evening), Asha/)).toBeInTheDocument();
    expect(screen.getByText('Patil Traders', { selector: 'h4' })).toBeInTheDocument();
    const areas = within(screen.getByRole('region', { name: 'Your areas' }));
    expect(await areas.findByRole('link', { name: /Parties/ })).toHaveAttribute('href', '/parties');
    expect(areas.getByRole('link', { name: /Cash & Bank/ })).toHaveAttribute('href', '/cash-bank');
    // Only the actions of the areas the business has: Cash & Bank takes a payment in; no sales, no purchases here.
    const actions = within(screen.getByRole('region', { name: 'Quick actions' }));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Payment in']);
    // The footer names the product, not its builds (About does).
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Bahi · bahi-khata for your business');
    expect(screen.getByRole('contentinfo')).not.toHaveTextContent(/v0\.0\.0-test|mf_/);
  });

  it('shows the welcome page to a visitor on /', async () => {
    mockApi({ 'GET auth/profile': () => fail(401, 'Please log in') });
    renderAt(<AuthenticatedApp />, '/');
    expect(await screen.findByRole('button', { name: 'Create a free account' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Sign in/ })[0]).toHaveAttribute('href', '/login');
  });

  it('loads a remote route lazily on first visit and renders its page', async () => {
    signedIn();
    runtime.loadRemote.mockResolvedValue({ routes: { 'cash-bank': () => <h1>Cash and bank</h1> } });
    renderAt(<AuthenticatedApp />, '/cash-bank');
    expect(await screen.findByRole('heading', { name: 'Cash and bank' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_reports/routes');
    expect(sidebar().getByRole('menuitem', { name: 'Cash & Bank' })).toHaveClass('ant-menu-item-selected');
  });

  it('tells that an area switched off for the business is not available, instead of the 404', async () => {
    signedIn();
    renderAt(<AuthenticatedApp />, '/sales/invoice/42');
    expect(await screen.findByText('This area is not available for your business')).toBeInTheDocument();
    expect(screen.getByText(/Sales is not switched on for your business/)).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('tells that the role may not open a route, instead of loading the area', async () => {
    signedIn({
      'GET shell/remotes': () =>
        ok({ ...REGISTRY, forbidden: [{ name: 'mf_reports', title: 'Reports', routes: ['/reports/profit-loss'] }] }),
    });
    renderAt(<AuthenticatedApp />, '/reports/profit-loss');
    expect(await screen.findByText('You do not have access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('shows the 404 page with a way home for an unknown path', async () => {
    signedIn();
    renderAt(<AuthenticatedApp />, '/no-such-page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  });

  it('keeps the shell working when the registry cannot be fetched', async () => {
    signedIn({ 'GET shell/remotes': () => fail(500, 'Registry is down') });
    renderAt(<AuthenticatedApp />, '/parties');
    expect(await screen.findByText('Could not load your areas', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Home' })).toBeInTheDocument();
  }, 15_000);
});

describe('header', () => {
  it('switches the active branch and refetches cached data', async () => {
    const api = signedIn({ 'POST store-branch/set-active': () => ok(GODOWN) });
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByText(/Good (morning|afternoon|evening)/);
    const switcher = screen.getByRole('combobox', { name: 'Active branch' });
    await user.click(switcher);
    await user.click(await screen.findByRole('option', { name: 'Nashik godown' }));
    expect(await screen.findByText('Nashik godown is now the active branch')).toBeInTheDocument();
    expect(api.callsTo('POST', 'store-branch/set-active')[0].body).toEqual({ branchId: GODOWN.id });
    expect(getSession().activeStoreBranch?.id).toBe(GODOWN.id);
    expect(api.callsTo('GET', 'store-branch/branches').length).toBeGreaterThanOrEqual(2);
  });

  it('follows a branch made active in another tab of this browser when the user comes back to this one', async () => {
    let profile = PROFILE;
    const api = signedIn({ 'GET auth/profile': () => ok(profile) });
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByText(/Good (morning|afternoon|evening)/);
    const switcher = () => screen.getByRole('combobox', { name: 'Active branch' }).closest('.ant-select') as HTMLElement;
    await within(switcher()).findByText('Pune main shop');
    const branchReads = api.callsTo('GET', 'store-branch/branches').length;

    // The other tab's set-active: the server's session (shared by both tabs) moves, and its answer sets the cookie.
    profile = { ...PROFILE, activeStoreBranch: GODOWN };
    document.cookie = `bahi_branch=${GODOWN.id}; path=/`;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });

    expect(await within(switcher()).findByText('Nashik godown')).toBeInTheDocument();
    expect(getSession().activeStoreBranch?.id).toBe(GODOWN.id);
    await waitFor(() => expect(api.callsTo('GET', 'store-branch/branches').length).toBeGreaterThan(branchReads));
  });

  it('logs out: calls the API, clears the session and any remote override, and goes to /login', async () => {
    confirmOverride('mf_reports', CANDIDATE, 4);
    const api = signedIn({
      'GET shell/remotes': () => ok(overridable),
      'GET /bahi-remote.json': () => [200, candidateDescriptor],
      'POST auth/logout': () => [200, { success: true, message: 'Logged out' }],
    });
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/');
    await user.click(await screen.findByRole('button', { name: 'Account: Asha Patil' }));
    await user.click(await screen.findByText('Log out'));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(api.callsTo('POST', 'auth/logout')).toHaveLength(1);
    expect(getSession().isAuthenticated).toBe(false);
    expect(storedOverrides().size).toBe(0);
    // The first render of the whole app with antd takes seconds on a busy machine.
  }, 30_000);

  it('logs out of an area to a plain /login: the next person to sign in is not sent to it, and nothing of this user is left', async () => {
    signedIn({ 'POST auth/logout': () => [200, { success: true, message: 'Logged out' }] });
    function Ledger() {
      const { data } = useSWR(cacheKey('accounts', 'list'), () => 'Asha’s cash ledger');
      return <h1>{data ?? 'Loading'}</h1>;
    }
    /** Where the logout landed, what the sign-in page would return to, and what the screens' cache still holds. */
    function LoginProbe() {
      const location = useLocation();
      const { cache } = useSWRConfig();
      const held = [...cache.keys()].filter((k) => cache.get(k)?.data !== undefined);
      return (
        <>
          <div data-testid="location">{`${location.pathname}${location.search}`}</div>
          <div data-testid="return-to">{(location.state as SignInState | null)?.from ?? 'nowhere'}</div>
          <div data-testid="cached">{held.length === 0 ? 'nothing' : held.join(', ')}</div>
        </>
      );
    }
    runtime.loadRemote.mockResolvedValue({ routes: { 'cash-bank': Ledger } });
    const user = userEvent.setup();
    renderScreen(<AuthenticatedApp />, { path: '*', route: '/cash-bank', probe: false, routes: [{ path: '/login', element: <LoginProbe /> }] });
    await screen.findByRole('heading', { name: 'Asha’s cash ledger' });
    await user.click(screen.getByRole('button', { name: 'Account: Asha Patil' }));
    await user.click(await screen.findByText('Log out'));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(screen.getByTestId('return-to')).toHaveTextContent('nowhere');
    expect(screen.getByTestId('cached')).toHaveTextContent('nothing');
    expect(getSession()).toEqual({ user: null, isAuthenticated: false, activeStoreBranch: null, businesses: [] });
  }, 30_000);

  it('lists the shell version and the registered remotes in About', async () => {
    signedIn();
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByRole('menuitem', { name: 'Reports' });
    await user.click(screen.getByRole('button', { name: 'Account: Asha Patil' }));
    await user.click(await screen.findByText('About Bahi'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('0.0.0-test')).toBeInTheDocument();
    expect(within(dialog).getByText('mf_reports')).toBeInTheDocument();
    expect(within(dialog).getByText('http://localhost/remotes/mf-parties/mf-manifest.json')).toBeInTheDocument();
  });
});

describe('which build renders an area', () => {
  const openAbout = async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Account:/ }));
    await user.click(await screen.findByText('About Bahi'));
    return within(await screen.findByRole('dialog'));
  };

  it('names the remote and its version in About once its page has loaded, not in the footer', async () => {
    signedIn();
    runtime.loadRemote.mockResolvedValue({ routes: { 'cash-bank': () => <h1>Cash and bank</h1> } });
    renderAt(<AuthenticatedApp />, '/cash-bank');
    await screen.findByRole('heading', { name: 'Cash and bank' });
    expect(screen.queryByTestId('area-build')).not.toBeInTheDocument();
    expect((await openAbout()).getByTestId('area-build')).toHaveTextContent('Reports · mf_reports 1.0.0');
  });

  it("says in About that the dashboard is the shell's own page", async () => {
    signedIn();
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByText(/Good (morning|afternoon|evening), Asha/);
    const about = await openAbout();
    expect(about.queryByTestId('area-build')).not.toBeInTheDocument();
    expect(about.getByText("Bahi's own page (no area)")).toBeInTheDocument();
  });
});

describe('override of a remote in this browser', () => {
  /** The user opened a link asking for the candidate build. */
  const followLink = (path: string) => {
    window.history.replaceState(null, '', `${path}?bahi-remote.mf_reports=${encodeURIComponent(CANDIDATE)}`);
    captureOverridesFromUrl();
  };
  // Rendering the whole signed-in app with antd takes seconds on a loaded machine.
  const SLOW = { timeout: 15_000 };
  const candidateRegistered = () =>
    runtime.registerRemotes.mock.calls.some(([remotes]) => (remotes as { entry: string }[]).some((r) => r.entry === CANDIDATE));

  it("asks before a link's override loads anything, and loads nothing of it in the meantime, not even in idle time", async () => {
    jest.useFakeTimers();
    followLink('/reports');
    signedIn({ 'GET shell/remotes': () => ok(overridable), 'GET /bahi-remote.json': () => [200, candidateDescriptor] });
    runtime.loadRemote.mockResolvedValue({ routes: { reports: () => <h1>Candidate reports</h1> } });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt(<AuthenticatedApp />, '/reports');

    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog).toHaveTextContent('Load another build of Reports?');
    expect(within(dialog).getByTestId('override-url')).toHaveTextContent(CANDIDATE);
    await act(() => jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 5_000));
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    expect(candidateRegistered()).toBe(false);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_reports`)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Load this build' }));
    expect(await screen.findByRole('heading', { name: 'Candidate reports' }, SLOW)).toBeInTheDocument();
    expect(candidateRegistered()).toBe(true);
    expect(storedOverrides()).toEqual(new Map([['mf_reports', CANDIDATE]]));
    expect(await screen.findByRole('region', { name: 'Overridden areas' }, SLOW)).toHaveTextContent(CANDIDATE);
  }, 60_000);

  it('loads the published build and stores nothing when the user declines', async () => {
    followLink('/reports');
    signedIn({ 'GET shell/remotes': () => ok(overridable) });
    runtime.loadRemote.mockResolvedValue({ routes: { reports: () => <h1>Published reports</h1> } });
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/reports');
    const dialog = await screen.findByRole('dialog', {}, SLOW);
    expect(dialog).toHaveTextContent('Load another build of Reports?');
    await user.click(within(dialog).getByRole('button', { name: "Don't load it" }));
    expect(await screen.findByRole('heading', { name: 'Published reports' }, SLOW)).toBeInTheDocument();
    expect(candidateRegistered()).toBe(false);
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_reports`)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Overridden areas' })).not.toBeInTheDocument();
  }, 60_000);

  it("neither asks nor loads when the link's origin is not on the remote's allow-list", async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.history.replaceState(null, '', `/reports?bahi-remote.mf_reports=${encodeURIComponent('https://evil.example/mf-manifest.json')}`);
    captureOverridesFromUrl();
    const api = signedIn({ 'GET shell/remotes': () => ok(overridable) });
    runtime.loadRemote.mockResolvedValue({ routes: { reports: () => <h1>Published reports</h1> } });
    renderAt(<AuthenticatedApp />, '/reports');
    expect(await screen.findByRole('heading', { name: 'Published reports' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.fetchMock.mock.calls.some(([url]) => String(url).includes('evil.example'))).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('https://evil.example is not on its override allow-list'));
  }, 60_000);

  it('registers a confirmed override URL, shows a banner naming it, and clears it', async () => {
    confirmOverride('mf_reports', CANDIDATE, 4);
    signedIn({ 'GET shell/remotes': () => ok(overridable), 'GET /bahi-remote.json': () => [200, candidateDescriptor] });
    runtime.loadRemote.mockResolvedValue({ routes: { reports: () => <h1>Candidate reports</h1> } });
    const reload = jest.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/reports');

    const banner = await screen.findByRole('region', { name: 'Overridden areas' });
    expect(banner).toHaveTextContent('Reports (mf_reports) is overridden in this browser and loads from');
    expect(within(banner).getByText(CANDIDATE)).toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(expect.arrayContaining([{ name: 'mf_reports', entry: CANDIDATE }]));
    await screen.findByRole('heading', { name: 'Candidate reports' });
    await user.click(screen.getByRole('button', { name: 'Account: Asha Patil' }));
    await user.click(await screen.findByText('About Bahi'));
    expect(within(await screen.findByRole('dialog')).getByTestId('area-build')).toHaveTextContent('Reports · mf_reports 2.0.0-rc.1 (override)');
    await user.keyboard('{Escape}');

    await user.click(within(banner).getByRole('button', { name: 'Clear override' }));
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_reports`)).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('ignores, with a warning, an override of a remote the registry does not let be overridden', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    confirmOverride('mf_reports', CANDIDATE, 4);
    signedIn();
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByRole('menuitem', { name: 'Reports' });
    expect(screen.queryByRole('region', { name: 'Overridden areas' })).not.toBeInTheDocument();
    expect(runtime.registerRemotes).toHaveBeenCalledWith(
      expect.arrayContaining([{ name: 'mf_reports', entry: 'http://localhost/remotes/mf-reports/mf-manifest.json' }]),
    );
    expect(localStorage.getItem(`${OVERRIDE_KEY_PREFIX}mf_reports`)).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('does not allow overriding it'));
  });

  it('marks the overridden remote in About with its own version and URL', async () => {
    confirmOverride('mf_reports', CANDIDATE, 4);
    signedIn({ 'GET shell/remotes': () => ok(overridable), 'GET /bahi-remote.json': () => [200, candidateDescriptor] });
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByRole('region', { name: 'Overridden areas' });
    await user.click(screen.getByRole('button', { name: 'Account: Asha Patil' }));
    await user.click(await screen.findByText('About Bahi'));
    const row = within(await screen.findByRole('dialog')).getByText('mf_reports').closest('tr')!;
    expect(row).toHaveTextContent('2.0.0-rc.1');
    expect(row).toHaveTextContent('Override');
    expect(row).toHaveTextContent(CANDIDATE);
  });
});

describe('idle preloading', () => {
  it("preloads the sidebar's remotes one after another a few seconds after the app shows, never the unavailable one", async () => {
    jest.useFakeTimers();
    signedIn();
    runtime.loadRemote.mockResolvedValue({ routes: {} });
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByRole('menuitem', { name: 'Reports' });
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    await act(() => jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 1_000));
    expect(runtime.loadRemote.mock.calls).toEqual([['mf_parties/routes'], ['mf_reports/routes']]);
  });

  it('lets a failed preload pass silently: no boundary, no error, the dashboard stays', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signedIn();
    runtime.loadRemote.mockRejectedValue(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'));
    renderAt(<AuthenticatedApp />, '/');
    await screen.findByRole('menuitem', { name: 'Reports' });
    await act(() => jest.advanceTimersByTimeAsync(IDLE_PRELOAD_DELAY_MS + 1_000));
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByText(/Good (morning|afternoon|evening), Asha/)).toBeInTheDocument();
  });
});

describe('a session the server ends while an area is open', () => {
  /** A remote page that lists from two endpoints and saves through a third, as the areas do. */
  function CashBank() {
    const accounts = useSWR(cacheKey('accounts', 'list'), () => apiRequest('account/bank-accounts'));
    const moves = useSWR(cacheKey('accounts', 'transactions'), () => apiRequest('account/transactions'));
    return (
      <>
        <h1>Cash and bank</h1>
        {accounts.data && moves.data ? <p>Accounts loaded</p> : null}
        <button type="button" onClick={() => apiRequest('account/add-bank-account', { method: 'POST', body: {} }).catch(() => undefined)}>
          Add account
        </button>
      </>
    );
  }

  function openCashBank(answers: Parameters<typeof mockApi>[0]) {
    const api = signedIn(answers);
    runtime.loadRemote.mockResolvedValue({ routes: { 'cash-bank': CashBank } });
    renderAt(<AuthenticatedApp />, '/cash-bank?account=hdfc');
    return api;
  }

  it("sends the user to /login with next on a list's 401, once, and refetches nothing", async () => {
    const api = openCashBank({
      'GET account/bank-accounts': () => fail(401, 'Please log in'),
      'GET account/transactions': () => fail(401, 'Please log in'),
    });
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fcash-bank%3Faccount%3Dhdfc');
    expect(getSession().isAuthenticated).toBe(false);
    // Nothing the next person to sign in could see: the registry's answer and everything else is forgotten.
    expect([...swrCache.keys()].filter((key) => swrCache.get(key)?.data !== undefined)).toEqual([]);
    expect(api.callsTo('GET', 'account/bank-accounts')).toHaveLength(1);
    expect(api.callsTo('GET', 'account/transactions')).toHaveLength(1);
    expect(api.callsTo('GET', 'auth/profile')).toHaveLength(1);
  });

  it("sends the user to /login with next on a save's 401", async () => {
    const api = openCashBank({
      'GET account/bank-accounts': () => ok([]),
      'GET account/transactions': () => ok([]),
      'POST account/add-bank-account': () => fail(401, 'Please log in'),
    });
    await screen.findByText('Accounts loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Add account' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fcash-bank%3Faccount%3Dhdfc');
    expect(getSession().user).toBeNull();
    expect(api.callsTo('POST', 'account/add-bank-account')).toHaveLength(1);
  });

  it('leaves a 403 to the screen that made the call', async () => {
    openCashBank({
      'GET account/bank-accounts': () => fail(403, 'Not allowed'),
      'GET account/transactions': () => ok([]),
    });
    await screen.findByRole('heading', { name: 'Cash and bank' });
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(getSession().isAuthenticated).toBe(true);
  });
});
