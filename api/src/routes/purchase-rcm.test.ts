import type { Account, Gstr1Response, Gstr3bResponse, Party, PartyPayment, PurchaseInvoice } from '@bahi/shared/contracts';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, testGstin, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Reverse charge from an unregistered supplier: a self-invoice on receipt (RCM/26-27/n), a payment voucher when it
 * is paid (PV/26-27/n), both listed in GSTR-1 doc_issue; the tax in GSTR-3B 3.1(d), paid in cash.
 */

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
let other: SignedUp;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  other = await signUp(h, { businessName: 'Other Business', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

interface Shop {
  who: SignedUp;
  gstin: string;
  bank: Account;
  /** No GSTIN: unregistered. */
  farmer: Party;
  registered: Party;
  itemId: string;
}

/** A REGULAR business of Maharashtra with a bank account, an unregistered and a registered supplier, an 18 % service. */
async function shop(name: string): Promise<Shop> {
  const gstin = testGstin('27');
  const who = await signUp(h, { businessName: name, stateCode: '27', gstin });
  return {
    who,
    gstin,
    bank: await f.bank(who),
    farmer: await f.party(who, { name: 'Ramesh Transport', partyType: 'SUPPLIER', state: '27' }),
    registered: await f.party(who, { name: 'Registered Carrier', partyType: 'SUPPLIER', state: '27', gstin: testGstin('27') }),
    itemId: (await f.item(who, { type: 'SERVICE', name: 'Goods transport', price: '1000', rate: 'gst-18', hsn: '996511' })).id,
  };
}

let billSeq = 0;
const create = (s: Shop, body: Record<string, unknown>) =>
  write(
    h.app,
    'POST',
    '/api/purchase/create-purchase',
    { billNumber: `GT-${++billSeq}`, partyId: s.farmer.id, reverseCharge: true, lines: [{ itemId: s.itemId, quantity: 1, unitPrice: '1000', priceIncludesTax: false }], ...body },
    { cookie: s.who.cookie },
  );
async function purchase(s: Shop, body: Record<string, unknown> = {}): Promise<PurchaseInvoice> {
  const res = await create(s, body);
  if (res.statusCode !== 201) throw new Error(`create-purchase answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const bill = async (s: Shop, id: string): Promise<PurchaseInvoice> => (await get(h.app, `/api/purchase/purchase-invoice/${id}`, s.who.cookie)).json().data;
const payBill = (s: Shop, id: string, body: object) => write(h.app, 'POST', `/api/purchase/record-payment/${id}`, body, { cookie: s.who.cookie });
async function paymentOut(s: Shop, body: object): Promise<PartyPayment> {
  const res = await write(h.app, 'POST', '/api/payment/payment-out', body, { cookie: s.who.cookie });
  if (res.statusCode !== 201) throw new Error(`payment-out answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const cancel = (s: Shop, id: string) => write(h.app, 'POST', `/api/purchase/cancel-purchase/${id}`, { reason: 'Entered twice' }, { cookie: s.who.cookie });
const selfInvoicePdf = (who: SignedUp, id: string, query = '') => get(h.app, `/api/purchase/self-invoice/${id}/pdf${query}`, who.cookie);
const voucherPdf = (who: SignedUp, id: string, query = '') => get(h.app, `/api/purchase/payment-voucher/${id}/pdf${query}`, who.cookie);
const docIssue = async (s: Shop, period: string) => {
  const res = await get(h.app, `/api/report/gstr1?gstin=${s.gstin}&period=${period}`, s.who.cookie);
  expect(res.statusCode).toBe(200);
  return (res.json() as Gstr1Response).data.doc_issue.doc_det;
};

describe('self-invoice', () => {
  it('is issued on receipt from an unregistered supplier, gap-free per series; cancelling the bill cancels it', async () => {
    const s = await shop('Alpha Traders');
    const first = await purchase(s, { billDate: '2026-10-05' });
    expect(first).toMatchObject({ reverseCharge: true, reverseChargeTax: '180.00', selfInvoiceNumber: 'RCM/26-27/1' });
    // Not under reverse charge, or from a registered supplier: no self-invoice, no number taken.
    expect((await purchase(s, { billDate: '2026-10-05', reverseCharge: false })).selfInvoiceNumber).toBeNull();
    expect((await purchase(s, { billDate: '2026-10-05', partyId: s.registered.id })).selfInvoiceNumber).toBeNull();
    // A bill refused (the supplier's bill number entered twice) takes no number either.
    const refused = await create(s, { billNumber: first.billNumber, billDate: '2026-10-06' });
    expect(refused.statusCode).toBe(409);
    const second = await purchase(s, { billDate: '2026-10-06' });
    expect(second.selfInvoiceNumber).toBe('RCM/26-27/2');

    const cancelled = await cancel(s, second.id);
    expect(cancelled.statusCode).toBe(200);
    // It stays in the series, cancelled with its bill; the next one takes the next number.
    expect(await bill(s, second.id)).toMatchObject({ status: 'CANCELLED', selfInvoiceNumber: 'RCM/26-27/2' });
    expect((await purchase(s, { billDate: '2026-10-07' })).selfInvoiceNumber).toBe('RCM/26-27/3');
  });

  it('numbers bills saved at the same moment one after another, without gaps or repeats', async () => {
    const s = await shop('Concurrent Traders');
    const bills = await Promise.all(Array.from({ length: 6 }, () => purchase(s, { billDate: '2026-10-20', payment: { amount: '1000', mode: 'BANK_TRANSFER', accountId: s.bank.id } })));
    const sorted = (xs: string[]) => [...xs].sort((x, y) => Number(x.split('/')[2]) - Number(y.split('/')[2]));
    expect(sorted(bills.map((b) => b.selfInvoiceNumber!))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `RCM/26-27/${n}`));
    expect(sorted(bills.map((b) => b.payments[0].paymentVoucherNumber!))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `PV/26-27/${n}`));
  });

  it('prints as "Self-invoice (reverse charge)": the business as recipient, the supplier, the tax it pays', async () => {
    const s = await shop('Sharma Logistics');
    const b = await purchase(s, { billDate: '2026-10-08' });
    const res = await selfInvoicePdf(s.who, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Self-invoice-RCM-26-27-1.pdf"');
    const { text } = await pdfText(res.rawPayload);
    for (const expected of [
      'SELF-INVOICE (REVERSE CHARGE)',
      'Tax payable on reverse charge: Yes',
      'Recipient (pays the tax)',
      'Sharma Logistics',
      `GSTIN: ${s.gstin}`,
      'Supplier (unregistered)',
      'Ramesh Transport',
      'Invoice No. RCM/26-27/1',
      'Invoice Date 08/10/2026',
      'Goods transport',
      '996511',
      'Tax payable on reverse charge ₹180.00',
      'Grand Total ₹1,180.00',
      `Supplier's bill ${b.billNumber} of 08/10/2026`,
    ]) {
      expect(text).toContain(expected);
    }
    for (const layout of ['thermal80', 'thermal58']) {
      const thermal = await selfInvoicePdf(s.who, b.id, `?layout=${layout}`);
      expect(thermal.statusCode).toBe(200);
      const t = (await pdfText(thermal.rawPayload)).text;
      expect(t).toContain('SELF-INVOICE (REVERSE CHARGE)');
      expect(t).toContain('Tax payable on reverse charge: Yes');
      expect(t).toContain('RCM/26-27/1');
    }
    // Cancelled with its bill, it prints so.
    await cancel(s, b.id);
    expect((await pdfText((await selfInvoicePdf(s.who, b.id)).rawPayload)).text).toContain('CANCELLED');
  });

  it('answers 404 for another business’s bill, a bill without a self-invoice and an id that is not one', async () => {
    const s = await shop('Gamma Mart');
    const b = await purchase(s, { billDate: '2026-10-09' });
    const plain = await purchase(s, { billDate: '2026-10-09', reverseCharge: false });
    expect((await selfInvoicePdf(other, b.id)).statusCode).toBe(404);
    expect((await selfInvoicePdf(s.who, plain.id)).statusCode).toBe(404);
    expect((await selfInvoicePdf(s.who, 'not-an-id')).statusCode).toBe(404);
  });
});

describe('payment voucher', () => {
  it('is issued for a payment of a self-invoiced bill: with the bill, recorded later, or allocated from a payment out', async () => {
    const s = await shop('Delta Stores');
    const paidNow = await purchase(s, { billDate: '2026-10-10', payment: { amount: '400', mode: 'BANK_TRANSFER', accountId: s.bank.id } });
    expect(paidNow.payments).toEqual([expect.objectContaining({ amount: '400.00', paymentVoucherNumber: 'PV/26-27/1' })]);

    const res = await payBill(s, paidNow.id, { amount: '600', mode: 'UPI', accountId: s.bank.id, date: '2026-10-12' });
    expect(res.statusCode).toBe(201);
    expect((res.json().data as PurchaseInvoice).payments.map((p) => p.paymentVoucherNumber)).toEqual(['PV/26-27/1', 'PV/26-27/2']);

    // A bill not under reverse charge: its payment takes no voucher (and no number).
    const plain = await purchase(s, { billDate: '2026-10-10', partyId: s.registered.id, payment: { amount: '100', mode: 'BANK_TRANSFER', accountId: s.bank.id } });
    expect(plain.payments[0].paymentVoucherNumber).toBeNull();

    const open = await purchase(s, { billDate: '2026-10-11' });
    const out = await paymentOut(s, { partyId: s.farmer.id, amount: '1500', mode: 'BANK_TRANSFER', accountId: s.bank.id, date: '2026-10-13' });
    expect(out).toMatchObject({ allocated: '1000.00', advance: '500.00', paymentVoucherNumber: 'PV/26-27/3' });
    expect((await bill(s, open.id)).payments).toEqual([expect.objectContaining({ id: out.id, amount: '1000.00', paymentVoucherNumber: 'PV/26-27/3' })]);
    // A payment out settling no self-invoiced bill (an advance only) takes none.
    const advance = await paymentOut(s, { partyId: s.farmer.id, amount: '50', mode: 'BANK_TRANSFER', accountId: s.bank.id, date: '2026-10-13' });
    expect(advance.paymentVoucherNumber).toBeNull();

    const pdf = await voucherPdf(s.who, out.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Payment-voucher-PV-26-27-3.pdf"');
    const { text } = await pdfText(pdf.rawPayload);
    for (const expected of [
      'PAYMENT VOUCHER',
      'Voucher No. PV/26-27/3',
      'Voucher Date 13/10/2026',
      'Delta Stores',
      'Ramesh Transport',
      `Self-invoice ${open.selfInvoiceNumber}`,
      'Grand Total ₹1,000.00',
      'Paid by Bank transfer from HDFC Current',
    ]) {
      expect(text).toContain(expected);
    }
    expect((await voucherPdf(s.who, paidNow.payments[0].id, '?layout=thermal80')).statusCode).toBe(200);
    // Another business's payment, a payment without a voucher, an id that is not one: 404.
    expect((await voucherPdf(other, out.id)).statusCode).toBe(404);
    expect((await voucherPdf(s.who, advance.id)).statusCode).toBe(404);
    expect((await voucherPdf(s.who, 'nope')).statusCode).toBe(404);
  });
});

describe('GSTR-1 doc_issue and GSTR-3B', () => {
  it('lists the self-invoices (2) and payment vouchers (7) of the GSTIN and month, cancelled ones counted', async () => {
    const s = await shop('Epsilon Traders');
    // October: self-invoices 1–4, of which 2 is cancelled; vouchers 1 (with bill 1), 2 (bill 3, later cancelled with
    // it) and 3 (a payment out to bill 4). November: self-invoice 5, voucher 4.
    const one = await purchase(s, { billDate: '2026-10-01', payment: { amount: '1000', mode: 'BANK_TRANSFER', accountId: s.bank.id } });
    const two = await purchase(s, { billDate: '2026-10-02' });
    const three = await purchase(s, { billDate: '2026-10-03' });
    const four = await purchase(s, { billDate: '2026-10-04' });
    expect([one, two, three, four].map((b) => b.selfInvoiceNumber)).toEqual(['RCM/26-27/1', 'RCM/26-27/2', 'RCM/26-27/3', 'RCM/26-27/4']);
    expect((await payBill(s, three.id, { amount: '1000', mode: 'BANK_TRANSFER', accountId: s.bank.id, date: '2026-10-05' })).statusCode).toBe(201);
    const out = await paymentOut(s, { partyId: s.farmer.id, amount: '1000', mode: 'BANK_TRANSFER', accountId: s.bank.id, date: '2026-10-06', allocations: [{ documentId: four.id, amount: '1000' }] });
    expect(out.paymentVoucherNumber).toBe('PV/26-27/3');
    expect((await cancel(s, two.id)).statusCode).toBe(200);
    expect((await cancel(s, three.id)).statusCode).toBe(200);
    const five = await purchase(s, { billDate: '2026-11-02', payment: { amount: '1000', mode: 'BANK_TRANSFER', accountId: s.bank.id } });
    expect(five.payments[0].paymentVoucherNumber).toBe('PV/26-27/4');

    const october = await docIssue(s, '102026');
    expect(october.filter((d) => d.doc_num !== 1)).toEqual([
      {
        doc_num: 2,
        doc_typ: 'Invoices for inward supply from unregistered person',
        docs: [{ num: 1, from: 'RCM/26-27/1', to: 'RCM/26-27/4', totnum: 4, cancel: 2, net_issue: 2 }],
      },
      { doc_num: 7, doc_typ: 'Payment Voucher', docs: [{ num: 1, from: 'PV/26-27/1', to: 'PV/26-27/3', totnum: 3, cancel: 1, net_issue: 2 }] },
    ]);
    expect(await docIssue(s, '112026')).toEqual([
      { doc_num: 2, doc_typ: 'Invoices for inward supply from unregistered person', docs: [{ num: 1, from: 'RCM/26-27/5', to: 'RCM/26-27/5', totnum: 1, cancel: 0, net_issue: 1 }] },
      { doc_num: 7, doc_typ: 'Payment Voucher', docs: [{ num: 1, from: 'PV/26-27/4', to: 'PV/26-27/4', totnum: 1, cancel: 0, net_issue: 1 }] },
    ]);
    // Another GSTIN's return lists none of them.
    const alone = await shop('Zeta Traders');
    expect(await docIssue(alone, '102026')).toEqual([]);
  });

  it('puts the tax in 3.1(d) and has it paid in cash, whatever the credit', async () => {
    const s = await shop('Eta Traders');
    // Two bills under reverse charge in October (one cancelled), each ₹1,000 + CGST 90 + SGST 90.
    await purchase(s, { billDate: '2026-10-15' });
    const cancelled = await purchase(s, { billDate: '2026-10-16' });
    await cancel(s, cancelled.id);
    const res = await get(h.app, `/api/report/gstr3b?gstin=${s.gstin}&period=102026`, s.who.cookie);
    expect(res.statusCode).toBe(200);
    const r = res.json() as Gstr3bResponse;
    expect(r.data.sup_details.isup_rev).toEqual({ txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 });
    // The credit of the same bill (4A(3)) is there, yet the reverse-charge tax is paid in cash.
    expect(r.data.itc_elg.itc_avl.find((x) => x.ty === 'ISRC')).toMatchObject({ camt: 90, samt: 90 });
    expect(r.payment.cgst).toMatchObject({ reverseCharge: '90.00', cash: '90.00' });
    expect(r.payment.sgst).toMatchObject({ reverseCharge: '90.00', cash: '90.00' });
    expect(r.creditCarriedForward).toMatchObject({ cgst: '90.00', sgst: '90.00' });
  });
});
