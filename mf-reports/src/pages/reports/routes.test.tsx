import { Suspense, lazy } from 'react';
import { screen } from '@testing-library/react';
import { ledgerApi, partyApi, type AccountLedger } from '@bahi/shared';
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

  it('opens /reports/accounts/:id as the account ledger of the ledger in the address', async () => {
    signIn(mumbaiBranch);
    const id = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000a1';
    const answer: AccountLedger = {
      account: { id, name: 'Cash in hand', group: 'CASH_IN_HAND', nature: 'ASSET', code: null, cashAccountId: null, expenseCategoryId: null, isActive: true, balance: '0.00' },
      from: null,
      to: null,
      opening: '0.00',
      lines: [],
      closing: '0.00',
      totals: { debit: '0.00', credit: '0.00' },
    };
    const call = jest.spyOn(ledgerApi, 'accountLedger').mockResolvedValue(answer);
    const HostLazy = lazy(async () => ({ default: routes['/reports/accounts/:id'] }));
    renderScreen(
      <Suspense fallback="loading">
        <HostLazy />
      </Suspense>,
      { path: '/reports/accounts/:id', route: `/reports/accounts/${id}` },
    );
    expect(await screen.findByRole('heading', { name: 'Cash in hand' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(id, expect.anything());
  });
});
