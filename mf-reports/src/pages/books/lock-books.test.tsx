import { act, screen, waitFor, within } from '@testing-library/react';
import { settingsApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { mumbaiBranch, renderScreen, setupUser, signIn, testUser } from '@bahi/shared/testing';
import { LockBooksCard } from './lock-books';

afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('Lock books', () => {
  it('lets the owner close the books up to a date and open them again', async () => {
    signIn(mumbaiBranch);
    // The server's setting: what the last PUT left.
    let stored: string | null = null;
    jest.spyOn(settingsApi, 'lockBooks').mockImplementation(async () => ({ lockedUntil: stored }));
    const update = jest.spyOn(settingsApi, 'updateLockBooks').mockImplementation(async (body) => {
      stored = body.lockedUntil;
      return { lockedUntil: stored };
    });
    const user = setupUser();
    renderScreen(<LockBooksCard />);
    const card = screen.getByLabelText('Lock books');
    expect(await within(card).findByText('Books are open: documents of any date may be entered, edited or cancelled.')).toBeInTheDocument();
    const lock = within(card).getByRole('button', { name: /Lock books/ });
    expect(lock).toBeDisabled();

    const input = within(card).getByLabelText('Close the books up to');
    await user.click(input);
    await user.paste('31/03/2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(lock).toBeEnabled());
    await user.click(lock);
    await waitFor(() => expect(update).toHaveBeenCalledWith({ lockedUntil: '2026-03-31' }));
    expect(await within(card).findByText(/^Books are closed up to 31-03-2026/)).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: /Open books/ }));
    await waitFor(() => expect(update).toHaveBeenLastCalledWith({ lockedUntil: null }));
    expect(await within(card).findByText(/^Books are open/)).toBeInTheDocument();
  });

  it('shows a biller the lock date without the controls', async () => {
    signIn(mumbaiBranch, { ...testUser, role: 'BILLER' });
    jest.spyOn(settingsApi, 'lockBooks').mockResolvedValue({ lockedUntil: '2026-03-31' });
    renderScreen(<LockBooksCard />);
    expect(await screen.findByText(/^Books are closed up to 31-03-2026/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Lock books/ })).not.toBeInTheDocument();
  });
});
