import { render, screen, waitFor } from '@testing-library/react';

// Records which heavy modules get loaded, then hands over the real ones.
const mockLoaded = new Set<string>();
jest.mock('antd', () => {
  mockLoaded.add('antd');
  return jest.requireActual('antd');
});
jest.mock('@ant-design/icons', () => {
  mockLoaded.add('@ant-design/icons');
  return jest.requireActual('@ant-design/icons');
});
jest.mock('@bahi/shared/ui', () => {
  mockLoaded.add('@bahi/shared/ui');
  return jest.requireActual('@bahi/shared/ui');
});

/** The app's modules are loaded only inside the tests, once the recorders exist. */
const loadApp = () => Promise.all([import('./app'), import('./app/signed-in-loader')]);

// Loading antd for real takes a few seconds on a busy machine.

describe('the sign-in pages stay light', () => {
  it('render /login from the UI-free core alone: no antd, no icons, no @bahi/shared/ui', async () => {
    const [{ App }] = await loadApp();
    window.history.pushState({}, '', '/login');
    render(<App />);
    expect(screen.getByLabelText('Mobile number')).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect([...mockLoaded]).toEqual([]);
  });

  it('fetch the signed-in app, antd with it, and warm its styles up once the browser is idle', async () => {
    const [{ App }, { loadSignedInApp }] = await loadApp();
    window.history.pushState({}, '', '/signup');
    render(<App />);
    await screen.findByLabelText('Business name');
    await waitFor(() => expect(mockLoaded).toContain('antd'), { timeout: 20_000 });
    expect(mockLoaded).toContain('@bahi/shared/ui');
    const signedIn = await loadSignedInApp();
    expect(typeof signedIn.default).toBe('function');
    // Then antd writes the styles of the first signed-in page, off screen, before anyone signs in.
    await waitFor(() => expect(document.head.querySelector('style[data-css-hash]')).not.toBeNull(), { timeout: 20_000 });
    expect(screen.getByLabelText('Business name')).toBeVisible();
  });
});
