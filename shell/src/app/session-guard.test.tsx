import { screen } from '@testing-library/react';
import { getSession, setSessionUser } from '@bahi/shared';
import { SessionGuard } from './session-guard';
import { fail, mockApi, ok, type ApiAnswer } from '../test/api-mock';
import { PROFILE, USER } from '../test/fixtures';
import { renderAt, resetAppState } from '../test/render';

const realFetch = globalThis.fetch;
beforeEach(resetAppState);
afterEach(() => {
  globalThis.fetch = realFetch;
});

const Inside = () => <p>Inside the app</p>;

describe('SessionGuard', () => {
  it('shows a skeleton screen while the profile is being fetched', async () => {
    let answer: (a: ApiAnswer) => void = () => undefined;
    mockApi({ 'GET auth/profile': () => new Promise<ApiAnswer>((resolve) => (answer = resolve)) });
    renderAt(<SessionGuard><Inside /></SessionGuard>, '/parties');
    expect(screen.getByRole('status', { name: 'Loading Bahi' })).toBeInTheDocument();
    expect(screen.queryByText('Inside the app')).not.toBeInTheDocument();
    answer(ok(PROFILE));
    expect(await screen.findByText('Inside the app')).toBeInTheDocument();
  });

  it('stores the user and the active branch on success', async () => {
    mockApi({ 'GET auth/profile': () => ok(PROFILE) });
    renderAt(<SessionGuard><Inside /></SessionGuard>, '/parties');
    await screen.findByText('Inside the app');
    expect(getSession()).toEqual({ user: USER, isAuthenticated: true, activeStoreBranch: PROFILE.activeStoreBranch, businesses: [] });
  });

  it('on 401 clears the session and redirects to /login with the page asked for', async () => {
    setSessionUser(USER, null); // a stale session from before must not survive a 401
    const api = mockApi({ 'GET auth/profile': () => fail(401, 'Please log in') });
    renderAt(<SessionGuard><Inside /></SessionGuard>, '/store-branch?q=pune');
    expect(await screen.findByTestId('location')).toHaveTextContent('/login?next=%2Fstore-branch%3Fq%3Dpune');
    expect(getSession().isAuthenticated).toBe(false);
    expect(getSession().user).toBeNull();
    expect(api.callsTo('GET', 'auth/profile')).toHaveLength(1);
  });

  it('fetches the profile on every mount', async () => {
    const api = mockApi({ 'GET auth/profile': () => ok(PROFILE) });
    const first = renderAt(<SessionGuard><Inside /></SessionGuard>, '/parties');
    await screen.findByText('Inside the app');
    first.unmount();
    renderAt(<SessionGuard><Inside /></SessionGuard>, '/items');
    await screen.findByText('Inside the app');
    expect(api.callsTo('GET', 'auth/profile')).toHaveLength(2);
  });

  it('shows the visitor content instead of redirecting on a public page', async () => {
    mockApi({ 'GET auth/profile': () => fail(401, 'Please log in') });
    renderAt(<SessionGuard visitor={<p>Welcome, visitor</p>}><Inside /></SessionGuard>, '/');
    expect(await screen.findByText('Welcome, visitor')).toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('offers Retry when the server cannot be reached', async () => {
    mockApi({ 'GET auth/profile': () => fail(503, 'Service unavailable') });
    renderAt(<SessionGuard><Inside /></SessionGuard>, '/parties');
    expect(await screen.findByText('Could not reach Bahi')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
