import type { PurchaseInvoice } from '@bahi/shared/contracts';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Concurrent purchases of one business. PGlite runs one query at a time on one connection, so these only mean
 * something on PostgreSQL (DATABASE_URL): without it the suite is reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = onPostgres ? describe : describe.skip;
const title = onPostgres ? 'concurrent purchases on PostgreSQL' : 'concurrent purchases (PostgreSQL only: skipped without DATABASE_URL)';

suite(title, () => {
  let h: Harness;
  let a: SignedUp;
  let f: ReturnType<typeof documentFixtures>;

  beforeAll(async () => {
    h = await createHarness();
    f = documentFixtures(h);
    a = await signUp(h, { businessName: 'Rush Buyers', stateCode: '27' });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => h?.close());

  const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
  const buy = (body: object) => write(h.app, 'POST', '/api/purchase/create-purchase', body, { cookie: a.cookie });

  it('gives 10 concurrent creates on one branch 10 distinct consecutive reference numbers, and the stock of all 10', async () => {
    const supplier = await f.party(a, { state: '27', partyType: 'SUPPLIER' });
    const branch = await f.branch(a, 'Rush Godown', { stateCode: '27' });
    const box = await f.item(a, { name: 'Carton', price: '20' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        buy({ partyId: supplier.id, billNumber: `R-${i + 1}`, branchId: branch.id, billDate: '2026-06-01', lines: [line(box.id, { unitPrice: '10' })] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const numbers = results.map((r) => (r.json().data as PurchaseInvoice).referenceNumber);
    expect(new Set(numbers).size).toBe(10);
    const running = numbers.map((n) => Number(n.split('/').at(-1))).sort((x, y) => x - y);
    expect(running).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(numbers.every((n) => /^PUR\/26-27\/\d+$/.test(n))).toBe(true);
  });

  it('enters a supplier’s bill once when it is sent 5 times at once: one 201, four 409s', async () => {
    const supplier = await f.party(a, { state: '27', partyType: 'SUPPLIER', name: 'Twin Supplier' });
    const pen = await f.item(a, { price: '10' });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => buy({ partyId: supplier.id, billNumber: 'TWIN-1', lines: [line(pen.id, { unitPrice: '5' })] })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await f.stockOf(a, pen.id)).toBe(1);
  });

  it('never takes cash below 0 when 20 bills are paid in cash at once', async () => {
    const c = await signUp(h, { businessName: 'Thin Cash', stateCode: '27' });
    const supplier = await f.party(c, { state: '27', partyType: 'SUPPLIER' });
    const visit = await f.item(c, { type: 'SERVICE', price: '100', rate: 'gst-0' });
    // ₹1,000 of cash from a sale; 20 bills of ₹100 each.
    await f.invoice(c, { lines: [line(visit.id, { unitPrice: '1000' })], payment: { amount: '1000', mode: 'CASH' } });
    const bills: PurchaseInvoice[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await write(h.app, 'POST', '/api/purchase/create-purchase', { partyId: supplier.id, billNumber: `C-${i}`, lines: [line(visit.id, { unitPrice: '100' })] }, { cookie: c.cookie });
      bills.push(res.json().data);
    }
    const results = await Promise.all(
      bills.map((bill) => write(h.app, 'POST', `/api/purchase/record-payment/${bill.id}`, { amount: '100', mode: 'CASH' }, { cookie: c.cookie })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
    expect(await f.cashBalance(c)).toBe('0.00');
  });
});
