import { sql } from 'drizzle-orm';
import { pgErrorCode } from '../errors';
import { selectRows } from './rows';
import { createHarness, signUp, type Harness, type SignedUp } from '../test/harness';
import { sendMultipart } from '../test/multipart';

/** A row of one business that names another business's branch or user is refused by the database itself. */
let h: Harness;
let a: SignedUp;
let b: SignedUp;
let itemId: string;

beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Alpha' });
  b = await signUp(h, { businessName: 'Beta' });
  const res = await sendMultipart(h.app, 'POST', '/api/item/create', a.cookie, { itemType: 'PRODUCT', itemName: 'Phone', itemCode: 'PH1' });
  expect(res.statusCode).toBe(201);
  itemId = res.json().data.id;
});
afterAll(() => h.close());

const businessA = () => a.profile.user.business.id;
const branchOf = (who: SignedUp) => who.profile.activeStoreBranch!.id;

async function failure(statement: ReturnType<typeof sql>) {
  try {
    await h.database.db.execute(statement);
    return 'no error';
  } catch (e) {
    return pgErrorCode(e);
  }
}

describe('tenant keys', () => {
  it('refuses stock of one business at another business’s branch', async () => {
    expect(
      await failure(sql`insert into item_stock (business_id, item_id, branch_id, quantity) values (${businessA()}, ${itemId}, ${branchOf(b)}, 1)`),
    ).toBe('23503');
    expect(
      await failure(sql`insert into item_stock (business_id, item_id, branch_id, quantity) values (${businessA()}, ${itemId}, ${branchOf(a)}, 1)
        on conflict (business_id, item_id, branch_id) do nothing`),
    ).toBe('no error');
  });

  it('refuses a stock movement at another business’s branch or by another business’s user', async () => {
    const movement = (branchId: string, userId: string) =>
      sql`insert into stock_movements (business_id, item_id, branch_id, kind, quantity, balance_after, date, user_id)
          values (${businessA()}, ${itemId}, ${branchId}, 'ADD', 1, 1, '2025-04-01', ${userId})`;
    expect(await failure(movement(branchOf(b), a.profile.user.id))).toBe('23503');
    expect(await failure(movement(branchOf(a), b.profile.user.id))).toBe('23503');
    expect(await failure(movement(branchOf(a), a.profile.user.id))).toBe('no error');
  });

  it('refuses an item image whose bytes are another business’s stored file', async () => {
    const fileOf = async (businessId: string) =>
      (
        await selectRows<{ id: string }>(
          h.database.db,
          sql`insert into stored_files (business_id, content_type, size, sha256, bytes) values (${businessId}, 'image/png', 1, 'x', '\\x00'::bytea) returning id`,
        )
      )[0].id;
    const image = (name: string, fileId: string) =>
      sql`insert into item_images (business_id, item_id, file_name, file_id, content_type, size, position)
          values (${businessA()}, ${itemId}, ${`${name.repeat(32)}.png`}, ${fileId}, 'image/png', 1, 9)`;
    expect(await failure(image('b', await fileOf(b.profile.user.business.id)))).toBe('23503');
    expect(await failure(image('a', await fileOf(businessA())))).toBe('no error');
  });

  it('refuses an item opened at another business’s branch', async () => {
    expect(await failure(sql`update items set opening_branch_id = ${branchOf(b)} where id = ${itemId}`)).toBe('23503');
  });
});
