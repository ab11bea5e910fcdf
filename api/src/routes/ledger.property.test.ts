import type { Account, LedgerTree, Party, TrialBalance } from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * Random sequences of sales, purchases, expenses, payments, transfers, adjustments, cancels and journals; after
 * every step the books must hold: the trial balance balances, every party's balance is its sub-ledger, every cash
 * and bank balance is its ledger, and Stock in hand is the value of stock at cost (quantity × average cost, summed
 * over items and branches). A step the API refuses (not enough stock or cash) leaves them as they were.
 */

let h: Harness;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const amount = (min: number, max: number) => fc.integer({ min: min * 100, max: max * 100 }).map((p) => (p / 100).toFixed(2));

const Step = fc.oneof(
  fc.record({ kind: fc.constant('purchase' as const), item: fc.nat(1), quantity: fc.integer({ min: 1, max: 6 }), price: amount(50, 900), rcm: fc.boolean() }),
  fc.record({ kind: fc.constant('sale' as const), item: fc.nat(1), quantity: fc.integer({ min: 1, max: 3 }), party: fc.nat(2), paid: fc.constantFrom(0, 0.5, 1) }),
  fc.record({ kind: fc.constant('expense' as const), amount: amount(1, 300), gst: fc.boolean() }),
  fc.record({ kind: fc.constant('paymentIn' as const), party: fc.nat(1), amount: amount(1, 2000) }),
  fc.record({ kind: fc.constant('paymentOut' as const), amount: amount(1, 500) }),
  fc.record({ kind: fc.constant('transfer' as const), toBank: fc.boolean(), amount: amount(1, 500) }),
  fc.record({ kind: fc.constant('adjust' as const), amount: fc.integer({ min: -20000, max: 20000 }).filter((p) => p !== 0).map((p) => (p / 100).toFixed(2)) }),
  fc.record({ kind: fc.constant('cancelSale' as const) }),
  fc.record({ kind: fc.constant('cancelPurchase' as const) }),
  fc.record({ kind: fc.constant('journal' as const), amount: amount(1, 1000) }),
  fc.record({ kind: fc.constant('stock' as const), item: fc.nat(1), add: fc.boolean(), quantity: fc.integer({ min: 1, max: 3 }) }),
);
type Step = typeof Step extends fc.Arbitrary<infer T> ? T : never;

interface World {
  who: SignedUp;
  items: string[];
  customers: Party[];
  supplier: Party;
  cash: Account;
  bank: Account;
  ledgers: { rent: string; loan: string; capital: string };
  sales: string[];
  purchases: string[];
  bills: number;
}

async function setUp(n: number): Promise<World> {
  const who = await signUp(h, { businessName: `Books ${n}`, stateCode: '27' });
  const items = [
    (await f.item(who, { name: 'Fan', price: '1500', rate: 'gst-18', purchasePrice: '800', stock: 2 })).id,
    (await f.item(who, { name: 'Rice', price: '60', rate: 'gst-5', unit: 'KGS' })).id,
  ];
  const customers = [await f.party(who, { name: 'Kiran', state: '27', openingBalance: '500' }), await f.party(who, { name: 'Meera', state: '29' })];
  const supplier = await f.party(who, { name: 'Wholesale', state: '27', partyType: 'SUPPLIER', openingBalance: '-300' });
  const bank = await f.bank(who);
  const accounts = await f.accounts(who);
  const tree: LedgerTree = (await get(h.app, '/api/ledger/accounts', who.cookie)).json().data;
  const find = (code: string) => tree.groups.flatMap((g) => g.ledgers).find((l) => l.code === code)!.id;
  const loan = (await write(h.app, 'POST', '/api/ledger/create-account', { name: 'Loan', group: 'LOANS', openingBalance: '-1000' }, { cookie: who.cookie })).json().data.id;
  const rent = tree.groups.flatMap((g) => g.ledgers).find((l) => l.name === 'Rent')!.id;
  return { who, items, customers, supplier, cash: accounts.find((a) => a.type === 'CASH')!, bank, ledgers: { rent, loan, capital: find('OWNER_CAPITAL') }, sales: [], purchases: [], bills: 0 };
}

/** The last answer of the API, for the message of a failure. */
let lastAnswer = '';

async function apply(w: World, s: Step): Promise<number> {
  const post = async (url: string, body: object, method: 'POST' | 'PUT' = 'POST') => {
    const res = await write(h.app, method, url, body, { cookie: w.who.cookie });
    lastAnswer = `${url} ${res.body}`;
    return res;
  };
  switch (s.kind) {
    case 'purchase': {
      const res = await post('/api/purchase/create-purchase', {
        partyId: w.supplier.id,
        billNumber: `B-${++w.bills}`,
        reverseCharge: s.rcm,
        lines: [{ itemId: w.items[s.item], quantity: s.quantity, unitPrice: s.price }],
      });
      if (res.statusCode === 201) w.purchases.push(res.json().data.id);
      return res.statusCode;
    }
    case 'sale': {
      const party = s.party < 2 ? { partyId: w.customers[s.party].id } : {};
      const first = await post('/api/sale/create-sale', { ...party, lines: [{ itemId: w.items[s.item], quantity: s.quantity }] });
      if (first.statusCode !== 201) return first.statusCode;
      w.sales.push(first.json().data.id);
      const total = toPaise(first.json().data.totals.grandTotal);
      const pay = Math.floor(total * s.paid);
      if (pay > 0) return (await post(`/api/sale/record-payment/${first.json().data.id}`, { amount: (pay / 100).toFixed(2), mode: 'CASH' })).statusCode;
      return 201;
    }
    case 'expense':
      return (
        await post('/api/expense/create-expense', {
          categoryId: (await get(h.app, '/api/expense/categories', w.who.cookie)).json().data.find((c: { name: string }) => c.name === 'Rent').id,
          amount: s.amount,
          payment: { mode: 'CASH' },
          ...(s.gst ? { gst: { rate: '18', supplierGstin: '27AAPFU0939F1ZV' } } : {}),
        })
      ).statusCode;
    case 'paymentIn':
      return (await post('/api/payment/payment-in', { partyId: w.customers[s.party].id, amount: s.amount, mode: 'CASH' })).statusCode;
    case 'paymentOut':
      return (await post('/api/payment/payment-out', { partyId: w.supplier.id, amount: s.amount, mode: 'CASH' })).statusCode;
    case 'transfer':
      return (
        await post('/api/account/transfer', {
          fromAccountId: s.toBank ? w.cash.id : w.bank.id,
          toAccountId: s.toBank ? w.bank.id : w.cash.id,
          amount: s.amount,
        })
      ).statusCode;
    case 'adjust':
      return (await post('/api/account/adjust', { accountId: w.bank.id, amount: s.amount, reason: 'Reconciled' })).statusCode;
    case 'cancelSale': {
      const id = w.sales.pop();
      return id ? (await post(`/api/sale/cancel-sale/${id}`, { reason: 'Returned' })).statusCode : 0;
    }
    case 'cancelPurchase': {
      const id = w.purchases.pop();
      return id ? (await post(`/api/purchase/cancel-purchase/${id}`, { reason: 'Entered twice' })).statusCode : 0;
    }
    case 'journal':
      return (
        await post('/api/ledger/create-journal', {
          narration: 'Rent paid by the owner',
          lines: [
            { accountId: w.ledgers.rent, debit: s.amount },
            { accountId: w.ledgers.capital, credit: s.amount },
          ],
        })
      ).statusCode;
    case 'stock':
      return (
        await post('/api/item/update-item-stock', {
          itemId: w.items[s.item],
          type: s.add ? 'ADD' : 'REDUCE',
          quantity: s.quantity,
          date: new Date().toISOString().slice(0, 10),
          reason: 'Counted',
        }, 'PUT')
      ).statusCode;
  }
}

async function checkBooks(w: World) {
  const businessId = w.who.profile.user.business.id;
  const tb: TrialBalance = (await get(h.app, '/api/report/trial-balance?from=2000-04-01', w.who.cookie)).json().data;
  expect(tb.totals.debit).toBe(tb.totals.credit);
  expect(tb.rows.reduce((s, r) => s + toPaise(r.closing), 0)).toBe(0);

  const partyLines = await selectRows<{ party_id: string; balance: string }>(
    h.database.db,
    sql`select party_id, sum(debit - credit)::numeric(14,2)::text as balance from journal_lines
        where business_id = ${businessId} and party_id is not null group by party_id`,
  );
  for (const party of [...w.customers, w.supplier]) {
    const shown: Party = (await get(h.app, `/api/party/get-party/${party.id}`, w.who.cookie)).json().data;
    expect([party.name, partyLines.find((p) => p.party_id === party.id)?.balance ?? '0.00']).toEqual([party.name, shown.balance]);
  }

  const tree: LedgerTree = (await get(h.app, '/api/ledger/accounts', w.who.cookie)).json().data;
  const ledgers = tree.groups.flatMap((g) => g.ledgers);
  for (const account of await f.accounts(w.who)) {
    expect([account.displayName, ledgers.find((l) => l.cashAccountId === account.id)!.balance]).toEqual([account.displayName, account.balance]);
  }

  const [stock] = await selectRows<{ value: string; negative: number }>(
    h.database.db,
    sql`select coalesce(sum(value), 0)::numeric(14,2)::text as value, count(*) filter (where value < 0 or (quantity <= 0 and value <> 0))::int as negative
        from stock_costs where business_id = ${businessId}`,
  );
  expect(ledgers.find((l) => l.code === 'STOCK')!.balance).toBe(stock.value);
  expect(stock.negative).toBe(0);
}

it(
  'keeps the books whatever documents come in whatever order',
  async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(Step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const w = await setUp(++run);
        await checkBooks(w);
        for (const step of steps) {
          const status = await apply(w, step);
          // Refusals a user can meet (409: not enough stock or cash; 400 none here) leave the books as they were.
          if (![0, 200, 201, 409].includes(status)) throw new Error(`${step.kind} answered ${status}: ${lastAnswer}`);
          await checkBooks(w);
        }
      }),
      // CI replays one fixed set of sequences, so a run there never fails by the luck of the draw; elsewhere each run
      // draws new ones (FC_SEED replays a failure fast-check reported).
      { numRuns: 6, endOnFailure: true, seed: process.env.FC_SEED ? Number(process.env.FC_SEED) : process.env.CI ? 20261128 : undefined },
    );
  },
  SETUP_TIMEOUT_MS * 2,
);
