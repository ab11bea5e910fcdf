import { act, screen, within } from '@testing-library/react';
import { ApiError, auditApi, partyApi } from '@bahi/shared';
import { PartyDetailPage } from './detail';
import { makeAddress, makeParty } from '../../test/fixtures';
import { renderScreen, resetAppState, setupUser, signIn, testUser } from '@bahi/shared/testing';
const both = makeAddress('BOTH', { ad: '12 MG Road, Camp', st: 'Maharashtra', pin: '411001', stateCode: '27' });
const full = makeParty({
  name: 'Mehta Hardware',
  partyType: 'CUSTOMER',
  mobileNumber: '9822012345',
  email: 'accounts@mehta.in',
  partyCatagory: { id: '7a2c1b9e-1a2b-4c3d-8e9f-0000000000c1', catagory: 'Wholesale' },
  openingBalance: '150000.50',
  balance: '2360.50',
  gstin: '27AAPFU0939F1ZV',
  panNumber: 'AAPFU0939F',
  creditPeriod: 30,
  creditLimit: '50000.00',
  billingAddress: both,
  shippingAddress: both,
});
/** A party with nothing but its name and type. */
const bare = makeParty({ name: 'Walk-in Customer', partyType: 'SUPPLIER' });

const renderDetail = (id: string) => renderScreen(<PartyDetailPage />, { path: '/party/:id', route: `/party/${id}` });
/** The value shown beside a label. */
const valueOf = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;
const labels = () => screen.getAllByRole('term').map((dt) => dt.textContent);

afterEach(() => jest.restoreAllMocks());

describe('PartyDetailPage (seed §2)', () => {
  it("shows 'Loading...' while the party loads", async () => {
    jest.spyOn(partyApi, 'get').mockReturnValue(new Promise(() => undefined));
    renderDetail(full.id);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
  });

  it('shows the back button, the name as title, Edit party and a single Profile tab', async () => {
    jest.spyOn(partyApi, 'get').mockResolvedValue(full);
    const user = setupUser();
    renderDetail(full.id);
    expect(await screen.findByRole('heading', { name: 'Mehta Hardware' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile']);
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Edit party/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/parties/create-party/${full.id}`);
  });

  it('shows every field in General, Business and Credit Details', async () => {
    jest.spyOn(partyApi, 'get').mockResolvedValue(full);
    renderDetail(full.id);
    await screen.findByRole('heading', { name: 'Mehta Hardware' });
    for (const title of ['General Details', 'Business Details', 'Credit Details']) expect(screen.getByText(title)).toBeInTheDocument();
    // Under the name, what the party owes today (opening balance + sales − payments), not the opening balance.
    expect(screen.getByText(/Balance today/).closest('span')).toHaveTextContent('Balance today: ₹2,360.50 to receive');
    expect(labels()).toEqual([
      'Party Name',
      'Party Type',
      'Mobile Number',
      'Party Category',
      'Email',
      'Opening Balance',
      'GSTIN',
      'PAN Number',
      'Billing & Shipping Address',
      'Credit Period',
      'Credit Limit',
    ]);
    expect(valueOf('Party Name')).toHaveTextContent(/^Mehta Hardware$/);
    expect(valueOf('Party Type')).toHaveTextContent(/^Customer$/);
    expect(valueOf('Mobile Number')).toHaveTextContent(/^\+91 98220 12345$/);
    expect(valueOf('Party Category')).toHaveTextContent(/^Wholesale$/);
    expect(valueOf('Email')).toHaveTextContent(/^accounts@mehta.in$/);
    expect(valueOf('Opening Balance')).toHaveTextContent(/^₹1,50,000.50$/);
    expect(valueOf('GSTIN')).toHaveTextContent(/^27AAPFU0939F1ZV$/);
    expect(valueOf('PAN Number')).toHaveTextContent(/^AAPFU0939F$/);
    expect(valueOf('Billing & Shipping Address')).toHaveTextContent(/^12 MG Road, Camp, Maharashtra, 411001$/);
    expect(valueOf('Credit Period')).toHaveTextContent(/^30 days$/);
    expect(valueOf('Credit Limit')).toHaveTextContent(/^₹50,000.00$/);
  });

  it("shows '-' for every empty value, ₹0 opening balance and 0 credit period", async () => {
    jest.spyOn(partyApi, 'get').mockResolvedValue(bare);
    renderDetail(bare.id);
    await screen.findByRole('heading', { name: 'Walk-in Customer' });
    expect(valueOf('Party Type')).toHaveTextContent(/^Supplier$/);
    for (const label of ['Mobile Number', 'Party Category', 'Email', 'GSTIN', 'PAN Number', 'Credit Limit']) {
      expect(valueOf(label)).toHaveTextContent(/^-$/);
    }
    expect(valueOf('Opening Balance')).toHaveTextContent(/^₹0.00$/);
    expect(valueOf('Credit Period')).toHaveTextContent(/^0 days$/);
    // No addresses: billing and shipping ids are both missing, so they "share" one, and it is '-'.
    expect(valueOf('Billing & Shipping Address')).toHaveTextContent(/^-$/);
  });

  it("shows 'Customer & Supplier' as the type of a party marked both, and what it owes by the balance's sign", async () => {
    const party = makeParty({ name: 'Two Way Traders', partyType: 'BOTH', balance: '-630.00' });
    jest.spyOn(partyApi, 'get').mockResolvedValue(party);
    renderDetail(party.id);
    await screen.findByRole('heading', { name: 'Two Way Traders' });
    expect(valueOf('Party Type')).toHaveTextContent(/^Customer & Supplier$/);
    expect(screen.getByText(/Balance today/).closest('span')).toHaveTextContent('Balance today: ₹630.00 to pay');
  });

  it('shows separate Billing Address and Shipping Address rows when they differ', async () => {
    const party = makeParty({
      name: 'Kaveri Suppliers',
      billingAddress: makeAddress('BILLING', { ad: '4 Residency Road', st: 'Karnataka', pin: '560025' }),
      shippingAddress: makeAddress('SHIPPING', { st: 'Karnataka', pin: '560058' }),
    });
    jest.spyOn(partyApi, 'get').mockResolvedValue(party);
    renderDetail(party.id);
    await screen.findByRole('heading', { name: 'Kaveri Suppliers' });
    expect(screen.queryByText('Billing & Shipping Address')).not.toBeInTheDocument();
    expect(valueOf('Billing Address')).toHaveTextContent(/^4 Residency Road, Karnataka, 560025$/);
    expect(valueOf('Shipping Address')).toHaveTextContent(/^Karnataka, 560058$/);
  });

  it('combines the rows when billing and shipping share an id, whatever the type says', async () => {
    const shared = makeAddress('BILLING', { ad: 'Plot 9', st: 'Gujarat', pin: '380001' });
    const party = makeParty({ name: 'Same Id Traders', billingAddress: shared, shippingAddress: shared });
    jest.spyOn(partyApi, 'get').mockResolvedValue(party);
    renderDetail(party.id);
    await screen.findByRole('heading', { name: 'Same Id Traders' });
    expect(valueOf('Billing & Shipping Address')).toHaveTextContent(/^Plot 9, Gujarat, 380001$/);
    expect(screen.queryByText('Shipping Address', { selector: 'dt' })).not.toBeInTheDocument();
  });

  it('combines the rows when the billing address type is BOTH, even with another shipping id', async () => {
    const party = makeParty({
      name: 'Both Type Traders',
      billingAddress: makeAddress('BOTH', { ad: 'Main Bazar', st: 'Punjab', pin: '143001' }),
      shippingAddress: makeAddress('SHIPPING', { ad: 'Elsewhere' }),
    });
    jest.spyOn(partyApi, 'get').mockResolvedValue(party);
    renderDetail(party.id);
    await screen.findByRole('heading', { name: 'Both Type Traders' });
    expect(valueOf('Billing & Shipping Address')).toHaveTextContent(/^Main Bazar, Punjab, 143001$/);
  });

  it('shows a billing address alone with shipping as - when only billing is known', async () => {
    const party = makeParty({ name: 'Only Billing', billingAddress: makeAddress('BILLING', { pin: '110001' }) });
    jest.spyOn(partyApi, 'get').mockResolvedValue(party);
    renderDetail(party.id);
    await screen.findByRole('heading', { name: 'Only Billing' });
    expect(valueOf('Billing Address')).toHaveTextContent(/^110001$/);
    expect(valueOf('Shipping Address')).toHaveTextContent(/^-$/);
  });

  it("says 'Party not found.' when the server answers 404, and for an id that cannot be a party", async () => {
    jest.spyOn(partyApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Party not found' }));
    const { unmount } = renderDetail(full.id);
    expect(await screen.findByText('Party not found.')).toBeInTheDocument();
    unmount();
    const get = jest.spyOn(partyApi, 'get');
    get.mockClear();
    renderDetail('not-a-party');
    expect(await screen.findByText('Party not found.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it("says 'Error loading party' when loading fails, and Retry loads it", async () => {
    const get = jest
      .spyOn(partyApi, 'get')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Could not reach the server' }))
      .mockResolvedValue(full);
    const user = setupUser();
    renderDetail(full.id);
    const error = await screen.findByText('Error loading party');
    expect(within(error.closest('.ant-result') as HTMLElement).getByText('Could not reach the server')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Mehta Hardware' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(2);
  });

  it("says 'Error loading party' when the answer holds no party", async () => {
    jest.spyOn(partyApi, 'get').mockResolvedValue(undefined as never);
    renderDetail(full.id);
    expect(await screen.findByText('Error loading party')).toBeInTheDocument();
  });

  it('goes back to the party list', async () => {
    jest.spyOn(partyApi, 'get').mockResolvedValue(full);
    const user = setupUser();
    renderDetail(full.id);
    await screen.findByRole('heading', { name: 'Mehta Hardware' });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/parties$/);
  });

  it('shows a History tab to the owner with the party’s edits: who, when and what changed', async () => {
    signIn();
    jest.spyOn(partyApi, 'get').mockResolvedValue(full);
    const events = jest.spyOn(auditApi, 'events').mockResolvedValue({
      success: true,
      data: [
        {
          seq: 7,
          at: '2026-11-20T05:00:00.000Z',
          user: { id: testUser.id, name: 'Ravi Sharma', role: 'OWNER' },
          ip: '203.0.113.9',
          userAgent: null,
          entity: 'party',
          entityId: full.id,
          parentId: null,
          action: 'edit',
          before: { credit_period: 15 },
          after: { credit_period: 30 },
        },
      ],
      meta: { total: 1, page: 1, pageSize: 20 },
    });
    const user = setupUser();
    try {
      renderDetail(full.id);
      await screen.findByRole('heading', { name: 'Mehta Hardware' });
      expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Profile', 'History']);
      await user.click(screen.getByRole('tab', { name: 'History' }));
      expect(await screen.findByText('Edited')).toBeInTheDocument();
      expect(events).toHaveBeenCalledWith({ entityId: full.id, page: 1, pageSize: 20 });
      expect(screen.getByText('20-11-2026 10:30:00')).toBeInTheDocument();
      expect(screen.getByText('Ravi Sharma')).toBeInTheDocument();
    } finally {
      act(() => resetAppState());
    }
  });
});
