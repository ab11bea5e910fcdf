import { paiseInWords } from '../india/money';
import { GstInputError } from './errors';
import { divHalfUp, formatScaled, isAbsent, parseDecimal, toPaiseNumber } from './decimal';
import { computeParsedLine, lineGrossAndDiscount, parseLine, type ParsedLine } from './line';
import { RATE_DECIMALS } from './rates';
import type { GstDocumentDiscountInput, GstDocumentInput, GstDocumentResult, GstDocumentTotals, GstHsnRow, GstLineResult, Paise } from './types';

/**
 * Round-off to the rupee, half-up: grand total = the sum rounded to the nearest rupee, x.50 going up; round-off =
 * grand total − sum, so more than −0.50 and at most +0.50 (never −0.50). Off: round-off 0.
 */
export function roundOffTotal(subtotal: Paise, enabled: boolean): { roundOff: Paise; grandTotal: Paise } {
  if (!Number.isSafeInteger(subtotal)) throw new GstInputError('subtotal', 'Subtotal must be a whole number of paise');
  if (!enabled) return { roundOff: 0, grandTotal: subtotal };
  const s = BigInt(subtotal);
  // floor((s + 50) / 100) in rupees: half-up, also for a negative sum.
  const shifted = s + 50n;
  const rupees = shifted >= 0n ? shifted / 100n : -((-shifted + 99n) / 100n);
  const grandTotal = rupees * 100n;
  return { roundOff: Number(grandTotal - s), grandTotal: Number(grandTotal) };
}

interface HsnGroup {
  row: Omit<GstHsnRow, 'quantity'>;
  quantity: bigint;
  /** For sorting. */
  rate: bigint;
}

const clean = (s: string | null | undefined): string => (typeof s === 'string' ? s.trim() : '');

/**
 * A document's discount shared among its lines (gst-rules.md "Invoice discount"): each line's share is
 * round(discount × its value ÷ the lines' value), half-up, and the last line takes what rounding left, so the shares
 * add up to the discount exactly. Should rounding leave the last line more than its value (only when it is worth
 * next to nothing), the excess goes back to the lines before it, last first. `values` are each line's value after
 * its own discount, in paise; 0 ≤ discount ≤ their sum.
 */
export function apportionDiscount(discount: Paise, values: readonly Paise[]): Paise[] {
  const total = values.reduce((a, v) => a + BigInt(v), 0n);
  const d = BigInt(discount);
  if (d < 0n || d > total) throw new GstInputError('discount.amount', 'Discount cannot be more than the document amount');
  if (values.length === 0 || d === 0n) return values.map(() => 0);
  const shares = values.map((v) => divHalfUp(d * BigInt(v), total));
  const last = values.length - 1;
  shares[last] = d - shares.slice(0, last).reduce((a, s) => a + s, 0n);
  for (let i = last; i > 0 && (shares[i] < 0n || shares[i] > BigInt(values[i])); i--) {
    const excess = shares[i] < 0n ? shares[i] : shares[i] - BigInt(values[i]);
    shares[i] -= excess;
    shares[i - 1] += excess;
  }
  return shares.map(Number);
}

/** The document discount in paise: the amount given, or round(the lines' value × percent ÷ 100). */
function documentDiscountOf(input: GstDocumentDiscountInput, linesValue: bigint): bigint {
  if (!isAbsent(input.amount)) {
    const amount = parseDecimal(input.amount, { field: 'discount.amount', label: 'Discount', decimals: 2, maxWholeDigits: 12 });
    if (amount > linesValue) throw new GstInputError('discount.amount', 'Discount cannot be more than the document amount');
    return amount;
  }
  if (isAbsent(input.percent)) return 0n;
  const percent = parseDecimal(input.percent, {
    field: 'discount.percent',
    label: 'Discount %',
    decimals: RATE_DECIMALS,
    maxWholeDigits: 3,
    max: 100_000n,
  });
  return divHalfUp(linesValue * percent, 100_000n);
}

/** Lines, totals (sums of the lines), round-off, amount in words, HSN summary. */
export function computeDocument(input: GstDocumentInput): GstDocumentResult {
  const { supplyType } = input;
  if (supplyType !== 'INTRA' && supplyType !== 'INTER') throw new GstInputError('supplyType', 'Supply type must be INTRA or INTER');
  if (!Array.isArray(input.lines)) throw new GstInputError('lines', 'Lines are required');
  // A zero-rated supply is always inter-state (IGST even within the state), with or without payment.
  if (input.withoutPayment && supplyType !== 'INTER') {
    throw new GstInputError('supplyType', 'A zero-rated supply without payment of tax is inter-state (IGST)');
  }

  const atLine = <T>(i: number, fn: () => T): T => {
    try {
      return fn();
    } catch (e) {
      if (e instanceof GstInputError) throw new GstInputError(`lines.${i}.${e.field}`, `Line ${i + 1}: ${e.message}`);
      throw e;
    }
  };
  const parsedLines: ParsedLine[] = input.lines.map((line, i) => atLine(i, () => parseLine(line)));
  // The document's discount comes off each line's value after its own discount, before tax.
  let documentDiscount: GstDocumentResult['documentDiscount'];
  if (input.discount && (!isAbsent(input.discount.amount) || !isAbsent(input.discount.percent))) {
    const values = parsedLines.map((p, i) =>
      atLine(i, () => {
        const { gross, discount } = lineGrossAndDiscount(p);
        return toPaiseNumber(gross - discount, 'quantity', 'Line amount');
      }),
    );
    const amount = documentDiscountOf(input.discount, values.reduce((a, v) => a + BigInt(v), 0n));
    documentDiscount = { amount: Number(amount), shares: apportionDiscount(Number(amount), values) };
  }

  const lines: GstLineResult[] = [];
  const sums = { taxableValue: 0n, discount: 0n, cgst: 0n, sgst: 0n, igst: 0n, cess: 0n, subtotal: 0n };
  const hsn = new Map<string, HsnGroup>();
  input.lines.forEach((line, i) => {
    const parsed = parsedLines[i];
    const result = atLine(i, () => computeParsedLine(parsed, supplyType, BigInt(documentDiscount?.shares[i] ?? 0), input.withoutPayment ?? false));
    lines.push(result);
    sums.taxableValue += BigInt(result.taxableValue);
    sums.discount += BigInt(result.discount);
    sums.cgst += BigInt(result.cgst);
    sums.sgst += BigInt(result.sgst);
    sums.igst += BigInt(result.igst);
    sums.cess += BigInt(result.cess);
    sums.subtotal += BigInt(result.total);

    const hsnSac = clean(line.hsnSac);
    const unit = clean(line.unit) || null;
    const gstRate = formatScaled(parsed.gstRate, RATE_DECIMALS);
    const key = JSON.stringify([hsnSac, gstRate, unit]);
    let group = hsn.get(key);
    if (!group) {
      group = { row: { hsnSac, gstRate, unit, taxableValue: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 }, quantity: 0n, rate: parsed.gstRate };
      hsn.set(key, group);
    }
    group.quantity += parsed.quantity;
    // Each group's sums are at most the document's, which are checked below.
    group.row.taxableValue += result.taxableValue;
    group.row.igst += result.igst;
    group.row.cgst += result.cgst;
    group.row.sgst += result.sgst;
    group.row.cess += result.cess;
  });

  // Reverse charge: the supplier charges no tax (the buyer pays it to the government), so what is owed is the
  // taxable value alone; the lines keep their tax, which the buyer owes.
  const reverseChargeTax = sums.cgst + sums.sgst + sums.igst + sums.cess;
  const subtotal = toPaiseNumber(input.reverseCharge ? sums.taxableValue : sums.subtotal, 'lines', 'Document total');
  const { roundOff, grandTotal } = roundOffTotal(subtotal, input.roundOff ?? true);
  toPaiseNumber(BigInt(grandTotal), 'lines', 'Document total');
  const totals: GstDocumentTotals = {
    taxableValue: Number(sums.taxableValue),
    discount: Number(sums.discount),
    cgst: Number(sums.cgst),
    sgst: Number(sums.sgst),
    igst: Number(sums.igst),
    cess: Number(sums.cess),
    subtotal,
    roundOff,
    grandTotal,
    ...(input.reverseCharge ? { reverseChargeTax: toPaiseNumber(reverseChargeTax, 'lines', 'Document tax') } : {}),
  };

  const hsnSummary = [...hsn.values()]
    .sort(
      (a, b) =>
        compare(a.row.hsnSac, b.row.hsnSac) || compare(a.rate, b.rate) || compare(a.row.unit ?? '', b.row.unit ?? ''),
    )
    .map(({ row, quantity }) => ({ ...row, quantity: formatQuantity(quantity) }));

  return { supplyType, lines, totals, amountInWords: paiseInWords(grandTotal), hsnSummary, ...(documentDiscount ? { documentDiscount } : {}) };
}

/** Input tax credit of a computed purchase: each eligible line's GST and cess, and their sums by head. */
export function inputTaxCredit(result: GstDocumentResult, eligible: readonly boolean[]) {
  const lines = result.lines.map((l, i) => (eligible[i] === false ? 0 : l.cgst + l.sgst + l.igst + l.cess));
  const sum = { cgst: 0, sgst: 0, igst: 0, cess: 0, total: 0 };
  result.lines.forEach((l, i) => {
    if (eligible[i] === false) return;
    sum.cgst += l.cgst;
    sum.sgst += l.sgst;
    sum.igst += l.igst;
    sum.cess += l.cess;
    sum.total += lines[i];
  });
  return { lines, totals: sum };
}

function compare<T extends string | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Thousandths of a unit as a three-decimal string, as numeric(14,3) answers it: 12500n → '12.500'. */
function formatQuantity(milli: bigint): string {
  const digits = milli.toString().padStart(4, '0');
  return `${digits.slice(0, -3)}.${digits.slice(-3)}`;
}
