import type { Account, PaymentListResponse } from '@bahi/shared/contracts';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/* GET payment/payments: the purchases list's "Payments out" tab (and its mirror for money received). */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let bank: Account;
let serviceId: string;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '27' });
  bank = await f.bank(a);
  serviceId = (await f.item(a, { type: 'SERVICE', price: '1000' })).id;
  const cash = (await f.accounts(a))[0];
  await write(h.app, 'POST', '/api/account/adjust', { accountId: cash.id, amount: '5000', reason: 'Till float', date: '2026-04-01' }, { cookie: a.cookie });
}, 180_000);
afterAll(() => h?.close());

const ok = async (res: { statusCode: number; body: string; json: () => unknown }, status = 201) => {
  if (res.statusCode !== status) throw new Error(`answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { data: Record<string, unknown> }).data;
};
let billSeq = 0;
/** A bill for the ₹1000 + 18 % service: ₹1180.00, maybe paid in part at once. */
const bill = async (supplierId: string, billDate: string, payment?: object) =>
  (await ok(
    await write(
      h.app,
      'POST',
      '/api/purchase/create-purchase',
      {
        partyId: supplierId,
        billNumber: `LIST-${++billSeq}`,
        billDate,
        lines: [{ itemId: serviceId, quantity: 1, unitPrice: '1000', priceIncludesTax: false }],
        ...(payment ? { payment } : {}),
      },
      { cookie: a.cookie },
    ),
  )) as { id: string; referenceNumber: string };
const list = async (who: SignedUp, query: string) => get(h.app, `/api/payment/payments?${query}`, who.cookie);
const listed = async (query: string): Promise<PaymentListResponse> => {
  const res = await list(a, query);
  if (res.statusCode !== 200) throw new Error(`payments answered ${res.statusCode}: ${res.body}`);
  return res.json();
};

describe('payment/payments', () => {
  it('lists every payment to a supplier — with a bill, against one, payment-out — with the bills settled and the advance left', async () => {
    const s = await f.party(a, { name: 'List Supplier', partyType: 'SUPPLIER' });
    const first = await bill(s.id, '2026-07-01', { amount: '500', mode: 'UPI', accountId: bank.id });
    const second = await bill(s.id, '2026-07-02');
    const against = await ok(
      await write(h.app, 'POST', `/api/purchase/record-payment/${second.id}`, { amount: '180', mode: 'CASH', date: '2026-07-03' }, { cookie: a.cookie }),
    );
    expect(against).toMatchObject({ paid: '180.00' });
    const out = await ok(
      await write(
        h.app,
        'POST',
        '/api/payment/payment-out',
        { partyId: s.id, amount: '2000', mode: 'BANK_TRANSFER', accountId: bank.id, date: '2026-07-05', reference: 'NEFT-9' },
        { cookie: a.cookie },
      ),
    );
    expect(out).toMatchObject({ allocated: '1680.00', advance: '320.00' });

    const page = await listed(`direction=OUT&partyId=${s.id}`);
    expect(page.data.map((p) => [p.date, p.type, p.amount, p.mode, p.accountName, p.partyName, p.advance, p.reversed])).toEqual([
      ['2026-07-05', 'PAYMENT_OUT', '2000.00', 'BANK_TRANSFER', 'HDFC Current', 'List Supplier', '320.00', false],
      ['2026-07-03', 'PURCHASE_PAYMENT', '180.00', 'CASH', 'Cash in hand', 'List Supplier', '0.00', false],
      ['2026-07-01', 'PURCHASE_PAYMENT', '500.00', 'UPI', 'HDFC Current', 'List Supplier', '0.00', false],
    ]);
    expect(page.data[0]).toMatchObject({ reference: 'NEFT-9', direction: 'OUT' });
    expect(page.data.map((p) => p.allocations.map((x) => [x.documentNumber, x.amount, x.documentId]))).toEqual([
      [
        [first.referenceNumber, '680.00', first.id],
        [second.referenceNumber, '1000.00', second.id],
      ],
      [[second.referenceNumber, '180.00', second.id]],
      [[first.referenceNumber, '500.00', first.id]],
    ]);
    expect(page.meta).toEqual({ total: 3, page: 1, pageSize: 20, sums: { amount: '2680.00', advance: '320.00' } });

    // Period and paging.
    const period = await listed(`direction=OUT&partyId=${s.id}&from=2026-07-02&to=2026-07-04`);
    expect(period.data.map((p) => p.amount)).toEqual(['180.00']);
    expect(period.meta.sums).toEqual({ amount: '180.00', advance: '0.00' });
    const second2 = await listed(`direction=OUT&partyId=${s.id}&page=2&pageSize=2`);
    expect([second2.data.map((p) => p.amount), second2.meta.total]).toEqual([['500.00'], 3]);
    // Money received is the other direction.
    expect((await listed(`direction=IN&partyId=${s.id}`)).meta.total).toBe(0);
  });

  it('a cancelled bill: its payment is reversed and out of the sums; a payment-out share of it becomes advance again', async () => {
    const s = await f.party(a, { name: 'Cancel Supplier', partyType: 'SUPPLIER' });
    const paidAtOnce = await bill(s.id, '2026-08-01', { amount: '1180', mode: 'UPI', accountId: bank.id });
    const open = await bill(s.id, '2026-08-02');
    await ok(
      await write(h.app, 'POST', '/api/payment/payment-out', { partyId: s.id, amount: '1200', mode: 'UPI', accountId: bank.id, date: '2026-08-03' }, { cookie: a.cookie }),
    );
    expect((await listed(`direction=OUT&partyId=${s.id}`)).meta.sums).toEqual({ amount: '2380.00', advance: '20.00' });
    for (const id of [paidAtOnce.id, open.id]) {
      await ok(await write(h.app, 'POST', `/api/purchase/cancel-purchase/${id}`, { reason: 'Wrong supplier' }, { cookie: a.cookie }), 200);
    }
    const page = await listed(`direction=OUT&partyId=${s.id}`);
    expect(page.data.map((p) => [p.type, p.amount, p.reversed, p.advance, p.allocations.map((x) => [x.documentNumber, x.cancelled])])).toEqual([
      ['PAYMENT_OUT', '1200.00', false, '1200.00', [[open.referenceNumber, true]]],
      ['PURCHASE_PAYMENT', '1180.00', true, '0.00', [[paidAtOnce.referenceNumber, true]]],
    ]);
    expect(page.meta.sums).toEqual({ amount: '1200.00', advance: '1200.00' });
    // The supplier's balance says the same: ₹1200 paid ahead.
    expect((await get(h.app, `/api/party/get-party/${s.id}`, a.cookie)).json().data.balance).toBe('1200.00');
  });

  it('answers bad filters with 400 naming the field, an unknown account with 404', async () => {
    const cases: [string, number, string | undefined][] = [
      ['', 400, 'direction'],
      ['direction=SIDEWAYS', 400, 'direction'],
      ['direction=OUT&from=2026-07-10&to=2026-07-01', 400, 'to'],
      ['direction=OUT&pageSize=101', 400, 'pageSize'],
      ['direction=OUT&accountId=00000000-0000-4000-8000-000000000000', 404, undefined],
    ];
    for (const [query, status, field] of cases) {
      const res = await list(a, query);
      expect([query, res.statusCode, res.json().field]).toEqual([query, status, field]);
    }
    expect((await listed('direction=OUT&partyId=not-a-uuid')).meta.total).toBe(0);
  });
});

describe('tenant isolation', () => {
  it('another business sees none of the payments; its filter on our party or account finds nothing or 404', async () => {
    const s = await f.party(a, { name: 'Private Supplier', partyType: 'SUPPLIER' });
    await bill(s.id, '2026-09-01', { amount: '100', mode: 'UPI', accountId: bank.id });
    expect((await listed(`direction=OUT&partyId=${s.id}`)).meta.total).toBe(1);
    const theirs = await list(b, 'direction=OUT');
    expect([theirs.statusCode, theirs.json().meta.total, theirs.json().meta.sums.amount]).toEqual([200, 0, '0.00']);
    expect((await list(b, `direction=OUT&partyId=${s.id}`)).json().meta.total).toBe(0);
    expect((await list(b, `direction=OUT&accountId=${bank.id}`)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await get(h.app, '/api/payment/payments?direction=OUT')).statusCode).toBe(401);
  });
});
