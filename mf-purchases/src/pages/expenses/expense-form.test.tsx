import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, expenseApi, gstinCheckChar, indiaToday, partyApi } from '@bahi/shared';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { DISCARD_TITLE, notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';
import { ACCOUNTS, EXPENSE_CATEGORIES, makeExpense, mumbaiBranch } from '../../test/fixtures';
import { ExpenseQuickAdd, gstPreview } from './expense-form';

const [RENT, , ELECTRICITY] = EXPENSE_CATEGORIES;
const SUPPLIER_GSTIN = '27AAECT4321F1Z' + gstinCheckChar('27AAECT4321F1Z');

function renderForm() {
  const onClose = jest.fn();
  renderScreen(<ExpenseQuickAdd open onClose={onClose} />, { path: '/expenses' });
  return onClose;
}
const drawer = () => screen.getByRole('dialog');
const amount = () => within(drawer()).getByRole('textbox', { name: 'Amount' });
async function choose(user: TestUser, label: string, option: string) {
  await user.click(await within(drawer()).findByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}
async function fillBasics(user: TestUser, value = '1500', category = 'Rent') {
  await screen.findByRole('dialog');
  await user.click(amount());
  await user.paste(value);
  await choose(user, 'Category', category);
}

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(expenseApi, 'categories').mockResolvedValue(EXPENSE_CATEGORIES);
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } } as never);
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('ExpenseQuickAdd', () => {
  it('sends an expense without GST, paid in cash from Cash in hand by default', async () => {
    const saved = makeExpense({ amount: '1500.00' });
    const create = jest.spyOn(expenseApi, 'create').mockResolvedValue(saved);
    const user = setupUser();
    const onClose = renderForm();
    await fillBasics(user);
    const paidFrom = within(drawer()).getByRole('combobox', { name: 'Paid from' }).closest('.ant-select');
    await waitFor(() => expect(paidFrom).toHaveTextContent('Cash in hand'));
    expect(within(drawer()).getByText('Balance ₹5,000.00')).toBeInTheDocument();
    await user.click(within(drawer()).getByRole('textbox', { name: 'Notes' }));
    await user.paste('  May rent  ');
    await user.click(within(drawer()).getByRole('button', { name: /Save expense/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toEqual({
      date: indiaToday(),
      categoryId: RENT.id,
      amount: '1500',
      gst: null,
      payment: { mode: 'CASH', accountId: ACCOUNTS[0].id, reference: null },
      partyId: null,
      notes: 'May rent',
    });
    expect(create.mock.calls[0][1]?.idempotencyKey).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(saved));
    expect(notificationTexts().join(' ')).toContain('Expense EXP/26-27/1 of ₹1,500.00 saved');
  });

  it('sends the GST rate, the supplier GSTIN and ITC when GST is on, saving with Ctrl+Enter', async () => {
    const create = jest.spyOn(expenseApi, 'create').mockResolvedValue(makeExpense());
    const user = setupUser();
    renderForm();
    await fillBasics(user, '1180', 'Electricity');
    await user.click(within(drawer()).getByRole('switch', { name: 'GST on this expense' }));
    await choose(user, 'GST rate', '18 %');
    const gstin = await within(drawer()).findByRole('textbox', { name: 'Supplier GSTIN' });
    await user.click(gstin);
    await user.paste(SUPPLIER_GSTIN.toLowerCase());
    // The split the API will make, by the shared engine: a supplier in Maharashtra, so CGST + SGST.
    expect(within(drawer()).getByTestId('gst-preview')).toHaveTextContent('Taxable ₹1,000.00 · CGST ₹90.00 · SGST ₹90.00');
    await user.click(within(drawer()).getByRole('checkbox', { name: 'ITC eligible' }));
    await choose(user, 'Payment mode', 'UPI');
    await waitFor(() => expect(within(drawer()).getByRole('combobox', { name: 'Paid from' }).closest('.ant-select')).toHaveTextContent('HDFC Current'));
    await user.click(amount());
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toMatchObject({
      categoryId: ELECTRICITY.id,
      amount: '1180',
      gst: { rate: '18', supplierGstin: SUPPLIER_GSTIN, itcEligible: false },
      // UPI is paid from the only bank account.
      payment: { mode: 'UPI', accountId: ACCOUNTS[1].id },
    });
  });

  it('checks the fields before sending: amount, category and the GSTIN', async () => {
    const create = jest.spyOn(expenseApi, 'create');
    const user = setupUser();
    renderForm();
    await screen.findByRole('dialog');
    await user.click(within(drawer()).getByRole('switch', { name: 'GST on this expense' }));
    const gstin = await within(drawer()).findByRole('textbox', { name: 'Supplier GSTIN' });
    await user.click(gstin);
    await user.paste('27AAECT4321F1ZZ');
    await user.click(within(drawer()).getByRole('button', { name: /Save expense/ }));
    expect(await within(drawer()).findByText('Category is required')).toBeInTheDocument();
    expect(await within(drawer()).findByText('Amount is required')).toBeInTheDocument();
    expect(within(drawer()).getByText('GST rate is required')).toBeInTheDocument();
    expect(within(drawer()).getByText('GSTIN check character does not match; please re-check the number')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it("shows the API's 409 'not enough cash' at the amount", async () => {
    const refusal = 'Not enough cash: Cash in hand has ₹5000.00, so ₹15000.00 cannot be paid from it. Cash never goes below 0.';
    jest.spyOn(expenseApi, 'create').mockRejectedValue(new ApiError({ status: 409, message: refusal, field: 'amount' }));
    const user = setupUser();
    const onClose = renderForm();
    await fillBasics(user, '15000');
    await user.click(within(drawer()).getByRole('button', { name: /Save expense/ }));
    const error = await within(drawer()).findByText(refusal);
    expect(error.closest('.ant-form-item')).toContainElement(amount());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a 409 naming the payment at the amount too', async () => {
    jest.spyOn(expenseApi, 'create').mockRejectedValue(new ApiError({ status: 409, message: 'Not enough cash', field: 'payment.accountId' }));
    const user = setupUser();
    renderForm();
    await fillBasics(user, '15000');
    await user.click(within(drawer()).getByRole('button', { name: /Save expense/ }));
    expect((await within(drawer()).findByText('Not enough cash')).closest('.ant-form-item')).toContainElement(amount());
  });

  it('creates a category in place and chooses it', async () => {
    const advertising = { id: '5e1d2c3b-4a59-4687-9a1b-0000000000ea', name: 'Advertising', isDefault: false, createdAt: '2026-05-04T06:30:00.000Z' };
    const createCategory = jest
      .spyOn(expenseApi, 'createCategory')
      .mockRejectedValueOnce(new ApiError({ status: 409, message: 'A category named Rent exists', field: 'name' }))
      .mockResolvedValue(advertising);
    const create = jest.spyOn(expenseApi, 'create').mockResolvedValue(makeExpense());
    const user = setupUser();
    renderForm();
    await screen.findByRole('dialog');
    await user.click(amount());
    await user.paste('999');
    await user.click(within(drawer()).getByRole('button', { name: /Add category/ }));
    const name = within(drawer()).getByRole('textbox', { name: 'New category' });
    await user.type(name, 'rent{Enter}');
    expect(await within(drawer()).findByText('A category named Rent exists')).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Advertising');
    await user.click(within(drawer()).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(createCategory).toHaveBeenLastCalledWith({ name: 'Advertising' }));
    await waitFor(() => expect(within(drawer()).getByRole('combobox', { name: 'Category' }).closest('.ant-select')).toHaveTextContent('Advertising'));
    await user.click(within(drawer()).getByRole('button', { name: /Save expense/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0].categoryId).toBe(advertising.id);
  });

  it('uploads the receipt after the expense is created, and refuses another type of file', async () => {
    const saved = makeExpense();
    jest.spyOn(expenseApi, 'create').mockResolvedValue(saved);
    const attach = jest.spyOn(expenseApi, 'attachReceipt').mockResolvedValue({ ...saved, receipt: { fileName: 'rent.png', mimeType: 'image/png', size: 3, url: '' } });
    // The file chooser offers only these types; a file dropped or picked with 'All files' is still checked.
    const user = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never, applyAccept: false });
    renderForm();
    await fillBasics(user);
    // The file input is replaced after each pick.
    const input = () => drawer().querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input(), new File(['GIF89a'], 'rent.gif', { type: 'image/gif' }));
    expect(await within(drawer()).findByText('The receipt must be a PDF, PNG or JPEG file')).toBeInTheDocument();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e])], 'rent.png', { type: 'image/png' });
    await user.upload(input(), png);
    expect(await within(drawer()).findByText('rent.png')).toBeInTheDocument();
    expect(within(drawer()).queryByText('The receipt must be a PDF, PNG or JPEG file')).not.toBeInTheDocument();
    await user.click(within(drawer()).getByRole('button', { name: /Save expense/ }));
    await waitFor(() => expect(attach).toHaveBeenCalledWith(saved.id, png, 'rent.png'));
  });

  it('asks before discarding what was typed', async () => {
    const user = setupUser();
    const onClose = renderForm();
    await screen.findByRole('dialog');
    await user.click(amount());
    await user.paste('250');
    await user.click(within(drawer()).getByRole('button', { name: 'Cancel' }));
    const confirm = (await screen.findByText(DISCARD_TITLE, { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith());
  });
});

describe('gstPreview', () => {
  it('splits tax-included amounts as the API does: IGST for a supplier GSTIN of another state', () => {
    const delhi = '07AABCD1234E1Z' + gstinCheckChar('07AABCD1234E1Z');
    expect(gstPreview('1180', '18', delhi, '27')).toEqual({ supplyType: 'INTER', taxable: 100000, cgst: 0, sgst: 0, igst: 18000 });
    expect(gstPreview('1180', '18', '', '27')).toMatchObject({ supplyType: 'INTRA', cgst: 9000, sgst: 9000, igst: 0 });
    expect(gstPreview('abc', '18', '', '27')).toBeNull();
    expect(gstPreview('1180', undefined, '', '27')).toBeNull();
  });
});
