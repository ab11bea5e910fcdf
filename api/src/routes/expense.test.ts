import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Account, Expense, ExpenseCategory } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../db/client';
import { selectRows } from '../db/rows';
import { documentFixtures } from '../test/documents';
import { GIF, JPEG, PNG, sendForm } from '../test/multipart';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let cash: Account;
let hdfc: Account;
let categories: ExpenseCategory[];
/** Receipts are written under it; removed at the end. */
let dataDir: string;

const categoryId = (name: string) => categories.find((c) => c.name === name)!.id;
const create = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/expense/create-expense', body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
async function expense(who: SignedUp, body: object): Promise<Expense> {
  const res = await create(who, body);
  if (res.statusCode !== 201) throw new Error(`create-expense answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const adjust = (who: SignedUp, accountId: string, amount: string) =>
  write(h.app, 'POST', '/api/account/adjust', { accountId, amount, reason: 'Opening cash count', date: '2026-01-01' }, { cookie: who.cookie });
const balanceOf = async (who: SignedUp, id: string) => (await f.accounts(who)).find((x) => x.id === id)!.balance;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-expenses-'));
  h = await createHarness({ DATA_DIR: dataDir });
  f = documentFixtures(h);
  // Maharashtra (27).
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '27' });
  cash = (await f.accounts(a)).find((x) => x.type === 'CASH')!;
  hdfc = await f.bank(a);
  expect((await adjust(a, cash.id, '10000')).statusCode).toBe(201);
  // Some tests date expenses in 2027, in a range of their own: the business allows a year ahead.
  expect((await write(h.app, 'PUT', '/api/store-branch/document-settings', { futureDatedDays: 366 }, { cookie: a.cookie })).statusCode).toBe(200);
  categories = (await get(h.app, '/api/expense/categories', a.cookie)).json().data;
}, 180_000);
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});


describe('expense categories', () => {
  it('every new business starts with the nine default categories', async () => {
    expect(categories.map((c) => [c.name, c.isDefault])).toEqual(
      ['Rent', 'Salaries', 'Electricity', 'Transport', 'Office supplies', 'Repairs', 'Telephone & Internet', 'Bank charges', 'Other']
        .map((n) => [n, true])
        .sort(),
    );
  });

  it('adds the business’s own category, listed after the defaults; a duplicate name in any case is 409', async () => {
    const res = await write(h.app, 'POST', '/api/expense/create-category', { name: ' Staff welfare ' }, { cookie: a.cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Staff welfare', isDefault: false });
    const list: ExpenseCategory[] = (await get(h.app, '/api/expense/categories', a.cookie)).json().data;
    expect(list.at(-1)!.name).toBe('Staff welfare');
    for (const name of ['staff WELFARE', 'rent']) {
      const again = await write(h.app, 'POST', '/api/expense/create-category', { name }, { cookie: a.cookie });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ success: false, message: `An expense category named ${name} already exists`, field: 'name' });
    }
    // Another business may use the same name, and does not see this one.
    expect((await write(h.app, 'POST', '/api/expense/create-category', { name: 'Staff welfare' }, { cookie: b.cookie })).statusCode).toBe(201);
    expect((await write(h.app, 'POST', '/api/expense/create-category', { name: '' }, { cookie: a.cookie })).statusCode).toBe(400);
  });

  it('the seed migration gives a business that existed before expenses the defaults, once', async () => {
    const businessId = b.profile.user.business.id;
    await h.database.db.execute(sql`delete from expense_categories where business_id = ${businessId} and name in ('Rent', 'Other')`);
    const file = fs.readdirSync(MIGRATIONS_FOLDER).find((name) => name.endsWith('_cashbank_expenses_seed.sql'))!;
    const migration = fs.readFileSync(path.join(MIGRATIONS_FOLDER, file), 'utf8');
    await h.database.db.execute(sql.raw(migration));
    await h.database.db.execute(sql.raw(migration));
    const names = ((await get(h.app, '/api/expense/categories', b.cookie)).json().data as ExpenseCategory[]).map((c) => c.name);
    expect(names.filter((n) => n === 'Rent')).toHaveLength(1);
    expect(names).toHaveLength(10);
  });
});

describe('create-expense', () => {
  it('records rent paid in cash: numbered EXP/26-27/n, one OUT transaction, cash down by the amount', async () => {
    const before = await balanceOf(a, cash.id);
    const e = await expense(a, { date: '2026-05-01', categoryId: categoryId('Rent'), amount: '1500', payment: { mode: 'CASH' }, notes: 'May rent' });
    expect(e).toMatchObject({
      expenseNumber: expect.stringMatching(/^EXP\/26-27\/\d+$/),
      financialYear: '2026-27',
      status: 'ACTIVE',
      categoryName: 'Rent',
      amount: '1500.00',
      taxableValue: '1500.00',
      gstRate: null,
      totalTax: '0.00',
      accountId: cash.id,
      accountName: 'Cash in hand',
      branchName: 'Main Branch',
      notes: 'May rent',
    });
    expect(Number(await balanceOf(a, cash.id))).toBeCloseTo(Number(before) - 1500, 2);
    const tx = (await get(h.app, `/api/account/transactions?accountId=${cash.id}&type=EXPENSE`, a.cookie)).json().data;
    expect(tx[0]).toMatchObject({ direction: 'OUT', amount: '1500.00', documentType: 'EXPENSE', documentId: e.id, documentNumber: e.expenseNumber });
  });

  it('splits GST: CGST + SGST from a supplier in the state, IGST from another state; ITC only with a GSTIN', async () => {
    const intra = await expense(a, {
      categoryId: categoryId('Repairs'),
      amount: '1180',
      gst: { rate: 18, supplierGstin: '27AAPFU0939F1ZV' },
      payment: { mode: 'UPI', accountId: hdfc.id },
    });
    expect(intra).toMatchObject({ taxableValue: '1000.00', cgst: '90.00', sgst: '90.00', igst: '0.00', totalTax: '180.00', supplyType: 'INTRA', gstRate: '18', itcEligible: true, itcAmount: '180.00' });
    const inter = await expense(a, {
      categoryId: categoryId('Telephone & Internet'),
      amount: '590',
      gst: { rate: '18', supplierGstin: '29AAGCB7383J1Z4', itcEligible: false },
      payment: { mode: 'BANK_TRANSFER', accountId: hdfc.id },
    });
    expect(inter).toMatchObject({ taxableValue: '500.00', cgst: '0.00', sgst: '0.00', igst: '90.00', supplyType: 'INTER', itcEligible: false, itcAmount: '0.00' });
    const noGstin = await expense(a, { categoryId: categoryId('Electricity'), amount: '105', gst: { rate: 5 }, payment: { mode: 'UPI', accountId: hdfc.id } });
    expect(noGstin).toMatchObject({ taxableValue: '100.00', cgst: '2.50', sgst: '2.50', itcAmount: '0.00' });
    // The bank account went down by the three amounts.
    expect(await balanceOf(a, hdfc.id)).toBe('-1875.00');
  });

  it('numbers without gaps per branch and year, a failed create taking no number; another branch counts its own', async () => {
    const first = await expense(a, { date: '2026-06-01', categoryId: categoryId('Transport'), amount: '10', payment: { mode: 'CASH' } });
    expect((await create(a, { date: '2026-06-01', categoryId: categoryId('Transport'), amount: '99999999', payment: { mode: 'CASH' } })).statusCode).toBe(409);
    const second = await expense(a, { date: '2026-06-02', categoryId: categoryId('Transport'), amount: '10', payment: { mode: 'CASH' } });
    const n = (e: Expense) => Number(e.expenseNumber.split('/').at(-1));
    expect(n(second)).toBe(n(first) + 1);
    const older = await expense(a, { date: '2026-03-31', categoryId: categoryId('Transport'), amount: '10', payment: { mode: 'CASH' } });
    expect(older.expenseNumber).toBe('EXP/25-26/1');
    const pune = await f.branch(a, 'Pune Depot', { invoicePrefix: 'PUN' });
    const there = await expense(a, { branchId: pune.id, date: '2026-06-03', categoryId: categoryId('Transport'), amount: '10', payment: { mode: 'CASH' } });
    expect(there).toMatchObject({ expenseNumber: 'EXP/26-27/1', branchName: 'Pune Depot' });
    expect((await expense(a, { branchId: pune.id, date: '2026-06-03', categoryId: categoryId('Transport'), amount: '10', payment: { mode: 'CASH' } })).expenseNumber).toBe('EXP/26-27/2');
    const next = await expense(a, { date: '2026-06-04', categoryId: categoryId('Transport'), amount: '10', payment: { mode: 'CASH' } });
    expect(n(next)).toBe(n(second) + 1);
  });

  it('refuses to take cash in hand below zero: 409 with the balance, nothing written', async () => {
    const balance = await balanceOf(a, cash.id);
    const res = await create(a, { categoryId: categoryId('Salaries'), amount: '50000', payment: { mode: 'CASH' } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(`Not enough cash: Cash in hand has ₹${balance}, so ₹50000.00 cannot be paid from it. Cash never goes below 0.`);
    expect(await balanceOf(a, cash.id)).toBe(balance);
    const list = (await get(h.app, `/api/expense/expenses?categoryId=${categoryId('Salaries')}`, a.cookie)).json();
    expect(list.meta.total).toBe(0);
  });

  it('answers a retry with the same Idempotency-Key with the first expense; another body is 422', async () => {
    const body = { categoryId: categoryId('Office supplies'), amount: '42.50', payment: { mode: 'CASH' } };
    const one = await create(a, body, 'exp-key-1');
    const two = await create(a, body, 'exp-key-1');
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(two.json().data.id).toBe(one.json().data.id);
    expect((await create(a, { ...body, amount: '43' }, 'exp-key-1')).statusCode).toBe(422);
    const list = (await get(h.app, `/api/expense/expenses?categoryId=${categoryId('Office supplies')}`, a.cookie)).json();
    expect(list.meta.total).toBe(1);
  });

  it('takes a party (whose balance it does not change)', async () => {
    const landlord = await f.party(a, { name: 'Landlord' });
    const e = await expense(a, { categoryId: categoryId('Rent'), amount: '200', partyId: landlord.id, payment: { mode: 'CASH' } });
    expect(e).toMatchObject({ partyId: landlord.id, partyName: 'Landlord' });
    expect((await get(h.app, `/api/party/get-party/${landlord.id}`, a.cookie)).json().data.balance).toBe('0.00');
  });

  it('answers bad input with 4xx naming the field, never 500', async () => {
    const ok = { categoryId: categoryId('Other'), amount: '10', payment: { mode: 'CASH' } };
    const cases: [object, number, string][] = [
      [{ ...ok, amount: 0 }, 400, 'amount'],
      [{ ...ok, amount: '-5' }, 400, 'amount'],
      [{ ...ok, amount: '1.234' }, 400, 'amount'],
      [{ ...ok, amount: 'ten' }, 400, 'amount'],
      [{ ...ok, date: '2026-02-30' }, 400, 'date'],
      [{ ...ok, categoryId: 'nope' }, 404, 'categoryId'],
      [{ ...ok, categoryId: '00000000-0000-4000-8000-000000000000' }, 404, 'categoryId'],
      [{ ...ok, gst: { rate: 17 } }, 400, 'gst.rate'],
      [{ ...ok, gst: { rate: 18, supplierGstin: '27AAPFU0939F1ZX' } }, 400, 'gst.supplierGstin'],
      [{ ...ok, payment: { mode: 'BITCOIN' } }, 400, 'payment.mode'],
      [{ ...ok, payment: { mode: 'CASH', accountId: hdfc.id } }, 400, 'payment.accountId'],
      [{ ...ok, payment: { mode: 'UPI', accountId: 'x' } }, 404, 'payment.accountId'],
      [{ ...ok, payment: undefined }, 400, 'payment'],
      [{ ...ok, partyId: 'someone' }, 404, 'partyId'],
      [{ ...ok, notes: 'x'.repeat(501) }, 400, 'notes'],
    ];
    for (const [body, status, field] of cases) {
      const res = await create(a, body);
      expect([JSON.stringify(body), res.statusCode, res.json().field]).toEqual([JSON.stringify(body), status, field]);
    }
  });
});

describe('expenses list, detail and cancel', () => {
  it('filters by date range, category and account, pages, and sums per category and in all', async () => {
    const from = '2027-01-01';
    await expense(a, { date: '2027-01-05', categoryId: categoryId('Rent'), amount: '1000', payment: { mode: 'CASH' } });
    await expense(a, { date: '2027-01-06', categoryId: categoryId('Rent'), amount: '500.50', payment: { mode: 'CASH' } });
    await expense(a, { date: '2027-01-07', categoryId: categoryId('Electricity'), amount: '236', gst: { rate: 18, supplierGstin: '27AAPFU0939F1ZV' }, payment: { mode: 'UPI', accountId: hdfc.id } });
    await expense(a, { date: '2027-02-07', categoryId: categoryId('Electricity'), amount: '1', payment: { mode: 'CASH' } });
    const res = await get(h.app, `/api/expense/expenses?from=${from}&to=2027-01-31&pageSize=2`, a.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((e: Expense) => e.date)).toEqual(['2027-01-07', '2027-01-06']);
    expect(body.meta).toEqual({
      total: 3,
      page: 1,
      pageSize: 2,
      sums: {
        total: '1736.50',
        totalTax: '36.00',
        itc: '36.00',
        byCategory: [
          { categoryId: categoryId('Rent'), categoryName: 'Rent', count: 2, amount: '1500.50' },
          { categoryId: categoryId('Electricity'), categoryName: 'Electricity', count: 1, amount: '236.00' },
        ],
      },
    });
    const page2 = (await get(h.app, `/api/expense/expenses?from=${from}&to=2027-01-31&pageSize=2&page=2`, a.cookie)).json();
    expect(page2.data.map((e: Expense) => e.date)).toEqual(['2027-01-05']);
    const byAccount = (await get(h.app, `/api/expense/expenses?from=${from}&accountId=${hdfc.id}`, a.cookie)).json();
    expect(byAccount.meta.total).toBe(1);
    const byCategory = (await get(h.app, `/api/expense/expenses?from=${from}&categoryId=${categoryId('Electricity')}`, a.cookie)).json();
    expect(byCategory.meta.sums.total).toBe('237.00');
    for (const q of ['from=2027-13-01', 'pageSize=0', 'pageSize=1000', 'from=2027-02-01&to=2027-01-01', 'status=GONE']) {
      expect((await get(h.app, `/api/expense/expenses?${q}`, a.cookie)).statusCode).toBe(400);
    }
    expect((await get(h.app, '/api/expense/expenses?categoryId=not-an-id', a.cookie)).json().meta.total).toBe(0);
  });

  it('cancel keeps the number, puts the money back (EXPENSE_REVERSAL) and drops it from the sums; twice is 409', async () => {
    const before = await balanceOf(a, cash.id);
    const e = await expense(a, { date: '2027-03-01', categoryId: categoryId('Repairs'), amount: '300', payment: { mode: 'CASH' } });
    // Dated ahead, it leaves today's cash as it was; its cancel brings the money back on that date too.
    expect(await balanceOf(a, cash.id)).toBe(before);
    const res = await write(h.app, 'POST', `/api/expense/cancel-expense/${e.id}`, { reason: 'Entered twice' }, { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'CANCELLED', expenseNumber: e.expenseNumber, cancelReason: 'Entered twice' });
    expect(await balanceOf(a, cash.id)).toBe(before);
    const reversal = (await get(h.app, `/api/account/transactions?accountId=${cash.id}&type=EXPENSE_REVERSAL`, a.cookie)).json().data[0];
    expect(reversal).toMatchObject({ direction: 'IN', amount: '300.00', documentId: e.id, date: '2027-03-01' });
    const list = (await get(h.app, '/api/expense/expenses?from=2027-03-01&to=2027-03-01', a.cookie)).json();
    expect([list.meta.total, list.meta.sums.total]).toEqual([1, '0.00']);
    const again = await write(h.app, 'POST', `/api/expense/cancel-expense/${e.id}`, {}, { cookie: a.cookie });
    expect(again.statusCode).toBe(409);
    expect((await get(h.app, `/api/expense/expense/${e.id}`, a.cookie)).json().data.status).toBe('CANCELLED');
  });

  it('keeps every business to its own: another business’s expense, category or account is 404', async () => {
    const mine = await expense(a, { categoryId: categoryId('Other'), amount: '1', payment: { mode: 'CASH' } });
    expect((await get(h.app, `/api/expense/expense/${mine.id}`, b.cookie)).statusCode).toBe(404);
    expect((await write(h.app, 'POST', `/api/expense/cancel-expense/${mine.id}`, {}, { cookie: b.cookie })).statusCode).toBe(404);
    expect((await get(h.app, `/api/expense/expense/${mine.id}`, a.cookie)).json().data.status).toBe('ACTIVE');
    expect((await get(h.app, '/api/expense/expenses', b.cookie)).json().meta.total).toBe(0);
    const theirs: ExpenseCategory[] = (await get(h.app, '/api/expense/categories', b.cookie)).json().data;
    expect(theirs.some((c) => c.id === categoryId('Rent'))).toBe(false);
    const res = await create(b, { categoryId: categoryId('Rent'), amount: '1', payment: { mode: 'CASH' } });
    expect([res.statusCode, res.json().field]).toEqual([404, 'categoryId']);
    const bRent = theirs.find((c) => c.name === 'Rent')!.id;
    const acc = await create(b, { categoryId: bRent, amount: '1', payment: { mode: 'UPI', accountId: hdfc.id } });
    expect([acc.statusCode, acc.json().field]).toEqual([404, 'payment.accountId']);
    expect((await get(h.app, '/api/expense/expense/nope', a.cookie)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await get(h.app, '/api/expense/expenses')).statusCode).toBe(401);
    expect((await get(h.app, '/api/expense/categories')).statusCode).toBe(401);
  });
});

describe('receipts', () => {
  const form = (bytes: Buffer, name: string, type: string, field = 'receipt') => {
    const f = new FormData();
    f.append(field, new File([bytes], name, { type }), name);
    return f;
  };
  const attach = (who: SignedUp, id: string, body: FormData) => sendForm(h.app, 'POST', `/api/expense/attach-receipt/${id}`, who.cookie, body);
  const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'), Buffer.alloc(200, 32), Buffer.from('\n%%EOF\n')]);

  it('attaches a PDF, PNG or JPEG told by its bytes, served back only to its business; a new one replaces it', async () => {
    const e = await expense(a, { categoryId: categoryId('Repairs'), amount: '5', payment: { mode: 'CASH' } });
    expect(e.receipt).toBeNull();
    const res = await attach(a, e.id, form(PDF, 'bill march.pdf', 'application/octet-stream'));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.receipt).toEqual({ fileName: 'bill march.pdf', mimeType: 'application/pdf', size: PDF.length, url: `/api/expense/receipt/${e.id}` });
    const file = await get(h.app, `/api/expense/receipt/${e.id}`, a.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await get(h.app, `/api/expense/receipt/${e.id}`, b.cookie)).statusCode).toBe(404);
    expect((await attach(b, e.id, form(PNG, 'x.png', 'image/png'))).statusCode).toBe(404);

    // A PNG named .pdf is a PNG.
    const again = await attach(a, e.id, form(PNG, 'photo.pdf', 'application/pdf'));
    expect(again.json().data.receipt).toMatchObject({ mimeType: 'image/png', size: PNG.length });
    expect((await get(h.app, `/api/expense/receipt/${e.id}`, a.cookie)).rawPayload.equals(PNG)).toBe(true);
    expect((await attach(a, e.id, form(JPEG, 'r.jpg', 'image/jpeg'))).json().data.receipt.mimeType).toBe('image/jpeg');
    expect((await get(h.app, `/api/expense/expense/${e.id}`, a.cookie)).json().data.receipt.mimeType).toBe('image/jpeg');
    // The replaced files are gone: one file is kept per receipt, in the database, none under DATA_DIR.
    const stored = await selectRows<{ size: number }>(
      h.database.db,
      sql`select f.size from stored_files f join expenses e on e.business_id = f.business_id and e.receipt_file_id = f.id where e.id = ${e.id}`,
    );
    expect(stored).toEqual([{ size: JPEG.length }]);
    const all = await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from stored_files where business_id = ${a.profile.user.business.id}`);
    expect(all).toEqual([{ n: 1 }]);
    expect(fs.existsSync(path.join(dataDir, 'expense-receipts'))).toBe(false);
  });

  it('refuses another type (415), more than 5 MB (413), no file or another field (400), an unknown expense (404)', async () => {
    const e = await expense(a, { categoryId: categoryId('Repairs'), amount: '5', payment: { mode: 'CASH' } });
    const gif = await attach(a, e.id, form(GIF, 'r.png', 'image/png'));
    expect([gif.statusCode, gif.json().message]).toEqual([415, 'The receipt must be a PDF, PNG or JPEG file.']);
    const text = await attach(a, e.id, form(Buffer.from('hello'), 'r.pdf', 'application/pdf'));
    expect(text.statusCode).toBe(415);
    const big = await attach(a, e.id, form(Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]), 'big.pdf', 'application/pdf'));
    expect([big.statusCode, big.json().message]).toEqual([413, 'The receipt must be at most 5 MB.']);
    const none = new FormData();
    none.append('note', 'no file');
    expect((await attach(a, e.id, none)).statusCode).toBe(400);
    expect((await attach(a, e.id, form(PDF, 'r.pdf', 'application/pdf', 'file'))).statusCode).toBe(400);
    const two = form(PDF, 'r.pdf', 'application/pdf');
    two.append('receipt', new File([PNG], 'r.png', { type: 'image/png' }), 'r.png');
    expect((await attach(a, e.id, two)).json()).toEqual({ success: false, message: 'Attach one receipt at a time.', field: 'receipt' });
    expect((await write(h.app, 'POST', `/api/expense/attach-receipt/${e.id}`, {}, { cookie: a.cookie })).statusCode).toBe(415);
    expect((await attach(a, '00000000-0000-4000-8000-000000000000', form(PDF, 'r.pdf', 'application/pdf'))).statusCode).toBe(404);
    expect((await get(h.app, `/api/expense/expense/${e.id}`, a.cookie)).json().data.receipt).toBeNull();
    expect((await get(h.app, `/api/expense/receipt/${e.id}`, a.cookie)).statusCode).toBe(404);
  });
});

