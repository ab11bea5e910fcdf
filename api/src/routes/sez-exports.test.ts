import type { Party, SaleInvoice } from '@bahi/shared/contracts';
import { addDays, indiaToday } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { pdfText } from '../services/pdf/testing';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, testGstin, write, type Harness, type SignedUp } from '../test/harness';

/*
 * gst-rules.md "Registration types" (the party) and "Exports and SEZ", through the API: a party's registration type
 * and its checks, the LUT in GST settings, a sale to an SEZ unit or a buyer abroad with or without payment of IGST,
 * the shipping bill, and where they land in GSTR-1, GSTR-3B and the e-invoice.
 */

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
/** Has an LUT valid today. */
let exporter: SignedUp;
/** Has no LUT. */
let noLut: SignedUp;
let exporterGstin: string;
let sez: Party;
let overseas: Party;
let composition: Party;
let uin: Party;
let regular: Party;
let kettle: string;

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const UIN = '0717UNO00157UNO';
const today = () => indiaToday(h.clock.now());
const period = () => `${today().slice(5, 7)}${today().slice(0, 4)}`;
const line = (itemId: string, o: Record<string, unknown> = {}) => ({ itemId, quantity: 1, ...o });
const createParty = (who: SignedUp, body: Record<string, unknown>) =>
  write(h.app, 'POST', '/api/party/create', { partyType: 'CUSTOMER', ...body }, { cookie: who.cookie });
async function party(who: SignedUp, body: Record<string, unknown>): Promise<Party> {
  const res = await createParty(who, body);
  if (res.statusCode !== 201) throw new Error(`party/create answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}
const settings = (who: SignedUp, body: unknown) => write(h.app, 'PUT', '/api/report/gst-settings', body, { cookie: who.cookie });
const shippingBill = (who: SignedUp, id: string, body: unknown) => write(h.app, 'PUT', `/api/sale/shipping-bill/${id}`, body, { cookie: who.cookie });
const gstr1 = async (who: SignedUp, gstinOf: string) => {
  const res = await get(h.app, `/api/report/gstr1?gstin=${gstinOf}&period=${period()}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
};
const gstr3b = async (who: SignedUp, gstinOf: string) => {
  const res = await get(h.app, `/api/report/gstr3b?gstin=${gstinOf}&period=${period()}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  exporterGstin = testGstin('27');
  exporter = await signUp(h, { businessName: 'Konkan Exports', gstin: exporterGstin, stateCode: '27' });
  noLut = await signUp(h, { businessName: 'Deccan Traders', stateCode: '27' });
  // The branch's address, which the e-invoice needs.
  const up = await write(
    h.app,
    'PUT',
    `/api/store-branch/update-branch/${exporter.profile.activeStoreBranch!.id}`,
    { name: 'Main Branch', gstin: exporterGstin, registrationType: 'REGULAR', address: { street: '12 Laxmi Road', city: 'Pune', stateCode: '27', pin: '411002' } },
    { cookie: exporter.cookie },
  );
  if (up.statusCode !== 200) throw new Error(`update-branch answered ${up.statusCode}: ${up.body}`);
  const lut = await settings(exporter, { lut: { number: 'AD270426000123X', validFrom: addDays(today(), -30), validTo: addDays(today(), 30) } });
  if (lut.statusCode !== 200) throw new Error(`gst-settings answered ${lut.statusCode}: ${lut.body}`);
  kettle = (await f.item(exporter, { name: 'Copper Kettle', price: '1000', rate: 'gst-18', hsn: '74181022', stock: 100 })).id;
  const address = (st: string, pin: string | undefined, ad: string) => ({ type: 'BOTH', miscData: { ad, st, pin } });
  // An SEZ unit in the seller's own state: still IGST.
  sez = await party(exporter, { name: 'SEEPZ Electronics', registrationType: 'SEZ', gstin: gstin('27AAECS1234H1Z'), billingAddress: address('27', '400096', 'Unit 7, SEEPZ, Andheri East, Mumbai') });
  overseas = await party(exporter, { name: 'Marina Imports Pte', registrationType: 'OVERSEAS', billingAddress: address('96', undefined, '5 Marina Boulevard, Singapore') });
  composition = await party(exporter, { name: 'Mysore Kirana', registrationType: 'COMPOSITION', gstin: gstin('29AAHCM1234K1Z'), billingAddress: address('29', '570001', '2 Sayyaji Rao Road, Mysuru') });
  uin = await party(exporter, { name: 'Embassy of Utopia', registrationType: 'UIN', gstin: UIN, billingAddress: address('07', '110021', '4 Shantipath, Chanakyapuri, New Delhi') });
  regular = await party(exporter, { name: 'Pune Stationers', gstin: gstin('27AABCP1234Q1Z'), billingAddress: address('27', '411030', 'Tilak Road, Pune') });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

describe("a party's registration type", () => {
  it('defaults to REGULAR with a GSTIN and UNREGISTERED without; the types answer as created', async () => {
    expect(regular.registrationType).toBe('REGULAR');
    expect(sez.registrationType).toBe('SEZ');
    expect(overseas).toMatchObject({ registrationType: 'OVERSEAS', gstin: null, billingAddress: { miscData: { stateCode: '96', st: 'Other Country' } } });
    expect(uin).toMatchObject({ registrationType: 'UIN', gstin: UIN, panNumber: null });
    const walkIn = await party(exporter, { name: 'Neighbour' });
    expect(walkIn.registrationType).toBe('UNREGISTERED');
    const consumer = await party(exporter, { name: 'Mrs Kulkarni', registrationType: 'consumer' });
    expect(consumer.registrationType).toBe('CONSUMER');
    // An update changes it (and the list answers it).
    const up = await write(h.app, 'PUT', `/api/party/update-party/${walkIn.id}`, { name: 'Neighbour', partyType: 'CUSTOMER', registrationType: 'CONSUMER' }, { cookie: exporter.cookie });
    expect(up.statusCode).toBe(200);
    expect(up.json().data.registrationType).toBe('CONSUMER');
    const list = (await get(h.app, '/api/party/parties?q=Neighbour', exporter.cookie)).json().data;
    expect(list.map((p: Party) => p.registrationType)).toEqual(['CONSUMER']);
  });

  it.each([
    [{ registrationType: 'SEZ' }, 'gstin', /SEZ unit or developer.*needs its GSTIN/],
    [{ registrationType: 'COMPOSITION' }, 'gstin', /needs its GSTIN/],
    [{ registrationType: 'UIN' }, 'gstin', /needs its UIN/],
    [{ registrationType: 'UIN', gstin: '0717UNO00157UNA' }, 'gstin', /UIN must be 15 characters/],
    [{ registrationType: 'REGULAR', gstin: UIN }, 'gstin', /GSTIN/],
    [{ registrationType: 'UNREGISTERED', gstin: gstin('27AABCU1234Q1Z') }, 'registrationType', /not Unregistered business/],
    [{ registrationType: 'OVERSEAS', gstin: gstin('27AABCV1234Q1Z') }, 'registrationType', /not Overseas/],
    [{ registrationType: 'OVERSEAS', billingAddress: { miscData: { ad: 'Dubai', st: '27' } } }, 'billingAddress.miscData.st', /Other Country/],
    [{ billingAddress: { miscData: { ad: 'Dubai', st: '96' } } }, 'billingAddress.miscData.st', /mark the party Overseas/],
    [{ registrationType: 'EXPORTER' }, 'registrationType', /must be one of REGULAR, COMPOSITION/],
  ])('refuses %j with 400 naming %s, and saves nothing', async (body, field, message) => {
    const name = `Refused ${field} ${Math.random().toString(36).slice(2, 8)}`;
    const res = await createParty(exporter, { name, ...body });
    expect(res.statusCode).toBe(400);
    const errors: { field: string; message: string }[] = res.json().errors ?? [{ field: res.json().field, message: res.json().message }];
    expect(errors.find((e) => e.field === field)?.message).toMatch(message);
    expect((await get(h.app, `/api/party/parties?q=${encodeURIComponent(name)}`, exporter.cookie)).json().data).toEqual([]);
  });
});

describe('the LUT in GST settings', () => {
  it('is kept beside b2clLimit: GET answers it, a PUT of one field keeps the other, null removes it', async () => {
    const who = await signUp(h, { businessName: 'Settings Co', stateCode: '27' });
    expect((await get(h.app, '/api/report/gst-settings', who.cookie)).json().data).toEqual({ b2clLimit: '100000.00', lut: null });
    const lut = { number: 'ad2704260001', validFrom: '2026-04-01', validTo: '2027-03-31' };
    expect((await settings(who, { lut })).json().data).toEqual({ b2clLimit: '100000.00', lut: { ...lut, number: 'AD2704260001' } });
    expect((await settings(who, { b2clLimit: '250000' })).json().data).toEqual({ b2clLimit: '250000.00', lut: { ...lut, number: 'AD2704260001' } });
    expect((await get(h.app, '/api/report/gst-settings', who.cookie)).json().data.lut.number).toBe('AD2704260001');
    expect((await settings(who, { lut: null })).json().data).toEqual({ b2clLimit: '250000.00', lut: null });
  });

  it('refuses an LUT that ends before it starts, one without a number, and an unknown field', async () => {
    const bad = await settings(noLut, { lut: { number: 'AD27', validFrom: '2026-04-01', validTo: '2026-03-31' } });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('lut.validTo');
    expect((await settings(noLut, { lut: { validFrom: '2026-04-01', validTo: '2027-03-31' } })).statusCode).toBe(400);
    const unknown = await settings(noLut, { b2clLimit: '100000', lutNo: 'X' });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json())).toContain('lutNo');
    expect((await get(h.app, '/api/report/gst-settings', noLut.cookie)).json().data.lut).toBeNull();
  });
});

describe('a sale to an SEZ unit', () => {
  let withoutPayment: SaleInvoice;
  let withPayment: SaleInvoice;

  it('with an LUT valid on its date is zero-rated by default: IGST-type, no tax, the rate kept, the LUT printed', async () => {
    withoutPayment = await f.invoice(exporter, { partyId: sez.id, lines: [line(kettle, { quantity: 2 })] });
    expect(withoutPayment).toMatchObject({
      exportType: 'WITHOUT_PAYMENT',
      supplyType: 'INTER',
      placeOfSupply: '27',
      lutNumber: 'AD270426000123X',
      shippingBill: null,
      documentTitle: 'TAX INVOICE',
      party: { registrationType: 'SEZ' },
    });
    expect(withoutPayment.lines[0]).toMatchObject({ gstRate: '18', taxableValue: '2000.00', igst: '0.00', cgst: '0.00', sgst: '0.00', total: '2000.00' });
    expect(withoutPayment.totals).toMatchObject({ igst: '0.00', cgst: '0.00', sgst: '0.00', grandTotal: '2000.00' });
    expect(withoutPayment.exportDeclaration).toBe(
      'SUPPLY MEANT FOR EXPORT / SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX',
    );
    const { text } = await pdfText((await get(h.app, `/api/sale/sale-invoice/${withoutPayment.id}/pdf`, exporter.cookie)).rawPayload);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX');
    expect(flat).toContain('AD270426000123X');
  });

  it('WITH_PAYMENT charges IGST at the rate, even within the state, and prints the declaration on payment', async () => {
    withPayment = await f.invoice(exporter, { partyId: sez.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] });
    expect(withPayment).toMatchObject({ exportType: 'WITH_PAYMENT', supplyType: 'INTER', lutNumber: null });
    expect(withPayment.totals).toMatchObject({ taxableValue: '1000.00', igst: '180.00', cgst: '0.00', sgst: '0.00', grandTotal: '1180.00' });
    const { text } = await pdfText((await get(h.app, `/api/sale/sale-invoice/${withPayment.id}/pdf`, exporter.cookie)).rawPayload);
    expect(text.replace(/\s+/g, ' ')).toContain('ON PAYMENT OF INTEGRATED TAX');
  });

  it('without an LUT: WITH_PAYMENT by default, and WITHOUT_PAYMENT is refused with 422 naming exportType (nothing saved)', async () => {
    const item = (await f.item(noLut, { price: '500', rate: 'gst-18', stock: 10 })).id;
    const unit = await party(noLut, { name: 'Falta SEZ Unit', registrationType: 'SEZ', gstin: gstin('19AAECF1234H1Z'), billingAddress: { type: 'BOTH', miscData: { ad: 'Falta SEZ', st: '19', pin: '743504' } } });
    const before = (await f.invoices(noLut)).json().meta.total;
    const refused = await f.sale(noLut, { partyId: unit.id, exportType: 'WITHOUT_PAYMENT', lines: [line(item)] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ success: false, field: 'exportType' });
    expect(refused.json().message).toMatch(/letter of undertaking/);
    expect((await f.invoices(noLut)).json().meta.total).toBe(before);
    expect(await f.stockOf(noLut, item)).toBe(10);
    const paid = await f.invoice(noLut, { partyId: unit.id, lines: [line(item)] });
    expect(paid).toMatchObject({ exportType: 'WITH_PAYMENT', totals: { igst: '90.00', grandTotal: '590.00' } });
  });

  it('an LUT that has lapsed by the invoice date does not count', async () => {
    const who = await signUp(h, { businessName: 'Lapsed LUT Co', stateCode: '27' });
    await settings(who, { lut: { number: 'AD2703250009', validFrom: '2025-04-01', validTo: addDays(today(), -1) } });
    const item = (await f.item(who, { price: '100', rate: 'gst-18', stock: 5 })).id;
    const unit = await party(who, { name: 'Cochin SEZ Unit', registrationType: 'SEZ', gstin: gstin('32AAECC1234H1Z'), billingAddress: { type: 'BOTH', miscData: { ad: 'CSEZ, Kakkanad', st: '32', pin: '682037' } } });
    const refused = await f.sale(who, { partyId: unit.id, exportType: 'WITHOUT_PAYMENT', lines: [line(item)] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().field).toBe('exportType');
    expect(refused.json().message).toContain('AD2703250009');
    expect((await f.invoice(who, { partyId: unit.id, lines: [line(item)] })).exportType).toBe('WITH_PAYMENT');
  });

  it('refuses an export type for any other party, and a shipping bill for a supply to an SEZ (400)', async () => {
    const other = await f.sale(exporter, { partyId: regular.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] });
    expect(other.statusCode).toBe(400);
    expect(other.json().field).toBe('exportType');
    const walkIn = await f.sale(exporter, { exportType: 'WITHOUT_PAYMENT', lines: [line(kettle)] });
    expect(walkIn.statusCode).toBe(400);
    const bill = await f.sale(exporter, { partyId: sez.id, shippingBill: { number: '1234567' }, lines: [line(kettle)] });
    expect(bill.statusCode).toBe(400);
    expect(bill.json().field).toBe('shippingBill');
  });

  it('is in GSTR-1 b2b as SEWOP / SEWP and in GSTR-3B 3.1(b), not 3.1(a)', async () => {
    const r1 = (await gstr1(exporter, exporterGstin)).data;
    const buyer = r1.b2b.find((p: { ctin: string }) => p.ctin === sez.gstin);
    const byNumber = Object.fromEntries(buyer.inv.map((i: { inum: string }) => [i.inum, i]));
    expect(byNumber[withoutPayment.invoiceNumber]).toMatchObject({ inv_typ: 'SEWOP', pos: '27', val: 2000, itms: [{ itm_det: { rt: 18, txval: 2000, iamt: 0, csamt: 0 } }] });
    expect(byNumber[withPayment.invoiceNumber]).toMatchObject({ inv_typ: 'SEWP', val: 1180, itms: [{ itm_det: { rt: 18, txval: 1000, iamt: 180 } }] });
    const regularInvoice = await f.invoice(exporter, { partyId: regular.id, lines: [line(kettle)] });
    const after = (await gstr1(exporter, exporterGstin)).data;
    const r = after.b2b.find((p: { ctin: string }) => p.ctin === regular.gstin).inv.find((i: { inum: string }) => i.inum === regularInvoice.invoiceNumber);
    expect(r.inv_typ).toBe('R');
    const r3b = await gstr3b(exporter, exporterGstin);
    // 3.1(a) holds only the regular invoice: 1000 at 18 % within the state.
    expect(r3b.sup_details.osup_det).toMatchObject({ txval: 1000, camt: 90, samt: 90, iamt: 0 });
    expect(r3b.sup_details.osup_zero.txval).toBeGreaterThanOrEqual(3000);
  });
});

describe('an export to a buyer abroad', () => {
  let exportInvoice: SaleInvoice;

  it('is supplied in 96 (Other Country), zero-rated under the LUT, with its shipping bill once known', async () => {
    const refused = await f.sale(exporter, { partyId: overseas.id, placeOfSupply: '27', lines: [line(kettle)] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('placeOfSupply');
    exportInvoice = await f.invoice(exporter, { partyId: overseas.id, shippingBill: { portCode: 'innsa1' }, lines: [line(kettle, { quantity: 5 })] });
    expect(exportInvoice).toMatchObject({
      placeOfSupply: '96',
      supplyType: 'INTER',
      exportType: 'WITHOUT_PAYMENT',
      shippingBill: { number: null, date: null, portCode: 'INNSA1' },
      totals: { taxableValue: '5000.00', igst: '0.00', grandTotal: '5000.00' },
    });
    const bad = await shippingBill(exporter, exportInvoice.id, { number: '7654321', date: addDays(exportInvoice.invoiceDate, -1), portCode: 'INNSA1' });
    expect(bad.statusCode).toBe(400);
    const set = await shippingBill(exporter, exportInvoice.id, { number: '7654321', date: exportInvoice.invoiceDate, portCode: 'INNSA1' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.shippingBill).toEqual({ number: '7654321', date: exportInvoice.invoiceDate, portCode: 'INNSA1' });
    // Only an export has a shipping bill; another business's invoice is not found.
    const sezInvoice = await f.invoice(exporter, { partyId: sez.id, lines: [line(kettle)] });
    expect((await shippingBill(exporter, sezInvoice.id, { number: '1' })).statusCode).toBe(422);
    expect((await shippingBill(noLut, exportInvoice.id, { number: '1' })).statusCode).toBe(404);
    expect((await shippingBill(exporter, exportInvoice.id, { number: '1', vessel: 'x' })).statusCode).toBe(400);
    expect((await f.getInvoice(exporter, exportInvoice.id)).json().data.shippingBill.number).toBe('7654321');
  });

  it('is in GSTR-1 exp (WOPAY with the shipping bill; WPAY when IGST is paid) and GSTR-3B 3.1(b)', async () => {
    const paid = await f.invoice(exporter, { partyId: overseas.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] });
    expect(paid.totals).toMatchObject({ igst: '180.00', grandTotal: '1180.00' });
    const r1 = (await gstr1(exporter, exporterGstin)).data;
    const wopay = r1.exp.find((e: { exp_typ: string }) => e.exp_typ === 'WOPAY');
    const d = exportInvoice.invoiceDate;
    expect(wopay.inv.find((i: { inum: string }) => i.inum === exportInvoice.invoiceNumber)).toEqual({
      inum: exportInvoice.invoiceNumber,
      idt: `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`,
      val: 5000,
      sbpcode: 'INNSA1',
      sbnum: '7654321',
      sbdt: `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`,
      itms: [{ txval: 5000, rt: 18, iamt: 0, csamt: 0 }],
    });
    const wpay = r1.exp.find((e: { exp_typ: string }) => e.exp_typ === 'WPAY');
    expect(wpay.inv).toEqual([expect.objectContaining({ inum: paid.invoiceNumber, val: 1180, itms: [{ txval: 1000, rt: 18, iamt: 180, csamt: 0 }] })]);
    // Neither export is a B2B or B2C supply.
    const numbers = JSON.stringify([r1.b2b, r1.b2cl, r1.b2cs]);
    expect(numbers).not.toContain(exportInvoice.invoiceNumber);
    // 3.1(b): the SEZ supplies and the exports, zero-rated; IGST only from those with payment (180 + 180).
    const zero = (await gstr3b(exporter, exporterGstin)).sup_details.osup_zero;
    const all = (await f.invoices(exporter, '?pageSize=100')).json().data as { id: string }[];
    const full = await Promise.all(all.map(async (s) => (await f.getInvoice(exporter, s.id)).json().data as SaleInvoice));
    const zeroRated = full.filter((s) => s.exportType !== null);
    const sum = (pick: (s: SaleInvoice) => string) => zeroRated.reduce((a, s) => a + Math.round(Number(pick(s)) * 100), 0) / 100;
    expect(zero).toEqual({ txval: sum((s) => s.totals.taxableValue), iamt: sum((s) => s.totals.igst), csamt: 0 });
    expect(zero.iamt).toBe(360);
  });
});

describe('GSTR-3B 3.2', () => {
  it('lists inter-state supplies to composition dealers (comp_details) and UIN holders (uin_details) by place of supply', async () => {
    await f.invoice(exporter, { partyId: composition.id, lines: [line(kettle, { quantity: 3 })] });
    await f.invoice(exporter, { partyId: uin.id, lines: [line(kettle)] });
    const r3b = await gstr3b(exporter, exporterGstin);
    expect(r3b.inter_sup.comp_details).toEqual([{ pos: '29', txval: 3000, iamt: 540 }]);
    expect(r3b.inter_sup.uin_details).toEqual([{ pos: '07', txval: 1000, iamt: 180 }]);
    // Neither is an unregistered person.
    expect(r3b.inter_sup.unreg_details.map((r: { pos: string }) => r.pos)).not.toContain('29');
    // The UIN holder is in b2b under its UIN, with no problem reported about it.
    const r1 = await gstr1(exporter, exporterGstin);
    expect(r1.data.b2b.find((p: { ctin: string }) => p.ctin === UIN).inv[0]).toMatchObject({ inv_typ: 'R', pos: '07' });
    expect(r1.problems.filter((p: { message: string }) => p.message.includes(UIN))).toEqual([]);
  });

  it("another business's return and invoices are not reachable", async () => {
    expect((await get(h.app, `/api/report/gstr3b?gstin=${exporterGstin}&period=${period()}`, noLut.cookie)).statusCode).toBe(404);
    expect((await get(h.app, `/api/party/parties?q=SEEPZ`, noLut.cookie)).json().data).toEqual([]);
  });
});

describe('the e-invoice of a zero-rated sale', () => {
  const einvoice = (id: string) => get(h.app, `/api/sale/sale-invoice/${id}/einvoice`, exporter.cookie);

  it('to an SEZ: SupTyp SEZWOP (no tax at the stated rate) or SEZWP, IGST on intra, valid against the schema', async () => {
    const wop = await f.invoice(exporter, { partyId: sez.id, lines: [line(kettle)] });
    const res = await einvoice(wop.id);
    expect(res.statusCode).toBe(200);
    const json = res.json().data.json;
    expect(json.TranDtls).toMatchObject({ SupTyp: 'SEZWOP', IgstOnIntra: 'Y' });
    expect(json.BuyerDtls).toMatchObject({ Gstin: sez.gstin, Pos: '27' });
    expect(json.ItemList[0]).toMatchObject({ GstRt: 18, AssAmt: 1000, IgstAmt: 0, TotItemVal: 1000 });
    expect(json.ExpDtls).toBeUndefined();
    const wp = await f.invoice(exporter, { partyId: sez.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] });
    const paid = (await einvoice(wp.id)).json().data.json;
    expect(paid.TranDtls.SupTyp).toBe('SEZWP');
    expect(paid.ItemList[0]).toMatchObject({ IgstAmt: 180, TotItemVal: 1180 });
  });

  it('an export: SupTyp EXPWOP, buyer URP in 96 with PIN 999999, ExpDtls with the shipping bill', async () => {
    const inv = await f.invoice(exporter, {
      partyId: overseas.id,
      shippingBill: { number: 'SB4455667', date: today(), portCode: 'INMAA1' },
      lines: [line(kettle, { quantity: 2 })],
    });
    const res = await einvoice(inv.id);
    expect(res.statusCode).toBe(200);
    const json = res.json().data.json;
    expect(json.TranDtls).toMatchObject({ SupTyp: 'EXPWOP', IgstOnIntra: 'N' });
    expect(json.BuyerDtls).toMatchObject({ Gstin: 'URP', Pos: '96', Stcd: '96', Pin: 999999, LglNm: 'Marina Imports Pte' });
    const d = today();
    expect(json.ExpDtls).toEqual({ ShipBNo: 'SB4455667', ShipBDt: `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`, Port: 'INMAA1', RefClm: 'N' });
    expect(json.ValDtls).toMatchObject({ AssVal: 2000, IgstVal: 0, TotInvVal: 2000 });
    const paid = await f.invoice(exporter, { partyId: overseas.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] });
    const wp = (await einvoice(paid.id)).json().data.json;
    expect(wp.TranDtls.SupTyp).toBe('EXPWP');
    expect(wp.ExpDtls).toEqual({ RefClm: 'Y' });
  });
});

describe('quotations and automated bills to a zero-rated party', () => {
  it('a quotation to an SEZ unit follows the LUT as a sale does', async () => {
    const res = await f.quote(exporter, { partyId: sez.id, lines: [line(kettle)] });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ exportType: 'WITHOUT_PAYMENT', supplyType: 'INTER', totals: { igst: '0.00', grandTotal: '1000.00' } });
    const refused = await f.quote(exporter, { partyId: regular.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] });
    expect(refused.statusCode).toBe(400);
  });

  it('an automated bill keeps the export type it is given', async () => {
    const res = await write(
      h.app,
      'POST',
      '/api/automated-bill/create-schedule',
      { partyId: overseas.id, lines: [line(kettle)], frequency: { type: 'MONTHLY', dayOfMonth: 1 }, startDate: addDays(today(), 1), exportType: 'WITH_PAYMENT' },
      { cookie: exporter.cookie, headers: { 'idempotency-key': `sched-${Date.now()}` } },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.exportType).toBe('WITH_PAYMENT');
  });
});

describe('notes on zero-rated supplies', () => {
  it('a credit note on a supply to an SEZ is in cdnr with its invoice type: SEWOP under the LUT, SEWP with IGST paid', async () => {
    const note = (inv: SaleInvoice) =>
      write(h.app, 'POST', '/api/sale/create-credit-note', { invoiceId: inv.id, noteDate: today(), reason: 'POST_SALE_DISCOUNT', lines: [{ invoiceLineNo: 1, taxableValue: 100 }] }, {
        cookie: exporter.cookie,
        headers: { 'idempotency-key': `sez-note-${inv.id}` },
      });
    const lut = await note(await f.invoice(exporter, { partyId: sez.id, lines: [line(kettle)] }));
    const paid = await note(await f.invoice(exporter, { partyId: sez.id, exportType: 'WITH_PAYMENT', lines: [line(kettle)] }));
    expect([lut.statusCode, paid.statusCode]).toEqual([201, 201]);
    const r1 = (await gstr1(exporter, exporterGstin)).data;
    const notes = Object.fromEntries(r1.cdnr.find((p: { ctin: string }) => p.ctin === sez.gstin).nt.map((n: { nt_num: string }) => [n.nt_num, n]));
    expect(notes[lut.json().data.noteNumber]).toMatchObject({ ntty: 'C', inv_typ: 'SEWOP', val: 100, itms: [{ num: 1801, itm_det: { rt: 18, txval: 100, iamt: 0 } }] });
    expect(notes[paid.json().data.noteNumber]).toMatchObject({ ntty: 'C', inv_typ: 'SEWP', val: 118, itms: [{ num: 1801, itm_det: { rt: 18, txval: 100, iamt: 18 } }] });
  });
});
