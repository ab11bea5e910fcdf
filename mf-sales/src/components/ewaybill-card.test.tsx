import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, ewayBillApi, saleApi, saleNoteApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { InvoiceDetailPage } from '../pages/invoice/detail';
import { ACCOUNTS, makeInvoice, mumbaiBranch, puneParty } from '../test/fixtures';

const renderDetail = (id: string) => renderScreen(<InvoiceDetailPage />, { path: '/sales/invoice/:id', route: `/sales/invoice/${id}` });
const ROAD = { mode: 'ROAD' as const, distanceKm: 150, vehicleNo: 'MH12AB1234', vehicleType: 'REGULAR' as const, transporterId: null, transporterName: null, transDocNo: null, transDocDate: null };
const NEEDED = { needed: true, ewbNo: null, ewbDate: null, validUpto: null };

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  const none = { success: true as const, data: [], meta: { total: 0, page: 1, pageSize: 100, grandTotal: '0.00', refunded: '0.00', adjusted: '0.00' } };
  jest.spyOn(saleNoteApi, 'creditNotes').mockResolvedValue(none);
  jest.spyOn(saleNoteApi, 'debitNotes').mockResolvedValue(none);
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('the e-Way bill card on the invoice', () => {
  it('lists every problem that keeps the JSON from downloading, each naming its field', async () => {
    const invoice = makeInvoice({ transport: { ...ROAD, vehicleNo: null }, ewayBill: NEEDED }, puneParty);
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    const errors = [
      { path: 'vehicleNo', message: 'vehicleNo is missing: goods by road need the vehicle number. Add the vehicle number.' },
      { path: 'fromPincode', message: 'fromPincode is missing. Set the 6-digit PIN code of the address of the branch.' },
    ];
    jest.spyOn(ewayBillApi, 'get').mockRejectedValue(new ApiError({ status: 422, message: 'x', body: { success: false, message: 'x', field: 'vehicleNo', errors } }));
    const user = setupUser();
    renderDetail(invoice.id);
    const card = await screen.findByLabelText('e-Way bill');
    expect(card).toHaveTextContent('Needed: goods above ₹50,000');
    expect(card).toHaveTextContent('Transport: Road · 150 km');
    await user.click(within(card).getByRole('button', { name: /Download JSON/ }));
    expect(await within(card).findByText(errors[0].message)).toBeInTheDocument();
    expect(within(card).getByText(errors[1].message)).toBeInTheDocument();
  });

  it("stores the portal's answer and shows the e-way bill number on the card and the invoice", async () => {
    const invoice = makeInvoice({ transport: ROAD, ewayBill: NEEDED }, puneParty);
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    const stored = { ...invoice, ewayBill: { needed: true, ewbNo: '331001234567', ewbDate: '2026-05-04 13:45:00', validUpto: '2026-05-05 23:59:00' } };
    const record = jest.spyOn(ewayBillApi, 'record').mockResolvedValue(stored);
    const user = setupUser();
    renderDetail(invoice.id);
    const card = await screen.findByLabelText('e-Way bill');
    await user.click(within(card).getByRole('button', { name: /Upload the portal's answer/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('e-Way bill no.'), '331001234567');
    await user.type(within(dialog).getByLabelText('Generated on'), '04/05/2026 01:45:00 PM');
    await user.type(within(dialog).getByLabelText('Valid until'), '05/05/2026 11:59:00 PM');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(record).toHaveBeenCalledWith(invoice.id, { ewbNo: '331001234567', ewbDate: '04/05/2026 01:45:00 PM', validUpto: '05/05/2026 11:59:00 PM' }));
    const line = 'e-Way Bill No. 331001234567 dated 04-05-2026 13:45 valid until 05-05-2026 23:59';
    expect(await screen.findByTestId('ewaybill-line')).toHaveTextContent(line);
    expect(within(screen.getByRole('article', { name: 'Tax invoice' })).getByText(line)).toBeInTheDocument();
  });
});
