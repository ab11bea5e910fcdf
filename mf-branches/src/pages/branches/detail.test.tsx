import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, branchApi, getSession } from '@bahi/shared';
import { BranchDetailPage } from './detail';
import { makeBranch } from '../../test/fixtures';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
const full = makeBranch({
  name: 'Andheri West Store',
  phone: '9876543210',
  email: 'andheri@sharmatraders.in',
  gstin: '27AAPFU0939F1ZV',
  invoicePrefix: 'AND/',
  isDefault: true,
  address: { street: 'Shop 4, Lokhandwala Complex', city: 'Mumbai', stateCode: '27', pin: '400053' },
});
/** The branch sign-up makes: a name and nothing else. */
const bare = makeBranch({ name: 'Main branch' });

const renderDetail = (id: string) => renderScreen(<BranchDetailPage />, { path: '/store-branch/:id', route: `/store-branch/${id}` });

/** The value shown beside a label in a detail card. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

afterEach(() => jest.restoreAllMocks());
beforeEach(() => signIn(full));

describe('BranchDetailPage', () => {
  it("shows 'Loading...' while the branch loads", async () => {
    jest.spyOn(branchApi, 'get').mockReturnValue(new Promise(() => undefined));
    renderDetail(full.id);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('shows every field, the state by name, and the Default and Active tags', async () => {
    const get = jest.spyOn(branchApi, 'get').mockResolvedValue(full);
    renderDetail(full.id);
    expect(await screen.findByRole('heading', { name: /Andheri West Store/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(full.id);
    const heading = within(screen.getByRole('heading', { name: /Andheri West Store/ }));
    expect(heading.getByText('Default')).toBeInTheDocument();
    expect(heading.getByText('Active')).toBeInTheDocument();

    expect(valueOf('Phone')).toHaveTextContent('+91 98765 43210');
    expect(valueOf('Email')).toHaveTextContent('andheri@sharmatraders.in');
    expect(valueOf('GSTIN')).toHaveTextContent('27AAPFU0939F1ZV');
    expect(valueOf('PAN')).toHaveTextContent('AAPFU0939F');
    expect(valueOf('Invoice Prefix')).toHaveTextContent('AND/');
    expect(valueOf('Street')).toHaveTextContent('Shop 4, Lokhandwala Complex');
    expect(valueOf('City')).toHaveTextContent('Mumbai');
    expect(valueOf('State')).toHaveTextContent(/^Maharashtra$/);
    expect(valueOf('PIN Code')).toHaveTextContent('400053');
    expect(valueOf('Default Branch')).toHaveTextContent('Yes');
    expect(valueOf('Active Branch')).toHaveTextContent('Yes');
    expect(screen.getByText('Shop 4, Lokhandwala Complex, Mumbai - 400053, Maharashtra')).toBeInTheDocument();
    // Already the active branch: nothing to switch to.
    expect(screen.queryByRole('button', { name: /Make active/ })).not.toBeInTheDocument();
  });

  it("shows '-' for every empty value", async () => {
    jest.spyOn(branchApi, 'get').mockResolvedValue(bare);
    renderDetail(bare.id);
    await screen.findByRole('heading', { name: /Main branch/ });
    for (const label of ['Phone', 'Email', 'GSTIN', 'PAN', 'Invoice Prefix', 'Street', 'City', 'State', 'PIN Code']) {
      expect(valueOf(label)).toHaveTextContent(/^-$/);
    }
    expect(valueOf('Default Branch')).toHaveTextContent('No');
    expect(screen.queryByText('Default', { selector: '.ant-tag' })).not.toBeInTheDocument();
  });

  it("says 'Branch not found.' when the server answers 404", async () => {
    jest.spyOn(branchApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Branch not found' }));
    renderDetail(full.id);
    expect(await screen.findByText('Branch not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it("says 'Branch not found.' for an id that cannot be a branch, without asking the server", async () => {
    const get = jest.spyOn(branchApi, 'get');
    renderDetail('not-a-branch');
    expect(await screen.findByText('Branch not found.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it("says 'Error loading branch' on any other failure, and Retry tries again", async () => {
    const get = jest
      .spyOn(branchApi, 'get')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Could not reach the server' }))
      .mockResolvedValue(full);
    const user = setupUser();
    renderDetail(full.id);
    expect(await screen.findByText('Error loading branch')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: /Andheri West Store/ })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it('goes back to the branch list', async () => {
    jest.spyOn(branchApi, 'get').mockResolvedValue(full);
    const user = setupUser();
    renderDetail(full.id);
    await screen.findByRole('heading', { name: /Andheri West Store/ });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/store-branch$/);
  });

  it('edits the branch in a drawer prefilled with its values', async () => {
    const renamed = { ...full, name: 'Andheri Flagship' };
    jest.spyOn(branchApi, 'get').mockResolvedValueOnce(full).mockResolvedValue(renamed);
    const update = jest.spyOn(branchApi, 'update').mockResolvedValue(renamed);
    const user = setupUser();
    renderDetail(full.id);
    await screen.findByRole('heading', { name: /Andheri West Store/ });

    await user.click(screen.getByRole('button', { name: /Edit/ }));
    const drawer = await screen.findByRole('dialog');
    const name = within(drawer).getByLabelText('Branch name');
    expect(name).toHaveValue('Andheri West Store');
    expect(within(drawer).getByLabelText(/^GSTIN/)).toHaveValue('27AAPFU0939F1ZV');
    expect(within(drawer).getByLabelText(/^PIN code/)).toHaveValue('400053');
    await user.clear(name);
    await user.type(name, 'Andheri Flagship{Enter}');

    expect(await screen.findByRole('heading', { name: /Andheri Flagship/ })).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith(full.id, expect.objectContaining({ name: 'Andheri Flagship', gstin: '27AAPFU0939F1ZV' }));
    expect(getSession().activeStoreBranch?.name).toBe('Andheri Flagship');
  });

  it('makes the branch active: session, tag and message follow', async () => {
    const other = makeBranch({ name: 'Pune Godown', address: { city: 'Pune', stateCode: '27' } });
    jest.spyOn(branchApi, 'get').mockResolvedValue(other);
    const setActive = jest.spyOn(branchApi, 'setActive').mockResolvedValue(other);
    const user = setupUser();
    renderDetail(other.id);
    await screen.findByRole('heading', { name: /Pune Godown/ });
    expect(valueOf('Active Branch')).toHaveTextContent('No');

    await user.click(screen.getByRole('button', { name: /Make active/ }));
    expect(await screen.findByText('Pune Godown is now the active branch')).toBeInTheDocument();
    expect(setActive).toHaveBeenCalledWith(other.id);
    expect(getSession().activeStoreBranch).toEqual(other);
    await waitFor(() => expect(valueOf('Active Branch')).toHaveTextContent('Yes'));
    expect(within(screen.getByRole('heading', { name: /Pune Godown/ })).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Make active/ })).not.toBeInTheDocument();
  });

  it("follows a branch made active in another tab of this browser on its next read", async () => {
    jest.spyOn(branchApi, 'get').mockResolvedValue(bare);
    renderDetail(bare.id);
    expect(await screen.findByRole('button', { name: /Make active/ })).toBeInTheDocument();
    expect(valueOf('Active Branch')).toHaveTextContent('No');

    // The other tab's set-active: the API's answer sets the branch cookie, which every tab of the browser shares.
    document.cookie = `bahi_branch=${bare.id}; path=/`;
    fireEvent.focus(window);

    await waitFor(() => expect(valueOf('Active Branch')).toHaveTextContent('Yes'));
    expect(screen.queryByRole('button', { name: /Make active/ })).not.toBeInTheDocument();
  });
});
