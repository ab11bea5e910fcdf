import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Party, PurchaseInvoice } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { selectRows } from '../db/rows';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { GIF, PNG, multipartBody } from '../test/multipart';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-purchase-'));
  h = await createHarness({ DATA_DIR: dataDir });
  f = documentFixtures(h);
  // Alpha buys into Maharashtra (27); Beta is another business.
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
let billSeq = 0;
/** A supplier bill number no other test uses. */
const billNo = () => `INV-${++billSeq}`;

const buy = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/purchase/create-purchase', body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
/** A purchase that must succeed. */
async function purchase(who: SignedUp, body: object, key?: string): Promise<PurchaseInvoice> {
  const res = await buy(who, { billNumber: billNo(), ...body }, key);
  if (res.statusCode !== 201) throw new Error(`create-purchase answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const getBill = (who: SignedUp, id: string) => get(h.app, `/api/purchase/purchase-invoice/${id}`, who.cookie);
const payOut = (who: SignedUp, id: string, body: object, key?: string) =>
  write(h.app, 'POST', `/api/purchase/record-payment/${id}`, body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
const cancel = (who: SignedUp, id: string, reason = 'Entered twice') =>
  write(h.app, 'POST', `/api/purchase/cancel-purchase/${id}`, { reason }, { cookie: who.cookie });
const list = (who: SignedUp, query = '') => get(h.app, `/api/purchase/purchase-invoices${query}`, who.cookie);
const supplier = (who: SignedUp, o: Parameters<typeof f.party>[1] = {}) => f.party(who, { partyType: 'SUPPLIER', ...o });

async function attach(who: SignedUp, id: string, bytes: Buffer, filename: string, contentType: string): Promise<LightMyRequestResponse> {
  const { payload, contentType: type } = await multipartBody([], [{ field: 'file', filename, contentType, bytes }]);
  return h.app.inject({
    method: 'POST',
    url: `/api/purchase/attach-bill/${id}`,
    headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': type, cookie: who.cookie },
    payload,
  });
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

describe('create-purchase: tax by the GST engine', () => {
  it('takes CGST + SGST from a supplier in the same state, numbers it PUR/26-27/n and brings the stock in', async () => {
    const local = await supplier(a, { state: '27', name: 'Pune Wholesale' });
    const fan = await f.item(a, { name: 'Ceiling Fan', price: '2500', rate: 'gst-18' });
    const bill = await purchase(a, { partyId: local.id, billDate: '2026-06-10', lines: [line(fan.id, { quantity: 4, unitPrice: '1500' })] });
    expect(bill).toMatchObject({
      billDate: '2026-06-10',
      financialYear: '2026-27',
      placeOfSupply: '27',
      supplyType: 'INTRA',
      reverseCharge: false,
      reverseChargeTax: '0.00',
      status: 'UNPAID',
      paid: '0.00',
      balance: '7080.00',
      party: { id: local.id, name: 'Pune Wholesale' },
      attachment: null,
    });
    expect(bill.referenceNumber).toMatch(/^PUR\/26-27\/\d+$/);
    expect(bill.lines[0]).toMatchObject({ quantity: '4.000', unitPrice: '1500.00', taxableValue: '6000.00', cgst: '540.00', sgst: '540.00', igst: '0.00', total: '7080.00', itcEligible: true, itcAmount: '1080.00' });
    expect(bill.totals).toMatchObject({ taxableValue: '6000.00', cgst: '540.00', sgst: '540.00', grandTotal: '7080.00' });
    expect(bill.itc).toEqual({ cgst: '540.00', sgst: '540.00', igst: '0.00', cess: '0.00' });
    expect(bill.itcAmount).toBe('1080.00');
    expect(await f.stockOf(a, fan.id)).toBe(4);

    // The movement explains the stock, pointing at the bill.
    const stock = (await get(h.app, `/api/item/item-stock?id=${fan.id}`, a.cookie)).json().data;
    expect(stock.movements[0]).toMatchObject({ kind: 'PURCHASE', quantity: 4, balanceAfter: 4 });
    expect(stock.movements[0].reason).toContain(bill.referenceNumber);
  });

  it('takes IGST from a supplier in another state (the place of supply is the receiving branch’s state)', async () => {
    const karnataka = await supplier(a, { gstin: gstin('29AAPFU0939F1Z'), name: 'Bengaluru Mills' });
    const cloth = await f.item(a, { name: 'Cotton Bale', price: '900', rate: 'gst-5' });
    const bill = await purchase(a, { partyId: karnataka.id, lines: [line(cloth.id, { quantity: 10, unitPrice: '800' })] });
    expect([bill.placeOfSupply, bill.supplyType]).toEqual(['27', 'INTER']);
    expect(bill.lines[0]).toMatchObject({ taxableValue: '8000.00', cgst: '0.00', sgst: '0.00', igst: '400.00', total: '8400.00', itcAmount: '400.00' });
    expect(bill.itc).toEqual({ cgst: '0.00', sgst: '0.00', igst: '400.00', cess: '0.00' });
  });

  it('backs the tax out of a tax-inclusive price, by default when the item’s purchase price includes tax', async () => {
    const local = await supplier(a, { state: '27' });
    const kettle = await f.item(a, { price: '1500', rate: 'gst-18', purchasePrice: '1180', purchaseWithTax: true });
    const bill = await purchase(a, { partyId: local.id, lines: [line(kettle.id)] });
    expect(bill.lines[0]).toMatchObject({ unitPrice: '1180.00', priceIncludesTax: true, taxableValue: '1000.00', cgst: '90.00', sgst: '90.00', total: '1180.00' });
    const exclusive = await purchase(a, { partyId: local.id, lines: [line(kettle.id, { unitPrice: '1180', priceIncludesTax: false })] });
    expect(exclusive.lines[0]).toMatchObject({ taxableValue: '1180.00', cgst: '106.20', total: '1392.40' });
  });

  it('remembers the item’s last purchase price and defaults the next bill to it', async () => {
    const local = await supplier(a, { state: '27' });
    const bulb = await f.item(a, { price: '120', rate: 'gst-12', keepsWithdrawnRate: true, purchasePrice: '70' });
    const first = await purchase(a, { partyId: local.id, lines: [line(bulb.id, { quantity: 10 })] });
    expect(first.lines[0].unitPrice).toBe('70.00');
    await purchase(a, { partyId: local.id, lines: [line(bulb.id, { quantity: 10, unitPrice: '64.50' })] });
    const third = await purchase(a, { partyId: local.id, lines: [line(bulb.id, { quantity: 1 })] });
    expect(third.lines[0].unitPrice).toBe('64.50');
    const item = (await get(h.app, `/api/item/get-item?id=${bulb.id}&itemType=PRODUCT`, a.cookie)).json().data;
    expect([item.purchasePrice, item.lastPurchasePrice]).toEqual(['70.00', '64.50']);
  });

  it('under reverse charge shows the tax as ours to pay and owes the supplier the taxable value', async () => {
    const transporter = await supplier(a, { state: '27', name: 'Goods Transport Agency' });
    const freight = await f.item(a, { type: 'SERVICE', name: 'Freight', price: '1000', rate: 'gst-5' });
    const bill = await purchase(a, { partyId: transporter.id, reverseCharge: true, lines: [line(freight.id, { unitPrice: '10250.50' })] });
    expect(bill.reverseCharge).toBe(true);
    expect(bill.lines[0]).toMatchObject({ taxableValue: '10250.50', cgst: '256.26', sgst: '256.26', itcAmount: '512.52' });
    expect(bill.reverseChargeTax).toBe('512.52');
    expect(bill.totals).toMatchObject({ taxableValue: '10250.50', cgst: '256.26', sgst: '256.26', subtotal: '10250.50', roundOff: '0.50', grandTotal: '10251.00' });
    expect(bill.balance).toBe('10251.00');
    expect(bill.itcAmount).toBe('512.52');
  });

  it('counts input tax credit per line: a line marked not eligible adds none', async () => {
    const local = await supplier(a, { state: '27' });
    const stock = await f.item(a, { price: '100', rate: 'gst-18' });
    const staffTea = await f.item(a, { price: '100', rate: 'gst-5' });
    const bill = await purchase(a, {
      partyId: local.id,
      lines: [line(stock.id, { unitPrice: '1000' }), line(staffTea.id, { unitPrice: '200', itcEligible: false })],
    });
    expect(bill.lines.map((l) => [l.itcEligible, l.itcAmount])).toEqual([
      [true, '180.00'],
      [false, '0.00'],
    ]);
    expect(bill.totals).toMatchObject({ cgst: '95.00', sgst: '95.00' });
    expect(bill.itc).toEqual({ cgst: '90.00', sgst: '90.00', igst: '0.00', cess: '0.00' });
    expect(bill.itcAmount).toBe('180.00');
  });

  it('never takes totals from a client: a total sent is refused by name, and the engine computes them', async () => {
    const local = await supplier(a, { state: '27' });
    const pen = await f.item(a, { price: '10', rate: 'gst-18' });
    const sent = await buy(a, { billNumber: billNo(), partyId: local.id, lines: [line(pen.id, { unitPrice: '62.51' })], reverseChargeTax: '5' });
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toEqual({ success: false, message: 'Unknown field reverseChargeTax', field: 'reverseChargeTax' });
    const onLine = await buy(a, { billNumber: billNo(), partyId: local.id, lines: [{ ...line(pen.id, { unitPrice: '62.51' }), itcAmount: '999' }] });
    expect(onLine.json()).toMatchObject({ message: 'Unknown field itcAmount', field: 'lines.0.itcAmount' });
    const bill = await purchase(a, { partyId: local.id, lines: [line(pen.id, { unitPrice: '62.51' })] });
    expect(bill.lines[0]).toMatchObject({ total: '73.77', itcAmount: '11.26' });
    expect(bill.totals.grandTotal).toBe('74.00');
    expect(bill.reverseChargeTax).toBe('0.00');
  });
});

describe('serial numbers received', () => {
  it('puts new serials in stock at the branch, where a sale can take them; a serial already in stock is 409', async () => {
    const local = await supplier(a, { state: '27' });
    const phone = await f.item(a, { name: 'Phone X', price: '15000', rate: 'gst-18', serials: ['OPEN-1'], stock: 1 });
    const bill = await purchase(a, { partyId: local.id, lines: [line(phone.id, { quantity: 2, unitPrice: '12000', serialNos: ['IMEI-100', 'imei-101'] })] });
    expect(bill.lines[0].serialNos).toEqual(['IMEI-100', 'imei-101']);
    expect(await f.stockOf(a, phone.id)).toBe(3);

    const again = await buy(a, { partyId: local.id, billNumber: billNo(), lines: [line(phone.id, { unitPrice: '12000', serialNos: ['IMEI-101'] })] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'Serial number IMEI-101 of Phone X is already in stock', field: 'lines.0.serialNos' });
    const opening = await buy(a, { partyId: local.id, billNumber: billNo(), lines: [line(phone.id, { unitPrice: '12000', serialNos: ['OPEN-1'] })] });
    expect(opening.statusCode).toBe(409);
    // Nothing of the refused bills stayed.
    expect(await f.stockOf(a, phone.id)).toBe(3);

    const sold = await f.invoice(a, { lines: [line(phone.id, { serialNos: ['imei-100'] })] });
    expect(sold.lines[0].serialNos).toEqual(['IMEI-100']);
    // Sold, and bought back: in stock again.
    const back = await purchase(a, { partyId: local.id, lines: [line(phone.id, { unitPrice: '9000', serialNos: ['IMEI-100'] })] });
    expect(back.lines[0].serialNos).toEqual(['IMEI-100']);
    expect(await f.stockOf(a, phone.id)).toBe(3);
  });

  it('asks for one serial per unit of a serialised item', async () => {
    const local = await supplier(a, { state: '27' });
    const tv = await f.item(a, { name: 'TV', price: '30000', serials: ['TV-0'], stock: 1 });
    const res = await buy(a, { partyId: local.id, billNumber: billNo(), lines: [line(tv.id, { quantity: 2, unitPrice: '25000', serialNos: ['TV-1'] })] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('lines.0.serialNos');
  });
});

describe('numbers', () => {
  it('refuses the same supplier bill number twice in a financial year (409), not for another supplier or year', async () => {
    const one = await supplier(a, { state: '27', name: 'Supplier One' });
    const two = await supplier(a, { state: '27' });
    const nut = await f.item(a, { price: '5' });
    const body = (partyId: string, billNumber: string, billDate = '2025-07-01') => ({ partyId, billNumber, billDate, lines: [line(nut.id, { unitPrice: '4' })] });
    expect((await buy(a, body(one.id, 'SO/118'))).statusCode).toBe(201);
    const twice = await buy(a, body(one.id, 'so/118', '2026-03-31'));
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, message: 'Bill so/118 of Supplier One is already entered for 2025-26', field: 'billNumber' });
    expect((await buy(a, body(two.id, 'SO/118'))).statusCode).toBe(201);
    expect((await buy(a, body(one.id, 'SO/118', '2026-04-01'))).statusCode).toBe(201);
  });

  it('gives our reference numbers without gaps per branch and year; refused bills take none', async () => {
    const local = await supplier(a, { state: '27' });
    const nail = await f.item(a, { price: '2' });
    const godown = await f.branch(a, 'Nashik Godown', { stateCode: '27' });
    const router = await f.item(a, { name: 'Router', price: '2000', serials: ['R-1'], stock: 1 });
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      numbers.push((await purchase(a, { partyId: local.id, branchId: godown.id, billDate: '2026-08-01', lines: [line(nail.id, { unitPrice: '1' })] })).referenceNumber);
      // A refused bill in between takes no number: refused before it took one, or after (the serial is checked then).
      expect((await buy(a, { partyId: local.id, billNumber: billNo(), branchId: godown.id, lines: [line(nail.id, { unitPrice: '1', quantity: 0 })] })).statusCode).toBe(400);
      const late = await buy(a, { partyId: local.id, billNumber: billNo(), branchId: godown.id, billDate: '2026-08-01', lines: [line(nail.id, { unitPrice: '1' }), line(router.id, { unitPrice: '1500', serialNos: ['R-1'] })] });
      expect(late.statusCode).toBe(409);
    }
    expect(numbers).toEqual(['PUR/26-27/1', 'PUR/26-27/2', 'PUR/26-27/3']);
    // The new-purchase header's preview: the next one of the branch and year, nothing reserved.
    const peek = (query: string) => get(h.app, `/api/purchase/next-reference-number?${query}`, a.cookie);
    expect((await peek(`branchId=${godown.id}&date=2026-09-01`)).json().data).toEqual({ number: 'PUR/26-27/4', financialYear: '2026-27' });
    expect((await peek(`branchId=${godown.id}&date=2026-09-01`)).json().data.number).toBe('PUR/26-27/4');
    expect((await peek(`branchId=${godown.id}&date=2025-04-02`)).json().data.number).toBe('PUR/25-26/1');
    expect([(await peek('branchId=00000000-0000-4000-8000-000000000000')).statusCode, (await peek('date=2026-02-30')).statusCode]).toEqual([404, 400]);
    expect((await get(h.app, `/api/purchase/next-reference-number?branchId=${godown.id}`, b.cookie)).statusCode).toBe(404);
    // Another year starts again from 1.
    const next = await purchase(a, { partyId: local.id, branchId: godown.id, billDate: '2025-04-02', lines: [line(nail.id, { unitPrice: '1' })] });
    expect(next.referenceNumber).toBe('PUR/25-26/1');
    expect(next.branch.id).toBe(godown.id);
  });

  it('answers a retry with the same Idempotency-Key with the first bill, and 422 to the key with another body', async () => {
    const local = await supplier(a, { state: '27' });
    const rope = await f.item(a, { price: '50' });
    const body = { partyId: local.id, billNumber: billNo(), lines: [line(rope.id, { quantity: 3, unitPrice: '40' })] };
    const first = await buy(a, body, 'buy-rope-1');
    const second = await buy(a, body, 'buy-rope-1');
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(second.json().data.referenceNumber).toBe(first.json().data.referenceNumber);
    expect(await f.stockOf(a, rope.id)).toBe(3);
    const other = await buy(a, { ...body, billNumber: billNo() }, 'buy-rope-1');
    expect(other.statusCode).toBe(422);
  });
});

describe('payments out', () => {
  it('refuses to pay more cash than is in hand (409 with the balance); a bank account may go below 0', async () => {
    const c = await signUp(h, { businessName: 'Cash Poor', stateCode: '27' });
    const local = await supplier(c, { state: '27', name: 'Dal Mill' });
    const dal = await f.item(c, { name: 'Toor Dal', price: '150', rate: 'gst-5' });
    const bill = await purchase(c, { partyId: local.id, billDate: '2026-08-15', lines: [line(dal.id, { quantity: 10, unitPrice: '100' })] });
    expect(bill.totals.grandTotal).toBe('1050.00');

    const refused = await payOut(c, bill.id, { amount: '500', mode: 'CASH' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Not enough cash: Cash in hand has ₹0.00, so ₹500.00 cannot be paid from it. Cash never goes below 0.',
      field: 'amount',
    });
    const refusedNow = await buy(c, { partyId: local.id, billNumber: billNo(), lines: [line(dal.id, { unitPrice: '100' })], payment: { amount: '105', mode: 'CASH' } });
    expect(refusedNow.statusCode).toBe(409);
    expect(refusedNow.json().field).toBe('payment.amount');

    // A cash sale brings cash in; then part of the bill can be paid in cash, the rest from the bank. (The sale comes
    // before the back-dated payment: cash may not go below 0 on any day, not just today.)
    await f.invoice(c, { invoiceDate: '2026-08-31', lines: [line(dal.id, { quantity: 2, unitPrice: '200' })], payment: { amount: '420', mode: 'CASH' } });
    const part = await payOut(c, bill.id, { amount: '400', mode: 'CASH', date: '2026-09-01' });
    expect(part.statusCode).toBe(201);
    expect(part.json().data).toMatchObject({ status: 'PARTIAL', paid: '400.00', balance: '650.00' });
    expect(await f.cashBalance(c)).toBe('20.00');

    const hdfc = await f.bank(c);
    const tooMuch = await payOut(c, bill.id, { amount: '650.01', mode: 'UPI' });
    expect(tooMuch.statusCode).toBe(400);
    const rest = await payOut(c, bill.id, { amount: '650', mode: 'UPI', accountId: hdfc.id, reference: 'UTR123' });
    expect(rest.statusCode).toBe(201);
    const paid: PurchaseInvoice = rest.json().data;
    expect(paid).toMatchObject({ status: 'PAID', paid: '1050.00', balance: '0.00' });
    expect(paid.payments.map((p) => [p.amount, p.mode, p.accountName, p.reversed])).toEqual([
      ['400.00', 'CASH', 'Cash in hand', false],
      ['650.00', 'UPI', 'HDFC Current', false],
    ]);
    expect((await f.accounts(c)).find((x) => x.id === hdfc.id)!.balance).toBe('-650.00');
    expect((await payOut(c, bill.id, { amount: '1', mode: 'UPI' })).statusCode).toBe(409);
  });

  it('takes a payment made with the bill, at most its total', async () => {
    const local = await supplier(a, { state: '27' });
    const hdfc = await f.bank(a, 'Alpha Bank');
    const pipe = await f.item(a, { price: '300', rate: 'gst-18' });
    const tooMuch = await buy(a, { partyId: local.id, billNumber: billNo(), lines: [line(pipe.id, { unitPrice: '100' })], payment: { amount: '119', mode: 'BANK_TRANSFER', accountId: hdfc.id } });
    expect(tooMuch.statusCode).toBe(400);
    const bill = await purchase(a, { partyId: local.id, lines: [line(pipe.id, { unitPrice: '100' })], payment: { amount: '118', mode: 'BANK_TRANSFER', accountId: hdfc.id } });
    expect(bill).toMatchObject({ status: 'PAID', paid: '118.00', balance: '0.00' });
    const moves = (await get(h.app, `/api/account/transactions?accountId=${hdfc.id}`, a.cookie)).json().data;
    expect(moves[0]).toMatchObject({ type: 'PURCHASE_PAYMENT', direction: 'OUT', amount: '118.00', documentType: 'PURCHASE', documentNumber: bill.referenceNumber, partyId: local.id });
  });
});

describe('cancel-purchase', () => {
  it('is refused, naming the item, when the stock it brought in has been sold', async () => {
    const local = await supplier(a, { state: '27' });
    const chair = await f.item(a, { name: 'Plastic Chair', price: '600' });
    const bill = await purchase(a, { partyId: local.id, lines: [line(chair.id, { quantity: 5, unitPrice: '400' })] });
    await f.invoice(a, { lines: [line(chair.id, { quantity: 3 })] });
    const res = await cancel(a, bill.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Plastic Chair');
    expect(res.json().message).toContain(bill.referenceNumber);
    expect(await f.stockOf(a, chair.id)).toBe(2);
    expect((await getBill(a, bill.id)).json().data.status).toBe('UNPAID');
  });

  it('takes the stock and serials out again, reverses the payments and keeps the number', async () => {
    const c = await signUp(h, { businessName: 'Cancel Co', stateCode: '27' });
    const local = await supplier(c, { state: '27' });
    const hdfc = await f.bank(c);
    const drill = await f.item(c, { name: 'Drill', price: '3000', serials: ['D-0'], stock: 1 });
    const bill = await purchase(c, {
      partyId: local.id,
      lines: [line(drill.id, { quantity: 2, unitPrice: '2000', serialNos: ['D-1', 'D-2'] })],
      payment: { amount: '1000', mode: 'CHEQUE', accountId: hdfc.id },
    });
    expect(await f.stockOf(c, drill.id)).toBe(3);
    const res = await cancel(c, bill.id, 'Returned to supplier');
    expect(res.statusCode).toBe(200);
    const cancelled: PurchaseInvoice = res.json().data;
    expect(cancelled).toMatchObject({ status: 'CANCELLED', paid: '0.00', balance: '0.00', cancelReason: 'Returned to supplier', referenceNumber: bill.referenceNumber });
    expect(cancelled.payments[0].reversed).toBe(true);
    expect(await f.stockOf(c, drill.id)).toBe(1);
    expect((await f.accounts(c)).find((x) => x.id === hdfc.id)!.balance).toBe('0.00');
    // Its serials are gone: a new bill may bring them in.
    await purchase(c, { partyId: local.id, lines: [line(drill.id, { unitPrice: '2000', serialNos: ['D-1'] })] });
    expect((await cancel(c, bill.id)).statusCode).toBe(409);
    // A cancelled bill's number may be entered again.
    const reentered = await buy(c, { partyId: local.id, billNumber: bill.billNumber, lines: [line(drill.id, { unitPrice: '2000', serialNos: ['D-2'] })] });
    expect(reentered.statusCode).toBe(201);
  });
});

describe('the attached bill', () => {
  let bill: PurchaseInvoice;
  beforeAll(async () => {
    const local = await supplier(a, { state: '27' });
    const tape = await f.item(a, { price: '30' });
    bill = await purchase(a, { partyId: local.id, lines: [line(tape.id, { unitPrice: '20' })] });
  });

  it('takes a PDF judged by its bytes and serves it to its business with safe headers', async () => {
    expect((await get(h.app, `/api/purchase/purchase-invoice/${bill.id}/attachment`, a.cookie)).statusCode).toBe(404);
    const res = await attach(a, bill.id, PDF, 'Bill #12 (march).pdf', 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.attachment).toMatchObject({ contentType: 'application/pdf', size: PDF.length, fileName: 'Bill _12 _march_.pdf', url: `/api/purchase/purchase-invoice/${bill.id}/attachment` });
    const file = await get(h.app, `/api/purchase/purchase-invoice/${bill.id}/attachment`, a.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-disposition']).toBe('inline; filename="Bill _12 _march_.pdf"');
    expect(file.rawPayload.equals(PDF)).toBe(true);

    // A PNG replaces it, whatever type the client claimed.
    const replaced = await attach(a, bill.id, PNG, 'scan.pdf', 'application/pdf');
    expect(replaced.json().data.attachment).toMatchObject({ contentType: 'image/png', fileName: 'scan.png' });
    expect((await get(h.app, `/api/purchase/purchase-invoice/${bill.id}/attachment`, a.cookie)).headers['content-type']).toBe('image/png');
    // The replaced file went with it: one stored file per bill, in the database, none under DATA_DIR.
    const [stored] = await selectRows<{ n: number; bytes: number }>(
      h.database.db,
      sql`select count(*)::int as n, sum(f.size)::int as bytes from stored_files f join purchase_invoices p on p.business_id = f.business_id and p.attachment_file_id = f.id
          where f.business_id = ${a.profile.user.business.id}`,
    );
    expect(stored).toEqual({ n: 1, bytes: PNG.length });
    expect((await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from stored_files where business_id = ${a.profile.user.business.id}`))[0].n).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'purchase-bills'))).toBe(false);
    expect((await list(a, `?q=${encodeURIComponent(bill.referenceNumber)}`)).json().data[0].hasAttachment).toBe(true);
  });

  it('refuses other types (415) and files over 5 MB (413)', async () => {
    const gif = await attach(a, bill.id, GIF, 'bill.png', 'image/png');
    expect(gif.statusCode).toBe(415);
    expect(gif.json().message).toBe('Attach the bill as a PDF, PNG or JPEG file.');
    const text = await attach(a, bill.id, Buffer.from('just text, not a bill'), 'bill.pdf', 'application/pdf');
    expect(text.statusCode).toBe(415);
    const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await attach(a, bill.id, big, 'big.pdf', 'application/pdf');
    expect(tooBig.statusCode).toBe(413);
  });

  it('refuses two files or a file in another field (400), as an expense receipt does, and attaches nothing', async () => {
    const fresh = await purchase(a, { partyId: (await supplier(a)).id, lines: [line((await f.item(a, { price: '30' })).id, { unitPrice: '20' })] });
    const send = async (files: { field: string; bytes: Buffer; filename: string }[]) => {
      const { payload, contentType } = await multipartBody([], files.map((x) => ({ ...x, contentType: 'application/pdf' })));
      return h.app.inject({
        method: 'POST',
        url: `/api/purchase/attach-bill/${fresh.id}`,
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': contentType, cookie: a.cookie },
        payload,
      });
    };
    const two = await send([
      { field: 'file', bytes: PDF, filename: 'one.pdf' },
      { field: 'file', bytes: PNG, filename: 'two.png' },
    ]);
    expect([two.statusCode, two.json()]).toEqual([400, { success: false, message: 'Attach one bill file at a time.', field: 'file' }]);
    const elsewhere = await send([{ field: 'receipt', bytes: PDF, filename: 'one.pdf' }]);
    expect([elsewhere.statusCode, elsewhere.json().field]).toEqual([400, 'receipt']);
    const afterRight = await send([
      { field: 'file', bytes: PDF, filename: 'one.pdf' },
      { field: 'other', bytes: PNG, filename: 'two.png' },
    ]);
    expect(afterRight.statusCode).toBe(400);
    expect((await getBill(a, fresh.id)).json().data.attachment).toBeNull();
    expect((await send([{ field: 'file', bytes: PDF, filename: 'one.pdf' }])).statusCode).toBe(200);
  });

  it('is another business’s: 404 to attach or read', async () => {
    expect((await attach(b, bill.id, PDF, 'x.pdf', 'application/pdf')).statusCode).toBe(404);
    expect((await get(h.app, `/api/purchase/purchase-invoice/${bill.id}/attachment`, b.cookie)).statusCode).toBe(404);
    expect((await get(h.app, `/api/purchase/purchase-invoice/${bill.id}/attachment`)).statusCode).toBe(401);
  });
});

describe('party types', () => {
  it('refuses a sale or quotation to a supplier and a purchase from a customer, on partyId, telling how to fix it', async () => {
    const c = await signUp(h, { businessName: 'Typed Parties Co', stateCode: '27' });
    const seller = await supplier(c, { state: '27', name: 'Sells To Us' });
    const buyer = await f.party(c, { state: '27', name: 'Buys From Us' });
    const rice = await f.item(c, { name: 'Rice', price: '50', rate: 'gst-5', stock: 10 });
    const lines = [line(rice.id, { quantity: 1, unitPrice: '40' })];
    const cases: [LightMyRequestResponse, string][] = [
      [await f.sale(c, { partyId: seller.id, lines }), 'Sells To Us is a supplier: sales, quotations and automated bills are for customers. Choose a customer, or edit Sells To Us and mark it as both customer and supplier'],
      [await f.quote(c, { partyId: seller.id, lines }), 'Sells To Us is a supplier: sales, quotations and automated bills are for customers. Choose a customer, or edit Sells To Us and mark it as both customer and supplier'],
      [await buy(c, { billNumber: billNo(), partyId: buyer.id, lines }), 'Buys From Us is a customer: purchases are from suppliers. Choose a supplier, or edit Buys From Us and mark it as both customer and supplier'],
    ];
    for (const [res, message] of cases) expect([res.statusCode, res.json()]).toEqual([400, { success: false, message, field: 'partyId' }]);
    expect(await f.stockOf(c, rice.id)).toBe(10);
    expect((await list(c)).json().meta.total).toBe(0);
    expect((await f.invoices(c)).json().meta.total).toBe(0);
  });

  it('takes a party marked both customer and supplier on either side: its balance nets what it owes against what is owed to it', async () => {
    const c = await signUp(h, { businessName: 'Both Ways Co', stateCode: '27' });
    const firm = await f.party(c, { state: '27', name: 'Buys And Sells', partyType: 'BOTH' });
    expect(firm.partyType).toBe('BOTH');
    const rice = await f.item(c, { name: 'Rice', price: '50', rate: 'gst-5', stock: 10 });
    // Sell 10 at 100 (1,050.00 with GST), buy 10 at 40 (420.00 with GST).
    const sold = await f.sale(c, { partyId: firm.id, lines: [line(rice.id, { quantity: 10, unitPrice: '100' })] });
    expect(sold.statusCode).toBe(201);
    expect((await f.quote(c, { partyId: firm.id, lines: [line(rice.id, { quantity: 1, unitPrice: '100' })] })).statusCode).toBe(201);
    const bill = await purchase(c, { partyId: firm.id, lines: [line(rice.id, { quantity: 10, unitPrice: '40' })] });
    expect(bill.totals.grandTotal).toBe('420.00');
    expect((await get(h.app, `/api/party/get-party/${firm.id}`, c.cookie)).json().data.balance).toBe('630.00');
  });
});

describe('party balances', () => {
  it('are opening balance + sales − payments in − purchases + payments out', async () => {
    const c = await signUp(h, { businessName: 'Ledger Co', stateCode: '27' });
    const trader: Party = await supplier(c, { state: '27', name: 'Rice Traders', openingBalance: '100' });
    const rice = await f.item(c, { name: 'Rice', price: '50', rate: 'gst-5' });
    const hdfc = await f.bank(c);
    // Buy 100 kg at 40 (4,200.00 with GST), pay 1,000 from the bank.
    const bill = await purchase(c, { partyId: trader.id, lines: [line(rice.id, { quantity: 100, unitPrice: '40' })], payment: { amount: '1000', mode: 'UPI', accountId: hdfc.id } });
    expect(bill.totals.grandTotal).toBe('4200.00');
    // The trader refunds 200 in cash (a payment in).
    const refund = await write(h.app, 'POST', '/api/payment/payment-in', { partyId: trader.id, amount: '200', mode: 'CASH' }, { cookie: c.cookie });
    expect(refund.statusCode).toBe(201);
    // A second bill, cancelled: it counts for nothing.
    const wrong = await purchase(c, { partyId: trader.id, lines: [line(rice.id, { quantity: 1, unitPrice: '40' })] });
    await cancel(c, wrong.id);
    await payOut(c, bill.id, { amount: '150', mode: 'CASH' });

    // 100 − 200 − 4,200 + 1,000 + 150 = −3,150: the business owes the trader.
    const expected = '-3150.00';
    expect((await get(h.app, `/api/party/get-party/${trader.id}`, c.cookie)).json().data.balance).toBe(expected);
    const parties = (await get(h.app, '/api/party/parties', c.cookie)).json().data;
    expect(parties.find((p: Party) => p.id === trader.id).balance).toBe(expected);
  });
});

describe('the list', () => {
  it('filters by supplier, status and date, pages, and sums every match', async () => {
    const c = await signUp(h, { businessName: 'List Co', stateCode: '27' });
    const one = await supplier(c, { state: '27', name: 'Alpha Paper', mobileNumber: '9812345678' });
    const two = await supplier(c, { state: '29', name: 'Beta Ink' });
    const paper = await f.item(c, { price: '10', rate: 'gst-12', keepsWithdrawnRate: true });
    const hdfc = await f.bank(c);
    const p1 = await purchase(c, { partyId: one.id, billNumber: 'AP-1', billDate: '2026-05-01', dueDate: '2026-05-10', lines: [line(paper.id, { quantity: 10, unitPrice: '10' })] });
    const p2 = await purchase(c, { partyId: one.id, billNumber: 'AP-2', billDate: '2026-06-01', lines: [line(paper.id, { quantity: 20, unitPrice: '10' })], payment: { amount: '100', mode: 'UPI', accountId: hdfc.id } });
    const p3 = await purchase(c, { partyId: two.id, billNumber: 'BI-1', billDate: '2026-07-01', lines: [line(paper.id, { quantity: 5, unitPrice: '10' })] });
    const p4 = await purchase(c, { partyId: two.id, billNumber: 'BI-2', billDate: '2026-07-02', lines: [line(paper.id, { quantity: 1, unitPrice: '10' })] });
    await cancel(c, p4.id);

    const all = (await list(c)).json();
    expect(all.data.map((r: { id: string }) => r.id)).toEqual([p4.id, p3.id, p2.id, p1.id]);
    expect(all.meta).toEqual({ total: 4, page: 1, pageSize: 20, grandTotal: '392.00', paid: '100.00', balance: '292.00', itcAmount: '42.00' });
    expect(all.data[1]).toMatchObject({ referenceNumber: p3.referenceNumber, billNumber: 'BI-1', partyName: 'Beta Ink', supplyType: 'INTER', grandTotal: '56.00', balance: '56.00', status: 'UNPAID', hasAttachment: false });

    const ofOne = (await list(c, `?partyId=${one.id}`)).json();
    expect(ofOne.meta).toMatchObject({ total: 2, grandTotal: '336.00', paid: '100.00', balance: '236.00' });
    expect((await list(c, '?status=PARTIAL')).json().data.map((r: { id: string }) => r.id)).toEqual([p2.id]);
    expect((await list(c, '?status=OVERDUE')).json().data.map((r: { id: string }) => r.id)).toContain(p1.id);
    expect((await list(c, '?from=2026-06-01&to=2026-07-01')).json().meta.total).toBe(2);
    expect((await list(c, '?q=bi-1')).json().data.map((r: { id: string }) => r.id)).toEqual([p3.id]);
    expect((await list(c, '?q=98123')).json().meta.total).toBe(2);
    const page2 = (await list(c, '?page=2&pageSize=3')).json();
    expect(page2.data.map((r: { id: string }) => r.id)).toEqual([p1.id]);
    expect((await list(c, '?status=LOST')).statusCode).toBe(400);
    expect((await list(c, '?partyId=nope')).json().meta.total).toBe(0);
  });
});

describe('validation', () => {
  it('answers a user’s mistake with 400 or 404, never 500', async () => {
    const local = await supplier(a, { state: '27' });
    const pen = await f.item(a, { price: '10' });
    const base = { partyId: local.id, billNumber: billNo(), lines: [line(pen.id, { unitPrice: '5' })] };
    const cases: [object, number, string?][] = [
      [{ ...base, partyId: undefined }, 400, 'partyId'],
      [{ ...base, billNumber: ' ' }, 400, 'billNumber'],
      [{ ...base, billNumber: 'x'.repeat(41) }, 400, 'billNumber'],
      [{ ...base, lines: [] }, 400, 'lines'],
      [{ ...base, lines: 'none' }, 400, 'lines'],
      [{ ...base, lines: [line(pen.id, { unitPrice: 1e15 })] }, 400],
      [{ ...base, lines: [line(pen.id, { unitPrice: '1e15' })] }, 400],
      [{ ...base, lines: [line(pen.id, { unitPrice: '99999999999', quantity: 1000 })] }, 400],
      [{ ...base, lines: [line(pen.id, { unitPrice: '-5' })] }, 400],
      [{ ...base, lines: [line(pen.id, { unitPrice: '5', itcEligible: 'yes' })] }, 400],
      [{ ...base, reverseCharge: 'no' }, 400, 'reverseCharge'],
      [{ ...base, billDate: '2026-02-30' }, 400, 'billDate'],
      [{ ...base, billDate: '2026-06-10', dueDate: '2026-06-01' }, 400, 'dueDate'],
      [{ ...base, placeOfSupply: '99' }, 400, 'placeOfSupply'],
      [{ ...base, payment: { amount: '-1', mode: 'CASH' } }, 400],
      [{ ...base, payment: { amount: '1', mode: 'BARTER' } }, 400],
      [{ ...base, lines: [line('7d0f6e9e-0000-4000-8000-000000000000', { unitPrice: '5' })] }, 404, 'lines.0.itemId'],
      [{ ...base, lines: [line('not-an-id', { unitPrice: '5' })] }, 404, 'lines.0.itemId'],
      [{ ...base, partyId: '7d0f6e9e-0000-4000-8000-000000000000' }, 404, 'partyId'],
      [{ ...base, branchId: 'nope' }, 404, 'branchId'],
      [{ ...base, lines: [line(pen.id, { unitPrice: '5', gstRateId: 'gst-99' })] }, 400, 'lines.0.gstRateId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await buy(a, body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().success).toBe(false);
      if (field) expect({ body, field: res.json().field }).toEqual({ body, field: expect.stringContaining(field) });
    }
    // An item without a purchase price needs one.
    const noPrice = await buy(a, { ...base, lines: [line(pen.id)] });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.json()).toMatchObject({ message: `Enter the unit price of ${pen.itemName}: it has no purchase price`, field: 'lines.0.unitPrice' });
  });

  it('answers 404 for an unknown or malformed id on every route', async () => {
    for (const id of ['7d0f6e9e-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect((await getBill(a, id)).statusCode).toBe(404);
      expect((await payOut(a, id, { amount: '1', mode: 'CASH' })).statusCode).toBe(404);
      expect((await cancel(a, id)).statusCode).toBe(404);
      expect((await attach(a, id, PDF, 'x.pdf', 'application/pdf')).statusCode).toBe(404);
    }
  });
});

describe('tenant isolation', () => {
  it('answers 404 to another business for every route, and changes nothing of it', async () => {
    const local = await supplier(a, { state: '27' });
    const soap = await f.item(a, { price: '20' });
    const bill = await purchase(a, { partyId: local.id, lines: [line(soap.id, { quantity: 2, unitPrice: '10' })] });
    expect((await getBill(b, bill.id)).statusCode).toBe(404);
    expect((await payOut(b, bill.id, { amount: '1', mode: 'UPI' })).statusCode).toBe(404);
    expect((await cancel(b, bill.id)).statusCode).toBe(404);
    expect((await list(b)).json().data.map((r: { id: string }) => r.id)).not.toContain(bill.id);
    expect((await list(b, `?partyId=${local.id}`)).json().meta.total).toBe(0);
    // Alpha's supplier and item are not Beta's to buy with.
    const bItem = await f.item(b, { price: '5' });
    const bSupplier = await supplier(b, { state: '29' });
    expect((await buy(b, { partyId: local.id, billNumber: billNo(), lines: [line(bItem.id, { unitPrice: '1' })] })).statusCode).toBe(404);
    expect((await buy(b, { partyId: bSupplier.id, billNumber: billNo(), lines: [line(soap.id, { unitPrice: '1' })] })).statusCode).toBe(404);
    expect((await buy(b, { partyId: bSupplier.id, billNumber: billNo(), branchId: bill.branch.id, lines: [line(bItem.id, { unitPrice: '1' })] })).statusCode).toBe(404);
    expect((await getBill(a, bill.id)).json().data).toMatchObject({ status: 'UNPAID', paid: '0.00' });
    expect(await f.stockOf(a, soap.id)).toBe(2);
  });
});
