import { act, screen, waitFor, within } from '@testing-library/react';
import { ApiError, expenseApi, gstinCheckChar } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { makeExpense, mumbaiBranch } from '../../test/fixtures';
import { ExpenseDetailDrawer } from './expense-detail';

const GSTIN = '27AAECT4321F1Z' + gstinCheckChar('27AAECT4321F1Z');
const power = makeExpense({
  expenseNumber: 'EXP/26-27/5',
  categoryName: 'Electricity',
  amount: '1180.00',
  taxableValue: '1000.00',
  gstRate: '18',
  supplyType: 'INTRA',
  cgst: '90.00',
  sgst: '90.00',
  totalTax: '180.00',
  supplierGstin: GSTIN,
  itcAmount: '180.00',
  notes: 'Meter 4471',
  receipt: { fileName: 'msedcl-may.pdf', mimeType: 'application/pdf', size: 40960, url: '/api/expense/receipt/abc' },
});
const renderDrawer = (id: string | null, onClose = jest.fn()) => renderScreen(<ExpenseDetailDrawer id={id} onClose={onClose} />, { path: '/expenses' });

beforeEach(() => signIn(mumbaiBranch));
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('ExpenseDetailDrawer', () => {
  it('shows the expense with its GST split, ITC and a link to its receipt', async () => {
    jest.spyOn(expenseApi, 'get').mockResolvedValue(power);
    renderDrawer(power.id);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Expense EXP/26-27/5')).toBeInTheDocument();
    expect(within(drawer).getByText('₹1,180.00')).toBeInTheDocument();
    const value = (label: string) => within(drawer).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Taxable value')).toBe('₹1,000.00');
    expect(value('CGST')).toBe('₹90.00');
    expect(value('SGST')).toBe('₹90.00');
    expect(value('Input tax credit')).toBe('₹180.00');
    expect(value('Supplier GSTIN')).toBe(GSTIN);
    expect(value('Paid from')).toBe('Cash in hand · Cash');
    expect(value('Party')).toBe('-');
    expect(within(drawer).getByRole('link', { name: /msedcl-may.pdf/ })).toHaveAttribute('href', '/api/expense/receipt/abc');
  });

  it('attaches a receipt to an expense that has none', async () => {
    const bare = { ...power, receipt: null };
    const withReceipt = { ...power, receipt: { fileName: 'late.jpg', mimeType: 'image/jpeg', size: 2048, url: '/api/expense/receipt/late' } };
    jest.spyOn(expenseApi, 'get').mockResolvedValueOnce(bare).mockResolvedValue(withReceipt);
    const attach = jest.spyOn(expenseApi, 'attachReceipt').mockResolvedValue(withReceipt);
    const user = setupUser();
    renderDrawer(power.id);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('No receipt attached')).toBeInTheDocument();
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'late.jpg', { type: 'image/jpeg' });
    await user.upload(drawer.querySelector('input[type="file"]') as HTMLInputElement, jpeg);
    await waitFor(() => expect(attach).toHaveBeenCalledWith(power.id, jpeg, 'late.jpg'));
    expect(await within(drawer).findByRole('link', { name: /late.jpg/ })).toHaveAttribute('href', '/api/expense/receipt/late');
  });

  it('cancels with a reason, and shows it cancelled', async () => {
    const cancelled = { ...power, status: 'CANCELLED' as const, cancelledAt: '2026-05-06T23:00:00.000Z', cancelReason: 'Entered twice' };
    jest.spyOn(expenseApi, 'get').mockResolvedValueOnce(power).mockResolvedValue(cancelled);
    const cancel = jest.spyOn(expenseApi, 'cancel').mockResolvedValue(cancelled);
    const user = setupUser();
    renderDrawer(power.id);
    await user.click(await screen.findByRole('button', { name: /Cancel expense/ }));
    const dialog = (await screen.findByText('Cancel expense EXP/26-27/5?')).closest('.ant-modal') as HTMLElement;
    expect(dialog).toHaveTextContent('₹1,180.00 comes back into Cash in hand');
    // A reason is asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(cancel).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledWith(power.id, { reason: 'Entered twice' }));
    // 23:00 UTC on the 6th is already the 7th in India.
    expect(await screen.findByText('Cancelled on 07/05/2026: Entered twice')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Cancel expense/ })).not.toBeInTheDocument();
    expect(notificationTexts().join(' ')).toContain('Expense EXP/26-27/5 cancelled');
  });

  it("keeps the expense when the API refuses to cancel, saying why", async () => {
    jest.spyOn(expenseApi, 'get').mockResolvedValue(power);
    jest.spyOn(expenseApi, 'cancel').mockRejectedValue(new ApiError({ status: 409, message: 'The expense is already cancelled' }));
    const user = setupUser();
    renderDrawer(power.id);
    await user.click(await screen.findByRole('button', { name: /Cancel expense/ }));
    const dialog = (await screen.findByText('Cancel expense EXP/26-27/5?')).closest('.ant-modal') as HTMLElement;
    await user.click(within(dialog).getByRole('textbox', { name: 'Reason' }));
    await user.paste('Wrong amount');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    await waitFor(() => expect(notificationTexts().join(' ')).toContain('The expense is already cancelled'));
    expect(screen.getByRole('button', { name: /Cancel expense/ })).toBeInTheDocument();
  });

  it("says 'Expense not found.' for another business's expense, and for a malformed id without asking", async () => {
    const get = jest.spyOn(expenseApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Expense not found' }));
    const { unmount } = renderDrawer('5e1d2c3b-4a59-4687-9a1b-0000000000ff');
    expect(await screen.findByText('Expense not found.')).toBeInTheDocument();
    unmount();
    get.mockClear();
    renderDrawer('not-an-id');
    expect(await screen.findByText('Expense not found.')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
