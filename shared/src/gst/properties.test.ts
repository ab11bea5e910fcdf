/** @jest-environment node */
import fc from 'fast-check';
import { paiseInWords } from '../india/money';
import {
  GST_RATES,
  GstInputError,
  computeDocument,
  computeLine,
  documentNumber,
  documentSeriesPrefix,
  financialYearOf,
  isValidDocumentNumber,
  roundOffTotal,
} from '.';
import type { GstLineInput, GstLineResult, SupplyType } from '.';

/**
 * Property tests. A fixed seed keeps CI deterministic; FC_SEED=<n> or FC_SEED=random explores other cases, and
 * FC_RUNS raises the count. A failure prints the seed and the shrunk counterexample.
 */
const seedEnv = process.env.FC_SEED;
const seed = seedEnv === 'random' ? Date.now() : seedEnv ? Number(seedEnv) : 20260401;
const runs = (n: number) => ({ seed, numRuns: process.env.FC_RUNS ? Number(process.env.FC_RUNS) : n });

/** A decimal text of an integer scaled by 10^decimals: (1591n, 3) → '1.591'. */
function decimalText(n: bigint, decimals: number): string {
  const digits = n.toString().padStart(decimals + 1, '0');
  return decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
}

/** As a string, or as a JS number when the number prints exactly as that decimal (so it is what a form sends). */
function asInput(n: bigint, decimals: number, useNumber: boolean): string | number {
  const text = decimalText(n, decimals);
  const asNumber = Number(text);
  return useNumber && String(asNumber) === text.replace(/\.?0+$/, '') ? asNumber : text;
}

/** The rules of gst-rules.md "One line", written out again independently: half-up as quotient + remainder test. */
function halfUp(n: bigint, d: bigint): bigint {
  return n / d + (2n * (n % d) >= d ? 1n : 0n);
}

interface LineSpec {
  qty: bigint; // thousandths of a unit
  price: bigint; // paise
  inclusive: boolean;
  rate: string;
  cessRate: bigint; // thousandths of a per cent
  cessPerUnit: bigint; // thousandths of a rupee
  discount: { kind: 'none' } | { kind: 'percent'; milli: bigint } | { kind: 'amount'; share: number };
  hsn: string;
  unit: string;
  numbers: boolean;
}

function rateMilli(rate: string): bigint {
  const [w, f = ''] = rate.split('.');
  return BigInt(w) * 1000n + BigInt(f.padEnd(3, '0'));
}

function reference(spec: LineSpec, supplyType: SupplyType): GstLineResult {
  const gross = halfUp(spec.qty * spec.price, 1000n);
  const discount = discountOf(spec, gross);
  const r = rateMilli(spec.rate);
  const net = gross - discount;
  // (gross − discount) × 100 ÷ (100 + rate + cess), rates in thousandths of a per cent
  const taxable = spec.inclusive ? halfUp(net * 100n * 1000n, 100n * 1000n + r + spec.cessRate) : net;
  const half = supplyType === 'INTRA' ? halfUp(taxable * r, 2n * 100n * 1000n) : 0n;
  const igst = supplyType === 'INTER' ? halfUp(taxable * r, 100n * 1000n) : 0n;
  // quantity (÷1000) × rupees per unit (÷1000) × 100 paise
  const cess = halfUp(taxable * spec.cessRate, 100n * 1000n) + halfUp(spec.qty * spec.cessPerUnit * 100n, 1000n * 1000n);
  const n = (x: bigint) => Number(x);
  return {
    gross: n(gross),
    discount: n(discount),
    taxableValue: n(taxable),
    cgst: n(half),
    sgst: n(half),
    igst: n(igst),
    cess: n(cess),
    total: n(taxable + 2n * half + igst + cess),
  };
}

function discountOf(spec: LineSpec, gross: bigint): bigint {
  if (spec.discount.kind === 'percent') return halfUp(gross * spec.discount.milli, 100n * 1000n);
  if (spec.discount.kind === 'amount') return (gross * BigInt(spec.discount.share)) / 1000n;
  return 0n;
}

function toInput(spec: LineSpec): GstLineInput {
  const gross = halfUp(spec.qty * spec.price, 1000n);
  const input: GstLineInput = {
    quantity: asInput(spec.qty, 3, spec.numbers),
    unitPrice: asInput(spec.price, 2, spec.numbers),
    priceIncludesTax: spec.inclusive,
    gstRate: spec.numbers ? Number(spec.rate) : spec.rate,
    cessRate: spec.cessRate ? asInput(spec.cessRate, 3, spec.numbers) : null,
    cessPerUnit: spec.cessPerUnit ? asInput(spec.cessPerUnit, 3, spec.numbers) : undefined,
    hsnSac: spec.hsn,
    unit: spec.unit,
  };
  if (spec.discount.kind === 'percent') input.discountPercent = asInput(spec.discount.milli, 3, spec.numbers);
  if (spec.discount.kind === 'amount') input.discountAmount = asInput(discountOf(spec, gross), 2, spec.numbers);
  return input;
}

const big = (min: number, max: number) => fc.bigInt({ min: BigInt(min), max: BigInt(max) });

/** Everyday lines: up to 99,999.999 units at up to ₹9,99,999.99, cess up to 300 %, ₹100 a unit. */
const lineSpec = (opts: { cessPerUnit?: boolean } = {}): fc.Arbitrary<LineSpec> =>
  fc.record({
    qty: fc.oneof(big(1, 99_999_999), fc.constantFrom(1000n, 2000n, 500n, 1n)),
    price: fc.oneof(big(0, 99_999_999), big(0, 10_000)),
    inclusive: fc.boolean(),
    rate: fc.constantFrom(...GST_RATES),
    cessRate: fc.oneof(fc.constant(0n), big(0, 300_000), fc.constantFrom(1_000n, 5_000n, 12_000n, 60_000n)),
    cessPerUnit: opts.cessPerUnit === false ? fc.constant(0n) : fc.oneof(fc.constant(0n), big(0, 100_000)),
    discount: fc.oneof(
      fc.constant({ kind: 'none' as const }),
      big(0, 100_000).map((milli) => ({ kind: 'percent' as const, milli })),
      fc.integer({ min: 0, max: 1000 }).map((share) => ({ kind: 'amount' as const, share })),
    ),
    hsn: fc.constantFrom('1006', '8471', '998314', ''),
    unit: fc.constantFrom('NOS', 'KGS', ''),
    numbers: fc.boolean(),
  });

const supplyType = fc.constantFrom<SupplyType>('INTRA', 'INTER');

describe('properties of a line', () => {
  it('is exactly the rules of gst-rules.md, whether the input comes as strings or numbers', () => {
    fc.assert(
      fc.property(lineSpec(), supplyType, (spec, st) => {
        expect(computeLine(toInput(spec), st)).toEqual(reference(spec, st));
        expect(computeLine(toInput({ ...spec, numbers: !spec.numbers }), st)).toEqual(reference(spec, st));
      }),
      runs(200),
    );
  });

  it('line total always equals taxable + taxes; CGST = SGST; one of CGST+SGST and IGST is zero; 0 ≤ discount ≤ gross', () => {
    fc.assert(
      fc.property(lineSpec(), supplyType, (spec, st) => {
        const r = computeLine(toInput(spec), st);
        expect(r.total).toBe(r.taxableValue + r.cgst + r.sgst + r.igst + r.cess);
        expect(r.cgst).toBe(r.sgst);
        if (st === 'INTRA') expect(r.igst).toBe(0);
        else expect(r.cgst + r.sgst).toBe(0);
        expect(0 <= r.discount && r.discount <= r.gross && r.taxableValue <= r.gross - r.discount).toBe(true);
        expect(Object.values(r).every((v) => Number.isSafeInteger(v) && v >= 0)).toBe(true);
      }),
      runs(200),
    );
  });

  it('with a tax-inclusive price, the line total is within a few paise of gross − discount', () => {
    fc.assert(
      fc.property(lineSpec({ cessPerUnit: false }), supplyType, (spec, st) => {
        const r = computeLine(toInput({ ...spec, inclusive: true }), st);
        const diff = Math.abs(r.total - (r.gross - r.discount));
        // taxable is off by at most half a paisa, which the taxes multiply by (1 + rates); each tax adds half a paisa
        const k = Number(rateMilli(spec.rate) + spec.cessRate) / 100_000;
        const roundings = st === 'INTRA' ? 3 : 2;
        expect(diff).toBeLessThanOrEqual(0.5 * (1 + k) + 0.5 * roundings);
        if (k <= 1.4) expect(diff).toBeLessThanOrEqual(3);
      }),
      runs(200),
    );
  });

  it('computes exactly at the limits of numeric(14,2) and numeric(14,3), or refuses with the quantity named', () => {
    const huge = fc.record({
      qty: fc.oneof(big(1, 99_999_999_999_999), big(1, 99_999_999)),
      price: fc.oneof(big(0, 99_999_999_999_999), big(0, 999_999)),
      inclusive: fc.boolean(),
      rate: fc.constantFrom(...GST_RATES),
      cessRate: fc.oneof(fc.constant(0n), big(0, 999_999)),
      cessPerUnit: fc.oneof(fc.constant(0n), big(0, 999_999_999_999_999)),
      discount: fc.constant({ kind: 'none' as const }),
      hsn: fc.constant('1006'),
      unit: fc.constant('KGS'),
      numbers: fc.constant(false),
    });
    const seen = { fits: 0, refused: 0 };
    fc.assert(
      fc.property(huge, supplyType, (spec, st) => {
        const expected = reference(spec, st);
        const fits = expected.gross <= 99_999_999_999_999 && expected.total <= 99_999_999_999_999;
        let field: string | null = null;
        try {
          expect(computeLine(toInput(spec), st)).toEqual(expected);
        } catch (e) {
          if (!(e instanceof GstInputError)) throw e;
          field = e.field;
        }
        expect(field).toBe(fits ? null : 'quantity');
        seen[fits ? 'fits' : 'refused'] += 1;
      }),
      runs(150),
    );
    // both sides of the limit were tried
    expect(Math.min(seen.fits, seen.refused)).toBeGreaterThan(10);
  });
});

describe('properties of a document', () => {
  const document = fc.record({
    supplyType,
    roundOff: fc.boolean(),
    specs: fc.array(lineSpec(), { maxLength: 8 }),
  });

  it('totals equal the sums of the lines, and each line is what computeLine gives', () => {
    fc.assert(
      fc.property(document, ({ supplyType: st, roundOff, specs }) => {
        const lines = specs.map(toInput);
        const doc = computeDocument({ supplyType: st, roundOff, lines });
        expect(doc.lines).toEqual(lines.map((l) => computeLine(l, st)));
        const sum = (k: keyof GstLineResult) => doc.lines.reduce((s, l) => s + l[k], 0);
        expect(doc.totals).toMatchObject({
          taxableValue: sum('taxableValue'),
          discount: sum('discount'),
          cgst: sum('cgst'),
          sgst: sum('sgst'),
          igst: sum('igst'),
          cess: sum('cess'),
          subtotal: sum('total'),
        });
        expect(doc.totals.cgst).toBe(doc.totals.sgst);
        expect(doc.totals.subtotal).toBe(doc.totals.taxableValue + doc.totals.cgst + doc.totals.sgst + doc.totals.igst + doc.totals.cess);
        expect(doc.amountInWords).toBe(paiseInWords(doc.totals.grandTotal));
      }),
      runs(100),
    );
  });

  it('grand total − subtotal is within (−50, 50] paise, a whole number of rupees when round-off is on, 0 when off', () => {
    fc.assert(
      fc.property(document, ({ supplyType: st, roundOff, specs }) => {
        const { totals } = computeDocument({ supplyType: st, roundOff, lines: specs.map(toInput) });
        expect(totals.grandTotal - totals.subtotal).toBe(totals.roundOff);
        expect(totals.roundOff).toBeGreaterThan(-50);
        expect(totals.roundOff).toBeLessThanOrEqual(50);
        if (roundOff) expect(totals.grandTotal % 100).toBe(0);
        else expect(totals.roundOff).toBe(0);
        expect(totals.grandTotal).toBeGreaterThanOrEqual(0);
      }),
      runs(100),
    );
  });

  it('the HSN summary adds up to the totals, one row per HSN, rate and unit', () => {
    fc.assert(
      fc.property(document, ({ supplyType: st, roundOff, specs }) => {
        const doc = computeDocument({ supplyType: st, roundOff, lines: specs.map(toInput) });
        for (const k of ['taxableValue', 'cgst', 'sgst', 'igst', 'cess'] as const) {
          expect(doc.hsnSummary.reduce((s, r) => s + r[k], 0)).toBe(doc.totals[k]);
        }
        const keys = doc.hsnSummary.map((r) => `${r.hsnSac}|${r.gstRate}|${r.unit}`);
        expect(new Set(keys).size).toBe(keys.length);
        const milli = doc.hsnSummary.reduce((s, r) => s + BigInt(r.quantity.replace('.', '')), 0n);
        expect(milli).toBe(specs.reduce((s, l) => s + l.qty, 0n));
      }),
      runs(100),
    );
  });

  it('roundOffTotal rounds any sum half-up to the rupee', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999_999, max: 99_999_999_999_999 }), (subtotal) => {
        const { roundOff, grandTotal } = roundOffTotal(subtotal, true);
        expect(grandTotal - subtotal).toBe(roundOff);
        expect(Math.abs(grandTotal % 100)).toBe(0);
        expect(roundOff > -50 && roundOff <= 50).toBe(true);
      }),
      runs(200),
    );
  });
});

describe('properties of numbers and dates', () => {
  const prefixChar = fc.constantFrom(...'ABCXYZabz0189/-'.split(''));
  const prefix = fc.oneof(
    fc.tuple(fc.constantFrom(...'AMQZamz19'.split('')), fc.array(prefixChar, { maxLength: 24 })).map(([first, rest]) => first + rest.join('')),
    fc.constantFrom('', 'MUM', 'INV', 'QT'),
  );

  it('a document number has at most 16 allowed characters, starts well, and keeps its series form', () => {
    fc.assert(
      fc.property(prefix, fc.integer({ min: 2000, max: 2098 }), fc.integer({ min: 1, max: 999_999 }), (p, year, n) => {
        const fy = `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
        const number = documentNumber(p, fy, n);
        expect(number.length).toBeLessThanOrEqual(16);
        expect(isValidDocumentNumber(number)).toBe(true);
        expect(number).toBe(`${documentSeriesPrefix(p, fy)}${n}`);
        // the year sits between single slashes, after the prefix cut clean
        expect(number).toMatch(new RegExp(`(^|[A-Za-z0-9]/)(${fy}|${fy.slice(2)}|${fy.slice(2).replace('-', '')}|${fy.slice(2, 4)})/${n}$`));
      }),
      runs(200),
    );
  });

  it('every date lies in its financial year, which runs 1 April to 31 March', () => {
    const day = 24 * 3600 * 1000;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 200 }), (offset) => {
        const date = new Date(Date.UTC(1950, 0, 1) + offset * day).toISOString().slice(0, 10);
        const fy = financialYearOf(date);
        const startYear = Number(fy.start.slice(0, 4));
        expect(fy).toEqual({
          label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
          short: fy.label.slice(2),
          start: `${startYear}-04-01`,
          end: `${startYear + 1}-03-31`,
        });
        expect(fy.start <= date && date <= fy.end).toBe(true);
      }),
      runs(200),
    );
  });
});
