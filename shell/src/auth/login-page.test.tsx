import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { getSession } from '@bahi/shared';
import { LoginPage } from './login-page';
import { fail, mockApi, ok } from '../test/api-mock';
import { PROFILE } from '../test/fixtures';
import { LocationProbe, resetAppState } from '../test/render';

// The sign-in pages fetch the signed-in app when idle; its real code (antd and all) is not under test here.
jest.mock('../app/signed-in-root', () => ({ __esModule: true, default: () => null, warmUpStyles: () => undefined }));

const realFetch = globalThis.fetch;
beforeEach(resetAppState);
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.useRealTimers();
});

const otpSent = (mobileNumber: string) => [
  200,
  { success: true, message: 'OTP sent', data: { mobileNumber, expiresInSeconds: 300, resendAfterSeconds: 30 } },
] as [number, unknown];

/** No providers: the sign-in pages must work with the UI-free core alone. */
function renderLogin(path: string | { pathname: string; search: string; state: unknown } = '/login?next=%2Fstore-branch') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

async function sendCode(user: ReturnType<typeof userEvent.setup>, phone = '98765 43210') {
  const field = screen.getByLabelText('Mobile number');
  expect(field).toHaveFocus();
  await user.type(field, `${phone}{Enter}`);
  return screen.findByLabelText('One-time code');
}

describe('LoginPage', () => {
  it('sends the code, takes the OTP and returns to the page first asked for', async () => {
    const api = mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/verify-login': () => ok(PROFILE),
    });
    const user = userEvent.setup();
    renderLogin();

    expect(screen.getByText('+91')).toBeInTheDocument();
    const otp = await sendCode(user);
    expect(api.callsTo('POST', 'auth/login')[0].body).toEqual({ mobileNumber: '9876543210' });
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(otp).toHaveFocus();

    await user.type(otp, '123456{Enter}');
    expect(await screen.findByTestId('location')).toHaveTextContent('/store-branch');
    expect(api.callsTo('POST', 'auth/verify-login')[0].body).toEqual({ mobileNumber: '9876543210', otp: '123456' });
    expect(getSession().user?.name).toBe('Asha Patil');
    expect(getSession().activeStoreBranch?.name).toBe('Pune main shop');
    // The page after sign-in asks for its areas at once, while it renders.
    expect(api.callsTo('GET', 'shell/remotes')).toHaveLength(1);
  });

  it('shows the API message for a wrong code and stays on the code step', async () => {
    mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/verify-login': () => fail(400, 'That code is not right. 4 tries left.', { field: 'otp' }),
    });
    const user = userEvent.setup();
    renderLogin();
    const otp = await sendCode(user);
    await user.type(otp, '111111{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(getSession().isAuthenticated).toBe(false);
  });

  it('refuses a number that is not a 10-digit Indian mobile without calling the API', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderLogin();
    const field = screen.getByLabelText('Mobile number');
    await user.type(field, '12345{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a 10-digit Indian mobile number');
    expect(field).toBeInvalid();
    expect(field).toHaveAccessibleDescription(/Enter a 10-digit Indian mobile number/);
    expect(field).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('keeps the ten digits of a number pasted with its country code', async () => {
    const api = mockApi({ 'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber) });
    const user = userEvent.setup();
    renderLogin();
    const field = screen.getByLabelText('Mobile number');
    await user.click(field);
    await user.paste('+91 98765 43210');
    expect(field).toHaveValue('9876543210');
    expect(field).toHaveAccessibleDescription('+91');
    await user.keyboard('{Enter}');
    await screen.findByLabelText('One-time code');
    expect(api.callsTo('POST', 'auth/login')[0].body).toEqual({ mobileNumber: '9876543210' });
  });

  it('says why when the server ended the session, and goes back there after sign-in', async () => {
    mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/verify-login': () => ok(PROFILE),
    });
    const user = userEvent.setup();
    renderLogin({ pathname: '/login', search: '?next=%2Fitems%3Fq%3Dsoap', state: { from: '/items?q=soap', ended: true } });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended. Sign in again to go back to where you were.');
    const otp = await sendCode(user);
    await user.type(otp, '123456');
    expect(await screen.findByTestId('location')).toHaveTextContent('/items?q=soap');
  });

  it('lets the number be changed from the code step', async () => {
    mockApi({ 'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber) });
    const user = userEvent.setup();
    renderLogin();
    await sendCode(user);
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    const field = screen.getByLabelText('Mobile number');
    expect(field).toHaveValue('9876543210');
    expect(field).toHaveFocus();
  });

  it('explains a rate limit from the server', async () => {
    mockApi({ 'POST auth/login': () => fail(429, 'Too many codes sent to this number. Try again in 52 minutes.') });
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many codes sent to this number. Try again in 52 minutes.');
  });

  it('goes home when there is nowhere else to return to, and ignores a next pointing off-site', async () => {
    mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/verify-login': () => ok(PROFILE),
    });
    const user = userEvent.setup();
    renderLogin('/login?next=%2F%2Fevil.example');
    const otp = await sendCode(user);
    await user.type(otp, '123456');
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
  });

  describe('a number of several businesses', () => {
    const OTHER = { id: '88888888-8888-4888-8888-888888888888', name: 'Joshi Mart', role: 'BILLER' as const };
    const OWN = { id: PROFILE.user.business.id, name: PROFILE.user.business.name, role: 'OWNER' as const };
    const inOther = {
      user: { ...PROFILE.user, role: 'BILLER', business: { ...PROFILE.user.business, id: OTHER.id, name: OTHER.name } },
      activeStoreBranch: null,
      businesses: [OTHER, OWN],
    };

    it('chooses the business after the code: another one starts a session there', async () => {
      const api = mockApi({
        'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
        'POST auth/verify-login': () => ok({ ...PROFILE, businesses: [OTHER, OWN] }),
        'POST auth/switch-business': () => ok(inOther),
      });
      const user = userEvent.setup();
      renderLogin();
      const otp = await sendCode(user);
      await user.type(otp, '123456');
      const choices = await screen.findByRole('group', { name: 'Your businesses' });
      // The one used last comes first, with focus: Enter opens it.
      const buttons = within(choices).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual(['Patil TradersOwner · used last', 'Joshi MartBiller']);
      expect(buttons[0]).toHaveFocus();
      expect(screen.queryByTestId('location')).not.toBeInTheDocument();

      await user.click(within(choices).getByRole('button', { name: /Joshi Mart/ }));
      expect(await screen.findByTestId('location')).toHaveTextContent('/store-branch');
      expect(api.callsTo('POST', 'auth/switch-business')[0].body).toEqual({ businessId: OTHER.id });
      expect(getSession().user?.business.name).toBe('Joshi Mart');
      expect(getSession().businesses).toEqual([OTHER, OWN]);
    });

    it('keeps the business used last without asking the server again', async () => {
      const api = mockApi({
        'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
        'POST auth/verify-login': () => ok({ ...PROFILE, businesses: [OTHER, OWN] }),
      });
      const user = userEvent.setup();
      renderLogin();
      const otp = await sendCode(user);
      await user.type(otp, '123456');
      await screen.findByRole('group', { name: 'Your businesses' });
      await user.keyboard('{Enter}');
      expect(await screen.findByTestId('location')).toHaveTextContent('/store-branch');
      expect(api.callsTo('POST', 'auth/switch-business')).toHaveLength(0);
      expect(getSession().user?.business.name).toBe('Patil Traders');
    });
  });

  it('shows why a deactivated user cannot sign in', async () => {
    mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/verify-login': () => fail(403, 'Your access to Patil Traders has been deactivated. Ask the owner to activate it again.'),
    });
    const user = userEvent.setup();
    renderLogin();
    const otp = await sendCode(user);
    await user.type(otp, '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent('Your access to Patil Traders has been deactivated.');
    expect(getSession().isAuthenticated).toBe(false);
  });
});

describe('resend code', () => {
  // React's scheduler (MessageChannel, polyfilled with a timer) may still hold work on the fake clock: let it run,
  // or React waits for that timer in every later test.
  afterEach(() => act(() => jest.runOnlyPendingTimers()));

  it('counts down 30 seconds, then resends and counts down again', async () => {
    jest.useFakeTimers();
    const api = mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/resend-otp': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderLogin();
    await sendCode(user);

    expect(screen.getByText('Resend code in 0:30')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByText('Resend code in 0:20')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(20_000));

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(api.callsTo('POST', 'auth/resend-otp')[0].body).toEqual({ mobileNumber: '9876543210', purpose: 'login' });
    expect(await screen.findByText('A new code is on its way to +91 98765 43210.')).toBeInTheDocument();
    expect(screen.getByText('Resend code in 0:30')).toBeInTheDocument();
  });

  it('waits as long as the server says when resending is refused', async () => {
    jest.useFakeTimers();
    mockApi({
      'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber),
      'POST auth/resend-otp': () => fail(429, 'Wait 45 seconds before asking for a new code.', { retryAfterSeconds: 45 }),
    });
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderLogin();
    await sendCode(user);
    act(() => jest.advanceTimersByTime(30_000));
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wait 45 seconds before asking for a new code.');
    expect(screen.getByText('Resend code in 0:45')).toBeInTheDocument();
  });
});
