import { act, screen, waitFor } from '@testing-library/react';
import { ApiError, accountApi, purchaseNoteApi, type PurchaseDebitNote } from '@bahi/shared';
import { notify, type IssuedNoteLine } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { ACCOUNTS, makePurchase, mumbaiBranch } from '../../test/fixtures';
import { PurchaseNoteForm } from './create';

// Ten mice bought from a Delhi supplier (inter-state: IGST).
const bill = makePurchase({ paid: '0.00' });
const line = bill.lines[0];

const renderForm = (issued: IssuedNoteLine[] = []) =>
  renderScreen(<PurchaseNoteForm bill={bill} issued={issued} />, {
    path: '/purchases/invoice/:id/debit-note',
    route: `/purchases/invoice/${bill.id}/debit-note`,
    routes: [{ path: '/purchases/debit-note/:id', element: <p>note page</p> }],
  });
const quantity = () => screen.getByLabelText(`Quantity returned of ${line.itemName}`);

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('PurchaseNoteForm', () => {
  it('is prefilled from the bill with what is left to return; Return everything takes it all back at the bill’s figures', async () => {
    const user = setupUser();
    const threeBack: IssuedNoteLine[] = [
      { lineNo: 1, direction: 'DOWN', quantity: '3', taxableValue: '0', cgst: '0', sgst: '0', igst: '0', cess: '0', serialNos: [] },
    ];
    renderForm(threeBack);
    await waitFor(() => expect(accountApi.accounts).toHaveBeenCalled());
    expect(screen.getByTestId('note-left-1')).toHaveTextContent('7 left');
    expect(quantity()).toHaveValue('');
    await user.click(screen.getByRole('button', { name: /Return everything/ }));
    expect(quantity()).toHaveValue('7');
    // The last units take whatever value the line has left: here all of it, as no earlier note took value.
    expect(screen.getByTestId('note-taxable')).toHaveTextContent(`₹${Number(line.taxableValue).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  });

  it('sends the bill’s line numbers, the supplier’s note number, and shows a refusal at its field', async () => {
    const user = setupUser();
    const create = jest
      .spyOn(purchaseNoteApi, 'create')
      .mockRejectedValueOnce(new ApiError({ status: 400, message: 'Supplier’s note number can be at most 40 characters', field: 'supplierNoteNumber' }))
      .mockResolvedValue({ id: '3f2b7c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', noteNumber: 'PDN/26-27/1' } as PurchaseDebitNote);
    renderForm();
    await user.type(quantity(), '2');
    await user.type(screen.getByLabelText('Supplier’s note no. (optional)'), 'CN-77');
    await user.click(screen.getByRole('button', { name: 'Save debit note' }));
    expect(await screen.findByText('Supplier’s note number can be at most 40 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Supplier’s note no. (optional)')).toHaveFocus();
    expect(create.mock.calls[0][0]).toEqual({
      purchaseId: bill.id,
      noteDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reason: 'PURCHASE_RETURN',
      lines: [{ purchaseLineNo: 1, quantity: '2' }],
      supplierNoteNumber: 'CN-77',
    });
    await user.click(screen.getByRole('button', { name: 'Save debit note' }));
    expect(await screen.findByText('note page')).toBeInTheDocument();
  });

  it('takes a price-only reduction by taxable value for a discount after the purchase', async () => {
    const user = setupUser();
    const create = jest.spyOn(purchaseNoteApi, 'create').mockResolvedValue({ id: '3f2b7c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', noteNumber: 'PDN/26-27/1' } as PurchaseDebitNote);
    renderForm();
    await user.click(screen.getByRole('combobox', { name: 'Reason' }));
    await user.click(await screen.findByTitle('Discount given after the purchase'));
    await user.type(screen.getByLabelText(`Taxable value reduced on ${line.itemName}`), '100');
    // IGST at the bill line's rate on ₹100.
    expect(screen.getByTestId('note-taxable')).toHaveTextContent('₹100.00');
    expect(screen.getByTestId('note-igst')).toHaveTextContent(`₹${(Number(line.gstRate)).toFixed(2)}`);
    await user.click(screen.getByRole('button', { name: 'Save debit note' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].lines).toEqual([{ purchaseLineNo: 1, taxableValue: '100' }]);
  });
});
