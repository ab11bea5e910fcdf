import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Expense, ExpenseCategory, Item, PurchaseInvoice } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../../db/rows';
import { documentFixtures } from '../../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../../test/harness';
import { JPEG, PNG, png, sendForm, sendMultipart } from '../../test/multipart';
import { importFilesFromDataDir } from './import';
import { putFile, readFile, sha256Of } from './index';

/*
 * Files uploaded before they lived in the database sit in DATA_DIR under the names their rows hold. Here they are
 * made as such a server had them (the row names the file on disk and no stored file), then moved in by the import
 * that runs at start: served again with their bytes, gone from DATA_DIR, and a second run moves nothing.
 */

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let dataDir: string;
let f: ReturnType<typeof documentFixtures>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-files-import-'));
  h = await createHarness({ DATA_DIR: dataDir });
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Alpha Traders', stateCode: '27' });
  b = await signUp(h, { businessName: 'Beta Stores', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await h?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const businessA = () => a.profile.user.business.id;
const db = () => h.database.db;
const storedCount = async (businessId: string) =>
  (await selectRows<{ n: number }>(db(), sql`select count(*)::int as n from stored_files where business_id = ${businessId}`))[0].n;

/** Turns a stored file back into one on disk, as before files lived in the database. */
async function toLegacy(table: string, nameColumn: string, idColumn: string, rowId: string, dir: string, name: string) {
  const [row] = await selectRows<{ file_id: string }>(
    db(),
    sql`select ${sql.identifier(idColumn)} as file_id from ${sql.identifier(table)} where business_id = ${businessA()} and id = ${rowId}`,
  );
  const file = (await readFile(db(), businessA(), row.file_id))!;
  fs.mkdirSync(path.join(dataDir, dir, businessA()), { recursive: true });
  fs.writeFileSync(path.join(dataDir, dir, businessA(), name), file.bytes);
  await db().execute(
    sql`update ${sql.identifier(table)} set ${sql.identifier(nameColumn)} = ${name}, ${sql.identifier(idColumn)} = null
        where business_id = ${businessA()} and id = ${rowId}`,
  );
  await db().execute(sql`delete from stored_files where business_id = ${businessA()} and id = ${row.file_id}`);
}

describe('putFile / readFile', () => {
  it('keeps the bytes with their type, size and SHA-256; another business or a bad id finds nothing', async () => {
    const id = await putFile(db(), businessA(), { bytes: PNG, contentType: 'image/png' });
    const file = await readFile(db(), businessA(), id);
    expect(file).toMatchObject({ id, contentType: 'image/png', size: PNG.length, sha256: sha256Of(PNG) });
    expect(file!.bytes.equals(PNG)).toBe(true);
    expect(await readFile(db(), b.profile.user.business.id, id)).toBeNull();
    expect(await readFile(db(), businessA(), 'not-a-uuid')).toBeNull();
    await db().execute(sql`delete from stored_files where business_id = ${businessA()} and id = ${id}`);
  });
});

describe('importing files from DATA_DIR', () => {
  let item: Item;
  let bill: PurchaseInvoice;
  let expense: Expense;
  const imageName = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png';
  const billName = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.pdf';
  const receiptName = 'cccccccccccccccccccccccccccccccc.jpg';

  beforeAll(async () => {
    // Made through the API, then put back as an older server kept them.
    item = (await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, { itemType: 'PRODUCT', itemName: 'Fan', itemCode: 'FAN1' }, [png()])).json().data;
    const supplier = await f.party(a, { partyType: 'SUPPLIER', state: '27' });
    const tape = await f.item(a, { price: '30' });
    bill = (
      await write(h.app, 'POST', '/api/purchase/create-purchase', { billNumber: 'S-1', partyId: supplier.id, lines: [{ itemId: tape.id, quantity: 1, unitPrice: '20' }] }, { cookie: a.cookie })
    ).json().data;
    const form = new FormData();
    form.append('file', new File([PDF], 'March bill.pdf', { type: 'application/pdf' }), 'March bill.pdf');
    expect((await sendForm(h.app, 'POST', `/api/purchase/attach-bill/${bill.id}`, a.cookie, form)).statusCode).toBe(200);
    // Cash never goes below 0: some comes in first.
    const cash = (await f.accounts(a)).find((x) => x.type === 'CASH')!;
    const adjust = { accountId: cash.id, amount: '100', reason: 'Opening cash count', date: '2026-01-01' };
    expect((await write(h.app, 'POST', '/api/account/adjust', adjust, { cookie: a.cookie })).statusCode).toBe(201);
    const categories: ExpenseCategory[] = (await get(h.app, '/api/expense/categories', a.cookie)).json().data;
    expense = (
      await write(h.app, 'POST', '/api/expense/create-expense', { categoryId: categories[0].id, amount: '5', payment: { mode: 'CASH' } }, { cookie: a.cookie })
    ).json().data;
    const receipt = new FormData();
    receipt.append('receipt', new File([JPEG], 'tea.jpg', { type: 'image/jpeg' }), 'tea.jpg');
    expect((await sendForm(h.app, 'POST', `/api/expense/attach-receipt/${expense.id}`, a.cookie, receipt)).statusCode).toBe(200);

    const [image] = await selectRows<{ id: string; file_name: string }>(db(), sql`select id, file_name from item_images where item_id = ${item.id}`);
    await db().execute(sql`update item_images set file_name = ${imageName} where id = ${image.id}`);
    await toLegacy('item_images', 'file_name', 'file_id', image.id, 'item-images', imageName);
    await toLegacy('purchase_invoices', 'attachment_file_name', 'attachment_file_id', bill.id, 'purchase-bills', billName);
    await toLegacy('expenses', 'receipt_file', 'receipt_file_id', expense.id, 'expense-receipts', receiptName);
  });

  const imageUrl = () => `/api/item/image/${imageName}`;
  const billUrl = () => `/api/purchase/purchase-invoice/${bill.id}/attachment`;
  const receiptUrl = () => `/api/expense/receipt/${expense.id}`;

  it('moves every file into the database once, serves it as before and leaves DATA_DIR without them', async () => {
    // Before the import the database has none of their bytes: not served.
    expect(await storedCount(businessA())).toBe(0);
    expect((await get(h.app, imageUrl(), a.cookie)).statusCode).toBe(404);

    const logged: string[] = [];
    const log = { info: (_: object, msg: string) => logged.push(msg), warn: (_: object, msg: string) => logged.push(msg) };
    const result = await importFilesFromDataDir(db(), dataDir, log);
    expect(result).toEqual({ moved: { 'item images': 1, 'purchase bills': 1, 'expense receipts': 1 }, missing: [] });
    expect(logged).toEqual([`Moved 3 uploaded files from ${dataDir} into the database`]);
    expect(await storedCount(businessA())).toBe(3);

    const image = await get(h.app, imageUrl(), a.cookie);
    expect([image.statusCode, image.headers['content-type'], image.headers['cache-control']]).toEqual([200, 'image/png', 'private, max-age=31536000, immutable']);
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const file = await get(h.app, billUrl(), a.cookie);
    expect([file.statusCode, file.headers['content-type'], file.headers['content-disposition']]).toEqual([200, 'application/pdf', 'inline; filename="March bill.pdf"']);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    const receipt = await get(h.app, receiptUrl(), a.cookie);
    expect([receipt.statusCode, receipt.headers['content-type'], receipt.headers['x-content-type-options']]).toEqual([200, 'image/jpeg', 'nosniff']);
    expect(receipt.rawPayload.equals(JPEG)).toBe(true);
    expect((await get(h.app, receiptUrl(), b.cookie)).statusCode).toBe(404);
    expect((await get(h.app, `/api/purchase/purchase-invoice/${bill.id}`, a.cookie)).json().data.attachment).toMatchObject({ fileName: 'March bill.pdf', size: PDF.length });
    expect((await get(h.app, `/api/expense/expense/${expense.id}`, a.cookie)).json().data.receipt).toMatchObject({ fileName: 'tea.jpg', size: JPEG.length });

    // The folders are gone with their files.
    for (const dir of ['item-images', 'purchase-bills', 'expense-receipts']) expect(fs.existsSync(path.join(dataDir, dir))).toBe(false);

    // A second start finds nothing to move and changes nothing.
    logged.length = 0;
    expect(await importFilesFromDataDir(db(), dataDir, log)).toEqual({ moved: { 'item images': 0, 'purchase bills': 0, 'expense receipts': 0 }, missing: [] });
    expect(logged).toEqual([]);
    expect(await storedCount(businessA())).toBe(3);
  });

  it('reports a file the database names but DATA_DIR lacks; it stays not found, and comes in once it is there', async () => {
    const lost = 'dddddddddddddddddddddddddddddddd.jpg';
    await toLegacy('expenses', 'receipt_file', 'receipt_file_id', expense.id, 'expense-receipts', lost);
    fs.rmSync(path.join(dataDir, 'expense-receipts', businessA(), lost));
    const warned: string[] = [];
    const result = await importFilesFromDataDir(db(), dataDir, { info: () => undefined, warn: (_, msg) => warned.push(msg) });
    expect(result.missing).toEqual([`expense-receipts/${businessA()}/${lost}`]);
    expect(warned).toEqual([`1 uploaded files named in the database were not found in ${dataDir}; they stay "not found"`]);
    expect((await get(h.app, receiptUrl(), a.cookie)).statusCode).toBe(404);
    expect((await get(h.app, `/api/expense/expense/${expense.id}`, a.cookie)).json().data.receipt).toBeNull();

    // Put back (restored from a backup, say), it moves in at the next start.
    fs.mkdirSync(path.join(dataDir, 'expense-receipts', businessA()), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'expense-receipts', businessA(), lost), JPEG);
    expect((await importFilesFromDataDir(db(), dataDir)).moved['expense receipts']).toBe(1);
    expect((await get(h.app, receiptUrl(), a.cookie)).rawPayload.equals(JPEG)).toBe(true);
  });
});
