import type { PurchaseInvoice, SaleInvoice } from '@bahi/shared/contracts';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, testGstin, write, type Harness, type SignedUp } from '../test/harness';

/*
 * gst-rules.md "Registration types" and "Invoice discount", through the API: what an unregistered or composition
 * seller issues, a discount on the whole document, and a body field nobody defined.
 */

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
let regular: SignedUp;
let unregistered: SignedUp;
let composition: SignedUp;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  regular = await signUp(h, { businessName: 'Regular Traders', stateCode: '27' });
  unregistered = await signUp(h, { businessName: 'Corner Shop', stateCode: '27', unregistered: true });
  composition = await signUp(h, { businessName: 'Small Dhaba', stateCode: '27', registrationType: 'COMPOSITION' });
}, 120_000);
afterAll(() => h.close());

const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
const registration = (who: SignedUp, body: object) => write(h.app, 'PUT', '/api/report/gst-registration', body, { cookie: who.cookie });

describe('a seller that may not collect tax', () => {
  it('an unregistered business (signed up without a GSTIN) issues a BILL OF SUPPLY with no tax', async () => {
    const me = (await get(h.app, '/api/report/gst-registration', unregistered.cookie)).json().data;
    expect(me).toMatchObject({ gstin: null, registrationType: 'UNREGISTERED', documentTitle: 'BILL OF SUPPLY' });
    const kettle = await f.item(unregistered, { price: '1000', rate: 'gst-18', stock: 5 });
    const inv = await f.invoice(unregistered, { lines: [line(kettle.id, { quantity: 2 })] });
    expect(inv.documentTitle).toBe('BILL OF SUPPLY');
    expect(inv.branch.registrationType).toBe('UNREGISTERED');
    expect(inv.lines[0]).toMatchObject({ gstRate: '0', cgst: '0.00', sgst: '0.00', igst: '0.00', taxableValue: '2000.00', total: '2000.00' });
    expect(inv.totals).toMatchObject({ cgst: '0.00', sgst: '0.00', igst: '0.00', cess: '0.00', grandTotal: '2000.00' });
    const { text } = await pdfText((await get(h.app, `/api/sale/sale-invoice/${inv.id}/pdf`, unregistered.cookie)).rawPayload);
    expect(text).toContain('BILL OF SUPPLY');
    expect(text).not.toContain('TAX INVOICE');
    expect(text).not.toContain('composition taxable person');
  });

  it('refuses a GST rate sent on a line with 400 naming the line, and saves nothing', async () => {
    const fan = await f.item(unregistered, { price: '500', rate: 'gst-18', stock: 5 });
    const before = (await f.invoices(unregistered)).json().meta.total;
    const res = await f.sale(unregistered, { lines: [line(fan.id), line(fan.id, { gstRateId: 'gst-18' })] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'lines.1.gstRateId' });
    expect(res.json().message).toMatch(/^Line 2 .*bill of supply charges no GST/);
    const quote = await f.quote(unregistered, { lines: [line(fan.id, { gstRateId: 'gst-5' })] });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().field).toBe('lines.0.gstRateId');
    expect((await f.invoices(unregistered)).json().meta.total).toBe(before);
    // 0 % is no tax, so it may be sent.
    expect((await f.sale(unregistered, { lines: [line(fan.id, { gstRateId: 'gst-0' })] })).statusCode).toBe(201);
  });

  it('a composition seller issues bills of supply that print its declaration at the top (A4 and thermal)', async () => {
    const thali = await f.item(composition, { type: 'SERVICE', price: '250', rate: 'gst-5' });
    const inv = await f.invoice(composition, { lines: [line(thali.id, { quantity: 4 })] });
    expect(inv.documentTitle).toBe('BILL OF SUPPLY');
    expect(inv.totals).toMatchObject({ taxableValue: '1000.00', cgst: '0.00', sgst: '0.00', grandTotal: '1000.00' });
    for (const layout of ['a4', 'thermal80']) {
      const res = await get(h.app, `/api/sale/sale-invoice/${inv.id}/pdf?layout=${layout}`, composition.cookie);
      expect(res.statusCode).toBe(200);
      const { text } = await pdfText(res.rawPayload);
      expect(text).toContain('BILL OF SUPPLY');
      expect(text).toContain('composition taxable person, not eligible to collect tax on supplies');
      // The declaration comes before the seller's details and the lines.
      expect(text.indexOf('composition taxable person')).toBeLessThan(text.indexOf(inv.invoiceNumber));
    }
  });

  it('files no GSTR-1, GSTR-3B or e-invoice, and says why', async () => {
    const compositionGstin = (await get(h.app, '/api/report/gst-registration', composition.cookie)).json().data.gstin as string;
    for (const form of ['gstr1', 'gstr3b']) {
      const cmp = await get(h.app, `/api/report/${form}?gstin=${compositionGstin}&period=112026`, composition.cookie);
      expect(cmp.statusCode).toBe(422);
      expect(cmp.json().message).toContain(`A composition taxpayer files CMP-08 each quarter, not ${form === 'gstr1' ? 'GSTR-1' : 'GSTR-3B'}`);
      const unreg = await get(h.app, `/api/report/${form}?gstin=${testGstin('27')}&period=112026`, unregistered.cookie);
      expect(unreg.statusCode).toBe(422);
      expect(unreg.json().message).toContain('An unregistered business files no GST returns');
    }
    const buyer = await f.party(composition, { name: 'Registered Buyer', state: '27', gstin: testGstin('27') });
    const thali = await f.item(composition, { type: 'SERVICE', price: '250', rate: 'gst-5' });
    const inv = await f.invoice(composition, { partyId: buyer.id, lines: [line(thali.id)] });
    const e = await get(h.app, `/api/sale/sale-invoice/${inv.id}/einvoice`, composition.cookie);
    expect(e.statusCode).toBe(422);
    expect(e.json().message).toContain('a composition taxpayer does not e-invoice');
  });

  it('a regular seller still issues a TAX INVOICE with GST', async () => {
    const pen = await f.item(regular, { price: '62.51', rate: 'gst-18', stock: 1 });
    const inv = await f.invoice(regular, { lines: [line(pen.id)] });
    expect(inv.documentTitle).toBe('TAX INVOICE');
    expect(inv.lines[0]).toMatchObject({ cgst: '5.63', sgst: '5.63' });
  });
});

describe('CMP-08', () => {
  it('a composition business pays its rate on the quarter’s turnover, half CGST half SGST, plus reverse-charge tax', async () => {
    const thali = await f.item(composition, { type: 'SERVICE', price: '250', rate: 'gst-5' });
    await f.invoice(composition, { invoiceDate: '2026-05-10', lines: [line(thali.id, { quantity: 4 })] });
    await f.invoice(composition, { invoiceDate: '2026-06-30', lines: [line(thali.id, { quantity: 1 })] });
    const cancelled = await f.invoice(composition, { invoiceDate: '2026-06-01', lines: [line(thali.id, { quantity: 10 })] });
    await f.cancel(composition, cancelled.id);
    await f.invoice(composition, { invoiceDate: '2026-07-01', lines: [line(thali.id, { quantity: 8 })] });
    const transporter = await f.party(composition, { name: 'Goods Transport Agency', state: '27', partyType: 'SUPPLIER' });
    const freight = await f.item(composition, { type: 'SERVICE', price: '1000', rate: 'gst-5' });
    const bill = await write(
      h.app,
      'POST',
      '/api/purchase/create-purchase',
      { partyId: transporter.id, billNumber: 'GTA-1', billDate: '2026-04-15', reverseCharge: true, lines: [line(freight.id, { unitPrice: '1000' })] },
      { cookie: composition.cookie },
    );
    expect(bill.statusCode).toBe(201);

    const res = await get(h.app, '/api/report/cmp08?quarter=062026', composition.cookie);
    expect(res.statusCode).toBe(200);
    // Turnover 1,250.00 at 1 %: 12.50, CGST 6.25 + SGST 6.25; reverse charge on 1,000.00 at 5 %: 25.00 + 25.00.
    expect(res.json().data).toMatchObject({
      from: '2026-04-01',
      to: '2026-06-30',
      compositionRate: '1',
      outward: { turnover: '1250.00', cgst: '6.25', sgst: '6.25', igst: '0.00' },
      reverseCharge: { taxableValue: '1000.00', cgst: '25.00', sgst: '25.00', igst: '0.00' },
      totalTax: '62.50',
    });
    const regularAsks = await get(h.app, '/api/report/cmp08?quarter=062026', regular.cookie);
    expect(regularAsks.statusCode).toBe(422);
    expect((await get(h.app, '/api/report/cmp08?quarter=052026', composition.cookie)).statusCode).toBe(400);
  });
});

describe('adding a GSTIN later asks which registration it is', () => {
  it('400 without a type, 400 for UNREGISTERED with a GSTIN; REGULAR: the next invoice is a TAX INVOICE, the earlier bill stays', async () => {
    const shop = await signUp(h, { businessName: 'Growing Shop', stateCode: '29', unregistered: true });
    const soap = await f.item(shop, { price: '100', rate: 'gst-18', stock: 10 });
    const before = await f.invoice(shop, { lines: [line(soap.id)] });
    const gstin = testGstin('29');

    const noType = await registration(shop, { gstin });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().field).toBe('registrationType');
    const wrong = await registration(shop, { gstin, registrationType: 'UNREGISTERED' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().field).toBe('registrationType');
    const otherState = await registration(shop, { gstin: testGstin('27'), registrationType: 'REGULAR' });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().field).toBe('gstin');

    const ok = await registration(shop, { gstin, registrationType: 'REGULAR' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ gstin, registrationType: 'REGULAR', documentTitle: 'TAX INVOICE', returnsNote: null });
    const after = await f.invoice(shop, { lines: [line(soap.id)] });
    expect(after.documentTitle).toBe('TAX INVOICE');
    expect(after.branch.gstin).toBe(gstin);
    expect(after.totals).toMatchObject({ cgst: '9.00', sgst: '9.00', grandTotal: '118.00' });
    const again = (await f.getInvoice(shop, before.id)).json().data as SaleInvoice;
    expect(again).toMatchObject({ documentTitle: 'BILL OF SUPPLY', totals: { grandTotal: '100.00' } });
  });

  it('a branch given its own GSTIN must say how it is registered', async () => {
    const body = { name: 'Nashik', gstin: testGstin('27'), address: { street: '1 MG Road', city: 'Nashik', stateCode: '27', pin: '422001' } };
    const res = await write(h.app, 'POST', '/api/store-branch/create-branch', body, { cookie: regular.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('registrationType');
    const made = await write(h.app, 'POST', '/api/store-branch/create-branch', { ...body, registrationType: 'COMPOSITION' }, { cookie: regular.cookie });
    expect(made.statusCode).toBe(201);
    expect(made.json().data.registrationType).toBe('COMPOSITION');
    // The branch issues under its own registration, whatever the business's.
    const repair = await f.item(regular, { type: 'SERVICE', price: '100', rate: 'gst-18' });
    const bill = await f.invoice(regular, { branchId: made.json().data.id, lines: [line(repair.id)] });
    expect(bill).toMatchObject({ documentTitle: 'BILL OF SUPPLY', totals: { grandTotal: '100.00' } });
  });
});

describe('a discount on the whole document', () => {
  it('on a sale: 30.00 off 100.00 @ 18 % and 200.00 @ 5 % is shared 10.00 / 20.00 before tax', async () => {
    const a = await f.item(regular, { price: '100', rate: 'gst-18', stock: 1 });
    const b = await f.item(regular, { price: '200', rate: 'gst-5', stock: 1 });
    const inv = await f.invoice(regular, { discount: { amount: '30' }, roundOff: false, lines: [line(a.id), line(b.id)] });
    expect(inv.discount).toEqual({ percent: null, amount: '30.00' });
    expect(inv.lines.map((l) => [l.documentDiscount, l.discount, l.taxableValue, l.cgst, l.sgst])).toEqual([
      ['10.00', '10.00', '90.00', '8.10', '8.10'],
      ['20.00', '20.00', '180.00', '4.50', '4.50'],
    ]);
    expect(inv.totals).toMatchObject({ discount: '30.00', taxableValue: '270.00', cgst: '12.60', sgst: '12.60', grandTotal: '295.20' });
    // As stored, read back; the print shows each line's discount and the total.
    expect(((await f.getInvoice(regular, inv.id)).json().data as SaleInvoice).lines.map((l) => l.taxableValue)).toEqual(['90.00', '180.00']);
    const { text } = await pdfText((await get(h.app, `/api/sale/sale-invoice/${inv.id}/pdf`, regular.cookie)).rawPayload);
    expect(text).toContain('Discount');
    expect(text).toMatch(/10\.00[\s\S]*20\.00[\s\S]*30\.00/);
  });

  it('on a purchase: 1.00 off three lines of 1.00 is 0.33, 0.33 and the last 0.34; a percentage is of the lines', async () => {
    const supplier = await f.party(regular, { name: 'Paper Supplier', state: '27', partyType: 'SUPPLIER' });
    const paper = await f.item(regular, { price: '1', rate: 'gst-0' });
    const buy = (body: object) => write(h.app, 'POST', '/api/purchase/create-purchase', body, { cookie: regular.cookie });
    const res = await buy({ partyId: supplier.id, billNumber: 'P-1', discount: { amount: '1.00' }, lines: [1, 2, 3].map(() => line(paper.id, { unitPrice: '1' })) });
    expect(res.statusCode).toBe(201);
    const bill = res.json().data as PurchaseInvoice;
    expect(bill.lines.map((l) => l.discount)).toEqual(['0.33', '0.33', '0.34']);
    expect(bill.totals.taxableValue).toBe('2.00');

    const pct = (await buy({ partyId: supplier.id, billNumber: 'P-2', discount: { percent: '10' }, lines: [line(paper.id, { unitPrice: '155.55' })] })).json().data;
    expect(pct.discount).toEqual({ percent: '10', amount: '15.56' });
    expect(pct.lines[0].taxableValue).toBe('139.99');

    const tooMuch = await buy({ partyId: supplier.id, billNumber: 'P-3', discount: { amount: '5' }, lines: [line(paper.id, { unitPrice: '1' })] });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().field).toBe('discount.amount');
    const both = await buy({ partyId: supplier.id, billNumber: 'P-4', discount: { amount: '1', percent: '1' }, lines: [line(paper.id)] });
    expect(both.statusCode).toBe(400);
    expect(both.json().field).toBe('discount.amount');
  });
});

describe('a field a money document does not define', () => {
  it('is refused with 400 naming it on sale, quotation, purchase, expense, payment and schedule bodies', async () => {
    const pen = await f.item(regular, { price: '10', rate: 'gst-18', stock: 5 });
    const customer = await f.party(regular, { name: 'Unknown Field Customer', state: '27' });
    const bodies: [string, object][] = [
      ['/api/sale/create-sale', { lines: [line(pen.id)] }],
      ['/api/quotation/create-quotation', { lines: [line(pen.id)] }],
      ['/api/purchase/create-purchase', { partyId: customer.id, billNumber: 'X-1', lines: [line(pen.id)] }],
      ['/api/expense/create-expense', { categoryId: 'x', amount: '10', payment: { mode: 'CASH' } }],
      ['/api/payment/payment-in', { partyId: customer.id, amount: '10', mode: 'CASH' }],
      ['/api/automated-bill/create-schedule', { partyId: customer.id, lines: [line(pen.id)], frequency: { type: 'DAILY' }, startDate: '2026-12-01' }],
    ];
    for (const [url, body] of bodies) {
      const res = await write(h.app, 'POST', url, { ...body, discountAmount: '10' }, { cookie: regular.cookie });
      expect([url, res.statusCode, res.json()]).toEqual([url, 400, { success: false, message: 'Unknown field discountAmount', field: 'discountAmount' }]);
    }
    const nested = await write(h.app, 'POST', '/api/sale/create-sale', { lines: [line(pen.id, { taxAmount: '1' })] }, { cookie: regular.cookie });
    expect(nested.json()).toEqual({ success: false, message: 'Unknown field taxAmount', field: 'lines.0.taxAmount' });
  });
});
