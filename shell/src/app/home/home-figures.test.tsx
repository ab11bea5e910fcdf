import { screen, waitFor, within } from '@testing-library/react';
import { setSessionUser, type HomeFigures } from '@bahi/shared';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok } from '../../test/api-mock';
import { MAIN_BRANCH, USER } from '../../test/fixtures';
import { renderAt, resetAppState } from '../../test/render';
import { HomeFiguresPanel } from './home-figures';

// The chart is its own lazily loaded module (recharts); its figures are the panel's, tested here.
jest.mock('./home-chart', () => ({ __esModule: true, default: ({ days }: { days: unknown[] }) => <div data-testid="chart">{days.length} days</div> }));

const figures = (over: Partial<HomeFigures> = {}): HomeFigures => ({
  date: '2026-11-28',
  branchId: MAIN_BRANCH.id,
  salesToday: '12500.00',
  purchasesToday: '0.00',
  toReceive: '123456.50',
  toPay: '4000.00',
  cashAndBank: '250000.00',
  overdue: { invoices: 3, amount: '15000.00' },
  lowStockItems: 2,
  days: Array.from({ length: 30 }, (_, i) => ({ date: `2026-10-${String(i + 1).padStart(2, '0')}`, sales: '0.00', received: '0.00' })),
  ...over,
});

beforeEach(() => {
  resetAppState();
  setSessionUser(USER, MAIN_BRANCH);
});

describe('the home figures', () => {
  it("show today's figures in rupees for the active branch, each opening its list", async () => {
    const api = mockApi({ 'GET report/home': () => ok(figures()) });
    renderAt(<HomeFiguresPanel />);
    const sales = await screen.findByTestId('glance-sales');
    expect(sales).toHaveTextContent('Sales today₹12,500.00');
    expect(sales).toHaveAttribute('href', '/sales?period=today');
    expect(screen.getByTestId('glance-receive')).toHaveTextContent('To receive₹1,23,456.50All branches');
    expect(screen.getByTestId('glance-overdue')).toHaveTextContent('3 · ₹15,000.00');
    expect(screen.getByTestId('glance-overdue')).toHaveAttribute('href', '/sales?status=OVERDUE&period=custom&from=2017-07-01&to=2026-11-28');
    expect(screen.getByTestId('glance-low')).toHaveAttribute('href', '/items?lowStock=true');
    expect(await screen.findByTestId('chart')).toHaveTextContent('30 days');
    expect(api.calls[0].path).toBe('report/home');
    expect(api.fetchMock.mock.calls[0][0]).toContain(`branchId=${MAIN_BRANCH.id}`);
  });

  it('switch to every branch', async () => {
    const api = mockApi({
      'GET report/home': (_, url) => ok(figures(url.searchParams.get('branchId') ? {} : { branchId: null, salesToday: '99999.00' })),
    });
    renderAt(<HomeFiguresPanel />);
    await screen.findByText('₹12,500.00');
    await userEvent.setup().click(within(screen.getByRole('radiogroup', { name: 'Figures of' })).getByText('All branches'));
    expect(await screen.findByText('₹99,999.00')).toBeInTheDocument();
    expect(String(api.fetchMock.mock.calls.at(-1)![0])).not.toContain('branchId');
  });

  it('say "None" when nothing is overdue', async () => {
    mockApi({ 'GET report/home': () => ok(figures({ overdue: { invoices: 0, amount: '0.00' } })) });
    renderAt(<HomeFiguresPanel />);
    expect(await screen.findByTestId('glance-overdue')).toHaveTextContent('Overdue invoicesNone');
  });

  it('say what went wrong and retry', async () => {
    let answer = fail(500, 'The database is busy');
    mockApi({ 'GET report/home': () => answer });
    renderAt(<HomeFiguresPanel />);
    expect(await screen.findByText("Could not load today's figures")).toBeInTheDocument();
    expect(screen.getByText('The database is busy')).toBeInTheDocument();
    answer = ok(figures());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('glance-sales')).toHaveTextContent('₹12,500.00'));
  });
});
