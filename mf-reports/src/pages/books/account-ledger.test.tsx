import { screen, within } from '@testing-library/react';
import { ApiError, ledgerApi, type AccountLedger } from '@bahi/shared';
import { renderScreen } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import AccountLedgerPage from './account-ledger';

const CASH = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000a1';
const SALE_ID = '5e1d2c3b-4a59-4687-9a1b-00000000a001';
const BILL_ID = '5e1d2c3b-4a59-4687-9a1b-00000000b001';
const EXPENSE_ID = '5e1d2c3b-4a59-4687-9a1b-00000000c001';
const PATH = '/reports/accounts/:id';

const line = (over: Partial<AccountLedger['lines'][number]>): AccountLedger['lines'][number] => ({
  entryId: 'e1',
  date: '2026-05-02',
  voucherType: 'SALE_PAYMENT',
  documentType: null,
  documentId: null,
  documentNumber: null,
  narration: null,
  partyId: null,
  debit: '0.00',
  credit: '0.00',
  balance: '0.00',
  ...over,
});

const ledger: AccountLedger = {
  account: { id: CASH, name: 'Cash in hand', group: 'CASH_IN_HAND', nature: 'ASSET', code: null, cashAccountId: 'c1', expenseCategoryId: null, isActive: true, balance: '3300.00' },
  from: '2026-05-01',
  to: '2026-05-31',
  opening: '1000.00',
  lines: [
    line({ entryId: 'e1', documentType: 'SALE', documentId: SALE_ID, documentNumber: 'MUM/26-27/7', narration: 'Bengaluru Retail LLP', debit: '5900.00', balance: '6900.00' }),
    line({ entryId: 'e2', date: '2026-05-03', voucherType: 'PURCHASE_PAYMENT', documentType: 'PURCHASE', documentId: BILL_ID, documentNumber: 'SUP-99', narration: 'Pune Traders', credit: '2000.00', balance: '4900.00' }),
    line({ entryId: 'e3', date: '2026-05-04', voucherType: 'EXPENSE', documentType: 'EXPENSE', documentId: EXPENSE_ID, documentNumber: 'EXP/26-27/1', narration: 'Rent', credit: '8000.00', balance: '-3100.00' }),
    line({ entryId: 'e4', date: '2026-05-05', voucherType: 'JOURNAL', documentType: 'JOURNAL', documentId: 'j1', documentNumber: 'JV/26-27/1', narration: 'Capital introduced', debit: '6400.00', balance: '3300.00' }),
  ],
  closing: '3300.00',
  totals: { debit: '12300.00', credit: '10000.00' },
};

setUpReportTests();

describe('Account ledger', () => {
  it('shows the opening balance, each line with its voucher, document and running balance as Dr/Cr, and the closing balance', async () => {
    const call = jest.spyOn(ledgerApi, 'accountLedger').mockResolvedValue(ledger);
    renderScreen(<AccountLedgerPage />, { path: PATH, route: `/reports/accounts/${CASH}?period=custom&from=2026-05-01&to=2026-05-31&branchId=b1` });
    expect(await screen.findByRole('heading', { name: 'Cash in hand' })).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith(CASH, { from: '2026-05-01', to: '2026-05-31', branchId: 'b1' });
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td') && !r.hasAttribute('data-testid'));
    expect(rows.map(cells)).toEqual([
      ['', '', '-', 'Opening balance on 01/05/2026', '', '', '₹1,000.00 Dr'],
      ['02/05/2026', 'Payment received', 'MUM/26-27/7', 'Bengaluru Retail LLP', '₹5,900.00', '', '₹6,900.00 Dr'],
      ['03/05/2026', 'Payment made', 'SUP-99', 'Pune Traders', '', '₹2,000.00', '₹4,900.00 Dr'],
      ['04/05/2026', 'Expense', 'EXP/26-27/1', 'Rent', '', '₹8,000.00', '₹3,100.00 Cr'],
      ['05/05/2026', 'Journal', 'JV/26-27/1', 'Capital introduced', '₹6,400.00', '', '₹3,300.00 Dr'],
    ]);
    expect(cells(screen.getByTestId('closing-row'))).toEqual(['Closing balance on 31/05/2026', '₹12,300.00', '₹10,000.00', '₹3,300.00 Dr']);
    const figures = within(screen.getByRole('region', { name: 'Ledger figures' }));
    expect(figures.getByText('Opening balance').parentElement).toHaveTextContent('₹1,000.00 Dr');
    expect(figures.getByText('Closing balance').parentElement).toHaveTextContent('₹3,300.00 Dr');
  });

  it("links each line's document to its screen: sales and purchases to the document, others to their list", async () => {
    jest.spyOn(ledgerApi, 'accountLedger').mockResolvedValue(ledger);
    renderScreen(<AccountLedgerPage />, { path: PATH, route: `/reports/accounts/${CASH}` });
    await screen.findByRole('heading', { name: 'Cash in hand' });
    expect(screen.getByRole('link', { name: 'MUM/26-27/7' })).toHaveAttribute('href', `/sales/invoice/${SALE_ID}`);
    expect(screen.getByRole('link', { name: 'SUP-99' })).toHaveAttribute('href', `/purchases/invoice/${BILL_ID}`);
    expect(screen.getByRole('link', { name: 'EXP/26-27/1' })).toHaveAttribute('href', '/expenses');
    expect(screen.queryByRole('link', { name: 'JV/26-27/1' })).not.toBeInTheDocument();
  });

  it('says so when the ledger does not exist', async () => {
    jest.spyOn(ledgerApi, 'accountLedger').mockRejectedValue(new ApiError({ status: 404, message: 'Ledger not found' }));
    renderScreen(<AccountLedgerPage />, { path: PATH, route: `/reports/accounts/${CASH}` });
    expect(await screen.findByText('Ledger not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('never asks for an id that cannot be one', async () => {
    const call = jest.spyOn(ledgerApi, 'accountLedger').mockResolvedValue(ledger);
    renderScreen(<AccountLedgerPage />, { path: PATH, route: '/reports/accounts/not-an-id' });
    expect(await screen.findByText('Ledger not found.')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });

  it("exports the ledger's account for the period and branch on screen as Excel and PDF", async () => {
    jest.spyOn(ledgerApi, 'accountLedger').mockResolvedValue(ledger);
    renderScreen(<AccountLedgerPage />, { path: PATH, route: `/reports/accounts/${CASH}?period=custom&from=2026-05-01&to=2026-05-31&branchId=b1` });
    await screen.findByRole('heading', { name: 'Cash in hand' });
    expect(exportLinks(['Excel', 'PDF'])).toEqual(
      ['xlsx', 'pdf'].map((format) => ({
        path: expect.stringMatching(new RegExp(`/ledger/account-ledger/${CASH}$`)),
        query: { from: '2026-05-01', to: '2026-05-31', branchId: 'b1', format },
      })),
    );
  });
});
