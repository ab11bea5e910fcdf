/** @jest-environment node */
import { GstInputError, computeDocument, inputTaxCredit, roundOffTotal } from '.';
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
