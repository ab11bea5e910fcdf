import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInstance } from '@module-federation/enhanced/runtime';
import { getSession } from '@bahi/shared';
import AuthenticatedApp from './authenticated-app';
import { resetFederationStateForTests } from '../remotes/federation';
import { fail, mockApi, ok } from '../test/api-mock';
import { GODOWN, MAIN_BRANCH, PROFILE, REGISTRY } from '../test/fixtures';
import { renderAt, resetAppState } from '../test/render';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

const runtime = { registerRemotes: jest.fn(), loadRemote: jest.fn() };
const realFetch = globalThis.fetch;

function signedIn(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET auth/profile': () => ok(PROFILE),
    'GET shell/remotes': () => ok(REGISTRY),
    'GET store-branch/branches': () => ok([MAIN_BRANCH, GODOWN]),
    ...extra,
  });
}

beforeEach(() => {
  resetAppState();
  resetFederationStateForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  jest.mocked(getInstance).mockReturnValue(runtime as never);
});
afterEach(() => {
  globalThis.fetch = realFetch;
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
    const actions = within(screen.getByRole('region', { name: 'Quick actions' }));
    expect(await actions.findByRole('link', { name: /Parties/ })).toHaveAttribute('href', '/parties');
    expect(actions.getByRole('link', { name: /Cash & Bank/ })).toHaveAttribute('href', '/cash-bank');
    expect(screen.getByText(/Figures arrive with later areas/)).toBeInTheDocument();
    expect(screen.getByText(/Bahi · bahi-khata for your business · v0\.0\.0-test/)).toBeInTheDocument();
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

  it('logs out: calls the API, clears the session and goes to /login', async () => {
    const api = signedIn({ 'POST auth/logout': () => [200, { success: true, message: 'Logged out' }] });
    const user = userEvent.setup();
    renderAt(<AuthenticatedApp />, '/');
    await user.click(await screen.findByRole('button', { name: 'Account: Asha Patil' }));
    await user.click(await screen.findByText('Log out'));
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/login$/);
    expect(api.callsTo('POST', 'auth/logout')).toHaveLength(1);
    expect(getSession().isAuthenticated).toBe(false);
  });

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
