import { act, screen, waitFor, within } from '@testing-library/react';
import { accountApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import CashBankPage from './page';
import { ACCOUNTS, hdfc, makeTransaction, page, sbi } from '../../test/fixtures';

const renderPage = (route = '/cash-bank') => renderScreen(<CashBankPage />, { path: '/cash-bank', route });
const cells = (row: HTMLElement) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent);

beforeEach(() => {
  signIn();
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('CashBankPage: accounts and ledger', () => {
  it('lists every account with its balance and the total; an overdrawn bank account is red; numbers stay masked', async () => {
    jest.spyOn(accountApi, 'transactions').mockResolvedValue(page([]));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Accounts' });
    const row = (name: string) => within(table).getByRole('button', { name }).closest('tr')!;
    expect(cells(row('Cash in hand'))).toEqual(['Cash in hand', 'Cash', '₹5,000.00', '']);
    expect(cells(row('HDFC Current'))).toEqual(['HDFC Current', 'HDFC Bank · XXXX4321 · HDFC0000123 · shop@hdfcbank', '₹12,500.50', '']);
    const overdrawn = within(row('SBI OD')).getByText('-₹2,000.25');
    expect(overdrawn).toHaveClass('ant-typography-danger');
    expect(within(row('HDFC Current')).getByText('₹12,500.50')).not.toHaveClass('ant-typography-danger');
    // 5000.00 + 12500.50 − 2000.25
    expect(within(table).getByLabelText('Total balance')).toHaveTextContent('₹15,500.25');
    expect(table).not.toHaveTextContent(/\d{9,}/);
  });

  it("shows the chosen account's ledger with the running balance, and filters it by date", async () => {
    const rows = [
      makeTransaction(hdfc, { date: '2026-05-03', type: 'WITHDRAWAL', direction: 'OUT', amount: '500.00', runningBalance: '12500.50', mode: null, note: 'Petty cash' }),
      makeTransaction(hdfc, { date: '2026-05-02', type: 'PAYMENT_IN', amount: '3000.50', runningBalance: '13000.50', partyName: 'Pune Traders', reference: 'UPI 991' }),
      makeTransaction(hdfc, {
        date: '2026-05-01', type: 'SALE_PAYMENT', amount: '500.00', runningBalance: '10000.00', partyName: 'Pune Traders',
        documentType: 'SALE', documentId: hdfc.id, documentNumber: 'MUM/26-27/7',
      }),
    ];
    const list = jest.spyOn(accountApi, 'transactions').mockResolvedValue(page(rows, 3));
    const user = setupUser();
    renderPage();
    await screen.findByRole('table', { name: 'Accounts' });
    await user.click(screen.getByRole('button', { name: 'HDFC Current' }));
    expect(await screen.findByText('Ledger: HDFC Current')).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ accountId: hdfc.id, from: undefined, to: undefined, page: 1, pageSize: 50 }));
    const ledger = screen.getByRole('table', { name: 'Ledger' });
    const out = within(ledger).getByText('Petty cash').closest('tr')!;
    expect(cells(out)).toEqual(['03/05/2026', 'Withdrawal', 'Petty cash', '', '₹500.00', '₹12,500.50']);
    const paidIn = within(ledger).getByText('Pune Traders · UPI 991').closest('tr')!;
    expect(cells(paidIn)).toEqual(['02/05/2026', 'Payment in · UPI', 'Pune Traders · UPI 991', '₹3,000.50', '', '₹13,000.50']);

    expect(within(ledger).getByRole('link', { name: 'MUM/26-27/7' })).toHaveAttribute('href', `/sales/invoice/${hdfc.id}`);

    list.mockResolvedValue(page([rows[1]], 1));
    const [fromInput, toInput] = screen.getAllByPlaceholderText(/^(From|To)$/);
    await user.click(fromInput);
    await user.paste('01/05/2026');
    await user.keyboard('{Enter}');
    await user.click(toInput);
    await user.paste('02/05/2026');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ accountId: hdfc.id, from: '2026-05-01', to: '2026-05-02', page: 1, pageSize: 50 }));
    await waitFor(() => expect(within(ledger).queryByText('Petty cash')).not.toBeInTheDocument());
    expect(screen.getByTestId('location')).toHaveTextContent(`/cash-bank?account=${hdfc.id}&from=2026-05-01&to=2026-05-02`);
  });

  it('pages through a long ledger, and opens on the account and dates of the URL', async () => {
    const rows = Array.from({ length: 50 }, (_, i) => makeTransaction(sbi, { note: `Row ${i}` }));
    const list = jest.spyOn(accountApi, 'transactions').mockResolvedValue(page(rows, 120));
    const user = setupUser();
    renderPage(`/cash-bank?account=${sbi.id}&from=2026-04-01`);
    expect(await screen.findByText('Ledger: SBI OD')).toBeInTheDocument();
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ accountId: sbi.id, from: '2026-04-01', to: undefined, page: 1, pageSize: 50 }));
    await user.click(await screen.findByTitle('3'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ accountId: sbi.id, from: '2026-04-01', to: undefined, page: 3, pageSize: 50 }));
  });
});
