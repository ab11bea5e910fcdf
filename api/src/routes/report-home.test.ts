import type { HomeFigures } from '@bahi/shared/contracts';
import { addDays, indiaToday } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
let a: SignedUp;
let b: SignedUp;
let today: string;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
  today = indiaToday(h.clock.now());
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const home = async (who: SignedUp, query = ''): Promise<HomeFigures> => {
  const res = await get(h.app, `/api/report/home${query}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('GET report/home', () => {
  it('starts at zero for a new business, with 30 days for the chart ending today', async () => {
    const figures = await home(b);
    expect(figures).toMatchObject({
      date: today,
      branchId: null,
      salesToday: '0.00',
      purchasesToday: '0.00',
      toReceive: '0.00',
      toPay: '0.00',
      cashAndBank: '0.00',
      overdue: { invoices: 0, amount: '0.00' },
      lowStockItems: 0,
    });
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0].date).toBe(addDays(today, -29));
    expect(figures.days[29]).toEqual({ date: today, sales: '0.00', received: '0.00' });
  });

  it("shows today's sales and purchases, what is owed each way, cash, overdue invoices and low stock, by branch", async () => {
    const pen = await f.item(a, { name: 'Pen', price: '100', rate: 'gst-0', stock: 20 });
    const customer = await f.party(a, { name: 'Mumbai Mart', state: '27' });
    const supplier = await f.party(a, { name: 'Paper Co', state: '27', partyType: 'SUPPLIER' });
    const pune = await f.branch(a, 'Pune', { stateCode: '27', invoicePrefix: 'PUN' });
    // Today: ₹300 sold on credit and ₹200 for cash at the main branch; ₹100 at Pune.
    await f.invoice(a, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 3 }] });
    await f.invoice(a, { lines: [{ itemId: pen.id, quantity: 2 }], payment: { amount: '200', mode: 'CASH' } });
    // Ten days ago, due five days ago, ₹150 of ₹500 paid: overdue with ₹350 left.
    const old = await f.invoice(a, {
      partyId: customer.id,
      invoiceDate: addDays(today, -10),
      dueDate: addDays(today, -5),
      lines: [{ itemId: pen.id, quantity: 5 }],
      payment: { amount: '150', mode: 'CASH' },
    });
    expect(old.status).toBe('PARTIAL');
    const cancelled = await f.invoice(a, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    expect((await f.cancel(a, cancelled.id)).statusCode).toBe(200);
    const bought = await write(
      h.app,
      'POST',
      '/api/purchase/create-purchase',
      { partyId: supplier.id, billNumber: 'PC-1', lines: [{ itemId: pen.id, quantity: 4, unitPrice: '60' }] },
      { cookie: a.cookie },
    );
    expect(bought.statusCode).toBe(201);
    await h.database.db.execute(sql`update items set is_alert_enabled = true, alert_quantity = 15 where id = ${pen.id}`);

    const all = await home(a);
    expect(all).toMatchObject({
      salesToday: '500.00',
      purchasesToday: '240.00',
      // 300 + 350 owed by Mumbai Mart; 240 owed to Paper Co.
      toReceive: '650.00',
      toPay: '240.00',
      cashAndBank: '350.00',
      overdue: { invoices: 1, amount: '350.00' },
    });
    // Main branch: 20 − 3 − 2 − 5 + 4 = 14 ≤ 15 (the cancelled sale's unit came back); Pune holds none.
    expect(all.lowStockItems).toBe(2);
    expect(all.days.find((d) => d.date === addDays(today, -10))).toEqual({ date: addDays(today, -10), sales: '500.00', received: '150.00' });
    expect(all.days[29]).toEqual({ date: today, sales: '500.00', received: '200.00' });

    const atPune = await home(a, `?branchId=${pune.id}`);
    expect(atPune).toMatchObject({ branchId: pune.id, salesToday: '0.00', purchasesToday: '0.00', overdue: { invoices: 0, amount: '0.00' }, lowStockItems: 1 });
    // What is owed and cash are the business's, whichever branch is shown.
    expect(atPune).toMatchObject({ toReceive: '650.00', toPay: '240.00', cashAndBank: '350.00' });
  });

  it("never shows another business's figures, and answers a malformed branch with nothing", async () => {
    expect((await home(b)).salesToday).toBe('0.00');
    expect((await home(b, '?branchId=not-a-branch')).salesToday).toBe('0.00');
    expect((await get(h.app, '/api/report/home')).statusCode).toBe(401);
  });
});
