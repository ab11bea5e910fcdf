import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  IDEMPOTENCY_KEY_HEADER,
  accountApi,
  addDays,
  branchApi,
  indiaToday,
  itemApi,
  partyApi,
  quotationApi,
  saleApi,
  type Item,
  type Party,
} from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import CreateInvoicePage from './invoice';
import CreateQuotationPage from './quotation';
import { renderScreen, setupUser, signIn, testUser, type TestUser } from '@bahi/shared/testing';
import { ACCOUNTS, TAXES, bengaluruParty, cable, cover, makeInvoice, makeQuotation, mumbaiBranch, phone, puneParty } from '../../test/fixtures';

const ITEMS: Item[] = [cable, cover, phone];
const PARTIES: Party[] = [bengaluruParty, puneParty];

function mockReferenceData() {
  jest.spyOn(itemApi, 'list').mockResolvedValue({ success: true, data: ITEMS, meta: { total: ITEMS.length, page: 1, pageSize: 20 } });
  jest.spyOn(itemApi, 'taxes').mockResolvedValue(TAXES);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: PARTIES, meta: { total: 2, page: 1, pageSize: 20 } });
  jest.spyOn(saleApi, 'nextNumber').mockResolvedValue({ number: 'MUM/26-27/43', financialYear: '2026-27' });
  jest.spyOn(branchApi, 'documentSettings').mockResolvedValue({ futureDatedDays: 0 });
}

/** The invoice date picker's cell of `date` ('YYYY-MM-DD'), its calendar opened on that date's month. */
async function dateCell(user: TestUser, date: string) {
  const input = screen.getByLabelText('Invoice date');
  await user.click(input);
  await user.clear(input);
  await user.paste(date.split('-').reverse().join('/'));
  return document.querySelector(`td[title="${date}"]`);
}

const renderInvoice = (route = '/sales/create-invoice') =>
  renderScreen(<CreateInvoicePage />, { path: '/sales/create-invoice', route });

/** antd's select reads the legacy `which` of a key, which user-event leaves out in jsdom. */
const pressEnter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });

/** Types into the item search and picks the first match with Enter, as a keyboard user does. */
async function addItem(user: TestUser, text: string, name: string) {
  const search = screen.getByRole('combobox', { name: 'Add item' });
  await user.click(search);
  // One input event rather than a render per key: what is tested here is the search, not typing.
  await user.paste(text);
  await screen.findByTitle(name);
  pressEnter(search);
}

async function pickParty(user: TestUser, text: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Customer' }));
  await user.paste(text);
  await user.click(await screen.findByTitle(name));
}

const totals = () => within(screen.getByRole('region', { name: 'Totals' }));

beforeEach(() => {
  signIn(mumbaiBranch);
  mockReferenceData();
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('create invoice', () => {
  it('bills a walk-in customer by keyboard, with the totals of the engine', async () => {
    const user = setupUser();
    renderInvoice();
    expect(await screen.findByTestId('number-preview')).toHaveTextContent('MUM/26-27/43');
    expect(screen.getByTestId('pos-reason')).toHaveTextContent("walk-in sale: the branch's state");

    await addItem(user, 'cable', 'USB-C Cable');
    const quantity = screen.getByRole('textbox', { name: 'Quantity, line 1' });
    await waitFor(() => expect(quantity).toHaveFocus());
    await user.keyboard('2{Enter}');
    expect(screen.getByRole('combobox', { name: 'Add item' })).toHaveFocus();
    await addItem(user, 'cvr', 'Phone Cover');

    // 2 × 62.51 at 18 % + 1 × 52.50 at 12 % with tax: taxable 125.02 + 46.88, CGST 11.25 + 2.81.
    expect(totals().getByTestId('total-taxable')).toHaveTextContent('₹171.90');
    expect(totals().getByTestId('total-cgst')).toHaveTextContent('₹14.06');
    expect(totals().getByTestId('total-sgst')).toHaveTextContent('₹14.06');
    expect(totals().getByTestId('total-round-off')).toHaveTextContent('-₹0.02');
    expect(totals().getByTestId('total-grand')).toHaveTextContent('₹200.00');
    expect(totals().getByTestId('total-words')).toHaveTextContent('Rupees Two Hundred Only');
  });

  it('saves with Ctrl+Enter: the lines, the place of supply, the payment in full and an Idempotency-Key', async () => {
    const saved = makeInvoice({}, null);
    const create = jest.spyOn(saleApi, 'create').mockResolvedValue(saved);
    const user = setupUser();
    renderInvoice();
    await screen.findByTestId('number-preview');
    await addItem(user, 'cable', 'USB-C Cable');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/sales/invoice/${saved.id}`));
    const [body, opts] = create.mock.calls[0];
    expect(body).toMatchObject({
      partyId: null,
      customer: null,
      placeOfSupply: '27',
      lines: [{ itemId: cable.id, quantity: '1', unitPrice: '62.51', priceIncludesTax: false, gstRateId: 'gst-18' }],
      payment: { amount: '74.00', mode: 'CASH', accountId: ACCOUNTS[0].id },
    });
    expect(opts?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(screen.getByText('Invoice MUM/26-27/42 saved')).toBeInTheDocument();
  });

  it('an unregistered seller issues a bill of supply: no GST in the totals, no rate sent', async () => {
    signIn({ ...mumbaiBranch, gstin: null, registrationType: null }, { ...testUser, business: { ...testUser.business, registrationType: 'UNREGISTERED' } });
    const create = jest.spyOn(saleApi, 'create').mockResolvedValue(makeInvoice({}, null));
    const user = setupUser();
    renderInvoice();
    expect(await screen.findByText('Bill of supply — no GST charged (unregistered)')).toBeInTheDocument();
    await addItem(user, 'cable', 'USB-C Cable');
    expect(totals().getByTestId('total-taxable')).toHaveTextContent('₹62.51');
    expect(totals().getByTestId('total-cgst')).toHaveTextContent('₹0.00');
    expect(totals().getByTestId('total-grand')).toHaveTextContent('₹63.00');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].lines).toEqual([expect.objectContaining({ itemId: cable.id, gstRateId: null })]);
  });

  it('takes a discount on the whole bill before tax, and sends it', async () => {
    const create = jest.spyOn(saleApi, 'create').mockResolvedValue(makeInvoice({}, null));
    const user = setupUser();
    renderInvoice();
    await screen.findByTestId('number-preview');
    await addItem(user, 'cable', 'USB-C Cable');
    await user.click(screen.getByRole('textbox', { name: 'Discount on the bill (before tax)' }));
    await user.paste('2.51');
    // 62.51 − 2.51 = 60.00 taxable; CGST and SGST 5.40 each.
    expect(totals().getByTestId('total-taxable')).toHaveTextContent('₹60.00');
    expect(totals().getByTestId('total-cgst')).toHaveTextContent('₹5.40');
    expect(totals().getByTestId('total-grand')).toHaveTextContent('₹71.00');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ discount: { amount: '2.51' }, payment: { amount: '71.00' } });
  });

  it("bills a party of another state with IGST, says why, and lets the place of supply be changed", async () => {
    const user = setupUser();
    renderInvoice();
    await pickParty(user, 'beng', 'Bengaluru Retail LLP');
    expect(screen.getByTestId('pos-reason')).toHaveTextContent("from the party's address");
    expect(screen.getByRole('combobox', { name: 'Place of supply' }).closest('.ant-select')).toHaveTextContent('29-Karnataka');
    await addItem(user, 'cable', 'USB-C Cable');
    expect(totals().getByTestId('total-igst')).toHaveTextContent('₹11.25');
    expect(totals().queryByTestId('total-cgst')).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Place of supply' }));
    await user.paste('Maharashtra');
    await user.click(await screen.findByTitle('27-Maharashtra'));
    expect(screen.getByTestId('pos-reason')).toHaveTextContent('chosen by you');
    expect(totals().getByTestId('total-cgst')).toHaveTextContent('₹5.63');
  });

  it('warns before the server refuses stock, and asks for serial numbers', async () => {
    const user = setupUser();
    renderInvoice();
    await addItem(user, 'cover', 'Phone Cover');
    await user.keyboard('{Backspace}5');
    expect(screen.getByText('Only 3 NOS in stock at Mumbai Central')).toBeInTheDocument();

    await addItem(user, 'redmi', 'Redmi Note 13');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Pick 1 serial number, one for each unit')).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Serial numbers, line 2' }));
    await user.click(await screen.findByTitle('IMEI222'));
    await user.click(await screen.findByTitle('IMEI333'));
    expect(screen.getByRole('textbox', { name: 'Quantity, line 2' })).toHaveValue('2');
    expect(screen.queryByText(/serial number, one for each/)).not.toBeInTheDocument();
  });

  it("shows the server's field error at the field, and retries with the same Idempotency-Key", async () => {
    const create = jest
      .spyOn(saleApi, 'create')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Could not reach the server. Check your connection and try again.' }))
      .mockRejectedValueOnce(new ApiError({ status: 409, message: 'Only 3 of Phone Cover in stock', field: 'lines.0.quantity' }));
    const user = setupUser();
    renderInvoice();
    await addItem(user, 'cover', 'Phone Cover');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invoice not saved')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Qty: Only 3 of Phone Cover in stock')).toBeInTheDocument();
    expect(create).toHaveBeenCalledTimes(2);
    expect(create.mock.calls[1][1]?.idempotencyKey).toBe(create.mock.calls[0][1]?.idempotencyKey);
    expect(IDEMPOTENCY_KEY_HEADER).toBe('Idempotency-Key');
  });

  it('adds a party in place and bills it', async () => {
    const created = { ...puneParty, id: '5e1d2c3b-4a59-4687-9a1b-0000000000f1', name: 'Nashik Stores' };
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(created);
    const user = setupUser();
    renderInvoice();
    await user.click(screen.getByRole('combobox', { name: 'Customer' }));
    await user.paste('Nashik Stores');
    await user.click(await screen.findByTitle('Add party'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Party name' })).toHaveValue('Nashik Stores');
    await user.click(within(dialog).getByRole('textbox', { name: 'Mobile number' }));
    await user.paste('12');
    await user.click(within(dialog).getByRole('button', { name: 'Add party' }));
    expect(await within(dialog).findByText(/mobile/i, { selector: '.ant-form-item-explain-error' })).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Mobile number' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add party' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Nashik Stores', partyType: 'CUSTOMER' })));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Customer' }).closest('.ant-select')).toHaveTextContent('Nashik Stores'));
  });

  it('opens a quotation as a prefilled invoice that converts it', async () => {
    const quotation = makeQuotation();
    jest.spyOn(quotationApi, 'get').mockResolvedValue(quotation);
    jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: cable });
    const create = jest.spyOn(saleApi, 'create').mockResolvedValue(makeInvoice());
    const user = setupUser();
    renderInvoice(`/sales/create-invoice?fromQuotation=${quotation.id}`);
    expect(await screen.findByText('New invoice from quotation')).toBeInTheDocument();
    // The customer is the quotation's: the invoice that converts it cannot bill another.
    expect(screen.getByRole('combobox', { name: 'Customer' })).toBeDisabled();
    expect(screen.getByText('The quotation’s customer: the invoice that converts it bills the same customer')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveValue('3');
    expect(totals().getByTestId('total-grand')).toHaveTextContent('₹221.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ quotationId: quotation.id, partyId: bengaluruParty.id, placeOfSupply: '29' });
  });

  it('brings a quotation’s discount on the whole bill, not again on its lines', async () => {
    const base = makeQuotation();
    const quotation = { ...base, discount: { percent: null, amount: '10.00' }, lines: base.lines.map((l) => ({ ...l, discount: '10.00', documentDiscount: '10.00' })) };
    jest.spyOn(quotationApi, 'get').mockResolvedValue(quotation);
    jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
    jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: cable });
    const create = jest.spyOn(saleApi, 'create').mockResolvedValue(makeInvoice());
    const user = setupUser();
    renderInvoice(`/sales/create-invoice?fromQuotation=${quotation.id}`);
    expect(await screen.findByText('New invoice from quotation')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Discount on the bill (before tax)' })).toHaveValue('10.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ discount: { amount: '10.00' }, lines: [{ discountAmount: null }] });
  });

  it("says 'Quotation not found.' for a quotation that is not there", async () => {
    jest.spyOn(quotationApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Quotation not found.' }));
    renderInvoice('/sales/create-invoice?fromQuotation=5e1d2c3b-4a59-4687-9a1b-0000000000ff');
    expect(await screen.findByText('Quotation not found.')).toBeInTheDocument();
  });
});

describe('the invoice date', () => {
  it('offers only the days from GST’s start to today by default', async () => {
    const user = setupUser();
    const today = indiaToday();
    renderInvoice();
    await screen.findByTestId('number-preview');
    expect(await dateCell(user, today)).not.toHaveClass('ant-picker-cell-disabled');
    expect(await dateCell(user, addDays(today, 1))).toHaveClass('ant-picker-cell-disabled');
    expect(await dateCell(user, '2017-06-30')).toHaveClass('ant-picker-cell-disabled');
    expect(await dateCell(user, '2017-07-01')).not.toHaveClass('ant-picker-cell-disabled');
  });

  it('offers the days ahead the business allows', async () => {
    jest.spyOn(branchApi, 'documentSettings').mockResolvedValue({ futureDatedDays: 3 });
    const user = setupUser();
    const today = indiaToday();
    renderInvoice();
    await screen.findByTestId('number-preview');
    await waitFor(() => expect(branchApi.documentSettings).toHaveBeenCalled());
    await waitFor(async () => expect(await dateCell(user, addDays(today, 3))).not.toHaveClass('ant-picker-cell-disabled'));
    expect(await dateCell(user, addDays(today, 4))).toHaveClass('ant-picker-cell-disabled');
  });
});

describe('create quotation', () => {
  it('saves a quotation valid for 15 days, without a payment, and Save & new starts a clean one', async () => {
    const saved = makeQuotation();
    const create = jest.spyOn(quotationApi, 'create').mockResolvedValue(saved);
    const user = setupUser();
    renderScreen(<CreateQuotationPage />, { path: '/sales/create-quotation' });
    expect(await screen.findByText('New quotation')).toBeInTheDocument();
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
    await addItem(user, 'cable', 'USB-C Cable');
    await user.click(screen.getByRole('button', { name: 'Save & new' }));
    expect(await screen.findByText('Quotation QT/26-27/7 saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Quantity, line 1' })).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/sales\/create-quotation$/);
    const body = create.mock.calls[0][0];
    expect(body.validUntil).toBe(new Date(Date.parse(`${body.quotationDate}T00:00:00Z`) + 15 * 864e5).toISOString().slice(0, 10));
    expect(body).not.toHaveProperty('payment');
  });
});
