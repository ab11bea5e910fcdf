import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Root } from 'react-dom/client';
import { renderPage } from '../build/render-pages';
import { App } from './app';
import { mockApi, type ApiAnswer } from './test/api-mock';
import { resetAppState } from './test/render';
import { PRERENDERED_ATTRIBUTE, takeOver } from './takeover';

// The sign-in pages fetch the signed-in app when idle; its real code (antd and all) is not under test here.
jest.mock('./app/signed-in-root', () => ({ __esModule: true, default: () => null, warmUpStyles: () => undefined }));

const realFetch = globalThis.fetch;
let root: Root | null = null;
let container: HTMLElement;
let recoverable: unknown[];
beforeEach(() => {
  resetAppState();
  recoverable = [];
});
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
  globalThis.fetch = realFetch;
});

/** What the server answers at `url`: the build's prerendered page of `page` in #root; no React running yet. */
function servePrerendered(page: '/login' | '/signup', url: string = page) {
  window.history.replaceState(null, '', url);
  container = document.createElement('div');
  container.id = 'root';
  container.setAttribute(PRERENDERED_ATTRIBUTE, page);
  container.innerHTML = renderPage(page);
  document.body.append(container);
}

/** The shell's JavaScript arrives: what bootstrap.tsx does. */
function javaScriptArrives() {
  act(() => {
    root = takeOver(container, <App />, { onRecoverableError: (error) => recoverable.push(error) });
  });
}

const otpSent = (mobileNumber: string): ApiAnswer => [
  200,
  { success: true, message: 'OTP sent', data: { mobileNumber, expiresInSeconds: 300, resendAfterSeconds: 30 } },
];

describe('taking over the prerendered sign-in pages', () => {
  it('keeps the number typed before the JavaScript ran, with the focus, and sends it', async () => {
    const api = mockApi({ 'POST auth/login': (body) => otpSent((body as { mobileNumber: string }).mobileNumber) });
    servePrerendered('/login', '/login?next=%2Fparties');
    const user = userEvent.setup();
    const phone = screen.getByLabelText('Mobile number');
    const send = screen.getByRole('button', { name: 'Send code' });
    // Before the JavaScript: the field is there and takes typing; the form cannot be sent yet, and says why.
    expect(send).toBeDisabled();
    expect(send).toHaveAccessibleDescription(/still loading/);
    await user.click(phone);
    await user.keyboard('98765 43210');

    javaScriptArrives();

    expect(recoverable).toEqual([]);
    // The same input, not a new one: what was typed, the focus and the caret stay.
    expect(screen.getByLabelText('Mobile number')).toBe(phone);
    expect(phone).toHaveValue('9876543210');
    expect(phone).toHaveFocus();
    expect(send).toBeEnabled();
    expect(send).not.toHaveAccessibleDescription(/still loading/);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup?next=%2Fparties');

    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('One-time code')).toBeInTheDocument();
    expect(api.callsTo('POST', 'auth/login')[0].body).toEqual({ mobileNumber: '9876543210' });
  });

  it('goes on from the typed digits when typing continues after the takeover', async () => {
    servePrerendered('/login');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Mobile number'));
    await user.keyboard('98765');
    javaScriptArrives();
    await user.keyboard('43210');
    expect(screen.getByLabelText('Mobile number')).toHaveValue('9876543210');
    expect(recoverable).toEqual([]);
  });

  it('keeps the sign-up fields typed so far, and leaves the focus in the one being typed in', async () => {
    mockApi({ 'POST auth/signup': (body) => otpSent((body as { mobileNumber: string }).mobileNumber) });
    servePrerendered('/signup');
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Your name'));
    await user.keyboard('Asha Patil');
    await user.click(screen.getByLabelText('Business name'));
    await user.keyboard('Patil Tr');

    javaScriptArrives();

    expect(recoverable).toEqual([]);
    expect(screen.getByLabelText('Business name')).toHaveFocus();
    await user.keyboard('aders');
    await user.selectOptions(screen.getByLabelText(/^State/), '27');
    await user.click(screen.getByLabelText('Mobile number'));
    await user.keyboard('9876543210{Enter}');
    expect(await screen.findByLabelText('One-time code')).toBeInTheDocument();
    expect(screen.getByText('+91 98765 43210')).toBeInTheDocument();
  });

  it('renders afresh where the HTML is not the page of the path', () => {
    servePrerendered('/signup', '/login');
    const prerendered = screen.getByLabelText('Mobile number');
    javaScriptArrives();
    expect(screen.getByRole('heading', { name: 'Sign in to Bahi' })).toBeInTheDocument();
    expect(prerendered).not.toBeInTheDocument();
    expect(screen.getByLabelText('Mobile number')).toBeEnabled();
    expect(container).not.toHaveAttribute(PRERENDERED_ATTRIBUTE);
  });
});
