import type { Account, BalanceSheet, Item, LedgerTree, Party, ProfitLoss, TrialBalance } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * The books: every document posts a balanced entry in its own transaction, the statements read the journal, and the
 * database itself refuses an unbalanced entry or a change to a posted one.
 */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
});

const post = (who: SignedUp, url: string, body: object, key?: string) =>
  write(h.app, 'POST', url, body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
async function ok<T>(res: Promise<{ statusCode: number; body: string; json: () => { data: T } }>, code = 201): Promise<T> {
  const r = await res;
  if (r.statusCode !== code) throw new Error(`answered ${r.statusCode}: ${r.body}`);
  return r.json().data;
}
const read = async <T>(who: SignedUp, url: string): Promise<T> => {
  const res = await get(h.app, url, who.cookie);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
};
const businessOf = (who: SignedUp) => who.profile.user.business.id;
/** What the database answered a statement it refused (the drivers wrap it in their own error), or 'done'. */
const failureOf = (work: Promise<unknown>) =>
  work.then(
    () => 'done',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );

/** What the journal says a party's sub-ledger holds (positive: the party owes the business). */
async function journalPartyBalance(who: SignedUp, partyId: string): Promise<string> {
  const [row] = await selectRows<{ balance: string }>(
    h.database.db,
    sql`select coalesce(sum(debit - credit), 0)::numeric(14,2)::text as balance from journal_lines where business_id = ${businessOf(who)} and party_id = ${partyId}`,
  );
  return row.balance;
}
const ledgerOf = (tree: LedgerTree, pick: (l: LedgerTree['groups'][number]['ledgers'][number]) => boolean) =>
  tree.groups.flatMap((g) => g.ledgers).find(pick)!;

describe('a month of documents in the books', () => {
  let customer: Party;
  let supplier: Party;
  let transporter: Party;
  let fan: Item;
  let transport: Item;
  let bank: Account;

  beforeAll(async () => {
    customer = await f.party(a, { name: 'Kiran Electricals', state: '27', openingBalance: '1000' });
    supplier = await f.party(a, { name: 'Pune Wholesale', state: '27', partyType: 'SUPPLIER' });
    transporter = await f.party(a, { name: 'Fast Lorry Service', state: '27', partyType: 'SUPPLIER' });
    fan = await f.item(a, { name: 'Ceiling Fan', price: '2500', rate: 'gst-18' });
    transport = await f.item(a, { name: 'Freight', type: 'SERVICE', price: '1000', rate: 'gst-5', hsn: '996511' });
    const buy = (body: object) => ok(post(a, '/api/purchase/create-purchase', body));
    await buy({ partyId: supplier.id, billNumber: 'PW-1', billDate: '2026-06-01', lines: [{ itemId: fan.id, quantity: 10, unitPrice: '1000' }] });
    await buy({ partyId: supplier.id, billNumber: 'PW-2', billDate: '2026-06-02', lines: [{ itemId: fan.id, quantity: 10, unitPrice: '1300' }] });
    await f.invoice(a, { partyId: customer.id, invoiceDate: '2026-06-05', lines: [{ itemId: fan.id, quantity: 4 }], payment: { amount: '5000', mode: 'CASH' } });
    const walkIn = await f.invoice(a, { invoiceDate: '2026-06-06', lines: [{ itemId: fan.id, quantity: 1 }], payment: { amount: '2950', mode: 'CASH' } });
    expect((await f.cancel(a, walkIn.id)).statusCode).toBe(200);
    const rent = (await read<Array<{ id: string; name: string }>>(a, '/api/expense/categories')).find((c) => c.name === 'Rent')!;
    await ok(post(a, '/api/expense/create-expense', { date: '2026-06-07', categoryId: rent.id, amount: '1500', payment: { mode: 'CASH' } }));
    await ok(post(a, '/api/payment/payment-out', { partyId: supplier.id, amount: '2000', mode: 'CASH', date: '2026-06-08' }));
    bank = await ok(
      post(a, '/api/account/add-bank-account', {
        displayName: 'HDFC Current',
        bankName: 'HDFC Bank',
        accountNumber: '501000000123',
        ifsc: 'HDFC0001234',
        openingBalance: '10000',
        asOfDate: '2026-06-01',
      }),
    );
    const cash = (await f.accounts(a)).find((x) => x.type === 'CASH')!;
    await ok(post(a, '/api/account/transfer', { fromAccountId: cash.id, toAccountId: bank.id, amount: '1000', date: '2026-06-09' }));
    await ok(post(a, '/api/account/adjust', { accountId: bank.id, amount: '-100', reason: 'Bank charges', date: '2026-06-09' }));
    await ok(
      post(a, '/api/purchase/create-purchase', {
        partyId: transporter.id,
        billNumber: 'GTA-7',
        billDate: '2026-06-10',
        reverseCharge: true,
        lines: [{ itemId: transport.id, quantity: 1, unitPrice: '1000' }],
      }),
    );
    const furniture = await ok<{ id: string }>(
      post(a, '/api/ledger/create-account', { name: 'Furniture', group: 'FIXED_ASSETS', openingBalance: '5000', asOfDate: '2026-06-01' }),
    );
    const depreciation = await ok<{ id: string }>(post(a, '/api/ledger/create-account', { name: 'Depreciation', group: 'INDIRECT_EXPENSES' }));
    await ok(
      post(a, '/api/ledger/create-journal', {
        date: '2026-06-30',
        narration: 'Depreciation of furniture for June',
        lines: [
          { accountId: depreciation.id, debit: '200' },
          { accountId: furniture.id, credit: '200' },
        ],
      }),
    );
  }, SETUP_TIMEOUT_MS);

  it('has a trial balance whose debits equal its credits, to the paisa', async () => {
    const tb = await read<TrialBalance>(a, '/api/report/trial-balance?from=2026-04-01');
    expect(tb.totals.debit).toBe(tb.totals.credit);
    const closing = tb.rows.reduce((s, r) => s + Math.round(Number(r.closing) * 100), 0);
    expect(closing).toBe(0);
    const row = (name: string) => tb.rows.find((r) => r.name === name);
    // Two purchases: 10 fans at ₹1,000 and 10 at ₹1,300 (tax is credit, not cost); 4 sold, 1 sold and returned by the cancel.
    expect(row('Stock in hand')!.closing).toBe('18400.00');
    expect(row('Sales')!.closing).toBe('-10000.00');
    expect(row('Input tax on reverse charge')!.closing).toBe('50.00');
    expect(row('Reverse charge tax payable')!.closing).toBe('-50.00');
  });

  it('values stock at moving weighted average cost per branch: the sale of 4 costs 4 × ₹1,150', async () => {
    const pl = await read<ProfitLoss>(a, '/api/report/profit-loss?from=2026-06-01&to=2026-06-05');
    expect(pl).toMatchObject({ sales: '10000.00', costOfGoodsSold: '4600.00', grossProfit: '5400.00' });
    const [cost] = await selectRows<{ quantity: string; value: string }>(
      h.database.db,
      sql`select sum(quantity)::text as quantity, sum(value)::text as value from stock_costs where business_id = ${businessOf(a)} and item_id = ${fan.id}`,
    );
    expect([Number(cost.quantity), cost.value]).toEqual([16, '18400.00']);
    expect(await f.stockOf(a, fan.id)).toBe(16);
  });

  it('has a profit & loss from the journal: trading account, expenses by ledger, net profit', async () => {
    const pl = await read<ProfitLoss>(a, '/api/report/profit-loss?from=2026-06-01&to=2026-06-30');
    // The walk-in sale of 6 June is in June; its cancel posts its reversal on the day of the cancel (today).
    expect(pl).toMatchObject({
      sales: '12500.00',
      costOfGoodsSold: '5750.00',
      directExpenses: '1000.00',
      grossProfit: '5750.00',
      otherIncome: '0.00',
      expenses: '1800.00',
      netProfit: '3950.00',
    });
    expect(pl.expenseLines.map((l) => [l.name, l.amount]).sort()).toEqual(
      [
        ['Cash and bank adjustments', '100.00'],
        ['Cost of goods sold', '5750.00'],
        ['Depreciation', '200.00'],
        ['Rent', '1500.00'],
        ['Services purchased', '1000.00'],
      ].sort(),
    );
    expect(pl.previous.from < pl.from).toBe(true);
  });

  it('exports the trial balance, profit & loss and balance sheet as workbooks and A4 prints', async () => {
    const tb = await get(h.app, '/api/report/trial-balance?from=2026-04-01&format=xlsx', a.cookie);
    expect(tb.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tb.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    // The file's layout is ledger.export.test.ts's; here: its totals row carries equal debits and credits.
    const [debit, credit] = [rows[0].indexOf('Debit'), rows[0].indexOf('Credit')];
    const totals = rows.find((r) => r.includes('Total'))!;
    expect(Number(totals[debit])).toBeGreaterThan(0);
    expect(totals[debit]).toEqual(totals[credit]);
    for (const path of ['profit-loss?from=2026-06-01&to=2026-06-30', 'balance-sheet', 'trial-balance']) {
      const pdf = await get(h.app, `/api/report/${path}${path.includes('?') ? '&' : '?'}format=pdf`, a.cookie);
      expect([path, pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString()]).toEqual([path, 200, '%PDF-']);
    }
  });

  it('has a balance sheet that balances: assets = liabilities + capital + profit to date', async () => {
    const bs = await read<BalanceSheet>(a, '/api/report/balance-sheet');
    expect(bs.balanced).toBe(true);
    const assets = Math.round(Number(bs.assets.total) * 100);
    const rest = Math.round((Number(bs.liabilities.total) + Number(bs.capital.total) + Number(bs.profitToDate)) * 100);
    expect(assets).toBe(rest);
    expect(bs.capital.groups[0].lines.find((l) => l.name === 'Opening balance equity')!.amount).toBe('16000.00');
  });

  it('keeps every party balance equal to its sub-ledger, and every cash and bank balance equal to its ledger', async () => {
    for (const party of [customer, supplier, transporter]) {
      const shown = await read<Party>(a, `/api/party/get-party/${party.id}`);
      expect(await journalPartyBalance(a, party.id)).toBe(shown.balance);
    }
    expect(await journalPartyBalance(a, customer.id)).toBe('7800.00');
    const tree = await read<LedgerTree>(a, '/api/ledger/accounts');
    for (const account of await f.accounts(a)) {
      expect([account.displayName, ledgerOf(tree, (l) => l.cashAccountId === account.id).balance]).toEqual([account.displayName, account.balance]);
    }
    expect((await f.accounts(a)).map((x) => x.balance).sort()).toEqual(['10900.00', '500.00']);
  });

  it('answers a ledger with its opening, each line with a running balance, and its closing', async () => {
    const tree = await read<LedgerTree>(a, '/api/ledger/accounts');
    const cash = ledgerOf(tree, (l) => l.group === 'CASH_IN_HAND');
    const ledger = await read<{ opening: string; closing: string; lines: Array<{ voucherType: string; balance: string; debit: string; credit: string }> }>(
      a,
      `/api/ledger/account-ledger/${cash.id}?from=2026-06-06`,
    );
    expect(ledger.opening).toBe('5000.00');
    expect(ledger.lines.map((l) => [l.voucherType, l.debit, l.credit, l.balance])).toEqual([
      ['SALE_PAYMENT', '2950.00', '0.00', '7950.00'],
      ['EXPENSE', '0.00', '1500.00', '6450.00'],
      ['PAYMENT_OUT', '0.00', '2000.00', '4450.00'],
      ['DEPOSIT', '0.00', '1000.00', '3450.00'],
      ['SALE_PAYMENT_REVERSAL', '0.00', '2950.00', '500.00'],
    ]);
    expect(ledger.closing).toBe('500.00');
    expect((await get(h.app, `/api/ledger/account-ledger/${cash.id}`, b.cookie)).statusCode).toBe(404);

    const file = await get(h.app, `/api/ledger/account-ledger/${cash.id}?from=2026-06-06&format=xlsx`, a.cookie);
    expect([file.statusCode, file.headers['content-type']]).toEqual([200, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    // From its opening to its closing (the layout is ledger.export.test.ts's).
    expect(rows[1].join(' ')).toContain('Opening balance');
    expect(rows.at(-1)!.join(' ')).toMatch(/Closing balance.*500/);
    expect((await get(h.app, `/api/ledger/account-ledger/${cash.id}?format=pdf`, a.cookie)).headers['content-type']).toBe('application/pdf');
  });
});

describe('stock at average cost, worked out as it is posted', () => {
  let c: SignedUp;
  let supplier: Party;
  beforeAll(async () => {
    c = await signUp(h, { businessName: 'Gamma Kirana', stateCode: '27' });
    supplier = await f.party(c, { name: 'Nashik Wholesale', state: '27', partyType: 'SUPPLIER' });
  }, SETUP_TIMEOUT_MS);

  const buy = (billNumber: string, lines: Array<{ itemId: string; quantity: number; unitPrice: string }>) =>
    ok(post(c, '/api/purchase/create-purchase', { partyId: supplier.id, billNumber, billDate: '2026-07-01', lines }));
  /** The cost lines of the entries a document or item posted: Cost of goods sold, Stock adjustments, Stock in hand. */
  const costLines = (documentId: string) =>
    selectRows<{ line_no: number; code: string; quantity: string | null; debit: string; credit: string }>(
      h.database.db,
      sql`select l.line_no, a.code, l.quantity::text as quantity, l.debit::text as debit, l.credit::text as credit
          from journal_lines l join journal_entries e on e.business_id = l.business_id and e.id = l.entry_id
          join ledger_accounts a on a.business_id = l.business_id and a.id = l.account_id
          where l.business_id = ${businessOf(c)} and e.document_id = ${documentId} and a.code in ('COGS', 'STOCK_ADJUSTMENTS', 'STOCK')
          order by e.seq, l.line_no`,
    );
  const held = async (itemId: string) => {
    const [row] = await selectRows<{ quantity: string; value: string }>(
      h.database.db,
      sql`select quantity::text as quantity, value::text as value from stock_costs where business_id = ${businessOf(c)} and item_id = ${itemId}`,
    );
    return [Number(row.quantity), row.value];
  };

  it('takes the same item twice in one sale each at the average the line before left, the last unit taking what is left', async () => {
    const oil = await f.item(c, { name: 'Groundnut Oil 1 L', price: '180', rate: 'gst-5' });
    await buy('NW-1', [{ itemId: oil.id, quantity: 3, unitPrice: '10.00' }]);
    await buy('NW-2', [{ itemId: oil.id, quantity: 1, unitPrice: '10.01' }]);
    expect(await held(oil.id)).toEqual([4, '40.01']);
    const sale = await f.invoice(c, { invoiceDate: '2026-07-02', lines: [{ itemId: oil.id, quantity: 1 }, { itemId: oil.id, quantity: 1 }, { itemId: oil.id, quantity: 2 }] });
    // 4 units at ₹40.01: the first takes 40.01 × 1/4 = 10.0025 → 10.00, the second 30.01 × 1/3 = 10.0033 → 10.00, the last two what is left.
    const lines = await costLines(sale.id);
    expect(lines.map((l) => [l.code, l.quantity === null ? null : Number(l.quantity), l.debit, l.credit])).toEqual([
      ['COGS', null, '40.01', '0.00'],
      ['STOCK', -1, '0.00', '10.00'],
      ['STOCK', -1, '0.00', '10.00'],
      ['STOCK', -2, '0.00', '20.01'],
    ]);
    // After the sale's own lines (party, sales, taxes), numbered on.
    expect(lines.map((l) => l.line_no - lines[0].line_no)).toEqual([0, 1, 2, 3]);
    expect(await held(oil.id)).toEqual([0, '0.00']);
  });

  it('takes stock reduced by hand at the average cost against Stock adjustments, and posts nothing for stock without a cost', async () => {
    const rice = await f.item(c, { name: 'Basmati Rice 5 kg', price: '650', rate: 'gst-5' });
    await buy('NW-3', [{ itemId: rice.id, quantity: 2, unitPrice: '33.33' }]);
    await buy('NW-4', [{ itemId: rice.id, quantity: 1, unitPrice: '33.34' }]);
    const reduce = (quantity: number) =>
      ok(write(h.app, 'PUT', '/api/item/update-item-stock', { itemId: rice.id, type: 'REDUCE', quantity, date: '2026-07-03', reason: 'Damaged' }, { cookie: c.cookie }), 200);
    await reduce(1);
    // 3 units at ₹100.00: one is 33.333… → 33.33; the last two take the 66.67 left.
    expect(await held(rice.id)).toEqual([2, '66.67']);
    await reduce(2);
    expect(await held(rice.id)).toEqual([0, '0.00']);
    expect((await costLines(rice.id)).map((l) => [l.code, l.debit, l.credit])).toEqual([
      ['STOCK_ADJUSTMENTS', '33.33', '0.00'],
      ['STOCK', '0.00', '33.33'],
      ['STOCK_ADJUSTMENTS', '66.67', '0.00'],
      ['STOCK', '0.00', '66.67'],
    ]);
    // Opening stock without a purchase price has no cost: selling it posts the sale and no cost of goods sold.
    const free = await f.item(c, { name: 'Sample Sachet', price: '10', rate: 'gst-5', stock: 5 });
    const sale = await f.invoice(c, { invoiceDate: '2026-07-04', lines: [{ itemId: free.id, quantity: 2 }] });
    expect(await costLines(sale.id)).toEqual([]);
  });
});

describe('journal vouchers', () => {
  let capital: string;
  let loan: string;
  beforeAll(async () => {
    const tree = await read<LedgerTree>(b, '/api/ledger/accounts');
    capital = ledgerOf(tree, (l) => l.code === 'OWNER_CAPITAL').id;
    loan = (await ok<{ id: string }>(post(b, '/api/ledger/create-account', { name: 'Loan from Axis Bank', group: 'LOANS' }))).id;
  });

  it('numbers a balanced voucher JV/26-27/n; a retry with the same Idempotency-Key answers the same voucher', async () => {
    const body = { date: '2026-07-01', narration: 'Loan used as capital', lines: [{ accountId: loan, debit: '1000' }, { accountId: capital, credit: '1000' }] };
    const first = await ok<{ id: string; documentNumber: string }>(post(b, '/api/ledger/create-journal', body, 'jv-1'));
    expect(first.documentNumber).toBe('JV/26-27/1');
    const again = await ok<{ id: string; documentNumber: string }>(post(b, '/api/ledger/create-journal', body, 'jv-1'));
    expect(again).toEqual(first);
    const next = await ok<{ documentNumber: string }>(post(b, '/api/ledger/create-journal', body));
    expect(next.documentNumber).toBe('JV/26-27/2');
  });

  it('refuses with 400 a voucher whose debits differ from its credits, or a line with both sides or neither', async () => {
    const unbalanced = await post(b, '/api/ledger/create-journal', { narration: 'x', lines: [{ accountId: loan, debit: '100' }, { accountId: capital, credit: '99' }] });
    expect([unbalanced.statusCode, unbalanced.json().message]).toEqual([400, 'Debits and credits must be equal: they differ by ₹1.00']);
    const both = await post(b, '/api/ledger/create-journal', { narration: 'x', lines: [{ accountId: loan, debit: '100', credit: '100' }, { accountId: capital, credit: '100' }] });
    expect([both.statusCode, both.json().field]).toEqual([400, 'lines.0.debit']);
    const neither = await post(b, '/api/ledger/create-journal', { narration: 'x', lines: [{ accountId: loan }, { accountId: capital }] });
    expect(neither.statusCode).toBe(400);
    const theirs = ledgerOf(await read<LedgerTree>(a, '/api/ledger/accounts'), (l) => l.code === 'OWNER_CAPITAL').id;
    const foreign = await post(b, '/api/ledger/create-journal', { narration: 'x', lines: [{ accountId: loan, debit: '1' }, { accountId: theirs, credit: '1' }] });
    expect([foreign.statusCode, foreign.json().field]).toEqual([404, 'lines.1.accountId']);
  });
});

describe('the database keeps the books', () => {
  const businessId = () => businessOf(b);

  /** An entry of one debit line of ₹1 and nothing else, in its own transaction. */
  const postUnbalanced = () =>
    h.database.db.transaction(async (tx) => {
      const [ledger] = await selectRows<{ id: string }>(tx, sql`select id from ledger_accounts where business_id = ${businessId()} and code = 'SALES'`);
      const [entry] = await selectRows<{ id: string; seq: string }>(
        tx,
        sql`insert into journal_entries (business_id, date, voucher_type) values (${businessId()}, '2026-07-01', 'JOURNAL') returning id, seq::text as seq`,
      );
      await tx.execute(sql`
        insert into journal_lines (business_id, entry_id, line_no, account_id, date, entry_seq, debit, credit)
        values (${businessId()}, ${entry.id}, 1, ${ledger.id}, '2026-07-01', ${entry.seq}, 1, 0)`);
      return entry.id;
    });

  it('refuses to change or delete a posted line', async () => {
    const refusal = (query: ReturnType<typeof sql>) => failureOf(h.database.db.execute(query));
    expect(await refusal(sql`update journal_lines set debit = debit + 1 where business_id = ${businessId()}`)).toMatch(/never updated or deleted/);
    expect(await refusal(sql`delete from journal_entries where business_id = ${businessId()}`)).toMatch(/never updated or deleted/);
  });

  it('rolls the whole document back when its posting fails: no invoice, no number, no stock taken', async () => {
    const item = await f.item(b, { name: 'Kettle', price: '900', stock: 5 });
    const count = async () => (await f.invoices(b)).json().meta.total as number;
    const before = await count();
    await h.database.db.execute(
      sql.raw(`create function test_refuse_sale_posting() returns trigger language plpgsql as $$ begin raise exception 'posting refused for the test'; end $$`),
    );
    await h.database.db.execute(
      sql.raw(`create trigger test_refuse_sale_posting before insert on journal_entries for each row
               when (new.voucher_type = 'SALE') execute function test_refuse_sale_posting()`),
    );
    try {
      expect((await f.sale(b, { lines: [{ itemId: item.id, quantity: 2 }] })).statusCode).toBe(500);
    } finally {
      await h.database.db.execute(sql.raw('drop trigger test_refuse_sale_posting on journal_entries'));
      await h.database.db.execute(sql.raw('drop function test_refuse_sale_posting()'));
    }
    expect(await count()).toBe(before);
    expect(await f.stockOf(b, item.id)).toBe(5);
    const sale = await f.invoice(b, { lines: [{ itemId: item.id, quantity: 2 }] });
    expect(sale.invoiceNumber).toMatch(/\/1$/);
  });

  // Last: it drops the check for the rest of this database's life.
  it('refuses an unbalanced entry when the transaction commits; without its trigger the same entry goes through', async () => {
    expect(await failureOf(postUnbalanced())).toMatch(/does not balance/);
    await h.database.db.execute(sql`drop trigger journal_lines_balance on journal_lines`);
    await h.database.db.execute(sql`drop trigger journal_entries_balance on journal_entries`);
    const id = await postUnbalanced();
    const [stored] = await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from journal_lines where business_id = ${businessId()} and entry_id = ${id}`);
    expect(stored.n).toBe(1);
  });
});

describe('the day book by branch', () => {
  it('counts every payment at a branch: against an invoice at the invoice’s branch, a party’s own at the branch it was taken at', async () => {
    const c = await signUp(h, { businessName: 'Two Branches', stateCode: '27' });
    const pune = await f.branch(c, 'Pune');
    const item = await f.item(c, { name: 'Repair', type: 'SERVICE', price: '500', rate: 'gst-18' });
    const customer = await f.party(c, { name: 'Ravi', state: '27' });
    await f.invoice(c, { branchId: pune.id, partyId: customer.id, invoiceDate: '2026-07-01', lines: [{ itemId: item.id, quantity: 1 }], payment: { amount: '590', mode: 'CASH' } });
    await ok(post(c, '/api/payment/payment-in', { partyId: customer.id, amount: '1000', mode: 'CASH', date: '2026-07-01' }));
    const book = async (branch?: string) =>
      (await read<{ totals: { moneyIn: string } }>(c, `/api/report/day-book?date=2026-07-01${branch ? `&branchId=${branch}` : ''}`)).totals.moneyIn;
    const main = (await read<Array<{ id: string; name: string }>>(c, '/api/store-branch/branches')).find((x) => x.id !== pune.id)!;
    expect([await book(), await book(pune.id), await book(main.id)]).toEqual(['1590.00', '590.00', '1000.00']);
  });
});
