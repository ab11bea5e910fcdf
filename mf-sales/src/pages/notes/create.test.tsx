import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, saleNoteApi, type SaleNote } from '@bahi/shared';
import { notify, type IssuedNoteLine } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { ACCOUNTS, makeInvoice, mumbaiBranch } from '../../test/fixtures';
import { SaleNoteForm } from './create';

// An inter-state invoice: 1 USB-C Cable (taxable 62.51, IGST 11.25) and 2 Phone Covers (taxable 93.75, IGST 11.25).
const invoice = makeInvoice({ received: '179.00', balance: '0.00', status: 'PAID' });
// One cover came back already: half the line's value (46.88) and its tax at 12 % (5.63).
const oneCoverBack: IssuedNoteLine[] = [
  { lineNo: 2, direction: 'DOWN', quantity: '1.000', taxableValue: '46.88', cgst: '0.00', sgst: '0.00', igst: '5.63', cess: '0.00', serialNos: [] },
];

const renderForm = (issued: IssuedNoteLine[] = []) =>
  renderScreen(<SaleNoteForm type="CREDIT" invoice={invoice} issued={issued} />, {
    path: '/sales/invoice/:id/credit-note',
    route: `/sales/invoice/${invoice.id}/credit-note`,
    routes: [{ path: '/sales/credit-note/:id', element: <p>note page</p> }],
  });
const quantityOf = (item: string) => screen.getByLabelText(`Quantity returned of ${item}`);

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('SaleNoteForm (credit note)', () => {
  it('is prefilled from the invoice: each line with what is left to return, a sales return restocked, nothing taken yet', async () => {
    renderForm(oneCoverBack);
    await waitFor(() => expect(accountApi.accounts).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.getByRole('heading', { level: 3 })).toHaveTextContent(`Return / credit note · ${invoice.invoiceNumber}`);
    expect(screen.getByTestId('note-left-1')).toHaveTextContent('1 left');
    expect(screen.getByTestId('note-left-2')).toHaveTextContent('1 left');
    expect(quantityOf('USB-C Cable')).toHaveValue('');
    expect(quantityOf('Phone Cover')).toHaveValue('');
    expect(screen.getByLabelText('Put the goods back into stock')).toBeChecked();
    expect(screen.getByText('Sales return')).toBeInTheDocument();
    expect(screen.getByTestId('note-total')).toHaveTextContent('₹0.00');
    // Inter-state: IGST at the invoice's rates.
    expect(screen.getByTestId('note-igst')).toBeInTheDocument();
    expect(screen.queryByTestId('note-cgst')).toBeNull();
  });

  it('works out the figures as typed, at the line’s own rate', async () => {
    const user = setupUser();
    renderForm();
    await user.type(quantityOf('Phone Cover'), '1');
    // Half of 93.75 rounds to 46.88; IGST 12 % of it 5.63; the invoice rounded to the rupee, so the note does too.
    expect(screen.getByTestId('note-taxable')).toHaveTextContent('₹46.88');
    expect(screen.getByTestId('note-igst')).toHaveTextContent('₹5.63');
    expect(screen.getByTestId('note-total')).toHaveTextContent('₹53.00');
  });

  it('returns everything that is left with one button (or Alt+E), and sends exactly that', async () => {
    const user = setupUser();
    const create = jest.spyOn(saleNoteApi, 'createCreditNote').mockResolvedValue({ id: '3f2b7c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', noteNumber: 'CN/26-27/1' } as SaleNote);
    renderForm(oneCoverBack);
    await user.click(screen.getByRole('button', { name: /Return everything/ }));
    expect(quantityOf('USB-C Cable')).toHaveValue('1');
    expect(quantityOf('Phone Cover')).toHaveValue('1');
    // The cable's 62.51 + 11.25, and what the cover line has left: 46.87 + 5.62; 126.25 rounds to 126.00.
    expect(screen.getByTestId('note-taxable')).toHaveTextContent('₹109.38');
    expect(screen.getByTestId('note-total')).toHaveTextContent('₹126.00');

    await user.clear(quantityOf('USB-C Cable'));
    expect(screen.getByTestId('note-total')).toHaveTextContent('₹52.00');
    fireEvent.keyDown(quantityOf('Phone Cover'), { key: 'e', code: 'KeyE', altKey: true });
    expect(quantityOf('USB-C Cable')).toHaveValue('1');

    await user.click(screen.getByRole('button', { name: 'Save credit note' }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0][0]).toEqual({
      invoiceId: invoice.id,
      noteDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      reason: 'SALES_RETURN',
      lines: [
        { invoiceLineNo: 1, quantity: '1' },
        { invoiceLineNo: 2, quantity: '1' },
      ],
      restock: true,
    });
    expect(create.mock.calls[0][1]).toEqual({ idempotencyKey: expect.any(String) });
    expect(await screen.findByText('note page')).toBeInTheDocument();
  });

  it('refuses more than is left before sending anything', async () => {
    const user = setupUser();
    const create = jest.spyOn(saleNoteApi, 'createCreditNote');
    renderForm(oneCoverBack);
    await user.type(quantityOf('Phone Cover'), '2');
    expect(screen.getByText('At most 1 can be returned')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save credit note' }));
    expect(create).not.toHaveBeenCalled();
    expect(quantityOf('Phone Cover')).toHaveFocus();
  });

  it('shows the API’s refusal at the line it names', async () => {
    const user = setupUser();
    const message = 'Line 2 (Phone Cover): 2 sold, 2 returned already, so at most 0 can be returned';
    jest.spyOn(saleNoteApi, 'createCreditNote').mockRejectedValue(new ApiError({ status: 409, message, field: 'lines.1.quantity' }));
    renderForm();
    await user.type(quantityOf('USB-C Cable'), '1');
    await user.type(quantityOf('Phone Cover'), '2');
    await user.click(screen.getByRole('button', { name: 'Save credit note' }));
    const error = await screen.findByText(message);
    // The second line sent is the cover's: the message sits in its row, and the focus goes there.
    expect(within(error.closest('tr')!).getByLabelText('Quantity returned of Phone Cover')).toHaveFocus();
  });

  it('sends a refund of the note’s total in cash unless another amount is typed', async () => {
    const user = setupUser();
    const create = jest.spyOn(saleNoteApi, 'createCreditNote').mockResolvedValue({ id: '3f2b7c1e-1a2b-4c3d-8e9f-0a1b2c3d4e5f', noteNumber: 'CN/26-27/1' } as SaleNote);
    renderForm();
    await user.type(quantityOf('USB-C Cable'), '1');
    await user.click(screen.getByRole('checkbox', { name: /Refund paid to/ }));
    await user.click(screen.getByRole('button', { name: 'Save credit note' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].refund).toEqual({ amount: '74.00', mode: 'CASH', accountId: ACCOUNTS.find((a) => a.type === 'CASH')!.id });
  });
});
