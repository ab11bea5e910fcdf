import { sql } from 'drizzle-orm';
import { csvOf, uploadFile } from '../services/import/testing';
import { PARTY_IMPORT_COLUMNS } from '../services/party/import';
import { createHarness, eventually, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { sendMultipart } from '../test/multipart';

/**
 * The unfiltered lists answer their total from list_counts (migration 0021), kept by triggers: it must always be
 * what count(*) says, per business, through creates, imports (also refused ones) and deletes.
 */
let h: Harness;
let a: SignedUp;
let b: SignedUp;

beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Counted Alpha' });
  b = await signUp(h, { businessName: 'Counted Beta' });
});
afterAll(() => h.close());

const businessOf = (who: SignedUp) => who.profile.user.business.id;
const listed = async (who: SignedUp, list: 'parties' | 'items') => {
  const url = list === 'parties' ? '/api/party/parties?page=1&pageSize=1' : '/api/item/items?page=1&pageSize=1';
  const res = await get(h.app, url, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().meta.total as number;
};
const counted = async (who: SignedUp, table: 'parties' | 'items') => {
  const rows = await h.database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where business_id = ${businessOf(who)}`);
  return Number((rows as unknown as { rows: { n: number }[] }).rows[0].n);
};
const addParty = async (who: SignedUp, name: string) =>
  expect((await write(h.app, 'POST', '/api/party/create', { name, partyType: 'CUSTOMER' }, { cookie: who.cookie })).statusCode).toBe(201);
const addItem = async (who: SignedUp, name: string, code: string) =>
  expect((await sendMultipart(h.app, 'POST', '/api/item/create', who.cookie, { itemType: 'PRODUCT', itemName: name, itemCode: code })).statusCode).toBe(201);

describe('list totals kept by the database', () => {
  it('counts each business’s own parties and items, starting from none', async () => {
    expect(await listed(a, 'parties')).toBe(0);
    expect(await listed(a, 'items')).toBe(0);
    for (const name of ['Mehta Traders', 'Kaveri Suppliers', 'Walk-in Customer']) await addParty(a, name);
    await addParty(b, 'Only Beta');
    await addItem(a, 'Soap', 'S1');
    await addItem(a, 'Rice', 'R1');
    expect(await listed(a, 'parties')).toBe(3);
    expect(await listed(b, 'parties')).toBe(1);
    expect(await listed(a, 'items')).toBe(2);
    expect(await listed(b, 'items')).toBe(0);
  });

  it('adds an imported sheet once, and nothing for a sheet the import refuses', async () => {
    const header = PARTY_IMPORT_COLUMNS.map((c) => c.header);
    const row = (name: string, type: string) => PARTY_IMPORT_COLUMNS.map((c) => (c.key === 'name' ? name : c.key === 'partyType' ? type : null));
    const before = await listed(a, 'parties');
    const good = await uploadFile(h.app, '/api/party/bulk-create', csvOf([header, row('Imported One', 'CUSTOMER'), row('Imported Two', 'SUPPLIER')]), {
      cookie: a.cookie,
      filename: 'parties.csv',
    });
    expect(good.statusCode).toBe(201);
    expect(await listed(a, 'parties')).toBe(before + 2);
    const refused = await uploadFile(h.app, '/api/party/bulk-create', csvOf([header, row('Imported Three', 'CUSTOMER'), row('', 'NOBODY')]), {
      cookie: a.cookie,
      filename: 'parties.csv',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(await listed(a, 'parties')).toBe(before + 2);
    expect(await listed(a, 'parties')).toBe(await counted(a, 'parties'));
  });

  it('takes deleted rows off, and always equals count(*)', async () => {
    await h.database.db.execute(sql`delete from parties where business_id = ${businessOf(a)} and name = 'Walk-in Customer'`);
    // Deleted straight in the database: the list follows once the change feed says so (plugins/read-cache.ts).
    const left = await counted(a, 'parties');
    await eventually(async () => expect(await listed(a, 'parties')).toBe(left));
    expect(await listed(b, 'parties')).toBe(await counted(b, 'parties'));
    expect(await listed(a, 'items')).toBe(await counted(a, 'items'));
  });
});
