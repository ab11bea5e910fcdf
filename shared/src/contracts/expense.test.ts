import { AdjustRequest, TransferRequest, UpdateAccountRequest } from './account';
import { CreateExpenseRequest, ExpenseListQuery } from './expense';
import { PartyPaymentRequest } from './payment';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => [i.path.join('.'), i.message]);

describe('expense contracts', () => {
  const ok = { categoryId: 'c', amount: '1,180', payment: { mode: 'CASH' } };

  it('normalises amounts and GST rates, and upper-cases a supplier GSTIN', () => {
    const parsed = CreateExpenseRequest.parse({ ...ok, gst: { rate: '18.000', supplierGstin: ' 27aapfu0939f1zv ' } });
    expect(parsed).toMatchObject({ amount: '1180.00', gst: { rate: '18', supplierGstin: '27AAPFU0939F1ZV' } });
    expect(CreateExpenseRequest.parse({ ...ok, gst: null, notes: '' })).not.toHaveProperty('gst.rate');
  });

  it('names the field of a bad value', () => {
    expect(issues(CreateExpenseRequest.safeParse({ ...ok, gst: { rate: 17 } }))[0][0]).toBe('gst.rate');
    expect(issues(CreateExpenseRequest.safeParse({ ...ok, gst: { rate: 18, supplierGstin: '27AAPFU0939F1ZX' } }))[0][0]).toBe('gst.supplierGstin');
    expect(issues(CreateExpenseRequest.safeParse({ ...ok, amount: 0 }))[0][0]).toBe('amount');
    expect(issues(ExpenseListQuery.safeParse({ from: '2026-05-02', to: '2026-05-01' }))).toEqual([['to', 'To must be on or after From']]);
  });
});

describe('cash & bank contracts', () => {
  it('an adjustment is signed and never 0', () => {
    expect(AdjustRequest.parse({ accountId: 'a', amount: '-12.5', reason: ' short ' })).toMatchObject({ amount: '-12.50', reason: 'short' });
    expect(issues(AdjustRequest.safeParse({ accountId: 'a', amount: '-0.00', reason: 'x' }))).toEqual([['amount', 'Amount cannot be 0']]);
  });

  it('a transfer takes a positive amount; an edit needs at least one field and may clear the UPI ID', () => {
    expect(issues(TransferRequest.safeParse({ fromAccountId: 'a', toAccountId: 'b', amount: -1 }))[0][0]).toBe('amount');
    expect(UpdateAccountRequest.safeParse({}).success).toBe(false);
    expect(UpdateAccountRequest.parse({ upiId: '' })).toEqual({ upiId: null });
  });

  it('a payment’s allocations are a bounded list of positive amounts', () => {
    const body = { partyId: 'p', amount: '100', mode: 'UPI', allocations: [{ documentId: 'd', amount: '40' }] };
    expect(PartyPaymentRequest.parse(body).allocations).toEqual([{ documentId: 'd', amount: '40.00' }]);
    expect(issues(PartyPaymentRequest.safeParse({ ...body, allocations: [{ documentId: 'd', amount: 0 }] }))[0][0]).toBe('allocations.0.amount');
    const many = Array.from({ length: 201 }, () => ({ documentId: 'd', amount: 1 }));
    expect(issues(PartyPaymentRequest.safeParse({ ...body, allocations: many }))[0][0]).toBe('allocations');
  });
});
