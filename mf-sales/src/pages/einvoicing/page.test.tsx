import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, einvoiceApi, type EInvoiceListItem, type EInvoiceListResponse } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { EInvoicingPage } from './page';
import { makeInvoice, mumbaiBranch } from '../../test/fixtures';

const pending: EInvoiceListItem = {
  id: '5e1d2c3b-4a59-4687-9a1b-000000000001',
  invoiceNumber: 'MUM/26-27/42',
  invoiceDate: '2026-05-04',
  partyName: 'Kaveri Home Needs',
  partyGstin: '29AAGCK1234M1ZX',
  grandTotal: '179.00',
  einvoice: { status: 'NOT_GENERATED', irn: null, ackNo: null, ackDate: null },
};
const done: EInvoiceListItem = {
  ...pending,
  id: '5e1d2c3b-4a59-4687-9a1b-000000000002',
  invoiceNumber: 'MUM/26-27/41',
  einvoice: { status: 'IRN_RECEIVED', irn: 'ab'.repeat(32), ackNo: '112610000000001', ackDate: '2026-05-04 13:45:00' },
};
const listOf = (data: EInvoiceListItem[]): EInvoiceListResponse => ({
  success: true,
  data,
  meta: { total: data.length, page: 1, pageSize: 20, enabled: true, fromDate: '2026-04-01' },
});
const renderPage = () => renderScreen(<EInvoicingPage />, { path: '/e-invoicing' });

beforeEach(() => signIn(mumbaiBranch));
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('EInvoicingPage', () => {
  it('says a composition seller has no e-invoicing, instead of the invoices', async () => {
    signIn({ ...mumbaiBranch, registrationType: 'COMPOSITION' });
    jest.spyOn(einvoiceApi, 'settings').mockResolvedValue({ enabled: true, fromDate: '2026-04-01' });
    const list = jest.spyOn(einvoiceApi, 'list').mockResolvedValue(listOf([pending]));
    renderPage();
    expect(await screen.findByText('No e-invoicing for bills of supply')).toBeInTheDocument();
    expect(screen.getByText(/A composition taxpayer issues bills of supply/)).toBeInTheDocument();
    expect(screen.queryByText('MUM/26-27/42')).not.toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
  });

  it('is off until turned on from a date', async () => {
    jest.spyOn(einvoiceApi, 'settings').mockResolvedValue({ enabled: false, fromDate: null });
    const save = jest.spyOn(einvoiceApi, 'saveSettings').mockResolvedValue({ enabled: true, fromDate: '2026-04-01' });
    const list = jest.spyOn(einvoiceApi, 'list').mockResolvedValue(listOf([]));
    const user = setupUser();
    renderPage();
    expect(await screen.findByText('E-invoicing is off')).toBeInTheDocument();
    expect(list).not.toHaveBeenCalled();
    await user.click(screen.getByRole('switch', { name: 'E-invoicing on' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Give the date e-invoicing starts from')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('lists eligible invoices with their status; a JSON the IRP would refuse lists each field and how to fix it', async () => {
    jest.spyOn(einvoiceApi, 'settings').mockResolvedValue({ enabled: true, fromDate: '2026-04-01' });
    jest.spyOn(einvoiceApi, 'list').mockResolvedValue(listOf([pending, done]));
    const errors = [
      { path: 'BuyerDtls.Pin', message: "BuyerDtls.Pin (400001) is not a PIN code of Karnataka. Correct the PIN code or the state of the party's billing address." },
      { path: 'ItemList[0].HsnCd', message: 'ItemList[0].HsnCd is missing. Set a valid HSN code on item "Cable".' },
    ];
    jest
      .spyOn(einvoiceApi, 'get')
      .mockRejectedValue(new ApiError({ status: 422, message: 'Invoice MUM/26-27/42 cannot be e-invoiced yet: 2 problems to fix', body: { success: false, message: 'x', errors } }));
    const user = setupUser();
    renderPage();
    const row = (await screen.findByText('MUM/26-27/42')).closest('tr')!;
    expect(row).toHaveTextContent('Not generated');
    const other = screen.getByText('MUM/26-27/41').closest('tr')!;
    expect(other).toHaveTextContent('IRN received');
    expect(other).toHaveTextContent('Ack No. 112610000000001');
    await user.click(within(row).getByRole('button', { name: 'Download JSON of MUM/26-27/42' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Invoice MUM/26-27/42 cannot be e-invoiced yet');
    expect(within(dialog).getByText('BuyerDtls.Pin')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Correct the PIN code or the state');
    expect(within(dialog).getByText('ItemList[0].HsnCd')).toBeInTheDocument();
  });

  it('a downloaded JSON turns the row to JSON ready; the status filter has JSON ready', async () => {
    jest.spyOn(einvoiceApi, 'settings').mockResolvedValue({ enabled: true, fromDate: '2026-04-01' });
    const ready = { ...pending, einvoice: { ...pending.einvoice, status: 'JSON_READY' as const } };
    const list = jest.spyOn(einvoiceApi, 'list').mockResolvedValueOnce(listOf([pending])).mockResolvedValue(listOf([ready]));
    const fileName = 'EInvoice-MUM-26-27-42.json';
    jest.spyOn(einvoiceApi, 'get').mockResolvedValue({ fileName, json: { Version: '1.1' } as never });
    URL.createObjectURL = jest.fn(() => 'blob:x');
    URL.revokeObjectURL = jest.fn();
    const saved = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = setupUser();
    renderPage();
    const row = (await screen.findByText('MUM/26-27/42')).closest('tr')!;
    expect(row).toHaveTextContent('Not generated');
    await user.click(within(row).getByRole('button', { name: 'Download JSON of MUM/26-27/42' }));
    await waitFor(() => expect(screen.getByText('MUM/26-27/42').closest('tr')).toHaveTextContent('JSON ready'));
    expect(saved).toHaveBeenCalled();
    // Still waiting for the IRP: its response can be uploaded on the row.
    expect(within(screen.getByText('MUM/26-27/42').closest('tr')!).getByRole('button', { name: 'Upload IRP response of MUM/26-27/42' })).toBeInTheDocument();
    await user.click(screen.getByText('JSON ready', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'JSON_READY' })));
  });

  it("uploads the IRP's response file on the invoice's row", async () => {
    jest.spyOn(einvoiceApi, 'settings').mockResolvedValue({ enabled: true, fromDate: '2026-04-01' });
    jest.spyOn(einvoiceApi, 'list').mockResolvedValueOnce(listOf([pending])).mockResolvedValue(listOf([{ ...pending, einvoice: done.einvoice }]));
    const stored = makeInvoice({ id: pending.id, einvoice: { ...done.einvoice, signedQrCode: 'x.y.z', notice: null } });
    const upload = jest.spyOn(einvoiceApi, 'uploadIrn').mockResolvedValue(stored);
    const user = setupUser();
    const { container } = renderPage();
    await screen.findByText('MUM/26-27/42');
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([JSON.stringify({ Irn: done.einvoice.irn })], 'response.json', { type: 'application/json' });
    await user.upload(input, file);
    await waitFor(() => expect(upload).toHaveBeenCalledWith(pending.id, expect.any(File), 'response.json'));
    expect(await screen.findByText('IRN stored on invoice MUM/26-27/42')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('MUM/26-27/42').closest('tr')).toHaveTextContent('IRN received'));
  });
});
