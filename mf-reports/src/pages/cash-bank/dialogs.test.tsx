import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, IFSC_MESSAGE, accountApi, indiaToday, partyApi, paymentApi, saleApi, type PartyPayment } from '@bahi/shared';
import { DISCARD_TITLE, notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';
import CashBankPage from './page';
import { ACCOUNTS, cash, hdfc, makeAccount, makeParty, makeSaleSummary, page } from '../../test/fixtures';

const renderPage = () => renderScreen(<CashBankPage />, { path: '/cash-bank' });

async function open(user: TestUser, button: string | RegExp) {
  await screen.findByRole('table', { name: 'Accounts' });
  await user.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}
async function choose(user: TestUser, within_: HTMLElement, label: string, option: string) {
  await user.click(within(within_).getByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}
async function typeInto(user: TestUser, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
/** The form item around a field: where its error shows. */
const itemOf = (field: HTMLElement) => field.closest('.ant-form-item') as HTMLElement;

beforeEach(() => {
  signIn();
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(accountApi, 'transactions').mockResolvedValue(page([]));
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('Add bank account', () => {
  it('checks the IFSC before sending, then adds the account', async () => {
    const added = makeAccount({ displayName: 'ICICI Savings', accountNumber: 'XXXX5678', ifsc: 'ICIC0001234' });
    const add = jest.spyOn(accountApi, 'addBankAccount').mockResolvedValue(added);
    const user = setupUser();
    renderPage();
    const dialog = await open(user, /Add bank account/);
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Account name' }), 'ICICI Savings');
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Bank name' }), 'ICICI Bank');
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Account number' }), '123456785678');
    const ifsc = within(dialog).getByRole('textbox', { name: 'IFSC' });
    await typeInto(user, ifsc, 'icic1234');
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    expect(await within(itemOf(ifsc)).findByText(IFSC_MESSAGE)).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();

    await user.clear(ifsc);
    await user.paste('icic0001234');
    expect(ifsc).toHaveValue('ICIC0001234');
    expect(within(itemOf(ifsc)).queryByText(IFSC_MESSAGE)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(1));
    expect(add.mock.calls[0][0]).toMatchObject({
      displayName: 'ICICI Savings',
      bankName: 'ICICI Bank',
      accountNumber: '123456785678',
      ifsc: 'ICIC0001234',
      upiId: '',
      asOfDate: indiaToday(),
    });
    await waitFor(() => expect(notificationTexts()).toContain('ICICI Savings added'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Deposit', () => {
  it("moves cash into a bank, and shows the API's 409 (cash would go below zero) at the amount", async () => {
    const message = 'Not enough cash: Cash in hand has ₹5000.00, so ₹6000.00 cannot be paid from it. Cash never goes below 0.';
    const transfer = jest.spyOn(accountApi, 'transfer').mockRejectedValue(new ApiError({ status: 409, message, field: 'amount' }));
    const user = setupUser();
    renderPage();
    const dialog = await open(user, 'Deposit');
    expect(within(dialog).getByText('Deposit cash')).toBeInTheDocument();
    expect(within(dialog).getByText('Cash in hand has ₹5,000.00')).toBeInTheDocument();
    await choose(user, dialog, 'To account', 'HDFC Current (XXXX4321)');
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount' });
    // Nothing typed: the amount is required (not "must be a number"), and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(itemOf(amount)).findByText('Amount is required')).toBeInTheDocument();
    expect(transfer).not.toHaveBeenCalled();
    await typeInto(user, amount, '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(1));
    expect(transfer.mock.calls[0][0]).toEqual({ fromAccountId: cash.id, toAccountId: hdfc.id, amount: '6000', date: indiaToday(), note: '' });
    expect(await within(itemOf(amount)).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(notificationTexts()).toEqual([]);

    // Fixed and sent again: a new body, so a new Idempotency-Key.
    transfer.mockResolvedValue({ groupId: hdfc.id, type: 'DEPOSIT', transactions: [], from: cash, to: hdfc });
    await user.clear(amount);
    await user.paste('4000');
    expect(within(itemOf(amount)).queryByText(message)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(2));
    expect(transfer.mock.calls[1][0]).toMatchObject({ amount: '4000' });
    expect(transfer.mock.calls[1][1]?.idempotencyKey).not.toBe(transfer.mock.calls[0][1]?.idempotencyKey);
    await waitFor(() => expect(notificationTexts()).toContain('₹4,000.00 moved from Cash in hand to HDFC Current'));
  });
});

describe('Unsaved changes', () => {
  const CONFIRM_TITLE = { selector: '.ant-modal-confirm-title' };
  const confirm = async () => (await screen.findByText(DISCARD_TITLE, CONFIRM_TITLE)).closest('.ant-modal') as HTMLElement;

  it('asks before closing a dialog with something typed in it', async () => {
    const transfer = jest.spyOn(accountApi, 'transfer');
    const user = setupUser();
    renderPage();
    const dialog = await open(user, 'Transfer');
    await typeInto(user, within(dialog).getByRole('spinbutton', { name: 'Amount' }), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await confirm()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByText(DISCARD_TITLE, CONFIRM_TITLE)).not.toBeInTheDocument());
    expect(within(dialog).getByRole('spinbutton', { name: 'Amount' })).toHaveValue('100.00');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await confirm()).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(transfer).not.toHaveBeenCalled();
  });
});

describe('Payment in', () => {
  const party = makeParty({ name: 'Pune Traders', balance: '2100.00' });
  const newest = makeSaleSummary(party, { invoiceNumber: 'MUM/26-27/30', invoiceDate: '2026-05-10', balance: '1000.00' });
  const oldest = makeSaleSummary(party, { invoiceNumber: 'MUM/26-27/11', invoiceDate: '2026-04-15', balance: '800.00' });
  const partPaid = makeSaleSummary(party, { invoiceNumber: 'MUM/26-27/12', invoiceDate: '2026-04-20', status: 'PARTIAL', grandTotal: '500.00', received: '200.00', balance: '300.00' });

  it('previews the allocation to open invoices oldest first, and leaves the allocation to the server', async () => {
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [party], meta: { total: 1, page: 1, pageSize: 20 } });
    const list = jest.spyOn(saleApi, 'list').mockImplementation(async (q = {}) => ({
      success: true as const,
      data: q.status === 'UNPAID' ? [newest, oldest] : [partPaid],
      meta: { total: q.status === 'UNPAID' ? 2 : 1, page: 1, pageSize: 100, grandTotal: '0.00', received: '0.00', balance: '0.00' },
    }));
    const recorded: PartyPayment = {
      id: newest.id, type: 'PAYMENT_IN', partyId: party.id, partyName: 'Pune Traders', amount: '1500.00', mode: 'CASH',
      accountId: cash.id, accountName: 'Cash in hand', date: indiaToday(), reference: null, note: null, allocations: [],
      allocated: '1500.00', advance: '0.00', partyBalance: '600.00', createdAt: '2026-05-11T05:30:00.000Z',
    };
    const pay = jest.spyOn(paymentApi, 'paymentIn').mockResolvedValue(recorded);
    const user = setupUser();
    renderPage();
    const dialog = await open(user, 'Payment in');
    await choose(user, dialog, 'Party', 'Pune Traders');
    await waitFor(() => expect(list).toHaveBeenCalledWith({ partyId: party.id, status: 'PARTIAL', page: 1, pageSize: 100 }));
    expect(within(dialog).getByLabelText('Party balance')).toHaveTextContent('Owes you ₹2,100.00');
    await typeInto(user, within(dialog).getByRole('spinbutton', { name: 'Amount' }), '1500');

    const bills = within(dialog).getByRole('table', { name: 'Open bills' });
    const row = (n: string) => cells(within(bills).getByText(n).closest('tr')!);
    await waitFor(() => expect(row('MUM/26-27/11')).toEqual(['MUM/26-27/11', '15/04/2026', '₹800.00', '₹800.00', '₹0.00']));
    expect(row('MUM/26-27/12')).toEqual(['MUM/26-27/12', '20/04/2026', '₹300.00', '₹300.00', '₹0.00']);
    expect(row('MUM/26-27/30')).toEqual(['MUM/26-27/30', '10/05/2026', '₹1,000.00', '₹400.00', '₹600.00']);
    // Oldest first, top to bottom.
    expect(within(bills).getAllByText(/^MUM\/26-27\//).map((e) => e.textContent)).toEqual(['MUM/26-27/11', 'MUM/26-27/12', 'MUM/26-27/30']);
    expect(within(dialog).getByLabelText('Allocation summary')).toHaveTextContent('Settles ₹1,500.00 · Advance ₹0.00');

    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0][0]).toEqual({
      partyId: party.id, amount: '1500', mode: 'CASH', accountId: cash.id, date: indiaToday(), reference: '', note: '',
    });
    await waitFor(() => expect(notificationTexts()).toContain('Payment in of ₹1,500.00 recorded for Pune Traders'));
  });

  it('takes amounts per bill: each at most its balance, sent as allocations; the rest is an advance', async () => {
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [party], meta: { total: 1, page: 1, pageSize: 20 } });
    jest.spyOn(saleApi, 'list').mockImplementation(async (q = {}) => ({
      success: true as const,
      data: q.status === 'UNPAID' ? [newest, oldest] : [],
      meta: { total: q.status === 'UNPAID' ? 2 : 0, page: 1, pageSize: 100, grandTotal: '0.00', received: '0.00', balance: '0.00' },
    }));
    const pay = jest.spyOn(paymentApi, 'paymentIn').mockRejectedValue(new ApiError({ status: 500, message: 'Server down' }));
    const user = setupUser();
    renderPage();
    const dialog = await open(user, 'Payment in');
    await choose(user, dialog, 'Party', 'Pune Traders');
    await typeInto(user, within(dialog).getByRole('spinbutton', { name: 'Amount' }), '1200');
    await user.click(within(dialog).getByRole('radio', { name: 'Amounts per bill' }));
    // Starts from the oldest-first split.
    const forOldest = await within(dialog).findByRole('textbox', { name: 'Amount for MUM/26-27/11' });
    const forNewest = within(dialog).getByRole('textbox', { name: 'Amount for MUM/26-27/30' });
    expect(forOldest).toHaveValue('800.00');
    expect(forNewest).toHaveValue('400.00');
    await user.clear(forOldest);
    await user.clear(forNewest);
    await user.paste('1000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    expect(await within(dialog).findByText('At most the balance due, 1000.00')).toBeInTheDocument();
    expect(pay).not.toHaveBeenCalled();
    await user.clear(forNewest);
    await user.paste('1000');
    expect(within(dialog).getByLabelText('Allocation summary')).toHaveTextContent('Settles ₹1,000.00 · Advance ₹200.00');
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0][0].allocations).toEqual([{ documentId: newest.id, amount: '1000.00' }]);
    await waitFor(() => expect(notificationTexts()).toContain('Payment in not recordedServer down'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);
