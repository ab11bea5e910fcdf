import { formatRupees, stateName, toPaise } from '@bahi/shared/india';
import type { PrintableDocument } from './types';

/** ₹1,23,456.50 */
export const rupees = formatRupees;

/** 1,23,456.50: a table cell, whose header already says ₹. */
export function amount(value: string): string {
  return formatRupees(value).replace('₹', '');
}

/** '2026-11-05' → '05/11/2026' (gst-rules.md: dates shown DD/MM/YYYY). */
export function displayDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}

/** '2.500' → '2.5', '18.000' → '18'. */
function plainDecimal(value: string): string {
  return value.includes('.') ? value.replace(/\.?0+$/, '') : value;
}

export function quantity(value: string, unit?: string | null): string {
  return unit ? `${plainDecimal(value)} ${unit}` : plainDecimal(value);
}

export function percent(value: string | number): string {
  return `${plainDecimal(String(value))}%`;
}

/** Half of a GST rate (CGST and SGST each), exact: 0.25 → 0.125. */
export function halfRate(gstRate: string): string {
  return percent(String(Number(gstRate) / 2));
}

/** '27' → '27-Maharashtra', as the place of supply is written on an invoice. */
export function placeOfSupply(code: string): string {
  const name = stateName(code);
  return name ? `${code}-${name}` : code;
}

/** '27' → 'Maharashtra, Code 27'. */
export function stateWithCode(code: string): string {
  const name = stateName(code);
  return name ? `${name}, Code ${code}` : `Code ${code}`;
}

export function isZero(value: string | null | undefined): boolean {
  return !value || toPaise(value) === 0;
}

/** Round-off with its sign, as accountants print it: "+0.22", "-0.40". */
export function signedAmount(value: string, format: (value: string) => string = amount): string {
  return toPaise(value) > 0 ? `+${format(value)}` : format(value);
}

export function isQuotation(doc: PrintableDocument): boolean {
  return doc.title === 'Quotation';
}

export function isTaxed(doc: PrintableDocument): boolean {
  return doc.title !== 'Bill of Supply';
}

/** A credit or debit note: it follows an invoice. */
export const isNote = (doc: PrintableDocument) => doc.title === 'Credit Note' || doc.title === 'Debit Note';

export function numberLabel(doc: PrintableDocument): string {
  return isQuotation(doc) ? 'Quotation No.' : isNote(doc) ? 'Note No.' : 'Invoice No.';
}

export function dateLabel(doc: PrintableDocument): string {
  return isQuotation(doc) ? 'Quotation Date' : isNote(doc) ? 'Note Date' : 'Invoice Date';
}

export function dueLabel(doc: PrintableDocument): string {
  return isQuotation(doc) ? 'Valid Until' : 'Due Date';
}

/** Tax figures an invoice of this supply type shows, in print order. */
export function taxHeads(doc: PrintableDocument): Array<{ label: string; key: 'cgst' | 'sgst' | 'igst' }> {
  if (!isTaxed(doc)) return [];
  return doc.supplyType === 'INTER'
    ? [{ label: 'IGST', key: 'igst' }]
    : [
        { label: 'CGST', key: 'cgst' },
        { label: doc.stateTaxLabel, key: 'sgst' },
      ];
}

export function hasCess(doc: PrintableDocument): boolean {
  return !isZero(doc.totals.cess);
}

/** A file name that survives every browser and file system: "Invoice-MUM-26-27-42.pdf". */
export function pdfFileName(doc: PrintableDocument): string {
  const prefix = isQuotation(doc) ? 'Quotation' : isNote(doc) ? doc.title.replace(' ', '') : 'Invoice';
  const safe = doc.number.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${prefix}-${safe || 'document'}.pdf`;
}
