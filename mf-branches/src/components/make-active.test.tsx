import { screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { ApiError, branchApi, cacheKey, getSession } from '@bahi/shared';
import { useMakeActive } from './make-active';
import { makeBranch } from '../test/fixtures';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
const mumbai = makeBranch({ name: 'Mumbai HQ' });
const pune = makeBranch({ name: 'Pune Godown' });

/** A screen of another area whose data depends on the active branch, beside a make-active button. */
function Harness({ loadParties }: { loadParties: () => Promise<string> }) {
  const { makeActive, pendingId } = useMakeActive();
  const { data } = useSWR(cacheKey('parties', 'list'), loadParties);
  return (
    <>
      <p>parties: {data ?? 'none'}</p>
      <button onClick={() => makeActive(pune)} disabled={pendingId !== null}>
        switch
      </button>
    </>
  );
}

afterEach(() => jest.restoreAllMocks());
beforeEach(() => signIn(mumbai));

describe('useMakeActive', () => {
  it('sets the branch on the server, updates the session atom and refetches cached data of every area', async () => {
    const setActive = jest.spyOn(branchApi, 'setActive').mockResolvedValue(pune);
    const loadParties = jest.fn().mockResolvedValueOnce('of Mumbai').mockResolvedValue('of Pune');
    const user = setupUser();
    renderScreen(<Harness loadParties={loadParties} />);
    expect(await screen.findByText('parties: of Mumbai')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Pune Godown is now the active branch')).toBeInTheDocument();
    expect(setActive).toHaveBeenCalledWith(pune.id);
    expect(getSession().activeStoreBranch).toEqual(pune);
    expect(getSession().isAuthenticated).toBe(true);
    expect(await screen.findByText('parties: of Pune')).toBeInTheDocument();
    expect(loadParties).toHaveBeenCalledTimes(2);
  });

  it('keeps the current branch and says why when the server refuses', async () => {
    jest.spyOn(branchApi, 'setActive').mockRejectedValue(new ApiError({ status: 404, message: 'Branch not found' }));
    const loadParties = jest.fn().mockResolvedValue('of Mumbai');
    const user = setupUser();
    renderScreen(<Harness loadParties={loadParties} />);
    await screen.findByText('parties: of Mumbai');

    await user.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Branch not found')).toBeInTheDocument();
    expect(getSession().activeStoreBranch).toEqual(mumbai);
    await waitFor(() => expect(screen.getByRole('button', { name: 'switch' })).toBeEnabled());
    expect(loadParties).toHaveBeenCalledTimes(1);
  });
});
