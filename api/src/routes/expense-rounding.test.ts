import { toPaise } from '@bahi/shared/india';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

it('an expense with GST in its amount keeps, to the paisa, the money paid = taxable value + taxes, and its entry balances', async () => {
  const f = documentFixtures(h);
  const who = await signUp(h, { businessName: 'Rounding Rentals', stateCode: '27' });
  await f.accounts(who);
  const party = await f.party(who, { name: 'Kiran', state: '27' });
  expect((await write(h.app, 'POST', '/api/payment/payment-in', { partyId: party.id, amount: '1000.00', mode: 'CASH' }, { cookie: who.cookie })).statusCode).toBe(201);
  const rent = (await get(h.app, '/api/expense/categories', who.cookie)).json().data.find((c: { name: string }) => c.name === 'Rent').id;
  // 63.55 at 18 % inclusive: CGST and SGST of 4.85 each, rounded apart, would leave a taxable value of 53.86 and a
  // total of 63.56 — a paisa more than was paid.
  for (const amount of ['63.55', '185.08', '99.44']) {
    const res = await write(h.app, 'POST', '/api/expense/create-expense', { categoryId: rent, amount, payment: { mode: 'CASH' }, gst: { rate: '18', supplierGstin: '27AAPFU0939F1ZV' } }, { cookie: who.cookie });
    expect([amount, res.statusCode]).toEqual([amount, 201]);
    const e = res.json().data;
    expect(toPaise(e.taxableValue) + toPaise(e.cgst) + toPaise(e.sgst) + toPaise(e.igst)).toBe(toPaise(amount));
  }
  const tb = (await get(h.app, '/api/report/trial-balance', who.cookie)).json().data;
  expect(tb.totals.debit).toBe(tb.totals.credit);
});
