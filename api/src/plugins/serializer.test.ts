import { ItemListResponse, PartyListResponse, ProfileResponse } from '@bahi/shared/contracts';
import { createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { sendMultipart } from '../test/multipart';

/*
 * Outside tests, answers are written by fast-json-stringify from the response schemas, without zod's check: here
 * the app is built as in production, and what it writes must still be exactly what the contracts describe.
 */
let h: Harness;
let a: SignedUp;
const nodeEnv = process.env.NODE_ENV;

beforeAll(async () => {
  process.env.NODE_ENV = 'production';
  try {
    h = await createHarness();
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  a = await signUp(h);
  const item = await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, {
    itemType: 'PRODUCT', itemName: 'Phone', itemCode: 'PH1', salePrice: '15999.5', hasSerialisationOn: 'true', openingStock: '1', itemSerialNos: ['S1'],
  });
  expect(item.statusCode).toBe(201);
  const party = await write(h.app, 'POST', '/api/party/create', {
    name: 'Mehta', partyType: 'SUPPLIER', openingBalance: -250, billingAddress: { type: 'BOTH', miscData: { ad: 'MG Road', st: 'Goa', pin: '403001' } },
  }, { cookie: a.cookie });
  expect(party.statusCode).toBe(201);
});
afterAll(() => h.close());

describe('answers written without zod', () => {
  it('keeps the contracts: strings for money, nulls, nested objects and lists', async () => {
    const items = await get(h.app, '/api/item/items?page=1', a.cookie);
    expect(ItemListResponse.parse(items.json())).toEqual(items.json());
    expect(items.json().data[0]).toMatchObject({ salePrice: '15999.50', purchasePrice: null, itemSerialNo: [{ serialNo: 'S1' }], itemCatagory: null });
    const parties = await get(h.app, '/api/party/parties?page=1', a.cookie);
    expect(PartyListResponse.parse(parties.json())).toEqual(parties.json());
    expect(parties.json().data[0]).toMatchObject({ openingBalance: '-250.00', billingAddress: { type: 'BOTH', miscData: { st: 'Goa' } } });
    const profile = await get(h.app, '/api/auth/profile', a.cookie);
    expect(ProfileResponse.parse(profile.json())).toEqual(profile.json());
  });

  it('writes errors in their shape too', async () => {
    const res = await write(h.app, 'POST', '/api/party/create', { name: '', partyType: 'CUSTOMER' }, { cookie: a.cookie });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Party name is required', field: 'name' });
  });
});
