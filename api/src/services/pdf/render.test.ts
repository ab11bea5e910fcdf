import zlib from 'node:zlib';
import { formatRupees } from '@bahi/shared/india';
import * as fontkit from 'fontkit';
import { PDFParse } from 'pdf-parse';
import QRCode from 'qrcode';
import { pdfFileName, renderDocumentPdf, type PdfLayout, type PrintableDocument } from '.';
import { sampleInvoice } from './fixtures';
import { fontData, fontRuns } from './fonts';
import { QR_MAX_MODULES, QR_POINTS, qrUnprintable } from './qr';
import { pdfText } from './testing';

interface Parsed {
  /** Every page's text, whitespace collapsed. */
  pages: string[];
  text: string;
  /** Page sizes in points from the PDF's MediaBoxes. */
  sizes: Array<[number, number]>;
}

async function render(doc: PrintableDocument, layout: PdfLayout): Promise<{ pdf: Buffer } & Parsed> {
  const pdf = await renderDocumentPdf(doc, layout);
  const sizes = [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(
    (m) => [Number(m[1]), Number(m[2])] as [number, number],
  );
  return { pdf, sizes, ...(await pdfText(pdf)) };
}

/** Pixels of an 8-bit PNG as "dark or not" (enough to read a QR code back). */
function pngDarkPixels(png: Buffer): { width: number; height: number; dark: (x: number, y: number) => boolean } {
  let offset = 8;
  const idat: Buffer[] = [];
  let width = 0;
  let height = 0;
  let channels = 0;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect(data[8]).toBe(8);
      channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[data[9]]!;
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const row = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    const prev = rows[y - 1] ?? Buffer.alloc(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? row[i - channels] : 0;
      const b = prev[i];
      const c = i >= channels ? prev[i - channels] : 0;
      const p = a + b - c;
      const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c) ? a : Math.abs(p - b) <= Math.abs(p - c) ? b : c;
      row[i] = (row[i] + [0, a, b, (a + b) >> 1, paeth][filter]) & 0xff;
    }
    rows.push(row);
  }
  return { width, height, dark: (x, y) => rows[y][x * channels] < 128 };
}

describe('renderDocumentPdf', () => {
  test('an intra-state A4 tax invoice shows what a GST invoice must, with CGST and SGST', async () => {
    const doc = sampleInvoice({ lines: 6 });
    const { text, sizes } = await render(doc, 'a4');
    expect(sizes).toEqual([[595.28, 841.89]]);
    for (const expected of [
      'TAX INVOICE',
      'Sharma Traders',
      'GSTIN: 27AAPFU0939F1ZV',
      'State: Maharashtra, Code 27',
      'Invoice No. MUM/26-27/42',
      'Invoice Date 05/11/2026',
      'Due Date 05/12/2026',
      'Place of Supply 27-Maharashtra',
      'Reverse Charge No',
      'Bill To Deccan Kirana Stores',
      'GSTIN: 27AABCD1234E1Z2',
      // HSN on the lines and in the HSN summary; a description under its item.
      '10063020',
      '998729',
      'Grey, with locker; 2 years warranty',
      'CGST',
      'SGST',
      doc.totals.amountInWords,
      'Grand Total ₹62,657.00',
      'Taxable Value ₹53,371.50',
      'CGST ₹4,638.25',
      'Round Off +₹0.36',
      'Balance Due ₹57,657.00',
      '05/11/2026 UPI ₹5,000.00',
      'HSN/SAC Summary',
      'For Sharma Traders',
      'Authorised Signatory',
      'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    // A line in Indian grouping: 4 × ₹12,499.00 = ₹49,996.00 taxable at 9% + 9%.
    expect(text).toMatch(/94031010 4 NOS 12,499.00 49,996.00 9% 4,499.64 9% 4,499.64 58,995.28/);
    expect(text).not.toContain('IGST');
  });

  test('an inter-state invoice has IGST columns only, and the ship-to address', async () => {
    const { text } = await render(sampleInvoice({ lines: 5, supplyType: 'INTER' }), 'a4');
    expect(text).toContain('Place of Supply 29-Karnataka');
    expect(text).toContain('Ship To Kaveri Home Needs Pvt Ltd Warehouse 7, Peenya Industrial Area');
    expect(text).toMatch(/94031010 4 NOS 12,499.00 49,996.00 18% 8,999.28 58,995.28/);
    expect(text).toContain('IGST ₹9,247.71');
    expect(text).toContain('Grand Total ₹62,547.00');
    expect(text).not.toMatch(/CGST|SGST/);
  });

  test('a bill of supply has no tax columns; a quotation has no payments and says how long it is valid', async () => {
    const bill = await render(sampleInvoice({ title: 'Bill of Supply' }), 'a4');
    expect(bill.text).toContain('BILL OF SUPPLY');
    expect(bill.text).not.toMatch(/CGST|SGST|IGST/);

    const quote = await render(sampleInvoice({ title: 'Quotation' }), 'a4');
    expect(quote.text).toContain('QUOTATION');
    expect(quote.text).toContain('Quotation No. QT/26-27/7');
    expect(quote.text).toContain('Valid Until 05/12/2026');
    expect(quote.text).not.toMatch(/Balance Due|ORIGINAL FOR RECIPIENT|Reverse Charge/);
  });

  test.each<[PdfLayout, number]>([
    ['thermal80', 226.77],
    ['thermal58', 164.41],
  ])('a %s receipt is one page of the roll width with the essentials', async (layout, width) => {
    const doc = sampleInvoice({ lines: 4 });
    const { text, sizes } = await render(doc, layout);
    expect(sizes).toHaveLength(1);
    expect(sizes[0][0]).toBeCloseTo(width, 1);
    expect(sizes[0][1]).toBeGreaterThan(300);
    for (const expected of [
      'Sharma Traders',
      'GSTIN: 27AAPFU0939F1ZV',
      'MUM/26-27/42',
      'Deccan Kirana Stores',
      'HSN 94031010',
      'GRAND TOTAL ₹61,662.00',
      doc.totals.amountInWords,
      'CGST',
      'SGST',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/18% 49,996.00 4,499.64 4,499.64/);
    expect(text).not.toContain('IGST');
  });

  test('in a union territory without a legislature the state tax is printed as UTGST', async () => {
    const doc = { ...sampleInvoice(), placeOfSupply: '04', stateTaxLabel: 'UTGST' as const };
    const a4 = await render(doc, 'a4');
    expect(a4.text).toContain('Place of Supply 04-Chandigarh');
    expect(a4.text).toMatch(/CGST Rate Amount \(₹\) UTGST Rate Amount/);
    expect(a4.text).toContain(`UTGST ${formatRupees(doc.totals.sgst)}`);
    expect(a4.text).not.toContain('SGST');
    const receipt = await render(doc, 'thermal58');
    expect(receipt.text).toMatch(/GST Taxable CGST UTGST/);
  });

  test('a Hindi party name is drawn with Devanagari glyphs, shaped', async () => {
    const name = 'श्री गणेश ट्रेडर्स';
    const { text } = await render(sampleInvoice({ buyerName: name }), 'a4');
    // Words without reordered vowel signs come back out of the PDF as typed.
    expect(text).toContain('गणेश');
    for (const sample of [name, 'முருகன் ஸ்டோர்ஸ்', 'ಶ್ರೀ ಲಕ್ಷ್ಮಿ', 'মা তারা ভাণ্ডার', 'ശ്രീ ഭവൻ']) {
      for (const run of fontRuns(sample).filter((r) => r.text.trim())) {
        const font = fontkit.create(fontData(run.face, 400)) as fontkit.Font;
        const glyphs = font.layout(run.text).glyphs;
        expect({ run: run.text, missing: glyphs.filter((g) => g.id === 0).length }).toEqual({ run: run.text, missing: 0 });
      }
    }
  });

  test('a 200-line invoice runs over several A4 pages, each with the table header and its page number', async () => {
    const doc = sampleInvoice({ lines: 200 });
    const { pages, sizes } = await render(doc, 'a4');
    expect(pages.length).toBeGreaterThanOrEqual(5);
    expect(sizes).toHaveLength(pages.length);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      if (i > 0) expect(page).toContain('Tax Invoice MUM/26-27/42 (continued)');
    });
    const withItemHeader = pages.filter((p) => /# Item HSN\/SAC Qty Rate/.test(p));
    expect(withItemHeader.length).toBeGreaterThanOrEqual(pages.length - 1);
    expect(pages[pages.length - 1]).toMatch(/\b200 Toor Dal 07136000 4 KGS/);
    expect(pages[pages.length - 1]).toContain(doc.totals.amountInWords);
  });

  test('an e-invoice prints its IRN, Ack No and date, and a QR code of the signed QR string', async () => {
    const doc = sampleInvoice({ supplyType: 'INTER', eInvoice: true });
    const e = doc.eInvoice!;
    for (const layout of ['a4', 'thermal80'] as const) {
      const { pdf, text } = await render(doc, layout);
      // A receipt wraps the 64-character IRN.
      expect(text.replace(/\s/g, '')).toMatch(new RegExp(`IRN:?${e.irn}`));
      expect(text).toMatch(/Ack No[.:]? 112610012345678/);
      expect(text).toMatch(/Ack Date:? 2026-11-05 13:45:00/);

      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const images = (await parser.getImage({ imageThreshold: 0, imageDataUrl: false })).pages[0].images;
      await parser.destroy();
      expect(images).toHaveLength(1);
      const qr = QRCode.create(e.signedQrCode, { errorCorrectionLevel: 'M' }).modules;
      const image = pngDarkPixels(Buffer.from(images[0].data));
      expect([image.width, image.height]).toEqual([qr.size, qr.size]);
      let differing = 0;
      for (let y = 0; y < qr.size; y++) for (let x = 0; x < qr.size; x++) if (image.dark(x, y) !== Boolean(qr.get(y, x))) differing++;
      expect(differing).toBe(0);
    }
    const plain = await render(sampleInvoice(), 'a4');
    expect(plain.text).not.toContain('IRN');
  });

  test('a signed QR string too long to print readably prints the IRN and acknowledgement without a QR code, on every layout', async () => {
    const doc = sampleInvoice({ eInvoice: true });
    const e = doc.eInvoice!;
    // An 8,218-character string fits no QR code; 1,400 characters make one too dense for the printed size.
    for (const length of [8218, 1400]) {
      const signedQrCode = e.signedQrCode + 'x'.repeat(length - e.signedQrCode.length);
      expect(qrUnprintable(signedQrCode)).toMatch(/too long/);
      for (const layout of ['a4', 'thermal80', 'thermal58'] as const) {
        const { pdf, text } = await render({ ...doc, eInvoice: { ...e, signedQrCode } }, layout);
        expect(text.replace(/\s/g, '')).toMatch(new RegExp(`IRN:?${e.irn}`));
        expect(text).toMatch(/Ack No[.:]? 112610012345678/);
        expect(text).toMatch(/Ack Date:? 2026-11-05 13:45:00/);
        const parser = new PDFParse({ data: new Uint8Array(pdf) });
        const images = (await parser.getImage({ imageThreshold: 0, imageDataUrl: false })).pages.flatMap((p) => p.images);
        await parser.destroy();
        expect(images).toHaveLength(0);
      }
    }
  });

  test('the longest string the upload accepts prints as its QR code on every layout, no smaller than 0.25 mm a module', async () => {
    const doc = sampleInvoice({ eInvoice: true });
    const e = doc.eInvoice!;
    // The longest byte-mode string whose QR code qrUnprintable accepts.
    let [fits, fitsNot] = [e.signedQrCode.length, 2400];
    while (fitsNot - fits > 1) {
      const mid = Math.floor((fits + fitsNot) / 2);
      if (qrUnprintable('x'.repeat(mid))) fitsNot = mid;
      else fits = mid;
    }
    expect(fits).toBe(1264);
    const signedQrCode = 'x'.repeat(fits);
    const modules = QRCode.create(signedQrCode, { errorCorrectionLevel: 'M' }).modules.size;
    expect(modules).toBeLessThanOrEqual(QR_MAX_MODULES);
    expect((QR_POINTS.a4 * 25.4) / 72 / modules).toBeGreaterThanOrEqual(0.25);
    for (const layout of ['a4', 'thermal80', 'thermal58'] as const) {
      const { pdf } = await render({ ...doc, eInvoice: { ...e, signedQrCode } }, layout);
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      const images = (await parser.getImage({ imageThreshold: 0, imageDataUrl: false })).pages[0].images;
      await parser.destroy();
      expect(images).toHaveLength(1);
      expect(pngDarkPixels(Buffer.from(images[0].data)).width).toBe(modules);
    }
  });

  test('the download name is safe for every browser and file system', () => {
    expect(pdfFileName(sampleInvoice())).toBe('Invoice-MUM-26-27-42.pdf');
    expect(pdfFileName(sampleInvoice({ title: 'Quotation' }))).toBe('Quotation-QT-26-27-7.pdf');
  });
});
