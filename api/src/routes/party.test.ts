import type { Party } from '@bahi/shared/contracts';
import { GSTIN_MESSAGES } from '@bahi/shared/india';
import { csvOf, uploadFile } from '../services/import/testing';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Alpha Traders' });
  b = await signUp(h, { businessName: 'Beta Stores' });
});
afterAll(() => h.close());

const create = (who: SignedUp, body: object) => write(h.app, 'POST', '/api/party/create', body, { cookie: who.cookie });
const update = (who: SignedUp, id: string, body: object) =>
  write(h.app, 'PUT', `/api/party/update-party/${id}`, body, { cookie: who.cookie });
const fetchParty = (who: SignedUp, id: string) => get(h.app, `/api/party/get-party/${id}`, who.cookie);
const list = async (who: SignedUp, query: Record<string, string | number> = {}) => {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await get(h.app, `/api/party/parties${qs ? `?${qs}` : ''}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json() as { success: true; data: Party[]; meta?: { total: number; page: number; pageSize: number } };
};
const names = async (who: SignedUp, query: Record<string, string | number> = {}) => (await list(who, query)).data.map((p) => p.name);
const createCategory = (who: SignedUp, catagory: unknown) =>
  write(h.app, 'POST', '/api/party/create-category', { catagory }, { cookie: who.cookie });

const mehta = {
  name: 'Mehta Hardware',
  partyType: 'CUSTOMER',
  mobileNumber: '9822012345',
  email: 'Accounts@Mehta.in',
  openingBalance: '1500.5',
  gstin: '27aapfu0939f1zv',
  panNumber: 'AAPFU0939F',
  creditPeriod: 30,
  creditLimit: 50000,
  billingAddress: { type: 'BOTH', miscData: { ad: '12 MG Road, Camp', st: 'Maharashtra', pin: '411001' } },
};

describe('creating and reading a party', () => {
  let wholesale: { id: string; catagory: string };
  let mehtaId: string;

  it('creates a category and lists it', async () => {
    const res = await createCategory(a, '  Wholesale ');
    expect(res.statusCode).toBe(201);
    wholesale = res.json().data;
    expect(wholesale).toEqual({ id: expect.any(String), catagory: 'Wholesale' });
    await createCategory(a, 'Retail');
    const cats = await get(h.app, '/api/party/get-catagories', a.cookie);
    expect(cats.json()).toEqual({ success: true, data: [{ id: expect.any(String), catagory: 'Retail' }, wholesale] });
  });

  it('refuses an empty or duplicate category name', async () => {
    expect((await createCategory(a, ' ')).json()).toEqual({ success: false, message: 'Category name is required', field: 'catagory' });
    const dup = await createCategory(a, 'WHOLESALE');
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ success: false, message: 'A category named WHOLESALE already exists', field: 'catagory' });
    // Categories are per business.
    expect((await createCategory(b, 'Wholesale')).statusCode).toBe(201);
    expect((await get(h.app, '/api/party/get-catagories', b.cookie)).json().data.map((c: { catagory: string }) => c.catagory)).toEqual([
      'Wholesale',
    ]);
  });

  it('creates a party and answers it in the seed shape', async () => {
    const res = await create(a, { ...mehta, partyCatagory: wholesale.id });
    expect(res.statusCode).toBe(201);
    const party = res.json().data as Party;
    mehtaId = party.id;
    const address = {
      id: expect.any(String),
      type: 'BOTH',
      miscData: { ad: '12 MG Road, Camp', st: 'Maharashtra', pin: '411001', stateCode: '27' },
    };
    expect(party).toEqual({
      id: expect.any(String),
      name: 'Mehta Hardware',
      partyType: 'CUSTOMER',
      mobileNumber: '9822012345',
      email: 'accounts@mehta.in',
      partyCatagory: wholesale,
      openingBalance: '1500.50',
      gstin: '27AAPFU0939F1ZV',
      // A party with a GSTIN is registered (REGULAR) unless the request says otherwise.
      registrationType: 'REGULAR',
      panNumber: 'AAPFU0939F',
      creditPeriod: 30,
      creditLimit: '50000.00',
      billingAddress: address,
      shippingAddress: address,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      balance: '1500.50',
    });
    // One address serves both: the same id.
    expect(party.shippingAddress!.id).toBe(party.billingAddress!.id);
    const one = await fetchParty(a, mehtaId);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, data: party });
  });

  it('keeps separate billing and shipping addresses apart, and leaves unknown fields null', async () => {
    const res = await create(a, {
      name: 'Kaveri Suppliers',
      partyType: 'SUPPLIER',
      billingAddress: { type: 'BILLING', miscData: { ad: '4 Residency Road', st: '29', pin: '560025' } },
      shippingAddress: { type: 'SHIPPING', miscData: { ad: 'Godown 7, Peenya', st: 'karnataka', pin: 560058 } },
      email: '',
      mobileNumber: null,
    });
    expect(res.statusCode).toBe(201);
    const p = res.json().data as Party;
    expect(p).toMatchObject({
      partyType: 'SUPPLIER',
      mobileNumber: null,
      email: null,
      partyCatagory: null,
      openingBalance: null,
      gstin: null,
      panNumber: null,
      creditPeriod: null,
      creditLimit: null,
      billingAddress: { type: 'BILLING', miscData: { ad: '4 Residency Road', st: 'Karnataka', pin: '560025', stateCode: '29' } },
      shippingAddress: { type: 'SHIPPING', miscData: { ad: 'Godown 7, Peenya', st: 'Karnataka', pin: '560058', stateCode: '29' } },
    });
    expect(p.shippingAddress!.id).not.toBe(p.billingAddress!.id);
    const bare = await create(a, { name: 'Walk-in Customer', partyType: 'CUSTOMER' });
    expect(bare.json().data).toMatchObject({ billingAddress: null, shippingAddress: null });
  });

  it('takes the PAN from the GSTIN when it is left out', async () => {
    const res = await create(a, { name: 'PAN From GSTIN', partyType: 'CUSTOMER', gstin: '27AAPFU0939F1ZV' });
    expect(res.json().data.panNumber).toBe('AAPFU0939F');
  });

  it('refuses a second party with the same name, ignoring case; another business may use it', async () => {
    const res = await create(a, { name: 'mehta hardware', partyType: 'SUPPLIER' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'A party named mehta hardware already exists', field: 'name' });
    expect((await create(b, { name: 'Mehta Hardware', partyType: 'CUSTOMER' })).statusCode).toBe(201);
  });

  it('names the wrong field with a clear message', async () => {
    const valid = { name: 'Validation Party', partyType: 'CUSTOMER' };
    const billing = (miscData: object) => ({ billingAddress: { type: 'BOTH', miscData } });
    const cases: [object, string, string][] = [
      [{ partyType: 'CUSTOMER' }, 'name', 'Party name is required'],
      [{ ...valid, name: '   ' }, 'name', 'Party name is required'],
      [{ ...valid, name: 'x'.repeat(101) }, 'name', 'Party name must be at most 100 characters'],
      [{ name: 'x' }, 'partyType', 'Party type is required'],
      [{ ...valid, partyType: 'VENDOR' }, 'partyType', 'Party type must be CUSTOMER, SUPPLIER or BOTH'],
      [{ ...valid, mobileNumber: '12345' }, 'mobileNumber', 'Enter a 10-digit Indian mobile number'],
      [{ ...valid, mobileNumber: '5123456789' }, 'mobileNumber', 'Enter a 10-digit Indian mobile number'],
      [{ ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ ...valid, gstin: '27AAPFU0939' }, 'gstin', GSTIN_MESSAGES.format],
      [{ ...valid, gstin: '27AAPFU0939F1ZX' }, 'gstin', GSTIN_MESSAGES.checksum],
      [
        { ...valid, gstin: '27AAPFU0939F1ZV', ...billing({ st: 'Karnataka' }) },
        'gstin',
        'GSTIN starts with 27 (Maharashtra), which does not match the billing state (Karnataka)',
      ],
      [{ ...valid, panNumber: 'ABCDE12345' }, 'panNumber', 'PAN must be 5 letters, 4 digits and a letter, e.g. ABCDE1234F'],
      [
        { ...valid, gstin: '27AAPFU0939F1ZV', panNumber: 'ABCDE1234F' },
        'panNumber',
        'PAN must be characters 3-12 of the GSTIN (AAPFU0939F)',
      ],
      [{ ...valid, ...billing({ pin: '011001' }) }, 'billingAddress.miscData.pin', 'PIN code must be 6 digits and cannot start with 0'],
      [{ ...valid, ...billing({ pin: '41100' }) }, 'billingAddress.miscData.pin', 'PIN code must be 6 digits and cannot start with 0'],
      [
        { ...valid, shippingAddress: { miscData: { pin: '0123456' } } },
        'shippingAddress.miscData.pin',
        'PIN code must be 6 digits and cannot start with 0',
      ],
      [{ ...valid, ...billing({ st: 'Atlantis' }) }, 'billingAddress.miscData.st', 'Choose a valid state'],
      [{ ...valid, creditPeriod: 1.5 }, 'creditPeriod', 'Credit period must be a whole number of days'],
      [{ ...valid, creditPeriod: -1 }, 'creditPeriod', 'Credit period cannot be negative'],
      [{ ...valid, creditPeriod: 'thirty' }, 'creditPeriod', 'Credit period must be a whole number of days'],
      [{ ...valid, creditLimit: '100.005' }, 'creditLimit', 'Credit limit can have at most 2 decimals'],
      [{ ...valid, creditLimit: -5 }, 'creditLimit', 'Credit limit cannot be negative'],
      [{ ...valid, creditLimit: 'lots' }, 'creditLimit', 'Credit limit must be a number'],
      [{ ...valid, openingBalance: 12.345 }, 'openingBalance', 'Opening balance can have at most 2 decimals'],
      [{ ...valid, openingBalance: '1e6' }, 'openingBalance', 'Opening balance must be a number'],
      [{ ...valid, openingBalance: '1000000000000' }, 'openingBalance', 'Opening balance can be at most 9,99,99,99,99,999.99'],
      [{ ...valid, partyCatagory: 'not-an-id' }, 'partyCatagory', 'Choose a party category from the list'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(a, body);
      expect({ body, status: res.statusCode, answer: res.json() }).toEqual({ body, status: 400, answer: { success: false, message, field } });
    }
    expect(await names(a, { q: 'Validation' })).toEqual([]);
  });

  it('accepts the edge values: zero limits, negative opening balance, +91 mobiles, amounts with commas', async () => {
    const res = await create(a, {
      name: 'Edge Values',
      partyType: 'CUSTOMER',
      mobileNumber: '+91 98220-12345',
      openingBalance: '-2,500.75',
      creditLimit: '0',
      creditPeriod: '0',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ mobileNumber: '9822012345', openingBalance: '-2500.75', creditLimit: '0.00', creditPeriod: 0 });
  });

  describe('updating', () => {
    it('replaces every field and keeps the address id', async () => {
      const before = (await fetchParty(a, mehtaId)).json().data as Party;
      const res = await update(a, mehtaId, {
        ...mehta,
        name: 'Mehta Hardware & Paints',
        partyType: 'SUPPLIER',
        creditLimit: '',
        openingBalance: null,
        billingAddress: { type: 'BOTH', miscData: { ad: '14 MG Road', st: '27', pin: '411002' } },
      });
      expect(res.statusCode).toBe(200);
      const after = res.json().data as Party;
      expect(after).toMatchObject({
        id: mehtaId,
        name: 'Mehta Hardware & Paints',
        partyType: 'SUPPLIER',
        creditLimit: null,
        openingBalance: null,
        partyCatagory: null,
        billingAddress: { id: before.billingAddress!.id, type: 'BOTH', miscData: { ad: '14 MG Road', st: 'Maharashtra', pin: '411002' } },
      });
      expect(after.shippingAddress).toEqual(after.billingAddress);
      expect(new Date(after.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(before.updatedAt).getTime());
    });

    it('splits one address into billing and shipping, and back', async () => {
      const split = await update(a, mehtaId, {
        ...mehta,
        billingAddress: { type: 'BILLING', miscData: { ad: '14 MG Road', st: 'Maharashtra', pin: '411002' } },
        shippingAddress: { type: 'SHIPPING', miscData: { ad: 'Plot 9, Bhosari MIDC', st: 'Maharashtra', pin: '411026' } },
      });
      const p = split.json().data as Party;
      expect(p.billingAddress!.type).toBe('BILLING');
      expect(p.shippingAddress).toMatchObject({ type: 'SHIPPING', miscData: { ad: 'Plot 9, Bhosari MIDC' } });
      expect(p.shippingAddress!.id).not.toBe(p.billingAddress!.id);

      const joined = (await update(a, mehtaId, mehta)).json().data as Party;
      expect(joined.billingAddress!.id).toBe(p.billingAddress!.id);
      expect(joined.shippingAddress!.id).toBe(joined.billingAddress!.id);

      const none = (await update(a, mehtaId, { ...mehta, gstin: null, panNumber: null, billingAddress: null })).json().data as Party;
      expect(none).toMatchObject({ billingAddress: null, shippingAddress: null, gstin: null });
    });

    it('refuses a name another party has, but keeps its own in another case', async () => {
      const dup = await update(a, mehtaId, { ...mehta, name: 'KAVERI SUPPLIERS' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().field).toBe('name');
      const recase = await update(a, mehtaId, { ...mehta, name: 'MEHTA HARDWARE' });
      expect(recase.statusCode).toBe(200);
      expect(recase.json().data.name).toBe('MEHTA HARDWARE');
    });

    it('validates like create', async () => {
      const res = await update(a, mehtaId, { ...mehta, mobileNumber: '123' });
      expect(res.json()).toEqual({ success: false, message: 'Enter a 10-digit Indian mobile number', field: 'mobileNumber' });
    });
  });

  describe('tenant isolation', () => {
    it("answers 404 for another business's party on every route", async () => {
      expect((await fetchParty(b, mehtaId)).statusCode).toBe(404);
      expect((await fetchParty(b, mehtaId)).json()).toEqual({ success: false, message: 'Party not found' });
      expect((await update(b, mehtaId, { name: 'Stolen', partyType: 'CUSTOMER' })).statusCode).toBe(404);
      expect((await fetchParty(a, mehtaId)).json().data.name).toBe('MEHTA HARDWARE');
      expect(await names(b, { q: 'mehta' })).toEqual(['Mehta Hardware']);
    });

    it("answers 404 for another business's category, in create, update and the list filter", async () => {
      const theirs = (await get(h.app, '/api/party/get-catagories', b.cookie)).json().data[0].id as string;
      const created = await create(a, { name: 'Borrowed Category', partyType: 'CUSTOMER', partyCatagory: theirs });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toEqual({ success: false, message: 'Party category not found', field: 'partyCatagory' });
      expect((await update(a, mehtaId, { ...mehta, partyCatagory: { id: theirs, catagory: 'Wholesale' } })).statusCode).toBe(404);
      const filtered = await get(h.app, `/api/party/parties?categoryId=${theirs}`, a.cookie);
      expect(filtered.statusCode).toBe(404);
      expect(await names(a, { q: 'Borrowed' })).toEqual([]);
    });

    it('answers 404 for ids that are not ids', async () => {
      expect((await fetchParty(a, 'nope')).statusCode).toBe(404);
      expect((await update(a, 'nope', mehta)).statusCode).toBe(404);
      expect((await get(h.app, '/api/party/parties?categoryId=nope', a.cookie)).statusCode).toBe(404);
    });

    it('needs a session', async () => {
      expect((await get(h.app, '/api/party/parties')).statusCode).toBe(401);
      expect((await write(h.app, 'POST', '/api/party/create', mehta)).statusCode).toBe(401);
      expect((await uploadFile(h.app, '/api/party/bulk-create', csvOf([['Party Name']]))).statusCode).toBe(401);
    });
  });
});

describe('the party list', () => {
  let c: SignedUp;
  let retail: string;
  beforeAll(async () => {
    c = await signUp(h, { businessName: 'Gamma Mart' });
    retail = (await createCategory(c, 'Retail')).json().data.id;
    const parties = [
      { name: 'Zeta Enterprises', partyType: 'SUPPLIER', mobileNumber: '9000000001', gstin: '29AAPFU0939F1ZR' },
      { name: 'alpha agencies', partyType: 'CUSTOMER', mobileNumber: '9876500002', partyCatagory: retail },
      { name: '100% Cotton House', partyType: 'CUSTOMER', mobileNumber: '9000000003' },
      { name: 'Beta_Traders', partyType: 'SUPPLIER', partyCatagory: retail },
      { name: 'Mango Mart', partyType: 'CUSTOMER', gstin: '27AAPFU0939F1ZV' },
    ];
    for (const p of parties) expect((await create(c, p)).statusCode).toBe(201);
  });

  it('lists every party by name, ignoring case, in the seed shape without meta', async () => {
    const res = await list(c);
    expect(res.data.map((p) => p.name)).toEqual(['100% Cotton House', 'alpha agencies', 'Beta_Traders', 'Mango Mart', 'Zeta Enterprises']);
    expect(res.meta).toBeUndefined();
    expect(res.data[1].partyCatagory).toEqual({ id: retail, catagory: 'Retail' });
  });

  it('searches name, mobile and GSTIN', async () => {
    expect(await names(c, { q: 'MART' })).toEqual(['Mango Mart']);
    expect(await names(c, { q: '98765' })).toEqual(['alpha agencies']);
    expect(await names(c, { q: '+91 98765 00002' })).toEqual(['alpha agencies']);
    expect(await names(c, { q: '29aapfu' })).toEqual(['Zeta Enterprises']);
    expect(await names(c, { q: 'AAPFU0939F' })).toEqual(['Mango Mart', 'Zeta Enterprises']);
    // LIKE wildcards are plain characters.
    expect(await names(c, { q: '100%' })).toEqual(['100% Cotton House']);
    expect(await names(c, { q: '_' })).toEqual(['Beta_Traders']);
    expect(await names(c, { q: 'nobody' })).toEqual([]);
  });

  it('filters by type and category', async () => {
    expect(await names(c, { partyType: 'SUPPLIER' })).toEqual(['Beta_Traders', 'Zeta Enterprises']);
    expect(await names(c, { categoryId: retail })).toEqual(['alpha agencies', 'Beta_Traders']);
    expect(await names(c, { categoryId: retail, partyType: 'CUSTOMER' })).toEqual(['alpha agencies']);
    expect(await names(c, { partyType: '', categoryId: '' })).toHaveLength(5);
  });

  it('pages, and then answers meta', async () => {
    const first = await list(c, { page: 1, pageSize: 2 });
    expect(first.data.map((p) => p.name)).toEqual(['100% Cotton House', 'alpha agencies']);
    expect(first.meta).toEqual({ total: 5, page: 1, pageSize: 2 });
    const third = await list(c, { page: 3, pageSize: 2 });
    expect(third.data.map((p) => p.name)).toEqual(['Zeta Enterprises']);
    const beyond = await list(c, { page: 9, pageSize: 2 });
    expect(beyond).toEqual({ success: true, data: [], meta: { total: 5, page: 9, pageSize: 2 } });
    const defaults = await list(c, { page: 1 });
    expect(defaults.meta).toEqual({ total: 5, page: 1, pageSize: 20 });
    const filtered = await list(c, { q: 'a', partyType: 'CUSTOMER', pageSize: 1 });
    expect(filtered.meta).toEqual({ total: 2, page: 1, pageSize: 1 });
    // A filtered page past the last still knows the total; a filter matching nothing answers 0.
    expect(await list(c, { q: 'a', partyType: 'CUSTOMER', page: 5, pageSize: 1 })).toEqual({ success: true, data: [], meta: { total: 2, page: 5, pageSize: 1 } });
    expect((await list(c, { q: 'nobody', page: 1 })).meta).toEqual({ total: 0, page: 1, pageSize: 20 });
  });

  it('answers a searched or filtered page exactly as the whole list shows the same parties', async () => {
    const whole = new Map((await list(c)).data.map((p) => [p.id, p]));
    const queries: Record<string, string | number>[] = [{ q: 'a', page: 2, pageSize: 1 }, { partyType: 'CUSTOMER', page: 1, pageSize: 2 }, { categoryId: retail, page: 1 }];
    for (const query of queries) {
      const page = await list(c, query);
      expect(page.data.length).toBeGreaterThan(0);
      for (const party of page.data) expect(party).toEqual(whole.get(party.id));
    }
  });

  it('refuses bad paging and filters with 400', async () => {
    for (const qs of ['page=0', 'page=x', 'pageSize=101', 'pageSize=0', 'partyType=VENDOR']) {
      const res = await get(h.app, `/api/party/parties?${qs}`, c.cookie);
      expect({ qs, status: res.statusCode }).toEqual({ qs, status: 400 });
      expect(res.json().success).toBe(false);
    }
  });
});

describe('a party that is both customer and supplier', () => {
  let d: SignedUp;
  beforeAll(async () => {
    d = await signUp(h, { businessName: 'Delta Both Ways' });
    const parties = [
      { name: 'Only Buys', partyType: 'CUSTOMER' },
      { name: 'Only Sells', partyType: 'SUPPLIER' },
      { name: 'Trades Both Ways', partyType: 'BOTH' },
      { name: 'Written Out', partyType: ' customer & supplier ' },
    ];
    for (const p of parties) expect((await create(d, p)).statusCode).toBe(201);
  });

  it('is saved and answered as BOTH, also when written "Customer & Supplier", and can be edited to it', async () => {
    const all = (await list(d)).data;
    expect(all.map((p) => [p.name, p.partyType])).toEqual([
      ['Only Buys', 'CUSTOMER'],
      ['Only Sells', 'SUPPLIER'],
      ['Trades Both Ways', 'BOTH'],
      ['Written Out', 'BOTH'],
    ]);
    const onlyBuys = all[0];
    const changed = await update(d, onlyBuys.id, { name: onlyBuys.name, partyType: 'BOTH' });
    expect([changed.statusCode, changed.json().data.partyType]).toEqual([200, 'BOTH']);
    expect((await update(d, onlyBuys.id, { name: onlyBuys.name, partyType: 'CUSTOMER' })).statusCode).toBe(200);
  });

  it('is among the customers and among the suppliers of the list filter, whole or paged', async () => {
    expect(await names(d, { partyType: 'CUSTOMER' })).toEqual(['Only Buys', 'Trades Both Ways', 'Written Out']);
    expect(await names(d, { partyType: 'SUPPLIER' })).toEqual(['Only Sells', 'Trades Both Ways', 'Written Out']);
    expect(await names(d, { partyType: 'BOTH' })).toEqual(['Trades Both Ways', 'Written Out']);
    const page = await list(d, { partyType: 'SUPPLIER', page: 1, pageSize: 2 });
    expect([page.data.map((p) => p.name), page.meta]).toEqual([['Only Sells', 'Trades Both Ways'], { total: 3, page: 1, pageSize: 2 }]);
    expect(await names(d, { partyType: 'CUSTOMER', q: 'way' })).toEqual(['Trades Both Ways']);
  });
});

describe('locations', () => {
  it("answers India's states and union territories with their GST codes", async () => {
    const res = await get(h.app, '/api/party/locations', a.cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { code: string; name: string; isUnionTerritory: boolean }[];
    expect(data).toContainEqual({ code: '27', name: 'Maharashtra', isUnionTerritory: false });
    expect(data).toContainEqual({ code: '07', name: 'Delhi', isUnionTerritory: true });
    expect(data).toContainEqual({ code: '38', name: 'Ladakh', isUnionTerritory: true });
    expect(new Set(data.map((s) => s.code)).size).toBe(data.length);
  });
});
