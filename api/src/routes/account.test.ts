import fs from 'node:fs';
import path from 'node:path';
import type { Account } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
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
      isActive: true,
      isUsed: false,
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

// ---------------------------------------------------------------------------------------------------------------
// Cash & bank: edit, deactivate, transfer, adjust; Cash in hand never below zero

describe('cash & bank movements', () => {
  let c: SignedUp;
  let d: SignedUp;
  let cash: Account;
  let bank: Account;
  let bank2: Account;
  const f = () => documentFixtures(h);
  const post = (who: SignedUp, url: string, body: object, key?: string) =>
    write(h.app, 'POST', url, body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
  const balance = async (who: SignedUp, id: string) => (await accountsOf(who)).find((x) => x.id === id)!.balance;
  const ledger = async (who: SignedUp, accountId: string) =>
    (await get(h.app, `/api/account/transactions?accountId=${accountId}`, who.cookie)).json().data as {
      type: string;
      direction: string;
      amount: string;
      runningBalance: string;
      groupId: string | null;
      note: string | null;
    }[];

  beforeAll(async () => {
    c = await signUp(h, { businessName: 'Gamma Kirana' });
    d = await signUp(h, { businessName: 'Delta Mart' });
    cash = (await accountsOf(c))[0];
    bank = await f().bank(c, 'SBI Current');
    bank2 = await f().bank(c, 'Axis Savings');
  }, 120_000);

  it('adjust: a positive amount adds to the balance, a negative one takes away, with the reason as the note', async () => {
    const up = await post(c, '/api/account/adjust', { accountId: cash.id, amount: '1000', reason: 'Cash counted at opening', date: '2026-04-01' });
    expect(up.statusCode).toBe(201);
    expect(up.json().data.transaction).toMatchObject({ type: 'ADJUSTMENT', direction: 'IN', amount: '1000.00', runningBalance: '1000.00', note: 'Cash counted at opening' });
    expect(up.json().data.account).toMatchObject({ id: cash.id, balance: '1000.00', isUsed: true });
    const down = await post(c, '/api/account/adjust', { accountId: cash.id, amount: '-0.50', reason: 'Short by 50 paise', date: '2026-04-02' });
    expect(down.json().data.transaction).toMatchObject({ direction: 'OUT', amount: '0.50', runningBalance: '999.50' });
    expect(await balance(c, cash.id)).toBe('999.50');
    const bad: [object, string][] = [
      [{ accountId: cash.id, amount: '0', reason: 'x' }, 'amount'],
      [{ accountId: cash.id, amount: '10', reason: ' ' }, 'reason'],
      [{ accountId: cash.id, amount: 'abc', reason: 'x' }, 'amount'],
      [{ accountId: cash.id, amount: '10', reason: 'x', date: '2026-02-30' }, 'date'],
      [{ amount: '10', reason: 'x' }, 'accountId'],
    ];
    for (const [body, field] of bad) {
      const res = await post(c, '/api/account/adjust', body);
      expect([res.statusCode, res.json().field]).toEqual([400, field]);
    }
  });

  it('Cash in hand never goes below zero: 409 with the balance, for an adjustment and a transfer alike', async () => {
    const res = await post(c, '/api/account/adjust', { accountId: cash.id, amount: '-1000', reason: 'Too much' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Not enough cash: Cash in hand has ₹999.50, so ₹1000.00 cannot be paid from it. Cash never goes below 0.',
      field: 'amount',
    });
    const deposit = await post(c, '/api/account/transfer', { fromAccountId: cash.id, toAccountId: bank.id, amount: '999.51' });
    expect(deposit.statusCode).toBe(409);
    expect(deposit.json().message).toMatch(/has ₹999\.50,/);
    // Back-dated: on 2026-04-01 there was only ₹1000, before the 50 paise went, so ₹999.50 is all it can take then.
    const early = await post(c, '/api/account/adjust', { accountId: cash.id, amount: '-999.75', reason: 'Back-dated', date: '2026-04-01' });
    expect(early.statusCode).toBe(409);
    const before = await post(c, '/api/account/adjust', { accountId: cash.id, amount: '-1', reason: 'Before any cash', date: '2026-03-01' });
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe('Not enough cash: Cash in hand has ₹999.50 (₹0.00 from 2026-03-01 on), so ₹1.00 cannot be paid from it. Cash never goes below 0.');
    expect(await balance(c, cash.id)).toBe('999.50');
  });

  it('no balance goes beyond the money format (±9,99,99,99,99,999.99): the movement that would is 400, on any day', async () => {
    const e = await signUp(h, { businessName: 'Crore Traders' });
    const till = (await accountsOf(e))[0];
    const current = await f().bank(e, 'HDFC Big');
    const limit = "This would take the account's balance above ₹9,99,99,99,99,999.99, the largest amount the books can hold";
    const adjust = (accountId: string, amount: string, date = '2026-04-01') => post(e, '/api/account/adjust', { accountId, amount, reason: 'Counted', date });
    expect((await adjust(till.id, '999999999999.99')).statusCode).toBe(201);
    const cases: [LightMyRequestResponse, string][] = [
      [await adjust(till.id, '999999999999.99'), limit],
      [await adjust(till.id, '0.01'), limit],
      // Back-dated: the balance that day would fit, but every later day's would not.
      [await adjust(till.id, '1', '2026-03-01'), limit],
      [await post(e, '/api/account/transfer', { fromAccountId: current.id, toAccountId: till.id, amount: '5' }), limit],
    ];
    for (const [res, message] of cases) expect([res.statusCode, res.json()]).toEqual([400, { success: false, message, field: 'amount' }]);
    expect((await adjust(current.id, '-999999999999.99')).statusCode).toBe(201);
    const below = await adjust(current.id, '-0.01');
    expect([below.statusCode, below.json().message]).toEqual([400, "This would take the account's balance below −₹9,99,99,99,99,999.99, the largest amount the books can hold"]);
    // Nothing of the refused movements stayed, and every balance still reads.
    expect(await balance(e, till.id)).toBe('999999999999.99');
    expect(await balance(e, current.id)).toBe('-999999999999.99');
    expect((await ledger(e, till.id)).map((t) => t.runningBalance)).toEqual(['999999999999.99']);
  });

  it('a bank account may go below zero', async () => {
    const res = await post(c, '/api/account/adjust', { accountId: bank2.id, amount: '-250', reason: 'Bank charges not entered' });
    expect(res.statusCode).toBe(201);
    expect(await balance(c, bank2.id)).toBe('-250.00');
  });

  it('transfer: cash → bank is a DEPOSIT, bank → cash a WITHDRAWAL, bank → bank a TRANSFER; both balances move', async () => {
    const deposit = await post(c, '/api/account/transfer', { fromAccountId: cash.id, toAccountId: bank.id, amount: '500', date: '2026-04-05', note: 'Deposited at branch' });
    expect(deposit.statusCode).toBe(201);
    const dep = deposit.json().data;
    expect(dep.type).toBe('DEPOSIT');
    expect(dep.transactions).toEqual([
      expect.objectContaining({ accountId: cash.id, type: 'DEPOSIT', direction: 'OUT', amount: '500.00', runningBalance: '499.50', groupId: dep.groupId, note: 'Deposited at branch' }),
      expect.objectContaining({ accountId: bank.id, type: 'DEPOSIT', direction: 'IN', amount: '500.00', runningBalance: '500.00', groupId: dep.groupId }),
    ]);
    expect([dep.from.balance, dep.to.balance]).toEqual(['499.50', '500.00']);

    const withdrawal = (await post(c, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: cash.id, amount: '100.25', date: '2026-04-06' })).json().data;
    expect(withdrawal.type).toBe('WITHDRAWAL');
    expect(withdrawal.transactions[1]).toMatchObject({ note: 'From SBI Current', runningBalance: '599.75' });
    const between = (await post(c, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: bank2.id, amount: '300', date: '2026-04-07' })).json().data;
    expect(between.type).toBe('TRANSFER');
    expect([between.from.balance, between.to.balance]).toEqual(['99.75', '50.00']);
    expect((await accountsOf(c)).map((x) => [x.displayName, x.balance])).toEqual([
      ['Cash in hand', '599.75'],
      ['Axis Savings', '50.00'],
      ['SBI Current', '99.75'],
    ]);
    // Each account's ledger, newest first, with its own running balance.
    expect((await ledger(c, bank.id)).map((t) => [t.type, t.direction, t.amount, t.runningBalance])).toEqual([
      ['TRANSFER', 'OUT', '300.00', '99.75'],
      ['WITHDRAWAL', 'OUT', '100.25', '399.75'],
      ['DEPOSIT', 'IN', '500.00', '500.00'],
    ]);
    const group = (await get(h.app, `/api/account/transactions?groupId=${dep.groupId}`, c.cookie)).json();
    expect(group.meta.total).toBe(2);
  });

  it('transfer: refuses the same account twice, bad amounts and unknown accounts; a retry with its key moves nothing twice', async () => {
    const same = await post(c, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: bank.id, amount: '1' });
    expect([same.statusCode, same.json().field]).toEqual([400, 'toAccountId']);
    for (const amount of ['0', '-5', '1.001', 'x']) {
      const res = await post(c, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: bank2.id, amount });
      expect([res.statusCode, res.json().field]).toEqual([400, 'amount']);
    }
    const unknown = await post(c, '/api/account/transfer', { fromAccountId: 'nope', toAccountId: bank2.id, amount: '1' });
    expect([unknown.statusCode, unknown.json().field]).toEqual([404, 'fromAccountId']);
    const body = { fromAccountId: bank.id, toAccountId: bank2.id, amount: '10' };
    const one = await post(c, '/api/account/transfer', body, 'move-10');
    const two = await post(c, '/api/account/transfer', body, 'move-10');
    expect(two.json().data.groupId).toBe(one.json().data.groupId);
    expect(await balance(c, bank2.id)).toBe('60.00');
    expect((await post(c, '/api/account/transfer', { ...body, amount: '11' }, 'move-10')).statusCode).toBe(422);
  });

  it('update-account edits a bank account’s name and details; Cash in hand keeps its name; a taken name is 409', async () => {
    const res = await write(h.app, 'PUT', `/api/account/update-account/${bank2.id}`, { displayName: 'Axis Current', ifsc: 'utib0000123', upiId: 'gamma@axis' }, { cookie: c.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ displayName: 'Axis Current', ifsc: 'UTIB0000123', upiId: 'gamma@axis', bankName: 'HDFC Bank', balance: '60.00' });
    const cleared = await write(h.app, 'PUT', `/api/account/update-account/${bank2.id}`, { upiId: null }, { cookie: c.cookie });
    expect(cleared.json().data.upiId).toBeNull();
    const taken = await write(h.app, 'PUT', `/api/account/update-account/${bank2.id}`, { displayName: 'sbi current' }, { cookie: c.cookie });
    expect([taken.statusCode, taken.json().field]).toEqual([409, 'displayName']);
    const cashName = await write(h.app, 'PUT', `/api/account/update-account/${cash.id}`, { displayName: 'Galla' }, { cookie: c.cookie });
    expect([cashName.statusCode, cashName.json().field]).toEqual([400, 'displayName']);
    const nothing = await write(h.app, 'PUT', `/api/account/update-account/${bank2.id}`, {}, { cookie: c.cookie });
    expect(nothing.statusCode).toBe(400);
    const badIfsc = await write(h.app, 'PUT', `/api/account/update-account/${bank2.id}`, { ifsc: 'XX' }, { cookie: c.cookie });
    expect([badIfsc.statusCode, badIfsc.json().field]).toEqual([400, 'ifsc']);
  });

  it('deactivate: the account keeps its balance and history but takes nothing new until activated; Cash in hand stays active', async () => {
    const off = await post(c, `/api/account/deactivate/${bank2.id}`, {});
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ isActive: false, isUsed: true, balance: '60.00' });
    expect((await accountsOf(c)).some((x) => x.id === bank2.id)).toBe(true);
    const move = await post(c, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: bank2.id, amount: '1' });
    expect([move.statusCode, move.json().field, move.json().message]).toEqual([409, 'toAccountId', 'Axis Current is deactivated: activate it to use it']);
    expect((await post(c, '/api/account/adjust', { accountId: bank2.id, amount: '1', reason: 'x' })).statusCode).toBe(409);
    const cashOff = await post(c, `/api/account/deactivate/${cash.id}`, {});
    expect([cashOff.statusCode, cashOff.json().message]).toEqual([409, 'Cash in hand cannot be deactivated']);
    const on = await post(c, `/api/account/activate/${bank2.id}`, {});
    expect(on.json().data.isActive).toBe(true);
    expect((await post(c, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: bank2.id, amount: '1' })).statusCode).toBe(201);
  });

  it('delete-account removes a bank account never used; a used one or Cash in hand is 409', async () => {
    const spare = await f().bank(c, 'Spare Account');
    const used = await post(c, `/api/account/delete-account/${bank.id}`, {});
    expect([used.statusCode, used.json().message]).toEqual([409, 'SBI Current has transactions, so it cannot be deleted: deactivate it instead']);
    expect((await post(c, `/api/account/delete-account/${cash.id}`, {})).statusCode).toBe(409);
    expect((await post(d, `/api/account/delete-account/${spare.id}`, {})).statusCode).toBe(404);
    const gone = await post(c, `/api/account/delete-account/${spare.id}`, {});
    expect(gone.json()).toEqual({ success: true, message: 'Spare Account deleted' });
    expect((await accountsOf(c)).map((x) => x.displayName)).not.toContain('Spare Account');
    expect((await post(c, `/api/account/delete-account/${spare.id}`, {})).statusCode).toBe(404);
  });

  it('keeps every business to its own: another business’s account is 404 on every new route', async () => {
    const theirs = (await accountsOf(d))[0];
    const calls = [
      write(h.app, 'PUT', `/api/account/update-account/${bank.id}`, { displayName: 'Mine now' }, { cookie: d.cookie }),
      post(d, `/api/account/deactivate/${bank.id}`, {}),
      post(d, `/api/account/activate/${bank.id}`, {}),
      post(d, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: theirs.id, amount: '1' }),
      post(d, '/api/account/transfer', { fromAccountId: theirs.id, toAccountId: bank.id, amount: '1' }),
      post(d, '/api/account/adjust', { accountId: bank.id, amount: '1', reason: 'x' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.statusCode).toBe(404);
    expect((await accountsOf(c)).find((x) => x.id === bank.id)!.displayName).toBe('SBI Current');
    expect(await balance(d, theirs.id)).toBe('0.00');
    expect((await get(h.app, `/api/account/transactions?accountId=${bank.id}`, d.cookie)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await write(h.app, 'POST', '/api/account/transfer', { fromAccountId: bank.id, toAccountId: cash.id, amount: '1' })).statusCode).toBe(401);
    expect((await write(h.app, 'POST', '/api/account/adjust', { accountId: bank.id, amount: '1', reason: 'x' })).statusCode).toBe(401);
    expect((await write(h.app, 'PUT', `/api/account/update-account/${bank.id}`, { displayName: 'X' })).statusCode).toBe(401);
    expect((await write(h.app, 'POST', `/api/account/deactivate/${bank.id}`, {})).statusCode).toBe(401);
  });
});
