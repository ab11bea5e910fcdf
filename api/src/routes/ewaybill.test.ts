import type { EInvoiceProblem, SaleInvoice } from '@bahi/shared/contracts';
import { indiaToday } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
let noPin: SignedUp;
let f: ReturnType<typeof documentFixtures>;
let example: SaleInvoice;
let laptop: string;
let puneParty: string;
let samePinParty: string;
let wrongPinParty: string;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const SELLER_GSTIN = gstin('27AAPFU0939F1Z');
const PUNE_GSTIN = gstin('27AABCP1234Q1Z');
const TRANSPORTER_GSTIN = gstin('27AAACT2727Q1Z');
const today = () => indiaToday(h.clock.now());
const ddmmyyyy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
const ROAD = { mode: 'ROAD', distanceKm: 150, vehicleNo: 'MH12AB1234' };

async function party(who: SignedUp, o: { name: string; gstin?: string; state: string; pin: string; street: string }) {
  const res = await write(
    h.app,
    'POST',
    '/api/party/create',
    { name: o.name, partyType: 'CUSTOMER', gstin: o.gstin, billingAddress: { type: 'BOTH', miscData: { ad: o.street, st: o.state, pin: o.pin } } },
    { cookie: who.cookie },
  );
  if (res.statusCode !== 201) throw new Error(`party/create answered ${res.statusCode}: ${res.body}`);
  return res.json().data.id as string;
}

async function branchAddress(who: SignedUp, gstinValue: string, address: object) {
  const res = await write(
    h.app,
    'PUT',
    `/api/store-branch/update-branch/${who.profile.activeStoreBranch!.id}`,
    { name: 'Main Branch', gstin: gstinValue, registrationType: 'REGULAR', address },
    { cookie: who.cookie },
  );
  if (res.statusCode !== 200) throw new Error(`update-branch answered ${res.statusCode}: ${res.body}`);
}

/** A ₹59,000 sale (₹50,000 taxable at 18 %) to the party, with the transport given. */
const sale = (partyId: string | undefined, transport?: object, who: SignedUp = a, itemId = laptop) =>
  f.invoice(who, { partyId, lines: [{ itemId, quantity: 1 }], ...(transport ? { transport } : {}) });

const ewaybill = (who: SignedUp, id: string, query = '') => get(h.app, `/api/sale/sale-invoice/${id}/ewaybill${query}`, who.cookie);
const bulk = (who: SignedUp, ids: string[], query = '') => get(h.app, `/api/sale/ewaybill?ids=${ids.join(',')}${query}`, who.cookie);
const setTransport = (who: SignedUp, id: string, body: unknown) => write(h.app, 'PUT', `/api/sale/transport/${id}`, body, { cookie: who.cookie });
const upload = (who: SignedUp, id: string, body: unknown) => write(h.app, 'POST', `/api/sale/sale-invoice/${id}/ewaybill`, body, { cookie: who.cookie });
const paths = (res: { json: () => { errors?: EInvoiceProblem[] } }) => (res.json().errors ?? []).map((e) => e.path);

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Sharma Traders', gstin: SELLER_GSTIN, stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Business', stateCode: '27' });
  noPin = await signUp(h, { businessName: 'Pinless Traders', gstin: gstin('27AAGCP5555L1Z'), stateCode: '27' });
  await branchAddress(a, SELLER_GSTIN, { street: '12 Marine Lines', city: 'Mumbai', stateCode: '27', pin: '400001' });
  // A branch saved before its PIN code was asked for.
  await branchAddress(noPin, gstin('27AAGCP5555L1Z'), { street: '3 Station Road', city: 'Thane', stateCode: '27', pin: '400601' });
  await h.database.db.execute(sql`update store_branches set pin = null where id = ${noPin.profile.activeStoreBranch!.id}`);
  laptop = (await f.item(a, { name: 'Laptop', price: '50000', rate: 'gst-18', hsn: '84713010', stock: 100 })).id;
  puneParty = await party(a, { name: 'Pune Stationers', gstin: PUNE_GSTIN, state: '27', pin: '411001', street: 'Shop 4, Tilak Road, Pune' });
  samePinParty = await party(a, { name: 'Fort Traders', state: '27', pin: '400001', street: '7 Fort Street, Mumbai' });
  wrongPinParty = await party(a, { name: 'Wrong Pin Traders', state: '29', pin: '400001', street: '1 MG Road, Bengaluru' });
  example = await sale(puneParty, ROAD);
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

describe("GET /api/sale/sale-invoice/:id/ewaybill: gst-rules.md's worked example", () => {
  it('the invoice keeps its transport details and says it needs an e-way bill (₹59,000 of goods)', () => {
    expect(example.totals.grandTotal).toBe('59000.00');
    expect(example.transport).toEqual({
      mode: 'ROAD',
      distanceKm: 150,
      vehicleNo: 'MH12AB1234',
      vehicleType: 'REGULAR',
      transporterId: null,
      transporterName: null,
      transDocNo: null,
      transDocDate: null,
    });
    expect(example.ewayBill).toEqual({ needed: true, ewbNo: null, ewbDate: null, validUpto: null });
  });

  it('a ₹59,000 intra-state sale from PIN 400001 to 411001 by road, 150 km: the exact bulk-generation JSON', async () => {
    const res = await ewaybill(a, example.id);
    expect(res.statusCode).toBe(200);
    const { fileName, json } = res.json().data;
    expect(fileName).toBe(`EWayBill-${example.invoiceNumber.replace(/[^A-Za-z0-9-]/g, '-')}.json`);
    expect(json).toEqual({
      version: '1.0.0621',
      billLists: [
        {
          userGstin: SELLER_GSTIN,
          supplyType: 'O',
          subSupplyType: 1,
          subSupplyDesc: '',
          docType: 'INV',
          docNo: example.invoiceNumber,
          docDate: ddmmyyyy(example.invoiceDate),
          transType: 1,
          fromGstin: SELLER_GSTIN,
          fromTrdName: 'Sharma Traders',
          fromAddr1: '12 Marine Lines',
          fromAddr2: '',
          fromPlace: 'Mumbai',
          fromPincode: 400001,
          fromStateCode: 27,
          actualFromStateCode: 27,
          toGstin: PUNE_GSTIN,
          toTrdName: 'Pune Stationers',
          toAddr1: 'Shop 4, Tilak Road, Pune',
          toAddr2: '',
          toPlace: 'Pune',
          toPincode: 411001,
          toStateCode: 27,
          actualToStateCode: 27,
          totalValue: 50000,
          cgstValue: 4500,
          sgstValue: 4500,
          igstValue: 0,
          cessValue: 0,
          TotNonAdvolVal: 0,
          OthValue: 0,
          totInvValue: 59000,
          transMode: 1,
          transDistance: 150,
          transporterId: '',
          transporterName: '',
          transDocNo: '',
          transDocDate: '',
          vehicleNo: 'MH12AB1234',
          vehicleType: 'R',
          mainHsnCode: 84713010,
          itemList: [
            {
              itemNo: 1,
              productName: 'Laptop',
              productDesc: 'Laptop',
              hsnCode: 84713010,
              qtyUnit: 'NOS',
              quantity: 1,
              taxableAmount: 50000,
              sgstRate: 9,
              cgstRate: 9,
              igstRate: 0,
              cessRate: 0,
              cessNonAdvol: 0,
            },
          ],
        },
      ],
    });
  });

  it('download=true answers the same JSON as a file to upload on the portal', async () => {
    const res = await ewaybill(a, example.id, '?download=true');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="EWayBill-.*\.json"$/);
    const file = JSON.parse(res.body);
    expect(file.version).toBe('1.0.0621');
    expect(file.billLists).toHaveLength(1);
    expect(file.billLists[0].docNo).toBe(example.invoiceNumber);
  });

  it('a sale up to ₹50,000 does not need one; a transport detail typed with spaces and lower case is kept as the portal wants it', async () => {
    const small = await f.item(a, { name: 'Mouse', price: '500', rate: 'gst-18', hsn: '84716060', stock: 10 });
    const cheap = await sale(puneParty, { mode: 'ROAD', distanceKm: '12', vehicleNo: 'mh 12 ab 1234', transporterId: TRANSPORTER_GSTIN.toLowerCase() }, a, small.id);
    expect(cheap.ewayBill.needed).toBe(false);
    expect(cheap.transport).toMatchObject({ distanceKm: 12, vehicleNo: 'MH12AB1234', transporterId: TRANSPORTER_GSTIN });
    // Generating one anyway is allowed (the law allows it below the limit).
    expect((await ewaybill(a, cheap.id)).statusCode).toBe(200);
  });
});

describe('the offline check: 422 naming each field', () => {
  it('without transport details: transMode and transDistance are missing', async () => {
    const inv = await sale(puneParty);
    expect(inv.transport).toBeNull();
    expect(inv.ewayBill.needed).toBe(true);
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('transMode');
    expect(paths(res)).toEqual(['transMode', 'transDistance']);
    expect(res.json().message).toMatch(/transMode is missing/);
  });

  it('by road the vehicle number is needed, letters and digits only', async () => {
    const inv = await sale(puneParty, { mode: 'ROAD', distanceKm: 150 });
    let res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(paths(res)).toEqual(['vehicleNo']);
    expect(res.json().errors[0].message).toMatch(/goods by road need the vehicle number/);

    expect((await setTransport(a, inv.id, { ...ROAD, vehicleNo: 'MH-12/AB1234' })).statusCode).toBe(200);
    res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'vehicleNo', message: expect.stringMatching(/MH-12\/AB1234\) must be letters and digits only/) })]);

    // Fixed later with PUT sale/transport/:id, the JSON follows.
    const fixed = await setTransport(a, inv.id, ROAD);
    expect(fixed.json().data.transport.vehicleNo).toBe('MH12AB1234');
    expect((await ewaybill(a, inv.id)).statusCode).toBe(200);
  });

  it('the distance is at most 4,000 km; 0 is sent as 1', async () => {
    const inv = await sale(puneParty, { ...ROAD, distanceKm: 4001 });
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'transDistance', message: expect.stringMatching(/4001 km\) is more than 4000 km/) })]);
    await setTransport(a, inv.id, { ...ROAD, distanceKm: 4000 });
    expect((await ewaybill(a, inv.id)).json().data.json.billLists[0].transDistance).toBe(4000);
    await setTransport(a, inv.id, { ...ROAD, distanceKm: 0 });
    expect((await ewaybill(a, inv.id)).json().data.json.billLists[0].transDistance).toBe(1);
  });

  it('the same PIN at both ends: at most 100 km', async () => {
    const inv = await sale(samePinParty, ROAD);
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'transDistance', message: expect.stringMatching(/150 km\) is more than 100 km .*same PIN code \(400001\)/) }),
    ]);
    await setTransport(a, inv.id, { ...ROAD, distanceKm: 100 });
    const ok = await ewaybill(a, inv.id);
    expect(ok.statusCode).toBe(200);
    // An unregistered recipient is URP.
    expect(ok.json().data.json.billLists[0]).toMatchObject({ toGstin: 'URP', fromPincode: 400001, toPincode: 400001, transDistance: 100 });
  });

  it('the transporter id is a GSTIN; the transport document number at most 15 characters, not dated before the invoice', async () => {
    const inv = await sale(puneParty, { ...ROAD, transporterId: '27ABCDE', transDocNo: 'LR-2026-00000012', transDocDate: '2020-01-01' });
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(paths(res).sort()).toEqual(['transDocDate', 'transDocNo', 'transporterId']);
    await setTransport(a, inv.id, { ...ROAD, transporterId: TRANSPORTER_GSTIN, transporterName: 'Speedy Roadways', transDocNo: 'LR-12', transDocDate: inv.invoiceDate });
    const ok = await ewaybill(a, inv.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.json.billLists[0]).toMatchObject({
      transporterId: TRANSPORTER_GSTIN,
      transporterName: 'Speedy Roadways',
      transDocNo: 'LR-12',
      transDocDate: ddmmyyyy(inv.invoiceDate),
    });
  });

  it("by rail, air or ship the transporter's document number and date are needed (no vehicle)", async () => {
    const inv = await sale(puneParty, { mode: 'RAIL', distanceKm: 150 });
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(paths(res)).toEqual(['transDocNo', 'transDocDate']);
    await setTransport(a, inv.id, { mode: 'SHIP', distanceKm: 900, transDocNo: 'BL7788', transDocDate: inv.invoiceDate, vehicleType: 'OVER_DIMENSIONAL' });
    const ok = await ewaybill(a, inv.id);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.json.billLists[0]).toMatchObject({ transMode: 4, vehicleNo: '', vehicleType: 'O', transDocNo: 'BL7788' });
  });

  it("the PIN must be of the state: a Karnataka party with a Mumbai PIN", async () => {
    const inv = await sale(wrongPinParty, { ...ROAD, distanceKm: 90 });
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ path: 'toPincode', message: expect.stringMatching(/^toPincode \(400001\) is not a PIN code of Karnataka/) }),
    ]);
  });

  it("a branch without a PIN code: fromPincode is missing, naming where to set it", async () => {
    const item = await f.item(noPin, { name: 'Generator', price: '60000', rate: 'gst-18', hsn: '85021100', stock: 2 });
    const buyer = await party(noPin, { name: 'Thane Buyer', state: '27', pin: '400601', street: 'Naupada, Thane' });
    const inv = await sale(buyer, ROAD, noPin, item.id);
    const res = await ewaybill(noPin, inv.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('fromPincode');
    expect(res.json().errors[0].message).toMatch(/fromPincode is missing. Set the 6-digit PIN code of the address of the branch/);
  });

  it('a walk-in sale names no recipient and no destination PIN', async () => {
    const inv = await sale(undefined, ROAD);
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(422);
    expect(paths(res)).toEqual(['toTrdName', 'toPincode']);
  });

  it('a cancelled invoice answers 409; a transport body of the wrong shape 400', async () => {
    const inv = await sale(puneParty, ROAD);
    expect((await f.cancel(a, inv.id)).statusCode).toBe(200);
    expect((await ewaybill(a, inv.id)).statusCode).toBe(409);
    expect((await setTransport(a, inv.id, ROAD)).statusCode).toBe(409);
    const bad = await setTransport(a, example.id, { mode: 'BUS', distanceKm: 10 });
    expect(bad.statusCode).toBe(400);
    const noDistance = await setTransport(a, example.id, { mode: 'ROAD', distanceKm: null });
    expect(noDistance.statusCode).toBe(400);
    expect(noDistance.json()).toMatchObject({ field: 'distanceKm', message: expect.stringMatching(/Distance is required/) });
    const badSale = await f.sale(a, { partyId: puneParty, lines: [{ itemId: laptop, quantity: 1 }], transport: { mode: 'ROAD', distanceKm: -5 } });
    expect(badSale.statusCode).toBe(400);
  });

  it('more than 250 lines are grouped by HSN, unit and rate', async () => {
    const pen = await f.item(a, { name: 'Pen', price: '300', rate: 'gst-18', hsn: '96081019', stock: 500 });
    const ink = await f.item(a, { name: 'Ink', price: '200', rate: 'gst-5', hsn: '32151990', stock: 500 });
    const lines = Array.from({ length: 260 }, (_, i) => ({ itemId: i % 2 ? ink.id : pen.id, quantity: 1 }));
    const inv = await f.invoice(a, { partyId: puneParty, lines, transport: ROAD });
    const res = await ewaybill(a, inv.id);
    expect(res.statusCode).toBe(200);
    const bill = res.json().data.json.billLists[0];
    expect(bill.itemList).toEqual([
      expect.objectContaining({ itemNo: 1, productName: 'HSN 96081019', hsnCode: 96081019, quantity: 130, taxableAmount: 39000, cgstRate: 9, sgstRate: 9 }),
      expect.objectContaining({ itemNo: 2, productName: 'HSN 32151990', hsnCode: 32151990, quantity: 130, taxableAmount: 26000, cgstRate: 2.5, sgstRate: 2.5 }),
    ]);
    expect(bill.totalValue).toBe(65000);
    expect(bill.mainHsnCode).toBe(96081019);
  });
});

describe('GET /api/sale/ewaybill?ids=: several invoices in one file', () => {
  it('one billList per valid invoice; the others (invalid, another business’s) are listed with their problems', async () => {
    const second = await sale(puneParty, { ...ROAD, vehicleNo: 'MH14XY9999' });
    const invalid = await sale(puneParty);
    const theirs = await f.invoice(b, { lines: [{ itemId: (await f.item(b, { price: '100', stock: 1 })).id, quantity: 1 }] });
    const res = await bulk(a, [example.id, second.id, invalid.id, theirs.id]);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.fileName).toBe('EWayBills-2.json');
    expect(data.json.version).toBe('1.0.0621');
    expect(data.json.billLists.map((l: { docNo: string; vehicleNo: string }) => [l.docNo, l.vehicleNo])).toEqual([
      [example.invoiceNumber, 'MH12AB1234'],
      [second.invoiceNumber, 'MH14XY9999'],
    ]);
    expect(data.invoiceIds).toEqual([example.id, second.id]);
    expect(data.failed).toEqual([
      expect.objectContaining({ id: invalid.id, invoiceNumber: invalid.invoiceNumber, errors: [expect.objectContaining({ path: 'transMode' }), expect.objectContaining({ path: 'transDistance' })] }),
      { id: theirs.id, invoiceNumber: null, message: 'Invoice not found', errors: [] },
    ]);

    const file = await bulk(a, [example.id, second.id], '&download=true');
    expect(file.headers['content-disposition']).toBe('attachment; filename="EWayBills-2.json"');
    expect(JSON.parse(file.body).billLists).toHaveLength(2);
  });

  it('422 when none is valid (naming each invoice and field); 400 without ids', async () => {
    const invalid = await sale(puneParty);
    const res = await bulk(a, [invalid.id]);
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe(`${invalid.invoiceNumber}: transMode`);
    expect(paths(res)).toEqual([`${invalid.invoiceNumber}: transMode`, `${invalid.invoiceNumber}: transDistance`]);
    expect((await get(h.app, '/api/sale/ewaybill', a.cookie)).statusCode).toBe(400);
    expect((await get(h.app, '/api/sale/ewaybill?ids=,,', a.cookie)).statusCode).toBe(400);
  });
});

describe("POST /api/sale/sale-invoice/:id/ewaybill: the portal's answer", () => {
  let inv: SaleInvoice;
  beforeAll(async () => {
    inv = await sale(puneParty, ROAD);
  });

  it('stores { ewbNo, ewbDate, validUpto } and the invoice shows it', async () => {
    const d = today();
    const res = await upload(a, inv.id, { ewbNo: '331001234567', ewbDate: `${d} 13:45:00`, validUpto: `${d} 23:59:00` });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.ewayBill).toEqual({ needed: true, ewbNo: '331001234567', ewbDate: `${d} 13:45:00`, validUpto: `${d} 23:59:00` });
    const again = await f.getInvoice(a, inv.id);
    expect(again.json().data.ewayBill.ewbNo).toBe('331001234567');
  });

  it("the portal's own answer (ewayBillNo, dd/mm/yyyy hh:mm:ss AM) in a one-element array; the same number again extends the validity", async () => {
    const d = ddmmyyyy(today());
    const res = await upload(a, inv.id, [{ ewayBillNo: 331001234567, ewayBillDate: `${d} 01:45:00 PM`, validUpto: `${d} 11:59:00 PM`, alert: '' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.ewayBill).toMatchObject({ ewbNo: '331001234567', ewbDate: `${today()} 13:45:00`, validUpto: `${today()} 23:59:00` });
  });

  it('prints "e-Way Bill No. … dated … valid until …" on the A4 invoice and the receipt', async () => {
    const d = today();
    const shown = `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
    const line = `e-Way Bill No. 331001234567 dated ${shown} 13:45 valid until ${shown} 23:59`;
    const a4 = await get(h.app, `/api/sale/sale-invoice/${inv.id}/pdf`, a.cookie);
    expect(a4.statusCode).toBe(200);
    expect((await pdfText(a4.rawPayload)).text.replace(/\s+/g, ' ')).toContain(line);
    const receipt = await get(h.app, `/api/sale/sale-invoice/${inv.id}/pdf?layout=thermal80`, a.cookie);
    expect(receipt.statusCode).toBe(200);
    expect((await pdfText(receipt.rawPayload)).text.replace(/\s+/g, ' ')).toContain('e-Way Bill No. 331001234567');
    // An invoice without one prints none.
    const none = await get(h.app, `/api/sale/sale-invoice/${example.id}/pdf`, a.cookie);
    expect((await pdfText(none.rawPayload)).text).not.toContain('e-Way Bill No.');
  });

  it('422 naming each problem: the number is 12 digits, the dates readable, the validity after the date, the document this invoice', async () => {
    let res = await upload(a, inv.id, { ewbNo: '1234', ewbDate: 'yesterday' });
    expect(res.statusCode).toBe(422);
    expect(res.json().field).toBe('ewbNo');
    expect(paths(res)).toEqual(['ewbNo', 'ewbDate']);
    res = await upload(a, inv.id, { ewbNo: '331001234567', ewbDate: '2020-01-01 10:00:00' });
    expect(paths(res)).toEqual(['ewbDate']);
    expect(res.json().message).toMatch(/before the invoice date/);
    res = await upload(a, inv.id, { ewbNo: '331001234567', ewbDate: `${today()} 13:45:00`, validUpto: `${today()} 10:00:00` });
    expect(paths(res)).toEqual(['validUpto']);
    res = await upload(a, inv.id, { ewayBillNo: '331001234567', ewayBillDate: `${today()} 13:45:00`, docNo: 'X/1' });
    expect(paths(res)).toEqual(['docNo']);
    res = await upload(a, inv.id, 'not json at all');
    expect(res.statusCode).toBe(422);
  });

  it('409 for another number while one is stored, for a number of another invoice, for a cancelled invoice', async () => {
    const at = `${today()} 13:45:00`;
    let res = await upload(a, inv.id, { ewbNo: '331009999999', ewbDate: at });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already has e-way bill 331001234567/);
    const other = await sale(puneParty, ROAD);
    res = await upload(a, other.id, { ewbNo: '331001234567', ewbDate: at });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already stored on invoice/);
    await f.cancel(a, other.id);
    expect((await upload(a, other.id, { ewbNo: '331001230000', ewbDate: at })).statusCode).toBe(409);
  });
});

describe('tenant isolation', () => {
  it("another business's invoice answers 404 on every e-way bill route, and its data is untouched", async () => {
    const at = `${today()} 13:45:00`;
    expect((await ewaybill(b, example.id)).statusCode).toBe(404);
    expect((await setTransport(b, example.id, { mode: 'AIR', distanceKm: 5 })).statusCode).toBe(404);
    expect((await upload(b, example.id, { ewbNo: '441001234567', ewbDate: at })).statusCode).toBe(404);
    expect((await ewaybill(a, 'not-a-uuid')).statusCode).toBe(404);
    expect((await upload(a, 'not-a-uuid', { ewbNo: '441001234567', ewbDate: at })).statusCode).toBe(404);
    const mine = (await f.getInvoice(a, example.id)).json().data as SaleInvoice;
    expect(mine.transport?.mode).toBe('ROAD');
    expect(mine.ewayBill.ewbNo).toBeNull();
    // The same number may be another business's own e-way bill: numbers are unique within a business.
    const theirs = await f.invoice(b, { lines: [{ itemId: (await f.item(b, { price: '100', stock: 1 })).id, quantity: 1 }] });
    expect((await upload(b, theirs.id, { ewbNo: '331001234567', ewbDate: at })).statusCode).toBe(201);
  });

  it('401 without a session', async () => {
    expect((await get(h.app, `/api/sale/sale-invoice/${example.id}/ewaybill`)).statusCode).toBe(401);
    expect((await get(h.app, `/api/sale/ewaybill?ids=${example.id}`)).statusCode).toBe(401);
  });
});
