import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { XLSX_MIME, type Item } from '@bahi/shared/contracts';
import { eq } from 'drizzle-orm';
import { itemStock } from '../db/schema';
import { csvOf, failInserts, readWorkbook, uploadFile, xlsxOf, type Cells } from '../services/import/testing';
import { ITEM_IMPORT_COLUMNS, type ItemColumn } from '../services/item/import';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-item-import-'));
  h = await createHarness({ DATA_DIR: dataDir });
  a = await signUp(h, { businessName: 'Alpha Electronics' });
  b = await signUp(h, { businessName: 'Beta Stores' });
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const HEADER = ITEM_IMPORT_COLUMNS.map((c) => c.header);
const row = (values: Partial<Record<ItemColumn, string | number>>): Cells => ITEM_IMPORT_COLUMNS.map((c) => values[c.key] ?? null);
const importFile = (who: SignedUp, file: Buffer, filename = 'items.xlsx') =>
  uploadFile(h.app, '/api/item/bulk-create-items', file, { cookie: who.cookie, filename });
const items = async (who: SignedUp, query = '') => {
  const body = (await get(h.app, `/api/item/items?pageSize=500${query}`, who.cookie)).json() as { meta: { total: number }; data: Item[] };
  return { total: body.meta.total, data: body.data };
};
const categories = async (who: SignedUp) =>
  ((await get(h.app, '/api/item/get-item-catagories', who.cookie)).json().data as { catagory: string; itemCount: number }[]).map(
    (c) => [c.catagory, c.itemCount],
  );

describe('bulk-create-items', () => {
  it('offers a template with every column and a Notes sheet', async () => {
    const res = await get(h.app, '/api/item/bulk-create-items/template', a.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    const book = await readWorkbook(res.rawPayload);
    expect(book.Items.rows[0]).toEqual([
      'Item Type *',
      'Item Name *',
      'Item Code *',
      'HSN/SAC Code',
      'Category',
      'Unit',
      'GST Rate (%)',
      'Cess (%)',
      'Sale Price',
      'Sale Price Tax Type',
      'Purchase Price',
      'Purchase Price Tax Type',
      'Opening Stock',
      'Low Stock Quantity',
      'Taxability',
    ]);
    expect(JSON.stringify(book)).toContain('A category that does not exist yet is created');
    expect((await get(h.app, '/api/item/bulk-create-items/template')).statusCode).toBe(401);
  });

  it('imports nothing when any row fails, and reports each failed row with its reasons', async () => {
    await write(h.app, 'POST', '/api/item/create-item-category', { catagory: 'Mobiles' }, { cookie: a.cookie });
    const existing = await uploadFile(h.app, '/api/item/bulk-create-items', await xlsxOf([HEADER, row({ itemType: 'PRODUCT', name: 'Old phone', code: 'TAKEN1' })]), {
      cookie: a.cookie,
    });
    expect(existing.statusCode).toBe(201);
    const before = await items(a);
    const rows: Cells[] = [
      HEADER,
      row({ itemType: 'PRODUCT', name: 'Good one', code: 'GOOD1', category: 'Brand new category' }),
      row({ itemType: 'PRODUCT', name: 'Bad HSN', code: 'BAD1', hsnSac: '123', salePrice: '-5' }),
      row({ itemType: 'SERVICE', name: 'No SAC', code: 'SVC1' }),
      row({ itemType: 'PRODUCT', name: 'Unknown unit', code: 'BAD2', unit: 'XYZ', gstRate: 19 }),
      row({ itemType: 'PRODUCT', name: 'Twin', code: 'twin' }),
      row({ itemType: 'PRODUCT', name: 'Twin again', code: 'TWIN' }),
      row({ itemType: 'PRODUCT', name: 'Clash', code: 'taken1', openingStock: '2.5' }),
      row({ itemType: 'GOODS', code: 'BAD3', gstRate: 28, cess: 5 }),
    ];
    const res = await importFile(a, await xlsxOf(rows));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe(XLSX_MIME);
    expect(res.headers['content-disposition']).toBe('attachment; filename="items-import-errors.xlsx"');
    expect(res.headers['x-failed-rows']).toBe('7');

    const report = await readWorkbook(res.rawPayload);
    const [header, ...failed] = report.Errors.rows;
    const col = header.indexOf('Errors');
    const errors = Object.fromEntries(failed.map((r) => [r[0], r[col]]));
    expect(Object.keys(errors)).toEqual(['3', '4', '5', '6', '7', '8', '9']);
    expect(errors['3']).toBe('HSN/SAC Code: HSN Code must be 4, 6 or 8 digits\nSale Price: Sale Price must be 0 or more, in steps of 0.01');
    expect(errors['4']).toBe('HSN/SAC Code: SAC Code is required');
    expect(errors['5']).toBe('Unit: XYZ is not a GST unit code: use one such as NOS, PCS, KGS, LTR, BOX\nGST Rate (%): There is no GST rate of 19%');
    expect(errors['6']).toBe('Item Code: Item Code "twin" is also on row 7 of this file');
    expect(errors['8']).toBe('Opening Stock: Opening Stock must be a whole number, 0 or more');
    expect(errors['9']).toBe('Item Type: Item type must be PRODUCT or SERVICE');

    // All or nothing: not even the good row, nor its new category.
    expect((await items(a)).total).toBe(before.total);
    expect(await categories(a)).toEqual([['Mobiles', 0]]);
  });

  it('reports codes already used in Bahi', async () => {
    const res = await importFile(a, await xlsxOf([HEADER, row({ itemType: 'PRODUCT', name: 'Clash', code: 'taken1' })]));
    expect(res.statusCode).toBe(400);
    const report = await readWorkbook(res.rawPayload);
    const [header, failed] = report.Errors.rows;
    expect(failed[header.indexOf('Errors')]).toBe('Item Code: Code taken1 is already used by Old phone');
  });

  it('imports every row once the file is right: categories created, rates and units resolved, stock at the active branch', async () => {
    const csv = csvOf([
      HEADER,
      row({
        itemType: 'PRODUCT',
        name: 'Redmi Note 13',
        code: 'RN13',
        hsnSac: '85171300',
        category: 'mobiles',
        unit: 'pcs',
        gstRate: '18%',
        salePrice: '15,999.50',
        saleTaxType: 'With Tax',
        purchasePrice: 13500,
        purchaseTaxType: 'WITHOUT_TAX',
        openingStock: 10,
        lowStock: 2,
      }),
      row({ itemType: 'PRODUCT', name: 'Cola 2L', code: 'COLA2', category: 'Beverages', unit: 'BTL', gstRate: 28, cess: 12, openingStock: 0 }),
      row({ itemType: 'SERVICE', name: 'Screen repair', code: 'REP1', hsnSac: '998713', category: 'Services', salePrice: 999 }),
    ]);
    const res = await importFile(a, csv, 'items.csv');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { count: 3 }, message: '3 items imported' });

    const redmi = (await items(a, '&q=RN13')).data[0];
    expect(redmi).toMatchObject({
      itemType: 'PRODUCT',
      itemName: 'Redmi Note 13',
      itemCode: 'RN13',
      hsnCode: '85171300',
      itemCatagory: { catagory: 'Mobiles' },
      unit: { id: 'PCS', name: 'Pieces', shortName: 'PCS' },
      gstRate: { id: 'gst-18', value: 18, cessValue: 0 },
      salePrice: '15999.50',
      isSaleTaxApplicable: true,
      purchasePrice: '13500.00',
      isPurchaseTaxApplicable: false,
      openingStock: 10,
      netQuantity: 10,
      isAlertEnabled: true,
      productAlertValue: 2,
      itemProductType: 'NEW',
    });
    const cola = (await items(a, '&q=COLA2')).data[0];
    expect(cola.gstRate).toEqual({ id: 'gst-28-cess-12', value: 28, cessValue: 12, validFrom: null, validTo: '2025-09-21' });
    expect(cola.netQuantity).toBe(0);
    const repair = (await items(a, '&q=REP1')).data[0];
    expect(repair).toMatchObject({ itemType: 'SERVICE', serviceName: 'Screen repair', serviceCode: 'REP1', sacCode: '998713' });
    expect(await categories(a)).toEqual([
      ['Beverages', 1],
      ['Mobiles', 1],
      ['Services', 1],
    ]);

    const stock = (await get(h.app, `/api/item/item-stock?id=${redmi.id}`, a.cookie)).json().data;
    expect(stock.movements).toEqual([
      expect.objectContaining({ kind: 'OPENING', quantity: 10, balanceAfter: 10, reason: 'Opening stock (spreadsheet import)', branchName: 'Main Branch' }),
    ]);
    // In the books at its purchase price: 10 × ₹13,500 in Stock in hand, against Opening balance equity.
    const tree = (await get(h.app, '/api/ledger/accounts', a.cookie)).json().data as { groups: Array<{ ledgers: Array<{ code: string | null; balance: string }> }> };
    const ledger = (code: string) => tree.groups.flatMap((g) => g.ledgers).find((l) => l.code === code)!.balance;
    expect([ledger('STOCK'), ledger('OPENING_EQUITY')]).toEqual(['135000.00', '-135000.00']);
  });

  it('reads Taxability: a nil-rated, exempt or non-GST row is at GST @ 0%, and a taxed rate with it is refused', async () => {
    const who = await signUp(h, { businessName: 'Dairy Co' });
    const bad = await importFile(who, await xlsxOf([HEADER, row({ itemType: 'PRODUCT', name: 'Curd', code: 'CURD1', gstRate: 5, taxability: 'NIL_RATED' })]));
    expect(bad.statusCode).toBe(400);
    const report = await readWorkbook(bad.rawPayload);
    const [header, failed] = report.Errors.rows;
    expect(failed[header.indexOf('Errors')]).toBe('GST Rate (%): A nil-rated, exempt or non-GST item has a GST rate of 0');

    const res = await importFile(
      who,
      await xlsxOf([
        HEADER,
        row({ itemType: 'PRODUCT', name: 'Milk', code: 'MILK1', taxability: 'Nil rated' }),
        row({ itemType: 'PRODUCT', name: 'Diesel', code: 'HSD1', gstRate: 0, taxability: 'NON_GST' }),
        row({ itemType: 'PRODUCT', name: 'Paneer', code: 'PNR1', gstRate: 0 }),
        row({ itemType: 'PRODUCT', name: 'Ghee', code: 'GHEE1', gstRate: 5 }),
      ]),
    );
    expect(res.statusCode).toBe(201);
    const byName = Object.fromEntries((await items(who)).data.map((i) => [i.itemName, [i.taxability, i.gstRate?.id ?? null]]));
    expect(byName).toEqual({
      Diesel: ['NON_GST', 'gst-0'],
      Ghee: ['TAXABLE', 'gst-5'],
      Milk: ['NIL_RATED', 'gst-0'],
      Paneer: ['NIL_RATED', 'gst-0'],
    });
  });

  it('keeps businesses apart: another business gets its own categories and may reuse codes', async () => {
    const res = await importFile(b, await xlsxOf([HEADER, row({ itemType: 'PRODUCT', name: 'Their phone', code: 'RN13', category: 'Mobiles' })]));
    expect(res.statusCode).toBe(201);
    expect(await categories(b)).toEqual([['Mobiles', 1]]);
    expect((await items(b)).data.map((i) => i.itemName)).toEqual(['Their phone']);
    expect((await items(a, '&q=Their')).total).toBe(0);
  });

  it('needs a session and a file', async () => {
    expect((await uploadFile(h.app, '/api/item/bulk-create-items', await xlsxOf([HEADER]))).statusCode).toBe(401);
    const empty = await importFile(a, await xlsxOf([HEADER]));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The file has no items to import: add one row per item under the header row.');
  });
});

describe('all or nothing, when the database fails half-way', () => {
  let c: SignedUp;
  let undo: () => Promise<void>;
  beforeAll(async () => {
    c = await signUp(h, { businessName: 'Gamma Mobiles' });
    await write(h.app, 'POST', '/api/item/create-item-category', { catagory: 'Existing' }, { cookie: c.cookie });
    // Fails the import's last statement (the opening-stock movements): categories, items and stock are written by then.
    undo = await failInserts(h.database.db, 'stock_movements', 'new.quantity = 13');
  });
  afterAll(() => undo());

  it('leaves no item, no stock and no category behind', async () => {
    const file = await xlsxOf([
      HEADER,
      row({ itemType: 'PRODUCT', name: 'Written First', code: 'W1', category: 'Created By Import', openingStock: 5 }),
      row({ itemType: 'SERVICE', name: 'Written Second', code: 'W2', hsnSac: '998713', category: 'Existing' }),
      row({ itemType: 'PRODUCT', name: 'Fails Last', code: 'F3', openingStock: 13 }),
    ]);
    const res = await importFile(c, file);
    expect(res.statusCode).toBe(500);
    expect((await items(c)).total).toBe(0);
    expect(await categories(c)).toEqual([['Existing', 0]]);
    const stock = await h.database.db.select().from(itemStock).where(eq(itemStock.businessId, c.profile.user.business.id));
    expect(stock).toEqual([]);
  });
});
