import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInstance } from '@module-federation/enhanced/runtime';
import { RemoteRoute } from './remote-route';
import { registerShellRemotes, resetFederationStateForTests } from './federation';
import { REPORTS } from '../test/fixtures';
import { renderAt } from '../test/render';

jest.mock('@module-federation/enhanced/runtime', () => ({ getInstance: jest.fn() }));

// An antd Result takes more than the default second to appear on two busy cores.

const runtime = { registerRemotes: jest.fn(), loadRemote: jest.fn(), preloadRemote: jest.fn() };
const ReportsHome = () => <h1>Reports home</h1>;

beforeEach(() => {
  resetFederationStateForTests();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.preloadRemote.mockReset().mockResolvedValue(undefined);
  jest.mocked(getInstance).mockReturnValue(runtime as never);
  registerShellRemotes([REPORTS]);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('RemoteRoute', () => {
  it('loads the remote on first visit and renders the page it declares for the path', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: { reports: ReportsHome } });
    renderAt(<RemoteRoute remote={REPORTS} declared="reports" />, '/reports');
    expect(screen.getByRole('status', { name: 'Loading Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Reports home' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledWith('mf_reports/routes');
  });

  it('shows a Result naming the area when the remote fails, and Retry loads it again', async () => {
    runtime.loadRemote
      .mockRejectedValueOnce(new Error('[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003'))
      .mockResolvedValueOnce({ routes: { reports: ReportsHome } });
    renderAt(<RemoteRoute remote={REPORTS} declared="reports" />, '/reports');

    expect(await screen.findByText('Reports could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/Reports is unreachable right now/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Reports home' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Reports home' })).toBeInTheDocument();
    expect(runtime.loadRemote).toHaveBeenCalledTimes(2);
    // The failed attempt's manifest and entry are dropped from the runtime's caches before the new try.
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'mf_reports' })], { force: true });
  });

  it('catches a page that throws while rendering, and Retry renders it afresh', async () => {
    let broken = true;
    const Flaky = () => {
      if (broken) throw new Error('Cannot read properties of undefined');
      return <h1>Reports home</h1>;
    };
    runtime.loadRemote.mockResolvedValue({ routes: { reports: Flaky } });
    renderAt(<RemoteRoute remote={REPORTS} declared="reports" />, '/reports');

    expect(await screen.findByText('Reports ran into a problem')).toBeInTheDocument();
    expect(screen.getByText('Cannot read properties of undefined')).toBeInTheDocument();
    broken = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Reports home' })).toBeInTheDocument();
  });

  it('says so when the remote has no page for the path', async () => {
    runtime.loadRemote.mockResolvedValue({ routes: {} });
    renderAt(<RemoteRoute remote={REPORTS} declared="cash-bank" />, '/cash-bank');
    expect(await screen.findByText('Reports has no page for cash-bank.')).toBeInTheDocument();
  });
});
