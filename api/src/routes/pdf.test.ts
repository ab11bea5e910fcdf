import type { Quotation, SaleInvoice } from '@bahi/shared/contracts';
import { formatRupees, gstinCheckChar } from '@bahi/shared/india';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let interState: SaleInvoice;
let walkIn: SaleInvoice;
let quotation: Quotation;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const SELLER_GSTIN = gstin('27AAPFU0939F1Z');
const BUYER_GSTIN = gstin('29AAGCK1234M1Z');

beforeAll(async () => {
  h = await createHarness();
  const f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Sharma Traders', gstin: SELLER_GSTIN, stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Business', stateCode: '27' });
  const rice = await f.item(a, { name: 'Basmati Rice 25 kg', price: '1850', rate: 'gst-5', hsn: '10063020', stock: 50 });
  const almirah = await f.item(a, { name: 'Steel Almirah', price: '12499', rate: 'gst-18', hsn: '94031010', stock: 5 });
  const kaveri = await f.party(a, { name: 'Kaveri Home Needs', state: '29', gstin: BUYER_GSTIN });
  interState = await f.invoice(a, {
    partyId: kaveri.id,
    lines: [
      { itemId: rice.id, quantity: 2 },
      { itemId: almirah.id, quantity: 1, discountPercent: 10 },
    ],
  });
  walkIn = await f.invoice(a, { lines: [{ itemId: rice.id, quantity: 1 }] });
  quotation = await f.quotation(a, { partyId: kaveri.id, lines: [{ itemId: almirah.id, quantity: 3 }] });
}, 120_000);
afterAll(() => h.close());

const invoicePdf = (who: SignedUp, id: string, query = '') => get(h.app, `/api/sale/sale-invoice/${id}/pdf${query}`, who.cookie);
const quotationPdf = (who: SignedUp, id: string, query = '') =>
  get(h.app, `/api/quotation/quotation-estimation-invoice/${id}/pdf${query}`, who.cookie);
const safeName = (number: string) => number.replace(/\//g, '-');

describe('GET /api/sale/sale-invoice/:id/pdf', () => {
  it('answers the tax invoice as an A4 PDF download named after its number', async () => {
    const res = await invoicePdf(a, interState.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Invoice-${safeName(interState.invoiceNumber)}.pdf"`);
    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'TAX INVOICE',
      `Invoice No. ${interState.invoiceNumber}`,
      'Sharma Traders',
      `GSTIN: ${SELLER_GSTIN}`,
      'Kaveri Home Needs',
      `GSTIN: ${BUYER_GSTIN}`,
      'Place of Supply 29-Karnataka',
      '10063020',
      '94031010',
      'IGST',
      `Grand Total ${formatRupees(interState.totals.grandTotal)}`,
      interState.totals.amountInWords,
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/CGST|SGST/);
  });

  it('answers 80 mm and 58 mm receipts; a sale without a party is to a walk-in customer', async () => {
    for (const layout of ['thermal80', 'thermal58']) {
      const res = await invoicePdf(a, walkIn.id, `?layout=${layout}`);
      expect(res.statusCode).toBe(200);
      const { text, pages } = await pdfText(res.rawPayload);
      expect(pages).toHaveLength(1);
      expect(text).toContain(walkIn.invoiceNumber);
      expect(text).toContain('Walk-in customer');
      expect(text).toContain(`GRAND TOTAL ${formatRupees(walkIn.totals.grandTotal)}`);
      expect(text).toMatch(/CGST.*SGST/);
    }
  });

  it('refuses an unknown layout with 400', async () => {
    const res = await invoicePdf(a, interState.id, '?layout=letter');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('a4, thermal80 or thermal58') });
  });

  it("answers 404 for another business's invoice and for ids that are no invoice, 401 without a session", async () => {
    expect((await invoicePdf(b, interState.id)).statusCode).toBe(404);
    expect((await invoicePdf(a, quotation.id)).statusCode).toBe(404);
    expect((await invoicePdf(a, 'not-an-id')).statusCode).toBe(404);
    expect((await get(h.app, `/api/sale/sale-invoice/${interState.id}/pdf`)).statusCode).toBe(401);
  });
});

describe('GET /api/quotation/quotation-estimation-invoice/:id/pdf', () => {
  it('answers the quotation as a PDF with its number, validity and totals', async () => {
    const res = await quotationPdf(a, quotation.id, '?layout=a4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Quotation-${safeName(quotation.quotationNumber)}.pdf"`);
    const { text } = await pdfText(res.rawPayload);
    expect(text).toContain('QUOTATION');
    expect(text).toContain(`Quotation No. ${quotation.quotationNumber}`);
    expect(text).toContain('Valid Until');
    expect(text).toContain(`Grand Total ${formatRupees(quotation.totals.grandTotal)}`);
  });

  it("answers 404 for another business's quotation and 400 for an unknown layout", async () => {
    expect((await quotationPdf(b, quotation.id)).statusCode).toBe(404);
    expect((await quotationPdf(a, quotation.id, '?layout=A5')).statusCode).toBe(400);
  });
});
