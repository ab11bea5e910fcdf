import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSessionUser, type MemberBusiness } from '@bahi/shared';
import { BusinessSwitcher, reloader } from './business-switcher';
import { UserMenu } from './user-menu';
import { mockApi, ok } from '../test/api-mock';
import { MAIN_BRANCH, USER } from '../test/fixtures';
import { renderAt, resetAppState } from '../test/render';

const realFetch = globalThis.fetch;
beforeEach(resetAppState);
afterEach(() => {
  globalThis.fetch = realFetch;
  jest.restoreAllMocks();
});

const OWN: MemberBusiness = { id: USER.business.id, name: USER.business.name, role: 'OWNER' };
const OTHER: MemberBusiness = { id: '88888888-8888-4888-8888-888888888888', name: 'Joshi Mart', role: 'BILLER' };

describe('BusinessSwitcher', () => {
  it('is not shown for a number of one business', () => {
    setSessionUser(USER, MAIN_BRANCH, [OWN]);
    renderAt(<BusinessSwitcher />);
    expect(screen.queryByRole('combobox', { name: 'Business' })).not.toBeInTheDocument();
  });

  it('switches to another business of the number and opens it afresh', async () => {
    setSessionUser(USER, MAIN_BRANCH, [OTHER, OWN]);
    const reload = jest.spyOn(reloader, 'reloadHome').mockImplementation(() => undefined);
    const profile = { user: { ...USER, role: 'BILLER', business: { ...USER.business, id: OTHER.id, name: OTHER.name } }, activeStoreBranch: null, businesses: [OTHER, OWN] };
    const api = mockApi({ 'POST auth/switch-business': () => ok(profile) });
    const user = userEvent.setup();
    renderAt(<BusinessSwitcher />);
    expect(screen.getByText('Patil Traders')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Business' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title^="Joshi Mart"]');
      if (!found) throw new Error('no option');
      return found;
    });
    await user.click(option);
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', 'auth/switch-business')[0].body).toEqual({ businessId: OTHER.id });
  });
});

describe('UserMenu', () => {
  it('offers Users & roles to an owner or admin only', async () => {
    const user = userEvent.setup();
    setSessionUser(USER, MAIN_BRANCH);
    const { unmount } = renderAt(<UserMenu table={null} />);
    await user.click(screen.getByRole('button', { name: 'Account: Asha Patil' }));
    expect(await screen.findByRole('menuitem', { name: /Users & roles/ })).toBeInTheDocument();
    unmount();

    resetAppState();
    setSessionUser({ ...USER, role: 'BILLER' }, MAIN_BRANCH);
    renderAt(<UserMenu table={null} />);
    await user.click(screen.getByRole('button', { name: 'Account: Asha Patil' }));
    expect(await screen.findByRole('menuitem', { name: /Log out/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Users & roles/ })).not.toBeInTheDocument();
  });
});
