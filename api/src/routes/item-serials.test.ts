import { and, count, eq } from 'drizzle-orm';
import { itemSerialNumbers } from '../db/schema';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { sendMultipart } from '../test/multipart';

/*
 * A serialised product's stock is its serials: at a branch, its quantity always equals the count of its serials in
 * stock there, whatever moves it (stock added or reduced by hand, a sale, a purchase, their cancelling, an edit of
 * the item's opening stock).
 */

let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;
beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Serial Mobiles', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const adjust = (body: object) => write(h.app, 'PUT', '/api/item/update-item-stock', body, { cookie: a.cookie });
const change = (itemId: string, type: 'ADD' | 'REDUCE', quantity: number, serialNos?: string[]) =>
  adjust({ itemId, type, quantity, date: '2026-05-01', reason: 'Count', ...(serialNos ? { serialNos } : {}) });
let billSeq = 0;
const buy = (body: object) =>
  write(h.app, 'POST', '/api/purchase/create-purchase', { billNumber: `SER-${++billSeq}`, ...body }, { cookie: a.cookie });

/** The product's quantity at the active branch and its serials in stock there, which must agree. */
async function stock(itemId: string): Promise<number> {
  const quantity = await f.stockOf(a, itemId);
  const [{ n }] = await h.database.db
    .select({ n: count() })
    .from(itemSerialNumbers)
    .where(
      and(
        eq(itemSerialNumbers.itemId, itemId),
        eq(itemSerialNumbers.status, 'IN_STOCK'),
        eq(itemSerialNumbers.branchId, a.profile.activeStoreBranch!.id),
      ),
    );
  expect(quantity).toBe(Number(n));
  return quantity;
}

describe('a serialised product', () => {
  it('keeps its quantity equal to its serials in stock through adjustments, sales, purchases and their cancelling', async () => {
    const phone = await f.item(a, { name: 'Phone S', price: '1000', stock: 2, serials: ['A1', 'A2'] });
    const supplier = await f.party(a, { partyType: 'SUPPLIER', state: '27' });
    expect(await stock(phone.id)).toBe(2);

    // Reducing or adding without naming the serials is refused, and changes nothing.
    const unnamed = await change(phone.id, 'REDUCE', 1);
    expect([unnamed.statusCode, unnamed.json()]).toEqual([
      400,
      { success: false, message: 'Phone S is serialised: name 1 serial number, one per unit', field: 'serialNos' },
    ]);
    expect((await change(phone.id, 'ADD', 2, ['A3'])).json().field).toBe('serialNos');
    expect((await change(phone.id, 'ADD', 2, ['A3', 'a3'])).statusCode).toBe(400);
    expect(await stock(phone.id)).toBe(2);

    // Reduced: the named serial leaves; one not in stock is refused.
    expect((await change(phone.id, 'REDUCE', 1, ['a1'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(1);
    const gone = await change(phone.id, 'REDUCE', 1, ['A1']);
    expect([gone.statusCode, gone.json().field]).toEqual([409, 'serialNos']);
    expect(await stock(phone.id)).toBe(1);

    // Added: new serials, or one reduced before; one already in stock is refused.
    expect((await change(phone.id, 'ADD', 2, ['A3', 'A1'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(3);
    const twice = await change(phone.id, 'ADD', 1, ['A2']);
    expect([twice.statusCode, twice.json().field]).toEqual([409, 'serialNos']);
    expect(await stock(phone.id)).toBe(3);

    // A sale takes its serials, its cancelling puts them back; a sold serial cannot be reduced.
    const sale = await f.invoice(a, { lines: [{ itemId: phone.id, quantity: 2, serialNos: ['A1', 'A3'] }] });
    expect(await stock(phone.id)).toBe(1);
    expect((await change(phone.id, 'REDUCE', 1, ['A3'])).statusCode).toBe(409);
    expect((await f.cancel(a, sale.id)).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(3);

    // A purchase brings its serials in (a reduced one too), its cancelling takes them out again.
    expect((await change(phone.id, 'REDUCE', 1, ['A2'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(2);
    const bought = await buy({ partyId: supplier.id, lines: [{ itemId: phone.id, quantity: 2, unitPrice: '800', serialNos: ['A2', 'A4'] }] });
    expect(bought.statusCode).toBe(201);
    expect(await stock(phone.id)).toBe(4);
    const sold = await f.invoice(a, { lines: [{ itemId: phone.id, quantity: 1, serialNos: ['A2'] }] });
    expect(sold.lines[0].serialNos).toEqual(['A2']);
    expect(await stock(phone.id)).toBe(3);
    expect((await change(phone.id, 'REDUCE', 1, ['A4'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(2);
    expect((await buy({ partyId: supplier.id, lines: [{ itemId: phone.id, quantity: 1, unitPrice: '800', serialNos: ['A4'] }] })).statusCode).toBe(201);
    expect(await stock(phone.id)).toBe(3);
    const cancelled = await write(h.app, 'POST', `/api/purchase/cancel-purchase/${bought.json().data.id}`, { reason: 'Entered twice' }, { cookie: a.cookie });
    // A2 of that bill has been sold since: the bill cannot be taken back out of stock.
    expect(cancelled.statusCode).toBe(409);
    expect(await stock(phone.id)).toBe(3);
    const another = await buy({ partyId: supplier.id, lines: [{ itemId: phone.id, quantity: 1, unitPrice: '800', serialNos: ['A5'] }] });
    expect(await stock(phone.id)).toBe(4);
    const undone = await write(h.app, 'POST', `/api/purchase/cancel-purchase/${another.json().data.id}`, { reason: 'Wrong bill' }, { cookie: a.cookie });
    expect(undone.statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(3);
  });

  it("keeps the serials bought since through an edit of the item; the edit's opening serials move the stock they add or remove", async () => {
    const phone = await f.item(a, { name: 'Phone E', price: '1000', stock: 2, serials: ['B1', 'B2'] });
    const supplier = await f.party(a, { partyType: 'SUPPLIER', state: '27' });
    const edit = (openingStock: number, itemSerialNos: string[]) =>
      sendMultipart(h.app, 'PUT', `/api/item/update-item/${phone.id}`, a.cookie, {
        itemType: 'PRODUCT',
        itemName: 'Phone E',
        itemCode: phone.itemCode,
        hsnCode: '8517',
        salePrice: '1000',
        unit: 'NOS',
        gstRate: 'gst-18',
        openingStock: String(openingStock),
        hasSerialisationOn: 'true',
        itemSerialNos,
      });
    const serialsOf = async () =>
      ((await get(h.app, `/api/item/get-item?id=${phone.id}&itemType=PRODUCT`, a.cookie)).json().data.itemSerialNo as { serialNo: string }[]).map(
        (s) => s.serialNo,
      );
    const bought = await buy({ partyId: supplier.id, lines: [{ itemId: phone.id, quantity: 1, unitPrice: '800', serialNos: ['B3'] }] });
    expect(bought.statusCode).toBe(201);
    expect(await stock(phone.id)).toBe(3);

    // An edit that leaves the opening serials alone keeps B3, which can still be sold.
    expect((await edit(2, ['B1', 'B2'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(3);
    expect((await f.sale(a, { lines: [{ itemId: phone.id, quantity: 1, serialNos: ['B3'] }] })).statusCode).toBe(201);
    expect(await stock(phone.id)).toBe(2);

    // More opening stock names its new serial; a replaced serial leaves, its replacement comes in.
    expect((await edit(3, ['B1', 'B2', 'B4'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(3);
    expect((await edit(3, ['B1', 'B5', 'B4'])).statusCode).toBe(200);
    expect(await stock(phone.id)).toBe(3);
    expect((await serialsOf()).slice(0, 3)).toEqual(['B1', 'B5', 'B4']);

    // A sold opening serial cannot be dropped, nor a serial bought since be called opening stock.
    expect((await f.sale(a, { lines: [{ itemId: phone.id, quantity: 1, serialNos: ['B1'] }] })).statusCode).toBe(201);
    expect(await stock(phone.id)).toBe(2);
    const sold = await edit(2, ['B5', 'B4']);
    expect([sold.statusCode, sold.json().field]).toEqual([409, 'itemSerialNos']);
    const since = await edit(4, ['B1', 'B5', 'B4', 'B3']);
    expect([since.statusCode, since.json().field]).toEqual([409, 'itemSerialNos']);
    expect(await stock(phone.id)).toBe(2);
  });

  it('a product without serialisation takes no serials', async () => {
    const pen = await f.item(a, { name: 'Pen', price: '10', stock: 5 });
    const res = await change(pen.id, 'ADD', 1, ['P1']);
    expect([res.statusCode, res.json()]).toEqual([400, { success: false, message: 'Pen is not serialised: leave its serial numbers out', field: 'serialNos' }]);
    expect((await change(pen.id, 'REDUCE', 2)).statusCode).toBe(200);
    expect(await f.stockOf(a, pen.id)).toBe(3);
  });
});
