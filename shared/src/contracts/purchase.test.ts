import { z } from 'zod';
import { CreatePurchaseRequest, PurchaseInvoiceListQuery } from './purchase';

const issues = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};
const ITEM = '7d0f6e9e-0000-4000-8000-000000000001';
const PARTY = '7d0f6e9e-0000-4000-8000-000000000002';

describe('CreatePurchaseRequest', () => {
  it('needs a supplier, their bill number and lines; the rest may be blank', () => {
    const ok = CreatePurchaseRequest.parse({
      partyId: PARTY,
      billNumber: '  SO/118 ',
      billDate: '',
      reverseCharge: null,
      lines: [{ itemId: ITEM, quantity: '2', unitPrice: '10.5', itcEligible: false }],
    });
    expect(ok).toMatchObject({ partyId: PARTY, billNumber: 'SO/118', billDate: undefined, reverseCharge: undefined });
    expect(ok.lines[0]).toMatchObject({ quantity: '2.000', unitPrice: '10.50', itcEligible: false });
    expect(issues(CreatePurchaseRequest, { lines: [{ itemId: ITEM, quantity: 1 }] }).map(([field]) => field)).toEqual(['partyId', 'billNumber']);
    expect(issues(CreatePurchaseRequest, { partyId: PARTY, billNumber: 'A', lines: [] })).toEqual([['lines', 'Add at least one line']]);
  });

  it('checks a line as a sale line is checked, and the due date against the bill date', () => {
    const bill = (line: object) => ({ partyId: PARTY, billNumber: 'A', lines: [{ itemId: ITEM, quantity: 1, ...line }] });
    expect(issues(CreatePurchaseRequest, bill({ itcEligible: 'yes' }))).toEqual([['lines.0.itcEligible', 'itcEligible must be true or false']]);
    expect(issues(CreatePurchaseRequest, bill({ discountPercent: 5, discountAmount: 1 }))).toEqual([
      ['lines.0.discountAmount', 'Give a discount as a percentage or an amount, not both'],
    ]);
    expect(issues(CreatePurchaseRequest, { partyId: PARTY, billNumber: 'A', billDate: '2026-06-10', dueDate: '2026-06-01', lines: [{ itemId: ITEM, quantity: 1 }] })).toEqual([
      ['dueDate', 'Due date cannot be before the bill date'],
    ]);
  });
});

describe('PurchaseInvoiceListQuery', () => {
  it('takes the sales list filters', () => {
    expect(PurchaseInvoiceListQuery.parse({ status: 'OVERDUE', page: '2', q: ' ' })).toEqual({ status: 'OVERDUE', page: 2 });
    expect(issues(PurchaseInvoiceListQuery, { from: '2026-06-02', to: '2026-06-01' })).toEqual([['to', 'To must be on or after From']]);
  });
});
