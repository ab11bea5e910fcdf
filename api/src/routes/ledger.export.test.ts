import type { AccountLedger, BalanceSheet, Item, LedgerTree, Party, ProfitLoss, TrialBalance } from '@bahi/shared/contracts';
import ExcelJS from 'exceljs';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * The books' statements as files: format=xlsx is a workbook that opens and carries the JSON answer's totals to the
 * paisa, format=pdf an A4 print with the same figures; a ledger of another business is not found in any format.
 *
 * The month: 10 fans bought at ₹1,000 (+18 % GST), 4 sold at ₹2,500 (₹5,000 received in cash), rent ₹1,500 in cash.
 * Sales 10,000.00 − cost of goods sold 4,000.00 − rent 1,500.00 = net profit 4,500.00.
 */

let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let customer: Party;
let fan: Item;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  customer = await f.party(a, { name: 'Kiran Electricals', state: '27' });
  const supplier = await f.party(a, { name: 'Pune Wholesale', state: '27', partyType: 'SUPPLIER' });
  fan = await f.item(a, { name: 'Ceiling Fan', price: '2500', rate: 'gst-18' });
  const created = async (res: Promise<{ statusCode: number; body: string }>) => {
    const r = await res;
    if (r.statusCode !== 201) throw new Error(`answered ${r.statusCode}: ${r.body}`);
  };
  await created(
    write(h.app, 'POST', '/api/purchase/create-purchase', { partyId: supplier.id, billNumber: 'PW-1', billDate: '2026-06-01', lines: [{ itemId: fan.id, quantity: 10, unitPrice: '1000' }] }, { cookie: a.cookie }),
  );
  await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-06-05', lines: [{ itemId: fan.id, quantity: 4 }], payment: { amount: '5000', mode: 'CASH' } });
  const rent = (await read<Array<{ id: string; name: string }>>('/api/expense/categories')).find((c) => c.name === 'Rent')!;
  await created(write(h.app, 'POST', '/api/expense/create-expense', { date: '2026-06-07', categoryId: rent.id, amount: '1500', payment: { mode: 'CASH' } }, { cookie: a.cookie }));
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const call = (url: string, who: SignedUp = a) => get(h.app, url, who.cookie);
async function read<T>(url: string): Promise<T> {
  const res = await call(url);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

type Answer = Awaited<ReturnType<typeof call>>;
/** The first sheet of an .xlsx answer as rows of cell values (header first). */
async function sheetRows(res: Answer): Promise<unknown[][]> {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return (book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
}
/** The row whose first cell is `label`. */
const rowOf = (rows: unknown[][], label: string) => rows.find((r) => r[0] === label);
async function printed(res: Answer): Promise<string> {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pdfText(res.rawPayload)).text;
}

const JUNE = 'from=2026-06-01&asOf=2026-06-30';

describe('trial balance as a file', () => {
  it('is a workbook of every ledger with the totals of debit and credit, equal to the JSON answer', async () => {
    const tb = await read<TrialBalance>(`/api/report/trial-balance?${JUNE}`);
    const res = await call(`/api/report/trial-balance?${JUNE}&format=xlsx`);
    expect(res.headers['content-disposition']).toContain('Trial-balance-2026-06-01-to-2026-06-30.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual(['Ledger', 'Group', 'Opening', 'Debit', 'Credit', 'Closing']);
    // Ledgers in the chart's order: assets, liabilities, capital, income, expenses.
    expect(rows.slice(1, -1).map((r) => r[1])).toEqual([
      'Cash in hand',
      'Sundry debtors',
      'Stock in hand',
      'Input taxes',
      'Input taxes',
      'Sundry creditors',
      'Duties and taxes',
      'Duties and taxes',
      'Sales accounts',
      'Direct expenses',
      'Indirect expenses',
    ]);
    expect(rows).toHaveLength(tb.rows.length + 2);
    // Nothing before the period and nothing on the debit side: blank, as on screen.
    expect(Array.from(rowOf(rows, 'Sales')!.slice(1, 6), (v) => v ?? null)).toEqual(['Sales accounts', null, null, 10000, -10000]);
    const total = rows.at(-1)!;
    expect(total[0]).toBe('Total');
    expect(total.slice(3, 5)).toEqual([Number(tb.totals.debit), Number(tb.totals.credit)]);
    expect(total[3]).toBe(total[4]);
  });

  it('prints with its period, its balance check and the totals', async () => {
    const tb = await read<TrialBalance>(`/api/report/trial-balance?${JUNE}`);
    const text = await printed(await call(`/api/report/trial-balance?${JUNE}&format=pdf`));
    expect(text).toContain('Trial balance');
    expect(text).toContain('01/06/2026 to 30/06/2026 · All branches · Balanced: debits equal credits');
    expect(text).toContain('10,000.00 Cr');
    const totals = `${Number(tb.totals.debit).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    expect(text).toMatch(new RegExp(`Total ${totals} ${totals}`));
  });
});

describe('profit & loss as a file', () => {
  it('is a workbook of the trading and profit & loss account, net profit as the JSON answer says', async () => {
    const pl = await read<ProfitLoss>('/api/report/profit-loss?from=2026-06-01&to=2026-06-30');
    expect(pl.netProfit).toBe('4500.00');
    const res = await call('/api/report/profit-loss?from=2026-06-01&to=2026-06-30&format=xlsx');
    expect(res.headers['content-disposition']).toContain('Profit-and-loss-2026-06-01-to-2026-06-30.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual(['Particulars', 'This period', 'Previous period']);
    expect(rowOf(rows, 'Total sales')!.slice(1)).toEqual([10000, 0]);
    expect(rowOf(rows, 'Cost of goods sold')![1]).toBe(4000);
    expect(rowOf(rows, 'Gross profit')!.slice(1)).toEqual([6000, 0]);
    expect(rowOf(rows, 'Rent')![1]).toBe(1500);
    expect(rows.at(-1)).toEqual(['Net profit', 4500, 0]);
  });

  it('prints the net profit, and a loss under its own name', async () => {
    const text = await printed(await call('/api/report/profit-loss?from=2026-06-01&to=2026-06-30&format=pdf'));
    expect(text).toContain('Profit & loss');
    expect(text).toContain('01/06/2026 to 30/06/2026 · previous period');
    expect(text).toContain('Gross profit 6,000.00 0.00');
    expect(text).toContain('Net profit 4,500.00 0.00');
    // 7 June alone: rent and nothing sold.
    const loss = await printed(await call('/api/report/profit-loss?from=2026-06-07&to=2026-06-07&format=pdf'));
    expect(loss).toContain('Net loss 1,500.00');
  });
});

describe('balance sheet as a file', () => {
  it('is a workbook whose total assets equal liabilities, capital and profit to date, as the JSON answer', async () => {
    const bs = await read<BalanceSheet>('/api/report/balance-sheet?asOf=2026-06-30');
    expect(bs.balanced).toBe(true);
    const res = await call('/api/report/balance-sheet?asOf=2026-06-30&format=xlsx');
    expect(res.headers['content-disposition']).toContain('Balance-sheet-2026-06-30.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual(['Particulars', 'Amount', 'Total']);
    expect(rowOf(rows, 'Profit to date')![2]).toBe(4500);
    expect(rowOf(rows, 'Total assets')![2]).toBe(Number(bs.assets.total));
    expect(rowOf(rows, 'Total liabilities and capital')![2]).toBe(Number(bs.assets.total));
    // 6 fans left at ₹1,000: the group's one ledger, of its own name, is the group's line.
    expect(rows.filter((r) => r[0] === 'Stock in hand').map((r) => [r[1] ?? null, r[2] ?? null])).toEqual([[null, 6000]]);
    // A group of two ledgers: its total, and each ledger under it (GST of 18 % on ₹10,000 of sales).
    const duties = rows.findIndex((r) => r[0] === 'Duties and taxes');
    expect(rows.slice(duties, duties + 3).map((r) => [r[0], r[1] ?? null, r[2] ?? null])).toEqual([
      ['Duties and taxes', null, 1800],
      ['Output CGST', 900, null],
      ['Output SGST', 900, null],
    ]);
  });

  it('prints as of its date, balanced', async () => {
    const bs = await read<BalanceSheet>('/api/report/balance-sheet?asOf=2026-06-30');
    const text = await printed(await call('/api/report/balance-sheet?asOf=2026-06-30&format=pdf'));
    expect(text).toContain('As of 30/06/2026 · Balanced: assets equal liabilities, capital and profit to date');
    const total = Number(bs.assets.total).toLocaleString('en-IN', { minimumFractionDigits: 2 });
    expect(text).toContain(`Total assets ${total}`);
    expect(text).toContain(`Total liabilities and capital ${total}`);
  });
});

describe("a ledger's account as a file", () => {
  const ledgerId = async (name: string) =>
    (await read<LedgerTree>('/api/ledger/accounts')).groups.flatMap((g) => g.ledgers).find((l) => l.name === name)!.id;

  it('is a workbook from the opening to the closing balance, with the period’s totals', async () => {
    const cash = await ledgerId('Cash in hand');
    const ledger = await read<AccountLedger>(`/api/ledger/account-ledger/${cash}?from=2026-06-01&to=2026-06-30`);
    const res = await call(`/api/ledger/account-ledger/${cash}?from=2026-06-01&to=2026-06-30&format=xlsx`);
    expect(res.headers['content-disposition']).toContain('Ledger-Cash-in-hand-2026-06-01-to-2026-06-30.xlsx');
    const rows = await sheetRows(res);
    expect(rows[0]).toEqual(['Date', 'Voucher', 'Document', 'Particulars', 'Debit', 'Credit', 'Balance']);
    expect(rows).toHaveLength(ledger.lines.length + 3);
    expect(rows[1][3]).toBe('Opening balance');
    expect(rows[1][0]).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(rows.at(-1)!.slice(3)).toEqual(['Closing balance', 5000, 1500, 3500]);
    expect(rows.at(-1)![6]).toBe(Number(ledger.closing));
  });

  it('prints each line with its running balance, Dr or Cr', async () => {
    const sales = await ledgerId('Sales');
    const text = await printed(await call(`/api/ledger/account-ledger/${sales}?from=2026-06-01&to=2026-06-30&format=pdf`));
    expect(text).toContain('Sales');
    expect(text).toContain('Sales accounts · 01/06/2026 to 30/06/2026 · All branches');
    expect(text).toMatch(/Closing balance 0\.00 10,000\.00 10,000\.00 Cr/);
  });

  it("answers 404 for another business's ledger in every format, and 400 for a format it does not make", async () => {
    const cash = await ledgerId('Cash in hand');
    const other = await signUp(h, { businessName: 'Beta Stores' });
    for (const format of ['json', 'xlsx', 'pdf']) {
      expect((await call(`/api/ledger/account-ledger/${cash}?format=${format}`, other)).statusCode).toBe(404);
    }
    const csv = await call('/api/report/trial-balance?format=csv');
    expect(csv.statusCode).toBe(400);
    expect(csv.json().message).toMatch(/format must be one of json, xlsx, pdf/);
  });
});
