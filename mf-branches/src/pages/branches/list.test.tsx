import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, branchApi, getSession } from '@bahi/shared';
import { BranchListPage } from './list';
import { makeBranch } from '../../test/fixtures';
import { DISCARD_TITLE } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';

const andheri = makeBranch({
  name: 'Andheri West Store',
  phone: '9876543210',
  gstin: '27AAPFU0939F1ZV',
  isDefault: true,
  address: { street: 'Shop 4, Lokhandwala Complex', city: 'Mumbai', stateCode: '27', pin: '400053' },
});
const pune = makeBranch({
  name: 'Pune Godown',
  phone: '9822012345',
  address: { street: 'Plot 18, Bhosari MIDC', city: 'Pune', stateCode: '27', pin: '411026' },
});
const bengaluru = makeBranch({ name: 'Bengaluru Office', address: { city: 'Bengaluru', stateCode: '29' } });

const renderList = (route = '/store-branch') => renderScreen(<BranchListPage />, { path: '/store-branch', route });
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr') as HTMLElement;

afterEach(() => jest.restoreAllMocks());
beforeEach(() => signIn(pune));

describe('BranchListPage', () => {
  it('lists every branch with its place, GSTIN, phone and Default/Active badges', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([andheri, pune, bengaluru]);
    renderList();

    expect(await screen.findByRole('link', { name: 'Andheri West Store' })).toHaveAttribute(
      'href',
      `/store-branch/${andheri.id}`,
    );
    const first = within(rowOf('Andheri West Store'));
    expect(first.getByText('Mumbai, Maharashtra')).toBeInTheDocument();
    expect(first.getByText('27AAPFU0939F1ZV')).toBeInTheDocument();
    expect(first.getByText('+91 98765 43210')).toBeInTheDocument();
    expect(first.getByText('Default')).toBeInTheDocument();
    expect(first.queryByText('Active')).not.toBeInTheDocument();

    const active = within(rowOf('Pune Godown'));
    expect(active.getByText('Active')).toBeInTheDocument();
    expect(active.queryByText('Default')).not.toBeInTheDocument();
    // The active branch has nothing to switch to.
    expect(active.queryByRole('button', { name: /make .* active/i })).not.toBeInTheDocument();

    const sparse = within(rowOf('Bengaluru Office'));
    expect(sparse.getByText('Bengaluru, Karnataka')).toBeInTheDocument();
    expect(sparse.getAllByText('-')).toHaveLength(2);
    expect(screen.getByText('3 branches · active: Pune Godown')).toBeInTheDocument();
  });

  it('filters by the search box and keeps the search in the address', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([andheri, pune, bengaluru]);
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Andheri West Store' });

    await user.click(screen.getByRole('textbox', { name: 'Search branches' }));
    await user.paste('karnataka');
    expect(screen.getByRole('link', { name: 'Bengaluru Office' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Andheri West Store' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pune Godown' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/store-branch?q=karnataka');

    await user.clear(screen.getByRole('textbox', { name: 'Search branches' }));
    await user.paste('+91 98220 12345');
    expect(screen.getByRole('link', { name: 'Pune Godown' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bengaluru Office' })).not.toBeInTheDocument();
  });

  it('opens with the search from ?q and offers to clear a search that matches nothing', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([andheri, pune, bengaluru]);
    const user = setupUser();
    renderList('/store-branch?q=27AAPFU');
    expect(await screen.findByRole('link', { name: 'Andheri West Store' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pune Godown' })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Search branches' }));
    await user.type(screen.getByRole('textbox', { name: 'Search branches' }), 'Chennai');
    expect(screen.getByText('No branch matches “Chennai”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('shows an empty state whose action opens the create form', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([]);
    const user = setupUser();
    renderList();
    expect(await screen.findByText('No branches yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Create branch/ }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Create branch', { selector: '.ant-drawer-title' })).toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByLabelText('Branch name')).toHaveFocus());
  });

  it('shows an error state, and Retry loads the branches', async () => {
    const list = jest
      .spyOn(branchApi, 'list')
      .mockRejectedValueOnce(new ApiError({ status: 503, message: 'Service unavailable' }))
      .mockResolvedValue([andheri]);
    const user = setupUser();
    renderList();
    expect(await screen.findByText('Error loading branches')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Andheri West Store' })).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });

  it('creates a branch from the drawer and shows it in the list', async () => {
    const thane = makeBranch({ name: 'Thane Store', address: { city: 'Thane', stateCode: '27', pin: '400602' } });
    jest.spyOn(branchApi, 'list').mockResolvedValueOnce([andheri]).mockResolvedValue([andheri, thane]);
    const create = jest.spyOn(branchApi, 'create').mockResolvedValue(thane);
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Andheri West Store' });

    await user.click(screen.getByRole('button', { name: /Create branch/ }));
    const drawer = await screen.findByRole('dialog');
    const paste = async (label: RegExp, text: string) => {
      await user.click(within(drawer).getByLabelText(label));
      await user.paste(text);
    };
    await paste(/^Branch name/, 'Thane Store');
    await paste(/^Street/, 'Shop 2, Gokhale Road');
    await paste(/^City/, 'Thane');
    await paste(/^PIN code/, '400602');
    await user.click(within(drawer).getByRole('combobox'));
    await user.paste('Mahara');
    await user.click(await screen.findByTitle('27 - Maharashtra'));
    await user.click(within(drawer).getByRole('button', { name: 'Create branch' }));

    expect(await screen.findByRole('link', { name: 'Thane Store' })).toBeInTheDocument();
    expect(create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Thane Store', address: expect.objectContaining({ stateCode: '27' }) }));
    expect(screen.getByText('Thane Store created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('makes a branch active from its row', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([andheri, pune]);
    const setActive = jest.spyOn(branchApi, 'setActive').mockResolvedValue(andheri);
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Andheri West Store' });

    await user.click(within(rowOf('Andheri West Store')).getByRole('button', { name: 'Make Andheri West Store active' }));
    expect(await screen.findByText('Andheri West Store is now the active branch')).toBeInTheDocument();
    expect(setActive).toHaveBeenCalledWith(andheri.id);
    expect(getSession().activeStoreBranch?.id).toBe(andheri.id);
    expect(within(rowOf('Andheri West Store')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Pune Godown')).queryByText('Active')).not.toBeInTheDocument();
  });

  it('asks before Esc throws away a half-filled branch, and closes at once when nothing was typed', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([andheri]);
    const user = setupUser();
    renderList();
    await screen.findByRole('link', { name: 'Andheri West Store' });

    await user.click(screen.getByRole('button', { name: /Create branch/ }));
    await screen.findByLabelText(/^Branch name/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText(/^Branch name/)).not.toBeInTheDocument());
    expect(screen.queryByText(DISCARD_TITLE, { selector: '.ant-modal-confirm-title' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Create branch/ }));
    await user.click(await screen.findByLabelText(/^Branch name/));
    await user.paste('Thane Store');
    await user.keyboard('{Escape}');
    const confirm = (await screen.findByText(DISCARD_TITLE, { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Branch name/)).not.toBeInTheDocument());
  });

  it('follows a branch made active in another tab of this browser on its next read', async () => {
    jest.spyOn(branchApi, 'list').mockResolvedValue([andheri, pune, bengaluru]);
    renderList();
    await screen.findByText('3 branches · active: Pune Godown');
    expect(within(rowOf('Pune Godown')).getByText('Active')).toBeInTheDocument();

    // The other tab's set-active: the API's answer sets the branch cookie, which every tab of the browser shares.
    document.cookie = `bahi_branch=${andheri.id}; path=/`;
    fireEvent.focus(window);

    expect(await screen.findByText('3 branches · active: Andheri West Store')).toBeInTheDocument();
    expect(within(rowOf('Andheri West Store')).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Pune Godown')).queryByText('Active')).not.toBeInTheDocument();
    expect(within(rowOf('Pune Godown')).getByRole('button', { name: 'Make Pune Godown active' })).toBeInTheDocument();
  });
});
