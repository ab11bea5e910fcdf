import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, GSTIN_MESSAGES, INDIAN_STATES, PARTY_LIMITS, partyApi, type Party } from '@bahi/shared';
import { DISCARD_TITLE } from '@bahi/shared/ui';
import { PartyForm, formPathOf } from './party-form';
import { makeAddress, makeParty } from '../test/fixtures';
import { type TestUser, renderScreen, setupUser } from '@bahi/shared/testing';
/** A control by its label; optional fields' labels end in "(optional)". */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' });
/** The antd form item (label, control, error) a labelled control sits in. */
const itemOf = (label: string) => field(label).closest('.ant-form-item') as HTMLElement;
/** A control that appears after a re-render (fields shown by a switch). */
const findField = (label: string) => screen.findByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' });
const saveButton = () => screen.getByRole('button', { name: /Save/ });

const wholesale = { id: '7a2c1b9e-1a2b-4c3d-8e9f-0000000000c1', catagory: 'Wholesale' };

function renderForm(party?: Party) {
  const user = setupUser();
  renderScreen(<PartyForm party={party} />, { path: '/parties/create-party' });
  return user;
}

/**
 * Clicks a field and pastes into it, as a user does. On a loaded machine the form may re-render between finding the
 * field and clicking it, and the click then lands on a node that is gone: the field there now is clicked again, so
 * the text never goes into the field that had the focus before.
 */
async function enter(user: TestUser, label: string, text: string) {
  await waitFor(async () => {
    const input = await findField(label);
    await user.click(input);
    expect(input).toHaveFocus();
  });
  await user.paste(text);
}

async function chooseState(user: TestUser, label: string, name: string) {
  await user.type(field(label), name.slice(0, 5));
  await user.click(await screen.findByTitle(new RegExp(`^${name} \\(`)));
}

beforeEach(() => {
  jest.spyOn(partyApi, 'locations').mockResolvedValue(INDIAN_STATES.map(({ code, name, isUnionTerritory }) => ({ code, name, isUnionTerritory })));
  jest.spyOn(partyApi, 'categories').mockResolvedValue([wholesale]);
});
afterEach(() => jest.restoreAllMocks());

describe('PartyForm', () => {
  it('starts on the party name, as a customer, with shipping the same as billing', async () => {
    renderForm();
    await act(async () => undefined);
    expect(field('Party name')).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Customer' })).toBeChecked();
    expect(screen.getByRole('switch')).toBeChecked();
    expect(screen.queryByLabelText(/^Shipping street/)).not.toBeInTheDocument();
  });

  it('names a missing party name at the field and sends nothing', async () => {
    const create = jest.spyOn(partyApi, 'create');
    const user = renderForm();
    await user.click(saveButton());
    expect(await within(itemOf('Party name')).findByText('Party name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('shows each validation message at its own field', async () => {
    const create = jest.spyOn(partyApi, 'create');
    const user = renderForm();
    await enter(user, 'Party name', 'Checks Ltd');
    await enter(user, 'Mobile number', '12345');
    await enter(user, 'Email', 'not-an-email');
    await enter(user, 'Billing PIN code', '011001');
    await enter(user, 'PAN number', 'ABCDE12345');
    await user.click(saveButton());
    expect(await within(itemOf('Mobile number')).findByText('Enter a 10-digit Indian mobile number')).toBeInTheDocument();
    expect(await within(itemOf('Email')).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(await within(itemOf('Billing PIN code')).findByText('PIN code must be 6 digits and cannot start with 0')).toBeInTheDocument();
    expect(await within(itemOf('PAN number')).findByText('PAN must be 5 letters, 4 digits and a letter, e.g. ABCDE1234F')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('checks a field when the user leaves it, and clears the error as it is fixed', async () => {
    const user = renderForm();
    await user.type(field('Mobile number'), '98765');
    await user.tab();
    expect(await within(itemOf('Mobile number')).findByText('Enter a 10-digit Indian mobile number')).toBeInTheDocument();
    await user.type(field('Mobile number'), '43210');
    await waitFor(() => expect(within(itemOf('Mobile number')).queryByText(/10-digit/)).not.toBeInTheDocument());
  });

  it('rejects a GSTIN whose check character is wrong', async () => {
    const user = renderForm();
    await user.type(field('GSTIN'), '27AAPFU0939F1ZX');
    await user.tab();
    expect(await within(itemOf('GSTIN')).findByText(GSTIN_MESSAGES.checksum)).toBeInTheDocument();
  });

  it('fills the billing state and the PAN from a GSTIN', async () => {
    const user = renderForm();
    await user.type(field('GSTIN'), '27aapfu0939f1zv');
    expect(field('GSTIN')).toHaveValue('27AAPFU0939F1ZV');
    expect(field('PAN number')).toHaveValue('AAPFU0939F');
    expect(within(itemOf('Billing state')).getByText('Maharashtra (27)')).toBeInTheDocument();
    expect(await within(itemOf('GSTIN')).findByText(/Maharashtra \(27\) · PAN AAPFU0939F/)).toBeInTheDocument();
  });

  it('refuses a GSTIN of another state than the billing state, at the GSTIN', async () => {
    const create = jest.spyOn(partyApi, 'create');
    const user = renderForm();
    await enter(user, 'Party name', 'Mismatch Traders');
    await enter(user, 'GSTIN', '27AAPFU0939F1ZV');
    await chooseState(user, 'Billing state', 'Karnataka');
    await user.click(saveButton());
    expect(
      await within(itemOf('GSTIN')).findByText('GSTIN starts with 27 (Maharashtra), which does not match the billing state (Karnataka)'),
    ).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a customer with one address for billing and shipping, then lands on its detail', async () => {
    const saved = makeParty({ name: 'Mehta Hardware' });
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(saved);
    const user = renderForm();
    await enter(user, 'Party name', 'Mehta Hardware');
    await enter(user, 'Mobile number', '+91 98220 12345');
    await enter(user, 'Email', 'accounts@mehta.in');
    await enter(user, 'GSTIN', '27AAPFU0939F1ZV');
    await enter(user, 'Billing street', '12 MG Road, Camp');
    await enter(user, 'Billing PIN code', '411001');
    await enter(user, 'Opening balance', '1500.50');
    await enter(user, 'Credit period', '30');
    await enter(user, 'Credit limit', '50000');
    await user.click(saveButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/party/${saved.id}`));
    expect(create).toHaveBeenCalledWith({
      name: 'Mehta Hardware',
      partyType: 'CUSTOMER',
      mobileNumber: '9822012345',
      email: 'accounts@mehta.in',
      partyCatagory: null,
      openingBalance: '1500.5',
      registrationType: null,
      gstin: '27AAPFU0939F1ZV',
      panNumber: 'AAPFU0939F',
      creditPeriod: '30',
      creditLimit: '50000',
      billingAddress: { type: 'BOTH', miscData: { ad: '12 MG Road, Camp', st: '27', pin: '411001' } },
      shippingAddress: null,
    });
    expect(await screen.findByText('Mehta Hardware created')).toBeInTheDocument();
  });

  it('asks for a separate shipping address when the switch is turned off, and sends both', async () => {
    const saved = makeParty({ name: 'Kaveri Suppliers' });
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(saved);
    const user = renderForm();
    await enter(user, 'Party name', 'Kaveri Suppliers');
    await user.click(screen.getByRole('radio', { name: 'Supplier' }));
    await enter(user, 'Billing street', '4 Residency Road');
    await user.click(screen.getByRole('switch', { name: 'Shipping address same as billing' }));
    await enter(user, 'Shipping street', 'Godown 7, Peenya');
    await findField('Shipping state');
    await chooseState(user, 'Shipping state', 'Karnataka');
    await enter(user, 'Shipping PIN code', '560058');
    await user.click(saveButton());
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({
      partyType: 'SUPPLIER',
      billingAddress: { type: 'BILLING', miscData: { ad: '4 Residency Road', st: null, pin: null } },
      shippingAddress: { type: 'SHIPPING', miscData: { ad: 'Godown 7, Peenya', st: '29', pin: '560058' } },
    });
  });

  it('turning the switch back on hides the shipping fields', async () => {
    const user = renderForm();
    const toggle = screen.getByRole('switch', { name: 'Shipping address same as billing' });
    await user.click(toggle);
    expect(await findField('Shipping street')).toBeInTheDocument();
    await user.click(toggle);
    await waitFor(() => expect(screen.queryByLabelText(/^Shipping street/)).not.toBeInTheDocument());
  });

  it('creates a category in place from the category select and selects it', async () => {
    const retail = { id: '7a2c1b9e-1a2b-4c3d-8e9f-0000000000c2', catagory: 'Retail' };
    const createCategory = jest.spyOn(partyApi, 'createCategory').mockImplementation(async () => {
      jest.spyOn(partyApi, 'categories').mockResolvedValue([retail, wholesale]);
      return retail;
    });
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(makeParty());
    const user = renderForm();
    await enter(user, 'Party name', 'Category Person');
    await user.type(screen.getByRole('combobox', { name: 'Party category' }), 'Retail');
    await user.click(await screen.findByText('Create "Retail"', { exact: false }));
    await waitFor(() => expect(createCategory).toHaveBeenCalledWith({ catagory: 'Retail' }));
    expect(await within(itemOf('Party category')).findByText('Retail')).toBeInTheDocument();
    await user.click(saveButton());
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].partyCatagory).toBe(retail.id);
  });

  it('shows a server error that names a field at that field', async () => {
    jest
      .spyOn(partyApi, 'create')
      .mockRejectedValue(new ApiError({ status: 409, message: 'A party named Mehta Hardware already exists', field: 'name' }));
    const user = renderForm();
    await enter(user, 'Party name', 'Mehta Hardware');
    await user.click(saveButton());
    expect(await within(itemOf('Party name')).findByText('A party named Mehta Hardware already exists')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/parties/create-party');
  });

  it('shows any other server error as a notification and keeps the form', async () => {
    jest.spyOn(partyApi, 'create').mockRejectedValue(new ApiError({ status: 500, message: 'Database is busy' }));
    const user = renderForm();
    await enter(user, 'Party name', 'Busy Day');
    await user.click(saveButton());
    expect(await screen.findByText('Could not create the party')).toBeInTheDocument();
    expect(screen.getByText('Database is busy')).toBeInTheDocument();
    expect(field('Party name')).toHaveValue('Busy Day');
  });

  it('disables Save while saving', async () => {
    let finish: (p: Party) => void = () => undefined;
    jest.spyOn(partyApi, 'create').mockReturnValue(new Promise((r) => (finish = r)));
    const user = renderForm();
    await enter(user, 'Party name', 'Slow Save');
    await user.click(saveButton());
    await waitFor(() => expect(saveButton()).toBeDisabled());
    expect(field('Party name')).toBeDisabled();
    await act(async () => finish(makeParty({ name: 'Slow Save' })));
  });

  it('offers "Customer & Supplier" for a firm the business sells to and buys from, and sends BOTH', async () => {
    const saved = makeParty({ name: 'Two Way Traders', partyType: 'BOTH' });
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(saved);
    const user = renderForm();
    expect(screen.getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual(['Customer', 'Supplier', 'Customer & Supplier']);
    await enter(user, 'Party name', 'Two Way Traders');
    await user.click(screen.getByRole('radio', { name: 'Customer & Supplier' }));
    await user.click(saveButton());
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ name: 'Two Way Traders', partyType: 'BOTH' });
  });

  it('opens a party marked both with "Customer & Supplier" chosen', async () => {
    renderForm(makeParty({ name: 'Two Way Traders', partyType: 'BOTH' }));
    expect(screen.getByRole('radio', { name: 'Customer & Supplier' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Customer' })).not.toBeChecked();
    await act(async () => undefined);
  });

  it('edits a party: every field prefilled, an update sent for its id', async () => {
    const party = makeParty({
      name: 'Kaveri Suppliers',
      partyType: 'SUPPLIER',
      mobileNumber: '9822012345',
      partyCatagory: wholesale,
      openingBalance: '-250.00',
      creditPeriod: 15,
      creditLimit: '20000.00',
      billingAddress: makeAddress('BILLING', { ad: '4 Residency Road', st: 'Karnataka', stateCode: '29', pin: '560025' }),
      shippingAddress: makeAddress('SHIPPING', { ad: 'Godown 7', st: 'Karnataka', stateCode: '29', pin: '560058' }),
    });
    const update = jest.spyOn(partyApi, 'update').mockResolvedValue({ ...party, name: 'Kaveri Supply Co' });
    const user = renderForm(party);
    expect(field('Party name')).toHaveValue('Kaveri Suppliers');
    expect(screen.getByRole('radio', { name: 'Supplier' })).toBeChecked();
    expect(field('Mobile number')).toHaveValue('9822012345');
    expect(field('Opening balance')).toHaveValue('-250.00');
    expect(field('Credit period')).toHaveValue('15');
    expect(await within(itemOf('Party category')).findByText('Wholesale')).toBeInTheDocument();
    expect(screen.getByRole('switch')).not.toBeChecked();
    expect(await findField('Shipping street')).toHaveValue('Godown 7');
    expect(within(itemOf('Billing state')).getByText('Karnataka (29)')).toBeInTheDocument();

    await user.clear(field('Party name'));
    await user.type(field('Party name'), 'Kaveri Supply Co{Enter}');
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0][0]).toBe(party.id);
    expect(update.mock.calls[0][1]).toMatchObject({
      name: 'Kaveri Supply Co',
      partyType: 'SUPPLIER',
      partyCatagory: wholesale.id,
      creditLimit: '20000.00',
      // The stored registration is sent back as it was.
      registrationType: 'UNREGISTERED',
      billingAddress: { type: 'BILLING', miscData: { st: '29', pin: '560025' } },
      shippingAddress: { type: 'SHIPPING', miscData: { ad: 'Godown 7' } },
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/party/${party.id}`));
  });

  it('an SEZ unit needs its GSTIN: refused at the GSTIN until it is given, then sent as SEZ', async () => {
    const saved = makeParty({ name: 'SEEPZ Electronics' });
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(saved);
    const user = renderForm();
    await enter(user, 'Party name', 'SEEPZ Electronics');
    await user.click(screen.getByRole('combobox', { name: /GST registration/ }));
    await user.click(await screen.findByTitle('SEZ unit or developer'));
    await user.click(saveButton());
    expect(await within(itemOf('GSTIN')).findByText('A party registered as SEZ unit or developer needs its GSTIN')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await enter(user, 'GSTIN', '27AAPFU0939F1ZV');
    await user.click(saveButton());
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ registrationType: 'SEZ', gstin: '27AAPFU0939F1ZV' });
  });

  it('an overseas party is in Other Country: another billing state is refused at the state', async () => {
    const create = jest.spyOn(partyApi, 'create');
    const user = renderForm();
    await enter(user, 'Party name', 'Marina Imports');
    await user.click(screen.getByRole('combobox', { name: /GST registration/ }));
    await user.click(await screen.findByTitle('Overseas (export)'));
    await chooseState(user, 'Billing state', 'Karnataka');
    await user.click(saveButton());
    expect(await within(itemOf('Billing state')).findByText(/An overseas party is in Other Country \(96\)/)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});

describe('PartyForm number fields', () => {
  it('take only what the contract accepts: days 0 to the limit, money with two decimals', async () => {
    const user = renderForm();
    expect(field('Credit period')).toHaveAttribute('aria-valuemin', '0');
    expect(field('Credit period')).toHaveAttribute('aria-valuemax', String(PARTY_LIMITS.creditPeriodDays));
    await enter(user, 'Credit period', '99999');
    await enter(user, 'Credit limit', '100.555');
    await user.click(field('Opening balance'));
    expect(field('Credit period')).toHaveValue(String(PARTY_LIMITS.creditPeriodDays));
    expect(field('Credit limit')).toHaveValue('100.56');
    expect(field('Credit limit')).toHaveAttribute('aria-valuemin', '0');
    await user.paste('-250.5');
    await user.tab();
    expect(field('Opening balance')).toHaveValue('-250.50');
  });
});

describe('PartyForm unsaved changes', () => {
  const confirmDialog = () => screen.findByRole('dialog', { name: DISCARD_TITLE });

  it('Cancel leaves at once when nothing was changed', async () => {
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/parties$/);
  });

  it('Cancel with changes asks first: Keep editing stays, Discard changes leaves', async () => {
    const user = renderForm();
    await enter(user, 'Party name', 'Half Done');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/parties/create-party');
    expect(field('Party name')).toHaveValue('Half Done');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/parties$/));
  });

  it('asks before any other navigation away, and before the page is unloaded', async () => {
    const user = setupUser();
    const { router } = renderScreen(<PartyForm />, { path: '/parties/create-party' });
    await enter(user, 'Party name', 'Half Done');
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(true);

    await act(() => router.navigate('/items'));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/parties/create-party');
    await act(() => router.navigate('/items'));
    await user.click(within(await confirmDialog()).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/items'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('saves with Ctrl+Enter or Ctrl+S from any field, and leaves for the saved party without asking', async () => {
    const saved = makeParty({ name: 'Quick Keys' });
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(saved);
    const user = renderForm();
    await enter(user, 'Party name', 'Quick Keys');
    await user.click(field('Email'));
    fireEvent.keyDown(field('Email'), { key: 's', ctrlKey: true });
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/party/${saved.id}`));
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument();
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('Ctrl+Enter in a field submits too', async () => {
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(makeParty());
    const user = renderForm();
    await enter(user, 'Party name', 'Enter Traders');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
  });
});

describe('formPathOf', () => {
  it('maps API and schema paths to form fields', () => {
    expect(formPathOf('gstin')).toEqual(['gstin']);
    expect(formPathOf('billingAddress.miscData.pin')).toEqual(['billing', 'pin']);
    expect(formPathOf(['shippingAddress', 'miscData', 'st'])).toEqual(['shipping', 'stateCode']);
    expect(formPathOf('partyCatagory')).toEqual(['categoryId']);
    expect(formPathOf('businessId')).toBeNull();
    expect(formPathOf(undefined)).toBeNull();
  });
});
