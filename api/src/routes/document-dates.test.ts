import { addDays, indiaToday, type ExpenseCategory, type SaleInvoice } from '@bahi/shared/contracts';
import { takeNumber } from '../services/documents/numbering';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Document dates: from GST's start (2017-07-01) to today (India) plus the business's days ahead; a payment never
 * before what it settles; balances of today leave out money dated later; lists of one date by number.
 */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let serviceId: string;
let today: string;

const post = (who: SignedUp, url: string, body: object) => write(h.app, 'POST', url, body, { cookie: who.cookie });
const setFutureDays = async (who: SignedUp, futureDatedDays: number) => {
  const res = await write(h.app, 'PUT', '/api/store-branch/document-settings', { futureDatedDays }, { cookie: who.cookie });
  expect(res.statusCode).toBe(200);
};
const saleOn = (who: SignedUp, invoiceDate: string, extra: object = {}) =>
  f.sale(who, { invoiceDate, lines: [{ itemId: serviceId, quantity: 1 }], ...extra });

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Dated Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Traders', stateCode: '27' });
  serviceId = (await f.item(a, { type: 'SERVICE', price: '100' })).id;
  today = indiaToday(h.clock.now());
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

describe('document dates', () => {
  it('refuses an invoice dated before GST began or after today with a 400 naming the date; neither takes a number', async () => {
    for (const invoiceDate of ['2099-12-31', '2000-01-01', '2017-06-30', addDays(today, 1)]) {
      const res = await saleOn(a, invoiceDate);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'invoiceDate' });
      expect(res.json().message).toContain(invoiceDate);
    }
    const first = await saleOn(a, '2017-07-01');
    expect(first.statusCode).toBe(201);
    expect(first.json().data.invoiceNumber).toBe('MB/17-18/1');
  });

  it('takes invoices dated ahead only as far as the business allows (document-settings, default 0)', async () => {
    expect((await get(h.app, '/api/store-branch/document-settings', a.cookie)).json().data).toEqual({ futureDatedDays: 0 });
    const tooFar = await write(h.app, 'PUT', '/api/store-branch/document-settings', { futureDatedDays: 400 }, { cookie: a.cookie });
    expect(tooFar.statusCode).toBe(400);
    await setFutureDays(a, 5);
    expect((await get(h.app, '/api/store-branch/document-settings', a.cookie)).json().data).toEqual({ futureDatedDays: 5 });
    expect((await saleOn(a, addDays(today, 5))).statusCode).toBe(201);
    expect((await saleOn(a, addDays(today, 6))).json()).toMatchObject({ success: false, field: 'invoiceDate' });
    // Another business keeps its own setting.
    expect((await get(h.app, '/api/store-branch/document-settings', b.cookie)).json().data).toEqual({ futureDatedDays: 0 });
    await setFutureDays(a, 0);
  });

  it('lets a quotation be dated up to 90 days ahead, never before GST began', async () => {
    const line = [{ itemId: serviceId, quantity: 1 }];
    expect((await f.quote(a, { quotationDate: addDays(today, 90), lines: line })).statusCode).toBe(201);
    for (const quotationDate of [addDays(today, 91), '2016-12-31']) {
      const res = await f.quote(a, { quotationDate, lines: line });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, field: 'quotationDate' });
    }
  });

  it('refuses a purchase bill, an expense, a transfer and an adjustment dated after today', async () => {
    const supplier = await f.party(a, { name: 'Date Supplier', partyType: 'SUPPLIER' });
    const tomorrow = addDays(today, 1);
    const bill = await post(a, '/api/purchase/create-purchase', {
      partyId: supplier.id,
      billNumber: 'D-1',
      billDate: tomorrow,
      lines: [{ itemId: serviceId, quantity: 1, unitPrice: '10' }],
    });
    expect(bill.statusCode).toBe(400);
    expect(bill.json()).toMatchObject({ field: 'billDate' });

    const categories: ExpenseCategory[] = (await get(h.app, '/api/expense/categories', a.cookie)).json().data;
    const expense = await post(a, '/api/expense/create-expense', { categoryId: categories[0].id, amount: '10', date: tomorrow, payment: { mode: 'CASH' } });
    expect(expense.statusCode).toBe(400);
    expect(expense.json()).toMatchObject({ field: 'date' });

    const [cash] = await f.accounts(a);
    const bank = await f.bank(a, 'Dates Bank');
    const transfer = await post(a, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: cash.id, amount: '10', date: tomorrow });
    expect(transfer.statusCode).toBe(400);
    expect(transfer.json()).toMatchObject({ field: 'date' });
    const adjust = await post(a, '/api/account/adjust', { accountId: bank.id, amount: '10', reason: 'Counted', date: '2017-06-30' });
    expect(adjust.statusCode).toBe(400);
    expect(adjust.json()).toMatchObject({ field: 'date' });
  });

  it('refuses an automated bill schedule starting before GST began', async () => {
    const customer = await f.party(a, { name: 'Schedule Customer' });
    const res = await post(a, '/api/automated-bill/create-schedule', {
      partyId: customer.id,
      lines: [{ itemId: serviceId, quantity: 1 }],
      // Yearly: few enough past bills that only the start date itself is wrong.
      frequency: { type: 'YEARLY', dayOfMonth: 1 },
      startDate: '2017-06-01',
      endDate: '2017-06-30',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'startDate' });
    expect(res.json().message).toContain('before GST began');
  });
});

describe('number series keyed by what is printed', () => {
  it('never gives two documents of one series the same number, even for years a century apart', async () => {
    const db = h.database.db;
    const ref = (date: string) => ({ kind: 'SALE' as const, prefix: 'MB', date, branchName: 'Main Branch' });
    const businessId = b.profile.user.business.id;
    const first = await db.transaction((tx) => takeNumber(tx, businessId, ref('2000-01-01')));
    const second = await db.transaction((tx) => takeNumber(tx, businessId, ref('2099-12-31')));
    expect([first.number, second.number]).toEqual(['MB/99-00/1', 'MB/99-00/2']);
  });
});

describe('payments are never dated before what they settle', () => {
  let invoice: SaleInvoice;
  let partyId: string;
  let before: string;

  beforeAll(async () => {
    const customer = await f.party(a, { name: 'Late Payer' });
    partyId = customer.id;
    invoice = await f.invoice(a, { partyId: customer.id, invoiceDate: addDays(today, -5), lines: [{ itemId: serviceId, quantity: 1 }] });
    before = addDays(today, -6);
  });

  it('refuses record-payment dated before the invoice with a 400 naming date', async () => {
    const res = await f.pay(a, invoice.id, { amount: '10', mode: 'CASH', date: before });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'date' });
    expect(res.json().message).toContain(invoice.invoiceNumber);
    expect((await f.pay(a, invoice.id, { amount: '10', mode: 'CASH', date: invoice.invoiceDate })).statusCode).toBe(201);
  });

  it('refuses a payment-in allocated to an invoice dated after it, and never settles a later invoice by itself', async () => {
    const asked = await post(a, '/api/payment/payment-in', {
      partyId,
      amount: '10',
      mode: 'CASH',
      date: before,
      allocations: [{ documentId: invoice.id, amount: '10' }],
    });
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ success: false, field: 'date' });

    const received = async () => (await f.getInvoice(a, invoice.id)).json().data.received;
    const was = await received();
    const auto = await post(a, '/api/payment/payment-in', { partyId, amount: '10', mode: 'CASH', date: before });
    expect(auto.statusCode).toBe(201);
    expect(auto.json().data.allocations).toEqual([]);
    expect(await received()).toBe(was);
  });
});

describe('lists of one date', () => {
  it('list documents of one date by number, newest first, whatever order they were saved in', async () => {
    const c = await signUp(h, { businessName: 'Rush Dates', stateCode: '27' });
    const bank = await f.bank(c, 'Rush Bank');
    const visit = (await f.item(c, { type: 'SERVICE', price: '50' })).id;
    const date = addDays(today, -2);
    const sell = () => f.invoice(c, { invoiceDate: date, lines: [{ itemId: visit, quantity: 1 }] });
    await Promise.all(Array.from({ length: 11 }, sell));
    // A save whose clock reads earlier still gets the next number: the list orders by the number.
    h.clock.advance(-60_000);
    await sell();
    h.clock.advance(60_000);
    const listed: SaleInvoice[] = (await f.invoices(c, `?from=${date}&to=${date}`)).json().data;
    const running = listed.map((x) => Number(x.invoiceNumber.split('/').at(-1)));
    expect(running).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);

    const categories: ExpenseCategory[] = (await get(h.app, '/api/expense/categories', c.cookie)).json().data;
    const spend = () => post(c, '/api/expense/create-expense', { categoryId: categories[0].id, amount: '1', date, payment: { mode: 'UPI', accountId: bank.id } });
    await Promise.all(Array.from({ length: 3 }, spend));
    h.clock.advance(-60_000);
    await spend();
    h.clock.advance(60_000);
    const expenses = (await get(h.app, '/api/expense/expenses', c.cookie)).json().data as { expenseNumber: string }[];
    expect(expenses.map((x) => Number(x.expenseNumber.split('/').at(-1)))).toEqual([4, 3, 2, 1]);
  });
});

describe('balances of today', () => {
  it('leaves out of the cash balance shown today a receipt dated next month', async () => {
    const c = await signUp(h, { businessName: 'Future Cash', stateCode: '27' });
    await setFutureDays(c, 40);
    const party = await f.party(c, { name: 'Advance Payer' });
    const later = addDays(today, 31);
    const res = await post(c, '/api/payment/payment-in', { partyId: party.id, amount: '500', mode: 'CASH', date: later });
    expect(res.statusCode).toBe(201);
    expect(await f.cashBalance(c)).toBe('0.00');
    const summary = (await get(h.app, '/api/report/summary', c.cookie)).json().data;
    expect(summary.cashAndBank).toMatchObject({ cash: '0.00' });
    // Nor can it be paid out before it arrives, and the refusal says what is in hand today.
    const out = await post(c, '/api/payment/payment-out', { partyId: party.id, amount: '100', mode: 'CASH' });
    expect(out.statusCode).toBe(409);
    expect(out.json().message).toContain('Cash in hand has ₹0.00, so ₹100.00 cannot be paid from it');
    // The receipt is in the books, with the balance it makes on its own date.
    const moves = (await get(h.app, '/api/account/transactions', c.cookie)).json().data;
    expect(moves.map((m: { date: string; amount: string; runningBalance: string }) => [m.date, m.amount, m.runningBalance])).toEqual([[later, '500.00', '500.00']]);
  });
});
