import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, indiaToday, ledgerApi, partyApi, type JournalEntry, type LedgerAccount, type LedgerTree } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, type TestUser } from '@bahi/shared/testing';
import { setUpReportTests } from '../../test/reports';
import JournalVoucherPage from './journal-form';

const ledger = (id: string, name: string, group: string): LedgerAccount => ({
  id,
  name,
  group,
  nature: 'ASSET',
  code: null,
  cashAccountId: null,
  expenseCategoryId: null,
  isActive: true,
  balance: '0.00',
});
const FURNITURE = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000e1';
const DEPRECIATION = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000e2';
const DEBTORS = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000e3';
const STOCK = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000e4';
const tree: LedgerTree = {
  groups: [
    { code: 'SUNDRY_DEBTORS', name: 'Sundry debtors', nature: 'ASSET', balance: '0.00', ledgers: [{ ...ledger(DEBTORS, 'Sundry debtors', 'SUNDRY_DEBTORS'), code: 'DEBTORS' }] },
    { code: 'STOCK_IN_HAND', name: 'Stock in hand', nature: 'ASSET', balance: '0.00', ledgers: [{ ...ledger(STOCK, 'Stock in hand', 'STOCK_IN_HAND'), code: 'STOCK' }] },
    { code: 'FIXED_ASSETS', name: 'Fixed assets', nature: 'ASSET', balance: '0.00', ledgers: [ledger(FURNITURE, 'Furniture', 'FIXED_ASSETS')] },
    { code: 'INDIRECT_EXPENSES', name: 'Indirect expenses', nature: 'EXPENSE', balance: '0.00', ledgers: [ledger(DEPRECIATION, 'Depreciation', 'INDIRECT_EXPENSES')] },
  ],
};
const saved: JournalEntry = {
  id: 'j1',
  date: indiaToday(),
  voucherType: 'JOURNAL',
  documentType: 'JOURNAL',
  documentId: 'j1',
  documentNumber: 'JV/26-27/1',
  narration: 'Depreciation on furniture',
  branchId: null,
  reversesId: null,
  lines: [],
};

async function typeInto(user: TestUser, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
async function chooseLedger(user: TestUser, line: number, name: string) {
  await user.click(screen.getByRole('combobox', { name: `Ledger of line ${line}` }));
  // Each line's dropdown stays in the page once opened (hidden); the open one is the one to pick from.
  const open = await waitFor(() => {
    const found = screen.getAllByTitle(name).filter((o) => o.matches('.ant-select-item-option') && !o.closest('.ant-select-dropdown-hidden'));
    expect(found).toHaveLength(1);
    return found[0];
  });
  await user.click(open);
}
const amount = (name: string) => screen.getByRole('spinbutton', { name });

setUpReportTests();
beforeEach(() => {
  jest.spyOn(ledgerApi, 'accounts').mockResolvedValue(tree);
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } });
});
afterEach(() => act(() => notify.clear()));

describe('Journal voucher', () => {
  it('keeps the totals as lines are typed and refuses to save until debits equal credits', async () => {
    const create = jest.spyOn(ledgerApi, 'createJournal').mockResolvedValue(saved);
    const user = setupUser();
    renderScreen(<JournalVoucherPage />, { path: '/reports/journal/new' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Narration' }), 'Depreciation on furniture');
    await chooseLedger(user, 1, 'Depreciation');
    await typeInto(user, amount('Debit of line 1'), '1000');
    await chooseLedger(user, 2, 'Furniture');
    await typeInto(user, amount('Credit of line 2'), '900');
    expect(screen.getByLabelText('Total debit')).toHaveTextContent('₹1,000.00');
    expect(screen.getByLabelText('Total credit')).toHaveTextContent('₹900.00');
    expect(screen.getByTestId('journal-difference')).toHaveTextContent('Difference ₹100.00 (debits are more)');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Debits (₹1,000.00) and credits (₹900.00) differ by ₹100.00: a journal is saved only when they are equal.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.clear(amount('Credit of line 2'));
    await typeInto(user, amount('Credit of line 2'), '1000');
    expect(screen.getByTestId('journal-difference')).toHaveTextContent('Debits equal credits');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        {
          date: indiaToday(),
          narration: 'Depreciation on furniture',
          lines: [
            { accountId: DEPRECIATION, debit: '1000.00' },
            { accountId: FURNITURE, credit: '1000.00' },
          ],
        },
        { idempotencyKey: expect.any(String) },
      ),
    );
    await waitFor(() => expect(notificationTexts()).toContain('Journal JV/26-27/1 saved'));
    expect(screen.getByTestId('location')).toHaveTextContent('/reports/accounts');
  });

  it('lets a line take only one side, and asks for a ledger on every line used', async () => {
    const create = jest.spyOn(ledgerApi, 'createJournal').mockResolvedValue(saved);
    const user = setupUser();
    renderScreen(<JournalVoucherPage />, { path: '/reports/journal/new' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Narration' }), 'Capital introduced');
    await typeInto(user, amount('Debit of line 1'), '500');
    await typeInto(user, amount('Credit of line 1'), '500');
    expect(amount('Debit of line 1')).toHaveValue('');
    await typeInto(user, amount('Debit of line 2'), '500');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Line 1: choose the ledger.')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('sends a retry of the same voucher with the same Idempotency-Key', async () => {
    const create = jest.spyOn(ledgerApi, 'createJournal').mockRejectedValueOnce(new ApiError({ status: 503, message: 'Try again' })).mockResolvedValue(saved);
    const user = setupUser();
    renderScreen(<JournalVoucherPage />, { path: '/reports/journal/new' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Narration' }), 'Depreciation on furniture');
    await chooseLedger(user, 1, 'Depreciation');
    await typeInto(user, amount('Debit of line 1'), '250.50');
    await chooseLedger(user, 2, 'Furniture');
    await typeInto(user, amount('Credit of line 2'), '250.50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(notificationTexts()).toContain('Journal not savedTry again'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(2));
    expect(create.mock.calls[1][1]?.idempotencyKey).toBe(create.mock.calls[0][1]?.idempotencyKey);
  });

  it('asks for the narration', async () => {
    const create = jest.spyOn(ledgerApi, 'createJournal').mockResolvedValue(saved);
    const user = setupUser();
    renderScreen(<JournalVoucherPage />, { path: '/reports/journal/new' });
    await chooseLedger(user, 1, 'Depreciation');
    await typeInto(user, amount('Debit of line 1'), '100');
    await chooseLedger(user, 2, 'Furniture');
    await typeInto(user, amount('Credit of line 2'), '100');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const field = screen.getByRole('textbox', { name: 'Narration' }).closest('.ant-form-item') as HTMLElement;
    expect(await within(field).findByText('Narration is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('offers a party only on Sundry debtors or creditors, never Stock in hand, and names the line the API refuses', async () => {
    const create = jest
      .spyOn(ledgerApi, 'createJournal')
      .mockRejectedValue(new ApiError({ status: 409, message: 'Furniture is deactivated: activate it to post to it', field: 'lines.1.accountId' }));
    const user = setupUser();
    renderScreen(<JournalVoucherPage />, { path: '/reports/journal/new' });
    await typeInto(user, screen.getByRole('textbox', { name: 'Narration' }), 'Written off');
    expect(screen.queryByRole('combobox', { name: 'Party of line 1' })).not.toBeInTheDocument();
    await chooseLedger(user, 1, 'Sundry debtors');
    expect(screen.getByRole('combobox', { name: 'Party of line 1' })).toBeInTheDocument();
    expect(screen.queryAllByTitle('Stock in hand').filter((o) => o.matches('.ant-select-item-option'))).toEqual([]);
    await typeInto(user, amount('Credit of line 1'), '300');
    // A blank line between is left out of the voucher.
    await user.click(screen.getByRole('button', { name: /Add line/ }));
    await chooseLedger(user, 3, 'Furniture');
    await typeInto(user, amount('Debit of line 3'), '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Line 3: Furniture is deactivated: activate it to post to it')).toBeInTheDocument();
    expect(create.mock.calls[0][0].lines.map((l) => l.accountId)).toEqual([DEBTORS, FURNITURE]);
  });
});
