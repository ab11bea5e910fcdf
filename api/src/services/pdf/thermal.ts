import { fromPaise, toPaise } from '@bahi/shared/india';
import {
  amount,
  displayDate,
  dueLabel,
  hasCess,
  isQuotation,
  isTaxed,
  isZero,
  numberLabel,
  percent,
  placeOfSupply,
  quantity,
  rupees,
  signedAmount,
  taxHeads,
} from './format';
import type { Pen, TextStyle } from './pen';
import { drawImage } from './a4';
import { QR_POINTS } from './qr';
import type { PrintableDocument } from './types';

const MM = 72 / 25.4;

/** Roll width and the margin its printer cannot print on. */
export const THERMAL = {
  thermal80: { width: 80 * MM, margin: 4 * MM, size: 8 },
  thermal58: { width: 58 * MM, margin: 3 * MM, size: 7 },
} as const;

/**
 * A receipt as a shop's roll printer prints it: one narrow column, no grid, one page as long as the receipt.
 * Each item shows its quantity, rate and amount with tax; the tax split follows the grand total.
 */
export class ThermalReceipt {
  private y: number;
  private readonly x: number;
  private readonly w: number;
  private readonly size: number;

  constructor(
    private readonly pen: Pen,
    private readonly doc: PrintableDocument,
    private readonly qr: Buffer | null,
    paper: (typeof THERMAL)[keyof typeof THERMAL],
    private readonly upiQr: Buffer | null = null,
  ) {
    this.x = paper.margin;
    this.y = paper.margin;
    this.w = paper.width - 2 * paper.margin;
    this.size = paper.size;
  }

  /** Draws (or with a dry pen, measures) the receipt; returns the page height it needs. */
  draw(): number {
    this.header();
    this.details();
    this.items();
    this.totals();
    if (this.doc.eInvoice) this.eInvoice();
    if (this.doc.eWayBill) {
      this.block(this.doc.eWayBill, this.small);
      this.rule();
    }
    this.closing();
    return this.y + this.x;
  }

  private get text(): TextStyle {
    return { size: this.size };
  }

  private get small(): TextStyle {
    return { size: this.size - 1, color: '#333' };
  }

  private block(text: string, style: TextStyle, indent = 0): void {
    this.y += this.pen.block(text, this.x + indent, this.y, this.w - indent, style);
  }

  /** Left and right on one line when both fit, else the right one on a line of its own. */
  private pair(left: string, right: string, style: TextStyle = this.text, indent = 0): void {
    const pen = this.pen;
    const fits = pen.width(left, style) + pen.width(right, style) + 6 <= this.w - indent;
    if (fits) pen.line(left, this.x + indent, this.y, this.w - indent, style);
    else this.block(left, style, indent);
    pen.line(right, this.x, this.y, this.w, { ...style, align: 'right' });
    this.y += pen.lineHeight(style.size);
  }

  /** A row of right-aligned figures after a first column a quarter as wide as the others. */
  private figures(cells: string[], style: TextStyle): void {
    const unit = this.w / (cells.length - 0.5);
    cells.forEach((cell, i) => {
      const left = i === 0 ? this.x : this.x + unit * (i - 0.5);
      const width = i === 0 ? unit / 2 : unit;
      this.pen.line(cell, left, this.y, width, { ...style, align: i === 0 ? 'left' : 'right' });
    });
    this.y += this.pen.lineHeight(style.size);
  }

  private rule(dash = 1.5): void {
    this.y += 2;
    this.pen.hline(this.x, this.x + this.w, this.y, 0.6, '#000', dash);
    this.y += 3;
  }

  private header(): void {
    const { doc } = this;
    const { seller } = doc;
    const center = { align: 'center' } as const;
    if (doc.sellerLabel) this.block(doc.sellerLabel, { ...this.small, ...center });
    if (seller.logo) {
      drawImage(this.pen, seller.logo, this.x, this.y, this.w, 40, 'center');
      this.y += 44;
    }
    this.block(seller.name, { size: this.size + 3, bold: true, ...center });
    if (seller.tradeName) this.block(seller.tradeName, { ...this.text, ...center });
    if (seller.branchName) this.block(seller.branchName, { ...this.text, ...center });
    for (const line of seller.address) this.block(line, { ...this.small, ...center });
    if (seller.gstin) this.block(`GSTIN: ${seller.gstin}`, { ...this.text, bold: true, ...center });
    if (seller.phone) this.block(`Phone: ${seller.phone}`, { ...this.small, ...center });
    this.y += 3;
    this.block(doc.title.toUpperCase(), { size: this.size + 2, bold: true, ...center });
    if (doc.declaration) this.block(doc.declaration, { ...this.small, bold: true, ...center });
    if (doc.status === 'CANCELLED') this.block('*** CANCELLED ***', { ...this.text, bold: true, ...center });
    this.rule();
  }

  private details(): void {
    const { doc } = this;
    this.pair(`${numberLabel(doc)} ${doc.number}`, displayDate(doc.date), { ...this.text, bold: true });
    for (const r of doc.references ?? []) this.block(`${r.label}: ${r.value}`, this.text);
    if (doc.against) this.block(`Against Invoice ${doc.against.number} of ${displayDate(doc.against.date)}`, this.text);
    if (doc.dueDate) this.block(`${dueLabel(doc)}: ${displayDate(doc.dueDate)}`, this.text);
    this.block(`${doc.partyLabel ?? (isQuotation(doc) ? 'For' : 'Bill to')}: ${doc.buyer.name}`, { ...this.text, bold: true });
    if (doc.buyer.gstin) this.block(`GSTIN: ${doc.buyer.gstin}`, this.text);
    if (doc.buyer.phone) this.block(`Phone: ${doc.buyer.phone}`, this.small);
    this.block(`Place of supply: ${placeOfSupply(doc.placeOfSupply)}`, this.small);
    if (doc.reverseCharge && !doc.declaration) this.block('Tax payable on reverse charge', this.small);
    this.rule();
  }

  private items(): void {
    const { doc } = this;
    const bold = { ...this.text, bold: true };
    this.pair('Item', isTaxed(doc) ? 'Amount (incl. tax)' : 'Amount', bold);
    this.rule(0);
    const indent = this.size * 1.2;
    for (const l of doc.lines) {
      this.block(`${l.no}. ${l.name}`, this.text);
      const discount = isZero(l.discount) ? '' : `  less ${amount(l.discount)}`;
      this.pair(`${quantity(l.quantity, l.unit)} x ${amount(l.rate)}${discount}`, amount(l.total), this.text, indent);
      const codes = [l.hsnSac && `HSN ${l.hsnSac}`, isTaxed(doc) && `GST ${percent(l.gstRate)}`].filter(Boolean);
      if (codes.length) this.block(codes.join('  '), this.small, indent);
    }
    this.rule();
  }

  private totals(): void {
    const { doc } = this;
    const t = doc.totals;
    this.pair(`Total (${doc.lines.length} ${doc.lines.length === 1 ? 'item' : 'items'})`, amount(doc.totals.subtotal));
    if (!isZero(t.roundOff)) this.pair('Round off', signedAmount(t.roundOff));
    this.rule(0);
    this.pair('GRAND TOTAL', rupees(t.grandTotal), { size: this.size + 2, bold: true });
    this.block(t.amountInWords, this.small);
    if (doc.taxPayableByRecipient != null) this.pair('Tax payable on reverse charge', rupees(doc.taxPayableByRecipient), { ...this.text, bold: true });
    if (!isQuotation(doc) && doc.received != null) {
      for (const p of doc.payments ?? []) this.pair(`Paid ${p.mode} ${displayDate(p.date)}`, amount(p.amount), this.small);
      this.pair('Received', rupees(doc.received));
      if (doc.balance != null) this.pair('Balance due', rupees(doc.balance), { ...this.text, bold: true });
    }
    if (isTaxed(doc)) this.taxByRate();
    this.rule();
  }

  /** The GST split per rate, as retail receipts print it under the total. */
  private taxByRate(): void {
    const { doc } = this;
    const heads = taxHeads(doc);
    const keys = [...heads.map((h) => h.key), ...(hasCess(doc) ? (['cess'] as const) : [])];
    const byRate = new Map<string, Record<'taxableValue' | (typeof keys)[number], number>>();
    for (const l of doc.lines) {
      const sums = byRate.get(l.gstRate) ?? { taxableValue: 0, cgst: 0, sgst: 0, igst: 0, cess: 0 };
      for (const key of ['taxableValue', ...keys] as const) sums[key] += toPaise(l[key]);
      byRate.set(l.gstRate, sums);
    }
    this.rule();
    const style = { ...this.small, size: this.size - 1 };
    this.figures(['GST', 'Taxable', ...heads.map((h) => h.label), ...(hasCess(doc) ? ['Cess'] : [])], { ...style, bold: true });
    for (const [rate, sums] of [...byRate].sort(([a], [b]) => Number(a) - Number(b))) {
      this.figures([percent(rate), ...(['taxableValue', ...keys] as const).map((k) => amount(fromPaise(sums[k])))], style);
    }
    const t = doc.totals;
    this.figures(['Total', ...(['taxableValue', ...keys] as const).map((k) => amount(t[k]))], { ...style, bold: true });
  }

  private eInvoice(): void {
    const e = this.doc.eInvoice!;
    // Without a printable QR code the IRN and acknowledgement print alone: the IRN identifies the e-invoice.
    if (this.qr) {
      const size = Math.min(this.w, QR_POINTS.thermal);
      // Four modules of white around the code (its quiet zone) before the rules above and below.
      if (!this.pen.dry) this.pen.doc.image(this.qr, this.x + (this.w - size) / 2, this.y + 4, { width: size, height: size });
      this.y += size + 10;
    }
    this.block(`IRN: ${e.irn}`, this.small);
    this.block(`Ack No: ${e.ackNo}`, this.small);
    this.block(`Ack Date: ${e.ackDate}`, this.small);
    this.rule();
  }

  private closing(): void {
    const { doc } = this;
    if (this.upiQr && doc.balance) {
      this.block(`Scan to pay ${rupees(doc.balance)} by UPI`, { ...this.text, bold: true, align: 'center' });
      const size = Math.min(this.w, 110);
      drawImage(this.pen, this.upiQr, this.x + (this.w - size) / 2, this.y + 4, size, size);
      this.y += size + 8;
      this.rule();
    }
    if (doc.notes) this.block(doc.notes, this.small);
    if (doc.terms) this.block(doc.terms, this.small);
    if (doc.bankDetails?.length) this.block(doc.bankDetails.join('\n'), this.small);
    this.y += 4;
    this.block(`For ${doc.seller.name}`, { ...this.text, bold: true, align: 'right' });
    if (doc.seller.signature) {
      drawImage(this.pen, doc.seller.signature, this.x, this.y + 2, this.w, 30, 'right');
      this.y += 34;
    } else {
      this.y += 18;
    }
    this.block('Authorised Signatory', { ...this.small, align: 'right' });
  }
}
