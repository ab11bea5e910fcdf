import type { Gstr1Response } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * Rates by date (12 %, 28 % and cess withdrawn from 22-09-2025, 40 % from then; items the law keeps at their rate),
 * the review that moves items off a withdrawn rate, and nil-rated, exempt and non-GST supplies in GSTR-1 `nil` and
 * GSTR-3B 3.1(c) and 3.1(e).
 */

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const GSTIN = gstin('27AAPFU0939F1Z');
const BUYER_MH = gstin('27AAACR5055K1Z');
const BUYER_KA = gstin('29AABCT1332L1Z');

let h: Harness;
let a: SignedUp;
let other: SignedUp;
let f: ReturnType<typeof documentFixtures>;
const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Rate Traders', stateCode: '27' });
  other = await signUp(h, { businessName: 'Other Traders', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

describe('rates by date', () => {
  it('lists every rate with the days it is in force', async () => {
    const rates: Array<{ id: string; validFrom: string | null; validTo: string | null }> = (await get(h.app, '/api/item/taxes', a.cookie)).json().data;
    const byId = new Map(rates.map((r) => [r.id, r]));
    expect(byId.get('gst-12')).toMatchObject({ validFrom: null, validTo: '2025-09-21' });
    expect(byId.get('gst-28-cess-12')).toMatchObject({ validFrom: null, validTo: '2025-09-21' });
    expect(byId.get('gst-40')).toMatchObject({ validFrom: '2025-09-22', validTo: null });
    for (const id of ['gst-0', 'gst-0.1', 'gst-0.25', 'gst-1.5', 'gst-3', 'gst-5', 'gst-18']) {
      expect(byId.get(id)).toMatchObject({ validFrom: null, validTo: null });
    }
  });

  it('takes a 12 % line dated 21-09-2025 and refuses one dated 22-09-2025 with 422 naming the line and the item', async () => {
    const soap = await f.item(a, { name: 'Bath Soap', price: '100', rate: 'gst-18', stock: 50 });
    const tiffin = await f.item(a, { name: 'Steel Tiffin', price: '100', rate: 'gst-12', stock: 50 });
    const before = await f.sale(a, { invoiceDate: '2025-09-21', lines: [line(soap.id), line(tiffin.id)] });
    expect(before.statusCode).toBe(201);
    expect(before.json().data.lines[1]).toMatchObject({ gstRate: '12' });
    const after = await f.sale(a, { invoiceDate: '2025-09-22', lines: [line(soap.id), line(tiffin.id)] });
    expect(after.statusCode).toBe(422);
    expect(after.json()).toMatchObject({ success: false, field: 'lines.1.gstRateId' });
    expect(after.json().message).toContain('Line 2 (Steel Tiffin)');
    expect(after.json().message).toContain('withdrawn on 22/09/2025');
    // A rate the line names itself is held to the same date.
    const named = await f.sale(a, { invoiceDate: '2025-10-01', lines: [line(soap.id, { gstRateId: 'gst-28' })] });
    expect(named.statusCode).toBe(422);
    expect(named.json()).toMatchObject({ field: 'lines.0.gstRateId' });
    // 40 % is not in force before 22-09-2025.
    const early = await f.sale(a, { invoiceDate: '2025-09-21', lines: [line(soap.id, { gstRateId: 'gst-40' })] });
    expect(early.statusCode).toBe(422);
    expect((await f.sale(a, { invoiceDate: '2025-09-22', lines: [line(soap.id, { gstRateId: 'gst-40' })] })).statusCode).toBe(201);
  });

  it('holds quotations and purchase bills to the rates of their dates', async () => {
    const bowl = await f.item(a, { name: 'Brass Bowl', price: '100', rate: 'gst-12', stock: 50 });
    expect((await f.quote(a, { quotationDate: '2025-09-21', lines: [line(bowl.id)] })).statusCode).toBe(201);
    const quote = await f.quote(a, { quotationDate: '2025-09-22', lines: [line(bowl.id)] });
    expect(quote.statusCode).toBe(422);
    expect(quote.json()).toMatchObject({ field: 'lines.0.gstRateId' });

    const supplier = await f.party(a, { name: 'Bowl Maker', partyType: 'SUPPLIER', state: '27' });
    const bill = (billNumber: string, billDate: string) =>
      write(h.app, 'POST', '/api/purchase/create-purchase', { partyId: supplier.id, billNumber, billDate, lines: [line(bowl.id, { unitPrice: '50' })] }, { cookie: a.cookie });
    expect((await bill('OLD-1', '2025-09-20')).statusCode).toBe(201);
    const late = await bill('NEW-1', '2025-09-25');
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ field: 'lines.0.gstRateId', message: expect.stringContaining('Brass Bowl') });
  });

  it('lets an item the law keeps at its rate (tobacco) use 28 % + cess after 22-09-2025', async () => {
    const cigarettes = await f.item(a, { name: 'Cigarettes', price: '100', rate: 'gst-28-cess-36', keepsWithdrawnRate: true, stock: 50 });
    expect(cigarettes).toMatchObject({ keepsWithdrawnRate: true });
    const res = await f.sale(a, { invoiceDate: '2026-01-10', lines: [line(cigarettes.id)] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.totals).toMatchObject({ taxableValue: '100.00', cgst: '14.00', sgst: '14.00', cess: '36.00' });
    // The mark is the item's: another item at the same rate is refused.
    const gutka = await f.item(a, { name: 'Other Goods', price: '100', rate: 'gst-28-cess-36', stock: 50 });
    expect((await f.sale(a, { invoiceDate: '2026-01-10', lines: [line(gutka.id)] })).statusCode).toBe(422);
  });

  it('reviews the items on a withdrawn rate and moves only those the user picked', async () => {
    const b = await signUp(h, { businessName: 'Review Traders', stateCode: '27' });
    const bag = await f.item(b, { name: 'Jute Bag', rate: 'gst-12' });
    const mat = await f.item(b, { name: 'Floor Mat', rate: 'gst-28' });
    await f.item(b, { name: 'Pen', rate: 'gst-18' });
    await f.item(b, { name: 'Pan Masala', rate: 'gst-28-cess-60', keepsWithdrawnRate: true });
    const listed = (await get(h.app, '/api/item/withdrawn-rates', b.cookie)).json().data;
    expect(listed.map((i: { itemName: string }) => i.itemName)).toEqual(['Floor Mat', 'Jute Bag']);
    expect(listed[0].gstRate).toMatchObject({ id: 'gst-28', validTo: '2025-09-21' });

    // A rate not in force today cannot be picked; all or none.
    const stale = await write(h.app, 'POST', '/api/item/move-tax-rates', { moves: [{ itemId: bag.id, taxId: 'gst-5' }, { itemId: mat.id, taxId: 'gst-12' }] }, { cookie: b.cookie });
    expect(stale.statusCode).toBe(400);
    expect(stale.json()).toMatchObject({ field: 'moves.1.taxId' });
    // Another business's item is not found.
    const foreign = await write(h.app, 'POST', '/api/item/move-tax-rates', { moves: [{ itemId: bag.id, taxId: 'gst-5' }] }, { cookie: other.cookie });
    expect(foreign.statusCode).toBe(404);
    expect((await get(h.app, `/api/item/get-item?id=${bag.id}`, b.cookie)).json().data.gstRate.id).toBe('gst-12');

    const moved = await write(h.app, 'POST', '/api/item/move-tax-rates', { moves: [{ itemId: bag.id, taxId: 'gst-5' }] }, { cookie: b.cookie });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data).toEqual({ moved: 1 });
    expect((await get(h.app, `/api/item/get-item?id=${bag.id}`, b.cookie)).json().data.gstRate.id).toBe('gst-5');
    expect((await get(h.app, `/api/item/get-item?id=${mat.id}`, b.cookie)).json().data.gstRate.id).toBe('gst-28');
    expect((await get(h.app, '/api/item/withdrawn-rates', b.cookie)).json().data.map((i: { itemName: string }) => i.itemName)).toEqual(['Floor Mat']);
  });
});

describe('nil-rated, exempt and non-GST supplies', () => {
  it('keeps an item that is not taxable at GST @ 0%', async () => {
    const res = await f.item(a, { name: 'Fresh Milk', rate: 'gst-5', taxability: 'NIL_RATED' }).catch((e: Error) => e);
    expect(res).toBeInstanceOf(Error);
    expect((res as Error).message).toContain('400');
    const milk = await f.item(a, { name: 'Fresh Milk', rate: null, taxability: 'NIL_RATED' });
    expect(milk).toMatchObject({ taxability: 'NIL_RATED', gstRate: { id: 'gst-0' } });
    const sale = await f.sale(a, { invoiceDate: '2026-03-02', lines: [line(milk.id, { gstRateId: 'gst-18' })] });
    expect(sale.statusCode).toBe(400);
    expect(sale.json()).toMatchObject({ field: 'lines.0.gstRateId' });
  });

  it('reports them only in GSTR-1 nil, and GSTR-1 adds up to GSTR-3B 3.1', async () => {
    const biz = await signUp(h, { businessName: 'Nil Co', gstin: GSTIN });
    const pen = await f.item(biz, { name: 'Pen', price: '100', rate: 'gst-18', hsn: '9608', stock: 50 });
    const milk = await f.item(biz, { name: 'Milk', price: '40', rate: null, taxability: 'NIL_RATED', hsn: '0401', stock: 50 });
    const tuition = await f.item(biz, { name: 'Tuition', type: 'SERVICE', price: '500', rate: null, taxability: 'EXEMPT', hsn: '999293' });
    const diesel = await f.item(biz, { name: 'Diesel', price: '90', rate: null, taxability: 'NON_GST', hsn: '2710', stock: 50 });
    const mh = await f.party(biz, { name: 'MH Buyer', state: '27', gstin: BUYER_MH });
    const ka = await f.party(biz, { name: 'KA Buyer', state: '29', gstin: BUYER_KA });
    const kaRetail = await f.party(biz, { name: 'KA Retail', state: '29' });
    const all = [line(pen.id), line(milk.id), line(tuition.id), line(diesel.id)];
    const b2bIntra = await f.invoice(biz, { partyId: mh.id, invoiceDate: '2026-02-03', lines: all });
    await f.invoice(biz, { partyId: ka.id, invoiceDate: '2026-02-04', lines: [line(milk.id, { quantity: 2 }), line(diesel.id)] });
    await f.invoice(biz, { partyId: kaRetail.id, invoiceDate: '2026-02-05', lines: [line(pen.id), line(tuition.id)] });
    await f.invoice(biz, { invoiceDate: '2026-02-06', lines: [line(milk.id, { quantity: 3 }), line(diesel.id, { quantity: 2 })] });
    expect(b2bIntra.lines.map((l) => l.taxability)).toEqual(['TAXABLE', 'NIL_RATED', 'EXEMPT', 'NON_GST']);

    const r1 = (await get(h.app, `/api/report/gstr1?gstin=${GSTIN}&period=022026`, biz.cookie)).json() as Gstr1Response;
    // By hand: intra B2B milk 40, tuition 500, diesel 90; inter B2B milk 80, diesel 90; inter B2C tuition 500;
    // intra B2C (walk-in) milk 120, diesel 180.
    expect(r1.data.nil).toEqual({
      inv: [
        { sply_ty: 'INTRAB2B', nil_amt: 40, expt_amt: 500, ngsup_amt: 90 },
        { sply_ty: 'INTRAB2C', nil_amt: 120, expt_amt: 0, ngsup_amt: 180 },
        { sply_ty: 'INTRB2B', nil_amt: 80, expt_amt: 0, ngsup_amt: 90 },
        { sply_ty: 'INTRB2C', nil_amt: 0, expt_amt: 500, ngsup_amt: 0 },
      ],
    });
    // b2b keeps the invoice's taxable line only; the invoice of nil and non-GST lines alone is not there.
    expect(r1.data.b2b).toEqual([
      {
        ctin: BUYER_MH,
        inv: [
          {
            inum: b2bIntra.invoiceNumber,
            idt: '03-02-2026',
            val: Number(b2bIntra.totals.grandTotal),
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1, itm_det: { rt: 18, txval: 100, camt: 9, samt: 9, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(r1.data.b2cs).toEqual([{ sply_ty: 'INTER', pos: '29', typ: 'OE', rt: 18, txval: 100, iamt: 18, csamt: 0 }]);
    // The HSN summary keeps them at rate 0.
    expect(r1.data.hsn.hsn_b2c.filter((r) => r.rt === 0).map((r) => [r.hsn_sc, r.txval])).toEqual([
      ['0401', 120],
      ['2710', 180],
      ['999293', 500],
    ]);

    const r3b = (await get(h.app, `/api/report/gstr3b?gstin=${GSTIN}&period=022026`, biz.cookie)).json();
    const out = r3b.data.sup_details;
    const sum = (xs: number[]) => Math.round(xs.reduce((s, x) => s + x * 100, 0)) / 100;
    const b2bTx = r1.data.b2b.flatMap((p) => p.inv.flatMap((i) => i.itms.map((it) => it.itm_det.txval)));
    const b2clTx = r1.data.b2cl.flatMap((p) => p.inv.flatMap((i) => i.itms.map((it) => it.itm_det.txval)));
    expect(sum([...b2bTx, ...b2clTx, ...r1.data.b2cs.map((r) => r.txval)])).toBe(out.osup_det.txval);
    expect(out.osup_det.txval).toBe(200);
    expect(sum(r1.data.nil.inv.flatMap((r) => [r.nil_amt, r.expt_amt]))).toBe(out.osup_nil_exmp.txval);
    expect(out.osup_nil_exmp.txval).toBe(1240);
    expect(sum(r1.data.nil.inv.map((r) => r.ngsup_amt))).toBe(out.osup_nongst.txval);
    expect(out.osup_nongst.txval).toBe(360);
    // 3.2 lists only taxable inter-state supplies to unregistered persons.
    expect(r3b.data.inter_sup.unreg_details).toEqual([{ pos: '29', txval: 100, iamt: 18 }]);
  });
});
