import { act, screen, waitFor } from '@testing-library/react';
import { accountApi, itemApi, partyApi, purchaseApi, settingsApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import EditPurchasePage from './edit-purchase';
import { ACCOUNTS, TAXES, delhiSupplier, makePurchase, mouse, mumbaiBranch } from '../../test/fixtures';

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(itemApi, 'taxes').mockResolvedValue(TAXES);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(settingsApi, 'lockBooks').mockResolvedValue({ lockedUntil: null });
  jest.spyOn(partyApi, 'get').mockResolvedValue(delhiSupplier);
  jest.spyOn(itemApi, 'get').mockResolvedValue({ success: true, data: mouse });
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('edit purchase', () => {
  it('opens the bill’s form pre-filled (reference, supplier, bill number and date, lines) and saves it as an edit, without a payment', async () => {
    const bill = makePurchase({ paid: '500.00', status: 'PARTIAL' });
    jest.spyOn(purchaseApi, 'get').mockResolvedValue(bill);
    const nextReference = jest.spyOn(purchaseApi, 'nextReferenceNumber');
    const create = jest.spyOn(purchaseApi, 'create');
    const update = jest.spyOn(purchaseApi, 'update').mockResolvedValue(bill);
    const user = setupUser();
    renderScreen(<EditPurchasePage />, { path: '/purchases/invoice/:id/edit', route: `/purchases/invoice/${bill.id}/edit` });

    expect(await screen.findByText(`Edit purchase ${bill.referenceNumber}`)).toBeInTheDocument();
    expect(screen.getByTestId('number-preview')).toHaveTextContent(bill.referenceNumber);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Supplier' }).closest('.ant-select')).toHaveTextContent(delhiSupplier.name));
    expect(screen.getByRole('textbox', { name: "Supplier's bill no." })).toHaveValue('DE/2291');
    expect(screen.getByRole('textbox', { name: 'Quantity, line 1' })).toHaveValue('10');
    expect(screen.queryByText('Payment made')).not.toBeInTheDocument();
    expect(nextReference).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(create).not.toHaveBeenCalled();
    expect(update.mock.calls[0][0]).toBe(bill.id);
    expect(update.mock.calls[0][1]).toMatchObject({
      partyId: delhiSupplier.id,
      billNumber: 'DE/2291',
      billDate: '2026-05-04',
      payment: null,
      lines: [{ itemId: mouse.id, quantity: '10' }],
    });
    expect(await screen.findByText(`Purchase ${bill.referenceNumber} updated (bill ${bill.billNumber})`)).toBeInTheDocument();
  });
});
