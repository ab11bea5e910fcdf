import { act, render, screen, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import type { ReactNode } from 'react';
import { endSession, setSessionUser } from '../session';
import type { User } from '../contracts';
import { ExpiringCache, cacheKey } from './index';
import { SwrProvider, revalidateArea } from './provider';

describe('cache keys', () => {
  it('lead with the area', () => {
    expect(cacheKey('parties', 'list', { q: 'a' })).toEqual(['parties', 'list', { q: 'a' }]);
  });
});

describe('ExpiringCache', () => {
  it('drops an entry 60 s after its last user let go, and keeps used ones', () => {
    let now = 0;
    const cache = new ExpiringCache(60_000, () => now);
    cache.set('a', { data: 1 });
    cache.set('b', { data: 2 });
    cache.retain('b');
    now = 59_000;
    expect(cache.get('a')).toEqual({ data: 1 });
    now = 60_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual({ data: 2 });
    cache.release('b');
    now = 119_999;
    expect(cache.get('b')).toEqual({ data: 2 });
    now = 120_000;
    expect(cache.get('b')).toBeUndefined();
  });

  it('counts several users of one key', () => {
    let now = 0;
    const cache = new ExpiringCache(10, () => now);
    cache.set('k', { data: 1 });
    cache.retain('k');
    cache.retain('k');
    cache.release('k');
    now = 100;
    expect(cache.get('k')).toEqual({ data: 1 });
  });
});

describe('revalidateArea', () => {
  function Lists() {
    const parties = useSWR(cacheKey('parties', 'list'), partiesFetcher);
    const items = useSWR(cacheKey('items', 'list'), itemsFetcher);
    return (
      <p>
        parties {parties.data} items {items.data}
      </p>
    );
  }
  let partiesCalls = 0;
  let itemsCalls = 0;
  const partiesFetcher = async () => ++partiesCalls;
  const itemsFetcher = async () => ++itemsCalls;
  const wrap = ({ children }: { children: ReactNode }) => <SwrProvider cache={new ExpiringCache()}>{children}</SwrProvider>;

  it('refreshes only the named area', async () => {
    render(<Lists />, { wrapper: wrap });
    await screen.findByText('parties 1 items 1');
    await act(() => revalidateArea('parties'));
    await waitFor(() => expect(screen.getByText('parties 2 items 1')).toBeInTheDocument());
  });
});

describe('after the server ended the session', () => {
  const user = { id: 'u', name: 'Asha', mobileNumber: '9876543210', role: 'OWNER', business: { id: 'b', name: 'Asha Stores', gstin: null, stateCode: '27' } } as User;
  let calls = 0;
  const fetcher = async () => ++calls;
  function Branches() {
    const { data } = useSWR(cacheKey('branches', 'list'), fetcher);
    return <p>fetched {data}</p>;
  }

  it('revalidates nothing until the user signs in again', async () => {
    render(
      <SwrProvider cache={new ExpiringCache()}>
        <Branches />
      </SwrProvider>,
    );
    await screen.findByText('fetched 1');
    endSession();
    await act(() => revalidateArea('branches'));
    expect(calls).toBe(1);
    setSessionUser(user);
    await act(() => revalidateArea('branches'));
    await screen.findByText('fetched 2');
  });
});
