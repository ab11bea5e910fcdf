import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  accountApi,
  computeDocument,
  fromPaise,
  formatRupees,
  itemApi,
  partyApi,
  purchaseApi,
  type GstLineInput,
  type SupplyType,
} from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';
import { ACCOUNTS, TAXES, delhiSupplier, makePurchase, mouse, mumbaiBranch, sleeve, thaneSupplier } from '../../test/fixtures';
import { CreatePurchasePage } from './purchase-page';

function mockReferenceData() {
  jest.spyOn(itemApi, 'list').mockResolvedValue({ success: true, data: [mouse, sleeve], meta: { total: 2, page: 1, pageSize: 20 } });
  jest.spyOn(itemApi, 'taxes').mockResolvedValue(TAXES);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(purchaseApi, 'nextReferenceNumber').mockResolvedValue({ number: 'PUR/26-27/15', financialYear: '2026-27' });
  jest
    .spyOn(partyApi, 'list')
    .mockResolvedValue({ success: true, data: [delhiSupplier, thaneSupplier], meta: { total: 2, page: 1, pageSize: 20 } });
}

const renderCreate = () =>
  renderScreen(<CreatePurchasePage />, { path: '/purchase/create-invoice', route: '/purchase/create-invoice', routes: [{ path: '/purchases', element: <p>Purchases</p> }] });

/** antd's select reads the legacy `which` of a key, which user-event leaves out in jsdom. */
const pressEnter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });

async function pickSupplier(user: TestUser, text: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
  await user.paste(text);
  await user.click(await screen.findByTitle(name));
}

/** Types into the item search and picks the first match with Enter, as a keyboard user does. */
async function addItem(user: TestUser, text: string, name: string) {
  const search = screen.getByRole('combobox', { name: 'Add item' });
  await user.click(search);
  await user.paste(text);
  await screen.findByTitle(name);
  pressEnter(search);
}

/** The supplier, their bill number typed and Enter (to the item search), one item and its quantity by keyboard. */
async function enterBill(user: TestUser, supplier: { text: string; name: string }, item: { text: string; name: string }, quantity: string) {
  await pickSupplier(user, supplier.text, supplier.name);
  const billNo = screen.getByRole('textbox', { name: "Supplier's bill no." });
  await waitFor(() => expect(billNo).toHaveFocus());
  await user.paste('DE/2291');
  pressEnter(billNo);
  await waitFor(() => expect(screen.getByRole('combobox', { name: 'Add item' })).toHaveFocus());
  await addItem(user, item.text, item.name);
  const qty = screen.getByRole('textbox', { name: 'Quantity, line 1' });
  await waitFor(() => expect(qty).toHaveFocus());
  await user.keyboard(`${quantity}{Enter}`);
}

/** What the engine says of one line, formatted as the screen shows it. */
function engine(line: GstLineInput, supplyType: SupplyType, reverseCharge = false) {
  const t = computeDocument({ supplyType, roundOff: true, reverseCharge, lines: [line] }).totals;
  const r = (p: number | undefined) => formatRupees(fromPaise(p ?? 0));
  return { taxable: r(t.taxableValue), igst: r(t.igst), cgst: r(t.cgst), sgst: r(t.sgst), grand: r(t.grandTotal), rcm: r(t.reverseChargeTax) };
}
const mouseLine = (quantity: string): GstLineInput => ({ quantity, unitPrice: '450.00', priceIncludesTax: false, gstRate: '18', cessRate: '0' });
const totals = () => within(screen.getByRole('region', { name: 'Totals' }));

beforeEach(() => {
  signIn(mumbaiBranch);
  mockReferenceData();
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('create purchase', () => {
  it('shows our reference the bill will get, whole, for the branch and the bill date', async () => {
    const next = jest.spyOn(purchaseApi, 'nextReferenceNumber');
    renderCreate();
    await waitFor(() => expect(screen.getByTestId('number-preview')).toHaveTextContent(/^PUR\/26-27\/15$/));
    expect(next).toHaveBeenCalledWith({ branchId: mumbaiBranch.id, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(screen.getByTestId('number-preview').textContent).not.toContain('…');
  });

  it('enters a bill from an out-of-state supplier by keyboard: IGST as the engine computes it, and saves it', async () => {
    const saved = makePurchase();
    const create = jest.spyOn(purchaseApi, 'create').mockResolvedValue(saved);
    const user = setupUser();
    renderCreate();
    await enterBill(user, { text: 'delhi', name: delhiSupplier.name }, { text: 'mouse', name: 'Wireless Mouse' }, '10');
    expect(screen.getByRole('combobox', { name: 'Add item' })).toHaveFocus();

    const want = engine(mouseLine('10'), 'INTER');
    expect(want).toMatchObject({ taxable: '₹4,500.00', igst: '₹810.00', grand: '₹5,310.00' });
    expect(screen.getByTestId('supply-type')).toHaveTextContent('Inter-state: IGST');
    expect(screen.getByRole('textbox', { name: 'Price, line 1' })).toHaveValue('450.00');
    expect(totals().getByTestId('total-taxable')).toHaveTextContent(want.taxable);
    expect(totals().getByTestId('total-igst')).toHaveTextContent(want.igst);
    expect(totals().queryByTestId('total-cgst')).toBeNull();
    expect(totals().getByTestId('total-grand')).toHaveTextContent(want.grand);
    expect(screen.getByTestId('total-itc')).toHaveTextContent('₹810.00');

    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/purchases/invoice/${saved.id}`));
    const [body, opts] = create.mock.calls[0];
    expect(body).toMatchObject({
      partyId: delhiSupplier.id,
      billNumber: 'DE/2291',
      placeOfSupply: '27',
      reverseCharge: false,
      lines: [{ itemId: mouse.id, quantity: '10', unitPrice: '450.00', priceIncludesTax: false, gstRateId: 'gst-18', itcEligible: true }],
      payment: null,
    });
    expect(opts?.idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(screen.getByText('Purchase PUR/26-27/15 saved (bill DE/2291)')).toBeInTheDocument();
  });

  it('splits CGST and SGST for a supplier in the same state, price with tax, and leaves out a line marked not ITC', async () => {
    const create = jest.spyOn(purchaseApi, 'create').mockResolvedValue(makePurchase({}, thaneSupplier));
    const user = setupUser();
    renderCreate();
    await enterBill(user, { text: 'thane', name: thaneSupplier.name }, { text: 'sleeve', name: 'Laptop Sleeve' }, '3');

    const want = engine({ quantity: '3', unitPrice: '112.00', priceIncludesTax: true, gstRate: '12', cessRate: '0' }, 'INTRA');
    expect(screen.getByTestId('supply-type')).toHaveTextContent('Intra-state: CGST + SGST');
    expect(totals().getByTestId('total-taxable')).toHaveTextContent(want.taxable);
    expect(totals().getByTestId('total-cgst')).toHaveTextContent(want.cgst);
    expect(totals().getByTestId('total-sgst')).toHaveTextContent(want.sgst);
    expect(totals().queryByTestId('total-igst')).toBeNull();
    expect(totals().getByTestId('total-grand')).toHaveTextContent(want.grand);
    // 3 × 112 with 12 % included: taxable 300.00, 18.00 + 18.00 of tax.
    expect(want).toMatchObject({ taxable: '₹300.00', cgst: '₹18.00', sgst: '₹18.00', grand: '₹336.00' });
    expect(screen.getByTestId('total-itc')).toHaveTextContent('₹36.00');

    await user.click(screen.getByRole('checkbox', { name: 'ITC eligible, line 1' }));
    expect(screen.getByTestId('total-itc')).toHaveTextContent('₹0.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].lines[0]).toMatchObject({ priceIncludesTax: true, itcEligible: false });
  });

  it('shows reverse charge: the tax is yours to pay and the supplier is owed the taxable value', async () => {
    const create = jest.spyOn(purchaseApi, 'create').mockResolvedValue(makePurchase({ reverseCharge: true }));
    const user = setupUser();
    renderCreate();
    await enterBill(user, { text: 'delhi', name: delhiSupplier.name }, { text: 'mouse', name: 'Wireless Mouse' }, '10');
    expect(totals().queryByTestId('total-reverse-charge')).toBeNull();

    await user.click(screen.getByRole('switch', { name: 'Reverse charge' }));
    const want = engine(mouseLine('10'), 'INTER', true);
    expect(want).toMatchObject({ grand: '₹4,500.00', rcm: '₹810.00' });
    expect(screen.getByText('The supplier charges no GST: you pay it to the government')).toBeInTheDocument();
    expect(totals().getByTestId('total-reverse-charge')).toHaveTextContent(want.rcm);
    expect(totals().getByTestId('total-grand')).toHaveTextContent(want.grand);
    expect(screen.getByTestId('supply-type')).toHaveTextContent('reverse charge');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ reverseCharge: true });
  });

  it('takes a discount on the whole bill before tax, and sends it', async () => {
    const create = jest.spyOn(purchaseApi, 'create').mockResolvedValue(makePurchase());
    const user = setupUser();
    renderCreate();
    await enterBill(user, { text: 'delhi', name: delhiSupplier.name }, { text: 'mouse', name: 'Wireless Mouse' }, '10');
    await user.click(screen.getByRole('textbox', { name: 'Discount on the bill (before tax)' }));
    await user.paste('450');
    // 10 × 450.00 less 450.00: taxable 4,050.00, IGST 18 % 729.00.
    expect(totals().getByTestId('total-taxable')).toHaveTextContent('₹4,050.00');
    expect(totals().getByTestId('total-igst')).toHaveTextContent('₹729.00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0]).toMatchObject({ discount: { amount: '450' } });
  });

  it("shows the API's 409 for a bill number already entered on the bill number field", async () => {
    const message = `Bill DE/2291 of ${delhiSupplier.name} is already entered for 2026-27`;
    const create = jest.spyOn(purchaseApi, 'create').mockRejectedValue(new ApiError({ status: 409, message, field: 'billNumber' }));
    const user = setupUser();
    renderCreate();
    await enterBill(user, { text: 'delhi', name: delhiSupplier.name }, { text: 'mouse', name: 'Wireless Mouse' }, '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const billNo = screen.getByRole('textbox', { name: "Supplier's bill no." });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(billNo.closest('.ant-form-item')).toHaveTextContent(message);
    await waitFor(() => expect(billNo).toHaveFocus());
    expect(screen.getByTestId('location')).toHaveTextContent('/purchase/create-invoice');
  });

  it('asks for the supplier and the bill number before sending anything', async () => {
    const create = jest.spyOn(purchaseApi, 'create');
    const user = setupUser();
    renderCreate();
    await addItem(user, 'mouse', 'Wireless Mouse');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the supplier')).toBeInTheDocument();
    expect(screen.getByText('Bill number is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('adds a supplier in place, moving on to their bill number', async () => {
    const created = { ...thaneSupplier, id: '5e1d2c3b-4a59-4687-9a1b-0000000000f2', name: 'Nagpur Distributors' };
    const create = jest.spyOn(partyApi, 'create').mockResolvedValue(created);
    const user = setupUser();
    renderCreate();
    await user.click(screen.getByRole('combobox', { name: 'Supplier' }));
    await user.paste('Nagpur Distributors');
    await user.click(await screen.findByTitle('Add party'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('textbox', { name: 'Party name' })).toHaveValue('Nagpur Distributors');
    await user.click(within(dialog).getByRole('button', { name: 'Add party' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(expect.objectContaining({ name: 'Nagpur Distributors', partyType: 'SUPPLIER' })));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Supplier' }).closest('.ant-select')).toHaveTextContent('Nagpur Distributors'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: "Supplier's bill no." })).toHaveFocus());
  });

  it('asks before leaving with unsaved lines', async () => {
    const user = setupUser();
    renderCreate();
    await addItem(user, 'mouse', 'Wireless Mouse');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Discard');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/purchase/create-invoice');
    expect(screen.getByText('Wireless Mouse', { selector: 'div' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/purchases$/));
  });

  it("uploads the supplier's bill dropped on the form once the bill is created, and refuses other files", async () => {
    const saved = makePurchase();
    const calls: string[] = [];
    jest.spyOn(purchaseApi, 'create').mockImplementation(async () => {
      calls.push('create');
      return saved;
    });
    const attach = jest.spyOn(purchaseApi, 'attachBill').mockImplementation(async () => {
      calls.push('attach');
      return { ...saved, attachment: null };
    });
    const user = setupUser();
    const { container } = renderCreate();
    await enterBill(user, { text: 'delhi', name: delhiSupplier.name }, { text: 'mouse', name: 'Wireless Mouse' }, '10');

    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
    // Past the file dialog's own filter (a drop has none).
    fireEvent.change(input(), { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Attach the bill as a PDF, PNG or JPEG file.')).toBeInTheDocument();
    const pdf = new File(['%PDF-1.4 bill'], 'DE-2291.pdf', { type: 'application/pdf' });
    await user.upload(input(), pdf);
    expect(await screen.findByTestId('attachment-chosen')).toHaveTextContent('DE-2291.pdf');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`/purchases/invoice/${saved.id}`));
    expect(calls).toEqual(['create', 'attach']);
    expect(attach).toHaveBeenCalledWith(saved.id, pdf, 'DE-2291.pdf');
  });
});
