/** @jest-environment node */
import { GST_RATES, GstInputError, computeLine, isGstRate, normalizeGstRate } from '.';
import type { GstLineInput } from '.';

const line = (over: Partial<GstLineInput>): GstLineInput => ({ quantity: 1, unitPrice: '0', priceIncludesTax: false, gstRate: 18, ...over });

/** The GstInputError a call throws, to check its field and message. */
function inputError(fn: () => unknown): GstInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof GstInputError) return e;
    throw e;
  }
  throw new Error('expected a GstInputError');
}

describe('gst-rules.md worked examples, one line', () => {
  it('1 × 62.51 at 18 %, exclusive: taxable 62.51, CGST 5.63, SGST 5.63, total 73.77', () => {
    expect(computeLine(line({ unitPrice: '62.51', gstRate: '18' }), 'INTRA')).toEqual({
      gross: 6251,
      discount: 0,
      taxableValue: 6251,
      cgst: 563,
      sgst: 563,
      igst: 0,
      cess: 0,
      total: 7377,
    });
  });

  it('1 × 7.60 at 12 %: CGST 0.46, SGST 0.46 on the line', () => {
    const r = computeLine(line({ unitPrice: '7.60', gstRate: 12 }), 'INTRA');
    expect([r.cgst, r.sgst, r.total]).toEqual([46, 46, 852]);
  });

  it('1 × 52.50 at 12 %, inclusive: taxable 46.88, CGST 2.81, SGST 2.81, total 52.50', () => {
    expect(computeLine(line({ unitPrice: '52.50', gstRate: '12', priceIncludesTax: true }), 'INTRA')).toEqual({
      gross: 5250,
      discount: 0,
      taxableValue: 4688,
      cgst: 281,
      sgst: 281,
      igst: 0,
      cess: 0,
      total: 5250,
    });
  });

  it('10 × 1,000.00, 10 % off, 12 % + cess 5 % + ₹1.591 a unit, inter-state: total 10,545.91', () => {
    const r = computeLine(
      line({ quantity: '10', unitPrice: '1000.00', discountPercent: '10', gstRate: '12', cessRate: '5', cessPerUnit: '1.591' }),
      'INTER',
    );
    expect(r).toEqual({
      gross: 10_000_00,
      discount: 1_000_00,
      taxableValue: 9_000_00,
      cgst: 0,
      sgst: 0,
      igst: 1_080_00,
      cess: 450_00 + 15_91,
      total: 10_545_91,
    });
  });
});

describe('one line: each step', () => {
  it('rounds gross half-up to the paisa, once', () => {
    expect(computeLine(line({ quantity: '1.005', unitPrice: '10.00', gstRate: 0 }), 'INTRA').gross).toBe(1005);
    // 0.333 × 0.15 = 0.04995 → 0.05
    expect(computeLine(line({ quantity: '0.333', unitPrice: '0.15', gstRate: 0 }), 'INTRA').gross).toBe(5);
    // exactly half a paisa goes up: 0.5 × 0.01 = 0.005 → 0.01
    expect(computeLine(line({ quantity: '0.5', unitPrice: '0.01', gstRate: 0 }), 'INTRA').gross).toBe(1);
    // just under half a paisa goes down: 0.499 × 0.01 = 0.00499 → 0.00
    expect(computeLine(line({ quantity: '0.499', unitPrice: '0.01', gstRate: 0 }), 'INTRA').gross).toBe(0);
  });

  it('takes the discount amount as given, else the percentage of gross rounded half-up', () => {
    expect(computeLine(line({ quantity: 3, unitPrice: '33.33', discountAmount: '9.99' }), 'INTRA')).toMatchObject({
      gross: 9999,
      discount: 999,
      taxableValue: 9000,
    });
    // 12.5 % of 0.99 = 0.12375 → 0.12
    expect(computeLine(line({ unitPrice: '0.99', discountPercent: '12.5' }), 'INTRA').discount).toBe(12);
    // 50 % of 0.01 = 0.005 → 0.01
    expect(computeLine(line({ unitPrice: '0.01', discountPercent: 50 }), 'INTRA').discount).toBe(1);
    // the amount wins over the percentage
    expect(computeLine(line({ unitPrice: '100', discountAmount: '1', discountPercent: '50' }), 'INTRA').discount).toBe(100);
    // 100 % and a discount equal to gross are allowed: a free line
    expect(computeLine(line({ unitPrice: '100', discountPercent: '100' }), 'INTRA').total).toBe(0);
    expect(computeLine(line({ unitPrice: '100', discountAmount: '100.00' }), 'INTRA').total).toBe(0);
  });

  it('reads an emptied discount, cess or cess-per-unit field as none', () => {
    const r = computeLine(line({ unitPrice: '10', discountAmount: '', discountPercent: ' ', cessRate: null, cessPerUnit: '' }), 'INTRA');
    expect(r).toMatchObject({ discount: 0, taxableValue: 1000, cess: 0 });
  });

  it('splits an inclusive price including the ad-valorem cess, not the per-unit cess', () => {
    // 128 at 28 % + 0 cess → 100; with 12 % cess: 140 / 1.40 = 100, cess 12
    expect(computeLine(line({ unitPrice: '140', gstRate: 28, cessRate: 12, priceIncludesTax: true }), 'INTER')).toMatchObject({
      taxableValue: 10000,
      igst: 2800,
      cess: 1200,
      total: 14000,
    });
    // the per-unit cess comes on top of the price
    expect(
      computeLine(line({ quantity: 2, unitPrice: '128', gstRate: 28, cessPerUnit: '0.5', priceIncludesTax: true }), 'INTER'),
    ).toMatchObject({ taxableValue: 20000, igst: 5600, cess: 100, total: 25700 });
    // the discount comes off the inclusive gross before the split
    expect(computeLine(line({ unitPrice: '118', discountAmount: '59', priceIncludesTax: true }), 'INTRA')).toMatchObject({
      gross: 11800,
      discount: 5900,
      taxableValue: 5000,
      cgst: 450,
      sgst: 450,
      total: 5900,
    });
  });

  it('gives CGST + SGST intra-state and IGST inter-state; the inter-state IGST may differ from CGST + SGST by a paisa', () => {
    const intra = computeLine(line({ unitPrice: '62.51' }), 'INTRA');
    const inter = computeLine(line({ unitPrice: '62.51' }), 'INTER');
    expect([intra.cgst, intra.sgst, intra.igst]).toEqual([563, 563, 0]);
    expect([inter.cgst, inter.sgst, inter.igst]).toEqual([0, 0, 1125]);
    expect([intra.total, inter.total]).toEqual([7377, 7376]);
  });

  it('computes 0.1 % and 0.25 % and 7.5 % exactly', () => {
    expect(computeLine(line({ unitPrice: '1000', gstRate: '0.1' }), 'INTRA')).toMatchObject({ cgst: 50, sgst: 50 });
    expect(computeLine(line({ unitPrice: '999', gstRate: '0.25' }), 'INTER').igst).toBe(250); // 2.4975 → 2.50
    expect(computeLine(line({ unitPrice: '10.10', gstRate: '7.5' }), 'INTRA').cgst).toBe(38); // 0.37875 → 0.38
  });

  it('rounds the cess per unit on the line: 3 × ₹0.005 = 0.015 → 0.02', () => {
    expect(computeLine(line({ quantity: 3, unitPrice: '1', gstRate: 0, cessPerUnit: '0.005' }), 'INTER').cess).toBe(2);
  });

  it('accepts numbers that are exactly what they print and strings with trailing zeros', () => {
    const a = computeLine(line({ quantity: 2.5, unitPrice: 19.99, gstRate: 5 }), 'INTRA');
    const b = computeLine(line({ quantity: '2.500', unitPrice: '19.9900', gstRate: '5.000' }), 'INTRA');
    expect(a).toEqual(b);
    expect(a.gross).toBe(4998); // 49.975 → 49.98
  });

  it('computes in exact integers where quantity × price passes 2^53', () => {
    // 90,242,094.133 × 9,843.12 = 888,263,761,602,405.xx paise before rounding; a float gets the last paisa wrong
    const q = 90_242_094_133n;
    const p = 984_312n;
    const exact = (2n * q * p + 1000n) / 2000n;
    expect(Number(q) * Number(p)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const r = computeLine(line({ quantity: '90242094.133', unitPrice: '9843.12', gstRate: 0 }), 'INTRA');
    expect(r.gross).toBe(Number(exact));
    expect(r.gross).toBe(88_826_376_160_241);
    expect(r.gross).not.toBe(Math.round((Number(q) * Number(p)) / 1000));
    // taxes on a taxable value near the top of numeric(14,2): taxable × rate passes 2^53 too
    const big = computeLine(line({ quantity: 1, unitPrice: '70000000000.01', gstRate: 40 }), 'INTER');
    expect(big.igst).toBe(28_000_000_000_00); // 28,000,000,000.004 → .00
    expect(big.total).toBe(98_000_000_000_01);
  });
});

describe('one line: invalid input names its field', () => {
  it.each<[string, Partial<GstLineInput>, string, RegExp]>([
    ['negative quantity', { quantity: '-1' }, 'quantity', /cannot be negative/],
    ['zero quantity', { quantity: 0 }, 'quantity', /more than 0/],
    ['missing quantity', { quantity: '' }, 'quantity', /required/],
    ['four-decimal quantity', { quantity: '1.0001' }, 'quantity', /at most 3 decimals/],
    ['quantity beyond numeric(14,3)', { quantity: '100000000000' }, 'quantity', /too large/],
    ['negative price', { unitPrice: '-0.01' }, 'unitPrice', /cannot be negative/],
    ['three-decimal price', { unitPrice: '12.345' }, 'unitPrice', /at most 2 decimals/],
    ['float-drift price', { unitPrice: 0.1 + 0.2 }, 'unitPrice', /at most 2 decimals/],
    ['price past 1e21', { unitPrice: 1e21 }, 'unitPrice', /too large/],
    ['price so small it has an exponent', { unitPrice: 1e-7 }, 'unitPrice', /at most 2 decimals/],
    ['price that is not a number', { unitPrice: 'abc' }, 'unitPrice', /at most 2 decimals/],
    ['price with grouping commas', { unitPrice: '1,00,000' }, 'unitPrice', /at most 2 decimals/],
    ['NaN price', { unitPrice: Number.NaN }, 'unitPrice', /at most 2 decimals/],
    ['unknown GST rate', { gstRate: 17 }, 'gstRate', /must be one of 0, 0.1, 0.25/],
    ['missing GST rate', { gstRate: '' }, 'gstRate', /required/],
    ['discount over gross', { unitPrice: '10', discountAmount: '10.01' }, 'discountAmount', /more than the line amount/],
    ['negative discount', { unitPrice: '10', discountAmount: '-1' }, 'discountAmount', /cannot be negative/],
    ['discount over 100 %', { unitPrice: '10', discountPercent: '100.001' }, 'discountPercent', /at most 100/],
    ['four-decimal discount %', { unitPrice: '10', discountPercent: '1.2345' }, 'discountPercent', /at most 3 decimals/],
    ['negative cess rate', { cessRate: '-1' }, 'cessRate', /cannot be negative/],
    ['four-decimal cess per unit', { cessPerUnit: '0.0001' }, 'cessPerUnit', /at most 3 decimals/],
    ['price inclusion not said', { priceIncludesTax: undefined as unknown as boolean }, 'priceIncludesTax', /includes tax/],
  ])('%s', (_name, over, field, message) => {
    const e = inputError(() => computeLine(line(over), 'INTRA'));
    expect(e.field).toBe(field);
    expect(e.message).toMatch(message);
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('GstInputError');
  });

  it('refuses a line whose amount does not fit numeric(14,2)', () => {
    const e = inputError(() => computeLine(line({ quantity: '99999999999.999', unitPrice: '999999999999.99' }), 'INTRA'));
    expect([e.field, e.message]).toEqual(['quantity', 'Line amount (quantity × price) is too large']);
    // gross fits, but gross + 40 % GST does not
    const t = inputError(() => computeLine(line({ unitPrice: '999999999999.99', gstRate: 40 }), 'INTER'));
    expect([t.field, t.message]).toEqual(['quantity', 'Line total is too large']);
  });

  it('refuses an unknown supply type', () => {
    expect(inputError(() => computeLine(line({}), 'BOTH' as 'INTRA')).field).toBe('supplyType');
  });
});

describe('GST rates', () => {
  it('lists the rates of gst-rules.md', () => {
    expect(GST_RATES).toEqual(['0', '0.1', '0.25', '1', '1.5', '3', '5', '6', '7.5', '12', '18', '28', '40']);
    expect(Object.isFrozen(GST_RATES)).toBe(true);
  });

  it('knows a rate however it is written, and nothing else', () => {
    for (const r of GST_RATES) expect(isGstRate(r)).toBe(true);
    for (const r of [18, '18.000', ' 0.25 ', 0.1, '.1', '7.50']) expect(isGstRate(r)).toBe(true);
    for (const r of [17, '2.5', '.5', -18, '-18', '18%', 0.1 + 0.2, '', Number.NaN]) expect(isGstRate(r)).toBe(false);
    expect(normalizeGstRate('18.000')).toBe('18');
    expect(normalizeGstRate(0.25)).toBe('0.25');
    expect(inputError(() => normalizeGstRate(19)).field).toBe('gstRate');
  });
});
