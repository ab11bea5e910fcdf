import type { Account, Party, PartyPayment, SaleInvoice } from '@bahi/shared/contracts';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let cash: Account;
let bank: Account;
let serviceId: string;

const pay = (who: SignedUp, direction: 'in' | 'out', body: object, key?: string) =>
  write(h.app, 'POST', `/api/payment/payment-${direction}`, body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
async function paid(who: SignedUp, direction: 'in' | 'out', body: object): Promise<PartyPayment> {
  const res = await pay(who, direction, body);
  if (res.statusCode !== 201) throw new Error(`payment-${direction} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const invoiceOf = async (who: SignedUp, id: string): Promise<SaleInvoice> => (await f.getInvoice(who, id)).json().data;
const balanceOf = async (who: SignedUp, partyId: string): Promise<string> =>
  (await get(h.app, `/api/party/get-party/${partyId}`, who.cookie)).json().data.balance;
/** A sale of the ₹1000 + 18 % service: ₹1180.00. */
const sell = (who: SignedUp, party: Party, invoiceDate: string, extra: object = {}) =>
  f.invoice(who, { partyId: party.id, invoiceDate, lines: [{ itemId: serviceId, quantity: 1 }], ...extra });

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '27' });
  cash = (await f.accounts(a))[0];
  bank = await f.bank(a);
  serviceId = (await f.item(a, { type: 'SERVICE', price: '1000' })).id;
}, 180_000);
afterAll(() => h?.close());

describe('payment-in', () => {
  it('settles the party’s open invoices oldest first; the party balance counts the payment once', async () => {
    const p = await f.party(a, { name: 'Ravi Kumar', openingBalance: '100' });
    const later = await sell(a, p, '2026-05-10');
    const older = await sell(a, p, '2026-05-01');
    expect(await balanceOf(a, p.id)).toBe('2460.00');
    const payment = await paid(a, 'in', { partyId: p.id, amount: '1500', mode: 'UPI', accountId: bank.id, date: '2026-05-20', reference: 'UTR123' });
    expect(payment).toMatchObject({
      type: 'PAYMENT_IN',
      partyName: 'Ravi Kumar',
      amount: '1500.00',
      mode: 'UPI',
      accountId: bank.id,
      date: '2026-05-20',
      reference: 'UTR123',
      allocated: '1500.00',
      advance: '0.00',
      partyBalance: '960.00',
      allocations: [
        { documentType: 'SALE', documentId: older.id, documentNumber: older.invoiceNumber, documentDate: '2026-05-01', amount: '1180.00', balanceDue: '0.00' },
        { documentType: 'SALE', documentId: later.id, documentNumber: later.invoiceNumber, documentDate: '2026-05-10', amount: '320.00', balanceDue: '860.00' },
      ],
    });
    expect(await invoiceOf(a, older.id)).toMatchObject({ status: 'PAID', received: '1180.00', balance: '0.00' });
    const l = await invoiceOf(a, later.id);
    expect(l).toMatchObject({ status: 'PARTIAL', received: '320.00', balance: '860.00' });
    expect(l.payments).toEqual([expect.objectContaining({ id: payment.id, amount: '320.00', mode: 'UPI', accountName: 'HDFC Current', reversed: false })]);
    expect(await balanceOf(a, p.id)).toBe('960.00');
    // One transaction on the account, whatever it settled.
    const tx = (await get(h.app, `/api/account/transactions?partyId=${p.id}`, a.cookie)).json();
    expect(tx.data.map((t: { type: string; amount: string }) => [t.type, t.amount])).toEqual([['PAYMENT_IN', '1500.00']]);
  });

  it('more than is due stays with the party as an advance', async () => {
    const p = await f.party(a, { name: 'Advance Customer' });
    const inv = await sell(a, p, '2026-06-01');
    const payment = await paid(a, 'in', { partyId: p.id, amount: '2000', mode: 'CASH' });
    expect([payment.allocated, payment.advance, payment.partyBalance]).toEqual(['1180.00', '820.00', '-820.00']);
    expect((await invoiceOf(a, inv.id)).status).toBe('PAID');
    // A party with no open invoice: all advance.
    const again = await paid(a, 'in', { partyId: p.id, amount: '10', mode: 'CASH' });
    expect([again.allocations, again.advance, again.partyBalance]).toEqual([[], '10.00', '-830.00']);
  });

  it('allocates as given, the rest an advance; an empty list keeps it all as an advance', async () => {
    const p = await f.party(a, { name: 'Picky Customer' });
    const first = await sell(a, p, '2026-07-01');
    const second = await sell(a, p, '2026-07-02');
    const payment = await paid(a, 'in', { partyId: p.id, amount: '1000', mode: 'CASH', allocations: [{ documentId: second.id, amount: '400' }] });
    expect(payment.allocations.map((x) => [x.documentId, x.amount, x.balanceDue])).toEqual([[second.id, '400.00', '780.00']]);
    expect([payment.allocated, payment.advance]).toEqual(['400.00', '600.00']);
    expect((await invoiceOf(a, first.id)).status).toBe('UNPAID');
    const none = await paid(a, 'in', { partyId: p.id, amount: '50', mode: 'CASH', allocations: [] });
    expect([none.allocations, none.advance]).toEqual([[], '50.00']);
    expect((await invoiceOf(a, first.id)).status).toBe('UNPAID');
    expect(await balanceOf(a, p.id)).toBe(String((2360 - 1050).toFixed(2)));
  });

  it('refuses an allocation larger than the due, to another party’s, a cancelled or an unknown invoice, or more than the payment', async () => {
    const p = await f.party(a, { name: 'Careful Customer' });
    const other = await f.party(a, { name: 'Someone Else' });
    const mine = await sell(a, p, '2026-08-01');
    const theirs = await sell(a, other, '2026-08-01');
    const gone = await sell(a, p, '2026-08-02');
    expect((await f.cancel(a, gone.id)).statusCode).toBe(200);
    const cases: [object[], number, string, RegExp, string?][] = [
      [[{ documentId: mine.id, amount: '1180.01' }], 400, 'allocations.0.amount', /has ₹1180\.00 due: it cannot take ₹1180\.01/],
      [[{ documentId: theirs.id, amount: '10' }], 409, 'allocations.0.documentId', /not this party/],
      [[{ documentId: gone.id, amount: '10' }], 409, 'allocations.0.documentId', /cancelled/],
      [[{ documentId: '00000000-0000-4000-8000-000000000000', amount: '10' }], 404, 'allocations.0.documentId', /No open invoice/],
      [[{ documentId: 'nope', amount: '10' }], 404, 'allocations.0.documentId', /No open invoice/],
      [[{ documentId: mine.id, amount: '600' }, { documentId: mine.id, amount: '1' }], 400, 'allocations.1.documentId', /only once/],
      [[{ documentId: mine.id, amount: '1001' }], 400, 'allocations', /more than the payment/, '1000'],
      [[{ documentId: mine.id, amount: '0' }], 400, 'allocations.0.amount', /more than 0/],
    ];
    for (const [allocations, status, field, message, amount] of cases) {
      const res = await pay(a, 'in', { partyId: p.id, amount: amount ?? '2000', mode: 'CASH', allocations });
      expect([res.statusCode, res.json().field]).toEqual([status, field]);
      expect(res.json().message).toMatch(message);
    }
    expect(await invoiceOf(a, mine.id)).toMatchObject({ status: 'UNPAID', received: '0.00' });
    expect(await balanceOf(a, p.id)).toBe('1180.00');
  });

  it('answers bad input with 4xx naming the field', async () => {
    const p = await f.party(a, { name: 'Input Customer' });
    const ok = { partyId: p.id, amount: '10', mode: 'CASH' };
    const cases: [object, number, string][] = [
      [{ ...ok, amount: '0' }, 400, 'amount'],
      [{ ...ok, amount: '-1' }, 400, 'amount'],
      [{ ...ok, mode: 'GOLD' }, 400, 'mode'],
      [{ ...ok, date: '2026-13-01' }, 400, 'date'],
      [{ ...ok, partyId: 'nobody' }, 404, 'partyId'],
      [{ ...ok, mode: 'UPI', accountId: cash.id }, 400, 'accountId'],
      [{ ...ok, accountId: 'x' }, 404, 'accountId'],
      [{ ...ok, allocations: 'all' }, 400, 'allocations'],
      [{ ...ok, allocations: [{ amount: '1' }] }, 400, 'allocations.0.documentId'],
    ];
    for (const [body, status, field] of cases) {
      const res = await pay(a, 'in', body);
      expect([JSON.stringify(body), res.statusCode, res.json().field]).toEqual([JSON.stringify(body), status, field]);
    }
  });

  it('answers a retry with the same Idempotency-Key with the first payment; another body is 422', async () => {
    const p = await f.party(a, { name: 'Retry Customer' });
    await sell(a, p, '2026-09-01');
    const body = { partyId: p.id, amount: '100', mode: 'CASH' };
    const one = await pay(a, 'in', body, 'pay-in-1');
    const two = await pay(a, 'in', body, 'pay-in-1');
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json().data.id).toBe(one.json().data.id);
    expect(await balanceOf(a, p.id)).toBe('1080.00');
    expect((await pay(a, 'in', { ...body, amount: '101' }, 'pay-in-1')).statusCode).toBe(422);
    expect((await pay(a, 'out', body, 'pay-in-1')).statusCode).toBe(422);
  });
});

describe('payment-out', () => {
  /** A bill of the supplier for the ₹1000 + 18 % service: ₹1180.00. */
  let billSeq = 0;
  const bill = async (supplierId: string, billDate: string) => {
    billSeq += 1;
    const res = await write(
      h.app,
      'POST',
      '/api/purchase/create-purchase',
      { partyId: supplierId, billNumber: `PAY-${billSeq}`, billDate, lines: [{ itemId: serviceId, quantity: 1, unitPrice: '1000', priceIncludesTax: false }] },
      { cookie: a.cookie },
    );
    if (res.statusCode !== 201) throw new Error(`create-purchase answered ${res.statusCode}: ${res.body}`);
    return res.json().data as { id: string; referenceNumber: string; totals: { grandTotal: string } };
  };
  const purchaseOf = async (id: string) => (await get(h.app, `/api/purchase/purchase-invoice/${id}`, a.cookie)).json().data;

  it('settles the supplier’s open bills oldest first, the rest an advance; the party balance counts it once', async () => {
    const supplier = await f.party(a, { name: 'Supplier One', partyType: 'SUPPLIER', openingBalance: '-500' });
    const later = await bill(supplier.id, '2026-05-10');
    const older = await bill(supplier.id, '2026-05-01');
    expect(older.totals.grandTotal).toBe('1180.00');
    expect(await balanceOf(a, supplier.id)).toBe('-2860.00');
    const payment = await paid(a, 'out', { partyId: supplier.id, amount: '2000', mode: 'BANK_TRANSFER', accountId: bank.id, date: '2026-05-20' });
    expect(payment).toMatchObject({
      type: 'PAYMENT_OUT',
      allocated: '2000.00',
      advance: '0.00',
      partyBalance: '-860.00',
      allocations: [
        { documentType: 'PURCHASE', documentId: older.id, documentNumber: older.referenceNumber, amount: '1180.00', balanceDue: '0.00' },
        { documentType: 'PURCHASE', documentId: later.id, amount: '820.00', balanceDue: '360.00' },
      ],
    });
    expect(await purchaseOf(older.id)).toMatchObject({ status: 'PAID', paid: '1180.00' });
    const l = await purchaseOf(later.id);
    expect(l).toMatchObject({ status: 'PARTIAL', paid: '820.00', balance: '360.00' });
    expect(l.payments).toEqual([expect.objectContaining({ id: payment.id, amount: '820.00', reversed: false })]);
    // More than is due: the rest is an advance to the supplier.
    const more = await paid(a, 'out', { partyId: supplier.id, amount: '1000', mode: 'UPI', accountId: bank.id });
    expect([more.allocated, more.advance, more.partyBalance]).toEqual(['360.00', '640.00', '140.00']);
  });

  it('allocates as given; refuses more than a bill’s due, another party’s bill or a sale invoice', async () => {
    const supplier = await f.party(a, { name: 'Supplier Two', partyType: 'SUPPLIER' });
    const other = await f.party(a, { name: 'Supplier Three', partyType: 'SUPPLIER' });
    const first = await bill(supplier.id, '2026-06-01');
    const second = await bill(supplier.id, '2026-06-02');
    const theirs = await bill(other.id, '2026-06-01');
    const customer = await f.party(a, { name: 'Not A Supplier' });
    const invoice = await sell(a, customer, '2026-06-01');
    const cases: [object[], number, string][] = [
      [[{ documentId: second.id, amount: '1180.01' }], 400, 'allocations.0.amount'],
      [[{ documentId: theirs.id, amount: '1' }], 409, 'allocations.0.documentId'],
      [[{ documentId: invoice.id, amount: '1' }], 404, 'allocations.0.documentId'],
    ];
    for (const [allocations, status, field] of cases) {
      const res = await pay(a, 'out', { partyId: supplier.id, amount: '1500', mode: 'UPI', accountId: bank.id, allocations });
      expect([res.statusCode, res.json().field]).toEqual([status, field]);
    }
    const payment = await paid(a, 'out', { partyId: supplier.id, amount: '1500', mode: 'UPI', accountId: bank.id, allocations: [{ documentId: second.id, amount: '1000' }] });
    expect([payment.allocated, payment.advance]).toEqual(['1000.00', '500.00']);
    expect((await purchaseOf(first.id)).status).toBe('UNPAID');
    expect(await purchaseOf(second.id)).toMatchObject({ status: 'PARTIAL', balance: '180.00' });
    // A payment in never settles a purchase bill.
    const wrongWay = await pay(a, 'in', { partyId: supplier.id, amount: '1', mode: 'CASH', allocations: [{ documentId: first.id, amount: '1' }] });
    expect([wrongWay.statusCode, wrongWay.json().field]).toEqual([404, 'allocations.0.documentId']);
  });

  it('a cash payment out larger than the cash is 409 with the balance; a bank may go negative', async () => {
    const supplier = await f.party(a, { name: 'Cash Supplier' });
    const cashNow = await f.cashBalance(a);
    const res = await pay(a, 'out', { partyId: supplier.id, amount: '1000000', mode: 'CASH' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Not enough cash: Cash in hand has ₹${cashNow}, so ₹1000000.00 cannot be paid from it. Cash never goes below 0.`);
    expect(await balanceOf(a, supplier.id)).toBe('0.00');
    expect((await pay(a, 'out', { partyId: supplier.id, amount: '1000000', mode: 'CHEQUE', accountId: bank.id })).statusCode).toBe(201);
  });
});

describe('party balance after a mix of sales and payments', () => {
  it('is opening + sales − payments in − purchases + payments out, each counted once', async () => {
    const p = await f.party(a, { name: 'Supplier Refunding', partyType: 'SUPPLIER', openingBalance: '1000' });
    const res = await write(
      h.app,
      'POST',
      '/api/purchase/create-purchase',
      { partyId: p.id, billNumber: 'MIX-1', billDate: '2026-10-02', lines: [{ itemId: serviceId, quantity: 2, unitPrice: '1000', priceIncludesTax: false }], payment: { amount: '360', mode: 'UPI', accountId: bank.id } },
      { cookie: a.cookie },
    );
    expect(res.statusCode).toBe(201);
    await paid(a, 'in', { partyId: p.id, amount: '1180', mode: 'UPI', accountId: bank.id });
    await paid(a, 'out', { partyId: p.id, amount: '1000', mode: 'UPI', accountId: bank.id });
    // 1000 − 1180 − 2360 + 360 + 1000
    expect(await balanceOf(a, p.id)).toBe('-1180.00');
    expect((await get(h.app, `/api/purchase/purchase-invoice/${res.json().data.id}`, a.cookie)).json().data).toMatchObject({ paid: '1360.00', balance: '1000.00' });
  });

  it('is opening + sales − payments in + payments out, in the list and the detail, a cancelled sale leaving its payments as advance', async () => {
    const p = await f.party(a, { name: 'Mixed Party', openingBalance: '250.50' });
    const s1 = await sell(a, p, '2026-10-01', { payment: { amount: '180', mode: 'CASH' } });
    const s2 = await sell(a, p, '2026-10-02');
    await paid(a, 'in', { partyId: p.id, amount: '1500', mode: 'CASH', date: '2026-10-05' });
    expect((await f.pay(a, s2.id, { amount: '100', mode: 'CASH' })).statusCode).toBe(201);
    await paid(a, 'out', { partyId: p.id, amount: '75.25', mode: 'CASH', date: '2026-10-06' });
    // 250.50 + 1180 + 1180 − 180 − 1500 − 100 + 75.25
    expect(await balanceOf(a, p.id)).toBe('905.75');
    expect(await invoiceOf(a, s1.id)).toMatchObject({ status: 'PAID', received: '1180.00' });
    expect(await invoiceOf(a, s2.id)).toMatchObject({ status: 'PARTIAL', received: '600.00', balance: '580.00' });
    // Cancelling s2: its own payment (100) is reversed, the payment in's share stays with the party as an advance.
    expect((await f.cancel(a, s2.id)).statusCode).toBe(200);
    // 250.50 + 1180 − 180 − 1500 + 75.25
    expect(await balanceOf(a, p.id)).toBe('-174.25');
    const listed = (await get(h.app, `/api/party/parties?q=${encodeURIComponent('Mixed Party')}`, a.cookie)).json().data;
    expect(listed.find((x: Party) => x.id === p.id).balance).toBe('-174.25');
    const cancelled = await invoiceOf(a, s2.id);
    expect(cancelled.payments.every((x) => x.reversed)).toBe(true);
  });
});

describe('tenant isolation', () => {
  it('another business’s party, invoice or account is 404 and nothing moves', async () => {
    const p = await f.party(a, { name: 'Private Party' });
    const inv = await sell(a, p, '2026-11-01');
    const bParty = await f.party(b, { name: 'Beta Customer' });
    const cases = [
      await pay(b, 'in', { partyId: p.id, amount: '10', mode: 'CASH' }),
      await pay(b, 'out', { partyId: p.id, amount: '10', mode: 'CASH' }),
      await pay(b, 'in', { partyId: bParty.id, amount: '10', mode: 'UPI', accountId: bank.id }),
      await pay(b, 'in', { partyId: bParty.id, amount: '10', mode: 'CASH', allocations: [{ documentId: inv.id, amount: '10' }] }),
    ];
    expect(cases.map((r) => [r.statusCode, r.json().field])).toEqual([
      [404, 'partyId'],
      [404, 'partyId'],
      [404, 'accountId'],
      [404, 'allocations.0.documentId'],
    ]);
    expect(await invoiceOf(a, inv.id)).toMatchObject({ status: 'UNPAID' });
    expect(await balanceOf(a, p.id)).toBe('1180.00');
  });

  it('needs a session', async () => {
    expect((await write(h.app, 'POST', '/api/payment/payment-in', { partyId: 'x', amount: 1, mode: 'CASH' })).statusCode).toBe(401);
  });
});
