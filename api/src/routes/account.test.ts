import fs from 'node:fs';
import path from 'node:path';
import type { Account } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../db/client';
import { documentFixtures } from '../test/documents';
import { createHarness, get, logIn, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;

beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Alpha Traders' });
  b = await signUp(h, { businessName: 'Beta Stores' });
}, 120_000);
afterAll(() => h.close());

const accountsOf = async (who: SignedUp) => {
  const res = await get(h.app, '/api/account/bank-accounts', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data as Account[];
};
const addBank = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/account/add-bank-account', body, {
    cookie: who.cookie,
    headers: key ? { 'idempotency-key': key } : {},
  });

const hdfc = { displayName: 'HDFC Current', bankName: 'HDFC Bank', accountNumber: '5010 0123 4567 89', ifsc: 'hdfc0001234' };

describe('Cash in hand', () => {
  it('is made at sign-up with a balance of 0.00, as the only account', async () => {
    const list = await accountsOf(b);
    expect(list).toEqual([
      expect.objectContaining({ type: 'CASH', displayName: 'Cash in hand', openingBalance: '0.00', balance: '0.00', accountNumber: null }),
    ]);
  });

  it('is made by the migration for a business that existed before accounts (which also puts serials at a branch)', async () => {
    const old = await signUp(h, { businessName: 'Old Shop', stateCode: '27' });
    const businessId = old.profile.user.business.id;
    await h.database.db.execute(sql`delete from accounts where business_id = ${businessId}`);
    expect(await accountsOf(old)).toEqual([]);
    const f = documentFixtures(h);
    const phone = await f.item(old, { name: 'Old Phone', price: '5000', stock: 1, serials: ['OLD-1'] });
    await h.database.db.execute(sql`update item_serial_numbers set branch_id = null where business_id = ${businessId}`);
    const sell = { lines: [{ itemId: phone.id, quantity: 1, serialNos: ['OLD-1'] }] };
    expect((await f.sale(old, sell)).statusCode).toBe(409);

    const migration = fs.readFileSync(
      path.join(MIGRATIONS_FOLDER, fs.readdirSync(MIGRATIONS_FOLDER).find((f) => f.endsWith('_cash_accounts_serial_branches.sql'))!),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await h.database.db.execute(sql.raw(statement));

    expect((await accountsOf(old)).map((x) => [x.type, x.displayName, x.balance])).toEqual([['CASH', 'Cash in hand', '0.00']]);
    expect((await f.sale(old, sell)).statusCode).toBe(201);
    // Businesses that had one keep exactly one.
    expect((await accountsOf(b)).filter((x) => x.type === 'CASH')).toHaveLength(1);
  });
});

describe('add-bank-account', () => {
  it('adds a bank account: number masked, IFSC upper-cased, balance = opening balance; listed after cash', async () => {
    const res = await addBank(a, { ...hdfc, upiId: 'Alpha@HDFCBank', openingBalance: '25,000.5', asOfDate: '2026-04-01' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({
      id: expect.any(String),
      type: 'BANK',
      displayName: 'HDFC Current',
      bankName: 'HDFC Bank',
      accountNumber: 'XXXX6789',
      ifsc: 'HDFC0001234',
      upiId: 'alpha@hdfcbank',
      openingBalance: '25000.50',
      asOfDate: '2026-04-01',
      balance: '25000.50',
      createdAt: expect.any(String),
    });
    expect(JSON.stringify(await accountsOf(a))).not.toContain('50100123456789');
    expect((await accountsOf(a)).map((x) => x.displayName)).toEqual(['Cash in hand', 'HDFC Current']);
  });

  it('takes a negative opening balance (an overdraft) and defaults the as-of date to today', async () => {
    const res = await addBank(a, { ...hdfc, displayName: 'SBI OD', accountNumber: '123456789', ifsc: 'SBIN0001234', openingBalance: -1500 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ openingBalance: '-1500.00', balance: '-1500.00', asOfDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('refuses bad input naming the field', async () => {
    const cases: [object, string, RegExp][] = [
      [{ ...hdfc, displayName: 'X1', ifsc: 'HDFC1001234' }, 'ifsc', /IFSC must be 4 letters, a 0/],
      [{ ...hdfc, displayName: 'X2', ifsc: 'HDF0001234' }, 'ifsc', /IFSC/],
      [{ ...hdfc, displayName: 'X3', accountNumber: '1234' }, 'accountNumber', /9 to 18 digits/],
      [{ ...hdfc, displayName: 'X4', accountNumber: '12345678AB' }, 'accountNumber', /9 to 18 digits/],
      [{ ...hdfc, displayName: 'X5', asOfDate: '2025-02-30' }, 'asOfDate', /real date/],
      [{ ...hdfc, displayName: 'X6', openingBalance: 1e15 }, 'openingBalance', /at most/],
      [{ ...hdfc, displayName: 'X7', upiId: 'no-at-sign' }, 'upiId', /name@bank/],
      [{ ...hdfc, displayName: '' }, 'displayName', /required/],
    ];
    for (const [body, field, message] of cases) {
      const res = await addBank(a, body);
      expect([res.statusCode, res.json().field]).toEqual([400, field]);
      expect(res.json().message).toMatch(message);
    }
    expect((await accountsOf(a)).map((x) => x.displayName)).not.toContain('X1');
  });

  it('refuses a second account of the same name (any case) with 409', async () => {
    const res = await addBank(a, { ...hdfc, displayName: 'hdfc current' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'An account named hdfc current already exists', field: 'displayName' });
  });

  it('answers a retry with the same Idempotency-Key with the first account, and 422 for another body', async () => {
    const body = { ...hdfc, displayName: 'ICICI Savings', ifsc: 'ICIC0000001', accountNumber: '000401234567' };
    const first = await addBank(a, body, 'add-icici-1');
    const again = await addBank(a, { ...body, accountNumber: '0004 0123 4567' }, 'add-icici-1');
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect((await accountsOf(a)).filter((x) => x.displayName === 'ICICI Savings')).toHaveLength(1);

    const other = await addBank(a, { ...body, displayName: 'ICICI Two' }, 'add-icici-1');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/already used for a different request/);
    expect((await accountsOf(a)).map((x) => x.displayName)).not.toContain('ICICI Two');

    // Keys are per business: another business may use the same key for its own account.
    const theirs = await addBank(b, body, 'add-icici-1');
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it('forgets a key after 24 hours', async () => {
    const body = { ...hdfc, displayName: 'Kotak', ifsc: 'KKBK0000001', accountNumber: '998877665544' };
    expect((await addBank(b, body, 'day-old')).statusCode).toBe(201);
    h.clock.advance(24 * 3600_000 + 1000);
    // Sessions idle that long end: log in again.
    a = { ...a, cookie: (await logIn(h, a.phone)).cookie };
    b = { ...b, cookie: (await logIn(h, b.phone)).cookie };
    const later = await addBank(b, { ...body, displayName: 'Kotak 2' }, 'day-old');
    expect(later.statusCode).toBe(201);
    expect(later.json().data.displayName).toBe('Kotak 2');
  });

  it('refuses a blank or overlong Idempotency-Key', async () => {
    const blank = await addBank(a, { ...hdfc, displayName: 'Y1' }, ' ');
    expect(blank.statusCode).toBe(400);
    const long = await addBank(a, { ...hdfc, displayName: 'Y2' }, 'k'.repeat(201));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/Idempotency-Key must be at most 200/);
  });
});

describe('transactions', () => {
  it('answers an empty page for a business with no money movements', async () => {
    const res = await get(h.app, '/api/account/transactions', b.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 50 } });
  });

  it('checks its filters', async () => {
    expect((await get(h.app, '/api/account/transactions?from=2026-02-30', a.cookie)).json().field).toBe('from');
    expect((await get(h.app, '/api/account/transactions?type=GIFT', a.cookie)).statusCode).toBe(400);
    expect((await get(h.app, '/api/account/transactions?pageSize=1000', a.cookie)).json().field).toBe('pageSize');
    const order = await get(h.app, '/api/account/transactions?from=2026-05-02&to=2026-05-01', a.cookie);
    expect([order.statusCode, order.json().field]).toEqual([400, 'to']);
  });
});

describe('tenant isolation', () => {
  it("answers 404 for another business's account", async () => {
    const [theirs] = await accountsOf(b);
    const res = await get(h.app, `/api/account/transactions?accountId=${theirs.id}`, a.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Account not found');
    expect((await get(h.app, '/api/account/transactions?accountId=not-an-id', a.cookie)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await get(h.app, '/api/account/bank-accounts')).statusCode).toBe(401);
    expect((await write(h.app, 'POST', '/api/account/add-bank-account', hdfc)).statusCode).toBe(401);
  });
});
