import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, indiaToday, ledgerApi, type LedgerAccount, type LedgerTree } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, type TestUser } from '@bahi/shared/testing';
import { cells, setUpReportTests } from '../../test/reports';
import ChartOfAccountsPage from './chart-of-accounts';

const ledger = (over: Partial<LedgerAccount>): LedgerAccount => ({
  id: '6f0c1d2e-3b4a-4c5d-8e9f-000000000000',
  name: 'Ledger',
  group: 'CASH_IN_HAND',
  nature: 'ASSET',
  code: null,
  cashAccountId: null,
  expenseCategoryId: null,
  isActive: true,
  balance: '0.00',
  ...over,
});
const cash = ledger({ id: '6f0c1d2e-3b4a-4c5d-8e9f-0000000000d1', name: 'Cash in hand', cashAccountId: 'c1', balance: '12500.00' });
const loan = ledger({ id: '6f0c1d2e-3b4a-4c5d-8e9f-0000000000d2', name: 'Loan from HDFC', group: 'LOANS', nature: 'LIABILITY', balance: '-200000.00' });
const sales = ledger({ id: '6f0c1d2e-3b4a-4c5d-8e9f-0000000000d3', name: 'Sales', group: 'SALES_ACCOUNTS', nature: 'INCOME', code: 'SALES', balance: '-85000.50' });
const tree: LedgerTree = {
  groups: [
    { code: 'CASH_IN_HAND', name: 'Cash in hand', nature: 'ASSET', balance: '12500.00', ledgers: [cash] },
    { code: 'LOANS', name: 'Loans (liability)', nature: 'LIABILITY', balance: '-200000.00', ledgers: [loan] },
    { code: 'SALES_ACCOUNTS', name: 'Sales accounts', nature: 'INCOME', balance: '-85000.50', ledgers: [sales] },
  ],
};

async function typeInto(user: TestUser, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

setUpReportTests();
afterEach(() => act(() => notify.clear()));

describe('Chart of accounts', () => {
  it('lists each group with its ledgers and their balances as Dr/Cr, each ledger linked to its account', async () => {
    const call = jest.spyOn(ledgerApi, 'accounts').mockResolvedValue(tree);
    renderScreen(<ChartOfAccountsPage />, { path: '/reports/accounts' });
    await screen.findByRole('link', { name: 'Sales' });
    expect(call).toHaveBeenCalledWith({ asOf: indiaToday(), branchId: undefined });
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td'));
    expect(rows.map(cells)).toEqual([
      ['Cash in hand', 'Assets', '₹12,500.00 Dr', ''],
      ['Cash in hand', '', '₹12,500.00 Dr', 'Deactivate'],
      ['Loans (liability)', 'Liabilities', '₹2,00,000.00 Cr', ''],
      ['Loan from HDFC', '', '₹2,00,000.00 Cr', 'RenameDeactivate'],
      ['Sales accounts', 'Income', '₹85,000.50 Cr', ''],
      ['Sales', '', '₹85,000.50 Cr', ''],
    ]);
    expect(screen.getByRole('link', { name: 'Loan from HDFC' })).toHaveAttribute('href', `/reports/accounts/${loan.id}?period=custom&to=${indiaToday()}`);
  });

  it('creates a ledger under the group chosen, its opening balance on the usual side of the group', async () => {
    jest.spyOn(ledgerApi, 'accounts').mockResolvedValue(tree);
    const create = jest.spyOn(ledgerApi, 'createAccount').mockResolvedValue(ledger({ name: 'Loan from SBI', group: 'LOANS', nature: 'LIABILITY' }));
    const user = setupUser();
    renderScreen(<ChartOfAccountsPage />, { path: '/reports/accounts' });
    await screen.findByRole('link', { name: 'Sales' });
    await user.click(screen.getByRole('button', { name: /New ledger/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await typeInto(user, within(dialog).getByRole('textbox', { name: 'Ledger name' }), 'Loan from SBI');
    // Parties, cash and bank accounts and the stock have the books' own ledgers: no group of theirs is offered.
    const group = within(dialog).getByRole('combobox', { name: 'Group' });
    await typeInto(user, group, 'Sundry');
    expect(await screen.findByText('No data', { selector: '.ant-empty-description' })).toBeInTheDocument();
    expect(screen.queryByTitle('Sundry debtors')).not.toBeInTheDocument();
    await user.clear(group);
    await typeInto(user, group, 'Loans (l');
    await user.click(await screen.findByTitle('Loans (liability)'));
    await typeInto(user, within(dialog).getByRole('spinbutton', { name: 'Opening balance' }), '50000');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({ name: 'Loan from SBI', group: 'LOANS', openingBalance: '-50000', asOfDate: indiaToday() }, { idempotencyKey: expect.any(String) }),
    );
    await waitFor(() => expect(notificationTexts()).toContain('Loan from SBI created'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("renames and deactivates the user's own ledgers, after asking", async () => {
    jest.spyOn(ledgerApi, 'accounts').mockResolvedValue(tree);
    const update = jest.spyOn(ledgerApi, 'updateAccount').mockImplementation(async (_id, body) => ({ ...loan, ...body }));
    const user = setupUser();
    renderScreen(<ChartOfAccountsPage />, { path: '/reports/accounts' });
    await screen.findByRole('link', { name: 'Sales' });
    // The books' own ledgers keep their names and stay active; an account's ledger keeps its name.
    expect(screen.queryByRole('button', { name: 'Rename Sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deactivate Sales' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rename Cash in hand' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Rename Loan from HDFC' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Ledger name' });
    await user.clear(name);
    await typeInto(user, name, 'Term loan HDFC');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(loan.id, { name: 'Term loan HDFC' }));
    await waitFor(() => expect(notificationTexts()).toContain('Term loan HDFC renamed'));

    await user.click(screen.getByRole('button', { name: 'Deactivate Loan from HDFC' }));
    const confirm = (await screen.findByText('Deactivate Loan from HDFC?', { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith(loan.id, { isActive: false }));
  });

  it('shows an error with a retry', async () => {
    const call = jest.spyOn(ledgerApi, 'accounts').mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' })).mockResolvedValue(tree);
    const user = setupUser();
    renderScreen(<ChartOfAccountsPage />, { path: '/reports/accounts' });
    expect(await screen.findByText('Error loading the chart of accounts')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Sales' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
