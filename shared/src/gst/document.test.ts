/** @jest-environment node */
import { GstInputError, apportionDiscount, computeDocument, inputTaxCredit, roundOffTotal } from '.';
import type { GstLineInput } from '.';

const line = (over: Partial<GstLineInput>): GstLineInput => ({ quantity: 1, unitPrice: '0', priceIncludesTax: false, gstRate: 18, ...over });

describe('gst-rules.md worked examples, on a document', () => {
  it('2 lines of 1 × 7.60 at 12 %: invoice CGST 0.92 and SGST 0.92 (per line, not per invoice)', () => {
    const doc = computeDocument({ supplyType: 'INTRA', roundOff: false, lines: [line({ unitPrice: '7.60', gstRate: 12 }), line({ unitPrice: '7.60', gstRate: 12 })] });
    expect(doc.lines.map((l) => [l.cgst, l.sgst])).toEqual([
      [46, 46],
      [46, 46],
    ]);
    expect(doc.totals).toEqual({
      taxableValue: 1520,
      discount: 0,
      cgst: 92,
      sgst: 92,
      igst: 0,
      cess: 0,
      subtotal: 1704,
      roundOff: 0,
      grandTotal: 1704,
    });
    expect(doc.amountInWords).toBe('Rupees Seventeen and Four Paise Only');
  });

  it('each worked example as a one-line document gives the same figures as the line', () => {
    const examples: [GstLineInput, 'INTRA' | 'INTER', number][] = [
      [line({ unitPrice: '62.51', gstRate: 18 }), 'INTRA', 7377],
      [line({ unitPrice: '52.50', gstRate: 12, priceIncludesTax: true }), 'INTRA', 5250],
      [
        line({ quantity: 10, unitPrice: '1000.00', discountPercent: 10, gstRate: 12, cessRate: 5, cessPerUnit: '1.591' }),
        'INTER',
        10_545_91,
      ],
    ];
    for (const [l, supplyType, total] of examples) {
      const doc = computeDocument({ supplyType, roundOff: false, lines: [l] });
      expect(doc.totals.subtotal).toBe(total);
      expect(doc.totals.grandTotal).toBe(total);
    }
    const cess = computeDocument({ supplyType: 'INTER', roundOff: true, lines: [examples[2][0]] });
    expect(cess.totals).toEqual({
      taxableValue: 9_000_00,
      discount: 1_000_00,
      cgst: 0,
      sgst: 0,
      igst: 1_080_00,
      cess: 465_91,
      subtotal: 10_545_91,
      roundOff: 9,
      grandTotal: 10_546_00,
    });
    expect(cess.amountInWords).toBe('Rupees Ten Thousand Five Hundred Forty-Six Only');
  });
});

describe('round-off', () => {
  it('rounds x.50 up and x.49 down, to the rupee', () => {
    expect(roundOffTotal(10_050, true)).toEqual({ roundOff: 50, grandTotal: 10_100 });
    expect(roundOffTotal(10_049, true)).toEqual({ roundOff: -49, grandTotal: 10_000 });
    expect(roundOffTotal(10_051, true)).toEqual({ roundOff: 49, grandTotal: 10_100 });
    expect(roundOffTotal(10_099, true)).toEqual({ roundOff: 1, grandTotal: 10_100 });
    expect(roundOffTotal(10_001, true)).toEqual({ roundOff: -1, grandTotal: 10_000 });
    expect(roundOffTotal(10_000, true)).toEqual({ roundOff: 0, grandTotal: 10_000 });
    expect(roundOffTotal(50, true)).toEqual({ roundOff: 50, grandTotal: 100 });
    expect(roundOffTotal(49, true)).toEqual({ roundOff: -49, grandTotal: 0 });
  });

  it('never gives a negative grand total or a round-off of −0.50, and no −0', () => {
    expect(roundOffTotal(0, true)).toEqual({ roundOff: 0, grandTotal: 0 });
    expect(Object.is(roundOffTotal(0, true).roundOff, -0)).toBe(false);
    expect(Object.is(roundOffTotal(49, true).grandTotal, -0)).toBe(false);
    expect(roundOffTotal(1, true)).toEqual({ roundOff: -1, grandTotal: 0 });
    // a negative sum (never from lines, but the function is total) keeps −0.50 < round-off ≤ +0.50
    expect(roundOffTotal(-1_050, true)).toEqual({ roundOff: 50, grandTotal: -1_000 });
    expect(roundOffTotal(-1_051, true)).toEqual({ roundOff: -49, grandTotal: -1_100 });
  });

  it('off: round-off 0, grand total = the sum', () => {
    expect(roundOffTotal(10_049, false)).toEqual({ roundOff: 0, grandTotal: 10_049 });
    const doc = computeDocument({ supplyType: 'INTRA', roundOff: false, lines: [line({ unitPrice: '62.51' })] });
    expect([doc.totals.roundOff, doc.totals.grandTotal]).toEqual([0, 7377]);
    expect(doc.amountInWords).toBe('Rupees Seventy-Three and Seventy-Seven Paise Only');
  });

  it('is on by default', () => {
    const doc = computeDocument({ supplyType: 'INTRA', lines: [line({ unitPrice: '62.51' })] });
    expect([doc.totals.subtotal, doc.totals.roundOff, doc.totals.grandTotal]).toEqual([7377, 23, 7400]);
    expect(doc.amountInWords).toBe('Rupees Seventy-Four Only');
  });

  it('refuses a subtotal that is not whole paise', () => {
    expect(() => roundOffTotal(10.5, true)).toThrow(GstInputError);
  });
});

describe('the document', () => {
  it('sums every line figure, discount included, and keeps the lines in order', () => {
    const doc = computeDocument({
      supplyType: 'INTER',
      roundOff: true,
      lines: [
        line({ quantity: 2, unitPrice: '499.50', discountAmount: '99', gstRate: 18 }),
        line({ quantity: '1.5', unitPrice: '80', discountPercent: '5', gstRate: 5, priceIncludesTax: true }),
        line({ quantity: 3, unitPrice: '250', gstRate: 28, cessRate: 12, cessPerUnit: '2' }),
      ],
    });
    const sum = (k: keyof (typeof doc.lines)[number]) => doc.lines.reduce((s, l) => s + l[k], 0);
    expect(doc.lines.map((l) => l.gross)).toEqual([99_900, 12_000, 75_000]);
    expect(doc.totals).toMatchObject({
      taxableValue: sum('taxableValue'),
      discount: sum('discount'),
      cgst: 0,
      sgst: 0,
      igst: sum('igst'),
      cess: sum('cess'),
      subtotal: sum('total'),
    });
    expect(doc.supplyType).toBe('INTER');
  });

  it('with no lines is all zero: the form computes before the first line is added', () => {
    const doc = computeDocument({ supplyType: 'INTRA', roundOff: true, lines: [] });
    expect(doc.totals).toEqual({ taxableValue: 0, discount: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, subtotal: 0, roundOff: 0, grandTotal: 0 });
    expect(doc.amountInWords).toBe('Rupees Zero Only');
    expect(doc.hsnSummary).toEqual([]);
  });

  it("names the line of a wrong input: 'lines.1.unitPrice'", () => {
    try {
      computeDocument({ supplyType: 'INTRA', roundOff: true, lines: [line({ unitPrice: '1' }), line({ unitPrice: '1.001' })] });
      throw new Error('expected a GstInputError');
    } catch (e) {
      expect(e).toBeInstanceOf(GstInputError);
      expect((e as GstInputError).field).toBe('lines.1.unitPrice');
      expect((e as GstInputError).message).toBe('Line 2: Unit price must be a number with at most 2 decimals');
    }
  });

  it('refuses a document whose total does not fit numeric(14,2), and an unknown supply type', () => {
    const big = line({ unitPrice: '600000000000', gstRate: 0 });
    expect(() => computeDocument({ supplyType: 'INTRA', lines: [big, big] })).toThrow('Document total is too large');
    expect(() => computeDocument({ supplyType: 'NONE' as 'INTRA', lines: [] })).toThrow(GstInputError);
  });

  it('reads a grand total above 99 crore in words', () => {
    const doc = computeDocument({ supplyType: 'INTRA', roundOff: true, lines: [line({ quantity: 1000, unitPrice: '1234567.89', gstRate: 0 })] });
    expect(doc.totals.grandTotal).toBe(1_23_45_67_890_00);
    expect(doc.amountInWords).toBe('Rupees One Hundred Twenty-Three Crore Forty-Five Lakh Sixty-Seven Thousand Eight Hundred Ninety Only');
  });

  it('reads paise alone in words', () => {
    const doc = computeDocument({ supplyType: 'INTRA', roundOff: false, lines: [line({ unitPrice: '0.42', gstRate: 0 })] });
    expect(doc.amountInWords).toBe('Forty-Two Paise Only');
  });
});

describe('HSN summary', () => {
  it('has one row per HSN/SAC and rate, with the sums of its lines, sorted by HSN then rate', () => {
    const doc = computeDocument({
      supplyType: 'INTRA',
      roundOff: true,
      lines: [
        line({ hsnSac: '8471', unit: 'NOS', quantity: 2, unitPrice: '100', gstRate: 18 }),
        line({ hsnSac: '1006', unit: 'KGS', quantity: '2.5', unitPrice: '40', gstRate: 5 }),
        line({ hsnSac: '8471', unit: 'NOS', quantity: 1, unitPrice: '62.51', gstRate: 18 }),
        line({ hsnSac: '8471', unit: 'NOS', quantity: 1, unitPrice: '50', gstRate: 12 }),
        line({ hsnSac: '1006', unit: 'KGS', quantity: '0.75', unitPrice: '40', gstRate: 5, cessRate: 1 }),
      ],
    });
    expect(doc.hsnSummary).toEqual([
      { hsnSac: '1006', gstRate: '5', unit: 'KGS', quantity: '3.250', taxableValue: 13_000, igst: 0, cgst: 325, sgst: 325, cess: 30 },
      { hsnSac: '8471', gstRate: '12', unit: 'NOS', quantity: '1.000', taxableValue: 5_000, igst: 0, cgst: 300, sgst: 300, cess: 0 },
      { hsnSac: '8471', gstRate: '18', unit: 'NOS', quantity: '3.000', taxableValue: 26_251, igst: 0, cgst: 1_800 + 563, sgst: 1_800 + 563, cess: 0 },
    ]);
    // 1006 at 5 %: CGST per line 2.50 + 0.75 (0.75 = round(30.00 × 2.5 %)); the summary sums the lines
    expect(doc.lines[1].cgst + doc.lines[4].cgst).toBe(325);
  });

  it('writes a rate as GST_RATES does however the line wrote it', () => {
    const doc = computeDocument({
      supplyType: 'INTER',
      roundOff: true,
      lines: [line({ hsnSac: '998314', unitPrice: '100', gstRate: '18.000' }), line({ hsnSac: '998314', unitPrice: '100', gstRate: 18 })],
    });
    expect(doc.hsnSummary).toEqual([
      { hsnSac: '998314', gstRate: '18', unit: null, quantity: '2.000', taxableValue: 20_000, igst: 3_600, cgst: 0, sgst: 0, cess: 0 },
    ]);
  });

  it('keeps lines of one HSN and rate but different units apart, and lines without HSN under an empty one', () => {
    const doc = computeDocument({
      supplyType: 'INTRA',
      roundOff: true,
      lines: [
        line({ hsnSac: '1006', unit: 'KGS', quantity: 1, unitPrice: '10', gstRate: 5 }),
        line({ hsnSac: '1006', unit: 'BAG', quantity: 1, unitPrice: '10', gstRate: 5 }),
        line({ hsnSac: ' 1006 ', unit: 'KGS ', quantity: 1, unitPrice: '10', gstRate: 5 }),
        line({ hsnSac: null, unit: '', quantity: 1, unitPrice: '10', gstRate: 5 }),
      ],
    });
    expect(doc.hsnSummary.map((r) => [r.hsnSac, r.gstRate, r.unit, r.quantity])).toEqual([
      ['', '5', null, '1.000'],
      ['1006', '5', 'BAG', '1.000'],
      ['1006', '5', 'KGS', '2.000'],
    ]);
    const sum = (k: 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'cess') => doc.hsnSummary.reduce((s, r) => s + r[k], 0);
    expect([sum('taxableValue'), sum('cgst'), sum('sgst'), sum('igst'), sum('cess')]).toEqual([
      doc.totals.taxableValue,
      doc.totals.cgst,
      doc.totals.sgst,
      doc.totals.igst,
      doc.totals.cess,
    ]);
  });
});

describe('reverse charge and input tax credit (purchases)', () => {
  const l = (o: Partial<GstLineInput> = {}): GstLineInput => ({ quantity: '1', unitPrice: '1000', priceIncludesTax: false, gstRate: '18', ...o });

  it('under reverse charge the supplier is owed the taxable value; the tax is shown as the buyer’s to pay', () => {
    const doc = computeDocument({ supplyType: 'INTER', roundOff: true, reverseCharge: true, lines: [l(), l({ unitPrice: '100.40', gstRate: '5' })] });
    expect(doc.lines.map((x) => [x.taxableValue, x.igst, x.total])).toEqual([
      [100000, 18000, 118000],
      [10040, 502, 10542],
    ]);
    expect(doc.totals).toMatchObject({ taxableValue: 110040, igst: 18502, subtotal: 110040, roundOff: -40, grandTotal: 110000, reverseChargeTax: 18502 });
    expect(computeDocument({ supplyType: 'INTER', lines: [l()] }).totals.reverseChargeTax).toBeUndefined();
  });

  it('counts the GST and cess of eligible lines only', () => {
    const doc = computeDocument({ supplyType: 'INTRA', roundOff: false, lines: [l(), l({ unitPrice: '200' })] });
    expect(inputTaxCredit(doc, [true, false])).toEqual({ lines: [18000, 0], totals: { cgst: 9000, sgst: 9000, igst: 0, cess: 0, total: 18000 } });
  });
});

describe('gst-rules.md "Invoice discount"', () => {
  it('100.00 @ 18 % and 200.00 @ 5 %, discount 30.00: shares 10.00 and 20.00, taxes on 90.00 and 180.00', () => {
    const doc = computeDocument({
      supplyType: 'INTRA',
      roundOff: false,
      discount: { amount: '30.00' },
      lines: [line({ unitPrice: '100.00', gstRate: 18 }), line({ unitPrice: '200.00', gstRate: 5 })],
    });
    expect(doc.documentDiscount).toEqual({ amount: 3000, shares: [1000, 2000] });
    expect(doc.lines.map((l) => [l.discount, l.taxableValue, l.cgst, l.sgst])).toEqual([
      [1000, 9000, 810, 810],
      [2000, 18000, 450, 450],
    ]);
    expect(doc.totals).toMatchObject({ discount: 3000, taxableValue: 27000, cgst: 1260, sgst: 1260, subtotal: 29520 });
  });

  it('three lines of 1.00, discount 1.00: 0.33, 0.33 and the last 0.34', () => {
    const doc = computeDocument({ supplyType: 'INTRA', discount: { amount: 1 }, lines: [1, 2, 3].map(() => line({ unitPrice: '1.00', gstRate: 0 })) });
    expect(doc.lines.map((l) => l.discount)).toEqual([33, 33, 34]);
    expect(apportionDiscount(100, [100, 100, 100])).toEqual([33, 33, 34]);
  });

  it('a percentage is of the lines after their own discounts; the line keeps its own discount too', () => {
    const doc = computeDocument({
      supplyType: 'INTER',
      roundOff: false,
      discount: { percent: 10 },
      lines: [line({ unitPrice: '100.00', discountAmount: '20.00', gstRate: 18 }), line({ unitPrice: '120.00', gstRate: 18 })],
    });
    // lines worth 80.00 and 120.00: 10 % is 20.00, shared 8.00 and 12.00
    expect(doc.documentDiscount).toEqual({ amount: 2000, shares: [800, 1200] });
    expect(doc.lines.map((l) => [l.discount, l.taxableValue, l.igst])).toEqual([
      [2800, 7200, 1296],
      [1200, 10800, 1944],
    ]);
  });

  it('a tax-inclusive line shares by its inclusive value, and its taxable value follows from what is left', () => {
    const doc = computeDocument({
      supplyType: 'INTRA',
      roundOff: false,
      discount: { amount: '11.80' },
      lines: [line({ unitPrice: '118.00', priceIncludesTax: true, gstRate: 18 })],
    });
    expect(doc.lines[0]).toMatchObject({ discount: 1180, taxableValue: 9000, cgst: 810, sgst: 810, total: 10620 });
  });

  it('the shares always add up to the discount and no line gets more than its value', () => {
    expect(apportionDiscount(1, [1, 1, 0])).toEqual([1, 0, 0]);
    expect(apportionDiscount(1, [1, 1, 1, 1, 0])).toEqual([0, 0, 0, 1, 0]);
    expect(apportionDiscount(0, [5, 5])).toEqual([0, 0]);
    for (const [d, values] of [
      [7, [3, 3, 3]],
      [999, [1, 500, 499, 0]],
      [2, [1, 1, 1, 1, 1]],
    ] as [number, number[]][]) {
      const shares = apportionDiscount(d, values);
      expect(shares.reduce((a, s) => a + s, 0)).toBe(d);
      shares.forEach((s, i) => expect(s >= 0 && s <= values[i]).toBe(true));
    }
  });

  it('a discount above the document value is refused, naming the field', () => {
    expect(() =>
      computeDocument({ supplyType: 'INTRA', discount: { amount: '10.01' }, lines: [line({ unitPrice: '10.00' })] }),
    ).toThrow(expect.objectContaining({ field: 'discount.amount' }));
    expect(() =>
      computeDocument({ supplyType: 'INTRA', discount: { percent: '101' }, lines: [line({ unitPrice: '10.00' })] }),
    ).toThrow(expect.objectContaining({ field: 'discount.percent' }));
  });
});

describe('a zero-rated supply (SEZ, export) without payment of IGST', () => {
  it('keeps each line at its rate but charges no IGST and no cess; with payment the same lines charge IGST', () => {
    const lines = [
      line({ quantity: 10, unitPrice: '1000.00', discountPercent: 10, gstRate: 12, cessRate: 5, cessPerUnit: '1.591' }),
      line({ unitPrice: '62.51', gstRate: 18 }),
    ];
    const lut = computeDocument({ supplyType: 'INTER', roundOff: false, withoutPayment: true, lines });
    expect(lut.lines.map((l) => [l.taxableValue, l.igst, l.cess, l.total])).toEqual([
      [900000, 0, 0, 900000],
      [6251, 0, 0, 6251],
    ]);
    expect(lut.totals).toMatchObject({ taxableValue: 906251, igst: 0, cgst: 0, sgst: 0, cess: 0, grandTotal: 906251 });
    // The HSN summary keeps the rates.
    expect(lut.hsnSummary.map((r) => r.gstRate).sort()).toEqual(['12', '18']);
    const paid = computeDocument({ supplyType: 'INTER', roundOff: false, lines });
    expect(paid.lines.map((l) => [l.igst, l.cess])).toEqual([
      [108000, 46591],
      [1125, 0],
    ]);
  });

  it('a tax-inclusive price holds no tax when none is charged: all of it is taxable value', () => {
    const doc = computeDocument({ supplyType: 'INTER', withoutPayment: true, lines: [line({ unitPrice: '118.00', priceIncludesTax: true })] });
    expect(doc.lines[0]).toMatchObject({ taxableValue: 11800, igst: 0, total: 11800 });
  });

  it('is refused within the state: a zero-rated supply is inter-state (IGST)', () => {
    expect(() => computeDocument({ supplyType: 'INTRA', withoutPayment: true, lines: [line({ unitPrice: '10.00' })] })).toThrow(
      expect.objectContaining({ field: 'supplyType' }),
    );
  });
});
