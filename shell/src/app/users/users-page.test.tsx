import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setSessionUser, type BusinessUser } from '@bahi/shared';
import { UsersPage } from './users-page';
import { fail, mockApi, ok } from '../../test/api-mock';
import { GODOWN, MAIN_BRANCH, USER } from '../../test/fixtures';
import { renderAt, resetAppState } from '../../test/render';

const realFetch = globalThis.fetch;
beforeEach(resetAppState);
afterEach(() => {
  globalThis.fetch = realFetch;
});

const at = '2026-01-01T00:00:00.000Z';
const person = (over: Partial<BusinessUser> & Pick<BusinessUser, 'id' | 'name' | 'mobileNumber' | 'role'>): BusinessUser => ({
  active: true,
  allBranches: true,
  branches: [],
  lastSignedInAt: null,
  createdAt: at,
  ...over,
});

const OWNER_ROW = person({ id: USER.id, name: USER.name, mobileNumber: USER.mobileNumber, role: 'OWNER' });
const BILLER = person({
  id: '55555555-5555-4555-8555-555555555555',
  name: 'Meena Joshi',
  mobileNumber: '9123456780',
  role: 'BILLER',
  allBranches: false,
  branches: [{ id: GODOWN.id, name: GODOWN.name }],
});

/** An option of the open select list, by its text. */
const option = (title: string) =>
  waitFor(() => {
    const found = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${title}"]`);
    if (!found) throw new Error(`no option ${title}`);
    return found;
  });
const offered = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title'));

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('UsersPage', () => {
  it('lists users with mobile, role, branches and status', async () => {
    setSessionUser(USER, MAIN_BRANCH);
    mockApi({ 'GET user/users': () => ok([OWNER_ROW, BILLER, { ...BILLER, id: '66666666-6666-4666-8666-666666666666', name: 'Old Hand', active: false }]) });
    renderAt(<UsersPage />);
    expect(await screen.findByText('Meena Joshi')).toBeInTheDocument();
    const biller = rowOf('Meena Joshi');
    expect(within(biller).getByText('+91 91234 56780')).toBeInTheDocument();
    expect(within(biller).getByText('Biller')).toBeInTheDocument();
    expect(within(biller).getByText('Nashik godown')).toBeInTheDocument();
    expect(within(biller).getByText('Active')).toBeInTheDocument();
    const owner = rowOf('Asha Patil');
    expect(within(owner).getByText('All branches')).toBeInTheDocument();
    expect(within(owner).getByText('You')).toBeInTheDocument();
    // Nobody deactivates themselves.
    expect(within(owner).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
    expect(within(rowOf('Old Hand')).getByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByText('2 active of 3')).toBeInTheDocument();
  });

  it('invites a biller for one branch', async () => {
    setSessionUser(USER, MAIN_BRANCH);
    let users = [OWNER_ROW];
    const api = mockApi({
      'GET user/users': () => ok(users),
      'GET store-branch/branches': () => ok([MAIN_BRANCH, GODOWN]),
      'POST user/invite': () => {
        users = [OWNER_ROW, BILLER];
        return [201, { success: true, data: BILLER }];
      },
    });
    const user = userEvent.setup();
    renderAt(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: /Invite user/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Meena Joshi');
    await user.type(within(dialog).getByLabelText('Mobile number'), '9123456780');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await option('Stock keeper'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await option('Biller'));
    await user.click(within(dialog).getByLabelText('Some branches'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Branches they work at' }));
    await user.click(await option('Nashik godown'));
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    await waitFor(() => expect(api.callsTo('POST', 'user/invite')).toHaveLength(1));
    expect(api.callsTo('POST', 'user/invite')[0].body).toEqual({
      name: 'Meena Joshi',
      mobileNumber: '9123456780',
      role: 'BILLER',
      allBranches: false,
      branchIds: [GODOWN.id],
    });
    expect(await screen.findByText('Meena Joshi')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite user' })).not.toBeInTheDocument());
  });

  it('shows the server’s refusal at the field it names', async () => {
    setSessionUser(USER, MAIN_BRANCH);
    mockApi({
      'GET user/users': () => ok([OWNER_ROW]),
      'GET store-branch/branches': () => ok([MAIN_BRANCH]),
      'POST user/invite': () => fail(409, '9876543210 is already a user of this business', { field: 'mobileNumber' }),
    });
    const user = userEvent.setup();
    renderAt(<UsersPage />);
    await user.click(await screen.findByRole('button', { name: /Invite user/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Asha again');
    await user.type(within(dialog).getByLabelText('Mobile number'), '9876543210');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByText('9876543210 is already a user of this business')).toBeInTheDocument();
  });

  it('deactivates a user after a confirmation', async () => {
    setSessionUser(USER, MAIN_BRANCH);
    let users = [OWNER_ROW, BILLER];
    const api = mockApi({
      'GET user/users': () => ok(users),
      [`POST user/deactivate/${BILLER.id}`]: () => {
        users = [OWNER_ROW, { ...BILLER, active: false }];
        return ok(users[1]);
      },
    });
    const user = userEvent.setup();
    renderAt(<UsersPage />);
    await screen.findByText('Meena Joshi');
    await user.click(within(rowOf('Meena Joshi')).getByRole('button', { name: 'Deactivate Meena Joshi' }));
    expect(api.callsTo('POST', `user/deactivate/${BILLER.id}`)).toHaveLength(0);
    const confirm = await screen.findByRole('tooltip');
    expect(within(confirm).getByText('Deactivate Meena Joshi?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(api.callsTo('POST', `user/deactivate/${BILLER.id}`)).toHaveLength(1));
    expect(await within(rowOf('Meena Joshi')).findByText('Deactivated')).toBeInTheDocument();
  });

  it('offers an admin no owner role and no actions on an owner', async () => {
    setSessionUser({ ...USER, id: '77777777-7777-4777-8777-777777777777', name: 'Ravi Admin', role: 'ADMIN' }, MAIN_BRANCH);
    mockApi({
      'GET user/users': () => ok([OWNER_ROW, BILLER]),
      'GET store-branch/branches': () => ok([MAIN_BRANCH]),
    });
    const user = userEvent.setup();
    renderAt(<UsersPage />);
    await screen.findByText('Meena Joshi');
    expect(within(rowOf('Asha Patil')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Invite user/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect(await option('Admin')).toBeInTheDocument();
    expect(offered()).toEqual(['Admin', 'Accountant', 'Biller', 'Stock keeper', 'Viewer']);
  });

  it('tells anyone else they cannot manage users, and asks the server nothing', async () => {
    setSessionUser({ ...USER, role: 'BILLER' }, MAIN_BRANCH);
    const api = mockApi({});
    renderAt(<UsersPage />);
    expect(screen.getByText('Only an owner or admin can manage the users of this business.')).toBeInTheDocument();
    expect(api.callsTo('GET', 'user/users')).toHaveLength(0);
  });
});
