import { act, screen, waitFor, within } from '@testing-library/react';
import { accountApi, branchApi, itemApi, partyApi, saleApi, settingsApi, type Item } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import EditInvoicePage from './edit-invoice';
import { ACCOUNTS, TAXES, bengaluruParty, cable, cover, makeInvoice, mumbaiBranch } from '../../test/fixtures';

const ITEMS: Item[] = [cable, cover];

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(itemApi, 'taxes').mockResolvedValue(TAXES);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(branchApi, 'documentSettings').mockResolvedValue({ futureDatedDays: 0 });
  jest.spyOn(settingsApi, 'lockBooks').mockResolvedValue({ lockedUntil: null });
  jest.spyOn(partyApi, 'get').mockResolvedValue(bengaluruParty);
  jest.spyOn(itemApi, 'get').mockImplementation(async (id) => ({ success: true, data: ITEMS.find((i) => i.id === id)! }));
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('edit invoice', () => {
  it('opens the invoice’s form pre-filled (number, customer, date, lines, totals) and saves it as an edit, without a payment', async () => {
    const invoice = makeInvoice({ received: '100.00', status: 'PARTIAL' });
    jest.spyOn(saleApi, 'get').mockResolvedValue(invoice);
    const nextNumber = jest.spyOn(saleApi, 'nextNumber');
    const create = jest.spyOn(saleApi, 'create');
    const update = jest.spyOn(saleApi, 'update').mockResolvedValue(invoice);
    const user = setupUser();
    renderScreen(<EditInvoicePage />, { path: '/sales/invoice/:id/edit', route: `/sales/invoice/${invoice.id}/edit` });

    expect(await screen.findByText(`Edit invoice ${invoice.invoiceNumber}`)).toBeInTheDocument();
    expect(screen.getByTestId('number-preview')).toHaveTextContent(invoice.invoiceNumber);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Customer' }).closest('.ant-select')).toHaveTextContent(bengaluruParty.name));
    expect(screen.getByLabelText('Invoice date')).toHaveValue('04/05/2026');
    expect(screen.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveValue('1');
    expect(screen.getByRole('textbox', { name: 'Quantity, line 2' })).toHaveValue('2');
    expect(within(screen.getByRole('region', { name: 'Totals' })).getByTestId('total-grand')).toHaveTextContent(
      `₹${Number(invoice.totals.grandTotal).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`,
    );
    // A payment is recorded against the invoice, not with the edit.
    expect(screen.queryByText('Payment received')).not.toBeInTheDocument();
    expect(nextNumber).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(create).not.toHaveBeenCalled();
    expect(update.mock.calls[0][0]).toBe(invoice.id);
    expect(update.mock.calls[0][1]).toMatchObject({
      partyId: bengaluruParty.id,
      invoiceDate: '2026-05-04',
      dueDate: '2026-06-03',
      payment: null,
      lines: [
        { itemId: cable.id, quantity: '1' },
        { itemId: cover.id, quantity: '2' },
      ],
    });
    expect(await screen.findByText(`Invoice ${invoice.invoiceNumber} updated`)).toBeInTheDocument();
  });
});
