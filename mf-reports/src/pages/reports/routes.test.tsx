import { Suspense, lazy } from 'react';
import { screen } from '@testing-library/react';
import { partyApi } from '@bahi/shared';
import { mumbaiBranch, renderScreen, signIn } from '@bahi/shared/testing';
import { area } from '../../area';
import { routes } from '../../routes';

afterEach(() => jest.restoreAllMocks());

describe('report routes', () => {
  it('has a page for exactly the paths of the area', () => {
    expect(Object.keys(routes).sort()).toEqual([...area.routes].sort());
  });

  it("opens /reports/ledger as 'Ledger Report' inside a host that wraps each route in its own React.lazy", async () => {
    signIn(mumbaiBranch);
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    const HostLazy = lazy(async () => ({ default: routes['/reports/ledger'] }));
    renderScreen(
      <Suspense fallback="loading">
        <HostLazy />
      </Suspense>,
      { path: '/reports/ledger' },
    );
    expect(await screen.findByRole('heading', { name: 'Ledger Report' })).toBeInTheDocument();
  });
});
