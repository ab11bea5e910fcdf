import { fromPaise, toPaise } from '@bahi/shared/india';
import {
  amount,
  dateLabel,
  displayDate,
  dueLabel,
  halfRate,
  hasCess,
  isQuotation,
  isTaxed,
  isVoucher,
  isZero,
  numberLabel,
  percent,
  placeOfSupply,
  quantity,
  rupees,
  signedAmount,
  stateWithCode,
  taxHeads,
} from './format';
import type { Pen, TextStyle } from './pen';
import { QR_POINTS } from './qr';
import { Column, Row, Table } from './table';
import type { PrintableBuyer, PrintableDocument } from './types';

export const A4 = { width: 595.28, height: 841.89 };

const MARGIN = 28;
const X0 = MARGIN;
const WIDTH = A4.width - 2 * MARGIN;
const X1 = X0 + WIDTH;
/** Content stops here; the page number sits below. */
const BOTTOM = A4.height - MARGIN - 6;
const PAD = 5;
const TABLE_SIZE = 7.5;

const SMALL: TextStyle = { size: 8 };
/** The boxes the profile's images are fitted into (aspect kept). */
const LOGO = { width: 64, height: 48 };
const SIGNATURE = { width: 120, height: 36 };
/** The UPI QR: 80 pt (28 mm), a size any phone camera reads off paper. */
const UPI_QR_POINTS = 80;

/**
 * An image fitted into a box (its aspect kept), unless the pen only measures. An image pdfkit cannot read is left
 * out rather than failing the whole document: the upload checked it, but a print must not depend on that.
 */
export function drawImage(pen: Pen, bytes: Buffer, x: number, y: number, w: number, h: number, align: 'left' | 'center' | 'right' = 'left'): void {
  if (pen.dry) return;
  try {
    pen.doc.image(bytes, x, y, { fit: [w, h], align: align === 'left' ? undefined : align, valign: 'center' });
  } catch {
    // Left out: see above.
  }
}
const LABEL: TextStyle = { size: 7.5, color: '#555' };

/**
 * A GST tax invoice (or quotation) on A4, boxed as Indian accountants know it: seller and document details, the
 * e-invoice IRN and QR, bill-to and ship-to, the item table with the tax columns of the supply type, the HSN
 * summary, then the amount in words, payments, notes and terms beside the totals and the signature. Long tables continue on further pages
 * under a short heading and the repeated table header; every page says "Page n of m".
 */
export class A4Invoice {
  private y = MARGIN;
  private frameTop = MARGIN;

  constructor(
    private readonly pen: Pen,
    private readonly doc: PrintableDocument,
    private readonly qr: Buffer | null,
    private readonly upiQr: Buffer | null = null,
  ) {}

  draw(): void {
    this.titleBar();
    this.sellerAndDetails();
    if (this.doc.eInvoice) this.eInvoice();
    if (this.doc.eWayBill) this.eWayBill(this.doc.eWayBill);
    this.parties();
    this.table(this.itemTable(), this.itemRows());
    if (this.doc.hsnSummary.length) this.table(this.hsnTable(), this.hsnRows(), 'HSN/SAC Summary');
    this.closing();
    this.closeFrame();
    this.pageNumbers();
  }

  private get title(): string {
    return this.doc.title.toUpperCase();
  }

  private titleBar(): void {
    const pen = this.pen;
    pen.line(this.title, X0, this.y, WIDTH, { size: 13, bold: true, align: 'center' });
    if (!isQuotation(this.doc)) {
      pen.line('ORIGINAL FOR RECIPIENT', X0, this.y + 4, WIDTH, { size: 7, color: '#555', align: 'right' });
    }
    if (this.doc.status === 'CANCELLED') {
      pen.line('CANCELLED', X0, this.y + 1, WIDTH, { size: 11, bold: true, color: '#c0392b' });
    }
    this.y += 22;
    if (this.doc.declaration) {
      // A zero-rated invoice's declaration runs to two lines: wrapped.
      this.y += pen.block(this.doc.declaration, X0, this.y - 4, WIDTH, { size: 8, bold: true, align: 'center' });
    }
    this.frameTop = this.y;
  }

  private sellerAndDetails(): void {
    const { pen, doc } = this;
    const { seller } = doc;
    const leftW = WIDTH * 0.56;
    const top = this.y;
    let y = top + PAD;
    // The logo sits left of the seller's name and address, which move right to make room.
    const logoW = seller.logo ? LOGO.width + PAD : 0;
    if (seller.logo) drawImage(pen, seller.logo, X0 + PAD, top + PAD, LOGO.width, LOGO.height);
    const x = X0 + PAD + logoW;
    const w = leftW - 2 * PAD - logoW;
    if (doc.sellerLabel) y += pen.block(doc.sellerLabel, x, y, w, { size: 7.5, bold: true, color: '#555' });
    y += pen.block(seller.name, x, y, w, { size: 13, bold: true });
    if (seller.tradeName) y += pen.block(`Trade name: ${seller.tradeName}`, x, y, w, { size: 8.5 });
    if (seller.logo) y = Math.max(y, top + PAD + LOGO.height);
    if (seller.branchName) y += pen.block(seller.branchName, x, y, w, { size: 8.5, color: '#333' });
    for (const line of seller.address) y += pen.block(line, x, y, w, SMALL);
    if (seller.gstin) y += pen.block(`GSTIN: ${seller.gstin}`, x, y, w, { size: 8.5, bold: true });
    if (seller.stateCode) y += pen.block(`State: ${stateWithCode(seller.stateCode)}`, x, y, w, SMALL);
    const contact = [seller.phone && `Phone: ${seller.phone}`, seller.email && `Email: ${seller.email}`];
    if (contact.some(Boolean)) y += pen.block(contact.filter(Boolean).join('   '), x, y, w, SMALL);

    const details: Array<[string, string]> = [
      [numberLabel(doc), doc.number],
      [dateLabel(doc), displayDate(doc.date)],
      ...(doc.references ?? []).map((r): [string, string] => [r.label, r.value]),
    ];
    if (doc.against) details.push(['Against Invoice', doc.against.number], ['Invoice Date', displayDate(doc.against.date)]);
    if (doc.dueDate) details.push([dueLabel(doc), displayDate(doc.dueDate)]);
    details.push(['Place of Supply', placeOfSupply(doc.placeOfSupply)]);
    if (!isQuotation(doc) && !isVoucher(doc)) details.push(['Reverse Charge', doc.reverseCharge ? 'Yes' : 'No']);
    const rx = X0 + leftW + PAD;
    const labelW = 78;
    const valueW = X1 - PAD - rx - labelW;
    let ry = top + PAD;
    for (const [label, value] of details) {
      pen.line(label, rx, ry + 0.5, labelW, LABEL);
      ry += pen.block(value, rx + labelW, ry, valueW, { size: 8.5, bold: label === numberLabel(doc) });
    }
    const bottom = Math.max(y, ry) + PAD;
    pen.vline(X0 + leftW, top, bottom);
    this.rule(bottom);
  }

  private eInvoice(): void {
    const { pen } = this;
    const e = this.doc.eInvoice!;
    // Without a printable QR code the IRN and acknowledgement print alone: the IRN identifies the e-invoice.
    const qrSize = this.qr ? QR_POINTS.a4 : 0;
    const top = this.y;
    const x = X0 + PAD;
    const w = WIDTH - qrSize - 4 * PAD;
    let y = top + PAD;
    y += pen.block('e-Invoice', x, y, w, { size: 9, bold: true });
    const rows: Array<[string, string]> = [
      ['IRN', e.irn],
      ['Ack No.', e.ackNo],
      ['Ack Date', e.ackDate],
    ];
    for (const [label, value] of rows) {
      pen.line(label, x, y + 0.5, 50, LABEL);
      y += pen.block(value, x + 50, y, w - 50, { size: 8.5 });
    }
    if (this.qr && !pen.dry) pen.doc.image(this.qr, X1 - PAD - qrSize, top + PAD, { width: qrSize, height: qrSize });
    this.rule(Math.max(y, top + qrSize + PAD) + PAD);
  }

  private eWayBill(line: string): void {
    const top = this.y;
    const height = this.pen.block(line, X0 + PAD, top + PAD, WIDTH - 2 * PAD, { size: 8.5, bold: true });
    this.rule(top + PAD + height + PAD);
  }

  private partyBlock(label: string, buyer: PrintableBuyer, address: string[], x: number, w: number, top: number) {
    const pen = this.pen;
    let y = top + PAD;
    y += pen.block(label, x, y, w, { size: 7.5, bold: true, color: '#555' });
    y += pen.block(buyer.name, x, y, w, { size: 10, bold: true });
    for (const line of address) y += pen.block(line, x, y, w, SMALL);
    return y;
  }

  private parties(): void {
    const { pen, doc } = this;
    const { buyer } = doc;
    const top = this.y;
    const ship = buyer.shippingAddress?.length ? buyer.shippingAddress : null;
    const colW = ship ? WIDTH / 2 : WIDTH;
    const x = X0 + PAD;
    const w = colW - 2 * PAD;
    let y = this.partyBlock(doc.partyLabel ?? (isQuotation(doc) ? 'Quotation For' : 'Bill To'), buyer, buyer.billingAddress, x, w, top);
    if (buyer.gstin) y += pen.block(`GSTIN: ${buyer.gstin}`, x, y, w, { size: 8.5, bold: true });
    if (buyer.stateCode) y += pen.block(`State: ${stateWithCode(buyer.stateCode)}`, x, y, w, SMALL);
    if (buyer.phone) y += pen.block(`Phone: ${buyer.phone}`, x, y, w, SMALL);
    let bottom = y;
    if (ship) {
      bottom = Math.max(bottom, this.partyBlock('Ship To', buyer, ship, X0 + colW + PAD, w, top));
      pen.vline(X0 + colW, top, bottom + PAD);
    }
    this.rule(bottom + PAD);
  }

  private itemTable(): Table {
    const { doc } = this;
    const anyDiscount = doc.lines.some((l) => !isZero(l.discount));
    const columns: Column[] = [
      { title: '#', width: 16, align: 'center' },
      { title: 'Item', width: 0, align: 'left' },
      { title: 'HSN/SAC', width: 40, align: 'center' },
      { title: 'Qty', width: 40, align: 'right' },
      { title: 'Rate (₹)', width: 46, align: 'right' },
    ];
    if (anyDiscount) columns.push({ title: 'Discount (₹)', width: 40, align: 'right' });
    columns.push({ title: 'Taxable Value (₹)', width: 52, align: 'right' });
    for (const head of taxHeads(doc)) {
      columns.push({ title: 'Rate', group: head.label, width: 24, align: 'right' });
      columns.push({ title: 'Amount (₹)', group: head.label, width: head.key === 'igst' ? 52 : 45, align: 'right' });
    }
    if (hasCess(doc)) columns.push({ title: 'Cess (₹)', width: 40, align: 'right' });
    columns.push({ title: 'Amount (₹)', width: 54, align: 'right' });
    return new Table(this.pen, columns, X0, WIDTH, TABLE_SIZE);
  }

  private itemRows(): Row[] {
    const { doc } = this;
    const anyDiscount = doc.lines.some((l) => !isZero(l.discount));
    const heads = taxHeads(doc);
    const rows: Row[] = doc.lines.map((l) => {
      const cells = [String(l.no), l.name, l.hsnSac ?? '', quantity(l.quantity, l.unit), amount(l.rate)];
      if (anyDiscount) cells.push(isZero(l.discount) ? '' : amount(l.discount));
      cells.push(amount(l.taxableValue));
      for (const head of heads) {
        cells.push(head.key === 'igst' ? percent(l.gstRate) : halfRate(l.gstRate), amount(l[head.key]));
      }
      if (hasCess(doc)) cells.push(isZero(l.cess) ? '' : amount(l.cess));
      cells.push(amount(l.total));
      return { cells, notes: l.description ? { 1: l.description } : undefined };
    });
    const total = ['', 'Total', '', '', ''];
    if (anyDiscount) total.push(amount(doc.totals.discount));
    total.push(amount(doc.totals.taxableValue));
    for (const head of heads) total.push('', amount(doc.totals[head.key]));
    if (hasCess(doc)) total.push(amount(doc.totals.cess));
    total.push(amount(doc.totals.subtotal));
    rows.push({ cells: total, bold: true });
    return rows;
  }

  private hsnTable(): Table {
    const columns: Column[] = [
      { title: 'HSN/SAC', width: 0, align: 'left' },
      { title: 'Quantity', width: 64, align: 'right' },
      { title: 'Taxable Value (₹)', width: 70, align: 'right' },
    ];
    for (const head of taxHeads(this.doc)) {
      columns.push({ title: 'Rate', group: head.label, width: 30, align: 'right' });
      columns.push({ title: 'Amount (₹)', group: head.label, width: 58, align: 'right' });
    }
    if (hasCess(this.doc)) columns.push({ title: 'Cess (₹)', width: 50, align: 'right' });
    if (isTaxed(this.doc)) columns.push({ title: 'Total Tax (₹)', width: 64, align: 'right' });
    return new Table(this.pen, columns, X0, WIDTH, TABLE_SIZE);
  }

  private hsnRows(): Row[] {
    const { doc } = this;
    const heads = taxHeads(doc);
    const taxOf = (r: { igst: string; cgst: string; sgst: string; cess: string }) =>
      fromPaise(toPaise(r.igst) + toPaise(r.cgst) + toPaise(r.sgst) + toPaise(r.cess));
    const rows: Row[] = doc.hsnSummary.map((r) => {
      const cells = [r.hsnSac, quantity(r.quantity, r.unit), amount(r.taxableValue)];
      for (const head of heads) {
        cells.push(head.key === 'igst' ? percent(r.gstRate) : halfRate(r.gstRate), amount(r[head.key]));
      }
      if (hasCess(doc)) cells.push(amount(r.cess));
      if (isTaxed(doc)) cells.push(amount(taxOf(r)));
      return { cells };
    });
    const total = ['Total', '', amount(doc.totals.taxableValue)];
    for (const head of heads) total.push('', amount(doc.totals[head.key]));
    if (hasCess(doc)) total.push(amount(doc.totals.cess));
    if (isTaxed(doc)) total.push(amount(taxOf(doc.totals)));
    rows.push({ cells: total, bold: true });
    return rows;
  }

  /** The rows under one header, continuing on new pages with the header repeated; the last row is the total. */
  private table(table: Table, rows: Row[], caption?: string): void {
    const captionH = caption ? this.pen.lineHeight(8.5) + PAD : 0;
    this.ensure(captionH + table.headerHeight() + table.rowHeight(rows[0]));
    if (caption) {
      this.pen.line(caption, X0 + PAD, this.y + PAD / 2, WIDTH, { size: 8.5, bold: true });
      this.y += captionH;
    }
    this.y += table.drawHeader(this.y);
    rows.forEach((row, i) => {
      const last = i === rows.length - 1;
      if (this.y + table.rowHeight(row) > BOTTOM) {
        this.newPage();
        this.y += table.drawHeader(this.y);
      }
      const first = this.y;
      this.y += table.drawRow(row, first, { ruleAbove: last ? 'strong' : i > 0 ? 'light' : undefined });
    });
    this.rule(this.y);
  }

  /**
   * The closing block: the amount in words, payments, notes and terms on the left; the totals, what is due and
   * the signature on the right.
   */
  private closing(): void {
    const { pen, doc } = this;
    const t = doc.totals;
    const rightW = WIDTH * 0.4;
    const leftW = WIDTH - rightW;
    const x = X0 + PAD;
    const w = leftW - 2 * PAD;
    const rx = X0 + leftW + PAD;
    const rw = rightW - 2 * PAD;

    const left: Array<[string, string, TextStyle]> = [
      [isQuotation(doc) ? 'Amount (in words)' : isVoucher(doc) ? 'Amount Paid (in words)' : 'Amount Chargeable (in words)', t.amountInWords, { size: 9, bold: true }],
    ];
    const payments = doc.payments ?? [];
    if (payments.length) {
      const lines = payments.map(
        (p) => `${displayDate(p.date)}  ${p.mode}  ${rupees(p.amount)}${p.reference ? `  Ref: ${p.reference}` : ''}`,
      );
      left.push(['Payments Received', lines.join('\n'), SMALL]);
    }
    if (doc.notes) left.push(['Notes', doc.notes, SMALL]);
    if (doc.terms) left.push(['Terms & Conditions', doc.terms, SMALL]);
    if (doc.bankDetails?.length) left.push(['Bank Details', doc.bankDetails.join('\n'), SMALL]);
    const upiLabel = this.upiQr && doc.balance ? `Scan to pay ${rupees(doc.balance)} by UPI` : null;
    const upiH = upiLabel ? pen.lineHeight(7.5) + UPI_QR_POINTS + 4 : 0;
    const leftH = left.reduce((h, [, text, style]) => h + pen.lineHeight(7.5) + pen.blockHeight(text, w, style) + 4, 0) + upiH;

    const rows: Array<[string, string]> = [['Taxable Value', rupees(t.taxableValue)]];
    for (const head of taxHeads(doc)) rows.push([head.label, rupees(t[head.key])]);
    if (hasCess(doc)) rows.push(['Cess', rupees(t.cess)]);
    if (doc.taxPayableByRecipient != null) rows.push(['Tax payable on reverse charge', rupees(doc.taxPayableByRecipient)]);
    if (!isZero(t.roundOff)) rows.push(['Round Off', signedAmount(t.roundOff, rupees)]);
    const due: Array<[string, string]> = [];
    if (!isQuotation(doc) && doc.received != null) due.push(['Received', rupees(doc.received)]);
    if (!isQuotation(doc) && doc.balance != null) due.push(['Balance Due', rupees(doc.balance)]);
    const lh = pen.lineHeight(8.5);
    const grandH = pen.lineHeight(11) + 4;
    const signature = `For ${doc.seller.name}`;
    const signGap = doc.seller.signature ? SIGNATURE.height + 6 : 30;
    const signH = pen.blockHeight(signature, rw, { size: 8.5, bold: true }) + signGap + lh;
    const rightH = (rows.length + due.length) * lh + grandH + PAD + signH;

    this.ensure(Math.max(leftH, rightH) + 2 * PAD);
    const top = this.y;
    const bottom = top + Math.max(leftH, rightH) + 2 * PAD;

    let y = top + PAD;
    for (const [label, text, style] of left) {
      y += pen.block(label, x, y, w, { ...LABEL, bold: true });
      y += pen.block(text, x, y, w, style) + 4;
    }
    if (upiLabel && this.upiQr) {
      y += pen.block(upiLabel, x, y, w, { ...LABEL, bold: true });
      drawImage(pen, this.upiQr, x + 2, y + 2, UPI_QR_POINTS - 4, UPI_QR_POINTS - 4);
      y += UPI_QR_POINTS + 4;
    }

    let ry = top + PAD;
    const figure = (label: string, value: string, style: TextStyle) => {
      pen.line(label, rx, ry, rw, style);
      pen.line(value, rx, ry, rw, { ...style, align: 'right' });
      ry += pen.lineHeight(style.size);
    };
    for (const [label, value] of rows) figure(label, value, { size: 8.5 });
    pen.hline(X0 + leftW, X1, ry + 1);
    ry += 3;
    figure('Grand Total', rupees(t.grandTotal), { size: 11, bold: true });
    ry += 1;
    for (const [label, value] of due) figure(label, value, { size: 8.5, bold: label === 'Balance Due' });
    const signTop = bottom - PAD - signH;
    pen.hline(X0 + leftW, X1, signTop - PAD / 2);
    const nameH = pen.block(signature, rx, signTop, rw, { size: 8.5, bold: true, align: 'right' });
    if (doc.seller.signature) drawImage(pen, doc.seller.signature, X1 - PAD - SIGNATURE.width, signTop + nameH + 3, SIGNATURE.width, SIGNATURE.height, 'right');
    pen.line('Authorised Signatory', rx, bottom - PAD - lh, rw, { size: 8.5, align: 'right' });
    pen.vline(X0 + leftW, top, bottom);
    this.y = bottom;
  }

  /** A rule across the frame, closing the section above it. */
  private rule(y: number): void {
    this.pen.hline(X0, X1, y);
    this.y = y;
  }

  /** Starts a new page unless `height` still fits on this one. */
  private ensure(height: number): void {
    if (this.y + height > BOTTOM) this.newPage();
  }

  private closeFrame(): void {
    this.pen.rect(X0, this.frameTop, WIDTH, this.y - this.frameTop, { stroke: '#000', width: 0.8 });
  }

  private newPage(): void {
    this.closeFrame();
    this.pen.doc.addPage({ size: 'A4', margin: 0 });
    this.y = MARGIN;
    const { doc, pen } = this;
    pen.line(doc.seller.name, X0, this.y, WIDTH * 0.6, { size: 9, bold: true });
    pen.line(`${doc.title} ${doc.number} (continued)`, X0, this.y, WIDTH, { size: 8.5, align: 'right' });
    this.y += pen.lineHeight(9) + 4;
    this.frameTop = this.y;
  }

  private pageNumbers(): void {
    const { pen, doc } = this;
    const range = pen.doc.bufferedPageRange();
    for (let i = 0; i < range.count; i++) {
      pen.doc.switchToPage(range.start + i);
      const y = A4.height - MARGIN + 2;
      const style: TextStyle = { size: 7, color: '#555' };
      pen.line(`${doc.title} ${doc.number}`, X0, y, WIDTH, style);
      pen.line(`Page ${i + 1} of ${range.count}`, X0, y, WIDTH, { ...style, align: 'right' });
    }
  }
}
