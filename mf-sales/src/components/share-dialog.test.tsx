import { act, screen, waitFor, within } from '@testing-library/react';
import { accountApi, businessProfileApi, formatRupees, saleApi, saleNoteApi, shareApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { InvoiceDetailPage } from '../pages/invoice/detail';
import { ACCOUNTS, makeInvoice, mumbaiBranch } from '../test/fixtures';
import { ReminderButton } from './reminder-button';
import { shareMessage, whatsAppUrl } from './share-dialog';

const renderDetail = (id: string) => renderScreen(<InvoiceDetailPage />, { path: '/sales/invoice/:id', route: `/sales/invoice/${id}` });
const LINK = { url: 'https://bahi.example/share/abcDEF123', token: 'abcDEF123', expiresAt: '2026-06-10T10:00:00.000Z' };
const QR = { uri: 'upi://pay?pa=shop%40okaxis&pn=Shop&am=1.00&cu=INR&tn=X&tr=X', png: 'data:image/png;base64,iVBORw0KGgo=' };

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  const none = { success: true as const, data: [], meta: { total: 0, page: 1, pageSize: 100, grandTotal: '0.00', refunded: '0.00', adjusted: '0.00' } };
  jest.spyOn(saleNoteApi, 'creditNotes').mockResolvedValue(none);
  jest.spyOn(saleNoteApi, 'debitNotes').mockResolvedValue(none);
  jest.spyOn(shareApi, 'upiQr').mockResolvedValue({ upiQr: QR });
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('sharing an invoice by link', () => {
  it('makes a link for the chosen days, offers Copy and WhatsApp to the customer with the amount due, and revokes', async () => {
    const invoice = makeInvoice();
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    const create = jest.spyOn(shareApi, 'create').mockResolvedValue(LINK);
    const revoke = jest.spyOn(shareApi, 'revoke').mockResolvedValue({ success: true, message: 'Revoked 1 link.' });
    const user = setupUser();
    renderDetail(invoice.id);

    await user.click(await screen.findByRole('button', { name: /Share/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('Share link')).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Link lasts'));
    await user.click(await screen.findByTitle('7 days'));
    await user.click(within(dialog).getByRole('button', { name: /Create link/ }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('invoice', invoice.id, { expiresInDays: 7 }));
    expect(await within(dialog).findByLabelText('Share link')).toHaveValue(LINK.url);

    const whatsapp = within(dialog).getByRole('link', { name: /Share on WhatsApp/ });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(href.origin + href.pathname).toBe('https://wa.me/919845012345');
    const text = href.searchParams.get('text')!;
    expect(text).toContain(invoice.invoiceNumber);
    expect(text).toContain(`${formatRupees(invoice.balance)} is due`);
    expect(text).toContain(LINK.url);

    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(dialog).getByRole('button', { name: /Copy link/ }));
    expect(writeText).toHaveBeenCalledWith(LINK.url);

    await user.click(within(dialog).getByRole('button', { name: /Revoke links/ }));
    await user.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledWith('invoice', invoice.id));
    await waitFor(() => expect(within(dialog).queryByLabelText('Share link')).not.toBeInTheDocument());
  });

  it('shows the UPI QR of what is due on the invoice, and none once it is paid', async () => {
    const invoice = makeInvoice();
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    renderDetail(invoice.id);
    const card = await screen.findByLabelText('Pay by UPI');
    expect(card).toHaveTextContent(`Scan to pay ${formatRupees(invoice.balance)} by UPI`);
    expect(within(card).getByRole('img')).toHaveAttribute('src', QR.png);
  });

  it('prints the business profile on the invoice: legal and trade name, logo, signature, bank details, default terms', async () => {
    const invoice = makeInvoice({ terms: null });
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    jest.spyOn(businessProfileApi, 'get').mockResolvedValue({
      legalName: 'Sharma Traders Private Limited', tradeName: 'Sharma Kirana', gstin: null, address: null, phone: null, email: null,
      upiId: 'shop@okaxis', payeeName: null, terms: 'Goods once sold are not taken back.', notes: null,
      bankAccount: { id: '5e1d2c3b-4a59-4687-9a1b-0000000000c9', displayName: 'HDFC Current', bankName: 'HDFC Bank', accountNumber: 'XXXX5678', ifsc: 'HDFC0000123' },
      print: { showHsnSummary: true, showItemImages: false, thermalWidth: 'thermal80' },
      logoUrl: '/api/settings/business/logo', signatureUrl: '/api/settings/business/signature', updatedAt: '2026-05-01T10:00:00.000Z',
    });
    renderDetail(invoice.id);
    const page = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(await within(page).findByText('Sharma Kirana')).toBeInTheDocument();
    expect(within(page).getByText('Sharma Traders Private Limited')).toBeInTheDocument();
    expect(within(page).getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/api/settings/business/logo');
    expect(within(page).getByRole('img', { name: 'Signature' })).toHaveAttribute('src', '/api/settings/business/signature');
    expect(within(page).getByLabelText('Bank details')).toHaveTextContent('HDFC Bank · A/c No.: XXXX5678 · IFSC: HDFC0000123 · UPI: shop@okaxis');
    expect(page).toHaveTextContent('Goods once sold are not taken back.');
  });

  it("prints the profile's address and phone for a branch that names only its state", async () => {
    const base = makeInvoice();
    const invoice = { ...base, branch: { ...base.branch, phone: null, email: null, address: { ...base.branch.address, street: null, city: null, pin: null } } };
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    jest.spyOn(businessProfileApi, 'get').mockResolvedValue({
      legalName: 'Sharma Traders Private Limited', tradeName: null, gstin: null, phone: '9876543210', email: null,
      address: { street: '12 Laxmi Road', city: 'Pune', stateCode: '27', pin: '411030' },
      upiId: null, payeeName: null, terms: null, notes: null, bankAccount: null,
      print: { showHsnSummary: true, showItemImages: false, thermalWidth: 'thermal80' },
      logoUrl: null, signatureUrl: null, updatedAt: '2026-05-01T10:00:00.000Z',
    });
    renderDetail(invoice.id);
    const page = await screen.findByRole('article', { name: 'Tax invoice' });
    expect(await within(page).findByText(/12 Laxmi Road, Pune, 411030/)).toBeInTheDocument();
    expect(page).toHaveTextContent('Phone 9876543210');
  });

  it('asks for no QR of a paid invoice', async () => {
    const invoice = makeInvoice({ status: 'PAID', received: '100.00', balance: '0.00' });
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    renderDetail(invoice.id);
    expect(await screen.findByRole('article', { name: 'Tax invoice' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Pay by UPI')).not.toBeInTheDocument();
    expect(shareApi.upiQr).not.toHaveBeenCalled();
  });
});

describe('the message sent with a link', () => {
  const target = { kind: 'invoice' as const, id: 'x', number: 'MUM/26-27/7', partyName: 'Pune Traders', mobile: '98220 12345', businessName: 'Sharma Traders', grandTotal: '1180.00', due: '680.00' };
  it('names the invoice, the amount due and how many days it is overdue', () => {
    expect(shareMessage({ ...target, daysOverdue: 12 }, 'https://b/share/t')).toBe(
      'Dear Pune Traders, invoice MUM/26-27/7 from Sharma Traders for ₹1,180.00: ₹680.00 is due, overdue by 12 days. View and pay here: https://b/share/t',
    );
  });
  it('sends to +91 and the 10-digit mobile, or lets WhatsApp ask without one', () => {
    expect(whatsAppUrl('98220 12345', 'hi')).toBe('https://wa.me/919822012345?text=hi');
    expect(whatsAppUrl(null, 'a & b')).toBe('https://wa.me/?text=a%20%26%20b');
  });
});

describe('Send reminder on an overdue invoice', () => {
  it('opens WhatsApp to the customer with the amount due, the days overdue and a new link', async () => {
    const create = jest.spyOn(shareApi, 'create').mockResolvedValue(LINK);
    const tab = { opener: {}, location: { href: '' }, close: jest.fn() };
    jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const summary = {
      id: '0f8fad5b-d9cb-469f-a165-70867728950e', invoiceNumber: 'MUM/26-27/2', financialYear: '2026-27', invoiceDate: '2026-04-02', dueDate: '2026-05-02',
      status: 'PARTIAL' as const, isOverdue: true, branchId: mumbaiBranch.id, branchName: mumbaiBranch.name, partyId: null, partyName: 'Pune Traders',
      partyMobile: '9822012345', supplyType: 'INTRA' as const, grandTotal: '1000.00', received: '400.00', balance: '600.00', createdAt: '2026-04-02T10:00:00Z',
    };
    const user = setupUser();
    renderScreen(<ReminderButton invoice={summary} />);
    await user.click(screen.getByRole('button', { name: /Send reminder/ }));
    await waitFor(() => expect(tab.location.href).toMatch(/^https:\/\/wa\.me\/919822012345\?text=/));
    expect(create).toHaveBeenCalledWith('invoice', summary.id, {});
    const text = new URL(tab.location.href).searchParams.get('text')!;
    expect(text).toMatch(/invoice MUM\/26-27\/2 .*₹600\.00 is due, overdue by \d+ days/);
    expect(text).toContain(LINK.url);
    expect(tab.opener).toBeNull();
  });
});
