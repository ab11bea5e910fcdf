import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, GSTIN_MESSAGES, branchApi, getSession } from '@bahi/shared';
import { BranchForm, formPathOf } from './branch-form';
import { makeBranch } from '../test/fixtures';
import { type TestUser, renderScreen, setupUser, signIn } from '@bahi/shared/testing';
/** A control by its label; optional fields' labels end in "(optional)". */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
/** The antd form item (label, control, error) a labelled control sits in. */
const itemOf = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;
const stateItem = () => screen.getByText('State', { selector: 'label' }).closest('.ant-form-item') as HTMLElement;

function renderForm(props: Partial<Parameters<typeof BranchForm>[0]> = {}) {
  const onSaved = jest.fn();
  const user = setupUser();
  renderScreen(<BranchForm onSaved={onSaved} onCancel={jest.fn()} {...props} />);
  return { user, onSaved };
}

/** Types into a field at once (pasting), as fast as a test wants and through the same normalisation. */
async function enter(user: TestUser, label: string, text: string) {
  await user.click(field(label));
  await user.paste(text);
}

async function fillValid(user: TestUser) {
  await enter(user, 'Branch name', '  Thane Store ');
  await enter(user, 'GSTIN', '27aapfu0939f1zv');
  await user.click(await screen.findByRole('radio', { name: 'Regular (tax invoices)' }));
  await enter(user, 'Street', 'Shop 2, Gokhale Road');
  await enter(user, 'City', 'Thane');
  await enter(user, 'PIN code', '400602');
}

afterEach(() => jest.restoreAllMocks());

describe('BranchForm', () => {
  beforeEach(() => signIn(null));

  it('puts the cursor in the branch name', () => {
    renderForm();
    expect(field('Branch name')).toHaveFocus();
  });

  it('rejects a GSTIN whose check character is wrong, at the GSTIN field', async () => {
    const { user } = renderForm();
    await user.type(field('GSTIN'), '27AAPFU0939F1ZX');
    await user.tab();
    expect(await within(itemOf('GSTIN')).findByText(GSTIN_MESSAGES.checksum)).toBeInTheDocument();

    await user.clear(field('GSTIN'));
    await user.type(field('GSTIN'), '27AAPFU0939F1ZV');
    await waitFor(() => expect(within(itemOf('GSTIN')).queryByText(GSTIN_MESSAGES.checksum)).not.toBeInTheDocument());
  });

  it('uppercases the GSTIN and fills the state from its first two digits', async () => {
    const { user } = renderForm();
    await user.type(field('GSTIN'), '27aapfu0939f1zv');
    expect(field('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
    expect(within(stateItem()).getByText('27 - Maharashtra')).toBeInTheDocument();
    expect(await within(itemOf('GSTIN')).findByText(/PAN AAPFU0939F/)).toBeInTheDocument();
  });

  it('applies the PIN rule: six digits, not starting with 0', async () => {
    const { user } = renderForm();
    const pin = field('PIN code');
    await user.type(pin, '012345');
    await user.tab();
    const message = 'PIN code must be 6 digits and cannot start with 0';
    expect(await within(itemOf('PIN code')).findByText(message)).toBeInTheDocument();

    await user.clear(pin);
    await user.click(pin);
    await user.paste('400 053');
    expect(pin).toHaveValue('400053');
    await waitFor(() => expect(within(itemOf('PIN code')).queryByText(message)).not.toBeInTheDocument());
  });

  it('checks the phone is a 10-digit Indian mobile and takes a pasted +91 number', async () => {
    const { user } = renderForm();
    const phone = field('Phone');
    await user.type(phone, '12345');
    await user.tab();
    expect(await screen.findByText('Enter a 10-digit Indian mobile number')).toBeInTheDocument();
    await user.clear(phone);
    await user.click(phone);
    await user.paste('+91 98765 43210');
    expect(phone).toHaveValue('9876543210');
    await waitFor(() => expect(screen.queryByText('Enter a 10-digit Indian mobile number')).not.toBeInTheDocument());
  });

  it('submits on Enter and names every missing required field without calling the API', async () => {
    const create = jest.spyOn(branchApi, 'create');
    const { user } = renderForm();
    await user.type(field('Branch name'), '{Enter}');
    expect(await within(itemOf('Branch name')).findByText('Branch name is required')).toBeInTheDocument();
    expect(within(itemOf('Street')).getByText('Street is required')).toBeInTheDocument();
    expect(within(itemOf('City')).getByText('City is required')).toBeInTheDocument();
    expect(within(stateItem()).getByText('Choose a valid state')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("refuses a GSTIN of another state than the branch's", async () => {
    const create = jest.spyOn(branchApi, 'create');
    const { user } = renderForm();
    await fillValid(user);
    // The user picks Karnataka after the GSTIN (27, Maharashtra) filled the state in.
    await user.type(within(stateItem()).getByRole('combobox'), 'Karna');
    await user.click(await screen.findByTitle('29 - Karnataka'));
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(
      await within(itemOf('GSTIN')).findByText("GSTIN starts with 27, which does not match the branch's state"),
    ).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates the branch with clean values and reports success', async () => {
    const saved = makeBranch({ name: 'Thane Store' });
    const create = jest.spyOn(branchApi, 'create').mockResolvedValue(saved);
    const { user, onSaved } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(create).toHaveBeenCalledWith({
      name: 'Thane Store',
      gstin: '27AAPFU0939F1ZV',
      registrationType: 'REGULAR',
      address: { street: 'Shop 2, Gokhale Road', city: 'Thane', stateCode: '27', pin: '400602' },
      isDefault: false,
    });
    expect(await screen.findByText('Thane Store created')).toBeInTheDocument();
  });

  it('asks how a GSTIN is registered before saving, and asks nothing without one', async () => {
    const create = jest.spyOn(branchApi, 'create').mockResolvedValue(makeBranch({ name: 'Thane Store' }));
    const { user } = renderForm();
    expect(screen.queryByText('Registered as')).not.toBeInTheDocument();
    await enter(user, 'Branch name', 'Thane Store');
    await enter(user, 'GSTIN', '27aapfu0939f1zv');
    await enter(user, 'Street', 'Shop 2, Gokhale Road');
    await enter(user, 'City', 'Thane');
    await enter(user, 'PIN code', '400602');
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(await screen.findByText('Say how this GSTIN is registered: REGULAR or COMPOSITION')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Composition (bills of supply)' }));
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ registrationType: 'COMPOSITION' })));
  });

  it('shows a server error that names a field at that field', async () => {
    jest
      .spyOn(branchApi, 'create')
      .mockRejectedValue(new ApiError({ status: 409, message: 'A branch with this name already exists', field: 'name' }));
    const { user, onSaved } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(await within(itemOf('Branch name')).findByText('A branch with this name already exists')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows a server error on an address field at that field', async () => {
    jest
      .spyOn(branchApi, 'create')
      .mockRejectedValue(new ApiError({ status: 400, message: 'PIN code is not in Maharashtra', field: 'address.pin' }));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(await within(itemOf('PIN code')).findByText('PIN code is not in Maharashtra')).toBeInTheDocument();
  });

  it('shows any other server error as a message and keeps the form', async () => {
    jest.spyOn(branchApi, 'create').mockRejectedValue(new ApiError({ status: 500, message: 'Database is busy' }));
    const { user, onSaved } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    expect(await screen.findByText('Database is busy')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    expect(field('Branch name')).toHaveValue('  Thane Store ');
  });

  it('disables saving while the request is in flight', async () => {
    let finish: (b: ReturnType<typeof makeBranch>) => void = () => undefined;
    jest.spyOn(branchApi, 'create').mockReturnValue(new Promise((r) => (finish = r)));
    const { user } = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Create branch' }));
    const save = screen.getByRole('button', { name: /Create branch/ });
    await waitFor(() => expect(save).toHaveClass('ant-btn-loading'));
    expect(field('Branch name')).toBeDisabled();
    await act(async () => finish(makeBranch({ name: 'Thane Store' })));
  });

  it('edits a branch: prefilled, sends an update, and refreshes the active branch in the session', async () => {
    const branch = makeBranch({
      name: 'Pune Godown',
      phone: '9822012345',
      address: { street: 'Plot 18, Bhosari MIDC', city: 'Pune', stateCode: '27', pin: '411026' },
    });
    signIn(branch);
    const renamed = { ...branch, name: 'Pune Warehouse' };
    const update = jest.spyOn(branchApi, 'update').mockResolvedValue(renamed);
    const { user, onSaved } = renderForm({ branch });
    expect(field('Branch name')).toHaveValue('Pune Godown');
    expect(field('Phone')).toHaveValue('9822012345');
    expect(field('PIN code')).toHaveValue('411026');
    expect(within(stateItem()).getByText('27 - Maharashtra')).toBeInTheDocument();

    await user.clear(field('Branch name'));
    await user.type(field('Branch name'), 'Pune Warehouse{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(renamed));
    expect(update).toHaveBeenCalledWith(branch.id, expect.objectContaining({ name: 'Pune Warehouse', phone: '9822012345' }));
    expect(getSession().activeStoreBranch?.name).toBe('Pune Warehouse');
  });
});

describe('formPathOf', () => {
  it('maps the field a server names to the form field', () => {
    expect(formPathOf('gstin')).toEqual(['gstin']);
    expect(formPathOf('address.pin')).toEqual(['address', 'pin']);
    expect(formPathOf('pin')).toEqual(['address', 'pin']);
    expect(formPathOf('state')).toEqual(['address', 'stateCode']);
    expect(formPathOf('businessId')).toBeNull();
    expect(formPathOf(undefined)).toBeNull();
  });
});
