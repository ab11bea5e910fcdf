import { computeLine, fromPaise, toPaise, type DocumentLine, type SupplyType } from '@bahi/shared';

/*
 * The form of a credit or debit note that follows one document (a sale invoice, a purchase bill): each of the
 * document's lines with what is left of it after the notes already issued, what this note takes off (a quantity
 * returned, or a taxable value for a price-only note) and the figures the API will compute for it, at the original
 * line's rates and supply type.
 */

/** A line of the original document as the notes see it. */
export interface NoteSourceLine {
  lineNo: number;
  itemName: string;
  itemType: 'PRODUCT' | 'SERVICE';
  unit: string | null;
  hsnSac: string | null;
  quantity: string;
  unitPrice: string;
  taxableValue: string;
  gstRate: string;
  cessRate: string;
  cessPerUnit: string;
  cgst: string;
  sgst: string;
  igst: string;
  cess: string;
  serialNos: string[];
}

/** A document's lines (a sale invoice's, a purchase bill's) as the note form reads them. */
export const noteSourceLines = (lines: readonly DocumentLine[]): NoteSourceLine[] =>
  lines.map((l) => ({
    lineNo: l.lineNo,
    itemName: l.itemName,
    itemType: l.itemType,
    unit: l.unit,
    hsnSac: l.hsnSac,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    taxableValue: l.taxableValue,
    gstRate: l.gstRate,
    cessRate: l.cessRate,
    cessPerUnit: l.cessPerUnit,
    cgst: l.cgst,
    sgst: l.sgst,
    igst: l.igst,
    cess: l.cess,
    serialNos: l.serialNos,
  }));

/** A line of a note already issued against the document (its `lineNo` is the original line it follows). */
export interface IssuedNoteLine {
  lineNo: number;
  /** A credit (or purchase debit) note lowers the line; a sale debit note raises its value. */
  direction: 'DOWN' | 'UP';
  quantity: string;
  taxableValue: string;
  cgst: string;
  sgst: string;
  igst: string;
  cess: string;
  serialNos: string[];
}

/** A line of an issued note, counted against the document line it names. */
export function issuedNoteLine(
  lineNo: number,
  direction: IssuedNoteLine['direction'],
  l: Pick<IssuedNoteLine, 'quantity' | 'taxableValue' | 'cgst' | 'sgst' | 'igst' | 'cess' | 'serialNos'>,
): IssuedNoteLine {
  return { lineNo, direction, quantity: l.quantity, taxableValue: l.taxableValue, cgst: l.cgst, sgst: l.sgst, igst: l.igst, cess: l.cess, serialNos: l.serialNos };
}

/** Paise and thousandths of a unit. */
export interface Heads {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  cess: number;
}
const HEADS = ['taxable', 'cgst', 'sgst', 'igst', 'cess'] as const;

export interface LineLeft extends Heads {
  line: NoteSourceLine;
  /** Thousandths of a unit not returned yet. */
  quantityMilli: number;
  /** Serials of the line not returned yet. */
  serialsLeft: string[];
}

export const milliOf = (q: string | number) => Math.round(Number(q) * 1000);
const units = (milli: number) => String(milli / 1000);

/** value × part / whole, rounded half away from zero (as the API shares a line's value among its units). */
export function share(value: number, part: number, whole: number): number {
  if (whole === 0) return 0;
  const n = BigInt(Math.abs(value)) * BigInt(part) * 2n + BigInt(whole);
  const r = Number(n / (2n * BigInt(whole)));
  return value < 0 ? -r : r;
}

/** What each line has left after the notes issued (cancelled notes are not passed in). */
export function linesLeft(lines: readonly NoteSourceLine[], issued: readonly IssuedNoteLine[]): LineLeft[] {
  return lines.map((line) => {
    const left: LineLeft = {
      line,
      quantityMilli: milliOf(line.quantity),
      taxable: toPaise(line.taxableValue),
      cgst: toPaise(line.cgst),
      sgst: toPaise(line.sgst),
      igst: toPaise(line.igst),
      cess: toPaise(line.cess),
      serialsLeft: [...line.serialNos],
    };
    const returned = new Set<string>();
    for (const n of issued) {
      if (n.lineNo !== line.lineNo) continue;
      const sign = n.direction === 'DOWN' ? -1 : 1;
      if (n.direction === 'DOWN') left.quantityMilli -= milliOf(n.quantity);
      left.taxable += sign * toPaise(n.taxableValue);
      left.cgst += sign * toPaise(n.cgst);
      left.sgst += sign * toPaise(n.sgst);
      left.igst += sign * toPaise(n.igst);
      left.cess += sign * toPaise(n.cess);
      if (n.direction === 'DOWN') n.serialNos.forEach((s) => returned.add(s.toUpperCase()));
    }
    left.serialsLeft = line.serialNos.filter((s) => !returned.has(s.toUpperCase()));
    return left;
  });
}

/** What the note takes off one line, as typed. */
export interface NoteLineDraft {
  lineNo: number;
  quantity: string;
  taxableValue: string;
  serialNos: string[];
}

/**
 * How the API works out a line's taxes: 'TAX_ON_VALUE' (sale notes) taxes the line's share of the taxable value at
 * its rates; 'SHARE_EVERY_HEAD' (purchase notes) takes the same share of each tax the bill line charged.
 */
export type NoteTaxMethod = 'TAX_ON_VALUE' | 'SHARE_EVERY_HEAD';

export interface NoteKindRules {
  /** RETURN: quantities come back; PRICE: only the taxable value changes. */
  basis: 'RETURN' | 'PRICE';
  /** A sale debit note raises the line: nothing caps it at what is left. */
  direction: 'DOWN' | 'UP';
  taxMethod: NoteTaxMethod;
  supplyType: SupplyType;
}

export const ZERO_HEADS: Heads = { taxable: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 };

const validQuantity = (q: string) => /^\d+(\.\d{1,3})?$/.test(q.trim());
const validMoney = (v: string) => /^\d+(\.\d{1,2})?$/.test(v.trim());

/** The taxes of `taxable` paise at the line's rates (none when the line charged none). */
function taxesOn(line: NoteSourceLine, taxable: number, quantityMilli: number, supplyType: SupplyType): Heads {
  const gstCharged = toPaise(line.cgst) + toPaise(line.sgst) + toPaise(line.igst);
  if (gstCharged + toPaise(line.cess) === 0) return { ...ZERO_HEADS, taxable };
  const r = computeLine({ quantity: '1', unitPrice: fromPaise(taxable), priceIncludesTax: false, gstRate: line.gstRate, cessRate: line.cessRate }, supplyType);
  const perUnit = Math.round((quantityMilli * milliOf(line.cessPerUnit)) / 10_000);
  return gstCharged === 0
    ? { taxable, cgst: 0, sgst: 0, igst: 0, cess: r.cess + perUnit }
    : { taxable, cgst: r.cgst, sgst: r.sgst, igst: r.igst, cess: r.cess + perUnit };
}

/** One line's figures for this note, or null when it takes nothing (or what is typed is not a number yet). */
export function noteLineHeads(left: LineLeft, draft: NoteLineDraft, rules: NoteKindRules): Heads | null {
  const { line } = left;
  if (rules.basis === 'RETURN') {
    if (!validQuantity(draft.quantity)) return null;
    const q = milliOf(draft.quantity);
    if (q <= 0 || q > left.quantityMilli) return null;
    if (q === left.quantityMilli) return pick(left);
    if (rules.taxMethod === 'SHARE_EVERY_HEAD') {
      return Object.fromEntries(HEADS.map((h) => [h, share(left[h], q, left.quantityMilli)])) as unknown as Heads;
    }
    return taxesOn(line, share(left.taxable, q, left.quantityMilli), q, rules.supplyType);
  }
  if (!validMoney(draft.taxableValue)) return null;
  const tv = toPaise(draft.taxableValue);
  if (tv <= 0) return null;
  if (rules.direction === 'UP') return taxesOn(line, tv, 0, rules.supplyType);
  if (tv > left.taxable) return null;
  if (tv === left.taxable) return pick(left);
  const t = taxesOn(line, tv, 0, rules.supplyType);
  return rules.taxMethod === 'SHARE_EVERY_HEAD'
    ? { taxable: tv, cgst: Math.min(t.cgst, left.cgst), sgst: Math.min(t.sgst, left.sgst), igst: Math.min(t.igst, left.igst), cess: Math.min(t.cess, left.cess) }
    : t;
}

const pick = (h: Heads): Heads => ({ taxable: h.taxable, cgst: h.cgst, sgst: h.sgst, igst: h.igst, cess: h.cess });

export interface NoteTotals extends Heads {
  subtotal: number;
  roundOff: number;
  grandTotal: number;
}

/** The note's totals: the lines' heads summed, rounded to the rupee when the original document was. */
export function noteTotals(heads: readonly (Heads | null)[], roundOff: boolean): NoteTotals {
  const t = { ...ZERO_HEADS };
  for (const h of heads) if (h) for (const k of HEADS) t[k] += h[k];
  const subtotal = t.taxable + t.cgst + t.sgst + t.igst + t.cess;
  const grandTotal = roundOff ? Math.round(subtotal / 100) * 100 : subtotal;
  return { ...t, subtotal, roundOff: grandTotal - subtotal, grandTotal };
}

/** The lines' problems before anything is sent, by form path `lines.<lineNo>.quantity` (the API says the rest). */
export function noteLineErrors(lefts: readonly LineLeft[], drafts: readonly NoteLineDraft[], rules: NoteKindRules): Record<string, string> {
  const errors: Record<string, string> = {};
  drafts.forEach((d) => {
    const left = lefts.find((l) => l.line.lineNo === d.lineNo);
    if (!left) return;
    if (rules.basis === 'RETURN') {
      const q = d.quantity.trim();
      if (q === '' || Number(q) === 0) return;
      if (!validQuantity(q)) errors[`lines.${d.lineNo}.quantity`] = 'Enter a quantity, up to 3 decimals';
      else if (milliOf(q) > left.quantityMilli) errors[`lines.${d.lineNo}.quantity`] = `At most ${units(left.quantityMilli)} can be returned`;
      else if (left.line.serialNos.length && d.serialNos.length !== milliOf(q) / 1000) {
        errors[`lines.${d.lineNo}.serialNos`] = `Pick the ${q} serial number${milliOf(q) === 1000 ? '' : 's'} returned`;
      }
      return;
    }
    const v = d.taxableValue.trim();
    if (v === '' || Number(v) === 0) return;
    if (!validMoney(v)) errors[`lines.${d.lineNo}.taxableValue`] = 'Enter an amount in rupees, up to 2 decimals';
    else if (rules.direction === 'DOWN' && toPaise(v) > left.taxable) errors[`lines.${d.lineNo}.taxableValue`] = `At most ₹${fromPaise(left.taxable)} is left on this line`;
  });
  return errors;
}

/** The lines the request carries: those that take something, in the document's order, each with its form path. */
export function noteRequestLines(drafts: readonly NoteLineDraft[], basis: 'RETURN' | 'PRICE') {
  return drafts
    .filter((d) => (basis === 'RETURN' ? Number(d.quantity) > 0 : Number(d.taxableValue) > 0))
    .map((d) =>
      basis === 'RETURN'
        ? { lineNo: d.lineNo, quantity: d.quantity.trim(), serialNos: d.serialNos.length ? d.serialNos : undefined }
        : { lineNo: d.lineNo, taxableValue: d.taxableValue.trim() },
    );
}

/** Every line returned in full: the quantity left and, for serialised lines, every serial left. */
export function returnEverything(lefts: readonly LineLeft[]): NoteLineDraft[] {
  return lefts.map((l) => ({
    lineNo: l.line.lineNo,
    quantity: l.line.itemType === 'SERVICE' || l.quantityMilli <= 0 ? '' : units(l.quantityMilli),
    taxableValue: '',
    serialNos: l.line.serialNos.length ? [...l.serialsLeft] : [],
  }));
}

/** The empty draft: nothing taken off any line. */
export function emptyNoteLines(lefts: readonly LineLeft[]): NoteLineDraft[] {
  return lefts.map((l) => ({ lineNo: l.line.lineNo, quantity: '', taxableValue: '', serialNos: [] }));
}

/**
 * The form path of an API error's field: `lines.<i>.quantity` names the i-th line sent, the form keys lines by
 * their number; anything else is the form's own name.
 */
export function noteFormPathOf(field: string | undefined, sent: readonly { lineNo: number }[]): string | null {
  if (!field) return null;
  const m = /^lines\.(\d+)(?:\.(\w+))?$/.exec(field);
  if (m) {
    const line = sent[Number(m[1])];
    if (!line) return 'lines';
    const sub = m[2] === 'invoiceLineNo' || m[2] === 'purchaseLineNo' || !m[2] ? 'quantity' : m[2];
    return `lines.${line.lineNo}.${sub}`;
  }
  return field;
}
