import type { Account, SaleInvoice } from '@bahi/shared/contracts';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Concurrent money movements against one business. PGlite runs one query at a time on one connection, so these only
 * mean something on PostgreSQL (DATABASE_URL): without it the suite is reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = onPostgres ? describe : describe.skip;
const title = onPostgres ? 'concurrent cash movements on PostgreSQL' : 'concurrent cash movements (PostgreSQL only: skipped without DATABASE_URL)';

suite(title, () => {
  let h: Harness;
  let a: SignedUp;
  let f: ReturnType<typeof documentFixtures>;
  let cash: Account;
  let bank: Account;

  beforeAll(async () => {
    h = await createHarness();
    f = documentFixtures(h);
    a = await signUp(h, { businessName: 'Rush Traders', stateCode: '27' });
    cash = (await f.accounts(a))[0];
    bank = await f.bank(a);
  }, 120_000);
  afterAll(() => h?.close());

  const post = (url: string, body: object) => write(h.app, 'POST', url, body, { cookie: a.cookie });
  const cashLedger = async () =>
    (await get(h.app, `/api/account/transactions?accountId=${cash.id}&pageSize=200`, a.cookie)).json().data as { runningBalance: string }[];

  it('20 concurrent withdrawals of ₹150 from ₹1000 of cash: exactly 6 succeed, 14 answer 409, cash never below zero', async () => {
    expect((await post('/api/account/adjust', { accountId: cash.id, amount: '1000', reason: 'Float', date: '2026-04-01' })).statusCode).toBe(201);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => post('/api/account/transfer', { fromAccountId: cash.id, toAccountId: bank.id, amount: '150', date: '2026-05-01' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([...Array(6).fill(201), ...Array(14).fill(409)]);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().message).toMatch(/^Not enough cash: Cash in hand has ₹(1000|850|700|550|400|250|100)\.00, so ₹150\.00 cannot be paid from it\. Cash never goes below 0\.$/);
    }
    expect(await f.cashBalance(a)).toBe('100.00');
    expect((await f.accounts(a)).find((x) => x.id === bank.id)!.balance).toBe('900.00');
    expect((await cashLedger()).every((t) => Number(t.runningBalance) >= 0)).toBe(true);
  });

  it('expenses, payments out and adjustments racing for the same cash never take it below zero', async () => {
    const categories = (await get(h.app, '/api/expense/categories', a.cookie)).json().data as { id: string; name: string }[];
    const rent = categories.find((c) => c.name === 'Rent')!.id;
    const supplier = await f.party(a, { name: 'Racing Supplier' });
    const calls = Array.from({ length: 21 }, (_, i) =>
      i % 3 === 0
        ? post('/api/expense/create-expense', { categoryId: rent, amount: '30', date: '2026-05-02', payment: { mode: 'CASH' } })
        : i % 3 === 1
          ? post('/api/payment/payment-out', { partyId: supplier.id, amount: '30', mode: 'CASH', date: '2026-05-02' })
          : post('/api/account/adjust', { accountId: cash.id, amount: '-30', reason: 'Shortage', date: '2026-05-02' }),
    );
    const results = await Promise.all(calls);
    // ₹100 of cash: three of ₹30 fit.
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(18);
    expect(await f.cashBalance(a)).toBe('10.00');
    expect((await cashLedger()).every((t) => Number(t.runningBalance) >= 0)).toBe(true);
  });

  it('10 concurrent payments in of ₹200 against one ₹1180 invoice settle it exactly once; the rest are advances', async () => {
    const service = await f.item(a, { type: 'SERVICE', price: '1000' });
    const party = await f.party(a, { name: 'Racing Customer' });
    const invoice: SaleInvoice = await f.invoice(a, { partyId: party.id, lines: [{ itemId: service.id, quantity: 1 }] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => post('/api/payment/payment-in', { partyId: party.id, amount: '200', mode: 'UPI', accountId: bank.id })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const allocated = results.reduce((sum, r) => sum + Math.round(Number(r.json().data.allocated) * 100), 0);
    expect(allocated).toBe(118000);
    const after = (await f.getInvoice(a, invoice.id)).json().data as SaleInvoice;
    expect(after).toMatchObject({ status: 'PAID', received: '1180.00', balance: '0.00' });
    expect((await get(h.app, `/api/party/get-party/${party.id}`, a.cookie)).json().data.balance).toBe('-820.00');
  });

  it('concurrent payments in with and without allocations over three invoices of one party: no deadlock, none over-settled', async () => {
    const service = await f.item(a, { type: 'SERVICE', price: '1000' });
    const party = await f.party(a, { name: 'Busy Customer' });
    const invoices: SaleInvoice[] = [];
    for (const date of ['2026-05-01', '2026-05-02', '2026-05-03']) {
      invoices.push(await f.invoice(a, { partyId: party.id, invoiceDate: date, lines: [{ itemId: service.id, quantity: 1 }] }));
    }
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        post('/api/payment/payment-in', {
          partyId: party.id,
          amount: '300',
          mode: 'UPI',
          accountId: bank.id,
          // Every third names the newest invoices in reverse order; the rest settle oldest first.
          ...(i % 3 === 0 ? { allocations: [{ documentId: invoices[2].id, amount: '100' }, { documentId: invoices[1].id, amount: '100' }] } : {}),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    // A named invoice already settled answers 400 (more than its due); nothing else fails.
    expect(codes.every((c) => c === 201 || c === 400)).toBe(true);
    const received = await Promise.all(invoices.map(async (x) => ((await f.getInvoice(a, x.id)).json().data as SaleInvoice).received));
    expect(received.every((r) => Number(r) <= 1180)).toBe(true);
    const paidIn = results.filter((r) => r.statusCode === 201).length * 300;
    const settled = received.reduce((sum, r) => sum + Number(r), 0);
    const advances = results.filter((r) => r.statusCode === 201).reduce((sum, r) => sum + Number(r.json().data.advance), 0);
    expect(settled + advances).toBeCloseTo(paidIn, 2);
    expect((await get(h.app, `/api/party/get-party/${party.id}`, a.cookie)).json().data.balance).toBe((3540 - paidIn).toFixed(2));
  });
});
