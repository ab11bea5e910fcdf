import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { BahiProviders, getSession } from '@bahi/shared';
import { SignupPage } from './signup-page';
import { mockApi, ok } from '../test/api-mock';
import { PROFILE } from '../test/fixtures';
import { LocationProbe, resetAppState } from '../test/render';

// Typing a whole sign-up form with userEvent takes seconds on a busy CI machine.
jest.setTimeout(20_000);

const realFetch = globalThis.fetch;
beforeEach(resetAppState);
afterEach(() => {
  globalThis.fetch = realFetch;
});

function renderSignup(path = '/signup?next=%2Fparties') {
  return render(
    <BahiProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>
    </BahiProviders>,
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
    const stateField = screen.getByLabelText(/^State/).closest('.ant-select') as HTMLElement;
    expect(await within(stateField).findByText('27 - Maharashtra')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send code' }));
    const otp = await screen.findByLabelText('One-time code');
    expect(api.callsTo('POST', 'auth/signup')[0].body).toEqual({
      name: 'Asha Patil',
      businessName: 'Patil Traders',
      mobileNumber: '9876543210',
      gstin: '27AAPFU0939F1ZV',
      stateCode: '27',
    });
    await user.type(otp, '123456');
    expect(await screen.findByTestId('location')).toHaveTextContent('/parties');
    expect(getSession().user?.business.name).toBe('Patil Traders');
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
    expect(api.calls).toHaveLength(0);
  });

  it('links back to sign-in keeping where to return', () => {
    mockApi({});
    renderSignup();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?next=%2Fparties');
  });
});
