import type { SaleInvoice } from '@bahi/shared/contracts';
import { gstinCheckChar, toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { sendMultipart } from '../test/multipart';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;

/** gst-rules.md's fourth example: 12 % GST, 5 % cess and ₹1.591 a unit (no such rate is seeded). */
const CESS_RATE = 'gst-12-cess-5-per-unit';

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  // Alpha sells from Maharashtra (27); Beta is another business.
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
  await h.database.db.execute(
    sql`insert into tax_rates (id, value, cess_value, cess_per_unit, sort_order) values (${CESS_RATE}, 12, 5, 1.591, 999)`,
  );
}, 120_000);
afterAll(() => h.close());

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });

describe("gst-rules.md's worked examples, through the API", () => {
  it('1 × 62.51 at 18 %, exclusive: taxable 62.51, CGST 5.63, SGST 5.63, total 73.77; rounded to 74.00', async () => {
    const pen = await f.item(a, { price: '62.51', rate: 'gst-18', stock: 5 });
    const inv = await f.invoice(a, { lines: [line(pen.id)] });
    expect(inv.supplyType).toBe('INTRA');
    expect(inv.placeOfSupply).toBe('27');
    expect(inv.lines[0]).toMatchObject({ taxableValue: '62.51', gstRate: '18', cgst: '5.63', sgst: '5.63', igst: '0.00', total: '73.77' });
    expect(inv.totals).toEqual({
      taxableValue: '62.51',
      discount: '0.00',
      cgst: '5.63',
      sgst: '5.63',
      igst: '0.00',
      cess: '0.00',
      subtotal: '73.77',
      roundOff: '0.23',
      grandTotal: '74.00',
      amountInWords: 'Rupees Seventy-Four Only',
    });
  });

  it('two lines of 1 × 7.60 at 12 %: each CGST 0.46, so the invoice CGST is 0.92 (per line, not 0.91)', async () => {
    const soap = await f.item(a, { price: '7.60', rate: 'gst-12', keepsWithdrawnRate: true, stock: 5 });
    const inv = await f.invoice(a, { lines: [line(soap.id), line(soap.id)], roundOff: false });
    expect(inv.lines.map((l) => [l.cgst, l.sgst])).toEqual([
      ['0.46', '0.46'],
      ['0.46', '0.46'],
    ]);
    expect(inv.totals).toMatchObject({ taxableValue: '15.20', cgst: '0.92', sgst: '0.92', roundOff: '0.00', grandTotal: '17.04' });
    expect(inv.hsnSummary).toEqual([
      { hsnSac: '8517', gstRate: '12', quantity: '2.000', unit: 'NOS', taxableValue: '15.20', igst: '0.00', cgst: '0.92', sgst: '0.92', cess: '0.00' },
    ]);
  });

  it('1 × 52.50 at 12 %, inclusive: taxable 46.88, CGST 2.81, SGST 2.81, line total 52.50', async () => {
    const tiffin = await f.item(a, { price: '52.50', rate: 'gst-12', keepsWithdrawnRate: true, withTax: true, stock: 5 });
    const inv = await f.invoice(a, { lines: [line(tiffin.id)] });
    expect(inv.lines[0]).toMatchObject({ priceIncludesTax: true, unitPrice: '52.50', taxableValue: '46.88', cgst: '2.81', sgst: '2.81', total: '52.50' });
    expect(inv.totals.grandTotal).toBe('53.00');
  });

  it('10 × 1,000.00, 10 % off, 12 % + cess 5 % + ₹1.591 a unit, inter-state: IGST 1,080.00, cess 465.91, total 10,545.91', async () => {
    const cigars = await f.item(a, { price: '1000', rate: CESS_RATE, stock: 10 });
    const karnataka = await f.party(a, { state: '29' });
    const inv = await f.invoice(a, { partyId: karnataka.id, lines: [line(cigars.id, { quantity: 10, discountPercent: 10 })] });
    expect(inv.supplyType).toBe('INTER');
    expect(inv.placeOfSupply).toBe('29');
    expect(inv.lines[0]).toMatchObject({
      quantity: '10.000',
      discountPercent: '10',
      discount: '1000.00',
      taxableValue: '9000.00',
      gstRate: '12',
      cgst: '0.00',
      sgst: '0.00',
      igst: '1080.00',
      cessRate: '5',
      cessPerUnit: '1.591',
      cess: '465.91',
      total: '10545.91',
    });
    expect(inv.totals).toMatchObject({ discount: '1000.00', igst: '1080.00', cess: '465.91', subtotal: '10545.91', roundOff: '0.09', grandTotal: '10546.00' });
    expect(inv.totals.amountInWords).toBe('Rupees Ten Thousand Five Hundred Forty-Six Only');
  });

  it('never takes totals from a client: a total sent is refused by name, and the engine computes them', async () => {
    const pen = await f.item(a, { price: '62.51', rate: 'gst-18', stock: 1 });
    const before = (await f.invoices(a)).json().meta.total;
    const res = await f.sale(a, { lines: [line(pen.id)], grandTotal: '1.00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Unknown field grandTotal', field: 'grandTotal' });
    const onLine = await f.sale(a, { lines: [{ ...line(pen.id), total: '1.00' }] });
    expect(onLine.json()).toMatchObject({ message: 'Unknown field total', field: 'lines.0.total' });
    expect((await f.invoices(a)).json().meta.total).toBe(before);
    const inv = await f.invoice(a, { lines: [line(pen.id)] });
    expect(inv.lines[0].total).toBe('73.77');
    expect(inv.totals.grandTotal).toBe('74.00');
  });
});

describe('defaults', () => {
  it("takes the active branch, today, the party's credit period, the item's price, tax type and rate", async () => {
    const fan = await f.item(a, { price: '1180', rate: 'gst-18', withTax: true, stock: 3 });
    const customer = await f.party(a, { state: '27', creditPeriod: 15, name: 'Credit Customer' });
    const inv = await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-05-20', lines: [{ itemId: fan.id, quantity: '1' }] });
    expect(inv.branch).toMatchObject({ id: a.profile.activeStoreBranch!.id, name: 'Main Branch', businessName: 'Alpha Traders', stateCode: '27' });
    expect(inv.invoiceDate).toBe('2026-05-20');
    expect(inv.dueDate).toBe('2026-06-04');
    expect(inv.lines[0]).toMatchObject({ unitPrice: '1180.00', priceIncludesTax: true, gstRateId: 'gst-18', taxableValue: '1000.00', total: '1180.00' });
    expect(inv.party).toMatchObject({ id: customer.id, name: 'Credit Customer' });
  });

  it('places goods where they are shipped, and a walk-in sale in the branch’s state', async () => {
    const kettle = await f.item(a, { price: '500', stock: 5 });
    const shipsToKarnataka = await f.party(a, { state: '27', shippingState: '29' });
    const shipped = await f.invoice(a, { partyId: shipsToKarnataka.id, lines: [line(kettle.id)] });
    expect([shipped.placeOfSupply, shipped.supplyType]).toEqual(['29', 'INTER']);

    const walkIn = await f.invoice(a, { customer: { name: 'Ravi', mobileNumber: '+91 98765 43210' }, lines: [line(kettle.id)] });
    expect([walkIn.placeOfSupply, walkIn.supplyType, walkIn.party]).toEqual([
      '27',
      'INTRA',
      { id: null, name: 'Ravi', mobileNumber: '9876543210', email: null, gstin: null, registrationType: null, billingAddress: null, shippingAddress: null },
    ]);
    const anonymous = await f.invoice(a, { lines: [line(kettle.id)] });
    expect(anonymous.party).toBeNull();

    // A place of supply the user chose wins over the default.
    const chosen = await f.invoice(a, { partyId: shipsToKarnataka.id, placeOfSupply: '27', lines: [line(kettle.id)] });
    expect([chosen.placeOfSupply, chosen.supplyType]).toEqual(['27', 'INTRA']);
  });

  it('places a service where the party’s GSTIN is registered', async () => {
    const repair = await f.item(a, { type: 'SERVICE', price: '1000', hsn: '998713' });
    const chandigarh = await f.party(a, { gstin: gstin('04AAPFU0939F1Z'), state: '04' });
    const inv = await f.invoice(a, { partyId: chandigarh.id, lines: [line(repair.id)] });
    expect(inv.placeOfSupply).toBe('04');
    expect(inv.supplyType).toBe('INTER');
  });
});

describe('the branch on the invoice', () => {
  it("carries the business's GSTIN only where it is registered: a branch in another state without its own has none", async () => {
    const biz = await signUp(h, { businessName: 'Registered Co', gstin: gstin('27AAPFU0939F1Z') });
    const bengaluru = await f.branch(biz, 'Bengaluru', { stateCode: '29' });
    const visit = await f.item(biz, { type: 'SERVICE', price: '100' });
    const home = await f.invoice(biz, { lines: [line(visit.id)] });
    expect(home.branch).toMatchObject({ gstin: gstin('27AAPFU0939F1Z'), stateCode: '27', businessName: 'Registered Co' });
    const away = await f.invoice(biz, { branchId: bengaluru.id, lines: [line(visit.id)] });
    expect(away.branch).toMatchObject({ gstin: null, stateCode: '29', name: 'Bengaluru' });
  });
});

describe('union territories', () => {
  it('labels the state half UTGST on an intra-state sale in Chandigarh', async () => {
    const chandigarh = await f.branch(a, 'Sector 17', { stateCode: '04', invoicePrefix: 'CH' });
    const visit = await f.item(a, { type: 'SERVICE', price: '1000', rate: 'gst-18' });
    const inv = await f.invoice(a, { branchId: chandigarh.id, lines: [line(visit.id)] });
    expect([inv.placeOfSupply, inv.placeOfSupplyName, inv.supplyType, inv.sgstLabel]).toEqual(['04', 'Chandigarh', 'INTRA', 'UTGST']);
    expect(inv.totals).toMatchObject({ cgst: '90.00', sgst: '90.00', grandTotal: '1180.00' });
    expect(inv.branch).toMatchObject({ name: 'Sector 17', stateCode: '04', address: expect.objectContaining({ state: 'Chandigarh' }) });
  });
});

describe('numbering', () => {
  it("numbers a branch's invoices from its own series, per financial year, with no gaps; a failed save takes no number", async () => {
    const fort = await f.branch(a, 'Mumbai Fort', { invoicePrefix: 'MUM' });
    const camp = await f.branch(a, 'Pune Camp');
    const visit = await f.item(a, { type: 'SERVICE', price: '500' });
    const boxed = await f.item(a, { price: '10', stock: 5 }); // stock at the main branch only
    const at = (branchId: string, invoiceDate: string, lines = [line(visit.id)]) => f.sale(a, { branchId, invoiceDate, lines });

    const preview = await get(h.app, `/api/sale/next-invoice-number?branchId=${fort.id}&date=2026-05-01`, a.cookie);
    expect(preview.json().data).toEqual({ number: 'MUM/26-27/1', financialYear: '2026-27' });

    const numbers: string[] = [];
    for (const date of ['2026-05-01', '2026-06-01']) numbers.push((await at(fort.id, date)).json().data.invoiceNumber);
    const failed = await at(fort.id, '2026-06-02', [line(boxed.id)]);
    expect(failed.statusCode).toBe(409);
    numbers.push((await at(fort.id, '2026-06-03')).json().data.invoiceNumber);
    numbers.push((await at(fort.id, '2026-03-31')).json().data.invoiceNumber);
    numbers.push((await at(camp.id, '2026-05-01')).json().data.invoiceNumber);
    expect(numbers).toEqual(['MUM/26-27/1', 'MUM/26-27/2', 'MUM/26-27/3', 'MUM/25-26/1', 'PC/26-27/1']);
    const again = await get(h.app, `/api/sale/next-invoice-number?branchId=${fort.id}&date=2026-12-01`, a.cookie);
    expect(again.json().data.number).toBe('MUM/26-27/4');
  });

  it('keeps the number of a cancelled invoice: the next one does not reuse it', async () => {
    const depot = await f.branch(a, 'Thane Depot', { invoicePrefix: 'TD' });
    const visit = await f.item(a, { type: 'SERVICE', price: '500' });
    const first = await f.invoice(a, { branchId: depot.id, invoiceDate: '2026-07-01', lines: [line(visit.id)] });
    expect((await f.cancel(a, first.id)).json().data).toMatchObject({ status: 'CANCELLED', invoiceNumber: 'TD/26-27/1' });
    const second = await f.invoice(a, { branchId: depot.id, invoiceDate: '2026-07-01', lines: [line(visit.id)] });
    expect(second.invoiceNumber).toBe('TD/26-27/2');
  });
});

describe('stock', () => {
  it('takes product lines out of the branch’s stock with a movement naming the invoice; services touch none', async () => {
    const kettle = await f.item(a, { name: 'Steel Kettle', price: '500', stock: 5 });
    const fitting = await f.item(a, { type: 'SERVICE', price: '200' });
    const inv = await f.invoice(a, { lines: [line(kettle.id, { quantity: 2 }), line(fitting.id)] });
    expect(await f.stockOf(a, kettle.id)).toBe(3);
    const movements = (await get(h.app, `/api/item/item-stock?id=${kettle.id}`, a.cookie)).json().data.movements;
    expect(movements[0]).toMatchObject({ kind: 'SALE', quantity: -2, balanceAfter: 3, reason: `Sale ${inv.invoiceNumber}` });
  });

  it('never goes below zero: 409 naming the item and what is in stock, and nothing is saved', async () => {
    const kettle = await f.item(a, { name: 'Copper Kettle', price: '500', stock: 1 });
    const before = (await f.invoices(a, '?pageSize=1')).json().meta.total;
    const res = await f.sale(a, { lines: [line(kettle.id, { quantity: 2 })] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Not enough stock of Copper Kettle at Main Branch: 1 in stock, so it cannot go down by 2. Stock never goes below 0.',
      field: 'lines.0.quantity',
    });
    expect(await f.stockOf(a, kettle.id)).toBe(1);
    expect((await f.invoices(a, '?pageSize=1')).json().meta.total).toBe(before);
  });

  it('takes fractions of a unit that allows them (KGS) and refuses them on a unit that does not (NOS)', async () => {
    const rice = await f.item(a, { name: 'Basmati Rice', price: '120', unit: 'KGS', rate: 'gst-5', stock: 10 });
    const inv = await f.invoice(a, { lines: [line(rice.id, { quantity: '2.5' })] });
    expect(inv.lines[0]).toMatchObject({ quantity: '2.500', unit: 'KGS', taxableValue: '300.00' });
    expect(await f.stockOf(a, rice.id)).toBe(7.5);

    const cup = await f.item(a, { name: 'Tea Cup', price: '50', stock: 10 });
    const res = await f.sale(a, { lines: [line(cup.id, { quantity: '1.5' })] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Quantity of Tea Cup must be a whole number (NOS)', field: 'lines.0.quantity' });
  });

  it('sells named serials that are in stock at the branch; they become sold until the invoice is cancelled', async () => {
    const phone = await f.item(a, { name: 'Phone X', price: '10000', stock: 2, serials: ['IMEI-1', 'IMEI-2'] });
    const inv = await f.invoice(a, { lines: [line(phone.id, { serialNos: ['imei-1'] })] });
    expect(inv.lines[0].serialNos).toEqual(['IMEI-1']);
    expect(await f.stockOf(a, phone.id)).toBe(1);

    const twice = await f.sale(a, { lines: [line(phone.id, { serialNos: ['IMEI-1'] })] });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ success: false, message: 'Serial number IMEI-1 of Phone X is not in stock at Main Branch', field: 'lines.0.serialNos' });
    const unknown = await f.sale(a, { lines: [line(phone.id, { serialNos: ['IMEI-9'] })] });
    expect([unknown.statusCode, unknown.json().field]).toEqual([409, 'lines.0.serialNos']);
    const count = await f.sale(a, { lines: [line(phone.id, { quantity: 1, serialNos: [] })] });
    expect(count.json()).toEqual({ success: false, message: 'Phone X is serialised: name 1 serial number, one per unit', field: 'lines.0.serialNos' });
    expect(await f.stockOf(a, phone.id)).toBe(1);

    expect((await f.cancel(a, inv.id)).statusCode).toBe(200);
    expect(await f.stockOf(a, phone.id)).toBe(2);
    const resold = await f.sale(a, { lines: [line(phone.id, { serialNos: ['IMEI-1'] })] });
    expect(resold.statusCode).toBe(201);
  });

  it('keeps a sold serial sold when the item is edited', async () => {
    const phone = await f.item(a, { name: 'Phone Y', price: '9000', stock: 1, serials: ['Y-1'] });
    await f.invoice(a, { lines: [line(phone.id, { serialNos: ['Y-1'] })] });
    const edit = await sendMultipart(h.app, 'PUT', `/api/item/update-item/${phone.id}`, a.cookie, {
      itemType: 'PRODUCT',
      itemName: 'Phone Y (edited)',
      itemCode: phone.itemCode,
      hsnCode: '8517',
      salePrice: '9000',
      salePriceTaxType: 'WITHOUT_TAX',
      isSaleTaxApplicable: 'false',
      gstRate: 'gst-18',
      unit: 'NOS',
      openingStock: '1',
      hasSerialisationOn: 'true',
      itemSerialNos: ['Y-1'],
    });
    expect(edit.statusCode).toBe(200);
    const again = await f.sale(a, { lines: [line(phone.id, { serialNos: ['Y-1'] })] });
    expect(again.statusCode).toBe(409);
  });
});

describe('payments', () => {
  it('takes a payment with the sale and later ones up to the balance; status follows; cash in hand rises', async () => {
    const chair = await f.item(a, { price: '1000', rate: 'gst-18', stock: 5 });
    const cashBefore = await f.cashBalance(a);
    const inv = await f.invoice(a, { lines: [line(chair.id)], payment: { amount: 500, mode: 'CASH', reference: 'counter' } });
    expect(inv).toMatchObject({ status: 'PARTIAL', received: '500.00', balance: '680.00', isOverdue: false });
    expect(inv.payments).toEqual([
      expect.objectContaining({ amount: '500.00', mode: 'CASH', accountName: 'Cash in hand', reference: 'counter', reversed: false }),
    ]);

    const over = await f.pay(a, inv.id, { amount: '680.01', mode: 'CASH' });
    expect(over.json()).toEqual({ success: false, message: 'Payment cannot be more than the balance due, ₹680.00', field: 'amount' });

    const rest = await f.pay(a, inv.id, { amount: '680', mode: 'CASH', date: inv.invoiceDate });
    expect(rest.statusCode).toBe(201);
    expect(rest.json().data).toMatchObject({ status: 'PAID', received: '1180.00', balance: '0.00' });
    expect(rest.json().data.payments.map((p: { date: string; amount: string }) => [p.date, p.amount])).toContainEqual([inv.invoiceDate, '680.00']);
    expect((await f.pay(a, inv.id, { amount: 1, mode: 'CASH' })).statusCode).toBe(409);
    expect(toPaise(await f.cashBalance(a)) - toPaise(cashBefore)).toBe(118_000);
  });

  it('refuses a payment above the invoice total', async () => {
    const chair = await f.item(a, { price: '100', rate: 'gst-0', stock: 5 });
    const res = await f.sale(a, { lines: [line(chair.id)], payment: { amount: 101, mode: 'CASH' } });
    expect(res.json()).toEqual({ success: false, message: 'Payment received cannot be more than the invoice total, ₹100.00', field: 'payment.amount' });
  });

  it('puts UPI into the bank account, and asks for one when there is none', async () => {
    const biz = await signUp(h, { businessName: 'UPI Shop', stateCode: '27' });
    const tea = await f.item(biz, { price: '100', rate: 'gst-0', stock: 10 });
    const none = await f.sale(biz, { lines: [line(tea.id)], payment: { amount: 100, mode: 'UPI' } });
    expect(none.json()).toEqual({ success: false, message: 'Add a bank account first to take UPI payments', field: 'payment.accountId' });

    const hdfc = await f.bank(biz, 'HDFC');
    const inv = await f.invoice(biz, { lines: [line(tea.id)], payment: { amount: 100, mode: 'UPI', reference: 'UTR123' } });
    expect(inv.payments[0]).toMatchObject({ accountId: hdfc.id, mode: 'UPI' });
    await f.bank(biz, 'ICICI');
    const which = await f.sale(biz, { lines: [line(tea.id)], payment: { amount: 100, mode: 'CARD' } });
    expect(which.json()).toEqual({ success: false, message: 'Choose the bank account the CARD payment goes into', field: 'payment.accountId' });
    const cashIntoBank = await f.sale(biz, { lines: [line(tea.id)], payment: { amount: 100, mode: 'CASH', accountId: hdfc.id } });
    expect(cashIntoBank.json()).toEqual({ success: false, message: 'A cash payment goes into Cash in hand', field: 'payment.accountId' });

    await f.invoice(biz, { lines: [line(tea.id, { quantity: 2 })], payment: { amount: 150, mode: 'UPI', accountId: hdfc.id } });
    const ledger = (await get(h.app, `/api/account/transactions?accountId=${hdfc.id}`, biz.cookie)).json();
    expect(ledger.meta.total).toBe(2);
    expect(ledger.data.map((t: { type: string; direction: string; amount: string; runningBalance: string }) => [t.type, t.direction, t.amount, t.runningBalance])).toEqual([
      ['SALE_PAYMENT', 'IN', '150.00', '250.00'],
      ['SALE_PAYMENT', 'IN', '100.00', '100.00'],
    ]);
    expect((await f.accounts(biz)).find((x) => x.id === hdfc.id)?.balance).toBe('250.00');
  });
});

describe('cancelling', () => {
  it('cancels in one go: number kept, stock back, payments reversed; twice is 409 and it takes no more payments', async () => {
    const lamp = await f.item(a, { name: 'Desk Lamp', price: '600', rate: 'gst-18', stock: 4 });
    const cashBefore = await f.cashBalance(a);
    const inv = await f.invoice(a, { lines: [line(lamp.id, { quantity: 3 })], payment: { amount: 1000, mode: 'CASH' } });
    expect(await f.stockOf(a, lamp.id)).toBe(1);

    const res = await f.cancel(a, inv.id, 'Customer returned the lamps');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      invoiceNumber: inv.invoiceNumber,
      status: 'CANCELLED',
      received: '0.00',
      balance: '0.00',
      isOverdue: false,
      cancelReason: 'Customer returned the lamps',
      cancelledAt: expect.any(String),
    });
    expect(res.json().data.payments).toEqual([expect.objectContaining({ amount: '1000.00', reversed: true })]);
    expect(await f.stockOf(a, lamp.id)).toBe(4);
    expect(await f.cashBalance(a)).toBe(cashBefore);
    const reversal = (await get(h.app, '/api/account/transactions?type=SALE_PAYMENT_REVERSAL', a.cookie)).json().data;
    expect(reversal[0]).toMatchObject({ direction: 'OUT', amount: '1000.00', documentNumber: inv.invoiceNumber, documentId: inv.id });

    const twice = await f.cancel(a, inv.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`Invoice ${inv.invoiceNumber} is already cancelled`);
    expect(await f.stockOf(a, lamp.id)).toBe(4);
    expect((await f.pay(a, inv.id, { amount: 10, mode: 'CASH' })).statusCode).toBe(409);
    expect((await f.cancel(a, inv.id, '')).statusCode).toBe(400);
  });
});

describe('Idempotency-Key', () => {
  it('answers a retry with the first invoice: no second invoice, number or stock movement; another body is 422', async () => {
    const mug = await f.item(a, { name: 'Mug', price: '150', stock: 10 });
    const body = { lines: [line(mug.id, { quantity: 2 })], payment: { amount: 100, mode: 'CASH' } };
    const before = (await f.invoices(a, '?pageSize=1')).json().meta.total;
    const first = await f.sale(a, body, 'sale-mug-1');
    const retry = await f.sale(a, { ...body, lines: [{ quantity: '2.000', itemId: mug.id }] }, 'sale-mug-1');
    expect([first.statusCode, retry.statusCode]).toEqual([201, 201]);
    expect(retry.json().data.id).toBe(first.json().data.id);
    expect(retry.json().data.invoiceNumber).toBe(first.json().data.invoiceNumber);
    expect((await f.invoices(a, '?pageSize=1')).json().meta.total).toBe(before + 1);
    expect(await f.stockOf(a, mug.id)).toBe(8);
    expect(retry.json().data.payments).toHaveLength(1);

    const other = await f.sale(a, { ...body, lines: [line(mug.id, { quantity: 3 })] }, 'sale-mug-1');
    expect(other.statusCode).toBe(422);
    expect(await f.stockOf(a, mug.id)).toBe(8);
  });

  it('does not keep the key of a request that failed: the retry after fixing the cause goes through', async () => {
    const mug = await f.item(a, { name: 'Big Mug', price: '150', stock: 1 });
    const body = { lines: [line(mug.id, { quantity: 2 })] };
    expect((await f.sale(a, body, 'retry-after-409')).statusCode).toBe(409);
    await write(h.app, 'PUT', '/api/item/update-item-stock', { itemId: mug.id, type: 'ADD', quantity: 5, date: '2026-11-01', reason: 'Restock' }, { cookie: a.cookie });
    const ok = await f.sale(a, body, 'retry-after-409');
    expect(ok.statusCode).toBe(201);
    expect(await f.stockOf(a, mug.id)).toBe(4);
  });

  it('makes record-payment safe to retry', async () => {
    const mug = await f.item(a, { price: '100', rate: 'gst-0', stock: 3 });
    const inv = await f.invoice(a, { lines: [line(mug.id)] });
    const first = await f.pay(a, inv.id, { amount: 40, mode: 'CASH' }, 'pay-40');
    const again = await f.pay(a, inv.id, { amount: 40, mode: 'CASH' }, 'pay-40');
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    const now = (await f.getInvoice(a, inv.id)).json().data as SaleInvoice;
    expect([now.received, now.payments.length]).toEqual(['40.00', 1]);
  });
});

describe('snapshots', () => {
  it('keeps the party and branch as they were when the invoice was issued', async () => {
    const vase = await f.item(a, { price: '300', stock: 2 });
    const customer = await f.party(a, { name: 'Old Name Traders', state: '27' });
    const inv = await f.invoice(a, { partyId: customer.id, lines: [line(vase.id)] });
    const renamed = await write(h.app, 'PUT', `/api/party/update-party/${customer.id}`, { name: 'New Name Traders', partyType: 'CUSTOMER' }, { cookie: a.cookie });
    expect(renamed.statusCode).toBe(200);
    const now = (await f.getInvoice(a, inv.id)).json().data as SaleInvoice;
    expect(now.party).toMatchObject({ name: 'Old Name Traders', billingAddress: { street: 'Shop 1', stateCode: '27', state: 'Maharashtra', pin: '400001', city: null } });
  });
});

describe('validation', () => {
  it('refuses bad input with 400 naming the field, and saves nothing', async () => {
    const cup = await f.item(a, { name: 'Cup', price: '50', stock: 100 });
    const before = (await f.invoices(a, '?pageSize=1')).json().meta.total;
    const cases: [object, string, RegExp][] = [
      [{ lines: [line(cup.id, { unitPrice: 1e15 })] }, 'lines.0.unitPrice', /at most/],
      [{ lines: [line(cup.id, { quantity: 1e9, unitPrice: 99999 })] }, 'lines.0.unitPrice', /more than an invoice can hold/],
      [{ lines: [line(cup.id, { quantity: 0 })] }, 'lines.0.quantity', /more than 0/],
      [{ lines: [line(cup.id, { quantity: -1 })] }, 'lines.0.quantity', /cannot be negative/],
      [{ lines: [line(cup.id, { quantity: '1.0001' })] }, 'lines.0.quantity', /at most 3 decimals/],
      [{ lines: [line(cup.id, { unitPrice: '10.001' })] }, 'lines.0.unitPrice', /at most 2 decimals/],
      [{ lines: [line(cup.id, { quantity: '1.5' })] }, 'lines.0.quantity', /whole number/],
      [{ invoiceDate: '2025-02-30', lines: [line(cup.id)] }, 'invoiceDate', /real date/],
      [{ invoiceDate: '2026-05-10', dueDate: '2026-05-01', lines: [line(cup.id)] }, 'dueDate', /before the invoice date/],
      [{ lines: [line(cup.id, { gstRateId: 'gst-17' })] }, 'lines.0.gstRateId', /from the list/],
      [{ lines: [line(cup.id, { discountPercent: 10, discountAmount: 5 })] }, 'lines.0.discountAmount', /not both/],
      [{ lines: [line(cup.id, { discountAmount: 51 })] }, 'lines.0.discountAmount', /more than the line amount/],
      [{ lines: [line(cup.id, { discountPercent: 101 })] }, 'lines.0.discountPercent', /at most/],
      [{ placeOfSupply: '99', lines: [line(cup.id)] }, 'placeOfSupply', /state code/],
      [{ lines: [] }, 'lines', /at least one line/],
      [{ lines: Array.from({ length: 301 }, () => line(cup.id)) }, 'lines', /at most 300 lines/],
      [{ lines: [line(cup.id)], payment: { amount: 10, mode: 'GOLD' } }, 'payment.mode', /CASH, UPI/],
      [{ lines: [line(cup.id)], payment: { amount: 0, mode: 'CASH' } }, 'payment.amount', /more than 0/],
      [{ partyId: cup.id, customer: { name: 'X' }, lines: [line(cup.id)] }, 'customer', /without a party/],
      [{ lines: [line(cup.id, { serialNos: ['S1'] })] }, 'lines.0.serialNos', /not serialised/],
      [{ lines: [line(cup.id)], notes: 'x'.repeat(2001) }, 'notes', /at most 2000/],
    ];
    for (const [body, field, message] of cases) {
      const res = await f.sale(a, body);
      expect([res.statusCode, res.json().field, res.json().message]).toEqual([400, field, expect.stringMatching(message)]);
    }
    expect((await f.invoices(a, '?pageSize=1')).json().meta.total).toBe(before);
    expect(await f.stockOf(a, cup.id)).toBe(100);
  });

  it('answers 404 at the field for an unknown item, party, branch or account', async () => {
    const cup = await f.item(a, { price: '50', stock: 5 });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const cases: [object, string, string][] = [
      [{ lines: [line(unknown)] }, 'lines.0.itemId', 'Item not found'],
      [{ lines: [line(cup.id), line('not-an-id')] }, 'lines.1.itemId', 'Item not found'],
      [{ partyId: unknown, lines: [line(cup.id)] }, 'partyId', 'Party not found'],
      [{ branchId: unknown, lines: [line(cup.id)] }, 'branchId', 'Branch not found'],
      [{ lines: [line(cup.id)], payment: { amount: 10, mode: 'UPI', accountId: unknown } }, 'payment.accountId', 'Account not found'],
      [{ quotationId: unknown, lines: [line(cup.id)] }, 'quotationId', 'Quotation not found'],
    ];
    for (const [body, field, message] of cases) {
      const res = await f.sale(a, body);
      expect([res.statusCode, res.json()]).toEqual([404, { success: false, message, field }]);
    }
    expect((await f.getInvoice(a, unknown)).statusCode).toBe(404);
    expect((await f.getInvoice(a, 'nope')).json()).toEqual({ success: false, message: 'Invoice not found' });
  });

  it('needs a session', async () => {
    expect((await get(h.app, '/api/sale/sale-invoices')).statusCode).toBe(401);
    expect((await write(h.app, 'POST', '/api/sale/create-sale', { lines: [{ itemId: 'x', quantity: 1 }] })).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another business's invoice, item, party, branch and account", async () => {
    const theirItem = await f.item(b, { price: '10', stock: 5 });
    const theirParty = await f.party(b, { state: '29' });
    const theirBank = await f.bank(b, 'Beta Bank');
    const theirInvoice = await f.invoice(b, { partyId: theirParty.id, lines: [line(theirItem.id)] });
    const mine = await f.item(a, { price: '10', stock: 5 });

    expect((await f.getInvoice(a, theirInvoice.id)).statusCode).toBe(404);
    expect((await f.pay(a, theirInvoice.id, { amount: 1, mode: 'CASH' })).statusCode).toBe(404);
    expect((await f.cancel(a, theirInvoice.id)).statusCode).toBe(404);
    const cases: [object, string][] = [
      [{ lines: [line(theirItem.id)] }, 'lines.0.itemId'],
      [{ partyId: theirParty.id, lines: [line(mine.id)] }, 'partyId'],
      [{ branchId: b.profile.activeStoreBranch!.id, lines: [line(mine.id)] }, 'branchId'],
      [{ lines: [line(mine.id)], payment: { amount: 1, mode: 'UPI', accountId: theirBank.id } }, 'payment.accountId'],
    ];
    for (const [body, field] of cases) {
      const res = await f.sale(a, body);
      expect([res.statusCode, res.json().field]).toEqual([404, field]);
    }
    const preview = await get(h.app, `/api/sale/next-invoice-number?branchId=${b.profile.activeStoreBranch!.id}`, a.cookie);
    expect([preview.statusCode, preview.json().field]).toEqual([404, 'branchId']);
    const filtered = await f.invoices(a, `?partyId=${theirParty.id}`);
    expect(filtered.json().meta.total).toBe(0);
    expect((await f.getInvoice(b, theirInvoice.id)).json().data).toMatchObject({ status: 'UNPAID', balance: '12.00' });
    expect(await f.stockOf(b, theirItem.id)).toBe(4);
  });
});

describe('party balances', () => {
  it('are opening balance + sales (not cancelled) − payments received, on the party list and the party', async () => {
    const biz = await signUp(h, { businessName: 'Balance Shop', stateCode: '27' });
    const shirt = await f.item(biz, { price: '1000', rate: 'gst-18', stock: 10 });
    const owes = await f.party(biz, { name: 'Owes Us', state: '27', openingBalance: '1000' });
    await f.party(biz, { name: 'Quiet One' });
    await f.party(biz, { name: 'Paid Ahead', openingBalance: '-250.50' });

    const first = await f.invoice(biz, { partyId: owes.id, lines: [line(shirt.id)], payment: { amount: 500, mode: 'CASH' } });
    await f.pay(biz, first.id, { amount: '80.25', mode: 'CASH' });
    const cancelled = await f.invoice(biz, { partyId: owes.id, lines: [line(shirt.id, { quantity: 2 })], payment: { amount: 2000, mode: 'CASH' } });
    await f.cancel(biz, cancelled.id);
    await f.invoice(biz, { lines: [line(shirt.id)], payment: { amount: 1180, mode: 'CASH' } }); // walk-in: nobody's balance

    // 1000 + 1180 − 500 − 80.25
    const one = await get(h.app, `/api/party/get-party/${owes.id}`, biz.cookie);
    expect(one.json().data.balance).toBe('1599.75');
    const list = (await get(h.app, '/api/party/parties?pageSize=10', biz.cookie)).json().data as { name: string; balance: string }[];
    expect(list.map((p) => [p.name, p.balance])).toEqual([
      ['Owes Us', '1599.75'],
      ['Paid Ahead', '-250.50'],
      ['Quiet One', '0.00'],
    ]);
  });
});

describe('the invoice list', () => {
  let biz: SignedUp;
  let ids: Record<string, string>;
  let secondBranch: string;

  beforeAll(async () => {
    biz = await signUp(h, { businessName: 'List Shop', stateCode: '27' });
    const visit = await f.item(biz, { type: 'SERVICE', price: '100', rate: 'gst-0' });
    const mehta = await f.party(biz, { name: 'Mehta Hardware', mobileNumber: '9822012345', creditPeriod: 10 });
    const iyer = await f.party(biz, { name: 'Iyer Stores', mobileNumber: '9840011111' });
    secondBranch = (await f.branch(biz, 'Andheri West', { invoicePrefix: 'AW' })).id;
    const make = (body: object) => f.invoice(biz, { lines: [line(visit.id)], ...body });
    ids = {
      paid: (await make({ partyId: mehta.id, invoiceDate: '2026-04-10', payment: { amount: 100, mode: 'CASH' } })).id,
      partial: (await make({ partyId: mehta.id, invoiceDate: '2026-05-10', payment: { amount: 40, mode: 'CASH' } })).id,
      unpaid: (await make({ partyId: iyer.id, invoiceDate: '2026-06-10', dueDate: '2099-01-01' })).id,
      cancelled: (await make({ partyId: iyer.id, invoiceDate: '2026-07-10' })).id,
      walkIn: (await make({ customer: { name: 'Sunita', mobileNumber: '9000000001' }, branchId: secondBranch, invoiceDate: '2026-08-10' })).id,
    };
    await f.cancel(biz, ids.cancelled);
  }, 120_000);

  const page = async (query: string) => {
    const res = await f.invoices(biz, query);
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { id: string; invoiceNumber: string; status: string; isOverdue: boolean }[]; meta: Record<string, unknown> };
  };
  const idsOf = async (query: string) => (await page(query)).data.map((r) => r.id);

  it('answers newest first with the sums of everything the filter matches (a cancelled invoice adds nothing)', async () => {
    const all = await page('');
    expect(all.data.map((r) => r.id)).toEqual([ids.walkIn, ids.cancelled, ids.unpaid, ids.partial, ids.paid]);
    expect(all.meta).toEqual({ total: 5, page: 1, pageSize: 20, grandTotal: '400.00', received: '140.00', balance: '260.00' });
    expect(all.data[0]).toMatchObject({ partyName: 'Sunita', partyMobile: '9000000001', branchName: 'Andheri West', grandTotal: '100.00' });

    const second = await page('?page=2&pageSize=2');
    expect(second.data.map((r) => r.id)).toEqual([ids.unpaid, ids.partial]);
    expect(second.meta).toMatchObject({ total: 5, page: 2, pageSize: 2, grandTotal: '400.00' });
  });

  it('filters by status (OVERDUE too), party, dates, branch and a search of number, party name and mobile', async () => {
    expect(await idsOf('?status=PAID')).toEqual([ids.paid]);
    expect(await idsOf('?status=PARTIAL')).toEqual([ids.partial]);
    expect(await idsOf('?status=CANCELLED')).toEqual([ids.cancelled]);
    expect(await idsOf('?status=OVERDUE')).toEqual([ids.walkIn, ids.partial]);
    expect((await page('?status=PARTIAL')).data[0].isOverdue).toBe(true);
    expect(await idsOf('?from=2026-05-01&to=2026-06-30')).toEqual([ids.unpaid, ids.partial]);
    expect(await idsOf(`?branchId=${secondBranch}`)).toEqual([ids.walkIn]);
    expect(await idsOf('?q=mehta')).toEqual([ids.partial, ids.paid]);
    expect(await idsOf('?q=98400')).toEqual([ids.cancelled, ids.unpaid]);
    // A mobile as people type it: +91, spaces, or the 12 digits with 91.
    expect(await idsOf(`?q=${encodeURIComponent('+91 98400 11111')}`)).toEqual([ids.cancelled, ids.unpaid]);
    expect(await idsOf('?q=919840011111')).toEqual([ids.cancelled, ids.unpaid]);
    expect(await idsOf('?q=SUNITA')).toEqual([ids.walkIn]);
    expect(await idsOf('?q=AW/26')).toEqual([ids.walkIn]);
    expect(await idsOf('?q=100%25')).toEqual([]);
    const unpaid = await page('?status=UNPAID');
    expect(unpaid.meta).toMatchObject({ total: 2, grandTotal: '200.00', received: '0.00', balance: '200.00' });
  });

  it('refuses bad filters with 400', async () => {
    for (const [query, field] of [
      ['?status=LOST', 'status'],
      ['?from=2026-13-01', 'from'],
      ['?pageSize=101', 'pageSize'],
      ['?page=0', 'page'],
      ['?from=2026-06-01&to=2026-05-01', 'to'],
    ]) {
      const res = await f.invoices(biz, query);
      expect([res.statusCode, res.json().field]).toEqual([400, field]);
    }
  });
});
