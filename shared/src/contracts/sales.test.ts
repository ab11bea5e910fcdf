import { z } from 'zod';
import { AddBankAccountRequest, addDays, maskAccountNumber } from './account';
import { CalendarDate, isCalendarDate } from './common';
import { CreateQuotationRequest } from './quotation';
import { CreateSaleRequest, SaleInvoiceListQuery } from './sales';

const issues = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('calendar dates', () => {
  it('are real dates between 2000 and 2099', () => {
    expect(['2026-05-01', '2028-02-29', '2000-01-01'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2025-02-30', '2027-02-29', '2026-13-01', '26-05-01', '2026-5-1', ''].map(isCalendarDate)).toEqual(Array(6).fill(false));
    expect(issues(CalendarDate('Invoice date'), '1999-12-31')).toEqual([['', 'Invoice date must be between 2000-01-01 and 2099-12-31']]);
    expect(addDays('2026-03-25', 10)).toBe('2026-04-04');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });
});

describe('a sale request', () => {
  const line = { itemId: 'i1', quantity: '2' };
  it('normalises numbers: quantities to three decimals, money to two', () => {
    const parsed = CreateSaleRequest.parse({ lines: [{ ...line, unitPrice: 12.5, discountPercent: '7.5' }], payment: { amount: '1,000', mode: 'UPI' } });
    expect(parsed.lines[0]).toMatchObject({ quantity: '2.000', unitPrice: '12.50', discountPercent: '7.500' });
    expect(parsed.payment).toMatchObject({ amount: '1000.00', mode: 'UPI' });
  });
  it('names every field that is wrong', () => {
    expect(
      issues(CreateSaleRequest, {
        invoiceDate: '2025-02-30',
        lines: [{ itemId: 'i1', quantity: 0, discountPercent: 5, discountAmount: 1 }, { itemId: '', quantity: 1, unitPrice: 1e15 }],
      }),
    ).toEqual([
      ['lines.0.quantity', 'Quantity must be more than 0'],
      ['lines.1.itemId', 'Item is required'],
      ['lines.1.unitPrice', 'Unit price can be at most 9,99,99,99,99,999.99'],
      ['invoiceDate', 'Invoice date must be a real date (YYYY-MM-DD)'],
    ]);
    expect(issues(CreateSaleRequest, { lines: [{ ...line, discountPercent: 5, discountAmount: 1 }] })).toEqual([
      ['lines.0.discountAmount', 'Give a discount as a percentage or an amount, not both'],
    ]);
    expect(issues(CreateSaleRequest, { invoiceDate: '2026-05-02', dueDate: '2026-05-01', lines: [line] })).toEqual([
      ['dueDate', 'Due date cannot be before the invoice date'],
    ]);
    expect(issues(CreateSaleRequest, { partyId: 'p1', customer: { name: 'Ravi' }, lines: [line] })).toEqual([
      ['customer', 'A walk-in customer is for a sale without a party'],
    ]);
  });
  it('takes a place of supply as a GST state code, 96 for an export', () => {
    expect(CreateSaleRequest.parse({ placeOfSupply: 7, lines: [line] }).placeOfSupply).toBe('07');
    expect(CreateSaleRequest.parse({ placeOfSupply: '96', lines: [line] }).placeOfSupply).toBe('96');
    expect(issues(CreateSaleRequest, { placeOfSupply: '39', lines: [line] })).toEqual([['placeOfSupply', 'Place of supply must be a GST state code']]);
  });
  it('a quotation keeps its valid-until on or after its date', () => {
    expect(issues(CreateQuotationRequest, { quotationDate: '2026-05-10', validUntil: '2026-05-09', lines: [line] })).toEqual([
      ['validUntil', 'Valid until cannot be before the quotation date'],
    ]);
  });
  it('the list query caps its page size and keeps from ≤ to', () => {
    expect(issues(SaleInvoiceListQuery, { pageSize: '101' })).toEqual([['pageSize', 'pageSize must be a whole number from 1 to 100']]);
    expect(issues(SaleInvoiceListQuery, { from: '2026-06-01', to: '2026-05-01' })).toEqual([['to', 'To must be on or after From']]);
  });
});

describe('a bank account', () => {
  it('checks the IFSC and account number and masks the number', () => {
    expect(AddBankAccountRequest.parse({ displayName: 'HDFC', bankName: 'HDFC Bank', accountNumber: '5010-0123 4567', ifsc: 'hdfc0001234' })).toMatchObject({
      accountNumber: '501001234567',
      ifsc: 'HDFC0001234',
    });
    expect(issues(AddBankAccountRequest, { displayName: 'X', bankName: 'Y', accountNumber: '12', ifsc: 'HDFC1001234' }).map(([f]) => f)).toEqual([
      'accountNumber',
      'ifsc',
    ]);
    expect(maskAccountNumber('501001234567')).toBe('XXXX4567');
  });
});
