import type { Account } from '@bahi/shared/contracts';
import ExcelJS from 'exceljs';
import { INR_NUMBER_FORMAT } from '../services/reports/export';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/* GET account/transactions/export: an account's ledger for a date range as .xlsx. */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let bank: Account;
let cash: Account;

const post = async (who: SignedUp, url: string, body: object) => {
  const res = await write(h.app, 'POST', url, body, { cookie: who.cookie });
  if (res.statusCode !== 201) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
};

beforeAll(async () => {
  h = await createHarness();
  const f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '27' });
  cash = (await f.accounts(a))[0];
  bank = await post(a, '/api/account/add-bank-account', {
    displayName: 'HDFC Current',
    bankName: 'HDFC Bank',
    accountNumber: '50100123456789',
    ifsc: 'HDFC0001234',
    openingBalance: '10000',
    asOfDate: '2026-04-01',
  });
  const supplier = await f.party(a, { name: 'Pune Paper Mart', partyType: 'SUPPLIER' });
  await post(a, '/api/account/adjust', { accountId: bank.id, amount: '5000', reason: 'Interest credited', date: '2026-05-01' });
  await post(a, '/api/account/transfer', { fromAccountId: bank.id, toAccountId: cash.id, amount: '2000', date: '2026-05-10', note: 'Till' });
  await post(a, '/api/account/adjust', { accountId: bank.id, amount: '-750.50', reason: 'Bank charges', date: '2026-06-01' });
  await post(a, '/api/payment/payment-out', {
    partyId: supplier.id,
    amount: '1234.56',
    mode: 'CHEQUE',
    accountId: bank.id,
    date: '2026-06-15',
    reference: 'CHQ 000123',
  });
}, 180_000);
afterAll(() => h?.close());

const exportOf = (who: SignedUp, query: string) => get(h.app, `/api/account/transactions/export?${query}`, who.cookie);
async function sheetOf(query: string) {
  const res = await exportOf(a, query);
  expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const rows = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
  return { res, sheet, rows };
}
const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const COLUMNS = ['Date', 'Particulars', 'Party', 'Document', 'Mode', 'Reference', 'Note', 'Debit (in)', 'Credit (out)', 'Balance'];

describe('account/transactions/export', () => {
  it('answers the whole ledger: opening balance, each transaction with debit, credit and running balance, closing = the account’s balance', async () => {
    const { res, sheet, rows } = await sheetOf(`accountId=${bank.id}`);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="ledger-HDFC-Current-2026-04-01-to-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    expect(rows[0]).toEqual(COLUMNS);
    const body = rows.slice(1).map((r) => [r[0], r[1], r[2] ?? null, r[4] ?? null, r[5] ?? null, r[6] ?? null, r[7] ?? null, r[8] ?? null, r[9]]);
    expect(body.slice(0, -1)).toEqual([
      [day('2026-04-01'), 'Opening balance', null, null, null, null, null, null, 10000],
      [day('2026-05-01'), 'Adjustment', null, null, null, 'Interest credited', 5000, null, 15000],
      [day('2026-05-10'), 'Withdrawal', null, null, null, 'Till', null, 2000, 13000],
      [day('2026-06-01'), 'Adjustment', null, null, null, 'Bank charges', null, 750.5, 12249.5],
      [day('2026-06-15'), 'Payment out', 'Pune Paper Mart', 'Cheque', 'CHQ 000123', null, null, 1234.56, 11014.94],
    ]);
    const closing = body.at(-1)!;
    expect(closing[1]).toBe('Closing balance');
    const balance = ((await get(h.app, '/api/account/bank-accounts', a.cookie)).json().data as Account[]).find((x) => x.id === bank.id)!.balance;
    expect(balance).toBe('11014.94');
    expect(closing[8]).toBe(Number(balance));
    // Money in rupees with Indian grouping, dates as dates.
    // (exceljs reads the format's escaped commas back without their backslashes.)
    const unescaped = (f: string | undefined) => f?.replace(/\\/g, '');
    for (const col of [8, 9, 10]) expect(unescaped(sheet.getColumn(col).numFmt)).toBe(unescaped(INR_NUMBER_FORMAT));
    expect(sheet.getCell('A2').value).toBeInstanceOf(Date);
    expect(sheet.getColumn(1).numFmt).toBe('dd/mm/yyyy');
  });

  it('a date range opens with the balance brought forward and closes on its last day', async () => {
    const { rows } = await sheetOf(`accountId=${bank.id}&from=2026-05-05&to=2026-06-01&format=xlsx`);
    expect(rows.slice(1).map((r) => [r[0], r[1], r[7] ?? null, r[8] ?? null, r[9]])).toEqual([
      [day('2026-05-05'), 'Opening balance', null, null, 15000],
      [day('2026-05-10'), 'Withdrawal', null, 2000, 13000],
      [day('2026-06-01'), 'Adjustment', null, 750.5, 12249.5],
      [day('2026-06-01'), 'Closing balance', null, null, 12249.5],
    ]);
    // Cash in hand: the other half of the withdrawal.
    const c = await sheetOf(`accountId=${cash.id}&from=2026-05-01&to=2026-05-31`);
    expect(c.rows.slice(1).map((r) => [r[1], r[7] ?? null, r[9]])).toEqual([
      ['Opening balance', null, 0],
      ['Withdrawal', 2000, 2000],
      ['Closing balance', null, 2000],
    ]);
  });

  it('answers bad input with 400 naming the field; another business’s or an unknown account is 404', async () => {
    const bad: [string, string][] = [
      ['', 'accountId'],
      [`accountId=${bank.id}&format=pdf`, 'format'],
      [`accountId=${bank.id}&from=2026-06-01&to=2026-05-01`, 'to'],
      [`accountId=${bank.id}&from=2026-02-30`, 'from'],
    ];
    for (const [query, field] of bad) {
      const res = await exportOf(a, query);
      expect([query, res.statusCode, res.json().field]).toEqual([query, 400, field]);
    }
    expect((await exportOf(b, `accountId=${bank.id}`)).statusCode).toBe(404);
    expect((await exportOf(a, 'accountId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await exportOf(a, 'accountId=nope')).statusCode).toBe(404);
    expect((await get(h.app, `/api/account/transactions/export?accountId=${bank.id}`)).statusCode).toBe(401);
  });
});
