import { screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { ApiError, indiaToday, reportApi, type DayBook } from '@bahi/shared';
import { renderScreen, setupUser } from '@bahi/shared/testing';
import { cells, exportLinks, setUpReportTests } from '../../test/reports';
import DayBookPage from './day-book';

const SALE_ID = '5e1d2c3b-4a59-4687-9a1b-00000000a001';
const BILL_ID = '5e1d2c3b-4a59-4687-9a1b-00000000b001';
const entry = (over: Partial<DayBook['entries'][number]>): DayBook['entries'][number] => ({
  at: '2026-11-10T04:30:00.000Z',
  type: 'SALE',
  description: null,
  documentType: null,
  documentId: null,
  documentNumber: null,
  partyName: null,
  amount: null,
  moneyIn: null,
  moneyOut: null,
  accountName: null,
  status: null,
  ...over,
});
const book: DayBook = {
  date: '2026-11-10',
  entries: [
    entry({ documentType: 'SALE', documentId: SALE_ID, documentNumber: 'MUM/26-27/7', partyName: 'Bengaluru Retail LLP', amount: '11800.00', status: 'UNPAID' }),
    entry({ at: '2026-11-10T05:45:00.000Z', type: 'SALE_PAYMENT', documentType: 'SALE', documentId: SALE_ID, documentNumber: 'MUM/26-27/7', partyName: 'Bengaluru Retail LLP', moneyIn: '5000.00', accountName: 'Cash' }),
    entry({ at: '2026-11-10T06:00:00.000Z', type: 'PURCHASE_PAYMENT', documentType: 'PURCHASE', documentId: BILL_ID, documentNumber: 'SUP-99', partyName: 'Pune Traders', moneyOut: '2000.00', accountName: 'HDFC' }),
    entry({ at: '2026-11-10T07:00:00.000Z', type: 'STOCK_ADD', description: 'Shirt: +5' }),
  ],
  totals: { sales: '11800.00', moneyIn: '5000.00', moneyOut: '2000.00' },
  truncated: false,
};

setUpReportTests();

describe('Day book', () => {
  it("opens on today's transactions", async () => {
    const call = jest.spyOn(reportApi, 'dayBook').mockResolvedValue({ ...book, date: indiaToday(), entries: [] });
    renderScreen(<DayBookPage />, { path: '/reports/day-book' });
    expect(screen.getByRole('heading', { name: 'Day book' })).toBeInTheDocument();
    expect(await screen.findByText('No transactions on this day')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ date: indiaToday(), branchId: undefined });
    expect(screen.getByRole('textbox', { name: 'Date' })).toHaveValue(dayjs(indiaToday()).format('DD/MM/YYYY'));
  });

  it('lists every transaction of the day with its document linked, money in and out, and the totals', async () => {
    const call = jest.spyOn(reportApi, 'dayBook').mockResolvedValue(book);
    renderScreen(<DayBookPage />, { path: '/reports/day-book', route: '/reports/day-book?date=2026-11-10' });
    await screen.findByText('Shirt: +5');
    expect(call).toHaveBeenCalledWith({ date: '2026-11-10', branchId: undefined });
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td') && !r.hasAttribute('data-testid'));
    expect(rows.map(cells)).toEqual([
      ['10:00', 'Sale ', 'MUM/26-27/7', 'Bengaluru Retail LLP', '₹11,800.00', '-', '-'],
      ['11:15', 'Payment received ', 'MUM/26-27/7', 'Bengaluru Retail LLP · Cash', '-', '₹5,000.00', '-'],
      ['11:30', 'Payment made ', 'SUP-99', 'Pune Traders · HDFC', '-', '-', '₹2,000.00'],
      ['12:30', 'Stock add ', '-', 'Shirt: +5', '-', '-', '-'],
    ]);
    expect(screen.getAllByRole('link', { name: 'MUM/26-27/7' })[0]).toHaveAttribute('href', `/sales/invoice/${SALE_ID}`);
    expect(screen.getByRole('link', { name: 'SUP-99' })).toHaveAttribute('href', `/purchases/invoice/${BILL_ID}`);
    expect(cells(screen.getByTestId('totals-row'))).toEqual(['Total of 10/11/2026 (sales ₹11,800.00)', '', '₹5,000.00', '₹2,000.00']);
  });

  it('names the notes and links each to its own screen', async () => {
    const CN_ID = '5e1d2c3b-4a59-4687-9a1b-00000000c001';
    const PDN_ID = '5e1d2c3b-4a59-4687-9a1b-00000000d001';
    jest.spyOn(reportApi, 'dayBook').mockResolvedValue({
      ...book,
      entries: [
        entry({ type: 'CREDIT_NOTE', documentType: 'CREDIT_NOTE', documentId: CN_ID, documentNumber: 'CN/26-27/1', partyName: 'Rao & Sons', amount: '-2360.00', status: 'ISSUED' }),
        entry({ type: 'PURCHASE_DEBIT_NOTE', documentType: 'PURCHASE_DEBIT_NOTE', documentId: PDN_ID, documentNumber: 'PDN/26-27/1', partyName: 'Pune Traders', amount: '-1416.00', status: 'ISSUED' }),
      ],
    });
    renderScreen(<DayBookPage />, { path: '/reports/day-book', route: '/reports/day-book?date=2026-11-10' });
    expect(await screen.findByRole('link', { name: 'CN/26-27/1' })).toHaveAttribute('href', `/sales/credit-note/${CN_ID}`);
    expect(screen.getByRole('link', { name: 'PDN/26-27/1' })).toHaveAttribute('href', `/purchases/debit-note/${PDN_ID}`);
    expect(screen.getByText('Credit note')).toBeInTheDocument();
    expect(screen.getByText('Purchase return')).toBeInTheDocument();
  });

  it('asks for the date picked and keeps it in the address', async () => {
    const call = jest.spyOn(reportApi, 'dayBook').mockResolvedValue(book);
    const user = setupUser();
    renderScreen(<DayBookPage />, { path: '/reports/day-book', route: '/reports/day-book?date=2026-11-10' });
    await screen.findByText('Shirt: +5');
    const input = screen.getByRole('textbox', { name: 'Date' });
    await user.click(input);
    await user.clear(input);
    await user.type(input, '09/11/2026{Enter}');
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ date: '2026-11-09', branchId: undefined }));
    expect(screen.getByTestId('location')).toHaveTextContent('date=2026-11-09');
  });

  it('shows an error with a retry', async () => {
    const call = jest.spyOn(reportApi, 'dayBook').mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' })).mockResolvedValue(book);
    const user = setupUser();
    renderScreen(<DayBookPage />, { path: '/reports/day-book', route: '/reports/day-book?date=2026-11-10' });
    expect(await screen.findByText('Error loading the day book')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Shirt: +5')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('exports the day shown as Excel, CSV and PDF', async () => {
    jest.spyOn(reportApi, 'dayBook').mockResolvedValue(book);
    renderScreen(<DayBookPage />, { path: '/reports/day-book', route: '/reports/day-book?date=2026-11-10' });
    await screen.findByText('Shirt: +5');
    expect(exportLinks()).toEqual(
      ['xlsx', 'csv', 'pdf'].map((format) => ({ path: expect.stringMatching(/\/report\/day-book$/), query: { date: '2026-11-10', format } })),
    );
  });
});
