import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, indiaToday, partyApi, paymentApi, purchaseApi, type PurchaseInvoiceSummary } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';
import CashBankPage from './page';
import { ACCOUNTS, cash, hdfc, makeParty, makeTransaction, page, sbi } from '../../test/fixtures';

const renderPage = (route = '/cash-bank') => renderScreen(<CashBankPage />, { path: '/cash-bank', route });

async function openDialog(user: TestUser, button: string) {
  await screen.findByRole('table', { name: 'Accounts' });
  await user.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog');
}
async function menu(user: TestUser, account: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${account}` }));
  await user.click(await screen.findByText(action));
}
async function typeInto(user: TestUser, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

beforeEach(() => {
  signIn();
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(accountApi, 'transactions').mockResolvedValue(page([]));
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('Cash & bank actions', () => {
  it('withdraws cash from the bank account being viewed', async () => {
    const transfer = jest.spyOn(accountApi, 'transfer').mockResolvedValue({ groupId: hdfc.id, type: 'WITHDRAWAL', transactions: [], from: hdfc, to: cash });
    const user = setupUser();
    renderPage(`/cash-bank?account=${hdfc.id}`);
    const dialog = await openDialog(user, 'Withdraw');
    expect(within(dialog).getByText('Withdraw cash')).toBeInTheDocument();
    expect(within(dialog).getByText('HDFC Current has ₹12,500.50')).toBeInTheDocument();
    await typeInto(user, within(dialog).getByRole('spinbutton', { name: 'Amount' }), '2500.50');
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Note' }), 'Petty cash');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(transfer).toHaveBeenCalledTimes(1));
    expect(transfer.mock.calls[0][0]).toEqual({ fromAccountId: hdfc.id, toAccountId: cash.id, amount: '2500.5', date: indiaToday(), note: 'Petty cash' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('adjusts a balance down only with a reason', async () => {
    const adjust = jest.spyOn(accountApi, 'adjust').mockResolvedValue({ transaction: makeTransaction(cash), account: { ...cash, balance: '4950.00' } });
    const user = setupUser();
    renderPage();
    const dialog = await openDialog(user, 'Adjust');
    await typeInto(user, within(dialog).getByRole('spinbutton', { name: 'Amount (− to reduce)' }), '-50');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(adjust).not.toHaveBeenCalled();
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Cash count short');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(adjust).toHaveBeenCalledTimes(1));
    expect(adjust.mock.calls[0][0]).toEqual({ accountId: cash.id, amount: '-50', reason: 'Cash count short', date: indiaToday() });
    await waitFor(() => expect(notificationTexts()).toContain('Cash in hand adjusted: balance ₹4,950.00'));
  });

  it('edits a bank account without sending the masked number back, and deactivates one after asking', async () => {
    const update = jest.spyOn(accountApi, 'updateAccount').mockResolvedValue({ ...hdfc, displayName: 'HDFC Main' });
    const deactivate = jest.spyOn(accountApi, 'deactivate').mockResolvedValue({ ...sbi, isActive: false });
    const user = setupUser();
    renderPage();
    await menu(user, 'HDFC Current', 'Edit');
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Account name' });
    expect(name).toHaveValue('HDFC Current');
    expect(within(dialog).getByRole('textbox', { name: 'Account number' })).toHaveAttribute('placeholder', 'XXXX4321 (unchanged)');
    await user.clear(name);
    await user.paste('HDFC Main');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(hdfc.id, { displayName: 'HDFC Main', bankName: 'HDFC Bank', ifsc: 'HDFC0000123', upiId: 'shop@hdfcbank' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await menu(user, 'SBI OD', 'Deactivate');
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveAccessibleName('Deactivate SBI OD?');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(deactivate).toHaveBeenCalledWith(sbi.id));
    await waitFor(() => expect(notificationTexts()).toContain('SBI OD deactivated'));
  });

  it('deletes a bank account that was never used, after asking', async () => {
    const unused = { ...hdfc, id: '7a2b3c4d-5e6f-4a1b-8c9d-0000000008aa', displayName: 'Axis New', isUsed: false, balance: '0.00' };
    jest.spyOn(accountApi, 'accounts').mockResolvedValue([...ACCOUNTS, unused]);
    const remove = jest.spyOn(accountApi, 'deleteAccount').mockResolvedValue({ success: true, message: 'Deleted' });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for HDFC Current' }));
    expect(await screen.findByRole('menuitem', { name: 'Deactivate' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await menu(user, 'Axis New', 'Delete');
    const confirm = await screen.findByRole('dialog');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(unused.id));
    await waitFor(() => expect(notificationTexts()).toContain('Axis New deleted'));
  });

  it("pays a supplier: the preview settles the supplier's purchase bills oldest first", async () => {
    const supplier = makeParty({ name: 'Delhi Wholesale', partyType: 'SUPPLIER' });
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [supplier], meta: { total: 1, page: 1, pageSize: 20 } });
    const bill = (n: string, billDate: string, balance: string) =>
      ({ id: `7a2b3c4d-5e6f-4a1b-8c9d-0000000009${n}`, billNumber: `INV-${n}`, billDate, createdAt: `${billDate}T05:30:00.000Z`, balance, grandTotal: balance }) as PurchaseInvoiceSummary;
    const list = jest.spyOn(purchaseApi, 'list').mockImplementation(async (q = {}) => ({
      success: true as const,
      data: q.status === 'UNPAID' ? [bill('02', '2026-05-02', '700.00'), bill('01', '2026-04-02', '400.00')] : [],
      meta: { total: q.status === 'UNPAID' ? 2 : 0, page: 1, pageSize: 100, grandTotal: '0', paid: '0', balance: '0', itcAmount: '0' },
    }));
    const message = 'Not enough cash: Cash in hand has ₹5000.00, so ₹6000.00 cannot be paid from it. Cash never goes below 0.';
    const pay = jest.spyOn(paymentApi, 'paymentOut').mockRejectedValue(new ApiError({ status: 409, message, field: 'amount' }));
    const user = setupUser();
    renderPage();
    const dialog = await openDialog(user, 'Payment out');
    await user.click(within(dialog).getByRole('combobox', { name: 'Party' }));
    await user.click(await screen.findByTitle('Delhi Wholesale'));
    await waitFor(() => expect(list).toHaveBeenCalledWith({ partyId: supplier.id, status: 'UNPAID', page: 1, pageSize: 100 }));
    const amount = within(dialog).getByRole('spinbutton', { name: 'Amount' });
    await typeInto(user, amount, '600');
    const bills = within(dialog).getByRole('table', { name: 'Open bills' });
    await waitFor(() => expect(within(bills).getAllByText(/^INV-/).map((e) => e.textContent)).toEqual(['INV-01', 'INV-02']));
    expect(within(dialog).getByLabelText('Allocation summary')).toHaveTextContent('Settles ₹600.00 · Advance ₹0.00');
    expect(Array.from(within(bills).getByText('INV-02').closest('tr')!.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      'INV-02', '02/05/2026', '₹700.00', '₹200.00', '₹500.00',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save payment' }));
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay.mock.calls[0][0]).toMatchObject({ partyId: supplier.id, amount: '600', mode: 'CASH', accountId: cash.id });
    // Cash would go below zero: the API's message at the amount, the dialog stays open.
    expect(await within(amount.closest('.ant-form-item') as HTMLElement).findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('exports the ledger of the chosen dates as a CSV download', async () => {
    const rows = [makeTransaction(hdfc, { date: '2026-05-02', amount: '3000.50', runningBalance: '13000.50' })];
    jest.spyOn(accountApi, 'transactions').mockResolvedValue(page(rows, 1, 1, 200));
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:ledger'), revokeObjectURL: () => undefined });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const user = setupUser();
    renderPage(`/cash-bank?account=${hdfc.id}&from=2026-05-01&to=2026-05-31`);
    await user.click(await screen.findByRole('button', { name: /Export CSV/ }));
    await waitFor(() => expect(names).toEqual(['ledger-HDFC-Current-2026-05-01-to-2026-05-31.csv']));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(text).toContain('"02/05/2026","Payment in","","","","","3000.50","","13000.50"');
  });

  describe('Export .xlsx', () => {
    const realFetch = global.fetch;
    afterEach(() => {
      global.fetch = realFetch;
    });
    const capture = () => {
      const blobs: Blob[] = [];
      const names: string[] = [];
      Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:ledger'), revokeObjectURL: () => undefined });
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        names.push(this.download);
      });
      return { blobs, names };
    };

    it('downloads the server’s workbook of the chosen account and dates', async () => {
      const fetch = jest.fn().mockResolvedValue(new Response('PK-ledger', { status: 200 }));
      global.fetch = fetch;
      const { blobs, names } = capture();
      const user = setupUser();
      renderPage(`/cash-bank?account=${hdfc.id}&from=2026-05-01&to=2026-05-31`);
      await user.click(await screen.findByRole('button', { name: /Export \.xlsx/ }));
      await waitFor(() => expect(names).toEqual(['ledger-HDFC-Current-2026-05-01-to-2026-05-31.xlsx']));
      expect(fetch.mock.calls[0][0]).toBe(`/api/account/transactions/export?accountId=${hdfc.id}&format=xlsx&from=2026-05-01&to=2026-05-31`);
      expect(await blobs[0].text()).toBe('PK-ledger');
    });

    it('says why when the server refuses (too many rows)', async () => {
      const message = 'The export would have 100002 rows; at most 100000 fit in one file. Choose a shorter period or a filter.';
      global.fetch = jest.fn().mockResolvedValue(new Response(JSON.stringify({ success: false, message }), { status: 413 }));
      const { names } = capture();
      const user = setupUser();
      renderPage(`/cash-bank?account=${hdfc.id}`);
      await user.click(await screen.findByRole('button', { name: /Export \.xlsx/ }));
      await waitFor(() => expect(notificationTexts()).toEqual(expect.arrayContaining([expect.stringContaining(message)])));
      expect(notificationTexts().join(' ')).toContain('Ledger not exported');
      expect(names).toEqual([]);
    });
  });
});
