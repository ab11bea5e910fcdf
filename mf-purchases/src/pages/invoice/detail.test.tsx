import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, purchaseApi, purchaseNoteApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { ACCOUNTS, makePurchase, mumbaiBranch, thaneSupplier } from '../../test/fixtures';
import { PurchaseDetailPage } from './detail';

const renderDetail = (id: string) => renderScreen(<PurchaseDetailPage />, { path: '/purchases/invoice/:id', route: `/purchases/invoice/${id}` });
const ATTACHMENT = { contentType: 'image/png' as const, size: 20480, fileName: 'DE-2291.png', url: '', uploadedAt: '2026-05-04T07:00:00.000Z' };

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest
    .spyOn(purchaseNoteApi, 'list')
    .mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 100, grandTotal: '0.00', itcAmount: '0.00', refunded: '0.00', adjusted: '0.00' } });
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('PurchaseDetailPage', () => {
  it("shows the supplier's bill: our reference, their number, IGST, ITC, and the attached bill", async () => {
    const bill = makePurchase({ attachment: ATTACHMENT });
    jest.spyOn(purchaseApi, 'get').mockResolvedValue(bill);
    renderDetail(bill.id);
    expect(await screen.findByText('Purchase PUR/26-27/15')).toBeInTheDocument();
    expect(screen.getByText('Bill DE/2291 of Delhi Electronics Pvt Ltd')).toBeInTheDocument();
    expect(screen.getByText('27-Maharashtra')).toBeInTheDocument();
    const lines = screen.getByRole('table', { name: 'Lines' });
    expect(within(lines).getAllByRole('columnheader').map((h) => h.textContent)).toContain('IGST');
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    expect(totals.getByTestId('bill-igst')).toHaveTextContent('₹810.00');
    expect(totals.getByTestId('bill-grand')).toHaveTextContent('₹5,310.00');
    expect(totals.getByTestId('bill-itc')).toHaveTextContent('₹810.00');
    expect(totals.getByTestId('bill-balance')).toHaveTextContent('₹5,310.00');
    const href = `/api/purchase/purchase-invoice/${bill.id}/attachment`;
    expect(screen.getByRole('link', { name: /DE-2291.png/ })).toHaveAttribute('href', href);
    expect(screen.getByRole('img', { name: "Supplier's bill" })).toHaveAttribute('src', href);
  });

  it('shows CGST and SGST for a supplier in the state, and the tax payable under reverse charge', async () => {
    const bill = makePurchase({ reverseCharge: true, reverseChargeTax: '810.00' }, thaneSupplier);
    jest.spyOn(purchaseApi, 'get').mockResolvedValue(bill);
    renderDetail(bill.id);
    const totals = within(await screen.findByRole('region', { name: 'Totals' }));
    expect(totals.getByTestId('bill-cgst')).toHaveTextContent('₹405.00');
    expect(totals.getByTestId('bill-sgst')).toHaveTextContent('₹405.00');
    expect(totals.getByTestId('bill-rcm')).toHaveTextContent('₹810.00');
    expect(screen.getByText('Reverse charge', { selector: '.ant-tag' })).toBeInTheDocument();
    expect(screen.getByText('No bill attached')).toBeInTheDocument();
  });

  it('shows the self-invoice of a bill from an unregistered supplier and the payment voucher of its payment, each with its PDF', async () => {
    const paymentId = '5e1d2c3b-4a59-4687-9a1b-00000000dd02';
    const bill = makePurchase(
      {
        reverseCharge: true,
        reverseChargeTax: '810.00',
        selfInvoiceNumber: 'RCM/26-27/4',
        payments: [
          {
            id: paymentId,
            date: '2026-05-05',
            amount: '4500.00',
            mode: 'UPI',
            accountId: ACCOUNTS[0].id,
            accountName: 'Cash in hand',
            reference: null,
            reversed: false,
            paymentVoucherNumber: 'PV/26-27/2',
            createdAt: '2026-05-05T06:30:00.000Z',
          },
        ],
      },
      thaneSupplier,
    );
    jest.spyOn(purchaseApi, 'get').mockResolvedValue(bill);
    renderDetail(bill.id);
    expect(await screen.findByTestId('self-invoice-number')).toHaveTextContent('RCM/26-27/4');
    expect(screen.getByRole('link', { name: /Self-invoice PDF/ })).toHaveAttribute('href', `/api/purchase/self-invoice/${bill.id}/pdf?layout=a4`);
    const voucher = screen.getByRole('link', { name: 'Payment voucher PV/26-27/2 PDF' });
    expect(voucher).toHaveTextContent('PV/26-27/2');
    expect(voucher).toHaveAttribute('href', `/api/purchase/payment-voucher/${paymentId}/pdf?layout=a4`);
  });

  it('shows no self-invoice for a bill that has none', async () => {
    const bill = makePurchase();
    jest.spyOn(purchaseApi, 'get').mockResolvedValue(bill);
    renderDetail(bill.id);
    expect(await screen.findByText('Purchase PUR/26-27/15')).toBeInTheDocument();
    expect(screen.queryByTestId('self-invoice-number')).toBeNull();
    expect(screen.queryByRole('link', { name: /Self-invoice PDF/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Payment voucher' })).toBeNull();
  });

  it('records a payment out up to the balance', async () => {
    const bill = makePurchase();
    const paid = makePurchase({
      id: bill.id,
      status: 'PARTIAL',
      paid: '2655.00',
      balance: '2655.00',
      payments: [
        {
          id: '5e1d2c3b-4a59-4687-9a1b-00000000dd01',
          date: '2026-05-05',
          amount: '2655.00',
          mode: 'CASH',
          accountId: ACCOUNTS[0].id,
          accountName: 'Cash in hand',
          reference: null,
          reversed: false,
          paymentVoucherNumber: null,
          createdAt: '2026-05-05T06:30:00.000Z',
        },
      ],
    });
    jest.spyOn(purchaseApi, 'get').mockResolvedValueOnce(bill).mockResolvedValue(paid);
    const record = jest.spyOn(purchaseApi, 'recordPayment').mockResolvedValue(paid);
    const user = setupUser();
    renderDetail(bill.id);
    expect(await screen.findByText('No payment made yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Record payment/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('PUR/26-27/15: balance ₹5,310.00 of ₹5,310.00');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('5310.00');
    await user.clear(amount);
    await user.paste('6000');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('At most the balance, ₹5,310.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.paste('2655');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(record).toHaveBeenCalled());
    expect(record.mock.calls[0][0]).toBe(bill.id);
    expect(record.mock.calls[0][1]).toMatchObject({ amount: '2655', mode: 'CASH', accountId: ACCOUNTS[0].id });
    expect(record.mock.calls[0][2]?.idempotencyKey).toBeTruthy();
    expect(await screen.findByText('Part paid')).toBeInTheDocument();
    expect(screen.getByTestId('bill-balance')).toHaveTextContent('₹2,655.00');
    expect(screen.getByText('Cash in hand')).toBeInTheDocument();
  });

  it("shows the API's refusal to cancel, naming the item, and keeps the bill", async () => {
    const bill = makePurchase();
    const refusal = 'Cannot cancel: 6 of Wireless Mouse brought in by this bill are already sold (only 4 left at Mumbai Central)';
    jest.spyOn(purchaseApi, 'get').mockResolvedValue(bill);
    const cancel = jest.spyOn(purchaseApi, 'cancel').mockRejectedValue(new ApiError({ status: 409, message: refusal }));
    const user = setupUser();
    renderDetail(bill.id);
    await user.click(await screen.findByRole('button', { name: /Cancel purchase/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(bill.id, { reason: 'Entered twice' }));
    await waitFor(() => expect(notificationTexts().join(' ')).toContain(refusal));
    expect(notificationTexts().join(' ')).toContain('Not cancelled');
    expect(screen.getByText('Unpaid')).toBeInTheDocument();
  });

  it("says 'Purchase bill not found.' for an unknown id, and for a malformed one without asking", async () => {
    const get = jest.spyOn(purchaseApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Purchase bill not found' }));
    renderDetail('5e1d2c3b-4a59-4687-9a1b-0000000000ff');
    expect(await screen.findByText('Purchase bill not found.')).toBeInTheDocument();
    get.mockClear();
    renderDetail('nope');
    expect((await screen.findAllByText('Purchase bill not found.')).length).toBe(2);
    expect(get).not.toHaveBeenCalled();
  });
});
