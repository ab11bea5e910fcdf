import { z } from 'zod';
import { Money, MoneyString, Percent, Quantity, SignedMoney } from './money';

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
