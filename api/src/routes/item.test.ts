import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Item } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { GIF, PNG, jpeg, png, sendMultipart, type FilePart } from '../test/multipart';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let dataDir: string;
let mainBranchId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-items-'));
  h = await createHarness({ DATA_DIR: dataDir });
  a = await signUp(h, { businessName: 'Alpha Mobiles' });
  b = await signUp(h, { businessName: 'Beta Stores' });
  mainBranchId = a.profile.activeStoreBranch!.id;
});
afterAll(async () => {
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const create = (who: SignedUp | undefined, fields: Record<string, unknown>, files: FilePart[] = []) =>
  sendMultipart(h.app, 'POST', '/api/item/create', who?.cookie, fields, files);
const update = (who: SignedUp, id: string, fields: Record<string, unknown>, files: FilePart[] = []) =>
  sendMultipart(h.app, 'PUT', `/api/item/update-item/${id}`, who.cookie, fields, files);
const getItem = (who: SignedUp, id: string, itemType = 'PRODUCT') =>
  get(h.app, `/api/item/get-item?id=${id}&itemType=${itemType}`, who.cookie);
const list = (who: SignedUp, query = '') => get(h.app, `/api/item/items${query}`, who.cookie);
const countItems = async (who: SignedUp) => (await list(who, '?pageSize=1')).json().meta.total as number;
const adjust = (who: SignedUp, body: object) => write(h.app, 'PUT', '/api/item/update-item-stock', body, { cookie: who.cookie });
const stockOf = (who: SignedUp, id: string) => get(h.app, `/api/item/item-stock?id=${id}`, who.cookie);
const setActive = (who: SignedUp, branchId: string) =>
  write(h.app, 'POST', '/api/store-branch/set-active', { branchId }, { cookie: who.cookie });
const newCategory = async (who: SignedUp, catagory: string) =>
  (await write(h.app, 'POST', '/api/item/create-item-category', { catagory }, { cookie: who.cookie })).json().data as {
    id: string;
    catagory: string;
  };
/** The names of the business's images whose bytes are in the database. */
const imageFiles = async (businessId: string) =>
  (
    await selectRows<{ name: string }>(
      h.database.db,
      sql`select i.file_name as name from item_images i join stored_files f on f.business_id = i.business_id and f.id = i.file_id
          where i.business_id = ${businessId} order by 1`,
    )
  ).map((r) => r.name);
/** The business's stored files: one per image, none left behind by a refused upload or a removed image. */
const storedFiles = async (businessId: string) =>
  (await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from stored_files where business_id = ${businessId}`))[0].n;

let codeSeq = 0;
/** A valid product form; override any field. */
const product = (overrides: Record<string, unknown> = {}) => {
  codeSeq += 1;
  return {
    itemType: 'PRODUCT',
    itemName: `Product ${codeSeq}`,
    itemCode: `P${String(codeSeq).padStart(5, '0')}`,
    salePrice: '100',
    salePriceTaxType: 'WITHOUT_TAX',
    isSaleTaxApplicable: 'false',
    purchasePrice: '80',
    purchasePriceTaxType: 'WITHOUT_TAX',
    isPurchaseTaxApplicable: 'false',
    openingStock: '0',
    itemSerialNos: [''],
    ...overrides,
  };
};
const service = (overrides: Record<string, unknown> = {}) => {
  codeSeq += 1;
  return {
    itemType: 'SERVICE',
    itemName: `Service ${codeSeq}`,
    serviceCode: `S${String(codeSeq).padStart(5, '0')}`,
    sacCode: '998713',
    salePrice: '500',
    salePriceTaxType: 'WITH_TAX',
    isSaleTaxApplicable: 'true',
    ...overrides,
  };
};

describe('reference data', () => {
  it('answers every GST rate and the common cess combinations as {id, value, cessValue}', async () => {
    const res = await get(h.app, '/api/item/taxes', a.cookie);
    expect(res.statusCode).toBe(200);
    const rates = res.json().data as { id: string; value: number; cessValue: number }[];
    const plain = rates.filter((r) => r.cessValue === 0).map((r) => r.value);
    expect(plain).toEqual([0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28, 40]);
    expect(rates).toContainEqual({ id: 'gst-18', value: 18, cessValue: 0, validFrom: null, validTo: null });
    expect(rates).toContainEqual({ id: 'gst-28-cess-12', value: 28, cessValue: 12, validFrom: null, validTo: '2025-09-21' });
    expect(rates.filter((r) => r.cessValue > 0).length).toBeGreaterThanOrEqual(10);
  });

  it('answers the GST unit quantity codes as {id, name, shortName}', async () => {
    const res = await get(h.app, '/api/item/units', b.cookie);
    const unitList = res.json().data as { id: string; name: string; shortName: string }[];
    for (const code of ['NOS', 'PCS', 'KGS', 'LTR', 'MTR', 'BOX', 'DOZ', 'PAC', 'GMS', 'SET', 'PRS', 'BTL', 'OTH']) {
      expect(unitList.map((u) => u.shortName)).toContain(code);
    }
    expect(unitList[0]).toEqual({ id: 'NOS', name: 'Numbers', shortName: 'NOS' });
    expect(unitList).toContainEqual({ id: 'KGS', name: 'Kilograms', shortName: 'KGS' });
  });

  it('needs a session', async () => {
    for (const url of ['/api/item/taxes', '/api/item/units', '/api/item/items', '/api/item/get-item-catagories']) {
      expect((await get(h.app, url)).statusCode).toBe(401);
    }
    expect((await create(undefined, product())).statusCode).toBe(401);
  });
});

describe('item categories', () => {
  it('creates, refuses duplicates and blanks, lists with item counts per business', async () => {
    const res = await write(h.app, 'POST', '/api/item/create-item-category', { catagory: '  Mobiles ' }, { cookie: a.cookie });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(String), catagory: 'Mobiles' } });

    const dup = await write(h.app, 'POST', '/api/item/create-item-category', { catagory: 'mobiles' }, { cookie: a.cookie });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, message: 'An item category named mobiles already exists', field: 'catagory' });

    const blank = await write(h.app, 'POST', '/api/item/create-item-category', { catagory: '   ' }, { cookie: a.cookie });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ success: false, message: 'Category name is required', field: 'catagory' });

    // Another business may use the same name and does not see this one.
    expect((await write(h.app, 'POST', '/api/item/create-item-category', { catagory: 'Mobiles' }, { cookie: b.cookie })).statusCode).toBe(201);
    const id = res.json().data.id;
    await create(a, product({ itemCatagory: id }));
    await create(a, product({ itemCatagory: id }));
    const cats = (await get(h.app, '/api/item/get-item-catagories', a.cookie)).json();
    expect(cats).toEqual({ success: true, data: [{ id, catagory: 'Mobiles', itemCount: 2 }] });
  });
});

describe('creating items', () => {
  let created: Item;

  it('creates a serialised product with images, category, tax and unit, and reads it back in the seed shape', async () => {
    const cat = await newCategory(a, 'Smartphones');
    const res = await create(
      a,
      {
        itemType: 'PRODUCT',
        itemName: '  Redmi Note 13  ',
        itemCode: 'RN13000001',
        hsnCode: '85171300',
        itemCatagory: cat.id,
        gstRate: 'gst-18',
        unit: 'PCS',
        salePrice: '15999.50',
        salePriceTaxType: 'WITH_TAX',
        isSaleTaxApplicable: 'true',
        purchasePrice: '13000',
        purchasePriceTaxType: 'WITHOUT_TAX',
        isPurchaseTaxApplicable: 'false',
        openingStock: '3',
        asOfDate: '2025-04-01',
        isAlertEnabled: 'true',
        productAlertValue: '2',
        isOnlineVisible: 'true',
        description: 'Blue, 8/128 GB',
        itemProductType: 'NEW',
        hasSerialisationOn: 'true',
        itemSerialNos: ['IMEI-1', 'IMEI-2', 'IMEI-3'],
      },
      [png('front.png'), jpeg('back.jpg')],
    );
    expect(res.statusCode).toBe(201);
    created = res.json().data;
    expect(created).toEqual({
      id: expect.any(String),
      itemType: 'PRODUCT',
      itemName: 'Redmi Note 13',
      serviceName: null,
      itemCode: 'RN13000001',
      serviceCode: null,
      hsnCode: '85171300',
      sacCode: null,
      itemProductType: 'NEW',
      hasSerialisation: true,
      itemSerialNo: [{ serialNo: 'IMEI-1' }, { serialNo: 'IMEI-2' }, { serialNo: 'IMEI-3' }],
      itemImage: [expect.stringMatching(/^\/api\/item\/image\/[0-9a-f]{32}\.png$/), expect.stringMatching(/^\/api\/item\/image\/[0-9a-f]{32}\.jpg$/)],
      itemCatagory: { id: cat.id, catagory: 'Smartphones' },
      gstRate: { id: 'gst-18', value: 18, cessValue: 0, validFrom: null, validTo: null },
      taxability: 'TAXABLE',
      keepsWithdrawnRate: false,
      unit: { id: 'PCS', name: 'Pieces', shortName: 'PCS' },
      salePrice: '15999.50',
      purchasePrice: '13000.00',
      lastPurchasePrice: null,
      isSaleTaxApplicable: true,
      isPurchaseTaxApplicable: false,
      netQuantity: 3,
      openingStock: 3,
      isAlertEnabled: true,
      productAlertValue: 2,
      isOnlineVisible: true,
      asOfDate: '2025-04-01',
      description: 'Blue, 8/128 GB',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const detail = await getItem(a, created.id);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({ success: true, data: created });
  });

  it('serves the images behind the session with nosniff, and only to their business', async () => {
    const [pngUrl, jpgUrl] = created.itemImage;
    const img = await get(h.app, pngUrl, a.cookie);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
    expect((await get(h.app, jpgUrl, a.cookie)).headers['content-type']).toBe('image/jpeg');
    expect((await get(h.app, pngUrl, b.cookie)).statusCode).toBe(404);
    expect((await get(h.app, pngUrl)).statusCode).toBe(401);
    expect((await get(h.app, '/api/item/image/..%2F..%2Fpgdata', a.cookie)).statusCode).toBe(404);
    // Stored in the database under server-made names, never the uploaded ones; nothing under DATA_DIR.
    expect(await imageFiles(a.profile.user.business.id)).toEqual(created.itemImage.map((u) => u.split('/').pop()).sort());
    expect(fs.existsSync(path.join(dataDir, 'item-images'))).toBe(false);
  });

  it('puts the opening stock at the active branch with an OPENING movement', async () => {
    const res = await stockOf(a, created.id);
    expect(res.statusCode).toBe(200);
    const { branches, movements } = res.json().data;
    expect(branches).toEqual([{ branchId: mainBranchId, branchName: 'Main Branch', quantity: 3, isActive: true }]);
    expect(movements).toEqual([
      {
        id: expect.any(String),
        branchId: mainBranchId,
        branchName: 'Main Branch',
        kind: 'OPENING',
        quantity: 3,
        balanceAfter: 3,
        date: '2025-04-01',
        reason: 'Opening stock',
        createdBy: 'Asha Rao',
        createdAt: expect.any(String),
      },
    ]);
  });

  it('creates a service with its service code and SAC; itemType must match when reading', async () => {
    const res = await create(a, service({ itemName: 'Screen repair', serviceCode: 'REPAIR0001', sacCode: '998713' }));
    expect(res.statusCode).toBe(201);
    const s = res.json().data as Item;
    expect(s).toMatchObject({
      itemType: 'SERVICE',
      itemName: 'Screen repair',
      serviceName: 'Screen repair',
      itemCode: null,
      serviceCode: 'REPAIR0001',
      sacCode: '998713',
      hsnCode: null,
      openingStock: 0,
      netQuantity: 0,
      isSaleTaxApplicable: true,
      hasSerialisation: false,
      itemSerialNo: [],
      itemImage: [],
    });
    expect((await getItem(a, s.id, 'SERVICE')).statusCode).toBe(200);
    const wrongType = await getItem(a, s.id, 'PRODUCT');
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json()).toEqual({ success: false, message: 'Item not found' });
  });

  it('defaults the as-of date to today in India and the condition to NEW; battery percentage is accepted, not stored', async () => {
    const res = await create(a, product({ itemProductType: 'OLD', openingStock: '1', batteryPercentage: '87.25' }));
    expect(res.statusCode).toBe(201);
    const item = res.json().data as Item & { batteryPercentage?: unknown };
    expect(item.itemProductType).toBe('OLD');
    expect(item.asOfDate).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date()));
    expect(item).not.toHaveProperty('batteryPercentage');
    const plain = (await create(a, product())).json().data as Item;
    expect(plain.itemProductType).toBe('NEW');
  });

  it('keeps no serial numbers when opening stock is below 1 (sent as one empty entry)', async () => {
    const res = await create(a, product({ hasSerialisationOn: 'true', openingStock: '0', itemSerialNos: [''] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ hasSerialisation: true, itemSerialNo: [], netQuantity: 0 });
  });

  it('derives the tax flags from the tax types', async () => {
    const res = await create(a, product({ salePriceTaxType: 'WITH_TAX', isSaleTaxApplicable: undefined, purchasePriceTaxType: 'WITHOUT_TAX', isPurchaseTaxApplicable: undefined }));
    expect(res.json().data).toMatchObject({ isSaleTaxApplicable: true, isPurchaseTaxApplicable: false });
  });

  it('refuses every broken rule with its message and field, and saves nothing', async () => {
    const before = await countItems(a);
    const cases: [Record<string, unknown>, number, string, string][] = [
      [product({ itemName: '   ' }), 400, 'itemName', 'Item Name is required'],
      [product({ itemCode: '' }), 400, 'itemCode', 'Item Code is required'],
      [product({ itemCode: 'ABCDEFGHIJK' }), 400, 'itemCode', 'Item Code can be at most 10 characters'],
      [service({ serviceCode: '' }), 400, 'serviceCode', 'Service Code is required'],
      [service({ sacCode: '' }), 400, 'sacCode', 'SAC Code is required'],
      [service({ sacCode: '123456' }), 400, 'sacCode', 'SAC Code must be 6 digits starting with 99'],
      [service({ sacCode: '99871' }), 400, 'sacCode', 'SAC Code must be 6 digits starting with 99'],
      [product({ hsnCode: '12345' }), 400, 'hsnCode', 'HSN Code must be 4, 6 or 8 digits'],
      [product({ hsnCode: '12a4' }), 400, 'hsnCode', 'HSN Code must be 4, 6 or 8 digits'],
      [product({ salePrice: '-1' }), 400, 'salePrice', 'Sale Price must be 0 or more, in steps of 0.01'],
      [product({ salePrice: '10.005' }), 400, 'salePrice', 'Sale Price must be 0 or more, in steps of 0.01'],
      [product({ salePrice: 'ten' }), 400, 'salePrice', 'Sale Price must be a number'],
      [product({ purchasePrice: '-0.01' }), 400, 'purchasePrice', 'Purchase Price must be 0 or more, in steps of 0.01'],
      [product({ openingStock: '1.5' }), 400, 'openingStock', 'Opening Stock must be a whole number, 0 or more'],
      [product({ openingStock: '-2' }), 400, 'openingStock', 'Opening Stock must be a whole number, 0 or more'],
      [product({ isAlertEnabled: 'true', productAlertValue: '2.5' }), 400, 'productAlertValue', 'Low stock quantity must be a whole number, 0 or more'],
      [product({ itemProductType: 'OLD', openingStock: '1', batteryPercentage: '100.5' }), 400, 'batteryPercentage', 'Battery percentage must be between 0 and 100'],
      [product({ itemProductType: 'OLD', openingStock: '1', batteryPercentage: '-1' }), 400, 'batteryPercentage', 'Battery percentage must be between 0 and 100'],
      [product({ itemProductType: 'OLD', openingStock: '2' }), 400, 'openingStock', 'A preowned item has an opening stock of 1'],
      [product({ itemProductType: 'OLD', openingStock: '1', salePriceTaxType: 'WITH_TAX', isSaleTaxApplicable: 'true' }), 400, 'salePriceTaxType', 'Prices of a preowned item are without tax'],
      [product({ hasSerialisationOn: 'true', openingStock: '2', itemSerialNos: ['A1', ' '] }), 400, 'itemSerialNos', 'All serial numbers must be filled when serialisation is on'],
      [product({ hasSerialisationOn: 'true', openingStock: '3', itemSerialNos: ['A1', 'A2'] }), 400, 'itemSerialNos', 'Enter 3 serial numbers, one for each unit of opening stock'],
      [product({ hasSerialisationOn: 'true', openingStock: '2', itemSerialNos: ['A1', 'a1'] }), 400, 'itemSerialNos', 'Serial numbers must be unique'],
      [product({ hasSerialisationOn: 'false', openingStock: '1', itemSerialNos: ['A1'] }), 400, 'itemSerialNos', 'Turn serialisation on to save serial numbers'],
      [product({ salePriceTaxType: 'WITH_TAX', isSaleTaxApplicable: 'false' }), 400, 'isSaleTaxApplicable', 'isSaleTaxApplicable and isPurchaseTaxApplicable must be true exactly when the tax type is WITH_TAX'],
      [product({ itemType: 'GOODS' }), 400, 'itemType', 'Item type must be PRODUCT or SERVICE'],
      [product({ isOnlineVisible: 'maybe' }), 400, 'isOnlineVisible', 'Must be true or false'],
      [product({ asOfDate: '2025-02-30' }), 400, 'asOfDate', 'As of date must be a date (YYYY-MM-DD)'],
      [product({ gstRate: 'gst-19' }), 400, 'gstRate', 'Choose a GST rate from the list'],
      [product({ unit: 'XYZ' }), 400, 'unit', 'Choose a unit from the list'],
    ];
    for (const [fields, status, field, message] of cases) {
      const res = await create(a, fields);
      expect({ fields, status: res.statusCode, body: res.json() }).toEqual({ fields, status, body: { success: false, message, field } });
    }
    expect(await countItems(a)).toBe(before);
  });

  it('answers 404 for a category of another business', async () => {
    const theirs = await newCategory(b, 'Their category');
    const res = await create(a, product({ itemCatagory: theirs.id }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Item category not found', field: 'itemCatagory' });
  });

  it('keeps item codes unique within a business, ignoring case (409); another business may reuse one', async () => {
    const res = await create(a, product({ itemCode: 'rn13000001' }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Item Code rn13000001 is already used by Redmi Note 13', field: 'itemCode' });
    const svc = await create(a, service({ serviceCode: 'RN13000001' }));
    expect(svc.statusCode).toBe(409);
    expect(svc.json().field).toBe('serviceCode');
    expect((await create(b, product({ itemCode: 'RN13000001' }))).statusCode).toBe(201);
  });
});

describe('images', () => {
  const countFiles = () => storedFiles(a.profile.user.business.id);

  it('takes at most 5 images', async () => {
    const files = await countFiles();
    const res = await create(a, product(), [png(), png(), png(), png(), png(), png()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'You can upload a maximum of 5 images', field: 'itemImages' });
    expect(await countFiles()).toBe(files);
    expect((await create(a, product(), [png(), png(), jpeg(), jpeg(), png()])).statusCode).toBe(201);
    expect(await countFiles()).toBe(files + 5);
  });

  it('judges PNG and JPEG by their bytes (415 otherwise)', async () => {
    const files = await countFiles();
    const before = await countItems(a);
    for (const bad of [
      { field: 'itemImages', filename: 'anim.gif', contentType: 'image/gif', bytes: GIF },
      { field: 'itemImages', filename: 'photo.png', contentType: 'image/png', bytes: Buffer.from('<svg onload="alert(1)"></svg>') },
      { field: 'itemImages', filename: 'photo.jpg', contentType: 'image/jpeg', bytes: Buffer.from('%PDF-1.4 not an image') },
    ]) {
      const res = await create(a, product(), [png(), bad]);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ success: false, message: 'Images must be PNG or JPEG', field: 'itemImages' });
    }
    // A PNG sent as "text/plain" named .txt is still a PNG.
    const renamed = await create(a, product(), [{ field: 'itemImages', filename: 'notes.txt', contentType: 'text/plain', bytes: PNG }]);
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().data.itemImage[0]).toMatch(/\.png$/);
    expect(await countFiles()).toBe(files + 1);
    expect(await countItems(a)).toBe(before + 1);
  });

  it('refuses an image over 2 MB with 413 and saves nothing', async () => {
    const files = await countFiles();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await create(a, product(), [{ field: 'itemImages', filename: 'big.png', contentType: 'image/png', bytes: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ success: false, message: 'Each image must be at most 2 MB', field: 'itemImages' });
    expect(await countFiles()).toBe(files);
  });

  it('takes the item as multipart only', async () => {
    const res = await write(h.app, 'POST', '/api/item/create', product(), { cookie: a.cookie });
    expect(res.statusCode).toBe(415);
  });
});

describe('updating items', () => {
  let item: Item;
  beforeAll(async () => {
    item = (
      await create(a, product({ itemName: 'Oppo A78', itemCode: 'OPPOA78', openingStock: '2', hasSerialisationOn: 'true', itemSerialNos: ['S1', 'S2'] }), [
        png(),
        jpeg(),
      ])
    ).json().data;
  });

  it('updates every field, removes and adds images (removed files are deleted)', async () => {
    const [keep, drop] = item.itemImage;
    const dropName = drop.split('/').pop()!;
    expect(await imageFiles(a.profile.user.business.id)).toContain(dropName);
    const filesBefore = await storedFiles(a.profile.user.business.id);
    const res = await update(
      a,
      item.id,
      product({
        itemName: 'Oppo A78 5G',
        itemCode: 'OPPOA78',
        hsnCode: '8517',
        gstRate: 'gst-28-cess-12',
        unit: 'NOS',
        salePrice: '18999',
        openingStock: '3',
        hasSerialisationOn: 'true',
        itemSerialNos: ['S1', 'S2', 'S3'],
        description: 'Glowing black',
        removedImages: [drop],
      }),
      [png()],
    );
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Item;
    expect(updated).toMatchObject({
      id: item.id,
      itemName: 'Oppo A78 5G',
      hsnCode: '8517',
      gstRate: { id: 'gst-28-cess-12', value: 28, cessValue: 12 },
      unit: { id: 'NOS', name: 'Numbers', shortName: 'NOS' },
      salePrice: '18999.00',
      openingStock: 3,
      netQuantity: 3,
      itemSerialNo: [{ serialNo: 'S1' }, { serialNo: 'S2' }, { serialNo: 'S3' }],
      description: 'Glowing black',
    });
    expect(updated.itemImage).toHaveLength(2);
    expect(updated.itemImage[0]).toBe(keep);
    expect(updated.itemImage).not.toContain(drop);
    expect(await imageFiles(a.profile.user.business.id)).not.toContain(dropName);
    // One image in, one out: the dropped image's bytes went with it.
    expect(await storedFiles(a.profile.user.business.id)).toBe(filesBefore);
    expect((await get(h.app, drop, a.cookie)).statusCode).toBe(404);

    const { movements } = (await stockOf(a, item.id)).json().data;
    expect(movements[0]).toMatchObject({ kind: 'OPENING_EDIT', quantity: 1, balanceAfter: 3, reason: 'Opening stock changed from 2 to 3' });
    item = updated;
  });

  it('keeps the total at 5 images across kept and new ones', async () => {
    const res = await update(a, item.id, product({ itemCode: 'OPPOA78', openingStock: '3', hasSerialisationOn: 'true', itemSerialNos: ['S1', 'S2', 'S3'] }), [
      png(),
      png(),
      png(),
      png(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You can upload a maximum of 5 images');
  });

  it('cannot change a product into a service; another business gets 404', async () => {
    const res = await update(a, item.id, service());
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'An item cannot change between product and service', field: 'itemType' });
    const theirs = await update(b, item.id, product());
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual({ success: false, message: 'Item not found' });
    expect((await getItem(b, item.id)).statusCode).toBe(404);
    expect((await stockOf(b, item.id)).statusCode).toBe(404);
    expect((await adjust(b, { itemId: item.id, type: 'ADD', quantity: 1, date: '2025-04-02', reason: 'x' })).statusCode).toBe(404);
    expect((await getItem(a, 'not-a-uuid')).statusCode).toBe(404);
  });

  it('refuses an opening-stock cut that would take the stock below 0', async () => {
    await adjust(a, { itemId: item.id, type: 'REDUCE', quantity: 3, date: '2025-04-02', reason: 'Sold at the counter', serialNos: ['S1', 'S2', 'S3'] });
    const res = await update(a, item.id, product({ itemCode: 'OPPOA78', openingStock: '1', hasSerialisationOn: 'true', itemSerialNos: ['S1'] }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Not enough stock at Main Branch: 0 in stock, so it cannot go down by 2. Stock never goes below 0.');
    expect((await getItem(a, item.id)).json().data.openingStock).toBe(3);
  });

  it('switching back to NEW with serialisation off clears the serial numbers', async () => {
    const res = await update(a, item.id, product({ itemCode: 'OPPOA78', openingStock: '3', hasSerialisationOn: 'false', itemSerialNos: [] }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ hasSerialisation: false, itemSerialNo: [] });
  });
});

describe('the item list', () => {
  let c: SignedUp;
  let catId: string;
  beforeAll(async () => {
    c = await signUp(h, { businessName: 'Gamma Hardware' });
    catId = (await newCategory(c, 'Tools')).id;
    await create(c, product({ itemName: 'Hammer', itemCode: 'HAM1', itemCatagory: catId, openingStock: '1', isAlertEnabled: 'true', productAlertValue: '2' }));
    await create(c, product({ itemName: 'Anvil', itemCode: 'ANV1', hsnCode: '82055100', openingStock: '10', isAlertEnabled: 'true', productAlertValue: '2' }));
    await create(c, product({ itemName: 'Chisel 50% off', itemCode: 'CHI1', itemCatagory: catId, openingStock: '2', isAlertEnabled: 'true', productAlertValue: '2' }));
    await create(c, service({ itemName: 'Blade sharpening', serviceCode: 'SHARP1' }));
  });
  const names = async (query = '') => ((await list(c, query)).json().data as Item[]).map((i) => i.itemName);

  it('pages by name with the total', async () => {
    const res = (await list(c, '?page=1&pageSize=2')).json();
    expect(res).toMatchObject({ success: true, meta: { total: 4, page: 1, pageSize: 2 } });
    expect(res.data.map((i: Item) => i.itemName)).toEqual(['Anvil', 'Blade sharpening']);
    expect(await names('?page=2&pageSize=2')).toEqual(['Chisel 50% off', 'Hammer']);
    expect(await names('?page=3&pageSize=2')).toEqual([]);
    expect((await list(c, '?page=2')).json().meta).toEqual({ total: 4, page: 2, pageSize: 50 });
  });

  it('pages a search with the total of its matches, also on a page past the last', async () => {
    const page = async (query: string) => {
      const res = (await list(c, query)).json();
      return { names: (res.data as Item[]).map((i) => i.itemName), total: res.meta.total };
    };
    // "a" is in Anvil, Blade sharpening and Hammer (and in no code).
    expect(await page('?q=a&itemType=PRODUCT&page=1&pageSize=1')).toEqual({ names: ['Anvil'], total: 2 });
    expect(await page('?q=a&page=1&pageSize=2')).toEqual({ names: ['Anvil', 'Blade sharpening'], total: 3 });
    expect(await page('?q=a&page=2&pageSize=2')).toEqual({ names: ['Hammer'], total: 3 });
    expect(await page('?q=a&page=3&pageSize=2')).toEqual({ names: [], total: 3 });
    expect(await page('?q=nothing-like-it&page=1&pageSize=2')).toEqual({ names: [], total: 0 });
  });

  it('answers a searched or filtered page exactly as the list shows the same items: category, stock and alert', async () => {
    const unfiltered = new Map(((await list(c, '?page=1&pageSize=50')).json().data as Item[]).map((i) => [i.id, i]));
    for (const query of ['?q=ch&page=1&pageSize=1', `?categoryId=${catId}&page=2&pageSize=1`, '?lowStock=true&page=1&pageSize=5']) {
      const rows = (await list(c, query)).json().data as Item[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toEqual(unfiltered.get(row.id));
    }
    const [chisel] = (await list(c, '?q=ch&page=1&pageSize=1')).json().data as Item[];
    expect(chisel).toMatchObject({ itemName: 'Chisel 50% off', itemCatagory: { id: catId, catagory: 'Tools' }, netQuantity: 2 });
  });

  it('answers every item without paging, as the seed calls it', async () => {
    const res = (await list(c)).json();
    expect(Object.keys(res).sort()).toEqual(['data', 'success']);
    expect(res.data.map((i: Item) => i.itemName)).toEqual(['Anvil', 'Blade sharpening', 'Chisel 50% off', 'Hammer']);
  });

  it('searches name, code and HSN; filters by category, type and low stock', async () => {
    expect(await names('?q=ham')).toEqual(['Hammer']);
    expect(await names('?q=sharp1')).toEqual(['Blade sharpening']);
    expect(await names('?q=8205')).toEqual(['Anvil']);
    expect(await names('?q=50%25')).toEqual(['Chisel 50% off']);
    expect(await names('?q=%25')).toEqual(['Chisel 50% off']);
    expect(await names(`?categoryId=${catId}`)).toEqual(['Chisel 50% off', 'Hammer']);
    expect(await names('?categoryId=nonsense')).toEqual([]);
    expect(await names('?itemType=SERVICE')).toEqual(['Blade sharpening']);
    expect(await names('?lowStock=true')).toEqual(['Chisel 50% off', 'Hammer']);
    expect(await names(`?lowStock=true&categoryId=${catId}&q=ham`)).toEqual(['Hammer']);
    const bad = await list(c, '?pageSize=5000');
    expect(bad.statusCode).toBe(400);
  });

  it('never shows another business’s items', async () => {
    expect(await names('?q=Redmi')).toEqual([]);
  });
});

describe('stock', () => {
  let item: Item;
  let puneId: string;
  beforeAll(async () => {
    item = (await create(a, product({ itemName: 'Charger 33W', itemCode: 'CHG33W', openingStock: '5' }))).json().data;
    const res = await write(
      h.app,
      'POST',
      '/api/store-branch/create-branch',
      { name: 'Pune Camp', address: { street: '12 MG Road', city: 'Pune', stateCode: '27', pin: '411001' } },
      { cookie: a.cookie },
    );
    puneId = res.json().data.id;
  });
  afterAll(() => setActive(a, mainBranchId));

  it('adds and reduces with a date and a reason, writing a movement each time', async () => {
    const add = await adjust(a, { itemId: item.id, type: 'ADD', quantity: 4, date: '2025-04-05', reason: 'Purchase from distributor' });
    expect(add.statusCode).toBe(200);
    expect(add.json().data.netQuantity).toBe(9);
    const reduce = await adjust(a, { itemId: item.id, type: 'REDUCE', quantity: 2, date: '2025-04-06', reason: 'Damaged in transit' });
    expect(reduce.json().data.netQuantity).toBe(7);
    const { movements } = (await stockOf(a, item.id)).json().data;
    expect(movements.map((m: { kind: string; quantity: number; balanceAfter: number; reason: string; date: string }) => [m.kind, m.quantity, m.balanceAfter, m.reason, m.date])).toEqual([
      ['REDUCE', -2, 7, 'Damaged in transit', '2025-04-06'],
      ['ADD', 4, 9, 'Purchase from distributor', '2025-04-05'],
      ['OPENING', 5, 5, 'Opening stock', expect.any(String)],
    ]);
  });

  it('never goes below 0 (409 with a clear message)', async () => {
    const res = await adjust(a, { itemId: item.id, type: 'REDUCE', quantity: 8, date: '2025-04-07', reason: 'Sold' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      message: 'Not enough stock at Main Branch: 7 in stock, so it cannot go down by 8. Stock never goes below 0.',
      field: 'quantity',
    });
    expect((await getItem(a, item.id)).json().data.netQuantity).toBe(7);
    expect((await stockOf(a, item.id)).json().data.movements).toHaveLength(3);
  });

  it('checks the adjustment', async () => {
    const cases: [object, string][] = [
      [{ itemId: item.id, type: 'ADD', quantity: 0, date: '2025-04-05', reason: 'x' }, 'Quantity must be at least 1'],
      [{ itemId: item.id, type: 'ADD', quantity: 1.5, date: '2025-04-05', reason: 'x' }, 'Quantity must be a whole number'],
      [{ itemId: item.id, type: 'MOVE', quantity: 1, date: '2025-04-05', reason: 'x' }, 'Choose Add or Reduce'],
      [{ itemId: item.id, type: 'ADD', quantity: 1, date: '5 April', reason: 'x' }, 'Date must be a real date, YYYY-MM-DD'],
      [{ itemId: item.id, type: 'ADD', quantity: 1, date: '2025-04-05', reason: '  ' }, 'Reason is required'],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(a, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const svc = (await create(a, service())).json().data;
    const res = await adjust(a, { itemId: svc.id, type: 'ADD', quantity: 1, date: '2025-04-05', reason: 'x' });
    expect(res.statusCode).toBe(400);
  });

  it('is kept per branch: netQuantity is the active branch’s, opening stock goes to the active branch', async () => {
    expect((await setActive(a, puneId)).statusCode).toBe(200);
    expect((await getItem(a, item.id)).json().data.netQuantity).toBe(0);
    const atPune = await adjust(a, { itemId: item.id, type: 'ADD', quantity: 2, date: '2025-04-08', reason: 'Transfer in' });
    expect(atPune.json().data.netQuantity).toBe(2);
    const fresh = (await create(a, product({ itemName: 'Pune only', openingStock: '6' }))).json().data as Item;
    expect(fresh.netQuantity).toBe(6);

    const { branches } = (await stockOf(a, item.id)).json().data;
    expect(branches).toEqual([
      { branchId: mainBranchId, branchName: 'Main Branch', quantity: 7, isActive: false },
      { branchId: puneId, branchName: 'Pune Camp', quantity: 2, isActive: true },
    ]);
    const listed = ((await list(a, '?q=Charger')).json().data as Item[])[0];
    expect(listed.netQuantity).toBe(2);

    await setActive(a, mainBranchId);
    expect((await getItem(a, fresh.id)).json().data.netQuantity).toBe(0);
    expect((await getItem(a, item.id)).json().data.netQuantity).toBe(7);
  });

  it('serialises concurrent reductions: exactly the stock on hand is taken, never more', async () => {
    const racer = (await create(a, product({ itemName: 'Racer', openingStock: '5' }))).json().data as Item;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => adjust(a, { itemId: racer.id, type: 'REDUCE', quantity: 1, date: '2025-04-09', reason: 'Rush' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await getItem(a, racer.id)).json().data.netQuantity).toBe(0);
    const { movements } = (await stockOf(a, racer.id)).json().data;
    expect(movements.map((m: { balanceAfter: number }) => m.balanceAfter)).toEqual([0, 1, 2, 3, 4, 5]);
  });
});
