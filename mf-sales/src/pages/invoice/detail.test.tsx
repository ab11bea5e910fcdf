import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, saleApi, saleNoteApi, settingsApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { InvoiceDetailPage } from './detail';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { ACCOUNTS, mumbaiBranch, puneParty, makeInvoice } from '../../test/fixtures';

const renderDetail = (id: string, search = '') => renderScreen(<InvoiceDetailPage />, { path: '/sales/invoice/:id', route: `/sales/invoice/${id}${search}` });
const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((h) => h.textContent);

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

describe('InvoiceDetailPage', () => {
  it('shows an inter-state invoice as the customer gets it: IGST columns, HSN summary, totals in words', async () => {
    const invoice = makeInvoice();
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    renderDetail(invoice.id);
    const doc = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(within(doc).getByText('Sharma Traders')).toBeInTheDocument();
    expect(within(doc).getAllByText('27AAPFU0939F1ZV')[0]).toBeInTheDocument();
    expect(within(doc).getByText('29-Karnataka')).toBeInTheDocument();
    expect(within(doc).getByText('04/05/2026')).toBeInTheDocument();
    expect(headers(within(doc).getByRole('table', { name: 'Lines' }))).toEqual(['#', 'Item', 'HSN/SAC', 'Qty', 'Rate', 'Disc.', 'Taxable', 'IGST', 'Total']);
    const cover = within(doc).getByText('Phone Cover').closest('tr')!;
    // 2 × 52.50 with 12 % included: taxable round(105 × 100/112) = 93.75, IGST 11.25.
    expect(Array.from(cover.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '2', 'Phone CoverRate includes tax', '3926', '2 NOS', '52.50', '-', '93.75', '11.25@12%', '105.00',
    ]);
    expect(headers(within(doc).getByRole('table', { name: 'HSN summary' }))).toEqual(['HSN/SAC', 'Rate', 'Qty', 'Taxable', 'IGST']);
    const totals = within(doc).getByRole('table', { name: 'Totals' });
    expect(totals).toHaveTextContent('Grand total₹179.00');
    expect(totals).toHaveTextContent('Balance₹179.00');
    expect(within(doc).getByText('Rupees One Hundred Seventy-Nine Only')).toBeInTheDocument();
  });

  it('shows CGST and SGST for an intra-state invoice', async () => {
    const invoice = makeInvoice({}, puneParty);
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    renderDetail(invoice.id);
    const doc = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(headers(within(doc).getByRole('table', { name: 'Lines' }))).toContain('SGST');
    expect(within(doc).getByRole('table', { name: 'Totals' })).toHaveTextContent('CGST₹11.26SGST₹11.26');
  });

  it('titles a composition seller’s bill a bill of supply, with its declaration', async () => {
    const base = makeInvoice({}, puneParty);
    const invoice = { ...base, documentTitle: 'BILL OF SUPPLY' as const, branch: { ...base.branch, registrationType: 'COMPOSITION' as const } };
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    renderDetail(invoice.id);
    const doc = await screen.findByRole('article', { name: 'Bill of supply' });
    expect(within(doc).getByText('BILL OF SUPPLY')).toBeInTheDocument();
    expect(within(doc).getByText('composition taxable person, not eligible to collect tax on supplies')).toBeInTheDocument();
    // A bill of supply carries no tax: no rate, no tax column, no tax total, on screen and on the till receipt.
    const lines = headers(within(doc).getByRole('table', { name: 'Lines' }));
    expect(lines).not.toEqual(expect.arrayContaining([expect.stringMatching(/CGST|SGST|IGST/)]));
    expect(headers(within(doc).getByRole('table', { name: 'HSN summary' }))).not.toContain('Rate');
    expect(within(doc).getByRole('table', { name: 'Totals' })).not.toHaveTextContent(/CGST|SGST|IGST/);
    expect(doc).not.toHaveTextContent(/@\d/);
    const receipts = document.querySelectorAll('.bahi-thermal');
    expect(receipts).toHaveLength(2);
    receipts.forEach((r) => expect(r).not.toHaveTextContent(/CGST|SGST|IGST|@\d/));
  });

  it('records a payment up to the balance', async () => {
    const invoice = makeInvoice();
    const paid = makeInvoice({ id: invoice.id, status: 'PARTIAL', received: '100.00', balance: '79.00' });
    jest.spyOn(saleApi, 'get').mockResolvedValueOnce(invoice).mockResolvedValue(paid);
    const record = jest.spyOn(saleApi, 'recordPayment').mockResolvedValue(paid);
    const user = setupUser();
    renderDetail(invoice.id);
    await user.click(await screen.findByRole('button', { name: /Record payment/ }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('179.00');
    await user.clear(amount);
    await user.paste('500');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('At most the balance, ₹179.00')).toBeInTheDocument();
    await user.clear(amount);
    await user.paste('100');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(record).toHaveBeenCalled());
    expect(record.mock.calls[0][1]).toMatchObject({ amount: '100', mode: 'CASH', accountId: ACCOUNTS[0].id });
    expect(await screen.findByText('Part paid')).toBeInTheDocument();
  });

  it('cancels with a reason, and then shows the CANCELLED stamp', async () => {
    const invoice = makeInvoice();
    const cancelled = makeInvoice({ id: invoice.id, status: 'CANCELLED', cancelledAt: '2026-05-05T06:30:00.000Z', cancelReason: 'Wrong party' });
    jest.spyOn(saleApi, 'get').mockResolvedValueOnce(invoice).mockResolvedValue(cancelled);
    const cancel = jest.spyOn(saleApi, 'cancel').mockResolvedValue(cancelled);
    const user = setupUser();
    renderDetail(invoice.id);
    await user.click(await screen.findByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByText('Cancel invoice'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Wrong party');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(invoice.id, { reason: 'Wrong party' }));
    expect(await screen.findByText('CANCELLED')).toBeInTheDocument();
    expect(screen.getByText('Wrong party')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Record payment/ })).not.toBeInTheDocument();
  });

  it('prints on A4 when it arrives from Save & print, and offers the PDF', async () => {
    const invoice = makeInvoice();
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    const layouts: (string | undefined)[] = [];
    const print = jest.spyOn(window, 'print').mockImplementation(() => {
      layouts.push(document.documentElement.dataset.printLayout);
    });
    renderDetail(invoice.id, '?print=a4');
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(layouts).toEqual(['a4']);
    expect(screen.getByTestId('location')).toHaveTextContent(`/sales/invoice/${invoice.id}`);
    expect(screen.getByRole('link', { name: /Download PDF/ })).toHaveAttribute('href', `/api/sale/sale-invoice/${invoice.id}/pdf?layout=a4`);
  });

  it('shows the IRN, Ack No and date and the QR code once the IRP registered it; cancelling reminds to cancel the IRN', async () => {
    const irn = 'a1b2c3d4'.repeat(8);
    const einvoice = { status: 'IRN_RECEIVED' as const, irn, ackNo: '112610000000001', ackDate: '2026-05-04 13:45:00', signedQrCode: 'eyJhbGciOiJSUzI1NiJ9.eyJkYXRhIjoie30ifQ.c2ln', notice: null };
    const invoice = makeInvoice({ einvoice });
    const notice = `This invoice has IRN ${irn}: cancel the IRN on the e-invoice portal within 24 hours of its acknowledgement (2026-05-04 13:45:00).`;
    const cancelled = makeInvoice({ id: invoice.id, status: 'CANCELLED', cancelledAt: '2026-05-05T06:30:00.000Z', cancelReason: 'Wrong party', einvoice: { ...einvoice, status: 'CANCELLED', notice } });
    jest.spyOn(saleApi, 'get').mockResolvedValueOnce(invoice).mockResolvedValue(cancelled);
    jest.spyOn(saleApi, 'cancel').mockResolvedValue(cancelled);
    const user = setupUser();
    renderDetail(invoice.id);
    const doc = await screen.findByRole('article', { name: 'Tax invoice' });
    const block = within(doc).getByRole('region', { name: 'e-Invoice' });
    expect(block).toHaveTextContent(`IRN: ${irn}`);
    expect(block).toHaveTextContent('Ack No.: 112610000000001');
    expect(block).toHaveTextContent('Ack Date: 2026-05-04 13:45:00');
    expect((await within(block).findByRole('img', { name: 'e-Invoice QR code' })).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByText('Cancel invoice'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('cancel it on the e-invoice portal too, within 24 hours');
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Wrong party');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(await screen.findByText(notice)).toBeInTheDocument();
  });

  it("says 'Invoice not found.' for an unknown id, and for a malformed one without asking", async () => {
    const get = jest.spyOn(saleApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Invoice not found.' }));
    renderDetail('5e1d2c3b-4a59-4687-9a1b-0000000000ff');
    expect(await screen.findByText('Invoice not found.')).toBeInTheDocument();
    get.mockClear();
    renderDetail('nope');
    expect((await screen.findAllByText('Invoice not found.')).length).toBe(2);
    expect(get).not.toHaveBeenCalled();
  });

  it('offers Edit, disabled with the reason when the invoice is in a closed period', async () => {
    const invoice = makeInvoice();
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    const lock = jest.spyOn(settingsApi, 'lockBooks').mockResolvedValue({ lockedUntil: null });
    const user = setupUser();
    const first = renderDetail(invoice.id);
    await screen.findByRole('article', { name: 'Tax invoice' });
    await waitFor(() => expect(screen.getByRole('button', { name: /Edit$/ })).toBeEnabled());
    first.unmount();

    lock.mockResolvedValue({ lockedUntil: '2026-05-31' });
    renderDetail(invoice.id);
    await waitFor(() => expect(screen.getByRole('button', { name: /Edit$/ })).toBeDisabled());
    await user.hover(screen.getByLabelText('Edit: Books are closed up to 31-05-2026'));
    expect(await screen.findByText('Books are closed up to 31-05-2026')).toBeInTheDocument();
  });
});
