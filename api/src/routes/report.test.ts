import type { Gstr1Response, Ledger, PurchaseInvoice, SaleInvoice, SaleReport, SaleReportRow } from '@bahi/shared/contracts';
import { SALE_REPORT_GROUPS } from '@bahi/shared/contracts';
import { formatRupees, fromPaise, gstinCheckChar, toPaise } from '@bahi/shared/india';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
let a: SignedUp;
let b: SignedUp;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
const sum = (values: (string | null)[]) => fromPaise(values.reduce((acc, v) => acc + toPaise(v ?? '0'), 0));

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '29' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const report = (who: SignedUp, query: string) => get(h.app, `/api/sale/sale-reports?${query}`, who.cookie);

describe('GET sale/sale-reports', () => {
  let pen: { id: string };
  let soap: { id: string };
  let visit: { id: string };
  let mumbai: { id: string };
  let bengaluru: { id: string };
  let branch2: { id: string };
  const made: SaleInvoice[] = [];
  let cancelled: SaleInvoice;
  const MAY = 'from=2026-05-01&to=2026-05-31';

  beforeAll(async () => {
    pen = await f.item(a, { name: 'Pen', price: '62.51', rate: 'gst-18', stock: 100, hsn: '9608' });
    soap = await f.item(a, { name: 'Soap', price: '52.50', rate: 'gst-12', keepsWithdrawnRate: true, withTax: true, stock: 100, hsn: '3401' });
    visit = await f.item(a, { name: 'Repair visit', type: 'SERVICE', price: '499.99', rate: 'gst-18' });
    mumbai = await f.party(a, { name: 'Mumbai Mart', state: '27' });
    bengaluru = await f.party(a, { name: 'Bengaluru Bazaar', state: '29' });
    branch2 = await f.branch(a, 'Pune', { stateCode: '27', invoicePrefix: 'PUN' });
    const bodies: object[] = [
      { partyId: mumbai.id, invoiceDate: '2026-05-02', lines: [line(pen.id, { quantity: 3 }), line(soap.id)], payment: { amount: 100, mode: 'CASH' } },
      { partyId: bengaluru.id, invoiceDate: '2026-05-02', lines: [line(pen.id, { quantity: 7, discountPercent: 5 }), line(visit.id)] },
      { invoiceDate: '2026-05-15', lines: [line(soap.id, { quantity: 4 })], roundOff: false },
      { partyId: mumbai.id, branchId: branch2.id, invoiceDate: '2026-05-31', lines: [line(visit.id, { quantity: 2 })], payment: { amount: 1180, mode: 'CASH' } },
      { partyId: bengaluru.id, invoiceDate: '2026-05-20', lines: [line(pen.id, { quantity: 1 })] },
    ];
    for (const body of bodies) made.push(await f.invoice(a, body));
    cancelled = await f.invoice(a, { partyId: mumbai.id, invoiceDate: '2026-05-10', lines: [line(pen.id, { quantity: 2 })] });
    expect((await f.cancel(a, cancelled.id)).statusCode).toBe(200);
    // Outside the period, and another business's sale on the same dates.
    await f.invoice(a, { partyId: mumbai.id, invoiceDate: '2026-06-01', lines: [line(pen.id)] });
    const otherPen = await f.item(b, { price: '10', stock: 5 });
    await f.invoice(b, { invoiceDate: '2026-05-02', lines: [line(otherPen.id)] });
  });

  const live = () => made;
  const docSum = (pick: (i: SaleInvoice) => string, list = live()) => sum(list.map(pick));

  it.each(SALE_REPORT_GROUPS)('groupBy=%s: totals are the documents’ sums to the paisa, and the rows add up to them', async (groupBy) => {
    const res = await report(a, `${MAY}&groupBy=${groupBy}&pageSize=500`);
    expect(res.statusCode).toBe(200);
    const r: SaleReport = res.json().data;
    expect(r.groupBy).toBe(groupBy);
    expect(r.meta).toMatchObject({ from: '2026-05-01', to: '2026-05-31', page: 1, pageSize: 500, total: r.rows.length });
    expect(r.totals).toEqual({
      invoices: 5,
      taxableValue: docSum((i) => i.totals.taxableValue),
      cgst: docSum((i) => i.totals.cgst),
      sgst: docSum((i) => i.totals.sgst),
      igst: docSum((i) => i.totals.igst),
      cess: docSum((i) => i.totals.cess),
      subtotal: docSum((i) => i.totals.subtotal),
      roundOff: docSum((i) => i.totals.roundOff),
      grandTotal: docSum((i) => i.totals.grandTotal),
      received: docSum((i) => i.received),
      balance: docSum((i) => i.balance),
    });
    for (const key of ['taxableValue', 'cgst', 'sgst', 'igst', 'cess', 'subtotal'] as const) {
      expect(sum(r.rows.map((row) => row[key]))).toBe(r.totals[key]);
    }
    if (groupBy === 'item' || groupBy === 'hsn') {
      expect(r.rows.every((row) => row.grandTotal === null && row.quantity !== null)).toBe(true);
    } else {
      expect(sum(r.rows.map((row) => row.grandTotal))).toBe(r.totals.grandTotal);
      expect(sum(r.rows.map((row) => row.balance))).toBe(r.totals.balance);
      expect(r.rows.reduce((n, row) => n + row.invoices, 0)).toBe(5);
    }
  });

  it('lays out each grouping as a user reads it', async () => {
    const rows = async (groupBy: string) => ((await report(a, `${MAY}&groupBy=${groupBy}`)).json().data as SaleReport).rows;
    const byInvoice = await rows('invoice');
    expect(byInvoice.map((r) => r.label)).toEqual([made[0], made[1], made[2], made[4], made[3]].map((i) => i.invoiceNumber));
    expect(byInvoice[0]).toMatchObject({ key: made[0].id, invoiceDate: '2026-05-02', partyName: 'Mumbai Mart', branchName: 'Main Branch', status: 'PARTIAL', grandTotal: made[0].totals.grandTotal });
    expect((await rows('day')).map((r) => [r.label, r.invoices])).toEqual([
      ['2026-05-02', 2],
      ['2026-05-15', 1],
      ['2026-05-20', 1],
      ['2026-05-31', 1],
    ]);
    expect((await rows('month')).map((r) => [r.key, r.grandTotal])).toEqual([['2026-05', docSum((i) => i.totals.grandTotal)]]);
    const byParty = await rows('party');
    expect(byParty.map((r) => [r.label, r.invoices])).toEqual([
      ['Bengaluru Bazaar', 2],
      ['Mumbai Mart', 2],
      ['Walk-in customers', 1],
    ]);
    expect(byParty[2].key).toBe('');
    const byItem = await rows('item');
    expect(byItem.map((r) => [r.label, r.quantity, r.invoices])).toEqual([
      ['Pen', '11.000', 3],
      ['Repair visit', '3.000', 2],
      ['Soap', '5.000', 2],
    ]);
    const penLines = live().flatMap((i) => i.lines.filter((l) => l.itemId === pen.id));
    expect(byItem[0]).toMatchObject({ taxableValue: sum(penLines.map((l) => l.taxableValue)), subtotal: sum(penLines.map((l) => l.total)) });
    expect((await rows('hsn')).map((r) => [r.label, r.gstRate, r.quantity])).toEqual([
      ['3401', '12', '5.000'],
      ['9608', '18', '11.000'],
      ['998713', '18', '3.000'],
    ]);
  });

  it('filters by party, item, branch and status; cancelled invoices only when asked for', async () => {
    const totals = async (q: string) => ((await report(a, `${MAY}&${q}`)).json().data as SaleReport).totals;
    expect(await totals(`partyId=${mumbai.id}`)).toMatchObject({ invoices: 2, grandTotal: docSum((i) => i.totals.grandTotal, [made[0], made[3]]) });
    expect(await totals(`branchId=${branch2.id}`)).toMatchObject({ invoices: 1, grandTotal: made[3].totals.grandTotal });
    expect(await totals('status=UNPAID')).toMatchObject({ invoices: 3 });
    expect(await totals('status=CANCELLED')).toMatchObject({ invoices: 1, grandTotal: cancelled.totals.grandTotal, balance: '0.00' });
    const penLines = live().flatMap((i) => i.lines.filter((l) => l.itemId === pen.id));
    // An item filter sums that item's lines: invoice round-off and grand totals are not its to claim.
    expect(await totals(`itemId=${pen.id}`)).toEqual({
      invoices: 3,
      taxableValue: sum(penLines.map((l) => l.taxableValue)),
      cgst: sum(penLines.map((l) => l.cgst)),
      sgst: sum(penLines.map((l) => l.sgst)),
      igst: sum(penLines.map((l) => l.igst)),
      cess: '0.00',
      subtotal: sum(penLines.map((l) => l.total)),
      roundOff: null,
      grandTotal: null,
      received: null,
      balance: null,
    });
    const partyItem = (await report(a, `${MAY}&groupBy=party&itemId=${pen.id}`)).json().data as SaleReport;
    expect(partyItem.rows.map((r) => [r.label, r.quantity])).toEqual([
      ['Bengaluru Bazaar', '8.000'],
      ['Mumbai Mart', '3.000'],
    ]);
  });

  it('pages the rows while the totals stay those of every match', async () => {
    const all = (await report(a, `${MAY}&groupBy=invoice`)).json().data as SaleReport;
    const second = (await report(a, `${MAY}&groupBy=invoice&page=2&pageSize=2`)).json().data as SaleReport;
    expect(second.meta).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.rows.map((r) => r.key)).toEqual(all.rows.slice(2, 4).map((r) => r.key));
    expect(second.totals).toEqual(all.totals);
  });

  it('takes period presets, and defaults to this month', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const month = (await report(a, '')).json().data as SaleReport;
    expect(month.meta.from).toBe(`${today.slice(0, 7)}-01`);
    const fy = (await report(a, 'period=THIS_FY')).json().data as SaleReport;
    expect(fy.meta.from.endsWith('-04-01')).toBe(true);
    expect(fy.meta.to.endsWith('-03-31')).toBe(true);
    expect((await report(a, 'period=TODAY')).json().data.meta).toMatchObject({ from: today, to: today });
  });

  it('exports every row with a totals row as .xlsx and .csv', async () => {
    const xlsx = await report(a, `${MAY}&groupBy=day&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('Sale-report-day-2026-05-01-to-2026-05-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const values = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(values[0].slice(1, 3)).toEqual(['Date', 'Invoices']);
    expect(values.slice(1).map((r) => r[1])).toEqual(['2026-05-02', '2026-05-15', '2026-05-20', '2026-05-31', 'Total']);
    const header = values[0] as string[];
    const grand = header.indexOf('Grand total');
    expect(values.at(-1)![grand]).toBe(Number(docSum((i) => i.totals.grandTotal)));

    const csv = await report(a, `${MAY}&groupBy=party&format=csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0].split(',').slice(0, 2)).toEqual(['Party', 'Invoices']);
    expect(lines.map((l) => l.split(',')[0])).toEqual(['Party', 'Bengaluru Bazaar', 'Mumbai Mart', 'Walk-in customers', 'Total']);
  });

  it('prints the report as a PDF', async () => {
    // The widest layout (by invoice: five text columns and ten figures) fits the page too.
    expect((await report(a, `${MAY}&groupBy=invoice&format=pdf`)).statusCode).toBe(200);
    const pdf = await report(a, `${MAY}&groupBy=party&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('Sale-report-party-2026-05-01-to-2026-05-31.pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Sale report');
    expect(text).toContain('01/05/2026 to 31/05/2026');
    for (const name of ['Bengaluru Bazaar', 'Mumbai Mart', 'Walk-in customers', 'Total']) expect(text).toContain(name);
    expect(text).toContain(formatRupees(docSum((i) => i.totals.grandTotal)).replace('₹', ''));
  });

  it('refuses bad parameters with 400, never 500', async () => {
    for (const q of [
      'groupBy=week',
      'from=2026-05-31&to=2026-05-01',
      'from=2026-02-30',
      'period=FOREVER',
      'period=THIS_MONTH&from=2026-05-01',
      'status=OVERDUE',
      'page=0',
      'pageSize=501',
      'format=docx',
      `partyId=${'x'.repeat(50)}`,
    ]) {
      const res = await report(a, q);
      expect([q, res.statusCode]).toEqual([q, 400]);
      expect(res.json()).toMatchObject({ success: false });
    }
    expect((await report(a, `${MAY}&partyId=not-a-uuid`)).json().data.totals.invoices).toBe(0);
  });

  it("shows nothing of another business: its party, item or branch filters match nothing", async () => {
    const other = (await report(b, `${MAY}&groupBy=invoice`)).json().data as SaleReport;
    expect(other.totals.invoices).toBe(1);
    for (const q of [`partyId=${mumbai.id}`, `itemId=${pen.id}`, `branchId=${branch2.id}`]) {
      const r = (await report(b, `${MAY}&${q}`)).json().data as SaleReport;
      expect([q, r.totals.invoices, r.rows]).toEqual([q, 0, []]);
    }
    expect((await get(h.app, `/api/sale/sale-reports?${MAY}`)).statusCode).toBe(401);
  });

  it('rows carry the documented fields', async () => {
    const r = (await report(a, `${MAY}&groupBy=invoice&pageSize=1`)).json().data as SaleReport;
    const keys: (keyof SaleReportRow)[] = ['key', 'label', 'invoices', 'quantity', 'gstRate', 'taxableValue', 'subtotal', 'roundOff', 'grandTotal', 'received', 'balance'];
    for (const k of keys) expect(r.rows[0]).toHaveProperty(k);
  });
});

describe('exports of many rows', () => {
  it('streams every row in chunks to .xlsx, and refuses a PDF longer than 5,000 rows with 413', async () => {
    const biz = await signUp(h, { businessName: 'Bulk Co', stateCode: '27' });
    const pen = await f.item(biz, { price: '10', stock: 5 });
    const one = await f.invoice(biz, { invoiceDate: '2026-05-02', lines: [line(pen.id)] });
    // 5,001 copies of the invoice (a header is all a document-level report reads), every column but the generated.
    const [{ columns }] = await selectRows<{ columns: string }>(
      h.database.db,
      sql`select string_agg(quote_ident(column_name), ', ' order by ordinal_position) as columns from information_schema.columns
          where table_schema = 'public' and table_name = 'sale_invoices' and is_generated = 'NEVER'`,
    );
    await h.database.db.execute(sql`
      insert into sale_invoices (${sql.raw(columns)})
      select ${sql.raw(columns)} from (
        select (jsonb_populate_record(null::sale_invoices, to_jsonb(s) || jsonb_build_object(
          'id', gen_random_uuid(), 'invoice_number', 'BULK/' || g, 'series_prefix', 'BULK/', 'series_no', g))).*
        from sale_invoices s, generate_series(1, 5001) g where s.business_id = ${biz.profile.user.business.id} and s.id = ${one.id}) copies`);
    const q = 'from=2026-05-01&to=2026-05-31&groupBy=invoice';
    const json = (await report(biz, q)).json().data as SaleReport;
    expect(json.totals).toMatchObject({ invoices: 5002, grandTotal: fromPaise(5002 * toPaise(one.totals.grandTotal)) });
    const xlsx = await report(biz, `${q}&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0].rowCount).toBe(1 + 5002 + 1);
    const pdf = await report(biz, `${q}&format=pdf`);
    expect(pdf.statusCode).toBe(413);
    expect(pdf.json().message).toMatch(/5002 rows.*at most 5000/);
    expect((await report(biz, `from=2026-05-01&to=2026-05-31&groupBy=day&format=pdf`)).statusCode).toBe(200);
    // 5,002 rows through the database, a workbook and two PDFs: seconds on an idle machine, far more on a loaded one.
  }, 180_000);
});

describe('GET report/ledger', () => {
  const ledger = (who: SignedUp, query: string) => get(h.app, `/api/report/ledger?${query}`, who.cookie);

  it('opens at the balance before the period, lists every sale and payment with a running balance, and closes at the party balance', async () => {
    const biz = await signUp(h, { businessName: 'Ledger Shop', stateCode: '27' });
    const shirt = await f.item(biz, { price: '1000', rate: 'gst-18', stock: 20 });
    const owes = await f.party(biz, { name: 'Owes Us', state: '27', openingBalance: '1000' });
    const before = await f.invoice(biz, { partyId: owes.id, invoiceDate: '2026-04-10', lines: [line(shirt.id)], payment: { amount: 500, mode: 'CASH' } });
    const first = await f.invoice(biz, { partyId: owes.id, invoiceDate: '2026-05-03', lines: [line(shirt.id, { quantity: 2 })] });
    expect((await f.pay(biz, first.id, { amount: '800.25', mode: 'CASH', date: '2026-05-05' })).statusCode).toBe(201);
    const gone = await f.invoice(biz, { partyId: owes.id, invoiceDate: '2026-05-06', lines: [line(shirt.id)], payment: { amount: 300, mode: 'CASH' } });
    expect((await f.cancel(biz, gone.id)).statusCode).toBe(200);
    await f.invoice(biz, { lines: [line(shirt.id)], invoiceDate: '2026-05-04' }); // walk-in: nobody's ledger

    const res = await ledger(biz, `partyId=${owes.id}&from=2026-05-01`);
    expect(res.statusCode).toBe(200);
    const l: Ledger = res.json().data;
    // 1000 + 1180 − 500
    expect(l.openingBalance).toBe('1680.00');
    expect(l.party).toMatchObject({ id: owes.id, name: 'Owes Us' });
    expect(l.entries.map((e) => [e.date, e.type, e.documentNumber, e.debit, e.credit])).toEqual([
      ['2026-05-03', 'SALE', first.invoiceNumber, '2360.00', '0.00'],
      ['2026-05-05', 'SALE_PAYMENT', first.invoiceNumber, '0.00', '800.25'],
      ['2026-05-06', 'SALE_PAYMENT', gone.invoiceNumber, '0.00', '300.00'],
      [expect.any(String), 'SALE_PAYMENT_REVERSAL', gone.invoiceNumber, '300.00', '0.00'],
    ]);
    expect(l.entries.map((e) => e.balance)).toEqual(['4040.00', '3239.75', '2939.75', '3239.75']);
    expect(l).toMatchObject({ debit: '2660.00', credit: '1100.25', closingBalance: '3239.75' });
    const party = (await get(h.app, `/api/party/get-party/${owes.id}`, biz.cookie)).json().data;
    expect(l.closingBalance).toBe(party.balance);
    expect(before.invoiceDate).toBe('2026-04-10');

    // The whole year from the start: opening balance is the party's own.
    const year = (await ledger(biz, `partyId=${owes.id}&from=2026-04-01`)).json().data as Ledger;
    expect(year.openingBalance).toBe('1000.00');
    expect(year.closingBalance).toBe(party.balance);
    // Paging keeps the running balance of the whole period.
    const page2 = (await ledger(biz, `partyId=${owes.id}&from=2026-05-01&page=2&pageSize=2`)).json().data as Ledger;
    expect(page2.entries.map((e) => e.balance)).toEqual(['2939.75', '3239.75']);
    expect(page2.meta).toEqual({ total: 4, page: 2, pageSize: 2 });

    const xlsx = await ledger(biz, `partyId=${owes.id}&from=2026-05-01&format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const values = book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
    expect(values[1][2]).toBe('Opening balance');
    expect(values[1][6]).toBe(1680);
    expect(values.at(-1)![2]).toBe('Closing balance');
    expect(values.at(-1)![6]).toBe(3239.75);
    expect(values).toHaveLength(1 + 1 + 4 + 1);
    expect(values[2][1]).toBe('03/05/2026');

    const pdf = await ledger(biz, `partyId=${owes.id}&from=2026-05-01&format=pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { text } = await pdfText(pdf.rawPayload);
    for (const s of ['Ledger Report', 'Owes Us', 'Opening balance', 'Closing balance', '3,239.75', first.invoiceNumber]) expect(text).toContain(s);
  });

  it("answers 404 for another business's party or an unknown id, 400 for bad parameters", async () => {
    const mine = await f.party(a, { name: 'Ledger Party A' });
    expect((await ledger(b, `partyId=${mine.id}`)).statusCode).toBe(404);
    expect((await ledger(a, 'partyId=nope')).statusCode).toBe(404);
    for (const q of ['', `partyId=${mine.id}&from=2026-13-01`, `partyId=${mine.id}&period=NEVER`, `partyId=${mine.id}&format=csv`, `partyId=${mine.id}&format=docx`, `partyId=${mine.id}&pageSize=0`]) {
      const res = await ledger(a, q);
      expect([q, res.statusCode]).toEqual([q, 400]);
    }
  });
});

describe('GET report/gstr1', () => {
  const GSTIN = gstin('27AAPFU0939F1Z');
  const BUYER_MH = gstin('27AAACR5055K1Z');
  const BUYER_KA = gstin('29AABCT1332L1Z');
  let biz: SignedUp;
  let inv: SaleInvoice[];
  let pune: { id: string };
  const gstr1 = (who: SignedUp, query: string) => get(h.app, `/api/report/gstr1?${query}`, who.cookie);

  beforeAll(async () => {
    biz = await signUp(h, { businessName: 'Filing Co', gstin: GSTIN });
    pune = await f.branch(biz, 'Pune', { stateCode: '27', invoicePrefix: 'PUN' });
    const pen = await f.item(biz, { name: 'Pen', price: '100', rate: 'gst-18', stock: 100, hsn: '8517' });
    const soap = await f.item(biz, { name: 'Soap', price: '50', rate: 'gst-12', keepsWithdrawnRate: true, stock: 100, hsn: '3401' });
    const laptop = await f.item(biz, { name: 'Laptop', price: '60000', rate: 'gst-18', stock: 10, hsn: '8471' });
    const install = await f.item(biz, { name: 'Installation', type: 'SERVICE', price: '50', rate: 'gst-12', keepsWithdrawnRate: true, hsn: '998713' });
    const mh = await f.party(biz, { name: 'MH Buyer', state: '27', gstin: BUYER_MH });
    const ka = await f.party(biz, { name: 'KA Buyer', state: '29', gstin: BUYER_KA });
    const kaRetail = await f.party(biz, { name: 'KA Retail', state: '29' });
    inv = [];
    const add = async (body: object) => inv.push(await f.invoice(biz, body));
    await add({ partyId: mh.id, invoiceDate: '2026-07-05', lines: [line(pen.id, { quantity: 2 }), line(soap.id)] }); // 0 b2b intra
    await add({ partyId: ka.id, invoiceDate: '2026-07-06', lines: [line(pen.id)] }); // 1 b2b inter
    await add({ partyId: kaRetail.id, invoiceDate: '2026-07-07', lines: [line(laptop.id, { quantity: 2 })] }); // 2 b2cl
    await add({ partyId: kaRetail.id, invoiceDate: '2026-07-08', lines: [line(pen.id)] }); // 3 b2cs inter
    await add({ invoiceDate: '2026-07-09', lines: [line(pen.id, { quantity: 3 })] }); // 4 b2cs intra, walk-in
    await add({ partyId: mh.id, invoiceDate: '2026-07-10', lines: [line(pen.id)] }); // 5 cancelled
    await add({ branchId: pune.id, invoiceDate: '2026-07-11', lines: [line(install.id, { quantity: 2 })] }); // 6 Pune, same GSTIN
    await add({ partyId: mh.id, invoiceDate: '2026-08-01', lines: [line(pen.id)] }); // 7 next month
    expect((await f.cancel(biz, inv[5].id)).statusCode).toBe(200);
  });

  it('answers the portal’s JSON for a month: b2b, b2cl, b2cs, hsn (b2b/b2c), doc_issue, exact to the paisa', async () => {
    const res = await gstr1(biz, `gstin=${GSTIN}&period=072026`);
    expect(res.statusCode).toBe(200);
    const body: Gstr1Response = res.json();
    expect(body.problems).toEqual([]);
    expect(body.meta).toEqual({ from: '2026-07-01', to: '2026-07-31', b2clLimit: '100000.00', branchIds: expect.arrayContaining([pune.id, biz.profile.activeStoreBranch!.id]) });
    expect(body.data).toEqual({
      gstin: GSTIN,
      fp: '072026',
      b2b: [
        {
          ctin: BUYER_MH,
          inv: [
            {
              inum: inv[0].invoiceNumber,
              idt: '05-07-2026',
              val: 292,
              pos: '27',
              rchrg: 'N',
              inv_typ: 'R',
              itms: [
                { num: 1, itm_det: { rt: 12, txval: 50, camt: 3, samt: 3, csamt: 0 } },
                { num: 2, itm_det: { rt: 18, txval: 200, camt: 18, samt: 18, csamt: 0 } },
              ],
            },
          ],
        },
        {
          ctin: BUYER_KA,
          inv: [{ inum: inv[1].invoiceNumber, idt: '06-07-2026', val: 118, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1, itm_det: { rt: 18, txval: 100, iamt: 18, csamt: 0 } }] }],
        },
      ].sort((x, y) => x.ctin.localeCompare(y.ctin)),
      exp: [],
      nil: { inv: [] },
      b2cl: [{ pos: '29', inv: [{ inum: inv[2].invoiceNumber, idt: '07-07-2026', val: 141600, itms: [{ num: 1, itm_det: { rt: 18, txval: 120000, iamt: 21600, csamt: 0 } }] }] }],
      b2cs: [
        { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 12, txval: 100, camt: 6, samt: 6, csamt: 0 },
        { sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 300, camt: 27, samt: 27, csamt: 0 },
        { sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 100, iamt: 18, csamt: 0 },
      ],
      hsn: {
        hsn_b2b: [
          { num: 1, hsn_sc: '3401', desc: 'Soap', uqc: 'NOS', qty: 1, rt: 12, txval: 50, iamt: 0, camt: 3, samt: 3, csamt: 0 },
          { num: 2, hsn_sc: '8517', desc: 'Pen', uqc: 'NOS', qty: 3, rt: 18, txval: 300, iamt: 18, camt: 18, samt: 18, csamt: 0 },
        ],
        hsn_b2c: [
          { num: 1, hsn_sc: '8471', desc: 'Laptop', uqc: 'NOS', qty: 2, rt: 18, txval: 120000, iamt: 21600, camt: 0, samt: 0, csamt: 0 },
          { num: 2, hsn_sc: '8517', desc: 'Pen', uqc: 'NOS', qty: 4, rt: 18, txval: 400, iamt: 18, camt: 27, samt: 27, csamt: 0 },
          // A service: UQC NA and no quantity, as the portal wants.
          { num: 3, hsn_sc: '998713', desc: 'Installation', uqc: 'NA', qty: 0, rt: 12, txval: 100, iamt: 0, camt: 6, samt: 6, csamt: 0 },
        ],
      },
      doc_issue: {
        doc_det: [
          {
            doc_num: 1,
            doc_typ: 'Invoices for outward supply',
            docs: expect.arrayContaining([
              { num: expect.any(Number), from: inv[0].invoiceNumber, to: inv[5].invoiceNumber, totnum: 6, cancel: 1, net_issue: 5 },
              { num: expect.any(Number), from: inv[6].invoiceNumber, to: inv[6].invoiceNumber, totnum: 1, cancel: 0, net_issue: 1 },
            ]),
          },
        ],
      },
      // No credit or debit notes this month.
      cdnr: [],
      cdnur: [],
    });
    expect(body.data.doc_issue.doc_det[0].docs).toHaveLength(2);
    // The cancelled invoice is nowhere but doc_issue.
    expect(JSON.stringify(body.data.b2b)).not.toContain(inv[5].invoiceNumber);
  });

  it('moves an invoice between b2cl and b2cs with the threshold (a setting of the business, or b2clLimit), and covers a quarter', async () => {
    const low = (await gstr1(biz, `gstin=${GSTIN}&period=072026&b2clLimit=100`)).json() as Gstr1Response;
    expect(low.data.b2cl.flatMap((p) => p.inv.map((i) => i.inum))).toEqual([inv[2].invoiceNumber, inv[3].invoiceNumber]);
    expect(low.data.b2cs.map((r) => r.sply_ty)).toEqual(['INTRA', 'INTRA']);
    // The business's setting: above ₹1,50,000 only, so the ₹1,41,600 invoice joins b2cs; another business keeps its own.
    const settings = (body: object) => write(h.app, 'PUT', '/api/report/gst-settings', body, { cookie: biz.cookie });
    expect((await get(h.app, '/api/report/gst-settings', biz.cookie)).json().data).toEqual({ b2clLimit: '100000.00', lut: null });
    expect((await settings({ b2clLimit: '150000' })).json().data).toEqual({ b2clLimit: '150000.00', lut: null });
    const high = (await gstr1(biz, `gstin=${GSTIN}&period=072026`)).json() as Gstr1Response;
    expect(high.data.b2cl).toEqual([]);
    expect(high.meta.b2clLimit).toBe('150000.00');
    expect(high.data.b2cs.find((r) => r.pos === '29')).toMatchObject({ txval: 120100, iamt: 21618 });
    expect((await get(h.app, '/api/report/gst-settings', b.cookie)).json().data).toEqual({ b2clLimit: '100000.00', lut: null });
    for (const bad of [{ b2clLimit: -5 }, { b2clLimit: 'lots' }, {}]) expect((await settings(bad)).statusCode).toBe(400);
    expect((await settings({ b2clLimit: 100000 })).statusCode).toBe(200);
    const quarter = (await gstr1(biz, `gstin=${GSTIN}&period=092026&filing=QUARTERLY`)).json() as Gstr1Response;
    expect(quarter.meta).toMatchObject({ from: '2026-07-01', to: '2026-09-30' });
    expect(quarter.data.b2b.find((p) => p.ctin === BUYER_MH)!.inv).toHaveLength(2);
    const empty = (await gstr1(biz, `gstin=${GSTIN}&period=062026`)).json() as Gstr1Response;
    expect(empty.data).toMatchObject({ b2b: [], b2cl: [], b2cs: [], exp: [], hsn: { hsn_b2b: [], hsn_b2c: [] }, doc_issue: { doc_det: [] } });
  });

  it('GSTR-3B: 3.1 outward supplies and 3.2 inter-state B2C from the same invoices; no bills, no ITC; tax payable per head', async () => {
    const res = await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=072026`, biz.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.ret_period).toBe('072026');
    expect(body.data.sup_details).toEqual({
      osup_det: { txval: 120850, iamt: 21636, camt: 54, samt: 54, csamt: 0 },
      osup_zero: { txval: 0, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: 0 },
      isup_rev: { txval: 0, iamt: 0, camt: 0, samt: 0, csamt: 0 },
      osup_nongst: { txval: 0 },
    });
    expect(body.data.inter_sup.unreg_details).toEqual([{ pos: '29', txval: 120100, iamt: 21618 }]);
    expect(body.data.itc_elg.itc_net).toEqual({ iamt: 0, camt: 0, samt: 0, csamt: 0 });
    expect(body.liability).toEqual({ igst: '21636.00', cgst: '54.00', sgst: '54.00', cess: '0.00' });
    expect(body.meta).toEqual({ from: '2026-07-01', to: '2026-07-31', itcFromPurchases: true });

    // A nil-rated sale goes to 3.1(c), not 3.1(a).
    const rice = await f.item(biz, { name: 'Rice', price: '40', rate: 'gst-0', stock: 10, hsn: '1006' });
    await f.invoice(biz, { invoiceDate: '2026-09-02', lines: [line(rice.id, { quantity: 5 })] });
    const sept = (await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=092026`, biz.cookie)).json();
    expect(sept.data.sup_details.osup_nil_exmp).toEqual({ txval: 200 });
    expect(sept.data.sup_details.osup_det.txval).toBe(0);
    expect((await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=092026`, b.cookie)).statusCode).toBe(404);
    expect((await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=13-2026`, biz.cookie)).statusCode).toBe(400);
  });

  it('puts an export (place of supply 96) in exp, with IGST paid, and nowhere in b2b/b2c', async () => {
    const pen = (await get(h.app, '/api/item/items?pageSize=10', biz.cookie)).json().data.find((i: { itemName: string }) => i.itemName === 'Pen');
    const abroad = await f.invoice(biz, { invoiceDate: '2026-10-05', placeOfSupply: '96', lines: [line(pen.id)] });
    expect(abroad.supplyType).toBe('INTER');
    const body = (await gstr1(biz, `gstin=${GSTIN}&period=102026`)).json() as Gstr1Response;
    expect(body.data.exp).toEqual([{ exp_typ: 'WPAY', inv: [{ inum: abroad.invoiceNumber, idt: '05-10-2026', val: 118, itms: [{ txval: 100, rt: 18, iamt: 18, csamt: 0 }] }] }]);
    expect(body.data).toMatchObject({ b2b: [], b2cl: [], b2cs: [] });
    const r3b = (await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=102026`, biz.cookie)).json();
    expect(r3b.data.sup_details.osup_zero).toEqual({ txval: 100, iamt: 18, csamt: 0 });
    expect(r3b.data.inter_sup.unreg_details).toEqual([]);
  });

  it('lists what the portal would refuse: a bad buyer GSTIN, a missing HSN, a missing place of supply', async () => {
    const db = h.database.db;
    await db.execute(sql`update sale_invoices set party_snapshot = jsonb_set(party_snapshot, '{gstin}', '"INVALIDGSTIN123"') where id = ${inv[7].id}`);
    await db.execute(sql`update sale_invoice_lines set hsn_sac = null where document_id = ${inv[7].id}`);
    await db.execute(sql`update sale_invoices set place_of_supply = '' where id = ${inv[7].id}`);
    const body = (await gstr1(biz, `gstin=${GSTIN}&period=082026`)).json() as Gstr1Response;
    expect(body.problems.map((p) => [p.code, p.documentNumber])).toEqual([
      ['PARTY_GSTIN_INVALID', inv[7].invoiceNumber],
      ['HSN_MISSING', inv[7].invoiceNumber],
      ['PLACE_OF_SUPPLY_MISSING', inv[7].invoiceNumber],
    ]);
    expect(body.problems[0]).toMatchObject({ documentId: inv[7].id, partyId: inv[7].party!.id, message: expect.stringContaining('INVALIDGSTIN123') });
    expect(body.problems[1]).toMatchObject({ itemId: inv[7].lines[0].itemId, fix: expect.stringContaining('HSN') });
  });

  it('exports the return as a workbook, one sheet per section', async () => {
    const res = await gstr1(biz, `gstin=${GSTIN}&period=072026&format=xlsx`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(['b2b', 'b2cl', 'b2cs', 'exp', 'cdnr', 'cdnur', 'exemp', 'hsn (b2b)', 'hsn (b2c)', 'docs', 'problems']);
    expect(book.getWorksheet('b2b')!.rowCount).toBe(1 + 3);
    expect(book.getWorksheet('b2cl')!.getRow(2).getCell(4).value).toBe(141600);
  });

  it("answers 404 for another business's GSTIN and 400 for bad parameters", async () => {
    expect((await gstr1(b, `gstin=${GSTIN}&period=072026`)).statusCode).toBe(404);
    expect((await gstr1(a, `gstin=${gstin('29AAACR5055K1Z')}&period=072026`)).statusCode).toBe(404);
    for (const q of [
      `period=072026`,
      `gstin=${GSTIN}`,
      `gstin=27AAPFU0939F1ZX&period=072026`,
      `gstin=${GSTIN}&period=132026`,
      `gstin=${GSTIN}&period=2026-07`,
      `gstin=${GSTIN}&period=062017`,
      `gstin=${GSTIN}&period=072026&filing=QUARTERLY`,
      `gstin=${GSTIN}&period=072026&b2clLimit=-1`,
      `gstin=${GSTIN}&period=072026&format=csv`,
    ]) {
      const res = await gstr1(biz, q);
      expect([q, res.statusCode]).toEqual([q, 400]);
    }
  });
});

describe('the reports home, stock summary, day book and item profit', () => {
  let biz: SignedUp;
  let shirt: { id: string };
  let cap: { id: string };
  let pune: { id: string };
  let owes: { id: string };
  const call = (path: string, who: SignedUp = biz) => get(h.app, `/api/report/${path}`, who.cookie);

  beforeAll(async () => {
    biz = await signUp(h, { businessName: 'Figures Shop', stateCode: '27' });
    pune = await f.branch(biz, 'Pune', { stateCode: '27' });
    // Purchase prices: the shirt's without tax, the cap's with 12 % GST in it (₹112 → ₹100 a unit); the opening
    // stock is in the books at them.
    shirt = await f.item(biz, { name: 'Shirt', price: '1000', rate: 'gst-18', stock: 10, purchasePrice: '600' });
    cap = await f.item(biz, { name: 'Cap', price: '200', rate: 'gst-12', keepsWithdrawnRate: true, stock: 3, purchasePrice: '112', purchaseWithTax: true });
    await h.database.db.execute(sql`update items set is_alert_enabled = true, alert_quantity = 2 where id = ${cap.id}`);
    owes = await f.party(biz, { name: 'Owes Us', state: '27', openingBalance: '1000' });
    await f.party(biz, { name: 'Paid Ahead', openingBalance: '-250.50' });
    await f.invoice(biz, { partyId: owes.id, invoiceDate: '2026-05-10', lines: [line(shirt.id, { quantity: 2 })], payment: { amount: 500, mode: 'CASH' } }); // 2360
    await f.invoice(biz, { invoiceDate: '2026-05-10', lines: [line(cap.id)] }); // walk-in, unpaid 224
    const gone = await f.invoice(biz, { invoiceDate: '2026-05-10', lines: [line(shirt.id)], payment: { amount: 1180, mode: 'CASH' } });
    await f.cancel(biz, gone.id);
    await f.invoice(biz, { invoiceDate: '2026-06-02', lines: [line(cap.id)], payment: { amount: 224, mode: 'CASH' } });
    await f.quotation(biz, { partyId: owes.id, quotationDate: '2026-05-10', lines: [line(shirt.id)] });
  });

  it('summary: sales of the period, receivable, payable, cash, stock value and sales by month of the financial year', async () => {
    const res = await call('summary?from=2026-05-01&to=2026-05-31');
    expect(res.statusCode).toBe(200);
    const s = res.json().data;
    // The money is the journal's: the invoice cancelled later is still May's sale (its reversal is dated the day of
    // the cancel); the count is of the invoices not cancelled.
    expect(s.sales).toEqual({ invoices: 2, grandTotal: '3764.00' });
    // Owes Us: 1000 + 2360 − 500; the walk-in cap: 224.
    expect(s.receivable).toBe('3084.00');
    expect(s.payable).toBe('250.50');
    expect(s.cashAndBank).toEqual({ cash: '724.00', bank: '0.00', total: '724.00' });
    // Shirts: 10 − 2 (the cancelled one came back) at 600; caps: 3 − 2 at 100.
    expect(s.stockValue).toBe('4900.00');
    expect(s.salesByMonth).toHaveLength(12);
    expect(s.salesByMonth[0]).toEqual({ month: '2026-04', invoices: 0, grandTotal: '0.00', purchases: '0.00' });
    expect(s.salesByMonth.slice(1, 3)).toEqual([
      { month: '2026-05', invoices: 2, grandTotal: '3764.00', purchases: '0.00' },
      { month: '2026-06', invoices: 1, grandTotal: '224.00', purchases: '0.00' },
    ]);
    expect(s.purchases).toEqual({ bills: 0, grandTotal: '0.00' });
    expect(s.salesByMonth[11].month).toBe('2027-03');
  });

  it('stock summary: every product at every branch with quantity, unit cost and value; low-stock products', async () => {
    const s = (await call('stock-summary')).json().data;
    expect(s.rows.map((r: { branchName: string; itemName: string; quantity: string; unitCost: string; value: string; lowStock: boolean }) => [r.branchName, r.itemName, r.quantity, r.unitCost, r.value, r.lowStock])).toEqual([
      ['Main Branch', 'Cap', '1.000', '100.00', '100.00', true],
      ['Main Branch', 'Shirt', '8.000', '600.00', '4800.00', false],
      // Nothing at Pune: no average cost there.
      ['Pune', 'Cap', '0.000', '0.00', '0.00', true],
      ['Pune', 'Shirt', '0.000', '0.00', '0.00', false],
    ]);
    expect(s.totals).toEqual({ value: '4900.00', lowStock: 2 });
    expect(s.branches.map((b: { branchName: string; value: string }) => [b.branchName, b.value])).toEqual([
      ['Main Branch', '4900.00'],
      ['Pune', '0.00'],
    ]);
    const low = (await call(`stock-summary?lowStock=true&branchId=${pune.id}`)).json().data;
    expect(low.rows.map((r: { itemName: string }) => r.itemName)).toEqual(['Cap']);
    expect(low.meta).toMatchObject({ total: 1 });
  });

  it('day book: every sale, quotation, payment and stock change of the day in order, with the day’s totals', async () => {
    const found = await write(h.app, 'PUT', '/api/item/update-item-stock', { itemId: shirt.id, type: 'ADD', quantity: 5, date: '2026-05-10', reason: 'Found in godown' }, { cookie: biz.cookie });
    expect(found.statusCode).toBe(200);
    const d = (await call('day-book?date=2026-05-10')).json().data;
    type Entry = { type: string; amount: string | null; moneyIn: string | null; moneyOut: string | null; status: string | null; description: string | null };
    expect(d.entries.map((e: Entry) => [e.type, e.amount, e.moneyIn, e.moneyOut, e.status])).toEqual([
      ['SALE', '2360.00', null, null, 'PARTIAL'],
      ['SALE_PAYMENT', null, '500.00', null, null],
      ['SALE', '224.00', null, null, 'UNPAID'],
      ['SALE', '1180.00', null, null, 'CANCELLED'],
      ['SALE_PAYMENT', null, '1180.00', null, null],
      ['QUOTATION', '1180.00', null, null, 'OPEN'],
      ['STOCK_ADD', null, null, null, null],
    ]);
    expect(d.entries.at(-1).description).toBe('Shirt: +5 (Found in godown)');
    // The cancelled invoice was cancelled on a later day: this day's sales still hold it, as the listed amounts do.
    expect(d.totals).toEqual({ sales: '3764.00', moneyIn: '1680.00', moneyOut: '0.00' });
    expect(d.truncated).toBe(false);
    const empty = (await call(`day-book?date=2026-05-10&branchId=${pune.id}`)).json().data;
    expect(empty.entries).toEqual([]);
  });

  it('item profit: sale value − quantity × unit cost, most profitable first', async () => {
    const p = (await call('item-profit?from=2026-05-01&to=2026-06-30')).json().data;
    // The shirt cancelled on a later day is still sold in May (its reversal counts on the day of the cancel).
    expect(p.rows).toEqual([
      { itemId: shirt.id, itemName: 'Shirt', quantity: '3.000', saleValue: '3000.00', cost: '1800.00', profit: '1200.00', marginPercent: '40.00' },
      { itemId: cap.id, itemName: 'Cap', quantity: '2.000', saleValue: '400.00', cost: '200.00', profit: '200.00', marginPercent: '50.00' },
    ]);
    expect(p.totals).toEqual({ saleValue: '3400.00', cost: '2000.00', profit: '1400.00' });
    expect(p.meta).toMatchObject({ total: 2, from: '2026-05-01', to: '2026-06-30' });
  });

  /** The first sheet of an .xlsx answer as rows of cell values (header first). */
  const sheetRows = async (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    return (book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
  };
  const column = (rows: unknown[][], header: string) => rows.map((r) => r[(rows[0] as string[]).indexOf(header)]);
  const csvLines = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    return res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
  };

  it('exports stock summary, day book and item profit as .xlsx, .csv and PDF, totals equal to the JSON answer', async () => {
    const stock = (await call('stock-summary')).json().data;
    const stockXlsx = await sheetRows(await call('stock-summary?format=xlsx'));
    expect(stockXlsx[0]).toEqual(['Item', 'Code', 'Branch', 'Unit', 'Quantity', 'Unit cost', 'Value', 'Low stock']);
    expect(stockXlsx.slice(1, -1).map((r) => [r[0], r[2], r[4], r[6]])).toEqual(
      stock.rows.map((r: { itemName: string; branchName: string; quantity: string; value: string }) => [r.itemName, r.branchName, Number(r.quantity), Number(r.value)]),
    );
    expect(stockXlsx.at(-1)![0]).toBe('Total');
    expect(column(stockXlsx, 'Value').at(-1)).toBe(Number(stock.totals.value));
    const lowCsv = csvLines(await call(`stock-summary?lowStock=true&branchId=${pune.id}&format=csv`));
    expect(lowCsv.map((l) => l.split(',')[0])).toEqual(['Item', 'Cap', 'Total']);

    const day = (await call('day-book?date=2026-05-10')).json().data;
    const dayRes = await call('day-book?date=2026-05-10&format=xlsx');
    expect(dayRes.headers['content-disposition']).toContain('Day-book-2026-05-10.xlsx');
    const dayXlsx = await sheetRows(dayRes);
    expect(dayXlsx.length).toBe(day.entries.length + 2);
    expect(column(dayXlsx, 'Type').slice(1, 3)).toEqual(['Sale', 'Payment received']);
    expect(column(dayXlsx, 'Money in').at(-1)).toBe(Number(day.totals.moneyIn));
    expect(column(dayXlsx, 'Money out').at(-1)).toBe(Number(day.totals.moneyOut));
    expect(column(dayXlsx, 'Money in').slice(1, -1).filter((v) => v !== null && v !== undefined).reduce((n: number, v) => n + Number(v), 0)).toBe(Number(day.totals.moneyIn));
    expect(csvLines(await call('day-book?date=2026-05-10&format=csv'))).toHaveLength(day.entries.length + 2);

    const profit = (await call('item-profit?from=2026-05-01&to=2026-06-30')).json().data;
    const profitRes = await call('item-profit?from=2026-05-01&to=2026-06-30&format=xlsx');
    expect(profitRes.headers['content-disposition']).toContain('Item-profit-2026-05-01-to-2026-06-30.xlsx');
    const profitXlsx = await sheetRows(profitRes);
    expect(profitXlsx[0]).toEqual(['Item', 'Quantity', 'Sale value', 'Cost', 'Profit', 'Margin %']);
    expect(profitXlsx.slice(1).map((r) => r[0])).toEqual(['Shirt', 'Cap', 'Total']);
    expect(profitXlsx.at(-1)!.slice(2, 5)).toEqual([profit.totals.saleValue, profit.totals.cost, profit.totals.profit].map(Number));
    expect(csvLines(await call('item-profit?from=2026-05-01&to=2026-06-30&format=csv')).at(-1)).toBe('Total,,3400,2000,1400,');

    for (const [path, title] of [
      ['stock-summary?format=pdf', 'Stock summary'],
      ['day-book?date=2026-05-10&format=pdf', 'Day book'],
      ['item-profit?from=2026-05-01&to=2026-06-30&format=pdf', 'Item-wise profit'],
    ]) {
      const pdf = await call(path);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect((await pdfText(pdf.rawPayload)).text).toContain(title);
    }
  });

  it("exports nothing of another business's stock, day or sales; a bad format is 400", async () => {
    const other = await signUp(h, { businessName: 'Export Co' });
    expect((await sheetRows(await call(`stock-summary?branchId=${pune.id}&format=xlsx`, other))).map((r) => r[0])).toEqual(['Item', 'Total']);
    expect(csvLines(await call('day-book?date=2026-05-10&format=csv', other)).map((l) => l.split(',')[0])).toEqual(['Time', 'Total']);
    const profit = await sheetRows(await call(`item-profit?from=2026-05-01&to=2026-06-30&itemId=${shirt.id}&format=xlsx`, other));
    expect(profit.map((r) => r[0])).toEqual(['Item', 'Total']);
    expect(profit.at(-1)!.slice(2, 5)).toEqual([0, 0, 0]);
    for (const path of ['stock-summary?format=doc', 'day-book?format=xml', 'item-profit?format=XLSX']) expect([path, (await call(path)).statusCode]).toEqual([path, 400]);
    expect((await get(h.app, '/api/report/day-book?format=xlsx')).statusCode).toBe(401);
  });

  it('shows another business nothing of these, and refuses bad parameters with 400', async () => {
    const other = await signUp(h, { businessName: 'Empty Co' });
    const s = (await call('summary?from=2026-05-01&to=2026-05-31', other)).json().data;
    expect(s).toMatchObject({ sales: { invoices: 0, grandTotal: '0.00' }, receivable: '0.00', stockValue: '0.00' });
    expect((await call(`stock-summary?branchId=${pune.id}`, other)).json().data.rows).toEqual([]);
    expect((await call('day-book?date=2026-05-10', other)).json().data.entries).toEqual([]);
    expect((await call(`item-profit?from=2026-05-01&to=2026-06-30&itemId=${shirt.id}`, other)).json().data.rows).toEqual([]);
    for (const path of ['summary?period=SOMEDAY', 'summary?from=2026-06-01&to=2026-05-01', 'stock-summary?lowStock=maybe', 'stock-summary?pageSize=9999', 'day-book?date=yesterday', 'item-profit?page=-1']) {
      const res = await call(path);
      expect([path, res.statusCode]).toEqual([path, 400]);
    }
    expect((await get(h.app, '/api/report/summary')).statusCode).toBe(401);
  });
});

describe('purchases in the reports', () => {
  const BUYING_GSTIN = gstin('27AABCB1234C1Z');
  let biz: SignedUp;
  let supplier: { id: string };
  let customer: { id: string };
  let fan: { id: string };
  let bulb: { id: string };
  const bills: PurchaseInvoice[] = [];
  let cancelled: PurchaseInvoice;
  let seq = 0;
  const buy = async (body: object): Promise<PurchaseInvoice> => {
    const res = await write(h.app, 'POST', '/api/purchase/create-purchase', { billNumber: `SUP-${++seq}`, ...body }, { cookie: biz.cookie });
    if (res.statusCode !== 201) throw new Error(`create-purchase answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  };

  beforeAll(async () => {
    biz = await signUp(h, { businessName: 'Buying Co', gstin: BUYING_GSTIN });
    supplier = await f.party(biz, { name: 'Fan Wholesale', state: '27', partyType: 'SUPPLIER', openingBalance: '-1000' } as Parameters<typeof f.party>[1]);
    customer = await f.party(biz, { name: 'Retail Buyer', state: '27' });
    fan = await f.item(biz, { name: 'Fan', price: '2500', rate: 'gst-18' });
    bulb = await f.item(biz, { name: 'Bulb', price: '120', rate: 'gst-12', keepsWithdrawnRate: true });
    // Cash to pay the supplier with: a walk-in sale of a service.
    const advice = await f.item(biz, { name: 'Advice', type: 'SERVICE', price: '5000', rate: 'gst-18' });
    await f.invoice(biz, { invoiceDate: '2026-04-30', lines: [line(advice.id)], payment: { amount: 5900, mode: 'CASH' } });
    bills.push(await buy({ partyId: supplier.id, billDate: '2026-05-04', lines: [line(fan.id, { quantity: 4, unitPrice: '1500' })], payment: { amount: 2000, mode: 'CASH' } }));
    bills.push(await buy({ partyId: supplier.id, billDate: '2026-05-20', lines: [line(fan.id, { unitPrice: '1499.99' }), line(bulb.id, { quantity: 10, unitPrice: '70' })] }));
    cancelled = await buy({ partyId: supplier.id, billDate: '2026-05-21', lines: [line(bulb.id, { quantity: 5, unitPrice: '70' })] });
    expect((await write(h.app, 'POST', `/api/purchase/cancel-purchase/${cancelled.id}`, { reason: 'Returned' }, { cookie: biz.cookie })).statusCode).toBe(200);
    await f.invoice(biz, { partyId: customer.id, invoiceDate: '2026-05-25', lines: [line(fan.id, { quantity: 2 })] });
  });

  it('purchase/purchase-reports: totals are the bills’ sums for every grouping, paid in place of received', async () => {
    const sumOf = (pick: (b: PurchaseInvoice) => string) => sum(bills.map(pick));
    for (const groupBy of SALE_REPORT_GROUPS) {
      const res = await get(h.app, `/api/purchase/purchase-reports?from=2026-05-01&to=2026-05-31&groupBy=${groupBy}`, biz.cookie);
      expect([groupBy, res.statusCode]).toEqual([groupBy, 200]);
      const r = res.json().data;
      expect(r.totals).toEqual({
        invoices: 2,
        taxableValue: sumOf((b) => b.totals.taxableValue),
        cgst: sumOf((b) => b.totals.cgst),
        sgst: sumOf((b) => b.totals.sgst),
        igst: sumOf((b) => b.totals.igst),
        cess: sumOf((b) => b.totals.cess),
        subtotal: sumOf((b) => b.totals.subtotal),
        roundOff: sumOf((b) => b.totals.roundOff),
        grandTotal: sumOf((b) => b.totals.grandTotal),
        paid: sumOf((b) => b.paid),
        balance: sumOf((b) => b.balance),
      });
      expect(sum(r.rows.map((row: { taxableValue: string }) => row.taxableValue))).toBe(r.totals.taxableValue);
    }
    const byBill = (await get(h.app, '/api/purchase/purchase-reports?from=2026-05-01&to=2026-05-31', biz.cookie)).json().data;
    expect(byBill.rows.map((r: { label: string; partyName: string; paid: string }) => [r.label, r.partyName, r.paid])).toEqual([
      ['SUP-1', 'Fan Wholesale', '2000.00'],
      ['SUP-2', 'Fan Wholesale', '0.00'],
    ]);
    const xlsx = await get(h.app, '/api/purchase/purchase-reports?from=2026-05-01&to=2026-05-31&format=xlsx', biz.cookie);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0].getSheetValues()[1] as unknown[]).slice(1);
    expect(header[0]).toBe('Bill');
    expect(header).toContain('Paid');
    expect((await get(h.app, '/api/purchase/purchase-reports?groupBy=week', biz.cookie)).statusCode).toBe(400);
    expect((await get(h.app, '/api/purchase/purchase-reports?from=2026-05-01&to=2026-05-31', b.cookie)).json().data.totals.invoices).toBe(0);
  });

  it("a supplier's ledger: bills are credits, payments made debits; it closes at the party's balance", async () => {
    const l: Ledger = (await get(h.app, `/api/report/ledger?partyId=${supplier.id}&from=2026-05-01`, biz.cookie)).json().data;
    expect(l.openingBalance).toBe('-1000.00');
    expect(l.entries.map((e) => [e.type, e.debit, e.credit])).toEqual([
      ['PURCHASE', '0.00', bills[0].totals.grandTotal],
      ['PURCHASE_PAYMENT', '2000.00', '0.00'],
      ['PURCHASE', '0.00', bills[1].totals.grandTotal],
    ]);
    expect(l.entries[0].description).toBe(`Purchase bill ${bills[0].referenceNumber}`);
    const party = (await get(h.app, `/api/party/get-party/${supplier.id}`, biz.cookie)).json().data;
    expect(l.closingBalance).toBe(party.balance);
    expect(toPaise(l.closingBalance)).toBe(-100000 - toPaise(bills[0].totals.grandTotal) + 200000 - toPaise(bills[1].totals.grandTotal));
  });

  it('values stock and item profit at moving weighted average cost', async () => {
    const stock = (await get(h.app, '/api/report/stock-summary', biz.cookie)).json().data;
    expect(stock.rows.map((r: { itemName: string; quantity: string; unitCost: string; value: string }) => [r.itemName, r.quantity, r.unitCost, r.value])).toEqual([
      ['Bulb', '10.000', '70.00', '700.00'],
      // Fans: ₹7,499.99 for 5, 2 sold at ₹3,000.00: ₹4,499.99 for the 3 left (₹1,499.997, shown ₹1,500.00 a unit).
      ['Fan', '3.000', '1500.00', '4499.99'],
    ]);
    const profit = (await get(h.app, '/api/report/item-profit?from=2026-05-01&to=2026-05-31', biz.cookie)).json().data;
    // The 2 sold cost 7,499.99 × 2 / 5 = ₹3,000.00.
    expect(profit.rows).toEqual([{ itemId: fan.id, itemName: 'Fan', quantity: '2.000', saleValue: '5000.00', cost: '3000.00', profit: '2000.00', marginPercent: '40.00' }]);
  });

  it('reports home and day book count the purchase bills', async () => {
    const s = (await get(h.app, '/api/report/summary?from=2026-05-01&to=2026-05-31', biz.cookie)).json().data;
    // The bill cancelled on a later day is still May's purchase in the books (its reversal is dated the cancel's day);
    // the count is of the bills not cancelled.
    const bought = sum([...bills, cancelled].map((b) => b.totals.grandTotal));
    expect(s.purchases).toEqual({ bills: 2, grandTotal: bought });
    expect(s.salesByMonth[1].purchases).toBe(bought);
    const supplierBalance = (await get(h.app, `/api/party/get-party/${supplier.id}`, biz.cookie)).json().data.balance as string;
    expect(s.payable).toBe(fromPaise(-toPaise(supplierBalance)));
    const d = (await get(h.app, '/api/report/day-book?date=2026-05-04', biz.cookie)).json().data;
    expect(d.entries.map((e: { type: string; documentNumber: string | null; amount: string | null; moneyOut: string | null; description: string | null }) => [e.type, e.documentNumber, e.amount, e.moneyOut])).toEqual([
      ['PURCHASE', bills[0].referenceNumber, bills[0].totals.grandTotal, null],
      ['PURCHASE_PAYMENT', bills[0].referenceNumber, null, '2000.00'],
    ]);
    expect(d.totals.moneyOut).toBe('2000.00');
  });

  it('GSTR-3B takes eligible ITC from the bills and expenses of the month, and the tax payable is what the ITC leaves', async () => {
    // An expense of ₹1,180 with 18 % GST from a registered supplier: CGST 90.00 + SGST 90.00 of credit; one without
    // a supplier GSTIN gives none.
    const category = (await get(h.app, '/api/expense/categories', biz.cookie)).json().data[0];
    const spend = (body: object) => write(h.app, 'POST', '/api/expense/create-expense', { date: '2026-05-06', categoryId: category.id, payment: { mode: 'CASH' }, ...body }, { cookie: biz.cookie });
    expect((await spend({ amount: 1180, gst: { rate: 18, supplierGstin: gstin('27AAACR5055K1Z') } })).statusCode).toBe(201);
    expect((await spend({ amount: 590, gst: { rate: 18 } })).statusCode).toBe(201);
    const r = (await get(h.app, `/api/report/gstr3b?gstin=${BUYING_GSTIN}&period=052026`, biz.cookie)).json();
    expect(r.data.sup_details.osup_det).toEqual({ txval: 5000, iamt: 0, camt: 450, samt: 450, csamt: 0 });
    // Bills: 6,000.00 + 1,499.99 at 18 % and 700.00 at 12 %: CGST 540.00 + 135.00 + 42.00 each side; the expense 90.00.
    expect(r.data.itc_elg.itc_avl.find((x: { ty: string }) => x.ty === 'OTH')).toEqual({ ty: 'OTH', iamt: 0, camt: 807, samt: 807, csamt: 0 });
    expect(r.data.itc_elg.itc_net).toEqual({ iamt: 0, camt: 807, samt: 807, csamt: 0 });
    expect(r.liability).toEqual({ igst: '0.00', cgst: '0.00', sgst: '0.00', cess: '0.00' });
    expect(r.meta.itcFromPurchases).toBe(true);
  });
});

describe('GSTR-3B payment of tax (6.1)', () => {
  const FILER = gstin('27AAFCS5678P1Z');
  const KA_GSTIN = gstin('29AABCT1332L1Z');
  const MH_GSTIN = gstin('27AAACR5055K1Z');
  let biz: SignedUp;
  let seq = 0;
  const buy = async (body: object) => {
    const res = await write(h.app, 'POST', '/api/purchase/create-purchase', { billNumber: `B-${++seq}`, ...body }, { cookie: biz.cookie });
    expect(res.statusCode).toBe(201);
  };
  const gstr3b = async (period: string) => {
    const res = await get(h.app, `/api/report/gstr3b?gstin=${FILER}&period=${period}`, biz.cookie);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const heads = (igst: string, cgst: string, sgst: string, cess = '0.00') => ({ igst, cgst, sgst, cess });
  const NONE = heads('0.00', '0.00', '0.00');

  beforeAll(async () => {
    biz = await signUp(h, { businessName: 'Set-off Co', gstin: FILER });
  });

  it('a month with an intra- and an inter-state sale, an inter-state purchase, reverse charge, blocked credit: every figure to the paisa', async () => {
    const kaBuyer = await f.party(biz, { name: 'KA Buyer', state: '29', gstin: KA_GSTIN });
    const mhBuyer = await f.party(biz, { name: 'MH Buyer', state: '27', gstin: MH_GSTIN });
    const kaSupplier = await f.party(biz, { name: 'KA Mills', state: '29', gstin: gstin('29AAGCB7383J1Z'), partyType: 'SUPPLIER' });
    const mhSupplier = await f.party(biz, { name: 'MH Wholesale', state: '27', gstin: gstin('27AABCB1234C1Z'), partyType: 'SUPPLIER' });
    const transporter = await f.party(biz, { name: 'Goods Transport Agency', state: '27', partyType: 'SUPPLIER' });
    const consulting = await f.item(biz, { name: 'Consulting', type: 'SERVICE', price: '40000', rate: 'gst-5' });
    const cloth = await f.item(biz, { name: 'Cloth', price: '1500', rate: 'gst-18' });
    const packing = await f.item(biz, { name: 'Packing', type: 'SERVICE', price: '100', rate: 'gst-5' });
    const lunch = await f.item(biz, { name: 'Staff lunch', type: 'SERVICE', price: '100', rate: 'gst-18' });
    const freight = await f.item(biz, { name: 'Freight', type: 'SERVICE', price: '100', rate: 'gst-5' });

    // Output: IGST 10,000.00 on 2,00,000 to Karnataka; CGST 6,000.00 + SGST 6,000.00 on 2,40,000 in Maharashtra
    // (part paid in cash, to pay the expense below with).
    await f.invoice(biz, { partyId: kaBuyer.id, invoiceDate: '2026-07-03', lines: [line(consulting.id, { quantity: 5 })] });
    await f.invoice(biz, { partyId: mhBuyer.id, invoiceDate: '2026-07-04', lines: [line(consulting.id, { quantity: 6 })], payment: { amount: 5000, mode: 'CASH' } });
    // Credit: IGST 18,000.00 on 1,00,000 from Karnataka.
    await buy({ partyId: kaSupplier.id, billDate: '2026-07-06', lines: [line(cloth.id, { quantity: 100, unitPrice: '1000' })] });
    // Reverse charge: freight 20,000.00 at 5 %, CGST 500.00 + SGST 500.00 to pay in cash, and as much credit.
    await buy({ partyId: transporter.id, billDate: '2026-07-08', reverseCharge: true, lines: [line(freight.id, { unitPrice: '20000' })] });
    // A local bill: packing 20,000.00 at 5 % (CGST 500.00 + SGST 500.00 of credit) and staff lunch 10,000.00 at
    // 18 % (CGST 900.00 + SGST 900.00, blocked by s.17(5)).
    await buy({
      partyId: mhSupplier.id,
      billDate: '2026-07-10',
      lines: [line(packing.id, { unitPrice: '20000' }), line(lunch.id, { unitPrice: '10000', itcEligible: false })],
    });
    // A blocked expense from a registered supplier: ₹1,180 with 18 % GST, CGST 90.00 + SGST 90.00.
    const category = (await get(h.app, '/api/expense/categories', biz.cookie)).json().data[0];
    const expense = await write(
      h.app,
      'POST',
      '/api/expense/create-expense',
      { date: '2026-07-12', categoryId: category.id, payment: { mode: 'CASH' }, amount: 1180, gst: { rate: 18, supplierGstin: MH_GSTIN, itcEligible: false } },
      { cookie: biz.cookie },
    );
    expect(expense.statusCode).toBe(201);

    const r = await gstr3b('072026');
    expect(r.data.sup_details.osup_det).toEqual({ txval: 440000, iamt: 10000, camt: 6000, samt: 6000, csamt: 0 });
    expect(r.data.sup_details.isup_rev).toEqual({ txval: 20000, iamt: 0, camt: 500, samt: 500, csamt: 0 });
    // 4(A) carries the blocked credit (lunch 900.00 + expense 90.00 a side) and 4(B)(1) reverses it: 4(C) is the
    // eligible credit alone.
    expect(r.data.itc_elg).toEqual({
      itc_avl: [
        { ty: 'IMPG', iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: 'IMPS', iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: 'ISRC', iamt: 0, camt: 500, samt: 500, csamt: 0 },
        { ty: 'ISD', iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: 'OTH', iamt: 18000, camt: 1490, samt: 1490, csamt: 0 },
      ],
      itc_rev: [
        { ty: 'RUL', iamt: 0, camt: 990, samt: 990, csamt: 0 },
        { ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      ],
      itc_net: { iamt: 18000, camt: 1000, samt: 1000, csamt: 0 },
      itc_inelg: [
        { ty: 'RUL', iamt: 0, camt: 0, samt: 0, csamt: 0 },
        { ty: 'OTH', iamt: 0, camt: 0, samt: 0, csamt: 0 },
      ],
    });
    // IGST credit 18,000: 10,000 against IGST, 5,000 against the CGST that CGST credit (1,000) leaves, the other
    // 3,000 against SGST. Reverse charge is paid in cash: CGST 0 + 500, SGST 6,000 − 3,000 − 1,000 + 500.
    expect(r.payment).toEqual({
      igst: { payable: '10000.00', reverseCharge: '0.00', itcUsed: heads('10000.00', '0.00', '0.00'), cash: '0.00' },
      cgst: { payable: '6000.00', reverseCharge: '500.00', itcUsed: heads('5000.00', '1000.00', '0.00'), cash: '500.00' },
      sgst: { payable: '6000.00', reverseCharge: '500.00', itcUsed: heads('3000.00', '0.00', '1000.00'), cash: '2500.00' },
      cess: { payable: '0.00', reverseCharge: '0.00', itcUsed: NONE, cash: '0.00' },
    });
    expect(r.liability).toEqual(heads('0.00', '500.00', '2500.00'));
    expect(r.creditCarriedForward).toEqual(NONE);
  });

  it('an intra-state sale with CGST 900 + SGST 900 against an inter-state purchase with IGST credit 1,800: no cash', async () => {
    const buyer = await f.party(biz, { name: 'Local Buyer', state: '27', gstin: gstin('27AAACT2727Q1Z') });
    const seller = await f.party(biz, { name: 'Delhi Seller', state: '07', gstin: gstin('07AAACD1234E1Z'), partyType: 'SUPPLIER' });
    const desk = await f.item(biz, { name: 'Desk', price: '5000', rate: 'gst-18', stock: 2 });
    await f.invoice(biz, { partyId: buyer.id, invoiceDate: '2026-08-05', lines: [line(desk.id, { quantity: 2 })] });
    await buy({ partyId: seller.id, billDate: '2026-08-07', lines: [line(desk.id, { quantity: 2, unitPrice: '5000' })] });
    const r = await gstr3b('082026');
    expect(r.data.sup_details.osup_det).toEqual({ txval: 10000, iamt: 0, camt: 900, samt: 900, csamt: 0 });
    expect(r.data.itc_elg.itc_net).toEqual({ iamt: 1800, camt: 0, samt: 0, csamt: 0 });
    expect(r.payment.cgst).toEqual({ payable: '900.00', reverseCharge: '0.00', itcUsed: heads('900.00', '0.00', '0.00'), cash: '0.00' });
    expect(r.payment.sgst).toEqual({ payable: '900.00', reverseCharge: '0.00', itcUsed: heads('900.00', '0.00', '0.00'), cash: '0.00' });
    expect(r.liability).toEqual(NONE);
    expect(r.creditCarriedForward).toEqual(NONE);
  });

  it('reverse-charge tax is paid in cash even with credit to spare, and the credit is carried forward', async () => {
    const supplier = await f.party(biz, { name: 'Advocate', state: '27', partyType: 'SUPPLIER' });
    const kaSupplier = await f.party(biz, { name: 'KA Parts', state: '29', gstin: gstin('29AAACP4321F1Z'), partyType: 'SUPPLIER' });
    const legal = await f.item(biz, { name: 'Legal advice', type: 'SERVICE', price: '100', rate: 'gst-18' });
    const parts = await f.item(biz, { name: 'Parts', price: '100', rate: 'gst-18' });
    // Reverse charge of 4,900.00 (2,450.00 + 2,450.00 on 27,222.22 at 18 %); IGST credit 50,000.00 on 2,77,777.78; no sales.
    await buy({ partyId: supplier.id, billDate: '2026-09-02', reverseCharge: true, lines: [line(legal.id, { unitPrice: '27222.22' })] });
    await buy({ partyId: kaSupplier.id, billDate: '2026-09-03', lines: [line(parts.id, { unitPrice: '277777.78' })] });
    // Reverse charge on a blocked line (1,000.00 at 18 %) is still paid in cash; its credit is in 4(A)(3) and
    // reversed in 4(B)(1).
    await buy({ partyId: supplier.id, billDate: '2026-09-04', reverseCharge: true, lines: [line(legal.id, { unitPrice: '1000', itcEligible: false })] });
    const r = await gstr3b('092026');
    expect(r.data.sup_details.isup_rev).toEqual({ txval: 28222.22, iamt: 0, camt: 2540, samt: 2540, csamt: 0 });
    expect(r.data.itc_elg.itc_avl.find((x: { ty: string }) => x.ty === 'ISRC')).toEqual({ ty: 'ISRC', iamt: 0, camt: 2540, samt: 2540, csamt: 0 });
    expect(r.data.itc_elg.itc_rev[0]).toEqual({ ty: 'RUL', iamt: 0, camt: 90, samt: 90, csamt: 0 });
    expect(r.data.itc_elg.itc_net).toEqual({ iamt: 50000, camt: 2450, samt: 2450, csamt: 0 });
    expect(r.liability).toEqual(heads('0.00', '2540.00', '2540.00'));
    expect(r.payment.cgst).toEqual({ payable: '0.00', reverseCharge: '2540.00', itcUsed: NONE, cash: '2540.00' });
    expect(r.creditCarriedForward).toEqual(heads('50000.00', '2450.00', '2450.00'));
  });
});
