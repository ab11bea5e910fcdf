import { IMPORT_MAX_BYTES, XLSX_MIME, type Party } from '@bahi/shared/contracts';
import ExcelJS from 'exceljs';
import { MULTIPART_REFUSED } from '../plugins/multipart';
import { IMPORT_MESSAGES, SHEET_MESSAGES } from '../services/import';
import { csvOf, failInserts, readWorkbook, uploadFile, xlsxOf, zipOf, type Cells } from '../services/import/testing';
import { PARTY_IMPORT_COLUMNS } from '../services/party/import';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let b: SignedUp;
beforeAll(async () => {
  h = await createHarness();
  b = await signUp(h, { businessName: 'Beta Stores' });
});
afterAll(() => h.close());

const create = (who: SignedUp, body: object) => write(h.app, 'POST', '/api/party/create', body, { cookie: who.cookie });
/** The business's parties (a page of them with `pageSize`, then with their total), `q` searching. */
const list = async (who: SignedUp, query: { q?: string; pageSize?: string } = {}) =>
  (await get(h.app, `/api/party/parties?${new URLSearchParams(query)}`, who.cookie)).json() as { data: Party[]; meta?: { total: number } };
const names = async (who: SignedUp, query: { q?: string } = {}) => (await list(who, query)).data.map((p) => p.name);
const categories = async (who: SignedUp) =>
  ((await get(h.app, '/api/party/get-catagories', who.cookie)).json().data as { catagory: string }[]).map((c) => c.catagory);
const importFile = (who: SignedUp, file: Buffer, filename = 'parties.xlsx') =>
  uploadFile(h.app, '/api/party/bulk-create', file, { cookie: who.cookie, filename });

const HEADER: Cells = PARTY_IMPORT_COLUMNS.map((c) => c.header);
/** A row in template column order from the fields given. */
const row = (fields: Partial<Record<(typeof PARTY_IMPORT_COLUMNS)[number]['key'], string | number>>): Cells =>
  PARTY_IMPORT_COLUMNS.map((c) => fields[c.key] ?? null);

describe('bulk import', () => {
  let d: SignedUp;
  beforeAll(async () => {
    d = await signUp(h, { businessName: 'Delta Distributors' });
    await create(d, { name: 'Already Here', partyType: 'CUSTOMER' });
  });
  const count = async () => (await list(d, { pageSize: '1' })).meta!.total;

  it('offers a template with the columns, one example row and a Notes sheet', async () => {
    const res = await get(h.app, '/api/party/bulk-create/template', d.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe('attachment; filename="parties-import-template.xlsx"');
    const book = await readWorkbook(res.rawPayload);
    expect(Object.keys(book)).toEqual(['Parties', 'Notes']);
    const [header, example, ...rest] = book.Parties.rows;
    expect(header.slice(0, 3)).toEqual(['Party Name *', 'Party Type *', 'Mobile Number']);
    expect(header).toHaveLength(PARTY_IMPORT_COLUMNS.length);
    expect(example.slice(0, 3)).toEqual(['Sharma Traders', 'CUSTOMER', '9876543210']);
    expect(rest).toEqual([]);
    const notes = book.Notes.rows;
    expect(notes[0]).toEqual(['Column', 'Required', 'What to enter']);
    for (const c of PARTY_IMPORT_COLUMNS) expect(notes.some((r) => r[0] === c.header && r[2] === c.note)).toBe(true);
  });

  it('imports the template as downloaded: its example row is a valid party', async () => {
    const template = (await get(h.app, '/api/party/bulk-create/template', d.cookie)).rawPayload;
    const res = await importFile(d, template);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { count: 1 }, message: '1 party imported' });
    const [sharma] = (await list(d, { q: 'Sharma Traders' })).data;
    expect(sharma).toMatchObject({
      partyType: 'CUSTOMER',
      mobileNumber: '9876543210',
      email: 'accounts@sharmatraders.in',
      partyCatagory: { catagory: 'Wholesale' },
      openingBalance: '1500.00',
      gstin: '27AAPFU0939F1ZV',
      panNumber: 'AAPFU0939F',
      creditPeriod: 30,
      creditLimit: '50000.00',
      billingAddress: { type: 'BOTH', miscData: { ad: 'Shop 4, MG Road, Camp', st: 'Maharashtra', pin: '411001' } },
    });
  });

  const good = [
    row({ name: 'Ganesh Stores', partyType: 'CUSTOMER', mobileNumber: 9812345678, billingState: 'Gujarat', billingPin: 380001 }),
    row({ name: 'Hari Om Supplies', partyType: 'supplier', category: 'Wholesale', creditPeriod: 15, creditLimit: 20000.5 }),
    row({
      name: 'Indus Textiles',
      partyType: 'Customer',
      gstin: '24AAPFU0939F1Z1',
      billingStreet: 'Ring Road',
      billingState: '24',
      billingPin: '395002',
      shippingStreet: 'Sachin GIDC',
      shippingState: 'Gujarat',
      shippingPin: '394230',
    }),
  ];

  it('imports nothing when any row fails, and reports each failed row with its values and reasons', async () => {
    const before = await count();
    const rows: Cells[] = [
      HEADER,
      good[0],
      row({ name: 'Bad Mobile', partyType: 'CUSTOMER', mobileNumber: '12345', billingPin: '011001' }),
      good[1],
      row({ name: 'already here', partyType: 'SUPPLIER' }),
      [],
      row({ name: 'Twin Traders', partyType: 'CUSTOMER' }),
      row({ name: 'twin traders', partyType: 'VENDOR' }),
      row({ partyType: 'CUSTOMER', gstin: '27AAPFU0939F1ZV', billingState: 'Karnataka' }),
    ];
    const res = await importFile(d, await xlsxOf(rows));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe('attachment; filename="parties-import-errors.xlsx"');
    expect(res.headers['x-failed-rows']).toBe('5');
    expect(await count()).toBe(before);
    expect(await names(d, { q: 'Ganesh' })).toEqual([]);

    const report = await readWorkbook(res.rawPayload);
    const [header, ...failed] = report.Errors.rows;
    expect(header).toEqual(['Row', ...PARTY_IMPORT_COLUMNS.map((c) => c.header), 'Errors']);
    const col = (name: string) => header.indexOf(name);
    expect(failed.map((r) => r[0])).toEqual(['3', '5', '7', '8', '9']);
    const byRow = Object.fromEntries(failed.map((r) => [r[0], r]));
    expect(byRow['3'][col('Party Name')]).toBe('Bad Mobile');
    expect(byRow['3'][col('Mobile Number')]).toBe('12345');
    expect(byRow['3'][col('Billing PIN')]).toBe('011001');
    expect(byRow['3'][col('Errors')]).toBe(
      'Mobile Number: Enter a 10-digit Indian mobile number\nBilling PIN: PIN code must be 6 digits and cannot start with 0',
    );
    expect(byRow['5'][col('Errors')]).toBe('Party Name: A party named already here already exists');
    expect(byRow['7'][col('Errors')]).toBe('Party Name: Party Name "Twin Traders" is also on row 8 of this file');
    expect(byRow['8'][col('Errors')]).toBe(
      'Party Type: Party type must be CUSTOMER, SUPPLIER or BOTH\nParty Name: Party Name "twin traders" is also on row 7 of this file',
    );
    expect(byRow['9'][col('Errors')]).toBe(
      'Party Name: Party name is required\nGSTIN: GSTIN starts with 27 (Maharashtra), which does not match the billing state (Karnataka)',
    );
    // The cell at fault carries its reason as a note.
    const mobileCell = `${String.fromCharCode(64 + col('Mobile Number') + 1)}2`;
    expect(report.Errors.notes[mobileCell]).toBe('Enter a 10-digit Indian mobile number');
    expect(report.Summary.rows[0][0]).toBe('5 of 7 rows have problems. Nothing was imported.');
  });

  it('imports every row in one go once the file is right', async () => {
    const before = await count();
    const res = await importFile(d, await xlsxOf([HEADER, ...good]));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { count: 3 }, message: '3 parties imported' });
    expect(await count()).toBe(before + 3);
    const [hari] = (await list(d, { q: 'Hari Om' })).data;
    expect(hari).toMatchObject({ partyType: 'SUPPLIER', creditPeriod: 15, creditLimit: '20000.50', partyCatagory: { catagory: 'Wholesale' } });
    const [indus] = (await list(d, { q: 'Indus' })).data;
    expect(indus.billingAddress).toMatchObject({ type: 'BILLING', miscData: { st: 'Gujarat', pin: '395002' } });
    expect(indus.shippingAddress).toMatchObject({ type: 'SHIPPING', miscData: { ad: 'Sachin GIDC', pin: '394230' } });
    expect(indus.panNumber).toBe('AAPFU0939F');
    const [ganesh] = (await list(d, { q: 'Ganesh' })).data;
    expect(ganesh.billingAddress).toMatchObject({ type: 'BOTH', miscData: { ad: null, st: 'Gujarat', pin: '380001' } });
    // The existing category was reused, not duplicated.
    const cats = (await get(h.app, '/api/party/get-catagories', d.cookie)).json().data;
    expect(cats.map((c: { catagory: string }) => c.catagory)).toEqual(['Wholesale']);
  });

  it('reads BOTH, "Both" and "Customer & Supplier" as a party that is customer and supplier; the template offers BOTH', async () => {
    const res = await importFile(d, await xlsxOf([
      HEADER,
      row({ name: 'Both Upper', partyType: 'BOTH' }),
      row({ name: 'Both Title', partyType: 'Both' }),
      row({ name: 'Both Written', partyType: 'Customer & Supplier' }),
    ]));
    expect(res.statusCode).toBe(201);
    const imported = (await list(d, { q: 'Both ' })).data;
    expect(imported.map((p) => [p.name, p.partyType])).toEqual([
      ['Both Title', 'BOTH'],
      ['Both Upper', 'BOTH'],
      ['Both Written', 'BOTH'],
    ]);
    const template = new ExcelJS.Workbook();
    await template.xlsx.load((await get(h.app, '/api/party/bulk-create/template', d.cookie)).rawPayload as unknown as ArrayBuffer);
    const validations = (template.getWorksheet('Parties') as unknown as { dataValidations: { model: Record<string, ExcelJS.DataValidation> } }).dataValidations.model;
    expect(validations.B2?.formulae).toEqual(['"CUSTOMER,SUPPLIER,BOTH"']);
  });

  it('reads the Registration Type column (any case); a type that needs a GSTIN without one fails its row', async () => {
    const refused = await importFile(d, await xlsxOf([HEADER, row({ name: 'Kandla SEZ Unit', partyType: 'CUSTOMER', registrationType: 'SEZ' })]));
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify((await readWorkbook(refused.rawPayload)).Errors.rows)).toContain('needs its GSTIN');
    const res = await importFile(d, await xlsxOf([
      HEADER,
      row({ name: 'Kandla SEZ Unit', partyType: 'CUSTOMER', registrationType: 'sez', gstin: '27AAPFU0939F1ZV', billingState: 'Maharashtra' }),
      row({ name: 'Gulf Traders LLC', partyType: 'CUSTOMER', registrationType: 'Overseas', billingState: 'Other Country', billingStreet: 'Deira, Dubai' }),
      row({ name: 'Walk-in Consumer', partyType: 'CUSTOMER', registrationType: 'CONSUMER' }),
      row({ name: 'Plain Kirana', partyType: 'CUSTOMER' }),
    ]));
    expect(res.statusCode).toBe(201);
    const types = async (q: string) => (await list(d, { q })).data.map((p) => p.registrationType);
    expect(await types('Kandla SEZ')).toEqual(['SEZ']);
    expect(await types('Gulf Traders')).toEqual(['OVERSEAS']);
    expect(await types('Walk-in Consumer')).toEqual(['CONSUMER']);
    expect(await types('Plain Kirana')).toEqual(['UNREGISTERED']);
  });

  it('reads a CSV as text: leading zeros, quoted commas, a byte-order mark and header variants', async () => {
    const file = csvOf(
      [
        ['party name', 'TYPE', 'Mobile', 'Billing Address', 'State', 'PIN', 'Opening Balance', 'Ignored Column'],
        ['Jain & Sons, Pune', 'CUSTOMER', '+91 98220 11111', '"Shop 1", Laxmi Road', 'maharashtra', '411030', '1,200.50', 'x'],
        ['Kamal Zero Pin', 'CUSTOMER', '', '', '', '011030', '', ''],
      ],
      { bom: true },
    );
    const bad = await importFile(d, file, 'parties.csv');
    expect(bad.statusCode).toBe(400);
    const report = await readWorkbook(bad.rawPayload);
    const [header, only] = report.Errors.rows;
    expect(only[0]).toBe('3');
    expect(only[header.indexOf('Billing PIN')]).toBe('011030');

    const fixed = csvOf([
      ['Party Name', 'Party Type', 'Mobile Number', 'Billing Address', 'Billing State', 'Billing PIN', 'Opening Balance'],
      ['Jain & Sons, Pune', 'CUSTOMER', '+91 98220 11111', '"Shop 1", Laxmi Road', 'maharashtra', '411030', '1,200.50'],
    ]);
    const res = await importFile(d, fixed, 'parties.csv');
    expect(res.statusCode).toBe(201);
    const [jain] = (await list(d, { q: 'Jain' })).data;
    expect(jain).toMatchObject({
      name: 'Jain & Sons, Pune',
      mobileNumber: '9822011111',
      openingBalance: '1200.50',
      billingAddress: { miscData: { ad: '"Shop 1", Laxmi Road', st: 'Maharashtra', pin: '411030' } },
    });
  });

  it('refuses files it cannot take, as JSON, and imports nothing', async () => {
    const before = await count();
    const cases: [Buffer, number, string][] = [
      [Buffer.from('%PDF-1.4\n\0\0binary'), 415, SHEET_MESSAGES.notSpreadsheet],
      [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 415, SHEET_MESSAGES.legacyXls],
      [zipOf([{ name: 'word/document.xml', data: Buffer.from('<document/>') }]), 415, SHEET_MESSAGES.notSpreadsheet],
      [Buffer.from('PK\u0003\u0004 truncated zip'), 400, SHEET_MESSAGES.unreadable],
      [csvOf([HEADER]), 400, IMPORT_MESSAGES.noRows({ one: 'party', many: 'parties' })],
      [csvOf([['Name of party', 'Kind'], ['A', 'CUSTOMER']]), 400, IMPORT_MESSAGES.missingColumns(['Party Name', 'Party Type'])],
      [Buffer.from('\n\n,,\n'), 400, IMPORT_MESSAGES.empty],
    ];
    for (const [file, status, message] of cases) {
      const res = await importFile(d, file);
      expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { success: false, message } });
    }
    expect(await count()).toBe(before);
  });

  it('refuses more than 10,000 rows and more than 5 MB with 413', async () => {
    const many = [HEADER, ...Array.from({ length: 10_001 }, (_, i) => row({ name: `Party ${i}`, partyType: 'CUSTOMER' }))];
    const tooMany = await importFile(d, await xlsxOf(many));
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe(SHEET_MESSAGES.tooManyRows(10_000));
    const tooManyCsv = await importFile(d, csvOf(many), 'many.csv');
    expect(tooManyCsv.statusCode).toBe(413);

    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1, 'a');
    const tooBig = await importFile(d, big, 'big.csv');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ success: false, message: IMPORT_MESSAGES.tooLarge });
  });

  it('takes a multipart upload only where one is expected', async () => {
    const json = await write(h.app, 'POST', '/api/party/bulk-create', {}, { cookie: d.cookie });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(IMPORT_MESSAGES.notMultipart);
    const misplaced = await uploadFile(h.app, '/api/party/create', csvOf([['x']]), { cookie: d.cookie });
    expect(misplaced.statusCode).toBe(415);
    expect(misplaced.json()).toEqual({ success: false, message: MULTIPART_REFUSED });
  });

  it('matches names of this business only', async () => {
    // 'Already Here' exists in business d; business b may import it.
    const res = await importFile(b, await xlsxOf([HEADER, row({ name: 'Already Here', partyType: 'CUSTOMER' })]));
    expect(res.statusCode).toBe(201);
  });
});

describe('all or nothing, when the database fails half-way', () => {
  let e: SignedUp;
  let undo: () => Promise<void>;
  beforeAll(async () => {
    e = await signUp(h, { businessName: 'Epsilon Exports' });
    await create(e, { name: 'Kept Party', partyType: 'CUSTOMER' });
    // Fails the insert on its last row: the new category and the rows before it are already written by then.
    undo = await failInserts(h.database.db, 'parties', "new.name = 'Fails Last'");
  });
  afterAll(() => undo());

  it('leaves no party and no category behind', async () => {
    const file = await xlsxOf([
      HEADER,
      row({ name: 'Written First', partyType: 'CUSTOMER', category: 'Created By Import' }),
      row({ name: 'Written Second', partyType: 'SUPPLIER', category: 'Created By Import', gstin: '27AAPFU0939F1ZV', billingState: 'Maharashtra' }),
      row({ name: 'Fails Last', partyType: 'CUSTOMER' }),
    ]);
    const res = await importFile(e, file);
    expect(res.statusCode).toBe(500);
    expect(await names(e)).toEqual(['Kept Party']);
    expect(await categories(e)).toEqual([]);
  });
});
