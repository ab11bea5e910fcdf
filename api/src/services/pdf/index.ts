import { A4, A4Invoice } from './a4';
import { Pen } from './pen';
import { qrPng } from './qr';
import { THERMAL, ThermalReceipt } from './thermal';
import type { PdfLayout, PrintableDocument } from './types';

export * from './types';
export { pdfFileName } from './format';

function finished(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** The document as a PDF: A4 (paginated), or an 80 mm or 58 mm thermal receipt (one page as long as it needs). */
export async function renderDocumentPdf(doc: PrintableDocument, layout: PdfLayout): Promise<Buffer> {
  const qr = doc.eInvoice ? await qrPng(doc.eInvoice.signedQrCode) : null;
  const upiQr = doc.upiUri ? await qrPng(doc.upiUri) : null;
  const pen = Pen.create({
    autoFirstPage: false,
    bufferPages: layout === 'a4',
    info: { Title: `${doc.title} ${doc.number}`, Author: doc.seller.name, Creator: 'Bahi' },
    lang: 'en-IN',
  });
  if (layout === 'a4') {
    pen.doc.addPage({ size: [A4.width, A4.height], margin: 0 });
    new A4Invoice(pen, doc, qr, upiQr).draw();
  } else {
    const paper = THERMAL[layout];
    pen.dry = true;
    const height = new ThermalReceipt(pen, doc, qr, paper, upiQr).draw();
    pen.dry = false;
    pen.doc.addPage({ size: [paper.width, height], margin: 0 });
    new ThermalReceipt(pen, doc, qr, paper, upiQr).draw();
  }
  return finished(pen.doc);
}
