import { z } from 'zod';
import { Money, MoneyString, MoneySumString, Percent, Quantity, SignedMoney } from './money';
import { PartyListResponse } from './party';
import { SaleReportTotals } from './report';
import { SaleInvoiceListResponse } from './sales';

const parse = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? r.data : `error: ${r.error.issues[0].message}`;
};

describe('Money', () => {
  const price = Money('Sale price');
  it('answers a two-decimal string for numbers and strings', () => {
    expect(parse(price, 12)).toBe('12.00');
    expect(parse(price, 12.5)).toBe('12.50');
    expect(parse(price, '0012.5')).toBe('12.50');
    expect(parse(price, ' 1,00,000.10 ')).toBe('100000.10');
    expect(parse(price, '₹ 99')).toBe('99.00');
    expect(parse(price, 0)).toBe('0.00');
    expect(parse(price, '999999999999.99')).toBe('999999999999.99');
  });
  it('refuses what numeric(14,2) cannot hold, floats with drift, and non-numbers', () => {
    expect(parse(price, 1e15)).toBe('error: Sale price can be at most 9,99,99,99,99,999.99');
    expect(parse(price, 1e21)).toMatch(/^error: /);
    expect(parse(price, 999999999999999)).toBe('error: Sale price can be at most 9,99,99,99,99,999.99');
    expect(parse(price, '1000000000000')).toBe('error: Sale price can be at most 9,99,99,99,99,999.99');
    expect(parse(price, 0.1 + 0.2)).toBe('error: Sale price can have at most 2 decimals');
    expect(parse(price, 12.345)).toMatch(/at most 2 decimals/);
    expect(parse(price, '12.5.0')).toBe('error: Sale price must be a number');
    for (const bad of [NaN, Infinity, -Infinity, '1e3', '0x10', 'abc', '', null, true, [], {}, '12.3.4', '--1']) {
      expect(parse(price, bad)).toMatch(/^error: /);
    }
  });
  it('says an empty or missing amount is required, in every money field; other mistakes keep their message', () => {
    for (const empty of [undefined, null, '', '   ', '₹ ', ',']) {
      expect(parse(Money('Amount', { positive: true }), empty)).toBe('error: Amount is required');
      expect(parse(SignedMoney('Opening balance'), empty)).toBe('error: Opening balance is required');
      expect(parse(price, empty)).toBe('error: Sale price is required');
    }
    expect(parse(Money('Amount', { positive: true }), 'abc')).toBe('error: Amount must be a number');
    expect(parse(Money('Amount', { positive: true }), '0')).toBe('error: Amount must be more than 0');
    // Through an object, as a request body is checked: a missing key is required, not "not a number".
    const body = z.object({ amount: Money('Amount', { positive: true }) });
    expect(body.safeParse({}).error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', 'Amount is required']]);
  });
  it('refuses negatives unless signed', () => {
    expect(parse(price, -1)).toBe('error: Sale price cannot be negative');
    expect(parse(Money('Sale Price', { message: 'Sale Price must be 0 or more, in steps of 0.01' }), '-1')).toBe(
      'error: Sale Price must be 0 or more, in steps of 0.01',
    );
    expect(parse(price, '-0')).toBe('0.00');
    expect(parse(SignedMoney('Opening balance'), '-1500.5')).toBe('-1500.50');
  });
  it('answers strings the response schema accepts', () => {
    expect(MoneyString.safeParse(parse(price, 7)).success).toBe(true);
    expect(MoneyString.safeParse('7.5').success).toBe(false);
  });
});

describe('Quantity and Percent', () => {
  it('keeps three decimals of a quantity and refuses zero', () => {
    expect(parse(Quantity(), 1.5)).toBe('1.500');
    expect(parse(Quantity(), '0')).toBe('error: Quantity must be more than 0');
    expect(parse(Quantity('Quantity', { decimals: 0 }), 1.5)).toBe('error: Quantity must be a whole number');
  });
  it('bounds a percentage to 0-100', () => {
    expect(parse(Percent('Discount'), 12.5)).toBe('12.500');
    expect(parse(Percent('Discount'), 100.001)).toMatch(/at most 100/);
  });
});

describe('sums in answers', () => {
  it('a thirteen-digit total parses as a sum, while a single amount keeps the twelve-digit bound', () => {
    expect(MoneySumString.safeParse('1999999999999.98').success).toBe(true);
    expect(MoneySumString.safeParse('-999999999999999.99').success).toBe(true);
    expect(MoneySumString.safeParse('1000000000000000.00').success).toBe(false);
    expect(MoneySumString.safeParse('12.5').success).toBe(false);
    expect(MoneyString.safeParse('1999999999999.98').success).toBe(false);
  });

  it("a party list, a sale list's sums and a sale report whose totals pass twelve digits are read, not refused", () => {
    const big = '1999999999999.98';
    const party = {
      id: '7a2c1b9e-1a2b-4c3d-8e9f-000000000001', name: 'Big Buyer', partyType: 'BOTH', mobileNumber: null, email: null, partyCatagory: null,
      openingBalance: null, gstin: null, panNumber: null, creditPeriod: null, creditLimit: null, billingAddress: null, shippingAddress: null,
      createdAt: '2026-11-28T00:00:00.000Z', updatedAt: '2026-11-28T00:00:00.000Z', balance: big,
    };
    expect(PartyListResponse.safeParse({ success: true, data: [party] }).success).toBe(true);
    expect(PartyListResponse.safeParse({ success: true, data: [{ ...party, openingBalance: big }] }).success).toBe(false);
    const meta = { total: 2, page: 1, pageSize: 20, grandTotal: big, received: '0.00', balance: big };
    expect(SaleInvoiceListResponse.safeParse({ success: true, data: [], meta }).success).toBe(true);
    const totals = { invoices: 2, taxableValue: big, cgst: '0.00', sgst: '0.00', igst: '0.00', cess: '0.00', subtotal: big, roundOff: '0.00', grandTotal: big, received: '0.00', balance: big };
    expect(SaleReportTotals.safeParse(totals).success).toBe(true);
  });
});
