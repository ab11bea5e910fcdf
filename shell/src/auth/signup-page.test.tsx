import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { getSession } from '@bahi/shared';
import { STATE_REQUIRED, SignupPage } from './signup-page';
import { fail, mockApi, ok } from '../test/api-mock';
import { PROFILE } from '../test/fixtures';
import { LocationProbe, resetAppState } from '../test/render';

// Typing a whole sign-up form with userEvent takes seconds on a busy CI machine.
// The sign-in pages fetch the signed-in app when idle; its real code (antd and all) is not under test here.
jest.mock('../app/signed-in-root', () => ({ __esModule: true, default: () => null, warmUpStyles: () => undefined }));

const realFetch = globalThis.fetch;
beforeEach(resetAppState);
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** No providers: the sign-in pages must work with the UI-free core alone. */
function renderSignup(path = '/signup?next=%2Fparties') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="*" element={<LocationProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('SignupPage', () => {
  it('fills the state from a valid GSTIN, signs up, verifies the code and returns to next', async () => {
    const api = mockApi({
      'POST auth/signup': (body) => [
        200,
        { success: true, message: 'OTP sent', data: { mobileNumber: (body as { mobileNumber: string }).mobileNumber, expiresInSeconds: 300, resendAfterSeconds: 30 } },
      ],
      'POST auth/verify-signup': () => ok(PROFILE),
    });
    const user = userEvent.setup();
    renderSignup();

    await user.type(screen.getByLabelText('Your name'), 'Asha Patil');
    await user.type(screen.getByLabelText('Business name'), 'Patil Traders');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText(/^GSTIN/), '27aapfu0939f1zv');
    expect(screen.getByLabelText(/^GSTIN/)).toHaveValue('27AAPFU0939F1ZV');
    expect(screen.getByLabelText(/^State/)).toHaveDisplayValue('27 - Maharashtra');

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const otp = await screen.findByLabelText('One-time code');
    expect(api.callsTo('POST', 'auth/signup')[0].body).toEqual({
      name: 'Asha Patil',
      businessName: 'Patil Traders',
      mobileNumber: '9876543210',
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
      registrationType: 'REGULAR',
    });
    await user.type(otp, '123456');
    expect(await screen.findByTestId('location')).toHaveTextContent('/parties');
    expect(getSession().user?.business.name).toBe('Patil Traders');
  });

  it('asks the state when there is no GSTIN, and a composition taxpayer says so', async () => {
    const api = mockApi({
      'POST auth/signup': () => [200, { success: true, message: 'OTP sent', data: { mobileNumber: '9876543210', expiresInSeconds: 300, resendAfterSeconds: 30 } }],
    });
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText('Your name'), 'Asha Patil');
    await user.type(screen.getByLabelText('Business name'), 'Patil Traders');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210{Enter}');
    expect(await screen.findByText(STATE_REQUIRED)).toBeInTheDocument();
    expect(screen.getByLabelText(/^State/)).toHaveFocus();
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('group', { name: 'Registered as' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^GSTIN/), '27AAPFU0939F1ZV');
    await user.click(within(screen.getByRole('group', { name: 'Registered as' })).getByLabelText(/Composition scheme/));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('One-time code');
    expect(api.callsTo('POST', 'auth/signup')[0].body).toMatchObject({ stateCode: '27', gstin: '27AAPFU0939F1ZV', registrationType: 'COMPOSITION' });
  });

  it('refuses a GSTIN whose check digit is wrong, before any request', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText('Your name'), 'Asha Patil');
    await user.type(screen.getByLabelText('Business name'), 'Patil Traders');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.type(screen.getByLabelText(/^GSTIN/), '27AAPFU0939F1ZX{Enter}');
    expect(await screen.findByText(/check character does not match/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^GSTIN/)).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it('names every missing field at once and moves to the first', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderSignup();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Your name is required');
    expect(screen.getByLabelText('Business name')).toHaveAccessibleDescription('Business name is required');
    expect(screen.getByLabelText('Mobile number')).toBeInvalid();
    expect(screen.getByLabelText('Your name')).toHaveFocus();
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's complaint at the field it names", async () => {
    mockApi({ 'POST auth/signup': () => fail(400, 'GSTIN does not match the business\'s state', { field: 'gstin' }) });
    const user = userEvent.setup();
    renderSignup();
    await user.type(screen.getByLabelText('Your name'), 'Asha Patil');
    await user.type(screen.getByLabelText('Business name'), 'Patil Traders');
    await user.type(screen.getByLabelText('Mobile number'), '9876543210');
    await user.selectOptions(screen.getByLabelText(/^State/), '29');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("GSTIN does not match the business's state");
    expect(screen.getByLabelText(/^GSTIN/)).toHaveAccessibleDescription(/GSTIN does not match/);
  });

  it('links back to sign-in keeping where to return', () => {
    mockApi({});
    renderSignup();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fparties');
  });
});
